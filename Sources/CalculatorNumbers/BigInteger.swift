import CMPFR
import Glibc

/// A non-negative integer of any size (GMP's `mpz_t`, which comes with MPFR), for the exact
/// paths: integer powers, exact roots, factorials, the fractions of unit conversions.
///
/// gmp.h names its functions through macros (`mpz_mul` is `__gmpz_mul`), which Swift does not
/// import, so the underlying names are called here and nowhere else.
final class BigInteger {
  private let value: UnsafeMutablePointer<__mpz_struct>

  /// `integer` as a big integer.
  init(_ integer: UInt = 0) {
    value = .allocate(capacity: 1)
    __gmpz_init(value)
    __gmpz_set_ui(value, integer)
  }

  /// The integer written by `digits`, most significant first: `[1, 2]` is 12.
  convenience init(digits: [UInt8]) {
    self.init()
    guard !digits.isEmpty else { return }
    let text = digits.map { Character(Unicode.Scalar($0 + 48)) }
    _ = String(text).withCString { __gmpz_set_str(value, $0, 10) }
  }

  deinit {
    __gmpz_clear(value)
    value.deallocate()
  }

  /// The decimal digits, most significant first; none for 0.
  var digits: [UInt8] {
    guard !isZero else { return [] }
    guard let text = __gmpz_get_str(nil, 10, value) else { return [] }
    defer { free(text) }
    return String(cString: text).utf8.map { $0 - 48 }
  }

  /// Whether the integer is 0.
  var isZero: Bool { value.pointee._mp_size == 0 }

  /// Whether the integer is 1.
  var isOne: Bool { __gmpz_cmp_ui(value, 1) == 0 }

  /// The number of decimal digits, or one more (GMP's estimate); 1 for 0.
  var digitCountEstimate: Int { Int(__gmpz_sizeinbase(value, 10)) }

  /// -1, 0 or 1 as `self` is below, equal to or above `other`.
  func compare(_ other: BigInteger) -> Int { Int(__gmpz_cmp(value, other.value).signum()) }

  /// A new integer that `set` writes.
  private static func made(_ set: (UnsafeMutablePointer<__mpz_struct>) -> Void) -> BigInteger {
    let result = BigInteger()
    set(result.value)
    return result
  }

  /// `self + other`.
  func plus(_ other: BigInteger) -> BigInteger { .made { __gmpz_add($0, value, other.value) } }

  /// `self − other`, for `other` at most `self` (the result stays non-negative).
  func minus(_ other: BigInteger) -> BigInteger { .made { __gmpz_sub($0, value, other.value) } }

  /// The quotient cut toward zero and the remainder of `self ÷ divisor` (not 0).
  func quotientAndRemainder(dividingBy divisor: BigInteger) -> (
    quotient: BigInteger, remainder: BigInteger
  ) {
    let quotient = BigInteger()
    let remainder = BigInteger()
    __gmpz_tdiv_qr(quotient.value, remainder.value, value, divisor.value)
    return (quotient, remainder)
  }

  /// `self × other`.
  func times(_ other: BigInteger) -> BigInteger { .made { __gmpz_mul($0, value, other.value) } }

  /// `self` to the power `exponent`.
  func power(_ exponent: UInt) -> BigInteger { .made { __gmpz_pow_ui($0, value, exponent) } }

  /// `base` to the power `exponent`: `BigInteger.power(10, 3)` is 1000.
  static func power(_ base: UInt, _ exponent: UInt) -> BigInteger {
    .made { __gmpz_ui_pow_ui($0, base, exponent) }
  }

  /// n!.
  static func factorial(_ n: UInt) -> BigInteger { .made { __gmpz_fac_ui($0, n) } }

  /// The exact `index`-th root, or nil when `self` is not a perfect power of that index.
  func exactRoot(_ index: UInt) -> BigInteger? {
    let result = BigInteger()
    return __gmpz_root(result.value, value, index) != 0 ? result : nil
  }
}
