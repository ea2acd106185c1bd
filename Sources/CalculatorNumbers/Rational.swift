import Glibc

/// An exact fraction of integers of any size, in lowest terms with a positive denominator.
///
/// The rational values of the calculator (everything typed, and + − × ÷, %, integer powers,
/// exact roots of them) stay `Rational`. An operation whose result would need more than
/// `maximumBits` in its numerator or denominator gives nil, and the caller computes it as a
/// real instead (`1.0000001` squared 30 times has 15 billion digits and is still below 1e100).
struct Rational: Hashable, Sendable {
  /// The numerator; its sign is the value's.
  let numerator: BigInteger
  /// The denominator, at least 1.
  let denominator: BigInteger

  /// The largest numerator or denominator kept exactly, in bits (about 9,900 digits).
  static let maximumBits = 1 << 15

  /// 0.
  static let zero = Rational(0)
  /// 1.
  static let one = Rational(1)

  /// `integer` as a fraction.
  init(_ integer: Int) {
    numerator = BigInteger(integer)
    denominator = BigInteger(1)
  }

  /// An integer as a fraction.
  init(_ integer: BigInteger) {
    numerator = integer
    denominator = BigInteger(1)
  }

  /// The decimal `parts` as a fraction: `12.5` is 25/2.
  init(_ parts: DecimalParts) {
    let digits = BigInteger(digits: parts.digits, negative: parts.negative)
    let power = BigInteger.power(10, UInt(parts.exponent.magnitude))
    if parts.exponent >= 0 {
      self.init(digits.times(power))
    } else {
      self = Rational(reducing: digits, power)
    }
  }

  /// `numerator ÷ denominator` (not 0) in lowest terms.
  init(reducing numerator: BigInteger, _ denominator: BigInteger) {
    let divisor = numerator.greatestCommonDivisor(denominator)
    var (top, bottom) = (numerator, denominator)
    if !divisor.isOne && !divisor.isZero {
      (top, bottom) = (top.dividedExactly(by: divisor), bottom.dividedExactly(by: divisor))
    }
    if bottom.sign < 0 { (top, bottom) = (top.negated, bottom.negated) }
    self.numerator = top
    self.denominator = bottom
  }

  /// A fraction of at most `maximumBits` a side, or nil.
  private static func bounded(_ numerator: BigInteger, _ denominator: BigInteger) -> Rational? {
    let value = Rational(reducing: numerator, denominator)
    return value.isBounded ? value : nil
  }

  /// Whether both sides fit in `maximumBits`.
  var isBounded: Bool {
    numerator.bitCount <= Rational.maximumBits && denominator.bitCount <= Rational.maximumBits
  }

  /// -1, 0 or 1.
  var sign: Int { numerator.sign }

  /// Whether the value is 0.
  var isZero: Bool { numerator.isZero }

  /// Whether the value is a whole number.
  var isInteger: Bool { denominator.isOne }

  /// The value as an `Int` when it is a whole number that fits.
  var integer: Int? { isInteger ? numerator.integer : nil }

  /// `-self`.
  var negated: Rational { Rational(reducing: numerator.negated, denominator) }

  /// |self|.
  var magnitude: Rational { sign < 0 ? negated : self }

  /// `self + other`, or nil when it outgrows `maximumBits`.
  func adding(_ other: Rational) -> Rational? {
    if denominator == other.denominator {
      return Rational.bounded(numerator.plus(other.numerator), denominator)
    }
    return Rational.bounded(
      numerator.times(other.denominator).plus(other.numerator.times(denominator)),
      denominator.times(other.denominator))
  }

  /// `self − other`, or nil when it outgrows `maximumBits`.
  func subtracting(_ other: Rational) -> Rational? { adding(other.negated) }

  /// `self × other`, or nil when it outgrows `maximumBits`.
  func multiplied(by other: Rational) -> Rational? {
    Rational.bounded(numerator.times(other.numerator), denominator.times(other.denominator))
  }

  /// `self ÷ other` for `other` not 0, or nil when it outgrows `maximumBits`.
  func divided(by other: Rational) -> Rational? {
    Rational.bounded(numerator.times(other.denominator), denominator.times(other.numerator))
  }

  /// `self` to the whole power `exponent` (0⁰ is 1), or nil when the result would outgrow
  /// `maximumBits` or `self` is 0 and the power negative.
  func power(_ exponent: Int) -> Rational? {
    if exponent == 0 { return .one }
    if isZero { return exponent > 0 ? self : nil }
    let count = UInt(exponent.magnitude)
    let bits = max(numerator.bitCount, denominator.bitCount)
    guard bits.multipliedReportingOverflow(by: Int(count)).partialValue <= Rational.maximumBits,
      Int(count) <= Rational.maximumBits
    else { return nil }
    let (top, bottom) = (numerator.power(count), denominator.power(count))
    return exponent > 0 ? Rational(reducing: top, bottom) : Rational(reducing: bottom, top)
  }

  /// The exact `index`-th root (index ≥ 1), or nil when it is irrational (or `self` is
  /// negative and the index even).
  func root(_ index: Int) -> Rational? {
    guard index >= 1 else { return nil }
    if index == 1 { return self }
    guard let top = numerator.exactRoot(UInt(index)),
      let bottom = denominator.exactRoot(UInt(index))
    else { return nil }
    return Rational(reducing: top, bottom)
  }

  /// -1, 0 or 1 as `self` is below, at or above `other`.
  func compare(_ other: Rational) -> Int {
    numerator.times(other.denominator).compare(other.numerator.times(denominator))
  }

  /// `self` less the largest multiple of `modulus` (above 0) not above it: in [0, modulus).
  func remainder(modulo modulus: Rational) -> Rational {
    let top = numerator.times(modulus.denominator)
    let bottom = modulus.numerator.times(denominator)
    let (_, rest) = top.flooredQuotientAndRemainder(dividingBy: bottom)
    return Rational(reducing: rest, denominator.times(modulus.denominator))
  }

  /// The whole number nearest to `self`, halves rounded up.
  var nearestInteger: BigInteger {
    let twice = numerator.times(BigInteger(2)).plus(denominator)
    return twice.flooredQuotientAndRemainder(dividingBy: denominator.times(BigInteger(2)))
      .quotient
  }

  /// log2 |self|, about; -infinity for 0.
  ///
  /// Near 1 it is taken from |self| − 1, whose digits a `Double` of the numerator and the
  /// denominator would lose: log2 (1 + 10⁻²⁵) is not 0.
  var logarithm2: Double {
    let estimate = numerator.logarithm2 - denominator.logarithm2
    guard abs(estimate) < 1e-3 else { return estimate }
    let excess = numerator.magnitude.minus(denominator)
    guard !excess.isZero else { return 0 }
    let ratio = Double(excess.sign) * exp2(excess.logarithm2 - denominator.logarithm2)
    return log1p(ratio) / log(2.0)
  }

  /// The value as a `Double`, for estimates only.
  var approximation: Double {
    guard !isZero else { return 0 }
    let magnitude = logarithm2
    guard magnitude.isFinite, abs(magnitude) < 1000 else {
      return magnitude > 0 ? Double(sign) * .infinity : 0
    }
    return Double(sign) * exp2(magnitude)
  }

  /// The first `count` significant digits cut toward zero, and whether they are the whole
  /// value; 0 has none.
  func truncated(toSignificantDigits count: Int) -> (parts: DecimalParts, exact: Bool) {
    guard !isZero else { return (.zero, true) }
    // Scaled by 10^scale, the quotient has at least `count` digits (the estimates may be one
    // over).
    let scale = count + 1 - (numerator.digitCountEstimate - denominator.digitCountEstimate)
    let power = BigInteger.power(10, UInt(scale.magnitude))
    let (quotient, remainder) =
      scale >= 0
      ? numerator.magnitude.times(power).quotientAndRemainder(dividingBy: denominator)
      : numerator.magnitude.quotientAndRemainder(dividingBy: denominator.times(power))
    var digits = quotient.digits
    var exponent = -scale
    var exact = remainder.isZero
    if digits.count > count {
      let dropped = digits.count - count
      exact = exact && !digits.suffix(dropped).contains { $0 != 0 }
      digits.removeLast(dropped)
      exponent += dropped
    }
    return (DecimalParts(negative: sign < 0, digits: digits, exponent: exponent), exact)
  }

  /// Rounded half-up (ties away from zero) to `count` significant digits.
  func rounded(toSignificantDigits count: Int) -> DecimalParts {
    // Half-up looks at the next digit alone, which cutting keeps.
    truncated(toSignificantDigits: count + 1).parts.rounded(toSignificantDigits: count)
  }

}

extension DecimalParts {
  /// 0.
  public static let zero = DecimalParts(negative: false, digits: [], exponent: 0)
  /// 1.
  public static let one = DecimalParts(negative: false, digits: [1], exponent: 0)
}
