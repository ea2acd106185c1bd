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
}

extension WindowState.Action {
  /// The state's action for what a key asks (`WindowState.keyAction(for:state:)`), pressed
  /// with `keycode` at `now`; nil for copy, paste and quit, which the window carries out with
  /// X.
  init?(_ keyAction: KeyAction, keycode: UInt32, at now: Instant = .now) {
    switch keyAction {
    case .picker(let command): self = .picker(command)
    case .menu(let command): self = .menu(command)
    case .tape(let command): self = .tape(command, at: now)
    case .command(.key(let key)): self = .typeKey(key, keycode: keycode, at: now)
    case .command(.action(.copy)), .command(.action(.copyCalculation)),
      .command(.action(.paste)), .command(.action(.quit)):
      return nil
    case .command(.action(let action)): self = .app(action, keycode: keycode, at: now)
    }
  }
}
