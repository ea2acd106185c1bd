import CX11
import CalculatorCore
import CalculatorLayout
import CalculatorRender

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
let pickerBindings: [(keysym: KeySym, command: PickerCommand)] = [
  //  keysym                    command
  (KeySym(XK_Up),               .previous),
  (KeySym(XK_KP_Up),            .previous),
  (KeySym(XK_Down),             .next),
  (KeySym(XK_KP_Down),          .next),
  (KeySym(XK_Prior),            .previousPage),
  (KeySym(XK_KP_Prior),         .previousPage),
  (KeySym(XK_Next),             .nextPage),
  (KeySym(XK_KP_Next),          .nextPage),
  (KeySym(XK_Home),             .first),
  (KeySym(XK_KP_Home),          .first),
  (KeySym(XK_End),              .last),
  (KeySym(XK_KP_End),           .last),
  (KeySym(XK_Return),           .choose),
  (KeySym(XK_KP_Enter),         .choose),
  (KeySym(XK_Escape),           .back),
  (KeySym(XK_Tab),              .switchSide),
  (KeySym(XK_ISO_Left_Tab),     .switchSide),
  (KeySym(XK_BackSpace),        .deleteBackward),
]

extension PickerCommand {
  /// The character a keysym types into the filter without Ctrl, Alt or the logo key: Latin-1
  /// and Unicode keysyms (`µ` is 0xb5), keypad digits and point; nil for any other key.
  static func typing(_ keysym: KeySym, modifiers: KeyModifiers) -> PickerCommand? {
    guard modifiers.subtracting(.shift).isEmpty else { return nil }
    let code: UInt32
    switch keysym {
    case 0x20...0x7e, 0xa0...0xff: code = UInt32(keysym)
    case 0x100_0020...0x110_ffff: code = UInt32(keysym - 0x100_0000)
    case KeySym(XK_KP_0)...KeySym(XK_KP_9): code = UInt32(keysym - KeySym(XK_KP_0)) + 0x30
    case KeySym(XK_KP_Decimal): code = 0x2e
    default: return nil
    }
    return Unicode.Scalar(code).map { .type(Character($0)) }
  }
}

extension WindowState {
  /// Whether the Convert lines show: on, in Basic or Scientific (docs/SPEC.md section 10.4).
  var showsConvert: Bool { convert.isOn && mode != .tip }

  /// The units the lines show, with the caption under a currency; nil without the lines.
  var convertUnits: ConvertUnits? {
    guard showsConvert else { return nil }
    let (from, to) = convert.pair.shown(in: convert.category, rates: rates)
    let caption =
      convert.category == .currency ? ConvertUnits.ratesCaption(rates, update: ratesUpdate) : nil
    return ConvertUnits(from: from, to: to, caption: caption)
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
  var pickerRows: [UnitPicker.Row] { picker?.rows(rates: rates) ?? [] }

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
      case .back: return PickerLine(kind: .back, text: tr("Categories"))
      case .category(let category):
        return PickerLine(kind: .category, text: category.title, isChecked: checked)
      case .unit(let unit):
        return PickerLine(
          kind: .unit, symbol: unit.symbol, text: unit.shownName,
          detail: isSearch ? unit.category.title : nil, isChecked: checked)
      }
    }
    return PickerView(
      side: open.side, tabs: [units.from.symbol, units.to.symbol], filter: open.filter,
      lines: lines, selection: open.selection, offset: open.offset)
  }

  /// Whether the window needs the stored rates read: the currencies show in the lines or may
  /// show in the picker.
  var needsRates: Bool {
    showsConvert && (convert.category == .currency || picker != nil)
  }

  /// Whether to start a background update of the rates at `now` (seconds since 1970), the
  /// stored file last replaced at `stored` (nil: no file): while currencies show, none running,
  /// at most one a day from this window, and only when the rates are a day old or missing
  /// (docs/SPEC.md section 10.4).
  func wantsRatesUpdate(now: Int, stored: @autoclosure () -> Int?) -> Bool {
    let day = 86_400
    guard showsConvert, convert.category == .currency, ratesUpdate != .running else {
      return false
    }
    if let attempt = ratesAttempt, now - attempt < day { return false }
    guard rates != nil, let stored = stored() else { return true }
    return now - stored >= day
  }
}
