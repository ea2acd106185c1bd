/// CalculatorNumbers: the calculator's numbers. `RealNumber` is the calculator's value, held
/// exactly (a fraction, a multiple of π, or the operations and functions that made it), with
/// the digits it shows decided for certain in one place, `Engine` (docs/SPEC.md section 16);
/// its operations and functions are in `RealNumber+Operations.swift` and
/// `RealNumber+Functions.swift`, evaluated by MPFR through `Node` and `Operator`.
/// `DecimalNumber` is a decimal of at most 38 digits: what is typed and pasted, Tip & Split's
/// amounts, a conversion's result. `NumberFormat` writes and reads numbers. Pure Swift but for
/// MPFR and GMP; no Foundation. The rules are docs/SPEC.md sections 2.3, 2.4, 6.3 and 16.

/// A finite decimal number the calculator can hold.
///
/// At most 38 significant digits (a sign, an integer significand below 10^38 and a power of
/// ten), limited to magnitudes from 1e-99 up to, not including, 1e100, like a scientific
/// calculator's range. Every operation throws an `ArithmeticError` for a result outside that
/// range, a division by zero or a domain error; the calculator shows `NaN` for it.
///
/// Each operation is computed exactly on the digits (`DecimalParts`) and then cut toward zero
/// to 38 digits: cutting, unlike rounding, never moves a value across a half-way point, so
/// half-up rounding to 20 digits shows the exact result correctly rounded
/// (99999999999999999999 − 0.50000000000000000001 shows …998, not …999). A number remembers
/// whether any digit was ever cut on the way to it (`isExact`).
///
/// The calculator itself computes with `RealNumber`, which never cuts; this type holds the
/// decimals that come in and go out (typed and pasted numbers, amounts, conversions).
public struct DecimalNumber: Equatable, Hashable, Sendable, CustomStringConvertible {
  /// Whether the value is below zero; never for zero.
  let negative: Bool
  /// The digits as an integer, without trailing zeros: below 10^38; 0 for zero.
  let significand: UInt128
  /// The power of ten of the significand's last digit; 0 for zero.
  let exponent: Int
  /// False when digits were cut from this value or from one it was computed from: `1 ÷ 3`.
  public let isExact: Bool

  /// Results at or above this power of ten are out of range: 1e100.
  public static let maximumMagnitudeExponent = 100
  /// Non-zero results below this power of ten are out of range: 1e-99.
  public static let minimumMagnitudeExponent = -99
  /// Significant digits a number keeps: all that a 128-bit significand always holds.
  public static let storedDigits = 38
  /// Digits an intermediate result carries so that cutting it to `storedDigits` is exact: one
  /// more, then a final 1 when anything non-zero lies beyond (see `DecimalParts.divided(by:)`).
  static let guardedDigits = storedDigits + 1

  /// Zero.
  public static let zero = DecimalNumber(
    negative: false, significand: 0, exponent: 0, isExact: true)

  private init(negative: Bool, significand: UInt128, exponent: Int, isExact: Bool) {
    self.negative = negative
    self.significand = significand
    self.exponent = exponent
    self.isExact = isExact
  }

  /// The number for exact digits cut to 38 significant digits, or nil outside the range;
  /// `isExact` when no digit had to be cut and `exact` says the digits themselves are.
  public init?(_ parts: DecimalParts, exact: Bool = true) {
    guard let magnitude = parts.magnitude else {
      self = DecimalNumber(negative: false, significand: 0, exponent: 0, isExact: exact)
      return
    }
    guard magnitude < DecimalNumber.maximumMagnitudeExponent,
      magnitude >= DecimalNumber.minimumMagnitudeExponent
    else { return nil }
    let kept = parts.truncated(toSignificantDigits: DecimalNumber.storedDigits)
    self.init(
      negative: kept.negative, significand: kept.digits.reduce(0) { $0 * 10 + UInt128($1) },
      exponent: kept.exponent,
      isExact: exact && parts.digits.count <= DecimalNumber.storedDigits)
  }

  /// An integer, `DecimalNumber(12)`.
  public init(_ integer: Int) {
    let digits = DecimalParts.digits(high: 0, low: UInt128(integer.magnitude))
    let parts = DecimalParts(negative: integer < 0, digits: digits, exponent: 0)
    self = DecimalNumber(parts) ?? .zero
  }

  /// Whether the value is zero.
  public var isZero: Bool { significand == 0 }

  /// The digits of the value and the power of ten of its last digit.
  ///
  /// `-12.50` → (negative: true, digits: [1, 2, 5], exponent: -1). Zero has no digits.
  public var parts: DecimalParts {
    DecimalParts(
      negative: negative, digits: DecimalParts.digits(high: 0, low: significand),
      exponent: exponent)
  }

  /// The value with its sign flipped; zero stays zero.
  public var negated: DecimalNumber {
    isZero
      ? self
      : DecimalNumber(
        negative: !negative, significand: significand, exponent: exponent, isExact: isExact)
  }

  /// Plain notation with all the digits held: `"-12.5"`.
  public var description: String { NumberFormat.plain(parts, grouped: false) }

  /// `self + other`.
  func adding(_ other: DecimalNumber) throws(ArithmeticError) -> DecimalNumber {
    try DecimalNumber.inRange(parts.adding(other.parts), exact: isExact && other.isExact)
  }

  /// `self × other`.
  func multiplied(by other: DecimalNumber) throws(ArithmeticError) -> DecimalNumber {
    try DecimalNumber.inRange(parts.multiplied(by: other.parts), exact: isExact && other.isExact)
  }

  /// `self ÷ other`.
  func divided(by other: DecimalNumber) throws(ArithmeticError) -> DecimalNumber {
    guard let quotient = parts.divided(by: other.parts) else { throw .divisionByZero }
    return try DecimalNumber.inRange(quotient, exact: isExact && other.isExact)
  }

  /// The number for digits cut to 38 significant digits, or `.outOfRange`.
  static func inRange(_ parts: DecimalParts, exact: Bool) throws(ArithmeticError)
    -> DecimalNumber
  {
    guard let number = DecimalNumber(parts, exact: exact) else { throw .outOfRange }
    return number
  }
}

extension DecimalNumber: Comparable {
  /// Whether `left` is below `right`, exactly.
  public static func < (left: DecimalNumber, right: DecimalNumber) -> Bool {
    let difference = left.parts.adding(right.negated.parts)
    return !difference.digits.isEmpty && difference.negative
  }
}

/// A number as sign, digits and the power of ten of the last digit; zero has no digits.
public struct DecimalParts: Hashable, Sendable {
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

  /// The sum, exact in every digit that can matter when it is cut to 38 digits.
  ///
  /// An operand more than 80 places below the other's first digit only decides whether the
  /// cut digits are all zero, so it stands in as a single 1 at that depth: the digits stay
  /// under ~160 whatever the exponents.
  func adding(_ other: DecimalParts) -> DecimalParts {
    guard let magnitude, let otherMagnitude = other.magnitude else {
      return digits.isEmpty ? other : self
    }
    var (large, small) = magnitude >= otherMagnitude ? (self, other) : (other, self)
    let depth = max(magnitude, otherMagnitude) - 80
    if let smallMagnitude = small.magnitude, smallMagnitude < depth {
      small = DecimalParts(negative: small.negative, digits: [1], exponent: depth - 1)
    }
    let exponent = min(large.exponent, small.exponent)
    let width =
      max(large.digits.count + large.exponent, small.digits.count + small.exponent)
      - exponent
    func aligned(_ parts: DecimalParts) -> [UInt8] {
      let trailing = parts.exponent - exponent
      let leading = width - parts.digits.count - trailing
      return [UInt8](repeating: 0, count: leading) + parts.digits
        + [UInt8](repeating: 0, count: trailing)
    }
    var a = aligned(large)
    var b = aligned(small)
    var negative = large.negative
    var result = [UInt8](repeating: 0, count: width + 1)
    if large.negative == small.negative {
      var carry: UInt8 = 0
      for index in stride(from: width - 1, through: 0, by: -1) {
        let sum = a[index] + b[index] + carry
        result[index + 1] = sum % 10
        carry = sum / 10
      }
      result[0] = carry
    } else {
      if a.lexicographicallyPrecedes(b) {
        swap(&a, &b)
        negative = small.negative
      }
      var borrow: UInt8 = 0
      for index in stride(from: width - 1, through: 0, by: -1) {
        let subtrahend = b[index] + borrow
        borrow = a[index] < subtrahend ? 1 : 0
        result[index + 1] = a[index] + 10 * borrow - subtrahend
      }
    }
    return DecimalParts(negative: negative, digits: result, exponent: exponent)
  }

  /// The exact product.
  func multiplied(by other: DecimalParts) -> DecimalParts {
    guard let x = integer, let y = other.integer else {
      // More than 128 bits of digits: not from a stored number; multiply the first 38.
      return truncated(toSignificantDigits: DecimalNumber.storedDigits).multiplied(
        by: other.truncated(toSignificantDigits: DecimalNumber.storedDigits))
    }
    let product = x.multipliedFullWidth(by: y)
    return DecimalParts(
      negative: negative != other.negative,
      digits: DecimalParts.digits(high: product.high, low: product.low),
      exponent: exponent + other.exponent)
  }

  /// The quotient to `guardedDigits` (39) significant digits and a final 1 if anything
  /// remained, which is exact for cutting to 38 digits; nil when dividing by zero.
  func divided(by other: DecimalParts) -> DecimalParts? {
    if other.digits.isEmpty { return nil }
    if digits.isEmpty { return self }
    guard let x = integer, let y = other.integer else {
      return truncated(toSignificantDigits: DecimalNumber.storedDigits).divided(
        by: other.truncated(toSignificantDigits: DecimalNumber.storedDigits))
    }
    // Long division on the integer significands, which fit in 128 bits.
    var quotient = DecimalParts.digits(high: 0, low: x / y)
    var remainder = x % y
    var exponent = self.exponent - other.exponent
    while quotient.count < DecimalNumber.guardedDigits && remainder != 0 {
      let (digit, rest) = y.dividingFullWidth(remainder.multipliedFullWidth(by: 10))
      if !quotient.isEmpty || digit != 0 { quotient.append(UInt8(digit)) }
      remainder = rest
      exponent -= 1
    }
    if remainder != 0 {
      quotient.append(1)  // the digits beyond are not all zero
      exponent -= 1
    }
    return DecimalParts(
      negative: negative != other.negative, digits: quotient, exponent: exponent)
  }

  /// Cut toward zero to at most `count` significant digits.
  public func truncated(toSignificantDigits count: Int) -> DecimalParts {
    guard digits.count > count else { return self }
    guard count > 0 else { return DecimalParts(negative: false, digits: [], exponent: 0) }
    return DecimalParts(
      negative: negative, digits: Array(digits.prefix(count)),
      exponent: exponent + digits.count - count)
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

  /// The decimal digits of the 256-bit integer `high · 2^128 + low`, most significant first;
  /// none for 0.
  static func digits(high: UInt128, low: UInt128) -> [UInt8] {
    let chunk: UInt128 = 10_000_000_000_000_000_000  // 10^19: one UInt64's worth of digits
    var (high, low) = (high, low)
    var chunks: [UInt128] = []
    while high != 0 || low != 0 {
      // Long division of the two words by 10^19; the remainder of `high` keeps it in range.
      let remainderHigh = high % chunk
      high /= chunk
      let (quotient, remainder) = chunk.dividingFullWidth((remainderHigh, low))
      low = quotient
      chunks.append(remainder)
    }
    var digits: [UInt8] = []
    for (index, value) in chunks.reversed().enumerated() {
      var chunkDigits = [UInt8](repeating: 0, count: 19)
      var rest = value
      for position in stride(from: 18, through: 0, by: -1) {
        chunkDigits[position] = UInt8(rest % 10)
        rest /= 10
      }
      digits += index == 0 ? Array(chunkDigits.drop { $0 == 0 }) : chunkDigits
    }
    return digits
  }
}
