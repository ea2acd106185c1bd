import CalculatorCore
import CalculatorLayout

/// What a key does while the unit picker is open.
enum PickerCommand: Hashable, Sendable {
  case previous, next, previousPage, nextPage, first, last
  /// Return: chooses the selected row.
  case choose
  /// Escape: from the units back to the categories, from the categories out.
  case back
  /// Tab: picks the other side's unit.
  case switchSide
  /// BackSpace: deletes the filter's last character.
  case deleteBackward
  /// A character typed into the filter.
  case type(Character)
}

// swift-format-ignore
/// The keys of the open unit picker; any printable character types into its filter, any other
/// key closes it and acts (docs/SPEC.md section 10.4).
let pickerBindings: [(keysym: KeySymbol, command: PickerCommand)] = [
  //  keysym                    command
  (.up,                         .previous),
  (.kpUp,                       .previous),
  (.down,                       .next),
  (.kpDown,                     .next),
  (.prior,                      .previousPage),
  (.kpPrior,                    .previousPage),
  (.next,                       .nextPage),
  (.kpNext,                     .nextPage),
  (.home,                       .first),
  (.kpHome,                     .first),
  (.end,                        .last),
  (.kpEnd,                      .last),
  (.returnKey,                  .choose),
  (.kpEnter,                    .choose),
  (.escape,                     .back),
  (.tab,                        .switchSide),
  (.isoLeftTab,                 .switchSide),
  (.backSpace,                  .deleteBackward),
]

extension PickerCommand {
  /// The character a key types into the filter (`Keystroke.typedCharacter`); nil for any other
  /// key.
  static func typing(_ stroke: Keystroke) -> PickerCommand? {
    stroke.typedCharacter.map(PickerCommand.type)
  }
}

/// The open unit picker (docs/SPEC.md section 10.4): which side's unit it picks, the list it
/// shows, what was typed to filter it, the selected row and the scrolling.
///
/// A list of categories, or of one category's units (under a row back to the categories).
/// Typing filters by symbol or name over every unit of every category, from any list (over the
/// categories, the categories whose title matches first; over a category's units, its own
/// first); nothing matched says so (docs/SPEC.md section 14.7).
struct UnitPicker: Equatable, Sendable {
  /// What the list holds.
  enum Stage: Equatable, Sendable {
    case categories
    case units(UnitCategory)
  }

  /// One row of the list.
  enum Row: Equatable, Sendable {
    /// Back to the categories.
    case back
    /// A category: lists its units.
    case category(UnitCategory)
    /// A unit: picks it.
    case unit(ConversionUnit)
    /// `Download rates` (docs/SPEC.md section 14.6).
    case downloadRates
    /// `No unit matches`: the filter matched nothing.
    case noMatch
  }

  /// `Download rates` in the currencies' list: offered (after a failure, with what failed),
  /// or running.
  enum Download: Equatable, Sendable {
    case offered(failure: String?)
    case running
  }

  /// The unit being picked.
  var side: UnitSide
  var stage: Stage
  /// What was typed, as typed.
  var filter = ""
  /// The selected row, an index into `rows`.
  var selection: Int?
  /// The first row that shows.
  var offset = 0

  /// The rows of the list, with the currencies of `rates` and, before them, `download`.
  func rows(rates: CurrencyRates?, download: Download? = nil) -> [Row] {
    var rows: [Row]
    switch stage {
    case .categories:
      rows = UnitCategory.allCases.filter {
        filter.isEmpty || $0.title.lowercased().contains(part: filter.lowercased())
      }.map(Row.category)
      if !filter.isEmpty {
        rows += UnitPicker.matching(UnitPicker.allUnits(rates: rates), filter).map(Row.unit)
      }
    case .units(let category):
      rows = [.back]
      if filter.isEmpty {
        if category == .currency, download != nil { rows.append(.downloadRates) }
        rows += UnitPicker.units(in: category, rates: rates).map(Row.unit)
      } else {
        // Every category's units, the open one's first on a tie.
        let others = UnitCategory.allCases.filter { $0 != category }
        let units = ([category] + others).flatMap { UnitPicker.units(in: $0, rates: rates) }
        rows += UnitPicker.matching(units, filter).map(Row.unit)
      }
    }
    if !filter.isEmpty, !rows.contains(where: \.picks) { rows.append(.noMatch) }
    return rows
  }

  /// A category's units as the picker lists them: the currencies the rates have, then the
  /// others CircleCalc knows (docs/SPEC.md section 14.6).
  static func units(in category: UnitCategory, rates: CurrencyRates?) -> [ConversionUnit] {
    UnitTable.units(in: category, rates: rates)
      + (category == .currency ? Currency.unrated(rates: rates) : [])
  }

  /// Every unit of every category, in the categories' order.
  static func allUnits(rates: CurrencyRates?) -> [ConversionUnit] {
    UnitCategory.allCases.flatMap { units(in: $0, rates: rates) }
  }

  /// The units that `filter` matches, best first: its symbol or another spelling exactly,
  /// then one starting with it, then a name starting with it, then any holding it (any case);
  /// all of them, in the table's order, for no filter.
  static func matching(_ units: [ConversionUnit], _ filter: String) -> [ConversionUnit] {
    guard !filter.isEmpty else { return units }
    let typed = filter.lowercased()
    func rank(_ unit: ConversionUnit) -> Int? {
      let symbols = [unit.symbol] + unit.aliases
      // The names in the user's language, and the English ones the command line reads.
      let names = [unit.shownName, unit.pluralName, unit.name, unit.plural].map {
        $0.lowercased()
      }
      if symbols.contains(filter) { return 0 }
      if symbols.contains(where: { $0.lowercased().hasPrefix(typed) }) { return 1 }
      if names.contains(where: { $0.hasPrefix(typed) }) { return 2 }
      if (symbols.map { $0.lowercased() } + names).contains(where: { $0.contains(part: typed) }) {
        return 3
      }
      return nil
    }
    return units.compactMap { unit in rank(unit).map { (unit, $0) } }
      .enumerated().sorted { ($0.element.1, $0.offset) < ($1.element.1, $1.offset) }
      .map(\.element.0)
  }
}

extension UnitPicker.Row {
  /// Whether choosing the row picks a unit or opens a category.
  var picks: Bool {
    switch self {
    case .category, .unit: true
    case .back, .downloadRates, .noMatch: false
    }
  }
}

extension StringProtocol {
  /// Whether `part` occurs in the text, character by character (the standard library's own
  /// `contains(_:)` for strings is _StringProcessing's, which the program does not import).
  func contains(part: some StringProtocol) -> Bool {
    part.isEmpty || indices.contains { self[$0...].starts(with: part) }
  }
}
