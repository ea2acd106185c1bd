import CMPFR

/// Ziv's loop over MPFR: the exact value of a function, cut toward zero to 38 digits, for
/// certain.
///
/// `enclose(precision)` returns an interval that holds the exact value, computed with MPFR at
/// that many bits and rounded outward. When both ends cut to the same 38 digits, those are the
/// digits of the exact value; otherwise the precision doubles and the interval is computed
/// again. The callers handle every argument whose exact value is itself a decimal of at most
/// 38 digits (`√2.25`, `sin 30°`) before coming here, so the exact value is never on the
/// boundary the loop tries to separate it from, and the loop ends.
enum Engine {
  /// MPFR's function signature, `mpfr_exp(result, x, rounding)`.
  typealias Unary = (
    UnsafeMutablePointer<__mpfr_struct>?, UnsafePointer<__mpfr_struct>?, mpfr_rnd_t
  ) -> Int32
  /// MPFR's signature with two operands, `mpfr_pow(result, x, y, rounding)`.
  typealias Binary = (
    UnsafeMutablePointer<__mpfr_struct>?, UnsafePointer<__mpfr_struct>?,
    UnsafePointer<__mpfr_struct>?, mpfr_rnd_t
  ) -> Int32

  /// Bits of the first try: 38 digits need 127, the rest is margin.
  static let basePrecision = 160
  /// Bits of the last try.
  ///
  /// Unreachable for the functions here (see the type's comment); if ever reached, the digits
  /// of the end nearer zero are returned.
  static let maximumPrecision = 1 << 14

  /// How the loop treats a result.
  struct Rules {
    /// The exact value lies strictly inside (−bound, bound), which a finite precision cannot
    /// show when it is closer to the bound than 2^-precision (tanh 1e50 is 1 − 10^-(10^50)).
    var openBound: Int?
    /// A result below 10^this in magnitude is 0 (docs/SPEC.md section 6.3: the radians zero rule).
    var zeroBelowMagnitude: Int?
  }

  /// The exact value's 38 digits, cut toward zero; never `isExact`.
  static func evaluate(
    precision start: Int = basePrecision, rules: Rules = Rules(),
    _ enclose: (Int) -> Interval?
  ) throws(ArithmeticError) -> DecimalNumber {
    var precision = max(start, basePrecision)
    while true {
      if let interval = enclose(precision) {
        let (lower, upper) = clamped(interval, bound: rules.openBound)
        switch decide(lower.truncated, upper.truncated, zeroBelow: rules.zeroBelowMagnitude) {
        case .number(let parts): return try DecimalNumber.inRange(parts, exact: false)
        case .zero: return DecimalNumber.zero.inexact
        case .outOfRange: throw .outOfRange
        case .undecided:
          if precision >= maximumPrecision {
            return try nearerZero(lower.truncated, upper.truncated)
          }
        }
      } else if precision >= maximumPrecision {
        throw .domain
      }
      precision = min(precision * 2, maximumPrecision)
    }
  }

  private enum Decision {
    case number(DecimalParts)
    case zero
    case outOfRange
    case undecided
  }

  private static func decide(_ lower: Truncation, _ upper: Truncation, zeroBelow: Int?)
    -> Decision
  {
    if lower == .notANumber || upper == .notANumber { return .undecided }
    let largest = max(lower.magnitude, upper.magnitude)
    if let zeroBelow, largest < zeroBelow { return .zero }
    // The exact value is not 0 here, and no larger than the larger end.
    if largest < DecimalNumber.minimumMagnitudeExponent { return .outOfRange }
    if min(lower.magnitude, upper.magnitude) >= DecimalNumber.maximumMagnitudeExponent,
      negative(lower) == negative(upper)
    {
      return .outOfRange
    }
    if case .finite(let parts) = lower, lower == upper { return .number(parts) }
    return .undecided
  }

  private static func negative(_ truncation: Truncation) -> Bool? {
    switch truncation {
    case .zero, .notANumber: nil
    case .finite(let parts): parts.negative
    case .infinite(let negative): negative
    }
  }

  /// The digits of the end nearer zero, when the precision ran out.
  private static func nearerZero(_ lower: Truncation, _ upper: Truncation)
    throws(ArithmeticError) -> DecimalNumber
  {
    let end = negative(lower) == false ? lower : upper
    guard case .finite(let parts) = end else { throw .domain }
    return try DecimalNumber.inRange(parts, exact: false)
  }

  /// The interval with its ends moved strictly inside (−bound, bound).
  private static func clamped(_ interval: Interval, bound: Int?) -> (BigFloat, BigFloat) {
    guard let bound else { return (interval.lower, interval.upper) }
    let (lower, upper) = (interval.lower, interval.upper)
    if mpfr_cmp_si(upper.pointer, bound) >= 0 {
      mpfr_set_si(upper.pointer, bound, MPFR_RNDN)
      mpfr_nextbelow(upper.pointer)
    }
    if mpfr_cmp_si(lower.pointer, -bound) <= 0 {
      mpfr_set_si(lower.pointer, -bound, MPFR_RNDN)
      mpfr_nextabove(lower.pointer)
    }
    return (lower, upper)
  }
}

extension Interval {
  /// `function` over the interval, on which it increases (or decreases).
  func monotone(increasing: Bool, precision: Int, _ function: Engine.Unary) -> Interval {
    let lower = BigFloat(precision: precision)
    let upper = BigFloat(precision: precision)
    _ = function(lower.pointer, (increasing ? self.lower : self.upper).pointer, MPFR_RNDD)
    _ = function(upper.pointer, (increasing ? self.upper : self.lower).pointer, MPFR_RNDU)
    return Interval(lower: lower, upper: upper)
  }

  /// `function` over the interval, which changes by at most the interval's width over it
  /// (|f′| ≤ 1: sine and cosine, in radians or degrees).
  func slow(precision: Int, _ function: Engine.Unary) -> Interval {
    let lower = BigFloat(precision: precision)
    let upper = BigFloat(precision: precision)
    _ = function(lower.pointer, self.lower.pointer, MPFR_RNDD)
    _ = function(upper.pointer, self.lower.pointer, MPFR_RNDU)
    if !isPoint {
      let width = BigFloat(precision: precision)
      mpfr_sub(width.pointer, self.upper.pointer, self.lower.pointer, MPFR_RNDU)
      mpfr_sub(lower.pointer, lower.pointer, width.pointer, MPFR_RNDD)
      mpfr_add(upper.pointer, upper.pointer, width.pointer, MPFR_RNDU)
    }
    return Interval(lower: lower, upper: upper)
  }

  /// `operation` over every pair of points of the two intervals, when it is monotone in each
  /// operand over them (a product, a quotient by an interval without 0, a power of a base
  /// above 0): its smallest and largest values are at corners.
  static func corners(
    _ left: Interval, _ right: Interval, precision: Int, _ operation: Engine.Binary
  ) -> Interval {
    let lower = BigFloat(precision: precision)
    let upper = BigFloat(precision: precision)
    let candidate = BigFloat(precision: precision)
    var first = true
    for x in left.isPoint ? [left.lower] : [left.lower, left.upper] {
      for y in right.isPoint ? [right.lower] : [right.lower, right.upper] {
        _ = operation(candidate.pointer, x.pointer, y.pointer, MPFR_RNDD)
        if first || mpfr_less_p(candidate.pointer, lower.pointer) != 0 {
          mpfr_set(lower.pointer, candidate.pointer, MPFR_RNDN)
        }
        _ = operation(candidate.pointer, x.pointer, y.pointer, MPFR_RNDU)
        if first || mpfr_greater_p(candidate.pointer, upper.pointer) != 0 {
          mpfr_set(upper.pointer, candidate.pointer, MPFR_RNDN)
        }
        first = false
      }
    }
    return Interval(lower: lower, upper: upper)
  }

  /// Whether the interval holds 0 or a NaN.
  var containsZero: Bool {
    lower.isNaN || upper.isNaN || (lower.sign <= 0 && upper.sign >= 0)
  }
}
