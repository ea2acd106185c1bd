import CMPFR
import Glibc

/// Powers, roots and logarithms with exact results where the exact value is a decimal of at
/// most 38 digits (`√2.25 = 1.5`, `1024 ʸ√ 10 = 2`, `27 logᵧ 3 = 3`), and exact integer powers
/// cut to 38 digits (`3^100`), before anything goes to MPFR.
extension DecimalNumber {
  /// `self` to the power `exponent` (xʸ), as docs/SPEC.md section 6.3 defines it: 0⁰ = 1, 0 to a
  /// negative power and a negative base with a non-whole exponent are domain errors.
  func power(_ exponent: DecimalNumber) throws(ArithmeticError) -> DecimalNumber {
    if exponent.isZero { return DecimalNumber(1) }
    if isZero {
      guard !exponent.negative else { throw .domain }
      return .zero
    }
    if negative {
      guard exponent.isWhole else { throw .domain }
      let magnitude = try negated.power(exponent)
      return exponent.isOdd ? magnitude.negated : magnitude
    }
    if self == DecimalNumber(1) { return self }
    if let (numerator, denominator) = exponent.fraction,
      let exact = try power(numerator: numerator, denominator: denominator)
    {
      return exact
    }
    return try Engine.evaluate(precision: powerPrecision(exponent)) { precision in
      Interval.corners(
        Interval(parts, precision: precision), Interval(exponent.parts, precision: precision),
        precision: precision, mpfr_pow)
    }
  }

  /// The `index`-th root of `self` (ʸ√x): `self` to the power 1 ÷ `index`; a negative `self`
  /// has a real root only for an odd whole index.
  func root(_ index: DecimalNumber) throws(ArithmeticError) -> DecimalNumber {
    guard !index.isZero else { throw .domain }
    if isZero {
      guard !index.negative else { throw .domain }
      return .zero
    }
    if negative {
      guard index.isWhole, index.isOdd else { throw .domain }
      return try negated.root(index).negated
    }
    if self == DecimalNumber(1) { return self }
    // x^(1 ÷ (n/d)) = x^(d/n), the sign moved to the numerator.
    if let (numerator, denominator) = index.fraction,
      let exact = try power(
        numerator: numerator < 0 ? -denominator : denominator, denominator: abs(numerator))
    {
      return exact
    }
    return try Engine.evaluate(precision: powerPrecision(index)) { precision in
      // 1 ÷ index over the interval of the index: decreasing on each side of 0.
      let reciprocal = Interval(index.parts, precision: precision).monotone(
        increasing: false, precision: precision
      ) { result, x, rounding in mpfr_ui_div(result, 1, x, rounding) }
      return Interval.corners(
        Interval(parts, precision: precision), reciprocal, precision: precision, mpfr_pow)
    }
  }

  /// Bits for the first try of a power: a result near 2^(±n) loses log2(n) bits to the
  /// rounding of its operands.
  private func powerPrecision(_ exponent: DecimalNumber) -> Int {
    let scale = abs(exponent.approximation) * (1 + abs(log(approximation)))
    return Engine.basePrecision + (scale > 1 ? Int(log2(scale).rounded(.up)) : 0)
  }

  /// `self` (above 0) to the power `numerator ÷ denominator` when that is a finite decimal,
  /// cut to 38 digits; nil when it is irrational, or too large to compute exactly.
  ///
  /// `self` is R·2^α·5^β with R prime to 10; its `denominator`-th root is rational only when
  /// R is a perfect power and α and β are multiples of the index, and the power of that root is
  /// a finite decimal only when R's part is 1 or the power is positive.
  func power(numerator: Int, denominator: Int) throws(ArithmeticError) -> DecimalNumber? {
    // Beyond these the exact value is out of range, or not a decimal of 38 digits (see below).
    guard denominator > 0, denominator <= 1_000, abs(numerator) <= 100_000 else { return nil }
    let factored = factors
    let (twos, fives) = (factored.twos, factored.fives)
    guard twos % denominator == 0, fives % denominator == 0,
      let root = BigInteger(significand: factored.rest).exactRoot(UInt(denominator))
    else { return nil }
    if numerator < 0 && !root.isOne { return nil }  // 1 ÷ 3^n never ends
    let (a, b) = (numerator * twos / denominator, numerator * fives / denominator)
    // log10 of the value is within a digit of this; far outside the range it needs no digits.
    let rootDigits = root.digitCount
    let scale = Double(a) * log10(2.0) + Double(b) * log10(5.0)
    let low = scale + Double(max(numerator, 0) * (rootDigits - 1))
    let high = scale + Double(max(numerator, 0) * rootDigits)
    if low > 101 || high < -101 { throw .outOfRange }
    guard max(numerator, 0) * rootDigits <= 20_000 else { return nil }
    // 2^a·5^b = 10^m · 2^(a−m) · 5^(b−m)
    let m = min(a, b)
    var numeratorValue = BigInteger.power(2, UInt(a - m)).times(BigInteger.power(5, UInt(b - m)))
    if numerator > 0 { numeratorValue = numeratorValue.times(root.power(UInt(numerator))) }
    return try DecimalNumber.cut(numeratorValue, exponent: m)
  }

  /// `integer × 10^exponent`, cut to 38 digits: exact when it has at most 38.
  static func cut(_ integer: BigInteger, exponent: Int) throws(ArithmeticError) -> DecimalNumber {
    try inRange(
      DecimalParts(negative: false, digits: integer.digits, exponent: exponent), exact: true)
  }

  /// The significand as R·2^twos·5^fives with R prime to 10, the exponent included.
  var factors: (rest: UInt128, twos: Int, fives: Int) {
    var rest = significand
    var (twos, fives) = (exponent, exponent)
    while rest != 0 && rest % 2 == 0 {
      rest /= 2
      twos += 1
    }
    while rest != 0 && rest % 5 == 0 {
      rest /= 5
      fives += 1
    }
    return (rest, twos, fives)
  }

  /// The value as a reduced fraction of machine integers, nil when it does not fit:
  /// 2.5 → (5, 2).
  var fraction: (numerator: Int, denominator: Int)? {
    guard significand <= UInt128(Int.max) else { return nil }
    var numerator = Int(significand) * (negative ? -1 : 1)
    var denominator = 1
    if exponent >= 0 {
      for _ in 0..<exponent {
        let (product, overflow) = numerator.multipliedReportingOverflow(by: 10)
        guard !overflow else { return nil }
        numerator = product
      }
      return (numerator, 1)
    }
    for _ in 0..<(-exponent) {
      let (product, overflow) = denominator.multipliedReportingOverflow(by: 10)
      guard !overflow else { return nil }
      denominator = product
    }
    var (a, b) = (abs(numerator), denominator)
    while b != 0 { (a, b) = (b, a % b) }
    return (numerator / a, denominator / a)
  }

  /// Whether the value is a whole number.
  var isWhole: Bool { exponent >= 0 }

  /// Whether the value is a whole, odd number.
  var isOdd: Bool { exponent == 0 && significand % 2 == 1 }

  /// The value as a `Double`, for estimates only.
  var approximation: Double {
    let value = Double(significand) * pow(10, Double(exponent))
    return negative ? -value : value
  }
}

extension BigInteger {
  /// A significand as a big integer.
  convenience init(significand: UInt128) {
    self.init(digits: DecimalParts.digits(high: 0, low: significand))
  }

  /// Decimal digits in the integer; 0 for 0.
  var digitCount: Int { digits.count }
}
