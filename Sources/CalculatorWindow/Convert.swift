import CalculatorCore
import CalculatorLayout

/// What the window remembers of Convert between runs (docs/SPEC.md section 10.4): whether the
/// lines show, the category they show, and the last pair of units of each category.
///
/// Kept in the window-size file after its first line (`WindowSizeStore`), one line each:
///
///     convert on length
///     pair length km mi
///     pair currency USD EUR
///     pair fuel economy L/100km mpg
///
/// A line that is not one of these, or names a category or unit that does not exist, is
/// skipped: the rest still counts (older versions read the first line only).
public struct ConvertSettings: Equatable, Sendable {
  /// Settings as at a first launch: the lines hidden, length, the standard pairs.
  public init() {}

  /// Whether the Convert lines show (in Basic and Scientific).
  public var isOn = false
  /// The category of the units shown.
  public var category: UnitCategory = .length
  /// The pairs chosen, by category; a category not here shows its standard pair.
  public var pairs: [UnitCategory: UnitPair] = [:]

  /// The pair of units of `category`: the last one chosen, or its standard pair.
  public func pair(for category: UnitCategory) -> UnitPair {
    pairs[category] ?? UnitPair.standard(for: category)
  }

  /// The pair of the category shown.
  public var pair: UnitPair {
    get { pair(for: category) }
    set { pairs[category] = newValue }
  }

  /// The lines it is saved as; none while nothing differs from a first launch's (the file then
  /// reads as older versions wrote it).
  public var lines: [String] {
    guard self != ConvertSettings() else { return [] }
    return ["convert \(isOn ? "on" : "off") \(category.rawValue)"]
      + UnitCategory.allCases.compactMap { category in
        pairs[category].map { "pair \(category.rawValue) \($0.from) \($0.to)" }
      }
  }

  /// Takes in one saved line; false, changing nothing, for a line it does not know.
  @discardableResult
  public mutating func read(_ line: Substring) -> Bool {
    let fields = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
    switch fields.first {
    case "convert":
      // A category's name may hold a space (`fuel economy`); a symbol never does.
      guard fields.count >= 3, ["on", "off"].contains(fields[1]),
        let category = UnitCategory(rawValue: fields[2...].joined(separator: " "))
      else { return false }
      isOn = fields[1] == "on"
      self.category = category
    case "pair":
      guard fields.count >= 4 else { return false }
      let (from, to) = (fields[fields.count - 2], fields[fields.count - 1])
      let name = fields[1..<fields.count - 2].joined(separator: " ")
      guard let category = UnitCategory(rawValue: name), ConvertSettings.isUnit(from, of: category),
        ConvertSettings.isUnit(to, of: category)
      else { return false }
      pairs[category] = UnitPair(from: from, to: to)
    default:
      return false
    }
    return true
  }

  /// Whether `symbol` can be a unit of `category`: one of its table's, or for a currency a
  /// code of three capital letters (the day's rates decide which show).
  static func isUnit(_ symbol: String, of category: UnitCategory) -> Bool {
    guard category == .currency else {
      return UnitTable.units(in: category, rates: nil).contains { $0.symbol == symbol }
    }
    return symbol.utf8.count == 3 && symbol.utf8.allSatisfy { (65...90).contains($0) }
  }
}

/// The currency rates in the window (docs/SPEC.md section 10.4): read when currencies first
/// show, refreshed at most once a day by a background update the front end runs.
struct RatesState: Equatable, Sendable {
  /// What happened to the rates.
  enum Action {
    /// The stored rates were read (nil without them), stored at `storedAt` (seconds since
    /// 1970; nil: unknown).
    case read(CurrencyRates?, storedAt: Int?)
    /// An update started at `at` (seconds since 1970), or could not.
    case updateStarted(at: Int, isRunning: Bool)
    /// The update ended: the rates stored now (the new ones, or the old ones kept), and what
    /// failed.
    case updateEnded(CurrencyRates?, storedAt: Int?, succeeded: Bool, failure: String?)
  }

  /// The rates stored in the cache folder, once read (nil without them).
  var stored: CurrencyRates?
  /// Whether the stored rates have been read.
  var hasRead = false
  /// The background update: none, running, or the last one failed.
  var update = RatesUpdateStatus.idle
  /// When this window last started an update, in seconds since 1970.
  var attempt: Int?
  /// When the stored rates' file was written, in seconds since 1970 (nil: unknown).
  var storedAt: Int?
  /// What the last download that failed said failed (nil: it said nothing, or none failed).
  var failure: String?

  mutating func reduce(_ action: Action) {
    switch action {
    case .read(let rates, let storedAt):
      hasRead = true
      stored = rates
      self.storedAt = storedAt
    case .updateStarted(let now, let isRunning):
      attempt = now
      update = isRunning ? .running : .failed
      failure = nil
    case .updateEnded(let rates, let storedAt, let succeeded, let failure):
      if let rates {
        stored = rates
        self.storedAt = storedAt ?? self.storedAt
      }
      update = succeeded ? .idle : .failed
      self.failure = succeeded || failure?.isEmpty != false ? nil : failure
    }
  }

  /// Whether the rates are missing or their file is more than a day older than `now`
  /// (seconds since 1970).
  func isStale(at now: Int) -> Bool {
    stored == nil || storedAt.map { now - $0 > 86_400 } ?? false
  }

  /// Whether `Download rates` is offered (docs/SPEC.md section 14.6): none runs, and the
  /// rates are missing or a day old, or the last download failed.
  func offersDownload(at now: Int) -> Bool {
    update != .running && (isStale(at: now) || update == .failed)
  }
}

extension WindowState {
  /// Whether the Convert lines show: on, in Basic or Scientific (docs/SPEC.md section 10.4).
  var showsConvert: Bool { convert.isOn && mode != .tip }

  /// The units the lines show, with the caption under a currency; nil without the lines.
  var convertUnits: ConvertUnits? {
    guard showsConvert else { return nil }
    let (from, to) = convert.pair.shown(in: convert.category, rates: rates.stored)
    let caption =
      convert.category == .currency
      ? ConvertUnits.ratesCaption(
        rates.stored, update: rates.update, failure: rates.failure,
        isStale: rates.offersDownload(at: seconds)) : nil
    return ConvertUnits(from: from, to: to, caption: caption)
  }

  /// The clock of the action being reduced, in seconds since 1970.
  var seconds: Int { Int(stamp / 1_000_000_000) }

  /// `Download rates`, from the picker or the caption (docs/SPEC.md section 14.6): the same
  /// download as `--update-rates`, in the background, whatever the day's attempts; nothing
  /// while one runs.
  mutating func downloadRates() {
    guard rates.update != .running else { return }
    requested.append(.startRatesUpdate(unlessStoredAfter: nil))
  }

  /// Ctrl+4 or the menu's Convert: shows or hides the lines.
  ///
  /// In Tip & Split it shows the calculator (Basic) with them. The minimum window size stays
  /// the mode's.
  mutating func toggleConvert() {
    highlight = nil
    picker = nil
    if mode == .tip {
      convert.isOn = true
      switchMode(to: .basic)
    } else {
      convert.isOn.toggle()
    }
  }

  /// The swap key (Ctrl+S): the two units change places; the display keeps its number.
  mutating func swapUnits() {
    guard let units = convertUnits else { return }
    picker = nil
    convert.pair = UnitPair(from: units.to.symbol, to: units.from.symbol)
  }

  /// Whether the window needs the stored rates read: the currencies show in the lines or may
  /// show in the picker.
  var needsRates: Bool {
    showsConvert && (convert.category == .currency || picker != nil)
  }

  /// After each action: read the stored rates when currencies first show; then, while they
  /// show, start a background update when one is due (docs/SPEC.md section 10.4): none
  /// running, at most one a day from this window, and only when the rates are missing or their
  /// file is a day old (which the front end checks: `.startRatesUpdate(unlessStoredAfter:)`).
  func ratesEffect() -> WindowEffect? {
    guard needsRates else { return nil }
    guard rates.hasRead else { return .readRates }
    let day = 86_400
    let now = Int(stamp / 1_000_000_000)
    guard convert.category == .currency, rates.update != .running else { return nil }
    if let attempt = rates.attempt, now - attempt < day { return nil }
    return .startRatesUpdate(unlessStoredAfter: rates.stored == nil ? nil : now - day)
  }
}
