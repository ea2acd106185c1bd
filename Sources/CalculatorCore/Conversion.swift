/// A conversion as a user writes it, `1 m to ft` (docs/SPEC.md section 10.2): a value, the unit
/// it is in, `to` or `in`, and the unit wanted.
///
///     let conversion = try Conversion(parsing: "-40 C to F", rates: nil)
///     NumberFormat.string(try conversion.result())  // "-40"
///
/// The value is read as a paste into the display reads it (`NumberFormat.scan`: a sign, grouping
/// commas, an exponent; more than 20 significant digits rounded half-up), and may touch its
/// unit (`3.2m`, `-40°C`). A unit is found by its symbol or one of its aliases, exactly as
/// written (`mm` is not `Mm`), else by its name in any case, singular or plural, spelled -re or
/// -er (`Feet`, `kilometers`), else, for a currency, by its code in any case (`usd`). Names
/// may hold spaces (`nautical miles`), and `in` is both the inch and a separator: each `to` or
/// `in` between two words is tried in turn, and the first that leaves two known units wins
/// (`1 in in cm`).
public struct Conversion: Equatable, Sendable {
  /// The value to convert.
  public let value: DecimalNumber
  /// Its unit.
  public let from: ConversionUnit
  /// The unit wanted.
  public let to: ConversionUnit

  /// Reads `VALUE FROM to TO`, the currencies being those of `rates`.
  ///
  /// The value is read in `numbers`' form first, then in the plain form, as a paste is
  /// (docs/SPEC.md section 13.3).
  public init(parsing text: String, rates: CurrencyRates?, numbers: NumberLocale = .c)
    throws(ConversionError)
  {
    let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
    guard let first = words.first else { throw .malformed(text) }
    let (valueText, touching) = try Conversion.splitValue(first, numbers: numbers)
    guard let written = NumberFormat.scan(numbers.reading(valueText)),
      let value = DecimalNumber(
        written.parts.rounded(toSignificantDigits: NumberFormat.significantDigits))
    else { throw .numberOutOfRange(valueText) }
    let units = (touching.map { [$0] } ?? []) + words.dropFirst()
    self.value = value
    // Two units of one category (`units` refuses any other pair).
    (from, to) = try Conversion.units(units, rates: rates, whole: text)
  }

  /// Reads `FROM to TO` (`km to mi`, `°C in °F`): the two units of a conversion, as
  /// `init(parsing:rates:)` reads them after the value; its errors name what is wrong as
  /// typed.
  public static func units(parsing text: String, rates: CurrencyRates?) throws(ConversionError)
    -> (from: ConversionUnit, to: ConversionUnit)
  {
    let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
    do {
      return try units(words, rates: rates, whole: text)
    } catch .malformed {
      throw .malformedUnits(text)
    }
  }

  /// The units of `words`, split at a `to` or `in`; `whole` is the text a malformed one names.
  private static func units(_ units: [String], rates: CurrencyRates?, whole text: String)
    throws(ConversionError) -> (from: ConversionUnit, to: ConversionUnit)
  {
    // Every split at a `to` or `in` with words on both sides; the first with two known units,
    // else the first with one, names what is wrong.
    var best: (from: String, fromUnit: Found, to: String, toUnit: Found, known: Int)?
    for index in units.indices.dropFirst().dropLast()
    where ["to", "in"].contains(units[index].lowercased()) {
      let from = units[..<index].joined(separator: " ")
      let to = units[(index + 1)...].joined(separator: " ")
      let (fromUnit, toUnit) = (
        Conversion.find(from, rates: rates), Conversion.find(to, rates: rates)
      )
      let known = [fromUnit, toUnit].filter(\.isKnown).count
      if known > best?.known ?? -1 { best = (from, fromUnit, to, toUnit, known) }
    }
    guard let best else { throw .malformed(text) }
    switch (best.fromUnit, best.toUnit) {
    case (.unknown, .unknown): throw .unknownUnits(best.from, best.to)
    case (.unknown, _): throw .unknownUnit(best.from)
    case (_, .unknown): throw .unknownUnit(best.to)
    default: break
    }
    let fromCategory = best.fromUnit.category ?? .currency
    let toCategory = best.toUnit.category ?? .currency
    guard fromCategory == toCategory else {
      throw .incompatible(best.from, fromCategory, best.to, toCategory)
    }
    guard case .unit(let from) = best.fromUnit, case .unit(let to) = best.toUnit else {
      guard let rates else { throw .noRates }
      var missing = best.from
      if case .currencyWithoutRate(let code) = best.fromUnit {
        missing = code
      } else if case .currencyWithoutRate(let code) = best.toUnit {
        missing = code
      }
      throw .missingRate(missing, date: rates.date)
    }
    return (from, to)
  }

  /// The value in the unit wanted, exact and cut once to 38 digits (the display rounds it to
  /// 20); throws `.resultOutOfRange` outside 1e-99 ≤ |x| < 1e100.
  public func result() throws(ConversionError) -> DecimalNumber {
    try from.convert(value, to: to)
  }

  /// The value's word and the unit touching it, if any: `"3.2m"` → `("3.2", "m")`,
  /// `"1e5eV"` → `("1e5", "eV")`; throws when no number starts the word, or the rest starts
  /// like more of a number (`"1,5m"`).
  static func splitValue(_ word: String, numbers: NumberLocale = .c) throws(ConversionError)
    -> (String, String?)
  {
    func isNumber(_ text: String) -> Bool { NumberFormat.scan(numbers.reading(text)) != nil }
    if isNumber(word) { return (word, nil) }
    var end = word.endIndex
    while end > word.startIndex {
      end = word.index(before: end)
      guard isNumber(String(word[..<end])) else { continue }
      let rest = word[end...]
      guard let next = rest.first, !"0123456789.,+-".contains(next) else { break }
      return (String(word[..<end]), String(rest))
    }
    throw .invalidNumber(word)
  }

  /// What a unit as typed names.
  enum Found {
    case unit(ConversionUnit)
    /// A currency code CircleCalc knows, which the rates lack (or there are no rates).
    case currencyWithoutRate(String)
    case unknown

    /// Whether it names a unit or a currency.
    var isKnown: Bool {
      if case .unknown = self { return false }
      return true
    }

    /// The category of the unit found; nil for a currency without rate and for unknown.
    var category: UnitCategory? {
      if case .unit(let unit) = self { return unit.category }
      return nil
    }
  }

  /// The unit `text` names, by symbol, alias, name or currency code.
  static func find(_ text: String, rates: CurrencyRates?) -> Found {
    if let unit = UnitTable.bySymbol[text] { return .unit(unit) }
    let currencies = Currency.units(rates: rates)
    if let unit = currencies.first(where: { $0.symbol == text }) { return .unit(unit) }
    let key = UnitTable.nameKey(text)
    if let unit = UnitTable.byName[key] { return .unit(unit) }
    let code =
      text.count == 3 && text.allSatisfy { $0.isASCII && $0.isLetter }
      ? text.uppercased()
      : Currency.names.first {
        UnitTable.nameKey($0.value.name) == key
          || UnitTable.nameKey($0.value.plural) == key
      }?.key
    guard let code else { return .unknown }
    if let unit = currencies.first(where: { $0.symbol == code }) { return .unit(unit) }
    return Currency.isKnown(code) ? .currencyWithoutRate(code) : .unknown
  }
}

extension UnitTable {
  /// Every unit by its symbol and by each alias.
  static let bySymbol: [String: ConversionUnit] = {
    var index: [String: ConversionUnit] = [:]
    for unit in units {
      for symbol in [unit.symbol] + unit.aliases { index[symbol] = unit }
    }
    return index
  }()

  /// Every unit by `nameKey` of its name and plural.
  static let byName: [String: ConversionUnit] = {
    var index: [String: ConversionUnit] = [:]
    for unit in units {
      for name in [unit.name, unit.plural] { index[nameKey(name)] = unit }
    }
    return index
  }()

  /// A name as looked up: lower case, `metre` and `litre` spelled the American way.
  static func nameKey(_ name: String) -> String {
    var key = ""
    var rest = Substring(name.lowercased())
    while let first = rest.first {
      let spelling = [(british: "metre", american: "meter"), ("litre", "liter")]
        .first { rest.starts(with: $0.british) }
      key += spelling?.american ?? String(first)
      rest = rest.dropFirst(spelling?.british.count ?? 1)
    }
    return key
  }
}

/// Why a conversion cannot be made; its description is one line naming what is wrong, as it
/// was typed.
public enum ConversionError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Not `VALUE FROM to TO`: the whole text.
  case malformed(String)
  /// Not `FROM to TO` (the units alone): the whole text.
  case malformedUnits(String)
  /// The value is not a number.
  case invalidNumber(String)
  /// The value is outside 1e-99 ≤ |x| < 1e100.
  case numberOutOfRange(String)
  /// A unit nobody knows.
  case unknownUnit(String)
  /// Two of them.
  case unknownUnits(String, String)
  /// Units that measure different things, with what each measures.
  case incompatible(String, UnitCategory, String, UnitCategory)
  /// A currency, and no rates to convert it with.
  case noRates
  /// A currency the rates of that day lack.
  case missingRate(String, date: String)
  /// The result is outside 1e-99 ≤ |x| < 1e100.
  case resultOutOfRange
  /// A temperature below absolute zero, with its unit: `-500 K`.
  case belowAbsoluteZero(String)

  /// The message, without the program's name.
  public var description: String {
    switch self {
    case .malformed(let text):
      tr("cannot read %s as a conversion: expected VALUE FROM to TO, e.g. '1 m to ft'")
        .filling(quoted(text))
    case .malformedUnits(let text):
      tr("cannot read %s as two units: expected FROM to TO, e.g. 'km to mi'")
        .filling(quoted(text))
    case .invalidNumber(let text):
      tr("%s is not a number: expected VALUE FROM to TO, e.g. '-40 C to F'")
        .filling(quoted(text))
    case .numberOutOfRange(let text):
      tr("%s is out of range: a value is below 1e100 and not below 1e-99 in size")
        .filling(quoted(text))
    case .unknownUnit(let text):
      tr("unknown unit %s (circlecalc --list-units lists them)").filling(quoted(text))
    case .unknownUnits(let from, let to):
      tr("unknown units %s and %s (circlecalc --list-units lists them)")
        .filling(quoted(from), quoted(to))
    case .incompatible(let from, let fromCategory, let to, let toCategory):
      tr("cannot convert %s (%s) to %s (%s)")
        .filling(quoted(from), fromCategory.name, quoted(to), toCategory.name)
    case .noRates:
      tr("no currency rates yet: run circlecalc --update-rates")
    case .missingRate(let code, let date):
      tr("no rate for %s in the ECB rates of %s").filling(quoted(code), date)
    case .resultOutOfRange:
      tr("the result is out of range: results are below 1e100 and not below 1e-99 in size")
    case .belowAbsoluteZero(let value):
      tr("%s is below absolute zero: no temperature is below 0 K (-273.15 °C, -459.67 °F)")
        .filling(quoted(value))
    }
  }
}
