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
    case .add: try adding(other)
    case .subtract: try adding(other.negated)
    case .multiply: try multiplied(by: other)
    case .divide: try divided(by: other)
    // Issue 10: the scientific operations come with the number engine; no key reaches them yet.
    case .power, .reversePower, .root, .logarithm, .scientific: throw .domain
    }
  }

  /// `function` of `self`, angles in `angle`: `0.5.applying(.arcsine, angle: .degrees)` is 30.
  public func applying(_ function: Function, angle: AngleUnit) throws(ArithmeticError)
    -> DecimalNumber
  {
    // Issue 10: the functions come with the number engine; no key reaches them yet.
    throw .domain
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
