import CalculatorCore
import CalculatorLayout
import Glibc
import Testing

@testable import CalculatorWindow

extension Instant {
  /// The monotonic clock now, as the front end reads it.
  static var now: Instant {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Instant(nanoseconds: Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec))
  }
}

/// What the tests do to a window, each one real input (`WindowAction`), made as the front end
/// makes it: a key by the keystroke the bindings table has for it, a click as button 1 down and
/// up, a screen reader's request through the bridge's targets.
enum Input {
  /// A key that means nothing (Shift alone): the cue comes down, the tape returns to rest.
  case userActed
  /// The keystroke bound to a calculator key, without modifiers where one is.
  case typeKey(Key, keycode: UInt32 = 10, at: Instant = .now)
  case keyReleased(keycode: UInt32)
  case focusLost
  /// The keystroke of the open menu's command.
  case menu(MenuCommand)
  /// The keystroke of the selected row's command.
  case tape(TapeCommand, at: Instant = .now)
  /// The keystroke bound to a window action.
  case app(AppAction, keycode: UInt32 = 10, at: Instant = .now)
  /// Button 1 down (the side panel's row under it is where the state's measure places it).
  case pointerPressed(at: Point, now: Instant = .now)
  case mousePressed(at: Point, now: Instant = .now)
  case pointerMoved(to: Point)
  case pointerReleased(at: Point, now: Instant = .now)
  /// A screen reader's click on a cell.
  case click(GridPosition)
  /// Wheel ticks, older (positive) or newer, at a point (nowhere in particular: off the window).
  case scrollHistory(olderBy: Int, at: Point? = nil)
  /// The right button.
  case dismissOverlays
  /// A click on the ⌨ key's cell.
  case toggleMenu
  /// A screen reader's click on a menu line.
  case choose(MenuItem)
  /// A screen reader's focus on a menu line.
  case selectMenuItem(MenuItem)
  /// A screen reader's focus on a key or a field.
  case focus(FocusStop)
  /// A screen reader's click on a field.
  case activateField(TipField)
  /// The keystroke of the open picker's command (a character typed for `.type`).
  case picker(PickerCommand)
  /// A screen reader's click on a unit's button, a picker tab or line, or its focus on a line.
  case openPicker(UnitSide)
  case pickerTab(UnitSide)
  case choosePickerRow(Int)
  case selectPickerRow(Int)
  case ratesRead(CurrencyRates?)
  case ratesUpdateStarted(at: Int, isRunning: Bool)
  case ratesUpdateEnded(CurrencyRates?, succeeded: Bool)
  case absorb(saved: HistoryTape)
  case paste(String?, at: Instant = .now)
  /// The front end's answer to a copy: owned (`.copied`), or not (`.refused`).
  case showCue(DisplayCue, at: Instant = .now)
  case expireDeadlines(at: Instant = .now)
  case resize(width: Int, height: Int)
  case open(saved: HistoryTape, finished: HistoryTape)
}

extension WindowState {
  /// Applies one input at `now`, the wall clock at 0 (calculations numbered 1, 2, 3…), and
  /// what it asks of the front end.
  @discardableResult
  mutating func send(_ action: WindowAction, at now: Instant = .now) -> [WindowEffect] {
    reduce(action, at: WindowTime(instant: now, wallClock: 0))
  }

  /// Applies a test's input as the front end would send it; the effects it returned.
  @discardableResult
  mutating func reduce(_ input: Input) -> [WindowEffect] {
    switch input {
    case .userActed:
      return send(.keyPressed(Keystroke(KeySymbol(0xffe1), keycode: 50)))
        + send(.keyReleased(keycode: 50))
    case .typeKey(let key, let keycode, let now):
      guard let binding = keyBindings.first(where: { $0.command == .key(key) }) else {
        Issue.record("no binding types \(key)")
        return []
      }
      return send(
        .keyPressed(Keystroke(binding.keysym, modifiers: binding.modifiers, keycode: keycode)),
        at: now)
    case .keyReleased(let keycode): return send(.keyReleased(keycode: keycode))
    case .focusLost: return send(.keyboardFocus(false))
    case .menu(let command):
      let keysym = menuBindings.first { $0.command == command }?.keysym ?? .escape
      return send(.keyPressed(Keystroke(keysym, keycode: 10)))
    case .tape(let command, let now):
      let keysym = tapeBindings.first { $0.command == command }?.keysym ?? .escape
      return send(.keyPressed(Keystroke(keysym, keycode: 10)), at: now)
    case .app(let action, let keycode, let now):
      guard let binding = keyBindings.first(where: { $0.command == .action(action) }) else {
        Issue.record("no binding does \(action)")
        return []
      }
      return send(
        .keyPressed(Keystroke(binding.keysym, modifiers: binding.modifiers, keycode: keycode)),
        at: now)
    case .pointerPressed(let point, let now), .mousePressed(let point, let now):
      return send(.pointer(.pressed(.primary, at: point)), at: now)
    case .pointerMoved(let point): return send(.pointer(.moved(to: point)))
    case .pointerReleased(let point, let now):
      return send(.pointer(.released(.primary, at: point)), at: now)
    case .click(let cell): return send(.screenReader(.click(.cell(cell))))
    case .scrollHistory(let rows, let point):
      let at = point ?? Point(x: -1, y: -1)
      var effects: [WindowEffect] = []
      for _ in 0..<abs(rows) {
        let tick = send(.pointer(.pressed(rows > 0 ? .wheelUp : .wheelDown, at: at)))
        if tick.contains(.reloadTape(wheelAt: at)) {
          effects += send(.tapeReloaded(nil, wheelAt: at))
        }
        effects += tick
      }
      return effects
    case .dismissOverlays: return send(.pointer(.pressed(.secondary, at: Point(x: 0, y: 0))))
    case .toggleMenu:
      guard let cell = layout.keypad.position(of: KeypadAction.modes) else { return [] }
      return send(.screenReader(.click(.cell(cell))))
    case .choose(let item): return send(.screenReader(.click(.menuItem(item))))
    case .selectMenuItem(let item): return send(.screenReader(.focus(.menuItem(item))))
    case .focus(.cell(let cell)): return send(.screenReader(.focus(.cell(cell))))
    case .focus(.field(let field)): return send(.screenReader(.focus(.field(field))))
    case .activateField(let field): return send(.screenReader(.click(.field(field))))
    case .picker(.type(let character)):
      let scalar = character.unicodeScalars.first?.value ?? 0
      let keysym: UInt32 = scalar < 0x100 ? scalar : scalar + 0x100_0000
      return send(.keyPressed(Keystroke(KeySymbol(keysym), keycode: 10)))
    case .picker(let command):
      let keysym = pickerBindings.first { $0.command == command }?.keysym ?? .escape
      return send(.keyPressed(Keystroke(keysym, keycode: 10)))
    case .openPicker(let side): return send(.screenReader(.click(.convert(.unit(side)))))
    case .pickerTab(let side): return send(.screenReader(.click(.pickerTab(side))))
    case .choosePickerRow(let index): return send(.screenReader(.click(.pickerLine(index))))
    case .selectPickerRow(let index): return send(.screenReader(.focus(.pickerLine(index))))
    case .ratesRead(let stored): return send(.ratesRead(stored))
    case .ratesUpdateStarted(let at, let isRunning):
      return reduce(
        .ratesUpdateStarted(isRunning: isRunning),
        at: WindowTime(instant: .now, wallClock: UInt64(at) * 1_000_000_000))
    case .ratesUpdateEnded(let stored, let succeeded):
      return send(.ratesUpdateEnded(stored, succeeded: succeeded))
    case .absorb(let saved): return send(.tapeSaved(saved))
    case .paste(let text, let now): return send(.pasted(text), at: now)
    case .showCue(let cue, let now): return send(.copied(cue == .copied), at: now)
    case .expireDeadlines(let now): return send(.tick, at: now)
    case .resize(let width, let height): return send(.resized(width: width, height: height))
    case .open(let saved, let finished): return send(.opened(saved: saved, finished: finished))
    }
  }

  /// Presses keys by keysym name, with modifiers (`ctrl+shift+z`), each released.
  mutating func type(keysyms names: [String], at now: Instant = .now) {
    for name in names {
      var modifiers: KeyModifiers = []
      var rest = Substring(name)
      for (prefix, modifier) in [("ctrl+", KeyModifiers.control), ("shift+", .shift)]
      where rest.hasPrefix(prefix) {
        modifiers.insert(modifier)
        rest = rest.dropFirst(prefix.count)
      }
      guard let keysym = KeySymbol(named: String(rest)) else {
        Issue.record("\(name) is not a keysym name")
        continue
      }
      send(.keyPressed(Keystroke(keysym, modifiers: modifiers, keycode: 10)), at: now)
      send(.keyReleased(keycode: 10))
    }
  }

  /// Types a `--keys` sequence as keyboard keys, each its own action (its own level of undo).
  mutating func type(_ keys: String) {
    for key in (try? Key.sequence(keys)) ?? [] { reduce(.typeKey(key, keycode: 10)) }
  }
}

extension KeySymbol {
  /// The keysym of an X keysym name (`Up`, `KP_Enter`, `period`, `a`), for the names the tests
  /// use; a single character is its own.
  init?(named name: String) {
    let named: [String: UInt32] = [
      "Up": 0xff52, "Down": 0xff54, "Prior": 0xff55, "Next": 0xff56, "Home": 0xff50,
      "End": 0xff57, "Return": 0xff0d, "KP_Enter": 0xff8d, "Escape": 0xff1b, "Tab": 0xff09,
      "ISO_Left_Tab": 0xfe20, "BackSpace": 0xff08, "Delete": 0xffff, "F1": 0xffbe,
      "F2": 0xffbf, "F9": 0xffc6, "F10": 0xffc7, "Menu": 0xff67, "Insert": 0xff63,
      "KP_Up": 0xff97, "KP_Down": 0xff99, "KP_Decimal": 0xffae, "space": 0x20, "period": 0x2e,
      "comma": 0x2c, "plus": 0x2b, "minus": 0x2d, "asterisk": 0x2a, "slash": 0x2f,
      "equal": 0x3d, "percent": 0x25, "parenleft": 0x28, "parenright": 0x29,
      "asciicircum": 0x5e, "exclam": 0x21, "question": 0x3f, "mu": 0xb5,
    ]
    if let value = named[name] {
      self.init(value)
    } else if name.unicodeScalars.count == 1, let scalar = name.unicodeScalars.first {
      self.init(scalar.value < 0x100 ? scalar.value : scalar.value + 0x100_0000)
    } else {
      return nil
    }
  }
}

/// A `--keys` sequence of the calculator's keys as the keysym names that type it.
func keysyms(_ keys: String) -> [String] {
  let names: [Character: String] = [
    "+": "plus", "-": "minus", "*": "asterisk", "/": "slash", "=": "Return", ".": "period",
  ]
  return keys.map { names[$0] ?? String($0) }
}

/// The size `effects` ask the window manager for, if any.
func requestedSize(_ effects: [WindowEffect]) -> PixelSize? {
  for effect in effects { if case .resize(let size) = effect { return size } }
  return nil
}
