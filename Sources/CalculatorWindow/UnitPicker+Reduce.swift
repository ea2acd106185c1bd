import CalculatorCore
import CalculatorLayout

extension UnitPicker {
  /// What the picker is given of the window: the rates, Convert's settings, the units the lines
  /// show, and how many rows show at once.
  struct Context {
    /// The currency rates, whose currencies the lists hold.
    var rates: CurrencyRates?
    /// Convert's category and pairs.
    var convert: ConvertSettings
    /// The symbols of the units the lines show (nil without the lines).
    var shown: (from: String, to: String)?
    /// Rows the picker shows at once.
    var page: Int
    /// `Download rates` in the currencies' list, when offered or running.
    var download: Download? = nil

    /// The unit a side would have in `category`: the one shown, or that category's last pair's.
    func unitSymbol(_ side: UnitSide, in category: UnitCategory) -> String {
      if category == convert.category, let shown {
        return side == .from ? shown.from : shown.to
      }
      let pair = convert.pair(for: category)
      return side == .from ? pair.from : pair.to
    }

    /// Whether a row shows a check mark: the category shown, or one of the two units the
    /// lines show, and no unit of another category (docs/SPEC.md section 14.7).
    func isChecked(_ row: Row) -> Bool {
      switch row {
      case .back, .downloadRates, .noMatch: false
      case .category(let category): category == convert.category
      case .unit(let unit):
        unit.category == convert.category
          && [UnitSide.from, .to].contains { unit.symbol == unitSymbol($0, in: unit.category) }
      }
    }

    /// Whether a row is what the side has: the category shown, or the side's unit in a
    /// category (its last pair's there), which the picker selects when it lists it.
    func isCurrent(_ row: Row, side: UnitSide) -> Bool {
      switch row {
      case .back, .downloadRates, .noMatch: false
      case .category(let category): category == convert.category
      case .unit(let unit): unit.symbol == unitSymbol(side, in: unit.category)
      }
    }
  }

  /// The rows of the list in `context`.
  func rows(_ context: Context) -> [Row] {
    rows(rates: context.rates, download: context.download)
  }

  /// What changes the open picker.
  enum Action {
    /// A key of the open picker.
    case command(PickerCommand)
    /// A row chosen (a click, a screen reader).
    case choose(row: Int)
    /// The wheel: the list scrolls a row a tick.
    case scroll(by: Int)
    /// Button 1: a tab picks that side, a row is chosen, elsewhere on the panel nothing, and
    /// outside it the picker closes.
    case press(Point, PickerLayout)
    /// The window's size changed, and with it how many rows show: the list scrolls back within
    /// its rows, keeping the selected one in view.
    case resized
  }

  /// What the picker tells the window.
  enum Outcome: Equatable {
    /// The picker closes, nothing picked.
    case close
    /// A unit was picked: Convert shows this category with this pair, and the picker closes.
    case picked(UnitCategory, UnitPair)
    /// `Download rates` chosen: the download starts, the picker stays.
    case download
  }

  /// The picker opened on `side` over `category`'s units, the one in use selected.
  init(side: UnitSide, category: UnitCategory, context: Context) {
    self.init(side: side, stage: .units(category))
    selectChecked(context)
  }

  /// Applies `action`; what the window must do, if anything.
  mutating func reduce(_ action: Action, in context: Context) -> Outcome? {
    switch action {
    case .command(let command): return perform(command, context)
    case .choose(let index): return choose(index, context)
    case .scroll(let ticks):
      let count = rows(context).count
      offset = min(max(offset + ticks, 0), max(count - context.page, 0))
    case .press(let point, let panel):
      guard panel.panel.contains(point) else { return .close }
      if let tab = panel.side(at: point), tab != side {
        return perform(.switchSide, context)
      } else if let slot = panel.row(at: point), offset + slot < rows(context).count {
        return choose(offset + slot, context)
      }
    case .resized: select(selection, context)
    }
    return nil
  }

  /// A key: Up, Down, PageUp, PageDown, Home and End move the selection, Return chooses it,
  /// Escape goes back, Tab picks the other side's unit, BackSpace and a character edit the
  /// filter.
  private mutating func perform(_ command: PickerCommand, _ context: Context) -> Outcome? {
    let count = rows(context).count
    func select(_ index: Int) {
      self.select(count == 0 ? nil : min(max(index, 0), count - 1), context)
    }
    let current = selection
    switch command {
    case .previous: select(current.map { $0 - 1 } ?? count - 1)
    case .next: select(current.map { $0 + 1 } ?? 0)
    case .previousPage: select((current ?? 0) - (context.page - 1))
    case .nextPage: select((current ?? 0) + (context.page - 1))
    case .first: select(0)
    case .last: select(count - 1)
    case .choose: if let current { return choose(current, context) }
    case .back: return back(context)
    case .switchSide:
      self = UnitPicker(side: side.other, category: context.convert.category, context: context)
    case .deleteBackward:
      guard !filter.isEmpty else { return nil }
      filter.removeLast()
      filterChanged(context)
    case .type(let character):
      guard filter.count < 32 else { return nil }
      filter.append(character)
      filterChanged(context)
    }
    return nil
  }

  /// Selects the row at `index` (none: nil) and scrolls the list as little as it takes to
  /// show it.
  private mutating func select(_ index: Int?, _ context: Context) {
    selection = index
    let count = rows(context).count
    if let index {
      offset = min(offset, index)
      offset = max(offset, index - context.page + 1)
    }
    offset = min(max(offset, 0), max(count - context.page, 0))
  }

  /// Selects the checked row (the unit or category in use), else the first that picks.
  private mutating func selectChecked(_ context: Context) {
    let rows = rows(context)
    select(
      rows.firstIndex { context.isCurrent($0, side: side) } ?? rows.firstIndex(where: \.picks)
        ?? (rows.isEmpty ? nil : 0), context)
  }

  /// The filter changed: the best match is selected (the row in use when nothing is typed).
  private mutating func filterChanged(_ context: Context) {
    offset = 0
    if filter.isEmpty { return selectChecked(context) }
    let rows = rows(context)
    select(
      rows.firstIndex { if case .unit = $0 { true } else { false } }
        ?? rows.firstIndex(where: \.picks), context)
  }

  /// Escape: a category's units go back to the categories (the filter cleared); the categories
  /// close the picker.
  private mutating func back(_ context: Context) -> Outcome? {
    guard case .units(let category) = stage else { return .close }
    self = UnitPicker(side: side, stage: .categories)
    select(rows(context).firstIndex(of: .category(category)), context)
    return nil
  }

  /// Acts on a row: back to the categories, into a category, or a unit picked for the side.
  ///
  /// A unit of another category shows that category, with its last pair's other unit; a unit
  /// the other side has already takes that side's place (they swap).
  private mutating func choose(_ index: Int, _ context: Context) -> Outcome? {
    let rows = rows(context)
    guard rows.indices.contains(index) else { return nil }
    switch rows[index] {
    case .back: return back(context)
    case .noMatch: return nil
    case .downloadRates: return context.download == .running ? nil : .download
    case .category(let category):
      self = UnitPicker(side: side, category: category, context: context)
      return nil
    case .unit(let unit):
      let category = unit.category
      var pair = UnitPair(
        from: context.unitSymbol(.from, in: category), to: context.unitSymbol(.to, in: category))
      if side == .from {
        if pair.to == unit.symbol { pair.to = pair.from }
        pair.from = unit.symbol
      } else {
        if pair.from == unit.symbol { pair.from = pair.to }
        pair.to = unit.symbol
      }
      return .picked(category, pair)
    }
  }

  /// The picker as the frame shows it, with the units the lines show.
  func view(units: ConvertUnits, context: Context) -> PickerView {
    let isSearch = stage == .categories
    let lines = rows(context).map { row -> PickerLine in
      let checked = context.isChecked(row)
      switch row {
      case .back: return PickerLine(kind: .back, text: tr("Categories"))
      case .noMatch: return PickerLine(kind: .note, text: ConvertUnits.noUnitMatches)
      case .downloadRates:
        if context.download == .running {
          return PickerLine(kind: .download, text: ConvertUnits.downloadingRates)
        }
        if case .offered(let failure?) = context.download {
          return PickerLine(kind: .download, text: ConvertUnits.downloadRates, detail: failure)
        }
        return PickerLine(kind: .download, text: ConvertUnits.downloadRates)
      case .category(let category):
        return PickerLine(kind: .category, text: category.title, isChecked: checked)
      case .unit(let unit):
        let unrated =
          unit.category == .currency && unit.symbol != Currency.euro
          && context.rates?.perEuro(unit.symbol) == nil
        return PickerLine(
          kind: .unit, symbol: unit.symbol, text: unit.shownName,
          detail: unrated
            ? tr("no rate yet")
            : isSearch || stage != .units(unit.category)
              ? unit.category.title : nil,
          isChecked: checked)
      }
    }
    return PickerView(
      side: side, tabs: [units.from.symbol, units.to.symbol], filter: filter, lines: lines,
      selection: selection, offset: offset)
  }
}
