import CMPFR

/// The guarantee of docs/SPEC.md section 16, in one place: the digits of a real number are
/// the digits of its exact value, or there are none.
///
/// A rational value is rounded exactly. Any other value is enclosed in an interval that holds
/// it for certain (`RealNumber.Form.enclosure`, MPFR rounding every bound outward), at a
/// working precision that doubles (Ziv's strategy) until
/// - both ends of the interval round to the same digits, which are then the exact value's;
/// - or the interval lies within ±1e-99 and holds 0: the value is 0 as far as the calculator's
///   range can tell, and shows `0` (`√2² − 2`), unless its form cannot be 0 (eˣ, a product
///   of two numbers that are not 0), when it is out of range;
/// - or it lies outside the range (1e-99 ≤ |x| < 1e100) without holding 0: out of range;
/// - or the precision reaches `maximumPrecision`: undecidable (`NaN`), never a wrong digit.
///   Only a value that is exactly a rounding boundary without its exact form being known
///   (an unrecognised rational, or a value exactly at 1e100) can get there.
enum Engine {
  /// Bits of the first try: 20 digits need 67; the rest is margin for the operations.
  static let basePrecision = 128
  /// Bits of the last try: about 2,500 digits, far past anything the calculator's range and
  /// 20 digits need but a value on a boundary (docs/SPEC.md section 16).
  static let maximumPrecision = 1 << 13

  /// How a value's digits are taken.
  enum Digits: Equatable {
    /// Half-up (ties away from zero) to this many significant digits: the display's.
    case rounded(Int)
    /// Cut toward zero to this many significant digits.
    case truncated(Int)
  }

  /// What a value's digits are.
  enum Outcome: Equatable {
    /// The value is 0, or below 1e-99 in magnitude as far as any interval could tell.
    case zero
    /// The digits, and whether they are the whole value.
    case digits(DecimalParts, exact: Bool)
  }

  /// The digits of `form`'s exact value, as `digits` says; throws `.outOfRange` outside
  /// 1e-99 ≤ |x| < 1e100 and `.undecidable` when no precision up to `maximumPrecision`
  /// decides them.
  static func digits(of form: RealNumber.Form, _ digits: Digits) throws(ArithmeticError)
    -> Outcome
  {
    if case .rational(let value) = form {
      guard !value.isZero else { return .zero }
      let (parts, exact): (DecimalParts, Bool)
      let cut: (parts: DecimalParts, exact: Bool)
      switch digits {
      case .rounded(let count):
        cut = value.truncated(toSignificantDigits: count + 1)
        (parts, exact) = (cut.parts.rounded(toSignificantDigits: count), cut.exact)
      case .truncated(let count):
        cut = value.truncated(toSignificantDigits: count)
        (parts, exact) = cut
      }
      // Cutting keeps the first digit where it is.
      guard let magnitude = cut.parts.magnitude, isInRange(magnitude) else { throw .outOfRange }
      return .digits(parts, exact: exact)
    }
    var precision = basePrecision + form.extraBits
    while true {
      if let interval = form.enclosure(precision: precision) {
        let outcome = try decide(
          interval, digits, neverZero: form.isNeverZero, openBound: form.openBound,
          precision: precision)
        if let outcome { return outcome }
      }
      guard precision < maximumPrecision else { throw .undecidable }
      precision = min(precision * 2, maximumPrecision)
    }
  }

  /// The sign of `form − value`: 0 when they are equal, or within 1e-99 of each other as far
  /// as any interval can tell (the same rule as a value's own zero); throws `.undecidable`
  /// when no precision decides.
  static func compare(_ form: RealNumber.Form, _ value: Rational) throws(ArithmeticError)
    -> Int
  {
    if case .rational(let exact) = form { return exact.compare(value) }
    let difference = RealNumber.Form.computed(
      Node(.difference, [form, .rational(value)]))
    var precision = basePrecision + form.extraBits
    while true {
      if let interval = difference.enclosure(precision: precision) {
        let (lower, upper) = (
          interval.lower.truncated(toSignificantDigits: 1),
          interval.upper.truncated(toSignificantDigits: 1)
        )
        if interval.lower.sign > 0 { return 1 }
        if interval.upper.sign < 0 { return -1 }
        if max(lower.magnitude, upper.magnitude) < DecimalNumber.minimumMagnitudeExponent {
          return 0
        }
      }
      guard precision < maximumPrecision else { throw .undecidable }
      precision = min(precision * 2, maximumPrecision)
    }
  }

  /// Whether a value whose first digit is at 10^magnitude is in the calculator's range.
  static func isInRange(_ magnitude: Int) -> Bool {
    magnitude >= DecimalNumber.minimumMagnitudeExponent
      && magnitude < DecimalNumber.maximumMagnitudeExponent
  }

  /// What an interval that holds the exact value shows of it; nil when it cannot tell.
  private static func decide(
    _ interval: Interval, _ digits: Digits, neverZero: Bool, openBound: Int?, precision: Int
  ) throws(ArithmeticError) -> Outcome? {
    let count: Int
    switch digits {
    case .rounded(let wanted): count = wanted + 1  // half-up looks at one more digit alone
    case .truncated(let wanted): count = wanted
    }
    var (lower, upper) = (
      interval.lower.truncated(toSignificantDigits: count),
      interval.upper.truncated(toSignificantDigits: count)
    )
    if case .truncated = digits, let openBound {
      // A value strictly inside (−b, b) that no interval separates from b (tanh 1e50 is
      // 1 − 10^-(10^50)) cuts as the number just inside b does: b less 2^-precision cuts to
      // b less one unit of the last digit (0.999…9) when the precision passes the digits.
      func inside(_ end: BigFloat, _ truncation: Truncation) -> Truncation {
        let sign =
          mpfr_cmp_si(end.pointer, openBound) >= 0
          ? 1 : mpfr_cmp_si(end.pointer, -openBound) <= 0 ? -1 : 0
        guard sign != 0 else { return truncation }
        return BigFloat(precision: precision) {
          _ = mpfr_set_si($0, sign * openBound, MPFR_RNDN)
          if sign > 0 { mpfr_nextbelow($0) } else { mpfr_nextabove($0) }
        }.truncated(toSignificantDigits: count)
      }
      (lower, upper) = (inside(interval.lower, lower), inside(interval.upper, upper))
    }
    if lower == .notANumber || upper == .notANumber { return nil }
    let tiny = DecimalNumber.minimumMagnitudeExponent
    if max(lower.magnitude, upper.magnitude) < tiny {
      // Within ±1e-99: 0 when the interval holds it and the value may be 0, else a value
      // proven below the range (e^-300: MPFR's bounds may round down to 0).
      if interval.containsZero && !neverZero { return .zero }
      throw .outOfRange
    }
    let (lowerSign, upperSign) = (lower.isNegative, upper.isNegative)
    guard let sign = lowerSign, lowerSign == upperSign else { return nil }
    // One sign throughout: |x| lies between the ends' magnitudes.
    let (smaller, larger) =
      sign ? (upper.magnitude, lower.magnitude) : (lower.magnitude, upper.magnitude)
    if smaller >= DecimalNumber.maximumMagnitudeExponent { throw .outOfRange }
    if larger < tiny { throw .outOfRange }
    guard isInRange(smaller), isInRange(larger),
      case .finite(let low) = lower, case .finite(let high) = upper
    else { return nil }
    switch digits {
    case .rounded(let wanted):
      let (a, b) = (
        low.rounded(toSignificantDigits: wanted), high.rounded(toSignificantDigits: wanted)
      )
      return a == b ? .digits(a, exact: false) : nil
    case .truncated:
      return low == high ? .digits(low, exact: false) : nil
    }
  }
}
