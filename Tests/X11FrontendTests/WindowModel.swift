import CX11
import CalculatorCore
import CalculatorFiles
import CalculatorLayout
import Testing

@testable import CalculatorWindow
@testable import X11Frontend

/// A `WindowState` driven beside a real window with the same input, as the front end drives its
/// own: keys as the keystrokes X gives for their names, button 1 down and up.
extension WindowState {
  /// Reduces one input now, as the front end does, and answers the effects the tests can:
  /// the tape reloaded (nothing new), a copy owned, a paste of nothing.
  @discardableResult
  mutating func send(_ action: WindowAction, at now: Instant = .now) -> [WindowEffect] {
    let effects = reduce(action, at: WindowTime(instant: now, wallClock: LocalClock.wallClock()))
    for effect in effects {
      if case .reloadTape(let point) = effect { send(.tapeReloaded(nil, wheelAt: point)) }
    }
    return effects
  }

  /// Presses keys by keysym name, with modifiers (`ctrl+shift+z`), each released; the effects.
  @discardableResult
  mutating func type(keysyms names: [String], at now: Instant = .now) -> [WindowEffect] {
    var effects: [WindowEffect] = []
    for name in names {
      var state: UInt32 = 0
      var rest = Substring(name)
      for (prefix, mask) in [("ctrl+", ControlMask), ("shift+", ShiftMask)]
      where rest.hasPrefix(prefix) {
        state |= UInt32(mask)
        rest = rest.dropFirst(prefix.count)
      }
      let keysym = XStringToKeysym(String(rest))
      #expect(keysym != 0, "\(name) is not a keysym")
      effects += send(
        .keyPressed(
          Keystroke(
            KeySymbol(UInt32(keysym)), modifiers: KeyModifiers(eventState: state), keycode: 10)),
        at: now)
      send(.keyReleased(keycode: 10))
    }
    return effects
  }

  /// Button 1 down and up at `point`; the effects.
  @discardableResult
  mutating func click(at point: Point, at now: Instant = .now) -> [WindowEffect] {
    send(.pointer(.pressed(.primary, at: point)), at: now)
      + send(.pointer(.released(.primary, at: point)), at: now)
  }
}
