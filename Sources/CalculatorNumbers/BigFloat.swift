import CMPFR
import Glibc

/// One MPFR number (`mpfr_t`) at a fixed precision, freed with the object.
///
/// The storage is allocated by hand, so one pointer can be passed as both the result and an
/// operand (`mpfr_add(x, x, y)`), which Swift's exclusivity rule forbids for `&x`. A number
/// is written once, where it is made, and only read after: an interval a node keeps may be
/// read by another thread.
final class BigFloat: @unchecked Sendable {
  let pointer: UnsafeMutablePointer<__mpfr_struct>

  /// Zero with `precision` bits.
  init(precision: Int) {
    pointer = .allocate(capacity: 1)
    mpfr_init2(pointer, mpfr_prec_t(max(precision, 2)))
    mpfr_set_zero(pointer, 1)
  }

  /// A number of `precision` bits that `set` writes (rounding as it says).
  convenience init(precision: Int, _ set: (UnsafeMutablePointer<__mpfr_struct>) -> Void) {
    self.init(precision: precision)
    set(pointer)
  }

  /// The integer `value`, exactly (with as many bits as it has).
  convenience init(exactly value: BigInteger) {
    self.init(precision: value.bitCount + 1)
    _ = mpfr_set_z(pointer, value.pointer, MPFR_RNDN)
  }

  deinit {
    mpfr_clear(pointer)
    pointer.deallocate()
  }

  /// -1, 0 or 1; 0 for NaN too.
  var sign: Int { Int(mpfr_sgn(pointer)) }

  /// Whether the value is NaN.
  var isNaN: Bool { mpfr_nan_p(pointer) != 0 }

  /// The value cut toward zero to `count` significant decimal digits.
  func truncated(toSignificantDigits count: Int) -> Truncation {
    if mpfr_nan_p(pointer) != 0 { return .notANumber }
    if mpfr_zero_p(pointer) != 0 { return .zero }
    if mpfr_inf_p(pointer) != 0 { return .infinite(negative: sign < 0) }
    var exponent: mpfr_exp_t = 0
    guard let text = mpfr_get_str(nil, &exponent, 10, count, pointer, MPFR_RNDZ) else {
      return .notANumber
    }
    defer { mpfr_free_str(text) }
    let bytes = Array(String(cString: text).utf8)
    let negative = bytes.first == UInt8(ascii: "-")
    let digits = bytes.dropFirst(negative ? 1 : 0).map { $0 - 48 }
    // The value is 0.d₁d₂… × 10^exponent.
    return .finite(
      DecimalParts(negative: negative, digits: digits, exponent: Int(exponent) - digits.count))
  }
}

/// A value cut toward zero to some digits, or what stands in its place.
enum Truncation: Equatable {
  case zero
  case finite(DecimalParts)
  case infinite(negative: Bool)
  case notANumber

  /// The power of ten of the first digit; very low for zero, very high for infinities.
  var magnitude: Int {
    switch self {
    case .zero: Int.min
    case .finite(let parts): parts.magnitude ?? Int.min
    case .infinite, .notANumber: Int.max
    }
  }

  /// Whether the value is below zero; nil for zero and NaN.
  var isNegative: Bool? {
    switch self {
    case .zero, .notANumber: nil
    case .finite(let parts): parts.negative
    case .infinite(let negative): negative
    }
  }
}

/// An interval `[lower, upper]` of MPFR numbers that holds an exact value.
struct Interval: @unchecked Sendable {
  /// At most the exact value.
  let lower: BigFloat
  /// At least the exact value.
  let upper: BigFloat

  /// The interval between two numbers already rounded outward.
  init(lower: BigFloat, upper: BigFloat) {
    self.lower = lower
    self.upper = upper
  }

  /// The two numbers of `precision` bits nearest to `value` below and above (the same when
  /// `value` is a binary fraction that fits).
  init(_ value: Rational, precision: Int) {
    let numerator = BigFloat(exactly: value.numerator)
    if value.isInteger {
      lower = BigFloat(precision: precision) { _ = mpfr_set($0, numerator.pointer, MPFR_RNDD) }
      upper = BigFloat(precision: precision) { _ = mpfr_set($0, numerator.pointer, MPFR_RNDU) }
      return
    }
    let denominator = BigFloat(exactly: value.denominator)
    // The quotient of two exact numbers, rounded once each way.
    lower = BigFloat(precision: precision) {
      _ = mpfr_div($0, numerator.pointer, denominator.pointer, MPFR_RNDD)
    }
    upper = BigFloat(precision: precision) {
      _ = mpfr_div($0, numerator.pointer, denominator.pointer, MPFR_RNDU)
    }
  }

  /// π, below and above.
  static func pi(precision: Int) -> Interval {
    Interval(
      lower: BigFloat(precision: precision) { _ = mpfr_const_pi($0, MPFR_RNDD) },
      upper: BigFloat(precision: precision) { _ = mpfr_const_pi($0, MPFR_RNDU) })
  }

  /// Whether the interval is one point.
  var isPoint: Bool { mpfr_equal_p(lower.pointer, upper.pointer) != 0 }

  /// Whether an end is NaN.
  var hasNaN: Bool { lower.isNaN || upper.isNaN }

  /// Whether the interval holds 0 or a NaN.
  var containsZero: Bool { hasNaN || (lower.sign <= 0 && upper.sign >= 0) }

  /// Whether every point is above 0.
  var isPositive: Bool { !hasNaN && lower.sign > 0 }

  /// The interval of |x| for x in this one.
  func absolute(precision: Int) -> Interval {
    if lower.sign >= 0 { return self }
    if upper.sign <= 0 { return negated(precision: precision) }
    let largest = BigFloat(precision: precision) { _ = mpfr_neg($0, lower.pointer, MPFR_RNDU) }
    let top = BigFloat(precision: precision) {
      _ = mpfr_max($0, largest.pointer, upper.pointer, MPFR_RNDU)
    }
    return Interval(lower: BigFloat(precision: precision), upper: top)
  }

  /// The interval of -x.
  func negated(precision: Int) -> Interval {
    Interval(
      lower: BigFloat(precision: precision) { _ = mpfr_neg($0, upper.pointer, MPFR_RNDD) },
      upper: BigFloat(precision: precision) { _ = mpfr_neg($0, lower.pointer, MPFR_RNDU) })
  }
}
