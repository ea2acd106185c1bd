/// Two units of one category by symbol, the one converted from and the one converted to: what
/// the window's Convert lines show (docs/SPEC.md section 10.4).
///
/// Symbols rather than units, so that a currency the rates of the day lack is still remembered
/// and comes back with the next rates.
public struct UnitPair: Hashable, Sendable {
  /// The upper line's unit: the display's.
  public var from: String
  /// The lower line's unit: the converted value's.
  public var to: String

  /// The pair `from` → `to`.
  public init(from: String, to: String) {
    self.from = from
    self.to = to
  }

  /// The same units the other way round.
  public var swapped: UnitPair { UnitPair(from: to, to: from) }

  /// The pair a category starts with: a common conversion between two systems.
  public static func standard(for category: UnitCategory) -> UnitPair {
    let (from, to) = standardPairs[category] ?? (category.baseSymbol, category.baseSymbol)
    return UnitPair(from: from, to: to)
  }

  // swift-format-ignore
  private static let standardPairs: [UnitCategory: (String, String)] = [
    //            from    to
    .length:      ("m",    "ft"),
    .area:        ("m2",   "ft2"),
    .volume:      ("L",    "gal"),
    .mass:        ("kg",   "lb"),
    .temperature: ("C",    "F"),
    .speed:       ("km/h", "mph"),
    .time:        ("h",    "min"),
    .data:        ("MB",   "MiB"),
    .energy:      ("kJ",   "kcal"),
    .power:       ("kW",   "hp"),
    .pressure:    ("bar",  "psi"),
    .force:       ("N",    "lbf"),
    .angle:       ("deg",  "rad"),
    .fuelEconomy: ("L/100km", "mpg"),
    .currency:    ("EUR",  "USD"),
  ]

  /// The two units, when `units` (one category's) holds both.
  public func units(among units: [ConversionUnit]) -> (from: ConversionUnit, to: ConversionUnit)? {
    guard let from = units.first(where: { $0.symbol == self.from }),
      let to = units.first(where: { $0.symbol == self.to })
    else { return nil }
    return (from, to)
  }

  /// The units shown for this pair of `category`: its own when the category has both (a
  /// currency needs a rate), else the category's standard pair, else its first unit twice (the
  /// euro without rates).
  public func shown(in category: UnitCategory, rates: CurrencyRates?)
    -> (from: ConversionUnit, to: ConversionUnit)
  {
    let units = UnitTable.units(in: category, rates: rates)
    if let pair = self.units(among: units) ?? UnitPair.standard(for: category).units(among: units) {
      return pair
    }
    let first = units.first ?? Currency.euroUnit
    return (first, first)
  }
}

extension UnitCategory {
  /// The category's name as the picker lists it: `Length`, `Currency`.
  public var title: String {
    switch self {
    case .length: tr("Length")
    case .area: tr("Area")
    case .volume: tr("Volume")
    case .mass: tr("Mass")
    case .temperature: tr("Temperature")
    case .speed: tr("Speed")
    case .time: tr("Time")
    case .data: tr("Data")
    case .energy: tr("Energy")
    case .power: tr("Power")
    case .pressure: tr("Pressure")
    case .force: tr("Force")
    case .angle: tr("Angle")
    case .fuelEconomy: tr("Fuel economy")
    case .currency: tr("Currency")
    }
  }

  /// The category's name inside a sentence: `length`, `currency`.
  public var name: String {
    switch self {
    case .length: tr("length")
    case .area: tr("area")
    case .volume: tr("volume")
    case .mass: tr("mass")
    case .temperature: tr("temperature")
    case .speed: tr("speed")
    case .time: tr("time")
    case .data: tr("data")
    case .energy: tr("energy")
    case .power: tr("power")
    case .pressure: tr("pressure")
    case .force: tr("force")
    case .angle: tr("angle")
    case .fuelEconomy: tr("fuel economy")
    case .currency: tr("currency")
    }
  }
}

extension ConversionUnit {
  /// What the display's `shown` number is in this unit: the exact conversion of the number as
  /// shown, written as the display writes a result; NaN for NaN or a result out of range.
  public func converted(_ shown: DisplayText, to unit: ConversionUnit) -> DisplayText {
    DisplayText(value: shown.number.flatMap { try? convert($0, to: unit) })
  }
}
