import CX11
import CalculatorCore
import Testing

@testable import X11Frontend

extension WindowState {
  /// Presses keys by keysym name, with modifiers (`ctrl+shift+z`), as the window's key handler
  /// does (`App.keyPress`: `keyAction`, then the menu's, the row's or the table's command),
  /// each released (every action settles its change); copy, paste and quit, which
  /// need X, do nothing here.
  mutating func type(keysyms names: [String], at now: Instant = .now) {
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
      if let keyAction = keyAction(for: keysym, state: modifiers) {
        if let action = Action(keyAction, keycode: 10, at: now) { reduce(action) }
      } else {
        Issue.record("\(name) is not bound")
      }
      reduce(.keyReleased(keycode: 10))
    }
  }

  /// Types a `--keys` sequence as keyboard keys, each its own action (its own level of undo).
  mutating func type(_ keys: String) {
    for key in (try? Key.sequence(keys)) ?? [] { reduce(.typeKey(key, keycode: 10)) }
  }
}
