import CMPFR

/// The binary operations, the functions and the constants of the scientific keypad.
extension DecimalNumber {
  /// π cut toward zero to 38 significant digits.
  public static let pi = DecimalNumber(
    inexact: "31415926535897932384626433832795028841", exponent: -37)

  /// e cut toward zero to 38 significant digits.
  public static let e = DecimalNumber(
    inexact: "27182818284590452353602874713526624977", exponent: -37)

  /// The result of `operation` with `self` on the left: `2.applying(.power, 10)` is 1024.
  public func applying(_ operation: Operation, _ other: DecimalNumber) throws(ArithmeticError)
    -> DecimalNumber
  {
    switch operation {
    case .add: return try adding(other)
    case .subtract: return try adding(other.negated)
    case .multiply: return try multiplied(by: other)
    case .divide: return try divided(by: other)
    case .power: return try power(other).exact(if: isExact && other.isExact)
    case .reversePower: return try other.power(self).exact(if: isExact && other.isExact)
    case .root: return try root(other).exact(if: isExact && other.isExact)
    case .logarithm: return try logarithm(base: other).exact(if: isExact && other.isExact)
    case .ee: return try timesPowerOfTen(other).exact(if: isExact && other.isExact)
    }
  }

  /// EE: `self × 10^exponent`, an exact shift for a whole exponent.
  private func timesPowerOfTen(_ exponent: DecimalNumber) throws(ArithmeticError)
    -> DecimalNumber
  {
    if isZero { return .zero }
    if exponent.isWhole {
      // Beyond ±300 the shift leaves the range whatever the digits.
      guard let shift = exponent.fraction?.numerator, abs(shift) <= 300 else {
        throw .outOfRange
      }
      var shifted = parts
      shifted.exponent += shift
      return try DecimalNumber.inRange(shifted, exact: true)
    }
    let parts = self.parts
    return try Engine.evaluate(precision: Engine.basePrecision + exponent.magnitudeBits) {
      precision in
      let scale = Interval(exponent.parts, precision: precision).monotone(
        increasing: true, precision: precision, mpfr_exp10)
      return Interval.corners(
        Interval(parts, precision: precision), scale, precision: precision, mpfr_mul)
    }
  }

  /// A random number in [0, 1), a whole multiple of 1e-20, each equally likely.
  public static func random<G: RandomNumberGenerator>(using generator: inout G) -> DecimalNumber {
    let scale: UInt128 = 100_000_000_000_000_000_000  // 1e20
    let value = UInt128.random(in: 0..<scale, using: &generator)
    let parts = DecimalParts(
      negative: false, digits: DecimalParts.digits(high: 0, low: value), exponent: -20)
    return DecimalNumber(parts) ?? .zero
  }
}
