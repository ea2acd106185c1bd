import FoundationEssentials

/// A finite decimal number the calculator can hold.
///
/// `Decimal` (38 significant digits) limited to
/// magnitudes from 1e-99 up to, not including, 1e100, like a scientific calculator's range.
/// Every operation returns nil for a result outside that range or a division by zero; the
/// calculator shows nil as `NaN`.
///
/// `Decimal`'s own operators trap on underflow (`1e-100 * 1e-100`) and give `NaN` for some
/// representable quotients, so multiplication and division run on the integer significands,
/// whose product and quotient always fit, and the exponents are added here.
public struct DecimalNumber: Equatable, Hashable, Sendable, CustomStringConvertible {
  /// The value; never NaN, always within the range.
  public let value: Decimal

  /// Results at or above this power of ten are out of range: 1e100.
  public static let maximumMagnitudeExponent = 100
  /// Non-zero results below this power of ten are out of range: 1e-99.
  public static let minimumMagnitudeExponent = -99

  /// Zero.
  public static let zero = DecimalNumber(checked: Decimal(0))

  private init(checked value: Decimal) { self.value = value }

  /// The number for a `Decimal`, or nil when it is NaN or outside the range.
  public init?(_ value: Decimal) {
    guard let number = DecimalNumber.make(value) else { return nil }
    self = number
  }

  /// An integer, `DecimalNumber(12)`.
  public init(_ integer: Int) { self.value = Decimal(integer) }

  /// Whether the value is zero.
  public var isZero: Bool { value.isZero }

  /// Whether the value is below zero.
  public var isNegative: Bool { value.sign == .minus && !value.isZero }

  /// The digits of the value and the power of ten of its last digit.
  ///
  /// `-12.50` → (negative: true, digits: [1, 2, 5], exponent: -1). Zero has no digits.
  public var parts: DecimalParts { DecimalParts(value) }

  /// The value with its sign flipped; zero stays zero.
  public var negated: DecimalNumber {
    isZero ? self : DecimalNumber(checked: -value)
  }

  /// Plain notation with all the digits held: `"-12.5"`, `"1e25"` becomes `"10000…"`.
  public var description: String { value.description }

  /// `self + other`, or nil when out of range.
  public func adding(_ other: DecimalNumber) -> DecimalNumber? {
    DecimalNumber.make(value + other.value)
  }

  /// `self − other`, or nil when out of range.
  public func subtracting(_ other: DecimalNumber) -> DecimalNumber? {
    DecimalNumber.make(value - other.value)
  }

  /// `self × other`, or nil when out of range.
  public func multiplied(by other: DecimalNumber) -> DecimalNumber? {
    if isZero || other.isZero { return .zero }
    // Both significands are integers below 1e39: their product is at most 78 digits, which
    // Decimal rounds to 38 with a positive exponent, far from its limits.
    var product = DecimalParts(value.significand * other.value.significand)
    product.negative = (value.sign == .minus) != (other.value.sign == .minus)
    product.exponent += Int(value.exponent) + Int(other.value.exponent)
    return DecimalNumber.make(product)
  }

  /// `self ÷ other` rounded half-up to 38 significant digits, or nil for a division by zero or
  /// a result out of range.
  public func divided(by other: DecimalNumber) -> DecimalNumber? {
    if other.isZero { return nil }
    if isZero { return .zero }
    // Decimal's own division keeps only about 38 minus the divisor's digits (1 ÷ a 20-digit
    // number gives 19), so the quotient is long division on the integer significands, which
    // fit in 128 bits, until 39 significant digits decide the rounding.
    let dividend = parts
    let divisor = other.parts
    guard let x = dividend.integer, let y = divisor.integer else { return nil }
    var digits = DecimalParts.digits(of: x / y)
    var remainder = x % y
    var exponent = dividend.exponent - divisor.exponent
    while digits.count < 39 && remainder != 0 {
      let (digit, rest) = y.dividingFullWidth(remainder.multipliedFullWidth(by: 10))
      if !digits.isEmpty || digit != 0 { digits.append(UInt8(digit)) }
      remainder = rest
      exponent -= 1
    }
    let quotient = DecimalParts(
      negative: dividend.negative != divisor.negative, digits: digits, exponent: exponent)
    return DecimalNumber.make(quotient.rounded(toSignificantDigits: 38))
  }

  /// The result of `operation` with `self` on the left, or nil.
  public func applying(_ operation: Operation, _ other: DecimalNumber) -> DecimalNumber? {
    switch operation {
    case .add: adding(other)
    case .subtract: subtracting(other)
    case .multiply: multiplied(by: other)
    case .divide: divided(by: other)
    }
  }

  private static func make(_ value: Decimal) -> DecimalNumber? {
    if value.isNaN { return nil }
    return make(DecimalParts(value))
  }

  /// Checks the range and, where Decimal's exponent cannot go low enough for every digit,
  /// rounds the last digits away half-up.
  private static func make(_ parts: DecimalParts) -> DecimalNumber? {
    if parts.digits.isEmpty { return .zero }
    var parts = parts
    let lowestExponent = -128  // Decimal's smallest exponent
    if parts.exponent < lowestExponent {
      parts = parts.rounded(
        toSignificantDigits: parts.digits.count - (lowestExponent - parts.exponent))
    }
    guard let magnitude = parts.magnitude else { return nil }
    guard magnitude < maximumMagnitudeExponent, magnitude >= minimumMagnitudeExponent else {
      return nil
    }
    return DecimalNumber(checked: parts.decimal)
  }
}

/// A number as sign, digits and the power of ten of the last digit; zero has no digits.
public struct DecimalParts: Equatable, Sendable {
  /// Whether the number is below zero.
  public var negative: Bool
  /// The digits, most significant first, without leading or trailing zeros.
  public var digits: [UInt8]
  /// The power of ten of the last digit.
  public var exponent: Int

  /// Parts from their fields; leading and trailing zeros are moved into the exponent.
  public init(negative: Bool, digits: [UInt8], exponent: Int) {
    var digits = digits[...]
    var exponent = exponent
    while digits.first == 0 { digits = digits.dropFirst() }
    while digits.last == 0 {
      digits = digits.dropLast()
      exponent += 1
    }
    self.negative = negative && !digits.isEmpty
    self.digits = Array(digits)
    self.exponent = digits.isEmpty ? 0 : exponent
  }

  /// The parts of a finite `Decimal`.
  public init(_ value: Decimal) {
    // The significand of a Decimal is an integer: its description is its digits.
    let digits = value.significand.description.utf8.compactMap { byte -> UInt8? in
      (48...57).contains(byte) ? byte - 48 : nil
    }
    self.init(negative: value.sign == .minus, digits: digits, exponent: Int(value.exponent))
  }

  /// The power of ten of the first digit (`1234.5` → 3), nil for zero.
  public var magnitude: Int? { digits.isEmpty ? nil : exponent + digits.count - 1 }

  /// Rounded half-up (ties away from zero) to at most `count` significant digits (at least 1).
  public func rounded(toSignificantDigits count: Int) -> DecimalParts {
    guard digits.count > count else { return self }
    guard count > 0 else {
      // Rounding every digit away: 0.7 to the ones place is 1, 0.4 is 0, 0.07 is 0.
      let roundsUp = count == 0 && digits[0] >= 5
      return DecimalParts(
        negative: negative, digits: roundsUp ? [1] : [], exponent: exponent + digits.count)
    }
    var kept = Array(digits.prefix(count))
    var exponent = self.exponent + (digits.count - count)
    if digits[count] >= 5 {
      var index = kept.count - 1
      while index >= 0 && kept[index] == 9 {
        kept[index] = 0
        index -= 1
      }
      if index >= 0 {
        kept[index] += 1
      } else {
        kept.insert(1, at: 0)
        kept.removeLast()
        exponent += 1
      }
    }
    return DecimalParts(negative: negative, digits: kept, exponent: exponent)
  }

  /// The digits as an integer, or nil when they do not fit in 128 bits.
  var integer: UInt128? {
    var result: UInt128 = 0
    for digit in digits {
      let (times10, overflow) = result.multipliedReportingOverflow(by: 10)
      let (sum, carry) = times10.addingReportingOverflow(UInt128(digit))
      if overflow || carry { return nil }
      result = sum
    }
    return result
  }

  /// The decimal digits of an integer, most significant first; none for 0.
  static func digits(of integer: UInt128) -> [UInt8] {
    var digits: [UInt8] = []
    var rest = integer
    while rest > 0 {
      digits.append(UInt8(rest % 10))
      rest /= 10
    }
    return digits.reversed()
  }

  /// The parts as a `Decimal`; the exponent must be within Decimal's range (-128…127).
  var decimal: Decimal {
    var significand = Decimal(0)
    for digit in digits { significand = significand * 10 + Decimal(Int(digit)) }
    return Decimal(sign: negative ? .minus : .plus, exponent: exponent, significand: significand)
  }
}
