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
  public var caption: String { tr("Rates of %s (ECB)").filling(date) }

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

  /// The currencies CircleCalc knows that `rates` lack, by code.
  ///
  /// All but the euro without rates: the picker lists them before a download (docs/SPEC.md
  /// section 14.6). Their scale is a placeholder: a conversion takes its units from
  /// `units(rates:)` alone.
  public static func unrated(rates: CurrencyRates?) -> [ConversionUnit] {
    names.keys.filter { $0 != euro && rates?.perEuro($0) == nil }.sorted()
      .compactMap { unit($0, perEuro: DecimalParts.one) }
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

  /// A currency's name and plural, named so that `make po` finds them (xgettext's keyword
  /// `currencyName:1,2`); they are translated where shown (`ConversionUnit.shownName`).
  private static func currencyName(_ name: String, _ plural: String) -> (
    name: String, plural: String
  ) { (name, plural) }

  /// Whether `code` is a currency code CircleCalc knows, with or without rates.
  public static func isKnown(_ code: String) -> Bool { names[code] != nil }

  /// The names of the currencies the ECB has published reference rates for (ISO 4217), so the
  /// picker and the screen reader can say more than the code.
  // swift-format-ignore
  static let names: [String: (name: String, plural: String)] = [
    // code  name                                   plural
    "EUR": currencyName("euro",                    "euros"),
    "USD": currencyName("US dollar",               "US dollars"),
    "JPY": currencyName("Japanese yen",            "Japanese yen"),
    "BGN": currencyName("Bulgarian lev",           "Bulgarian leva"),
    "CZK": currencyName("Czech koruna",            "Czech korunas"),
    "DKK": currencyName("Danish krone",            "Danish kroner"),
    "GBP": currencyName("pound sterling",          "pounds sterling"),
    "HUF": currencyName("Hungarian forint",        "Hungarian forints"),
    "PLN": currencyName("Polish zloty",            "Polish zlotys"),
    "RON": currencyName("Romanian leu",            "Romanian lei"),
    "SEK": currencyName("Swedish krona",           "Swedish kronor"),
    "CHF": currencyName("Swiss franc",             "Swiss francs"),
    "ISK": currencyName("Icelandic krona",         "Icelandic kronur"),
    "NOK": currencyName("Norwegian krone",         "Norwegian kroner"),
    "TRY": currencyName("Turkish lira",            "Turkish liras"),
    "AUD": currencyName("Australian dollar",       "Australian dollars"),
    "BRL": currencyName("Brazilian real",          "Brazilian reais"),
    "CAD": currencyName("Canadian dollar",         "Canadian dollars"),
    "CNY": currencyName("Chinese yuan renminbi",   "Chinese yuan renminbi"),
    "HKD": currencyName("Hong Kong dollar",        "Hong Kong dollars"),
    "IDR": currencyName("Indonesian rupiah",       "Indonesian rupiahs"),
    "ILS": currencyName("Israeli shekel",          "Israeli shekels"),
    "INR": currencyName("Indian rupee",            "Indian rupees"),
    "KRW": currencyName("South Korean won",        "South Korean won"),
    "MXN": currencyName("Mexican peso",            "Mexican pesos"),
    "MYR": currencyName("Malaysian ringgit",       "Malaysian ringgits"),
    "NZD": currencyName("New Zealand dollar",      "New Zealand dollars"),
    "PHP": currencyName("Philippine peso",         "Philippine pesos"),
    "SGD": currencyName("Singapore dollar",        "Singapore dollars"),
    "THB": currencyName("Thai baht",               "Thai baht"),
    "ZAR": currencyName("South African rand",      "South African rand"),
    "HRK": currencyName("Croatian kuna",           "Croatian kunas"),
    "RUB": currencyName("Russian rouble",          "Russian roubles"),
  ]
}
