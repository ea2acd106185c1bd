import CMPFR
import Glibc

/// One MPFR number (`mpfr_t`) at a fixed precision, freed with the object.
///
/// The storage is allocated by hand, so one pointer can be passed as both the result and an
/// operand (`mpfr_add(x, x, y)`), which Swift's exclusivity rule forbids for `&x`.
final class BigFloat {
  let pointer: UnsafeMutablePointer<__mpfr_struct>

  /// Zero with `precision` bits.
  init(precision: Int) {
    pointer = .allocate(capacity: 1)
    mpfr_init2(pointer, mpfr_prec_t(precision))
    mpfr_set_zero(pointer, 1)
  }

  /// `parts` rounded in the direction `rounding` to `precision` bits.
  convenience init(_ parts: DecimalParts, precision: Int, rounding: mpfr_rnd_t) {
    self.init(precision: precision)
    let digits =
      parts.digits.isEmpty ? "0" : String(parts.digits.map { Character(Unicode.Scalar($0 + 48)) })
    let text = (parts.negative ? "-" : "") + digits + "e\(parts.exponent)"
    _ = text.withCString { mpfr_set_str(pointer, $0, 10, rounding) }
  }

  deinit {
    mpfr_clear(pointer)
    pointer.deallocate()
  }

  /// -1, 0 or 1; 0 for NaN too.
  var sign: Int { Int(mpfr_sgn(pointer)) }

  /// Whether the value is NaN.
  var isNaN: Bool { mpfr_nan_p(pointer) != 0 }

  /// The value cut toward zero to 38 significant digits.
  var truncated: Truncation {
    if mpfr_nan_p(pointer) != 0 { return .notANumber }
    if mpfr_zero_p(pointer) != 0 { return .zero }
    if mpfr_inf_p(pointer) != 0 { return .infinite(negative: sign < 0) }
    var exponent: mpfr_exp_t = 0
    guard
      let text = mpfr_get_str(nil, &exponent, 10, DecimalNumber.storedDigits, pointer, MPFR_RNDZ)
    else { return .notANumber }
    defer { mpfr_free_str(text) }
    let bytes = Array(String(cString: text).utf8)
    let negative = bytes.first == UInt8(ascii: "-")
    let digits = bytes.dropFirst(negative ? 1 : 0).map { $0 - 48 }
    // The value is 0.d₁d₂… × 10^exponent.
    return .finite(
      DecimalParts(
        negative: negative, digits: digits, exponent: Int(exponent) - digits.count))
  }
}

/// A value cut toward zero to 38 digits, or what stands in its place.
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
}

/// An interval `[lower, upper]` of MPFR numbers that holds an exact value.
struct Interval {
  /// At most the exact value.
  let lower: BigFloat
  /// At least the exact value.
  let upper: BigFloat

  /// The two numbers of `precision` bits nearest to `parts` below and above (the same when
  /// `parts` is a binary fraction that fits).
  init(_ parts: DecimalParts, precision: Int) {
    lower = BigFloat(parts, precision: precision, rounding: MPFR_RNDD)
    upper = BigFloat(parts, precision: precision, rounding: MPFR_RNDU)
  }

  /// The interval between two numbers already rounded outward.
  init(lower: BigFloat, upper: BigFloat) {
    self.lower = lower
    self.upper = upper
  }

  /// Whether the interval is one point.
  var isPoint: Bool { mpfr_equal_p(lower.pointer, upper.pointer) != 0 }
}
