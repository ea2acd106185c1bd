/// What a unit measures (docs/SPEC.md section 10.1); units convert only within one category.
public enum UnitCategory: String, CaseIterable, Hashable, Sendable {
  case length, area, volume, mass, temperature, speed, time, data, energy, power, pressure, force
  case angle
  /// Distance per volume of fuel, and its reciprocal (litres per 100 km).
  case fuelEconomy = "fuel economy"
  /// Money, in ISO 4217 codes, through the euro and the rates of the day.
  case currency

  /// The unit every other unit of the category is defined in (its scale is 1, its offset 0).
  public var baseSymbol: String {
    switch self {
    case .length: "m"
    case .area: "m2"
    case .volume: "m3"
    case .mass: "kg"
    case .temperature: "K"
    case .speed: "m/s"
    case .time: "s"
    case .data: "bit"
    case .energy: "J"
    case .power: "W"
    case .pressure: "Pa"
    case .force: "N"
    case .angle: "rad"
    case .fuelEconomy: "km/L"
    case .currency: Currency.euro
    }
  }
}

/// One unit: how it is written and spoken, and its exact definition in its category's base
/// unit.
///
/// A value `v` in the unit is `(v + offset) × scale` base units: 1 in is 0.0254 m (scale
/// 0.0254), 20 °C is (20 + 273.15) × 1 K. Every scale and offset is exact by definition, with
/// its source in `source`.
public struct ConversionUnit: Equatable, Sendable {
  /// What it measures.
  public let category: UnitCategory
  /// The symbol it is written with and shown by: `m`, `km/h`, `USD`.
  public let symbol: String
  /// Its name, for the picker and the screen reader: `metre`, `US dollar`.
  public let name: String
  /// Its name for any value but 1: `metres`, `feet`.
  public let plural: String
  /// Other ways to write the symbol, read as exactly as it is: `°C` for `C`, `mi/h` for `mph`.
  public let aliases: [String]
  /// Base units per unit, once the offset is added.
  public let scale: Ratio
  /// What is added to a value before scaling: 273.15 for °C, 0 for all but temperatures.
  public let offset: DecimalParts
  /// Whether the unit measures the inverse of its category's quantity: a value `v` is
  /// `scale ÷ v` base units (10 L/100 km is 100 ÷ 10 = 10 km/L).
  public let isReciprocal: Bool
  /// Where the definition comes from: `NIST SP 811 B.8`, `SI prefix kilo`.
  public let source: String

  /// A unit from its fields.
  public init(
    category: UnitCategory, symbol: String, name: String, plural: String, aliases: [String] = [],
    scale: Ratio, offset: DecimalParts = .zero, isReciprocal: Bool = false, source: String
  ) {
    self.category = category
    self.symbol = symbol
    self.name = name
    self.plural = plural
    self.aliases = aliases
    self.scale = scale
    self.offset = offset
    self.isReciprocal = isReciprocal
    self.source = source
  }

  /// `value` (in this unit) in `unit`, exact and cut once to 38 digits; throws when the units
  /// measure different things, the value is a temperature below absolute zero, or the result
  /// is outside 1e-99 ≤ |x| < 1e100 (0 in a reciprocal unit: 0 L/100 km is no number of km/L).
  public func convert(_ value: DecimalNumber, to unit: ConversionUnit) throws(ConversionError)
    -> DecimalNumber
  {
    guard category == unit.category else {
      throw .incompatible(symbol, category, unit.symbol, unit.category)
    }
    if isBelowAbsoluteZero(value) {
      throw .belowAbsoluteZero(NumberFormat.string(value) + " " + symbol)
    }
    do {
      // A reciprocal unit's value is scale ÷ v base units: from or to one, v becomes a
      // quotient; between two, the scales swap places.
      switch (isReciprocal, unit.isReciprocal) {
      case (false, false):
        return try value.converted(
          adding: offset, times: scale.divided(by: unit.scale), subtracting: unit.offset)
      case (true, false): return try value.converted(dividing: scale.divided(by: unit.scale))
      case (false, true): return try value.converted(dividing: unit.scale.divided(by: scale))
      case (true, true):
        return try value.converted(
          adding: .zero, times: unit.scale.divided(by: scale), subtracting: .zero)
      }
    } catch {
      throw .resultOutOfRange
    }
  }

  /// The unit's name as the picker shows it, in the user's language: `metre`, `Meter`.
  public var shownName: String { trPlural(name, plural, 1) }

  /// The unit's name for many of it, in the user's language: `metres`.
  public var pluralName: String { trPlural(name, plural, 2) }

  /// Whether `value` in this unit is a temperature below absolute zero, which no unit can
  /// show: -500 K, -300 °C (docs/SPEC.md section 10.1).
  public func isBelowAbsoluteZero(_ value: DecimalNumber) -> Bool {
    guard category == .temperature, let zero = DecimalNumber(offset) else { return false }
    return value < zero.negated
  }

  /// A value and the unit's name as a screen reader says them: `1 foot`, `3.5 feet`.
  ///
  /// The value is as shown, in `numbers`' form. The name takes the form of the whole number shown
  /// (ngettext: `2 метра`, `5 метров`); a value with a fraction or an exponent takes the form
  /// of 2 (docs/SPEC.md section 13.4).
  public func spoken(_ shown: String, numbers: NumberLocale = .c) -> String {
    shown + " " + trPlural(name, plural, ConversionUnit.count(shown, numbers: numbers))
  }

  /// The whole number `shown` holds, for its plural form; 2 when it has a fraction or an
  /// exponent (`1.5`, `1e25`), or is not a number.
  static func count(_ shown: String, numbers: NumberLocale) -> Int {
    let point = numbers.decimalSeparator.unicodeScalars.first
    guard !shown.unicodeScalars.contains(where: { $0 == point || $0 == "e" }) else { return 2 }
    var count = 0
    var digits = 0
    for scalar in shown.unicodeScalars where ("0"..."9").contains(scalar) {
      // The last six digits decide every language's form; 1 alone is one.
      count = (count * 10 + Int(scalar.value - 48)) % 1_000_000
      digits += 1
    }
    guard digits > 0 else { return 2 }
    return digits > 6 ? 1_000_000 + count : count
  }
}
