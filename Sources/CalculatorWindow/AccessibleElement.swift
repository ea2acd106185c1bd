import CalculatorCore
import CalculatorLayout

/// One element of the window as assistive technologies see it (docs/SPEC.md section 9.1).
///
/// Generic on purpose: the C bridge knows only these roles, names, boxes and states, so a new
/// keypad or mode is new data here, not new C. `init(frame:isActive:)` builds the whole tree
/// from the same `Frame` the renderer draws.
public struct AccessibleElement: Equatable, Sendable {
  /// What the element is, in AT-SPI's terms.
  public enum Role: Equatable, Sendable {
    /// The window.
    case frame
    /// A text that names or shows something.
    case label
    /// A list of items.
    case list
    /// An item of a list.
    case listItem
    /// A button.
    case pushButton
    /// A menu.
    case menu
    /// A line of a menu.
    case menuItem
    /// A line of a menu, one of a group of which one is checked.
    case radioMenuItem
    /// A line of a menu that is on or off.
    case checkMenuItem
    /// A field that holds typed text.
    case entry
    /// A status bar.
    case statusBar
    /// What a status bar says.
    case notification
  }

  /// What a `click` on the element does.
  public enum Target: Equatable, Sendable {
    /// Clicks a keypad cell.
    case cell(GridPosition)
    /// Chooses a line of the mode menu.
    case menuItem(MenuItem)
    /// Makes a Tip & Split field the active one.
    case field(TipField)
    /// A unit's button or the swap key of the Convert lines.
    case convert(ConvertControl)
    /// Picks a side's unit in the open unit picker.
    case pickerTab(UnitSide)
    /// Chooses a line of the open unit picker's list (an index into its lines).
    case pickerLine(Int)
  }

  /// What it is.
  public var role: Role
  /// What a screen reader says: the display text, a row of the strip, a key's spoken name, a
  /// field's title.
  public var name: String
  /// The element's box in window pixels.
  public var bounds: Rect
  /// An entry's text: a Tip & Split field's value as shown (`84.50`, `15%`, `3`).
  public var text: String? = nil
  /// The index among its siblings of the label that names it (an entry's title).
  public var labelledBy: Int? = nil
  /// On: the pending operator, `2nd` while on, the angle key in radians, the current mode.
  public var isChecked = false
  /// Can take the keyboard focus: the display, keys, fields, menus and their lines, the
  /// shortcuts overlay.
  public var isFocusable = false
  /// The key or field inside the focus ring, the menu line the keyboard selected, the open menu
  /// while none is, the shortcuts overlay; without any of them, where typing goes: the
  /// display, or in Tip & Split the active field.
  public var isFocused = false
  /// One of siblings of which one is selected: the Tip & Split fields, the menu's lines, the
  /// strip's rows and the side panel's lines.
  public var isSelectable = false
  /// The selected one: the Tip & Split field that typing goes into (the active field), the menu
  /// line the keyboard selected, the tape's row under the row cursor (or in the side panel, its
  /// line).
  public var isSelected = false
  /// The frame while the window has the keyboard focus.
  public var isActive = false
  /// What the element's `click` action does (push buttons and menu items), or what taking the
  /// focus does (fields).
  public var target: Target? = nil
  /// Its children, in reading order.
  public var children: [AccessibleElement] = []
}

extension AccessibleElement {
  /// The element and its children, none active or focused.
  public var withoutFocus: AccessibleElement {
    var element = self
    element.isActive = false
    element.isFocused = false
    element.children = children.map(\.withoutFocus)
    return element
  }

  /// The frame of a window showing `frame`: the display (a label named with the display text),
  /// the history strip (a list of the rows it shows, oldest first) or in tip mode the fields and
  /// results, one push button per key, row by row, the status bar that speaks, then the mode
  /// menu or the shortcuts overlay while one shows, which then has the focus.
  public init(frame: Frame, isActive: Bool) {
    let layout = frame.layout
    let window = Rect(x: 0, y: 0, width: Double(frame.width), height: Double(frame.height))
    self.init(role: .frame, name: "CircleCalc", bounds: window, isActive: isActive)
    if frame.mode == .tip {
      // A window too small for any circle has no Tip & Split screen to read.
      if let tipLayout = layout.tipLayout {
        children += AccessibleElement.tipScreen(of: frame, layout: tipLayout)
      }
    } else {
      children += AccessibleElement.calculatorScreen(of: frame, layout: layout)
    }
    if !layout.isEmpty { children += AccessibleElement.keys(of: frame, layout: layout) }
    children.append(AccessibleElement.statusBar)
    guard !layout.isEmpty else { return }
    if let selection = frame.menuSelection, let menu = layout.menu {
      children.append(
        AccessibleElement.menu(
          menu, selection: selection, mode: frame.mode, order: frame.order,
          converts: layout.converts))
    } else if let picker = frame.picker, let panel = layout.picker {
      children.append(AccessibleElement.picker(picker, layout: panel))
    } else if let lines = frame.shortcuts {
      var overlay = AccessibleElement(
        role: .list, name: tr("Keyboard Shortcuts"), bounds: window, isFocusable: true,
        isFocused: true)
      overlay.children = lines.map {
        AccessibleElement(role: .listItem, name: "\($0.keys): \($0.action)", bounds: window)
      }
      children.append(overlay)
    }
  }

  /// Whether the focus ring's key or field has the focus: not while the menu or the shortcuts
  /// overlay shows, which take it.
  static func ringHasFocus(_ frame: Frame) -> Bool {
    frame.menuSelection == nil && frame.shortcuts == nil && frame.picker == nil
  }

  /// Whether where typing goes has the focus: the display, or the active field.
  ///
  /// So a screen reader's where-am-I reads it; the ring on a key, the menu and the overlay take
  /// the focus.
  static func typingHasFocus(_ frame: Frame) -> Bool {
    ringHasFocus(frame) && frame.focused == nil
  }

  /// Where the window's announcements are spoken from (`Accessibility.announce`): a notification
  /// in a status bar, with no box of its own, which screen readers speak without its role.
  static let statusBar = AccessibleElement(
    role: .statusBar, name: "", bounds: Rect.zero,
    children: [AccessibleElement(role: .notification, name: "", bounds: Rect.zero)])

  /// The display, focused while typing goes there, the tape strip and, in a wide window, the
  /// side panel (a list of its lines, each a finished calculation or a part of a long one).
  private static func calculatorScreen(of frame: Frame, layout: Layout) -> [AccessibleElement] {
    let display = AccessibleElement(
      role: .label,
      name: frame.convert.map { ConvertView.spoken(frame.display.text, in: $0.units.from) }
        ?? frame.display.text,
      bounds: layout.displayRect, isFocusable: true, isFocused: typingHasFocus(frame))
    var strip = AccessibleElement(role: .list, name: tr("history"), bounds: layout.historyRect)
    strip.children = frame.shownHistoryRows.map {  // past calculations too, above the current
      $0.isSelected
        ? selectedRow(of: frame, bounds: $0.rect, editedText: $0.isEdited ? $0.text : nil)
        : AccessibleElement(role: .listItem, name: $0.text, bounds: $0.rect)
    }
    let lines = convertLines(of: frame, layout: layout)
    guard !layout.tapePanel.isEmpty else { return [display, strip] + lines }
    var panel = AccessibleElement(
      role: .list, name: tr("past calculations"), bounds: layout.tapePanel)
    panel.children = frame.shownTapeLines.map { line in
      line.selectedRow.map { index in
        selectedRow(
          of: frame, bounds: line.rect, editedText: line.isEdited ? line.rows[index] : nil)
      } ?? AccessibleElement(role: .listItem, name: line.text, bounds: line.rect)
    }
    return [display, strip, panel] + lines
  }

  /// The Convert lines in reading order (docs/SPEC.md section 10.4): the swap key, the display's
  /// unit's button, the converted value (a label named with its unit, `22.37 miles`), the
  /// caption, its unit's button.
  private static func convertLines(of frame: Frame, layout: Layout) -> [AccessibleElement] {
    guard let view = frame.convert, let lines = layout.convert else { return [] }
    func button(_ side: UnitSide) -> AccessibleElement {
      let unit = view.unit(side)
      return AccessibleElement(
        role: .pushButton,
        name: (side == .from ? tr("convert from %s") : tr("convert to %s")).filling(
          unit.pluralName),
        bounds: lines.unitButton(side, holding: unit.symbol), isFocusable: true,
        target: .convert(.unit(side)))
    }
    var elements = [
      AccessibleElement(
        role: .pushButton, name: tr("swap units"), bounds: lines.swap.bounds, isFocusable: true,
        target: .convert(.swap)),
      button(.from),
      AccessibleElement(role: .label, name: view.spokenConverted, bounds: lines.convertedRect),
    ]
    if let caption = view.units.caption {
      elements.append(AccessibleElement(role: .label, name: caption, bounds: lines.toLine))
    }
    return elements + [button(.to)]
  }

  /// The open unit picker: a menu named for what it picks and what was typed, its two tabs and
  /// the list's lines that show as its items (the unit or category in use checked), the
  /// selected line selected and focused.
  private static func picker(_ picker: PickerView, layout: PickerLayout) -> AccessibleElement {
    let shown = picker.lines.indices.dropFirst(picker.offset).prefix(layout.rows.count)
    let list =
      picker.lines.first?.kind == .back
      ? tr("units") : picker.filter.isEmpty ? tr("categories") : tr("categories and units")
    var name =
      (picker.side == .from
      ? tr("pick the unit to convert from, %s") : tr("pick the unit to convert to, %s"))
      .filling(list)
    if !picker.filter.isEmpty { name = tr("%s, typed %s").filling(name, picker.filter) }
    var element = AccessibleElement(
      role: .menu, name: name, bounds: layout.panel, isFocusable: true,
      isFocused: picker.selection.map { !shown.contains($0) } ?? true)
    for (side, tab) in zip(UnitSide.allCases, layout.tabs) {
      let symbol = picker.tabs[UnitSide.allCases.firstIndex(of: side) ?? 0]
      element.children.append(
        AccessibleElement(
          role: .radioMenuItem,
          name: (side == .from ? tr("from %s") : tr("to %s")).filling(symbol), bounds: tab,
          isChecked: side == picker.side, isFocusable: true, target: .pickerTab(side)))
    }
    for (index, row) in zip(shown, layout.rows) {
      let line = picker.lines[index]
      element.children.append(
        AccessibleElement(
          role: line.kind == .back ? .menuItem : .radioMenuItem, name: line.spoken, bounds: row,
          isChecked: line.isChecked, isFocusable: true, isFocused: picker.selection == index,
          isSelectable: true, isSelected: picker.selection == index,
          target: .pickerLine(index)))
    }
    return element
  }

  /// The tape's row under the row cursor (docs/SPEC.md section 8.5): the strip's row or the
  /// side panel's line holding it.
  ///
  /// Selected, named with the row and its calculation's line (`+ 49.9, 1,200 × 1.08 + 49.9 =
  /// 1,345.9`); while its number is edited, an entry holding the row as typed. It takes no
  /// focus: what a screen reader says of it is said once, through the notification
  /// (`SpokenLines`), and a focus moving there would be spoken too.
  private static func selectedRow(of frame: Frame, bounds: Rect, editedText: String?)
    -> AccessibleElement
  {
    guard let selection = frame.tape.selection,
      frame.tape.past.calculations.indices.contains(selection.calculation)
    else { return AccessibleElement(role: .listItem, name: editedText ?? "", bounds: bounds) }
    let calculation = frame.tape.past.calculations[selection.calculation]
    return AccessibleElement(
      role: editedText != nil ? .entry : .listItem,
      name: frame.tape.numbers.localized(
        "\(calculation.shownRow(selection.row)), \(calculation.line)"), bounds: bounds,
      text: editedText, isSelectable: true, isSelected: true)
  }
}
