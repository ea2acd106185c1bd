import CalculatorCore
import CalculatorLayout

extension WindowState {
  /// Opens the picker on `side`'s unit: its category's units, that unit selected.
  mutating func openPicker(_ side: UnitSide) {
    guard showsConvert else { return }
    closeOverlays()
    highlight = nil
    picker = UnitPicker(side: side, stage: .units(convert.category))
    selectChecked()
  }

  /// Ctrl+U: opens the picker on the display's unit, or closes it.
  mutating func togglePicker() {
    if picker != nil {
      picker = nil
    } else {
      openPicker(.from)
    }
  }

  /// The picker's rows now.
  var pickerRows: [UnitPicker.Row] { picker?.rows(rates: rates.stored) ?? [] }

  /// The unit a side would have in `category`: the one shown, or that category's last pair's.
  private func unitSymbol(_ side: UnitSide, in category: UnitCategory) -> String {
    if category == convert.category, let units = convertUnits {
      return side == .from ? units.from.symbol : units.to.symbol
    }
    let pair = convert.pair(for: category)
    return side == .from ? pair.from : pair.to
  }

  /// Whether a row shows a check mark: the category shown, or the unit the side has.
  private func isChecked(_ row: UnitPicker.Row, side: UnitSide) -> Bool {
    switch row {
    case .back: false
    case .category(let category): category == convert.category
    case .unit(let unit): unit.symbol == unitSymbol(side, in: unit.category)
    }
  }

  /// Selects the checked row (the unit or category in use), else the first that picks.
  private mutating func selectChecked() {
    guard let side = picker?.side else { return }
    let rows = pickerRows
    selectPickerLine(
      rows.firstIndex { isChecked($0, side: side) } ?? rows.firstIndex { $0 != .back }
        ?? (rows.isEmpty ? nil : 0))
  }

  /// Rows the picker shows at once.
  private var pickerPage: Int { max(layout.picker?.rows.count ?? 1, 1) }

  /// Selects the row at `selection` (none: nil) and scrolls the list as little as it takes to
  /// show it.
  private mutating func selectPickerLine(_ selection: Int?) {
    guard var open = picker else { return }
    open.selection = selection
    let count = pickerRows.count
    if let selection = open.selection {
      open.offset = min(open.offset, selection)
      open.offset = max(open.offset, selection - pickerPage + 1)
    }
    open.offset = min(max(open.offset, 0), max(count - pickerPage, 0))
    picker = open
  }

  /// A key of the open picker.
  mutating func perform(_ command: PickerCommand) {
    guard var open = picker else { return }
    let count = pickerRows.count
    func select(_ index: Int) { selectPickerLine(count == 0 ? nil : min(max(index, 0), count - 1)) }
    let current = open.selection
    switch command {
    case .previous: select(current.map { $0 - 1 } ?? count - 1)
    case .next: select(current.map { $0 + 1 } ?? 0)
    case .previousPage: select((current ?? 0) - (pickerPage - 1))
    case .nextPage: select((current ?? 0) + (pickerPage - 1))
    case .first: select(0)
    case .last: select(count - 1)
    case .choose: if let current { choosePickerRow(current) }
    case .back: pickerBack()
    case .switchSide:
      picker = UnitPicker(side: open.side.other, stage: .units(convert.category))
      selectChecked()
    case .deleteBackward:
      guard !open.filter.isEmpty else { return }
      open.filter.removeLast()
      filterChanged(open)
    case .type(let character):
      guard open.filter.count < 32 else { return }
      open.filter.append(character)
      filterChanged(open)
    }
  }

  /// The filter changed: the best match is selected (the row in use when nothing is typed).
  private mutating func filterChanged(_ open: UnitPicker) {
    picker = open
    picker?.offset = 0
    if open.filter.isEmpty { return selectChecked() }
    let rows = pickerRows
    selectPickerLine(
      rows.firstIndex { if case .unit = $0 { true } else { false } }
        ?? (rows.isEmpty ? nil : rows.firstIndex { $0 != .back } ?? 0))
  }

  /// Escape: a category's units go back to the categories (the filter cleared); the categories
  /// close the picker.
  private mutating func pickerBack() {
    guard let open = picker else { return }
    guard case .units(let category) = open.stage else {
      picker = nil
      return
    }
    picker = UnitPicker(side: open.side, stage: .categories)
    selectPickerLine(pickerRows.firstIndex(of: .category(category)))
  }

  /// Acts on a row: back to the categories, into a category, or a unit picked for the side.
  ///
  /// A unit picked closes the picker. A unit of another category shows that category, with its
  /// last pair's other unit; a unit the other side has already takes that side's place (they
  /// swap).
  mutating func choosePickerRow(_ index: Int) {
    guard let open = picker else { return }
    let rows = pickerRows
    guard rows.indices.contains(index) else { return }
    switch rows[index] {
    case .back:
      pickerBack()
    case .category(let category):
      picker = UnitPicker(side: open.side, stage: .units(category))
      selectChecked()
    case .unit(let unit):
      let category = unit.category
      var pair = UnitPair(
        from: unitSymbol(.from, in: category), to: unitSymbol(.to, in: category))
      if open.side == .from {
        if pair.to == unit.symbol { pair.to = pair.from }
        pair.from = unit.symbol
      } else {
        if pair.from == unit.symbol { pair.from = pair.to }
        pair.to = unit.symbol
      }
      convert.category = category
      convert.pair = pair
      picker = nil
    }
  }

  /// Button 1 while the picker is open: a tab picks that side, a row is chosen, a click
  /// elsewhere on the panel does nothing and one outside it closes the picker.
  mutating func pickerPressed(at point: Point) {
    guard let open = picker, let panel = layout.picker else { return }
    guard panel.panel.contains(point) else {
      picker = nil
      return
    }
    if let side = panel.side(at: point), side != open.side {
      perform(.switchSide)
    } else if let slot = panel.row(at: point), open.offset + slot < pickerRows.count {
      choosePickerRow(open.offset + slot)
    }
  }

  /// The wheel over the open picker: its list scrolls a row a tick.
  mutating func scrollPicker(by rows: Int) {
    guard let open = picker else { return }
    let offset = min(max(open.offset + rows, 0), max(pickerRows.count - pickerPage, 0))
    picker?.offset = offset
  }

  /// Button 1 on the Convert lines: a unit's button opens the picker, the swap key swaps;
  /// false when the point is on neither.
  mutating func convertPressed(at point: Point) -> Bool {
    guard let units = convertUnits,
      let control = layout.convert?.control(
        at: point, symbols: (units.from.symbol, units.to.symbol))
    else { return false }
    switch control {
    case .unit(let side): openPicker(side)
    case .swap: swapUnits()
    }
    return true
  }

  /// The picker as the frame shows it.
  var pickerView: PickerView? {
    guard let open = picker, let units = convertUnits else { return nil }
    let isSearch = open.stage == .categories
    let lines = pickerRows.map { row -> PickerLine in
      let checked = isChecked(row, side: open.side)
      switch row {
      case .back: return PickerLine(kind: .back, text: "Categories")
      case .category(let category):
        return PickerLine(kind: .category, text: category.title, isChecked: checked)
      case .unit(let unit):
        return PickerLine(
          kind: .unit, symbol: unit.symbol, text: unit.name,
          detail: isSearch ? unit.category.title : nil, isChecked: checked)
      }
    }
    return PickerView(
      side: open.side, tabs: [units.from.symbol, units.to.symbol], filter: open.filter,
      lines: lines, selection: open.selection, offset: open.offset)
  }
}
