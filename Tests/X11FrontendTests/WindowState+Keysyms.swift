import CX11
import CalculatorCore
import Testing

@testable import X11Frontend

extension WindowState {
  /// Presses keys by keysym name, with modifiers (`ctrl+shift+z`), as the window's key handler
  /// does (`App.keyPress`: `keyAction`, then the menu's, the row's or the table's command),
  /// each released (every action settles its change); copy, paste and quit, which
  /// need X, do nothing here.
  mutating func type(keysyms names: [String], at now: ContinuousClock.Instant = .now) {
    for name in names {
      var modifiers: UInt32 = 0
      var rest = Substring(name)
      for (prefix, mask) in [("ctrl+", ControlMask), ("shift+", ShiftMask)]
      where rest.hasPrefix(prefix) {
        modifiers |= UInt32(mask)
        rest = rest.dropFirst(prefix.count)
      }
      let keysym = XStringToKeysym(String(rest))
      reduce(.userActed)
      switch keyAction(for: keysym, state: modifiers) {
      case .picker(let command): reduce(.picker(command))
      case .menu(let command): reduce(.menu(command))
      case .tape(let command): reduce(.tape(command, at: now))
      case .command(.key(let key)): reduce(.typeKey(key, keycode: 10, at: now))
      case .command(.action(let action)): reduce(.app(action, keycode: 10, at: now))
      case nil: Issue.record("\(name) is not bound")
      }
      reduce(.keyReleased(keycode: 10))
    }
  }
}
