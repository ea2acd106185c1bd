import CMPFR
import Glibc

/// An integer of any size and sign (GMP's `mpz_t`, which comes with MPFR), for the exact
/// values: the numerators and denominators of `Rational`, integer powers, exact roots,
/// factorials.
///
/// Immutable once made (every operation returns a new integer), so one can be shared between
/// values and threads. gmp.h names its functions through macros (`mpz_mul` is `__gmpz_mul`),
/// which Swift does not import, so the underlying names are called here and nowhere else.
final class BigInteger: @unchecked Sendable {
  private let value: UnsafeMutablePointer<__mpz_struct>

  /// `integer` as a big integer.
  init(_ integer: Int = 0) {
    value = .allocate(capacity: 1)
    __gmpz_init(value)
    __gmpz_set_si(value, integer)
  }

  /// The integer written by `digits`, most significant first: `[1, 2]` is 12.
  convenience init(digits: [UInt8], negative: Bool = false) {
    self.init()
    guard !digits.isEmpty else { return }
    let text = (negative ? "-" : "") + String(decoding: digits.map { $0 + 48 }, as: UTF8.self)
    _ = text.withCString { __gmpz_set_str(value, $0, 10) }
  }

  /// A 128-bit integer as a big integer.
  convenience init(_ integer: Int128) {
    self.init()
    let magnitude = integer.magnitude
    __gmpz_set_ui(value, UInt(truncatingIfNeeded: magnitude >> 64))
    __gmpz_mul_2exp(value, value, 64)
    __gmpz_add_ui(value, value, UInt(truncatingIfNeeded: magnitude))
    if integer < 0 { value.pointee._mp_size = -value.pointee._mp_size }
  }

  deinit {
    __gmpz_clear(value)
    value.deallocate()
  }

  /// GMP's integer, for MPFR's functions that take one.
  var pointer: UnsafePointer<__mpz_struct> { UnsafePointer(value) }

  /// The decimal digits of |self|, most significant first; none for 0.
  var digits: [UInt8] {
    guard !isZero else { return [] }
    guard let text = __gmpz_get_str(nil, 10, value) else { return [] }
    defer { free(text) }
    return String(cString: text).utf8.compactMap { $0 == UInt8(ascii: "-") ? nil : $0 - 48 }
  }

  /// -1, 0 or 1.
  var sign: Int { Int(value.pointee._mp_size.signum()) }

  /// Whether the integer is 0.
  var isZero: Bool { value.pointee._mp_size == 0 }

  /// Whether the integer is 1.
  var isOne: Bool { __gmpz_cmp_ui(value, 1) == 0 }

  /// Whether the integer is odd.
  var isOdd: Bool { __gmpz_tstbit(value, 0) == 1 }

  /// The number of decimal digits of |self|, or one more (GMP's estimate); 1 for 0.
  var digitCountEstimate: Int { Int(__gmpz_sizeinbase(value, 10)) }

  /// The number of bits of |self|; 1 for 0.
  var bitCount: Int { Int(__gmpz_sizeinbase(value, 2)) }

  /// The value as an `Int`, when it fits.
  var integer: Int? {
    __gmpz_fits_slong_p(value) != 0 ? __gmpz_get_si(value) : nil
  }

  /// log2 |self|, about; -infinity for 0.
  var logarithm2: Double {
    guard !isZero else { return -.infinity }
    var exponent = 0
    let mantissa = __gmpz_get_d_2exp(&exponent, value)
    return log2(abs(mantissa)) + Double(exponent)
  }

  /// -1, 0 or 1 as `self` is below, equal to or above `other`.
  func compare(_ other: BigInteger) -> Int { Int(__gmpz_cmp(value, other.value).signum()) }

  /// A new integer that `set` writes.
  private static func made(_ set: (UnsafeMutablePointer<__mpz_struct>) -> Void) -> BigInteger {
    let result = BigInteger()
    set(result.value)
    return result
  }

  /// `-self` (GMP's mpz_neg is an inline function of its header: the sign is the size's).
  var negated: BigInteger {
    .made {
      __gmpz_set($0, value)
      $0.pointee._mp_size = -$0.pointee._mp_size
    }
  }

  /// |self|.
  var magnitude: BigInteger { sign < 0 ? negated : self }

  /// `self + other`.
  func plus(_ other: BigInteger) -> BigInteger { .made { __gmpz_add($0, value, other.value) } }

  /// `self − other`.
  func minus(_ other: BigInteger) -> BigInteger { .made { __gmpz_sub($0, value, other.value) } }

  /// `self × other`.
  func times(_ other: BigInteger) -> BigInteger { .made { __gmpz_mul($0, value, other.value) } }

  /// `self ÷ divisor` for a divisor that divides it exactly.
  func dividedExactly(by divisor: BigInteger) -> BigInteger {
    .made { __gmpz_divexact($0, value, divisor.value) }
  }

  /// The quotient cut toward zero and the remainder of `self ÷ divisor` (not 0).
  func quotientAndRemainder(dividingBy divisor: BigInteger) -> (
    quotient: BigInteger, remainder: BigInteger
  ) {
    let quotient = BigInteger()
    let remainder = BigInteger()
    __gmpz_tdiv_qr(quotient.value, remainder.value, value, divisor.value)
    return (quotient, remainder)
  }

  /// The quotient rounded toward minus infinity and the remainder (the divisor's sign) of
  /// `self ÷ divisor` (not 0).
  func flooredQuotientAndRemainder(dividingBy divisor: BigInteger) -> (
    quotient: BigInteger, remainder: BigInteger
  ) {
    let quotient = BigInteger()
    let remainder = BigInteger()
    __gmpz_fdiv_qr(quotient.value, remainder.value, value, divisor.value)
    return (quotient, remainder)
  }

  /// The greatest common divisor of |self| and |other| (0 when both are 0).
  func greatestCommonDivisor(_ other: BigInteger) -> BigInteger {
    .made { __gmpz_gcd($0, value, other.value) }
  }

  /// `self` to the power `exponent`.
  func power(_ exponent: UInt) -> BigInteger { .made { __gmpz_pow_ui($0, value, exponent) } }

  /// `base` to the power `exponent`: `BigInteger.power(10, 3)` is 1000.
  static func power(_ base: UInt, _ exponent: UInt) -> BigInteger {
    .made { __gmpz_ui_pow_ui($0, base, exponent) }
  }

  /// n!.
  static func factorial(_ n: UInt) -> BigInteger { .made { __gmpz_fac_ui($0, n) } }

  /// The exact `index`-th root, or nil when `self` is not a perfect power of that index (or
  /// is negative and the index even).
  func exactRoot(_ index: UInt) -> BigInteger? {
    if sign < 0 && index % 2 == 0 { return nil }
    let result = BigInteger()
    return __gmpz_root(result.value, value, index) != 0 ? result : nil
  }
}

extension BigInteger: Equatable, Hashable {
  static func == (left: BigInteger, right: BigInteger) -> Bool { left.compare(right) == 0 }

  func hash(into hasher: inout Hasher) {
    hasher.combine(sign)
    hasher.combine(bitCount)
    hasher.combine(__gmpz_get_si(value))
  }
}
