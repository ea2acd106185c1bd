import CalculatorCore
import CalculatorLayout

/// A window action that is not a calculator key (st keeps `shortcuts[]` apart from `key[]`).
enum AppAction: Hashable, Sendable, CaseIterable {
  /// Ctrl+C: own CLIPBOARD with the displayed number.
  case copy
  /// Ctrl+V: paste a number from CLIPBOARD.
  case paste
  /// Ctrl+Q, Ctrl+W: close the window, exit status 0.
  case quit
  /// `?`, F1: show or hide the list of keyboard shortcuts.
  case toggleShortcuts
  /// Ctrl+1, Ctrl+2, Ctrl+3: show a mode's keypad.
  case mode(Mode)
  /// Tab: the focus ring moves to the next key.
  case focusNext
  /// Shift+Tab: the focus ring moves to the previous key.
  case focusPrevious
  /// Space: presses the key inside the focus ring.
  case pressFocused
  /// Up, Down, PageUp, PageDown, Home, End: the row cursor over the tape.
  case tape(TapeMove)
  /// F2: edits the selected row's number in place.
  case editRow
  /// Ctrl+Z: undoes the last change.
  case undo
  /// Ctrl+Shift+Z, Ctrl+Y: redoes the change undone last.
  case redo
  /// Ctrl+Shift+C: copies the selected (or the last) calculation as one line.
  case copyCalculation
  /// F10, Menu: opens the mode menu from the keyboard, the current mode's line selected.
  case openMenu
  /// Ctrl+4: shows or hides the Convert lines.
  case convert
  /// Ctrl+O: Left to Right or Math Order, the other one (docs/SPEC.md section 12).
  case switchOrder
  /// Ctrl+U: opens the unit picker on the display's unit.
  case pickUnit
  /// Ctrl+S: swaps the two units of the Convert lines.
  case swapUnits
  /// Ctrl+F: opens the search of the tape (docs/SPEC.md section 15.3).
  case search
  /// Ctrl+T: keeps the window above the others, or no longer (docs/SPEC.md section 14.1).
  case keepOnTop

  /// Every action, in the order the shortcuts overlay lists them.
  static let allCases: [AppAction] =
    [.copy, .paste, .quit, .toggleShortcuts] + Mode.allCases.map(AppAction.mode)
    + [.switchOrder, .focusNext, .focusPrevious, .pressFocused]
    + TapeMove.allCases.map(AppAction.tape)
    + [.editRow, .search, .undo, .redo, .copyCalculation, .openMenu, .convert, .pickUnit]
    + [.swapUnits, .keepOnTop]

  /// What the shortcuts overlay says it does; actions that say the same share a line.
  var description: String {
    switch self {
    case .copy: tr("copy")
    case .paste: tr("paste")
    case .quit: tr("quit")
    case .toggleShortcuts: tr("this help")
    case .mode(.basic): tr("Basic mode")
    case .mode(.scientific): tr("Scientific mode")
    case .mode(.tip): tr("Tip & Split mode")
    case .focusNext: tr("focus the next key")
    case .focusPrevious: tr("focus the previous key")
    case .pressFocused: tr("press the focused key")
    case .tape(.older), .tape(.newer): tr("older, newer row of the tape")
    case .tape(.olderPage), .tape(.newerPage): tr("a screenful older, newer")
    case .tape(.oldest), .tape(.newest): tr("oldest, newest row")
    case .editRow: tr("edit a past number")
    case .undo: tr("undo")
    case .redo: tr("redo")
    case .copyCalculation: tr("copy a calculation")
    case .openMenu: tr("the mode menu")
    case .convert: tr("Convert: units")
    case .switchOrder: tr("order of operations")
    case .pickUnit: tr("pick a unit to convert")
    case .swapUnits: tr("swap the units")
    case .search: tr("search the tape")
    case .keepOnTop: tr("keep the window on top")
    }
  }

  /// Whether it does something in a mode: the tape's rows are not shown in Tip & Split.
  func means(in mode: Mode) -> Bool {
    switch self {
    case .tape, .editRow, .pickUnit, .swapUnits, .search, .switchOrder: mode != .tip
    default: true
    }
  }
}

/// What a bound key does: a calculator key or a window action.
enum KeyCommand: Hashable, Sendable {
  /// A calculator key.
  case key(Key)
  /// A window action.
  case action(AppAction)
}
