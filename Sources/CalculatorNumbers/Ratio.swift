/// An exact positive factor: a ratio of two decimals times a power of π.
///
/// Unit definitions are written as text in this form: `"0.0254"` (an inch in metres),
/// `"1852/3600"` (a knot in metres per second), `"550*0.3048*4.4482216152605"` (a horsepower in
/// watts), `"8*1024^3"` (a gibibyte in bits), `"pi/180"` (a degree in radians). No digit is
/// ever rounded: the numerator and the denominator keep every digit of their products.
public struct Ratio: Equatable, Sendable, CustomStringConvertible {
  /// The decimal above the fraction bar; never zero or negative.
  public let numerator: DecimalParts
  /// The decimal below the fraction bar; never zero or negative.
  public let denominator: DecimalParts
  /// The power of π the ratio is multiplied by: 1 for a degree in radians, 0 for most units.
  public let piPower: Int

  /// 1.
  public static let one = Ratio(exact: .one, .one, 0)

  /// The ratio `numerator ÷ denominator × π^piPower`; nil when either decimal is not positive.
  public init?(numerator: DecimalParts, denominator: DecimalParts, piPower: Int = 0) {
    guard !numerator.digits.isEmpty, !numerator.negative, !denominator.digits.isEmpty,
      !denominator.negative
    else { return nil }
    self.numerator = numerator
    self.denominator = denominator
    self.piPower = piPower
  }

  /// Reads a product and quotient of terms, left to right, without spaces.
  ///
  /// A term is `pi` or a decimal number without sign (`0.0254`, `1.602176634e-19`), which may
  /// be raised to a whole power from 1 to 9 (`1024^3`). Nil for anything else and for a zero
  /// term: a factor is never 0.
  public init?(_ text: String) {
    var numerator = DecimalParts.one
    var denominator = DecimalParts.one
    var piPower = 0
    var dividing = false
    var rest = Substring(text)
    while true {
      let term = rest.prefix { $0 != "*" && $0 != "/" }
      rest = rest.dropFirst(term.count)
      if term == "pi" {
        piPower += dividing ? -1 : 1
      } else {
        let pieces = term.split(separator: "^", omittingEmptySubsequences: false)
        guard pieces.count <= 2, let base = Ratio.unsigned(pieces[0]) else { return nil }
        var power = 1
        if pieces.count == 2 {
          guard pieces[1].count == 1, let exponent = Int(pieces[1]), exponent >= 1 else {
            return nil
          }
          power = exponent
        }
        for _ in 0..<power {
          if dividing {
            denominator = denominator.exactlyMultiplied(by: base)
          } else {
            numerator = numerator.exactlyMultiplied(by: base)
          }
        }
      }
      guard let operation = rest.first else { break }
      dividing = operation == "/"
      rest = rest.dropFirst()
    }
    self.init(numerator: numerator, denominator: denominator, piPower: piPower)
  }

  /// `self ÷ other`.
  public func divided(by other: Ratio) -> Ratio {
    Ratio(
      exact: numerator.exactlyMultiplied(by: other.denominator),
      denominator.exactlyMultiplied(by: other.numerator), piPower - other.piPower)
  }

  /// `"1852/3600"`, `"1/180*pi"`: the numerator, the denominator when not 1, then π's power.
  public var description: String {
    var text = NumberFormat.plain(numerator, grouped: false)
    if denominator != .one { text += "/" + NumberFormat.plain(denominator, grouped: false) }
    if piPower != 0 {
      text += String(repeating: piPower > 0 ? "*pi" : "/pi", count: abs(piPower))
    }
    return text
  }

  private init(exact numerator: DecimalParts, _ denominator: DecimalParts, _ piPower: Int) {
    self.numerator = numerator
    self.denominator = denominator
    self.piPower = piPower
  }

  /// A decimal number without sign and not zero: `0.0254`, `1.602176634e-19`.
  private static func unsigned(_ text: Substring) -> DecimalParts? {
    guard let first = text.utf8.first, (48...57).contains(first) || first == UInt8(ascii: "."),
      !text.contains(","), let written = NumberFormat.scan(String(text))
    else { return nil }
    let parts = written.parts
    return parts.digits.isEmpty ? nil : parts
  }
}

extension DecimalParts {
  /// The product with every digit kept, however many (`multiplied(by:)` keeps 38).
  func exactlyMultiplied(by other: DecimalParts) -> DecimalParts {
    let product = BigInteger(digits: digits).times(BigInteger(digits: other.digits))
    return DecimalParts(
      negative: negative != other.negative, digits: product.digits,
      exponent: exponent + other.exponent)
  }
}
