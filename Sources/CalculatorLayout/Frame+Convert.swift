import CalculatorCore

/// The two units the Convert lines convert between, as the window or `--units` chose them, and
/// the caption under them (docs/SPEC.md section 10.4).
public struct ConvertUnits: Equatable, Sendable {
  /// The display's unit.
  public var from: ConversionUnit
  /// The converted value's unit.
  public var to: ConversionUnit
  /// What the caption line says: the currency rates' date; nil for none.
  public var caption: String?

  /// `from` → `to`, with `caption` under them.
  public init(from: ConversionUnit, to: ConversionUnit, caption: String? = nil) {
    self.from = from
    self.to = to
    self.caption = caption
  }
}

/// Where the window's background update of the currency rates is (docs/SPEC.md section 10.4).
public enum RatesUpdateStatus: Equatable, Sendable {
  /// None running: none was needed, or the last one succeeded.
  case idle
  /// The download runs in its child process.
  case running
  /// The last one failed; the rates stored before are kept.
  case failed
}

extension ConvertUnits {
  /// What the caption says under a currency: the rates' date, an update under way or what
  /// failed, and `Download rates` while the rates are missing, a day old or the last download
  /// failed (`isStale`; docs/SPEC.md section 14.6); `failure` is the download's reason.
  public static func ratesCaption(
    _ rates: CurrencyRates?, update: RatesUpdateStatus, failure: String? = nil,
    isStale: Bool = false
  ) -> String {
    // The offer first, so a narrow line cuts the reason, not the words to click.
    let offer = ConvertUnits.downloadRates
    let retry = failure.map { tr("%s (failed: %s)").filling(offer, $0) }
    guard let rates else {
      return switch update {
      case .running: tr("No rates yet: downloading the ECB's…")
      case .idle: tr("No rates yet: %s").filling(offer)
      case .failed: retry ?? tr("No rates: the download failed; %s").filling(offer)
      }
    }
    return switch update {
    case .idle: isStale ? tr("Rates of %s (ECB); %s").filling(rates.date, offer) : rates.caption
    case .running: tr("Rates of %s (ECB), updating…").filling(rates.date)
    case .failed:
      retry.map { tr("Rates of %s (ECB); %s").filling(rates.date, $0) }
        ?? tr("Rates of %s (ECB); the update failed").filling(rates.date)
    }
  }

  /// The picker's line and the caption's words that download the rates (docs/SPEC.md section
  /// 14.6).
  public static var downloadRates: String { tr("Download rates") }

  /// The picker's line while the download runs.
  public static var downloadingRates: String { tr("Downloading rates…") }

  /// The picker's line when the filter matches nothing.
  public static var noUnitMatches: String { tr("No unit matches") }
}

/// The Convert lines as a frame shows them: the units on their buttons, the converted value,
/// the caption.
public struct ConvertView: Equatable, Sendable {
  /// The units and the caption.
  public var units: ConvertUnits
  /// The display's number in the lower unit, as the display writes a result: 20 significant
  /// digits, grouped, scientific from 1e20; NaN for NaN or a value out of range.
  public var converted: DisplayText

  /// The lines of a display showing `display`.
  public init(display: DisplayText, units: ConvertUnits) {
    self.units = units
    converted = units.from.converted(display, to: units.to).localized(display.numbers)
  }

  /// A line's number with its unit, as a screen reader says it: `36 kilometres`, `1 mile`;
  /// NaN alone.
  public static func spoken(_ text: String, in unit: ConversionUnit, numbers: NumberLocale = .c)
    -> String
  {
    text == NumberFormat.notANumber ? text : unit.spoken(text, numbers: numbers)
  }

  /// The lower line as a screen reader says it: `22.369362920544022963 miles`.
  public var spokenConverted: String {
    ConvertView.spoken(converted.text, in: units.to, numbers: converted.numbers)
  }

  /// The unit on a side.
  public func unit(_ side: UnitSide) -> ConversionUnit {
    side == .from ? units.from : units.to
  }
}

/// The unit picker as a frame shows it: which unit it picks, what was typed, its lines, the
/// selected one and how far the list is scrolled.
public struct PickerView: Equatable, Sendable {
  /// The unit being picked: the display's or the converted value's.
  public var side: UnitSide
  /// Each tab's unit symbol, in `UnitSide.allCases` order.
  public var tabs: [String]
  /// What was typed to filter the list; empty for none.
  public var filter: String
  /// Every line of the list, the ones scrolled away included.
  public var lines: [PickerLine]
  /// The selected line (Up, Down…), an index into `lines`; nil for none.
  public var selection: Int?
  /// The first line that shows.
  public var offset: Int

  /// A picker of these lines.
  public init(
    side: UnitSide, tabs: [String], filter: String, lines: [PickerLine], selection: Int?,
    offset: Int
  ) {
    self.side = side
    self.tabs = tabs
    self.filter = filter
    self.lines = lines
    self.selection = selection
    self.offset = offset
  }

  /// What the filter line says while nothing is typed.
  public static var filterPlaceholder: String { tr("Type to filter") }
}

/// One line of the unit picker's list.
public struct PickerLine: Equatable, Sendable {
  /// What choosing the line does.
  public enum Kind: Equatable, Sendable {
    /// Goes back to the categories.
    case back
    /// Lists a category's units.
    case category
    /// Picks a unit.
    case unit
    /// Downloads the currency rates (`Download rates`; while it runs, `Downloading rates…`).
    case download
    /// Says something and does nothing when chosen (`No unit matches`).
    case note
  }

  /// What choosing it does.
  public var kind: Kind
  /// A unit's symbol (`km`); empty for the other kinds.
  public var symbol: String
  /// A unit's name, a category's title, or `Categories`.
  public var text: String
  /// A unit's category, when the list holds units of every category (a filter over the
  /// categories); nil otherwise.
  public var detail: String?
  /// The unit or category in use: a check mark.
  public var isChecked: Bool

  /// A line of the list.
  public init(
    kind: Kind, symbol: String = "", text: String, detail: String? = nil, isChecked: Bool = false
  ) {
    self.kind = kind
    self.symbol = symbol
    self.text = text
    self.detail = detail
    self.isChecked = isChecked
  }

  /// The line as a screen reader says it: `km, kilometre`, `Length`, `back to the categories`.
  public var spoken: String {
    switch kind {
    case .back: tr("back to the categories")
    case .category: text
    case .unit: [symbol, text, detail].compactMap { $0 }.joined(separator: ", ")
    case .download, .note: [text, detail].compactMap { $0 }.joined(separator: ", ")
    }
  }
}
