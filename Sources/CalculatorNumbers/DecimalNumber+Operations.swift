/// The operations and functions of the scientific keypad on decimals, cut toward zero to 38
/// digits: the exact value (`RealNumber`) with its first 38 digits, exact only when those are
/// all of it. The calculator computes with `RealNumber` itself; this is the same arithmetic
/// seen with more digits than a display shows, which the cross-check with mpmath compares.
extension DecimalNumber {
  /// π cut toward zero to 38 significant digits.
  public static let pi = DecimalNumber(cutting: .pi)

  /// e cut toward zero to 38 significant digits.
  public static let e = DecimalNumber(cutting: .e)

  /// The result of `operation` with `self` on the left: `2.applying(.power, 10)` is 1024.
  public func applying(_ operation: Operation, _ other: DecimalNumber) throws(ArithmeticError)
    -> DecimalNumber
  {
    switch operation {
    case .add: return try adding(other)
    case .subtract: return try adding(other.negated)
    case .multiply: return try multiplied(by: other)
    case .divide: return try divided(by: other)
    default:
      let exact = try RealNumber(self).applying(operation, RealNumber(other))
      return try DecimalNumber(cutting: exact, exact: isExact && other.isExact)
    }
  }

  /// `function` of `self`, angles in `angle`: `0.5.applying(.arcsine, angle: .degrees)` is 30.
  public func applying(_ function: Function, angle: AngleUnit) throws(ArithmeticError)
    -> DecimalNumber
  {
    try DecimalNumber(cutting: RealNumber(self).applying(function, angle: angle), exact: isExact)
  }

  /// The first 38 digits of `real`, cut toward zero; exact when they are the whole value and
  /// `exact` holds.
  public init(cutting real: RealNumber, exact: Bool = true) throws(ArithmeticError) {
    let (parts, whole) = try real.truncated(toSignificantDigits: DecimalNumber.storedDigits)
    self = try DecimalNumber.inRange(parts, exact: exact && whole)
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

extension DecimalNumber {
  /// π and e, which cannot fail.
  fileprivate init(cutting real: RealNumber) {
    self = (try? DecimalNumber(cutting: real, exact: true)) ?? .zero
  }
}
