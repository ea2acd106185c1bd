import CX11
import CalculatorCore

/// What a key pressed asks for, in the order `WindowState.keyAction(for:state:)` looks: the
/// open unit picker's keys, the open menu's, the selected row's, then the bindings table.
enum KeyAction: Hashable, Sendable {
  case picker(PickerCommand)
  case menu(MenuCommand)
  case tape(TapeCommand)
  case command(KeyCommand)
}

extension WindowState {
  /// What a key does now: a keysym from `XLookupString` with its event's modifier `state`.
  func keyAction(for keysym: KeySym, state: UInt32) -> KeyAction? {
    if picker != nil {
      let modifiers = KeyModifiers(eventState: state)
      if modifiers.subtracting(.shift).isEmpty,
        let command = pickerBindings.first(where: { $0.keysym == keysym })
      {
        return .picker(command.command)
      }
      if let typed = PickerCommand.typing(keysym, modifiers: modifiers) { return .picker(typed) }
    }
    if menu != nil, let command = menuBindings.first(where: { $0.keysym == keysym }) {
      return .menu(command.command)
    }
    if tapeSelection != nil, menu == nil, !showsShortcuts,
      KeyModifiers(eventState: state).subtracting(.shift).isEmpty,
      let command = tapeBindings.first(where: { $0.keysym == keysym })
    {
      return .tape(command.command)
    }
    return KeyBinding.command(for: keysym, state: state).map(KeyAction.command)
  }

  /// A key of the open menu.
  mutating func perform(_ command: MenuCommand) {
    switch command {
    case .previous: moveMenuSelection(by: -1)
    case .next: moveMenuSelection(by: 1)
    case .first: selectMenuEdge(last: false)
    case .last: selectMenuEdge(last: true)
    case .choose: chooseMenuSelection()
    case .close: toggleMenu()
    }
  }

  /// A key of the selected row.
  mutating func perform(_ command: TapeCommand, at now: ContinuousClock.Instant = .now) {
    switch command {
    case .choose: chooseTapeRow(at: now)
    case .end: escapeTapeCursor()
    }
  }

  /// A window action that needs no X: all but copying, pasting and quitting, which the window
  /// does itself (they do nothing here).
  mutating func perform(
    _ action: AppAction, keycode: UInt32, at now: ContinuousClock.Instant = .now
  ) {
    if action != .pickUnit { picker = nil }  // like any key, it closes the picker
    switch action {
    case .toggleShortcuts: toggleShortcuts()
    case .mode(let mode): switchMode(to: mode)
    case .focusNext: moveFocus(by: 1)
    case .focusPrevious: moveFocus(by: -1)
    case .pressFocused: pressFocused(keycode: keycode)
    case .tape(let move): moveTapeCursor(move, at: now)
    case .editRow: editSelectedRow(at: now)
    case .undo: undoChange(at: now)
    case .redo: redoChange(at: now)
    case .openMenu: openMenuFromKeyboard()
    case .convert: toggleConvert()
    case .pickUnit: togglePicker()
    case .swapUnits: swapUnits()
    case .copy, .copyCalculation, .paste, .quit: break
    }
  }
}
