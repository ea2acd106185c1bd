/// Every unit but the currencies (docs/SPEC.md section 10.1): one row each, its exact definition
/// in the category's base unit written as a `Ratio`, and the source of that definition.
///
/// Sources: "SI" is the SI Brochure (BIPM, 9th edition, 2019): the base units, the prefixes
/// (its table 7) and the non-SI units accepted for use with the SI (its table 8); "NIST SP 811
/// B.8" is NIST Special Publication 811 (2008), appendix B.8, the conversion factors that are
/// exact (bold there); "IEC 80000-13" is the standard of the binary prefixes (kibi = 1024);
/// "IAU" is the International Astronomical Union (resolution B2 of 2012: the astronomical
/// unit; the Julian year of 365.25 days, and the light-year, the distance light travels in
/// one: 299,792,458 m/s × 31,557,600 s).
/// A row that derives from another says how: a foot is 12 in, so its scale is 12 × 0.0254.
public enum UnitTable {
  /// The units, category by category in `UnitCategory` order, each the way the picker lists
  /// them.
  public static let units: [ConversionUnit] = rows.compactMap(\.unit)

  /// The units of one category; the currencies come from `rates` (the euro alone without).
  public static func units(in category: UnitCategory, rates: CurrencyRates?) -> [ConversionUnit] {
    category == .currency
      ? Currency.units(rates: rates) : units.filter { $0.category == category }
  }

  /// One row as written below; `unit` is nil when its scale or offset does not parse (a test
  /// checks that every row makes a unit).
  struct Row {
    let category: UnitCategory
    let symbol: String
    let name: String
    let plural: String
    let scale: String
    let offset: String
    let aliases: [String]
    let source: String
    /// Whether the unit measures the inverse of its category's quantity (litres per 100 km of
    /// a fuel economy in km per litre).
    var isReciprocal = false

    var unit: ConversionUnit? {
      guard let scale = Ratio(scale), let offset = NumberFormat.scan(offset)?.parts else {
        return nil
      }
      return ConversionUnit(
        category: category, symbol: symbol, name: name, plural: plural, aliases: aliases,
        scale: scale, offset: offset, isReciprocal: isReciprocal, source: source)
    }
  }

  /// Every row, in category order.
  static let rows =
    length + area + volume + mass + temperature + speed + time + data + energy + power
    + pressure + force + angle + fuelEconomy

  typealias Columns = (
    symbol: String, name: String, plural: String, scale: String, aliases: [String],
    source: String
  )

  /// One row of a table: its columns, named so that `make po` finds the name and the plural
  /// (xgettext's keyword `unitRow:2,3`); they are translated where shown (`shownName`).
  private static func unitRow(
    _ symbol: String, _ name: String, _ plural: String, _ scale: String, _ aliases: [String],
    _ source: String
  ) -> Columns {
    (symbol, name, plural, scale, aliases, source)
  }

  /// A temperature's row, with its offset.
  private static func unitRow(
    _ symbol: String, _ name: String, _ plural: String, _ scale: String, _ offset: String,
    _ aliases: [String], _ source: String
  ) -> Row {
    Row(
      category: .temperature, symbol: symbol, name: name, plural: plural, scale: scale,
      offset: offset, aliases: aliases, source: source)
  }

  /// A fuel economy's row, with whether it measures the reciprocal (litres per 100 km).
  private static func unitRow(
    _ symbol: String, _ name: String, _ plural: String, _ scale: String, _ isReciprocal: Bool,
    _ aliases: [String], _ source: String
  ) -> Row {
    var row = Row(
      category: .fuelEconomy, symbol: symbol, name: name, plural: plural, scale: scale,
      offset: "0", aliases: aliases, source: source)
    row.isReciprocal = isReciprocal
    return row
  }

  private static func rows(_ category: UnitCategory, _ table: [Columns]) -> [Row] {
    table.map {
      Row(
        category: category, symbol: $0.symbol, name: $0.name, plural: $0.plural, scale: $0.scale,
        offset: "0", aliases: $0.aliases, source: $0.source)
    }
  }

  // swift-format-ignore
  static let length = rows(.length, [
    //       symbol  name             plural            scale (m)         aliases       source
    unitRow("m",    "metre",         "metres",         "1",              [],           "SI base unit"),
    unitRow("km",   "kilometre",     "kilometres",     "1000",           [],           "SI prefix kilo"),
    unitRow("cm",   "centimetre",    "centimetres",    "0.01",           [],           "SI prefix centi"),
    unitRow("mm",   "millimetre",    "millimetres",    "0.001",          [],           "SI prefix milli"),
    unitRow("µm",   "micrometre",    "micrometres",    "1e-6",           ["um", "μm"], "SI prefix micro"),
    unitRow("nm",   "nanometre",     "nanometres",     "1e-9",           [],           "SI prefix nano"),
    unitRow("in",   "inch",          "inches",         "0.0254",         [],           "NIST SP 811 B.8 (international inch, 1959)"),
    unitRow("ft",   "foot",          "feet",           "12*0.0254",      [],           "NIST SP 811 B.8: 12 in"),
    unitRow("yd",   "yard",          "yards",          "36*0.0254",      [],           "NIST SP 811 B.8: 3 ft"),
    unitRow("mi",   "mile",          "miles",          "5280*12*0.0254", [],           "NIST SP 811 B.8: 5,280 ft (international mile)"),
    unitRow("nmi",  "nautical mile", "nautical miles", "1852",           [],           "SI table 8; NIST SP 811 B.8"),
    unitRow("Å",    "ångström",      "ångströms",      "1e-10",          ["angstrom"],   "NIST SP 811 B.8: 1e-10 m"),
    unitRow("au",   "astronomical unit", "astronomical units", "149597870700", ["AU", "ua"], "IAU 2012 resolution B2; SI table 8"),
    unitRow("ly",   "light-year",    "light-years",    "299792458*31557600", [],       "IAU: c × 1 Julian year (365.25 d)"),
  ])

  // swift-format-ignore
  static let area = rows(.area, [
    //       symbol  name                 plural                scale (m²)        aliases           source
    unitRow("m2",   "square metre",      "square metres",      "1",              ["m²"],           "SI derived unit"),
    unitRow("km2",  "square kilometre",  "square kilometres",  "1000^2",         ["km²"],          "SI prefix kilo, squared"),
    unitRow("cm2",  "square centimetre", "square centimetres", "0.01^2",         ["cm²"],          "SI prefix centi, squared"),
    unitRow("mm2",  "square millimetre", "square millimetres", "0.001^2",        ["mm²"],          "SI prefix milli, squared"),
    unitRow("a",    "are",               "ares",               "100",            [],               "NIST SP 811 B.8: 1 dam²"),
    unitRow("ha",   "hectare",           "hectares",           "10000",          [],               "SI table 8: 1 hm²"),
    unitRow("acre", "acre",              "acres",              "43560*0.3048^2", ["ac"],           "NIST SP 811 B.8: 43,560 ft² (international foot)"),
    unitRow("ft2",  "square foot",       "square feet",        "0.3048^2",       ["ft²", "sq ft"], "NIST SP 811 B.8"),
    unitRow("in2",  "square inch",       "square inches",      "0.0254^2",       ["in²"],          "NIST SP 811 B.8"),
    unitRow("yd2",  "square yard",       "square yards",       "0.9144^2",       ["yd²"],          "NIST SP 811 B.8"),
    unitRow("mi2",  "square mile",       "square miles",       "1609.344^2",     ["mi²"],          "NIST SP 811 B.8 (international mile)"),
  ])

  // swift-format-ignore
  static let volume = rows(.volume, [
    //       symbol    name                plural               scale (m³)          aliases        source
    unitRow("m3",     "cubic metre",      "cubic metres",      "1",                ["m³"],        "SI derived unit"),
    unitRow("L",      "litre",            "litres",            "0.001",            ["l"],         "SI table 8: 1 dm³"),
    unitRow("dL",     "decilitre",        "decilitres",        "1e-4",             ["dl"],        "SI prefix deci"),
    unitRow("cL",     "centilitre",       "centilitres",       "1e-5",             ["cl"],        "SI prefix centi"),
    unitRow("mL",     "millilitre",       "millilitres",       "1e-6",             ["ml"],        "SI prefix milli"),
    unitRow("cm3",    "cubic centimetre", "cubic centimetres", "0.01^3",           ["cm³", "cc"], "SI prefix centi, cubed"),
    unitRow("in3",    "cubic inch",       "cubic inches",      "0.0254^3",         ["in³", "cu in"], "NIST SP 811 B.8"),
    unitRow("ft3",    "cubic foot",       "cubic feet",        "0.3048^3",         ["ft³", "cu ft"], "NIST SP 811 B.8"),
    unitRow("yd3",    "cubic yard",       "cubic yards",       "0.9144^3",         ["yd³", "cu yd"], "NIST SP 811 B.8"),
    unitRow("gal",    "US gallon",        "US gallons",        "231*0.0254^3",     [],            "NIST SP 811 B.8: 231 in³ = 3.785411784 L"),
    unitRow("qt",     "US quart",         "US quarts",         "231*0.0254^3/4",   [],            "NIST SP 811 B.8: 1/4 gal"),
    unitRow("pt",     "US pint",          "US pints",          "231*0.0254^3/8",   [],            "NIST SP 811 B.8: 1/8 gal"),
    unitRow("cup",    "US cup",           "US cups",           "231*0.0254^3/16",  [],            "NIST Handbook 44 C: 8 fl oz"),
    unitRow("floz",   "US fluid ounce",   "US fluid ounces",   "231*0.0254^3/128", ["fl oz"],     "NIST SP 811 B.8: 1/128 gal"),
    unitRow("tbsp",   "US tablespoon",    "US tablespoons",    "231*0.0254^3/256", [],            "NIST Handbook 44 C: 1/2 fl oz"),
    unitRow("tsp",    "US teaspoon",      "US teaspoons",      "231*0.0254^3/768", [],            "NIST Handbook 44 C: 1/6 fl oz"),
    unitRow("impgal", "imperial gallon",  "imperial gallons",  "0.00454609",       [],            "NIST SP 811 B.8 (UK gallon, 4.54609 L)"),
    unitRow("imppt",  "imperial pint",    "imperial pints",    "0.00454609/8",     [],            "NIST SP 811 B.8: 1/8 UK gallon"),
    unitRow("impfloz", "imperial fluid ounce", "imperial fluid ounces", "0.00454609/160", ["imp fl oz"], "NIST SP 811 B.8: 1/160 UK gallon"),
    unitRow("bbl",    "barrel",           "barrels",           "42*231*0.0254^3",  [],            "NIST SP 811 B.8: 42 US gal (petroleum)"),
  ])

  // swift-format-ignore
  static let mass = rows(.mass, [
    //       symbol  name         plural        scale (kg)       aliases              source
    unitRow("kg",   "kilogram",  "kilograms",  "1",             [],                  "SI base unit"),
    unitRow("g",    "gram",      "grams",      "0.001",         [],                  "SI: 1 g = 0.001 kg"),
    unitRow("mg",   "milligram", "milligrams", "1e-6",          [],                  "SI prefix milli"),
    unitRow("µg",   "microgram", "micrograms", "1e-9",          ["ug", "μg", "mcg"], "SI prefix micro"),
    unitRow("t",    "tonne",     "tonnes",     "1000",          [],                  "SI table 8: 1,000 kg"),
    unitRow("lb",   "pound",     "pounds",     "0.45359237",    ["lbs"],             "NIST SP 811 B.8 (avoirdupois pound, 1959)"),
    unitRow("oz",   "ounce",     "ounces",     "0.45359237/16", [],                  "NIST SP 811 B.8: 1/16 lb"),
    unitRow("st",   "stone",     "stone",      "14*0.45359237", [],                  "UK Weights and Measures Act 1985: 14 lb"),
    unitRow("ton",  "US ton",    "US tons",    "2000*0.45359237", ["tn", "short ton"], "NIST SP 811 B.8: short ton, 2,000 lb"),
    unitRow("LT",   "long ton",  "long tons",  "2240*0.45359237", ["long ton"],  "NIST SP 811 B.8: long ton, 2,240 lb"),
    unitRow("ozt",  "troy ounce", "troy ounces", "480*0.00006479891", ["oz t"],  "NIST SP 811 B.8: 480 grains"),
    unitRow("gr",   "grain",     "grains",     "0.00006479891", [],                  "NIST SP 811 B.8: 64.79891 mg"),
    unitRow("ct",   "carat",     "carats",     "0.0002",        [],                  "NIST SP 811 B.8 (metric carat)"),
  ])

  /// Temperatures: a value plus the offset is a temperature above absolute zero, in kelvins or
  /// in Fahrenheit degrees of 5/9 K.
  // swift-format-ignore
  static let temperature = [
    //       symbol  name                 plural                scale  offset    aliases      source
    unitRow("K",    "kelvin",            "kelvins",            "1",   "0",      [],          "SI base unit"),
    unitRow("C",    "degree Celsius",    "degrees Celsius",    "1",   "273.15", ["°C", "℃"], "SI: t/°C = T/K − 273.15"),
    unitRow("F",    "degree Fahrenheit", "degrees Fahrenheit", "5/9", "459.67", ["°F", "℉"], "NIST SP 811 B.8: t/°F = 1.8 t/°C + 32"),
    unitRow("R",    "degree Rankine",    "degrees Rankine",    "5/9", "0",      ["°R", "°Ra"], "NIST SP 811 B.8: T/K = (T/°R)/1.8"),
  ]

  // swift-format-ignore
  static let speed = rows(.speed, [
    //       symbol  name                  plural                 scale (m/s)      aliases   source
    unitRow("m/s",  "metre per second",   "metres per second",   "1",             [],       "SI derived unit"),
    unitRow("km/h", "kilometre per hour", "kilometres per hour", "1000/3600",     ["kph"],  "SI prefix kilo; SI table 8: 1 h = 3,600 s"),
    unitRow("mph",  "mile per hour",      "miles per hour",      "1609.344/3600", ["mi/h"], "NIST SP 811 B.8 (international mile)"),
    unitRow("kn",   "knot",               "knots",               "1852/3600",     ["kt"],   "NIST SP 811 B.8: 1 nautical mile per hour"),
    unitRow("ft/s", "foot per second",    "feet per second",     "0.3048",        [],       "NIST SP 811 B.8"),
  ])

  // swift-format-ignore
  static let time = rows(.time, [
    //       symbol  name           plural          scale (s)  aliases       source
    unitRow("ns",   "nanosecond",  "nanoseconds",  "1e-9",    [],           "SI prefix nano"),
    unitRow("µs",   "microsecond", "microseconds", "1e-6",    ["us", "μs"], "SI prefix micro"),
    unitRow("ms",   "millisecond", "milliseconds", "0.001",   [],           "SI prefix milli"),
    unitRow("s",    "second",      "seconds",      "1",       ["sec"],      "SI base unit"),
    unitRow("min",  "minute",      "minutes",      "60",      [],           "SI table 8"),
    unitRow("h",    "hour",        "hours",        "3600",    ["hr"],       "SI table 8"),
    unitRow("d",    "day",         "days",         "86400",   [],           "SI table 8"),
    unitRow("wk",   "week",        "weeks",        "7*86400", [],           "7 d"),
    unitRow("mo",   "month",       "months",       "365.25*86400/12", [],   "1/12 Julian year (IAU)"),
    unitRow("yr",   "year",        "years",        "365.25*86400", ["y"],   "IAU: Julian year, 365.25 d"),
  ])

  // swift-format-ignore
  static let data = rows(.data, [
    //       symbol  name        plural       scale (bits)  aliases  source
    unitRow("bit",  "bit",      "bits",      "1",          [],      "IEC 80000-13"),
    unitRow("kbit", "kilobit",  "kilobits",  "1000",       [],      "SI prefix kilo"),
    unitRow("Mbit", "megabit",  "megabits",  "1000^2",     [],      "SI prefix mega"),
    unitRow("Gbit", "gigabit",  "gigabits",  "1000^3",     [],      "SI prefix giga"),
    unitRow("Tbit", "terabit",  "terabits",  "1000^4",     [],      "SI prefix tera"),
    unitRow("B",    "byte",     "bytes",     "8",          [],      "IEC 80000-13: 8 bits"),
    unitRow("kB",   "kilobyte", "kilobytes", "8*1000",     [],      "SI prefix kilo"),
    unitRow("KiB",  "kibibyte", "kibibytes", "8*1024",     [],      "IEC 80000-13: 1,024 B"),
    unitRow("MB",   "megabyte", "megabytes", "8*1000^2",   [],      "SI prefix mega"),
    unitRow("MiB",  "mebibyte", "mebibytes", "8*1024^2",   [],      "IEC 80000-13"),
    unitRow("GB",   "gigabyte", "gigabytes", "8*1000^3",   [],      "SI prefix giga"),
    unitRow("GiB",  "gibibyte", "gibibytes", "8*1024^3",   [],      "IEC 80000-13"),
    unitRow("TB",   "terabyte", "terabytes", "8*1000^4",   [],      "SI prefix tera"),
    unitRow("TiB",  "tebibyte", "tebibytes", "8*1024^4",   [],      "IEC 80000-13"),
    unitRow("PB",   "petabyte", "petabytes", "8*1000^5",   [],      "SI prefix peta"),
    unitRow("PiB",  "pebibyte", "pebibytes", "8*1024^5",   [],      "IEC 80000-13"),
    unitRow("EB",   "exabyte",  "exabytes",  "8*1000^6",   [],      "SI prefix exa"),
    unitRow("EiB",  "exbibyte", "exbibytes", "8*1024^6",   [],      "IEC 80000-13"),
  ])

  // swift-format-ignore
  static let energy = rows(.energy, [
    //       symbol  name                    plural                   scale (J)          aliases  source
    unitRow("J",    "joule",                "joules",                "1",               [],      "SI derived unit"),
    unitRow("kJ",   "kilojoule",            "kilojoules",            "1000",            [],      "SI prefix kilo"),
    unitRow("MJ",   "megajoule",            "megajoules",            "1000^2",          [],      "SI prefix mega"),
    unitRow("Wh",   "watt-hour",            "watt-hours",            "3600",            [],      "SI table 8: 1 h = 3,600 s"),
    unitRow("kWh",  "kilowatt-hour",        "kilowatt-hours",        "3600*1000",       [],      "NIST SP 811 B.8"),
    unitRow("MWh",  "megawatt-hour",        "megawatt-hours",        "3600*1000^2",     [],      "SI prefix mega; 1 h = 3,600 s"),
    unitRow("GWh",  "gigawatt-hour",        "gigawatt-hours",        "3600*1000^3",     [],      "SI prefix giga; 1 h = 3,600 s"),
    unitRow("cal",  "thermochemical calorie", "thermochemical calories", "4.184",       [],      "NIST SP 811 B.8 (thermochemical calorie)"),
    unitRow("kcal", "kilocalorie",          "kilocalories",          "4184",            [],      "NIST SP 811 B.8 (thermochemical)"),
    unitRow("eV",   "electronvolt",         "electronvolts",         "1.602176634e-19", [],      "SI table 8 (exact since 2019)"),
    unitRow("BTU",  "British thermal unit", "British thermal units", "1055.05585262",   ["Btu"], "NIST SP 811 B.8 (International Table Btu)"),
  ])

  // swift-format-ignore
  static let power = rows(.power, [
    //       symbol  name                 plural               scale (W)                     aliases  source
    unitRow("W",    "watt",              "watts",             "1",                          [],      "SI derived unit"),
    unitRow("kW",   "kilowatt",          "kilowatts",         "1000",                       [],      "SI prefix kilo"),
    unitRow("MW",   "megawatt",          "megawatts",         "1000^2",                     [],      "SI prefix mega"),
    unitRow("hp",   "horsepower",        "horsepower",        "550*0.3048*4.4482216152605", [],      "NIST SP 811 B.8: 550 ft·lbf/s, 1 lbf = 4.4482216152605 N"),
    unitRow("PS",   "metric horsepower", "metric horsepower", "75*9.80665",                 [],      "NIST SP 811 B.8: 75 kgf·m/s, g = 9.80665 m/s²"),
    unitRow("BTU/h", "British thermal unit per hour", "British thermal units per hour", "1055.05585262/3600", ["Btu/h"], "NIST SP 811 B.8: Btu (IT) ÷ 3,600 s"),
  ])

  // swift-format-ignore
  static let pressure = rows(.pressure, [
    //       symbol  name                     plural                    scale (Pa)                  aliases      source
    unitRow("Pa",   "pascal",                "pascals",                "1",                        [],          "SI derived unit"),
    unitRow("hPa",  "hectopascal",           "hectopascals",           "100",                      [],          "SI prefix hecto"),
    unitRow("kPa",  "kilopascal",            "kilopascals",            "1000",                     [],          "SI prefix kilo"),
    unitRow("MPa",  "megapascal",            "megapascals",            "1000^2",                   [],          "SI prefix mega"),
    unitRow("bar",  "bar",                   "bars",                   "100000",                   [],          "NIST SP 811 B.8"),
    unitRow("mbar", "millibar",              "millibars",              "100",                      [],          "NIST SP 811 B.8"),
    unitRow("atm",  "standard atmosphere",   "standard atmospheres",   "101325",                   [],          "NIST SP 811 B.8"),
    unitRow("psi",  "pound per square inch", "pounds per square inch", "4.4482216152605/0.0254^2", ["lbf/in2"], "NIST SP 811 B.8: lbf/in²"),
    unitRow("mmHg", "millimetre of mercury", "millimetres of mercury", "133.322387415",            [],          "NIST SP 811 B.8 (conventional)"),
    unitRow("inHg", "inch of mercury",       "inches of mercury",      "25.4*133.322387415",       [],          "NIST SP 811 B.8 (conventional): 25.4 mmHg"),
    unitRow("Torr", "torr",                  "torr",                   "101325/760",               [],          "NIST SP 811 B.8: 1/760 atm"),
    unitRow("kgf/cm2", "kilogram-force per square centimetre", "kilograms-force per square centimetre", "9.80665/0.01^2", ["kgf/cm²", "at"], "NIST SP 811 B.8: technical atmosphere"),
    unitRow("ksi",  "kip per square inch",   "kips per square inch",   "1000*4.4482216152605/0.0254^2", [], "NIST SP 811 B.8: 1,000 lbf/in²"),
  ])

  // swift-format-ignore
  static let force = rows(.force, [
    //       symbol  name              plural             scale (N)          aliases  source
    unitRow("N",    "newton",         "newtons",         "1",               [],      "SI derived unit"),
    unitRow("kN",   "kilonewton",     "kilonewtons",     "1000",            [],      "SI prefix kilo"),
    unitRow("lbf",  "pound-force",    "pounds-force",    "4.4482216152605", [],      "NIST SP 811 B.8: 1 lb × 9.80665 m/s²"),
    unitRow("kgf",  "kilogram-force", "kilograms-force", "9.80665",         ["kp"],  "NIST SP 811 B.8: 1 kg × 9.80665 m/s²"),
  ])

  // swift-format-ignore
  static let angle = rows(.angle, [
    //       symbol    name         plural        scale (rad)  aliases   source
    unitRow("rad",    "radian",    "radians",    "1",         [],       "SI derived unit"),
    unitRow("deg",    "degree",    "degrees",    "pi/180",    ["°"],    "SI table 8"),
    unitRow("arcmin", "arcminute", "arcminutes", "pi/10800",  ["′"],    "SI table 8: 1/60°"),
    unitRow("arcsec", "arcsecond", "arcseconds", "pi/648000", ["″"],    "SI table 8: 1/60′"),
    unitRow("gon",    "gradian",   "gradians",   "pi/200",    ["grad"], "NIST SP 811 B.8"),
    unitRow("turn",   "turn",      "turns",      "2*pi",      ["rev"],  "a full circle"),
  ])

  /// Fuel economy: distance per volume, kilometres per litre; litres per 100 km is its
  /// reciprocal (a value v is 100 ÷ v km/L), converted as exactly as the others.
  // swift-format-ignore
  static let fuelEconomy = [
    //       symbol    name                        plural                       scale (km/L)              reciprocal  aliases                  source
    unitRow("km/L",    "kilometre per litre",      "kilometres per litre",      "1",                      false,      ["km/l", "kmpl"],        "SI prefix kilo; SI table 8: litre"),
    unitRow("L/100km", "litre per 100 kilometres", "litres per 100 kilometres", "100",                    true,       ["l/100km", "L/100 km"], "100 km per that many litres"),
    unitRow("mpg",     "mile per US gallon",       "miles per US gallon",       "1.609344/3.785411784",   false,      ["mpgUS"],               "NIST SP 811 B.8: mile, US gallon"),
    unitRow("mpgimp",  "mile per imperial gallon", "miles per imperial gallon", "1.609344/4.54609",       false,      ["mpgUK"],               "NIST SP 811 B.8: mile, UK gallon"),
  ]
}
