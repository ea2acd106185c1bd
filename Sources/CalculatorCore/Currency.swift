/// The exchange rates of one day: how many units of each currency one euro buys (the European
/// Central Bank's reference rates, docs/SPEC.md section 10.3).
public struct CurrencyRates: Equatable, Sendable {
  /// One currency's rate.
  public struct Rate: Equatable, Sendable {
    /// Its ISO 4217 code: `USD`.
    public let code: String
    /// Units of it per euro, above zero: 1.0866.
    public let perEuro: DecimalNumber

    /// The rate of `code`.
    public init(code: String, perEuro: DecimalNumber) {
      self.code = code
      self.perEuro = perEuro
    }
  }

  /// The day the rates are of, `YYYY-MM-DD`.
  public let date: String
  /// The rates, as the file lists them; the euro is not among them.
  public let rates: [Rate]

  /// Rates of `date`.
  public init(date: String, rates: [Rate]) {
    self.date = date
    self.rates = rates
  }

  /// What the window shows under a currency: `Rates of 2026-11-27 (ECB)`.
  public var caption: String { "Rates of \(date) (ECB)" }

  /// The rate of `code`, nil when the rates lack it.
  public func perEuro(_ code: String) -> DecimalNumber? {
    rates.first { $0.code == code }?.perEuro
  }
}

/// The currency category's units: the euro, and every currency the rates of the day have.
public enum Currency {
  /// The euro's code, the base of the rates.
  public static let euro = "EUR"

  /// The euro and then each currency of `rates` in their order; the euro alone without rates.
  public static func units(rates: CurrencyRates?) -> [ConversionUnit] {
    [euroUnit] + (rates?.rates ?? []).compactMap { unit($0.code, perEuro: $0.perEuro.parts) }
  }

  /// The euro, 1 euro.
  static let euroUnit = ConversionUnit(
    category: .currency, symbol: euro, name: "euro", plural: "euros", scale: .one,
    source: "the base of the rates")

  /// The unit of `code` at `perEuro` units a euro: one of it is 1/perEuro euros; nil unless
  /// `perEuro` is above zero.
  static func unit(_ code: String, perEuro: DecimalParts) -> ConversionUnit? {
    guard let scale = Ratio(numerator: .one, denominator: perEuro) else { return nil }
    let names = Currency.names[code]
    return ConversionUnit(
      category: .currency, symbol: code, name: names?.name ?? code,
      plural: names?.plural ?? code, scale: scale, source: "ECB reference rate")
  }

  /// Whether `code` is a currency code CircleCalc knows, with or without rates.
  public static func isKnown(_ code: String) -> Bool { names[code] != nil }

  /// The names of the currencies the ECB has published reference rates for (ISO 4217), so the
  /// picker and the screen reader can say more than the code.
  // swift-format-ignore
  static let names: [String: (name: String, plural: String)] = [
    // code  name                      plural
    "EUR": ("euro",                    "euros"),
    "USD": ("US dollar",               "US dollars"),
    "JPY": ("Japanese yen",            "Japanese yen"),
    "BGN": ("Bulgarian lev",           "Bulgarian leva"),
    "CZK": ("Czech koruna",            "Czech korunas"),
    "DKK": ("Danish krone",            "Danish kroner"),
    "GBP": ("pound sterling",          "pounds sterling"),
    "HUF": ("Hungarian forint",        "Hungarian forints"),
    "PLN": ("Polish zloty",            "Polish zlotys"),
    "RON": ("Romanian leu",            "Romanian lei"),
    "SEK": ("Swedish krona",           "Swedish kronor"),
    "CHF": ("Swiss franc",             "Swiss francs"),
    "ISK": ("Icelandic krona",         "Icelandic kronur"),
    "NOK": ("Norwegian krone",         "Norwegian kroner"),
    "TRY": ("Turkish lira",            "Turkish liras"),
    "AUD": ("Australian dollar",       "Australian dollars"),
    "BRL": ("Brazilian real",          "Brazilian reais"),
    "CAD": ("Canadian dollar",         "Canadian dollars"),
    "CNY": ("Chinese yuan renminbi",   "Chinese yuan renminbi"),
    "HKD": ("Hong Kong dollar",        "Hong Kong dollars"),
    "IDR": ("Indonesian rupiah",       "Indonesian rupiahs"),
    "ILS": ("Israeli shekel",          "Israeli shekels"),
    "INR": ("Indian rupee",            "Indian rupees"),
    "KRW": ("South Korean won",        "South Korean won"),
    "MXN": ("Mexican peso",            "Mexican pesos"),
    "MYR": ("Malaysian ringgit",       "Malaysian ringgits"),
    "NZD": ("New Zealand dollar",      "New Zealand dollars"),
    "PHP": ("Philippine peso",         "Philippine pesos"),
    "SGD": ("Singapore dollar",        "Singapore dollars"),
    "THB": ("Thai baht",               "Thai baht"),
    "ZAR": ("South African rand",      "South African rand"),
    "HRK": ("Croatian kuna",           "Croatian kunas"),
    "RUB": ("Russian rouble",          "Russian roubles"),
  ]
}
