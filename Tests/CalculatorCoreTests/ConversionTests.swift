import Foundation
import TestSupport
import Testing

@testable import CalculatorCore

/// Unit conversion (docs/SPEC.md section 10): the table's invariants, reading `VALUE FROM to
/// TO`, and every case of `conversions.py`, whose displays Python computes from the units'
/// definitions with exact fractions.
@Suite("Unit conversion")
struct ConversionTests {
  static let script = TestSupport.repositoryRoot.appendingPathComponent(
    "Tests/CalculatorCoreTests/conversions.py"
  ).path

  /// The cases the reference writes: value, from, to, display (or `out of range`).
  static func referenceCases(_ arguments: [String] = []) throws -> [[String]] {
    let run = try TestSupport.run("python3", [script] + arguments)
    guard run.status == 0 else { throw TestFailure("conversions.py failed: \(run.stderr)") }
    return run.stdout.split(separator: "\n").map {
      $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    }
  }

  /// What the core shows for a conversion: the display, `out of range`, or the error.
  static func shown(_ text: String, rates: CurrencyRates? = nil) -> String {
    do {
      return NumberFormat.string(try Conversion(parsing: text, rates: rates).result())
    } catch .resultOutOfRange {
      return "out of range"
    } catch {
      return "error: \(error)"
    }
  }

  @Test("Every reference conversion shows what exact arithmetic rounded once shows")
  func referenceConversions() throws {
    let cases = try Self.referenceCases()
    #expect(cases.count >= 150)
    var symbols = Set<String>()
    var mismatches: [String] = []
    for fields in cases {
      try #require(fields.count == 4, "\(fields)")
      let text = "\(fields[0]) \(fields[1]) to \(fields[2])"
      let shown = Self.shown(text)
      if shown != fields[3] { mismatches.append("\(text): \(shown), expected \(fields[3])") }
      symbols.formUnion([fields[1], fields[2]])
    }
    #expect(mismatches.isEmpty, "\(mismatches.count) of \(cases.count): \(mismatches.prefix(10))")
    // Every unit of the table is tried, and the reference knows no unit the table lacks.
    #expect(symbols == Set(UnitTable.units.map(\.symbol)))
    let kinds = Set(
      cases.map { $0[3] == "out of range" ? "range" : $0[3].contains("e") ? "e" : "" })
    #expect(kinds == ["", "e", "range"])
  }

  @Test(
    "The contract's own examples",
    arguments: [
      ("1 m to ft", "3.2808398950131233596"), ("-40 C to F", "-40"), ("-40 °C in °F", "-40"),
      ("1 in to cm", "2.54"), ("1 lb to kg", "0.45359237"), ("1 gal to L", "3.785411784"),
      ("1 eV to J", "1.602176634e-19"), ("1 kcal to kJ", "4.184"), ("1 kn to km/h", "1.852"),
      ("1 acre to ft2", "43,560"), ("1 mmHg to Pa", "133.322387415"),
      ("1 hp to W", "745.69987158227022"), ("1 KiB to B", "1,024"), ("1 wk to h", "168"),
    ])
  func contractExamples(text: String, display: String) {
    #expect(Self.shown(text) == display)
  }

  @Test(
    "Reading VALUE FROM to TO",
    arguments: [
      // `in` as the inch and as the separator, in either place
      ("1 in in cm", "2.54"), ("1 ft in in", "12"), ("2 in to in", "2"),
      // a value touching its unit, grouping commas, an exponent, a sign
      ("3.2m in ft", "10.498687664041994751"), ("1e5eV to J", "1.602176634e-14"),
      ("1,000 ft to m", "304.8"), ("-40°C to K", "233.15"), ("+1.5e3 m to km", "1.5"),
      ("12. m to cm", "1,200"), ("90° to rad", "1.5707963267948966192"),
      // names, in any case, singular or plural, -re or -er; names with spaces; aliases
      ("5 Kilometers to miles", "3.1068559611866698481"), ("1 foot to inches", "12"),
      ("1 nautical mile to feet", "6,076.1154855643044619"), ("1 sq ft to m²", "0.09290304"),
      ("2 fl oz in mL", "59.147059125"), ("100 degrees Fahrenheit to C", "37.777777777777777778"),
      ("1 US gallon to litres", "3.785411784"), ("1 mi/h to km/h", "1.609344"),
      ("1 µm to nm", "1,000"), ("1 um to nm", "1,000"), ("1 μm to nm", "1,000"),
      ("1 liter to mL", "1,000"), ("250 milliliters to liters", "0.25"),
      ("3 Liters to millilitres", "3,000"), ("1 meter to centimeters", "100"),
      ("2 square meters to ft2", "21.527820833419444617"),
      // spacing and the separator's case
      ("  1   m   TO   ft  ", "3.2808398950131233596"), ("1\tkm\tIn\tm", "1,000"),
      // more than 20 digits round half-up, as a paste does
      ("0.123456789012345678905 m to m", "0.12345678901234567891"),
      ("0 C to K", "273.15"), ("-0 K to C", "-273.15"),
    ])
  func reading(text: String, display: String) {
    #expect(Self.shown(text) == display)
  }

  @Test(
    "What cannot be converted says what is wrong, as typed",
    arguments: [
      ("", ConversionError.malformed("")),
      ("1 m", .malformed("1 m")),
      ("1 m ft", .malformed("1 m ft")),
      ("1 to ft", .malformed("1 to ft")),
      ("1 m to", .malformed("1 m to")),
      ("m to ft", .invalidNumber("m")),
      ("abc m to ft", .invalidNumber("abc")),
      ("1,5m to ft", .invalidNumber("1,5m")),
      ("- 40 C to F", .invalidNumber("-")),
      ("1e100 m to ft", .numberOutOfRange("1e100")),
      ("1e-100 m to ft", .numberOutOfRange("1e-100")),
      ("1 foo to ft", .unknownUnit("foo")),
      ("1 m to furlong", .unknownUnit("furlong")),
      ("1 MM to m", .unknownUnit("MM")),
      ("1 foo to baz", .unknownUnits("foo", "baz")),
      ("1 kg to m", .incompatible("kg", .mass, "m", .length)),
      ("1 C to J", .incompatible("C", .temperature, "J", .energy)),
      ("1 USD to m", .incompatible("USD", .currency, "m", .length)),
      ("1 USD to EUR", .noRates),
      ("1 eur to gbp", .noRates),
      ("1e99 km to mm", .resultOutOfRange),
      ("1e-99 mm to km", .resultOutOfRange),
      ("-1e99 wk to s", .resultOutOfRange),
    ])
  func errors(text: String, error: ConversionError) {
    #expect(throws: error) { try Conversion(parsing: text, rates: nil).result() }
  }

  @Test("Error messages are one line naming the units as typed")
  func messages() {
    let cases: [(ConversionError, String)] = [
      (.unknownUnit("furlong"), "unknown unit 'furlong' (circlecalc --list-units lists them)"),
      (
        .unknownUnits("foo", "baz"),
        "unknown units 'foo' and 'baz' (circlecalc --list-units lists them)"
      ),
      (.incompatible("kg", .mass, "m", .length), "cannot convert 'kg' (mass) to 'm' (length)"),
      (.noRates, "no currency rates yet: run circlecalc --update-rates"),
      (
        .malformed("1 m ft"),
        "cannot read '1 m ft' as a conversion: expected VALUE FROM to TO, e.g. '1 m to ft'"
      ),
    ]
    for (error, message) in cases { #expect(error.description == message) }
  }

  @Test("Currencies go through the euro at the day's rates")
  func currencies() throws {
    let rates = CurrencyRates(
      date: "2026-11-27",
      rates: [
        .init(code: "USD", perEuro: try #require(NumberFormat.parse("1.0538"))),
        .init(code: "JPY", perEuro: try #require(NumberFormat.parse("160.84"))),
      ])
    // 100 ÷ 1.0538 × 160.84 = 15262.858227367621939646… (Python's decimal at 40 digits)
    #expect(Self.shown("100 USD to JPY", rates: rates) == "15,262.85822736762194")
    #expect(Self.shown("1.0538 USD to EUR", rates: rates) == "1")
    #expect(Self.shown("2 EUR to usd", rates: rates) == "2.1076")
    // 3 ÷ 1.0538 = 2.8468400075915733535775…
    #expect(Self.shown("3 US dollars to euros", rates: rates) == "2.8468400075915733536")
    #expect(throws: ConversionError.missingRate("GBP", date: "2026-11-27")) {
      try Conversion(parsing: "1 GBP to EUR", rates: rates)
    }
    #expect(throws: ConversionError.unknownUnit("XYZ")) {
      try Conversion(parsing: "1 XYZ to EUR", rates: rates)
    }
    #expect(UnitTable.units(in: .currency, rates: rates).map(\.symbol) == ["EUR", "USD", "JPY"])
    #expect(UnitTable.units(in: .currency, rates: nil).map(\.symbol) == ["EUR"])
    #expect(rates.caption == "Rates of 2026-11-27 (ECB)")
  }

  @Test("A conversion keeps 38 digits, exact only when nothing was cut")
  func exactness() throws {
    let exact = try Conversion(parsing: "1 ft to m", rates: nil).result()
    #expect(exact.isExact && exact.description == "0.3048")
    let third = try Conversion(parsing: "1 m to ft", rates: nil).result()
    #expect(!third.isExact)
    // 1/0.3048 = 3.28083989501312335958005249343832020997375…, cut to 38 digits
    #expect(third.description == "3.2808398950131233595800524934383202099")
    let pi = try Conversion(parsing: "180 deg to rad", rates: nil).result()
    #expect(pi.description == "3.1415926535897932384626433832795028841")
    #expect(!pi.isExact)
  }

  @Test("The spoken form takes the name, plural but for one")
  func spoken() throws {
    let foot = try #require(UnitTable.units.first { $0.symbol == "ft" })
    #expect(foot.spoken("1") == "1 foot")
    #expect(foot.spoken("-1") == "-1 foot")
    #expect(foot.spoken("3.5") == "3.5 feet")
    #expect(foot.spoken("0") == "0 feet")
  }
}

/// The unit table's invariants, as the keypad and bindings tables have theirs.
@Suite("Unit table")
struct UnitTableTests {
  /// Every symbol the contract names (docs/SPEC.md section 10.1 lists them all).
  static let required: [UnitCategory: [String]] = [
    .length: ["m", "km", "cm", "mm", "in", "ft", "yd", "mi", "nmi"],
    .mass: ["kg", "g", "mg", "lb", "oz", "st", "t"],
    .volume: ["L", "mL", "gal", "floz"],
    .area: ["m2", "km2", "ha", "acre", "ft2"],
    .time: ["s", "min", "h", "d", "wk"],
    .speed: ["m/s", "km/h", "mph", "kn"],
    .energy: ["J", "kJ", "kWh", "cal", "kcal", "eV"],
    .power: ["W", "kW", "hp"],
    .pressure: ["Pa", "kPa", "bar", "atm", "psi", "mmHg"],
    .data: ["bit", "B", "kB", "KiB", "MB", "MiB", "GB", "GiB"],
    .angle: ["deg", "rad"],
    .temperature: ["C", "F", "K", "°C", "°F"],
  ]

  @Test("Every row makes a unit: its scale and offset parse, its source is given")
  func rowsParse() {
    #expect(UnitTable.units.count == UnitTable.rows.count)
    for unit in UnitTable.units { #expect(!unit.source.isEmpty, "\(unit.symbol)") }
  }

  @Test("Every category the contract names has its units, each under its symbol or alias")
  func requiredUnits() throws {
    for (category, symbols) in Self.required {
      for symbol in symbols {
        let unit = try #require(
          UnitTable.units.first { $0.symbol == symbol || $0.aliases.contains(symbol) },
          "\(symbol)")
        #expect(unit.category == category, "\(symbol)")
      }
    }
    #expect(
      Set(UnitTable.units.map(\.category)) == Set(UnitCategory.allCases).subtracting([.currency]))
  }

  @Test("Each category's base unit is 1 and comes first or is named by the category")
  func baseUnits() throws {
    for category in UnitCategory.allCases {
      let units = UnitTable.units(in: category, rates: nil)
      let base = try #require(units.first { $0.symbol == category.baseSymbol }, "\(category)")
      #expect(base.scale == .one && base.offset == .zero, "\(category)")
    }
  }

  @Test("No symbol, alias or name stands for two units, nor a currency code for a unit")
  func unique() {
    var symbols: [String: String] = [:]
    var names: [String: String] = [:]
    for unit in UnitTable.units {
      for symbol in [unit.symbol] + unit.aliases {
        #expect(symbols[symbol] == nil, "\(symbol): \(unit.symbol) and \(symbols[symbol] ?? "")")
        symbols[symbol] = unit.symbol
        #expect(!Currency.isKnown(symbol.uppercased()) || symbol.count != 3, "\(symbol)")
      }
      for name in Set([unit.name, unit.plural]) {
        let key = name.lowercased()
        #expect(names[key] == nil, "\(name): \(unit.symbol) and \(names[key] ?? "")")
        names[key] = unit.symbol
      }
    }
  }

  @Test("Scales are exact ratios with π only for angles; offsets only for temperatures")
  func definitions() {
    for unit in UnitTable.units {
      #expect((unit.scale.piPower != 0) == (unit.category == .angle && unit.symbol != "rad"))
      #expect((unit.offset != .zero) == ["C", "F"].contains(unit.symbol), "\(unit.symbol)")
    }
  }

  @Test(
    "Ratios read products and quotients of decimals, powers and π",
    arguments: [
      ("0.0254", "0.0254"), ("1852/3600", "1852/3600"),
      (
        "550*0.3048*4.4482216152605",
        "745.69987158227022"
      ), ("8*1024^3", "8589934592"), ("pi/180", "1/180*pi"),
      ("2*pi", "2*pi"), ("1.602176634e-19", "0.0000000000000000001602176634"),
      ("231*0.0254^3/128", "0.003785411784/128"),
    ])
  func ratios(text: String, description: String) throws {
    #expect(try #require(Ratio(text)).description == description)
  }

  @Test(
    "A ratio that is not one is refused",
    arguments: [
      "", "0", "1/0", "-1", "1e", "2^10",
      "2^0", "pi^2", "1**2", "1,000", "x", "1/", "*1", "1 2",
    ])
  func badRatios(text: String) {
    #expect(Ratio(text) == nil)
  }
}
