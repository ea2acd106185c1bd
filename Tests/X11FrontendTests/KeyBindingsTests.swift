import CX11
import CalculatorCore
import Testing

@testable import CalculatorWindow

/// The bindings table of the window's logic, against Xlib's own keysyms: its numbers are X's
/// (keysymdef.h), its letters lower case as `XConvertCase` makes them.
@Suite struct KeyBindingsTests {
  /// A keystroke as the front end makes it from an X key event: its keysym and `state`.
  static func stroke(_ keysym: Int32, _ state: Int32) -> Keystroke {
    Keystroke(
      KeySymbol(UInt32(keysym)), modifiers: KeyModifiers(eventState: UInt32(state)), keycode: 0)
  }

  @Test func noTwoBindingsShareAKeysymAndModifiers() {
    var seen: Set<[UInt32]> = []
    for binding in keyBindings {
      let entry = [binding.keysym.value, binding.modifiers.rawValue]
      #expect(seen.insert(entry).inserted, "duplicate binding for keysym \(binding.keysym)")
    }
  }

  @Test func everyKeyIsReachableFromTheKeyboard() {
    let bound = Set(
      keyBindings.compactMap { if case .key(let key) = $0.command { key } else { nil } })
    // docs/SPEC.md section 6.4 names these scientific keys' bindings; the others are a click, or
    // Tab and Space, away.
    let named: [Key] = [
      .parenthesis(.open), .parenthesis(.close), .operation(.power), .function(.factorial),
      .function(.squareRoot), .constant(.pi),
    ]
    for key in Key.allCases where !key.isScientific || named.contains(key) {
      #expect(bound.contains(key), "no keyboard binding for \(key)")
    }
  }

  @Test func everyActionIsReachableFromTheKeyboard() {
    let bound = Set(
      keyBindings.compactMap { if case .action(let action) = $0.command { action } else { nil } })
    #expect(bound == Set(AppAction.allCases))
  }

  @Test func keysymsAreStoredInLowerCase() {
    for binding in keyBindings {
      var lower: KeySym = 0
      var upper: KeySym = 0
      XConvertCase(KeySym(binding.keysym.value), &lower, &upper)
      #expect(lower == KeySym(binding.keysym.value))
    }
  }

  @Test(arguments: [
    UInt32(0), UInt32(LockMask), UInt32(Mod2Mask), UInt32(LockMask | Mod2Mask), UInt32(ShiftMask),
    UInt32(Mod5Mask),
  ])
  func lockNumLockShiftAndAltGrAreIgnored(extra: UInt32) {
    for binding in keyBindings {
      // Shift matters where the table binds the key with Shift too (Ctrl+Shift+C, Ctrl+Shift+Z).
      let shifted = KeyModifiers(rawValue: binding.modifiers.rawValue | extra)
      let hasShiftedTwin = keyBindings.contains {
        $0.keysym == binding.keysym && $0.modifiers == shifted && $0 != binding
      }
      let command = KeyBinding.command(
        for: Keystroke(
          binding.keysym, modifiers: KeyModifiers(eventState: binding.modifiers.rawValue | extra),
          keycode: 0))
      #expect(
        hasShiftedTwin ? command != binding.command : command == binding.command,
        "keysym \(binding.keysym) with state \(extra)")
    }
  }

  // Keysyms as XLookupString returns them, with the event state they come with.
  @Test(
    arguments: [
      (XK_7, 0, KeyCommand.key(.digit(.seven))),
      (XK_KP_7, Mod2Mask, .key(.digit(.seven))),
      (XK_KP_Home, 0, .key(.digit(.seven))),
      (XK_KP_Insert, 0, .key(.digit(.zero))),
      (XK_KP_Delete, 0, .key(.decimalPoint)),
      (XK_KP_Decimal, Mod2Mask, .key(.decimalPoint)),
      (XK_comma, 0, .key(.decimalPoint)),
      (XK_plus, ShiftMask, .key(.operation(.add))),
      (XK_asterisk, ShiftMask, .key(.operation(.multiply))),
      (XK_X, ShiftMask, .key(.operation(.multiply))),
      (XK_X, LockMask, .key(.operation(.multiply))),
      (XK_percent, ShiftMask, .key(.percent)),
      (XK_KP_Enter, 0, .key(.equals)),
      (XK_Return, ShiftMask, .key(.equals)),
      (XK_Escape, 0, .key(.allClear)),
      (XK_Delete, 0, .key(.clearEntry)),
      (XK_BackSpace, 0, .key(.backspace)),
      (XK_N, ShiftMask, .key(.toggleSign)),
      (XK_F9, 0, .key(.toggleSign)),
      (XK_question, ShiftMask, .action(.toggleShortcuts)),
      (XK_F1, 0, .action(.toggleShortcuts)),
      (XK_c, ControlMask, .action(.copy)),
      (XK_C, ControlMask | LockMask, .action(.copy)),
      (XK_C, ControlMask | ShiftMask, .action(.copyCalculation)),
      (XK_c, ControlMask | ShiftMask | LockMask, .action(.copyCalculation)),
      (XK_Insert, ControlMask, .action(.copy)),
      (XK_Insert, ShiftMask, .action(.paste)),
      (XK_V, ControlMask | ShiftMask, .action(.paste)),
      (XK_z, ControlMask, .action(.undo)),
      (XK_Z, ControlMask | ShiftMask, .action(.redo)),
      (XK_y, ControlMask, .action(.redo)),
      (XK_c, 0, .key(.clearEntry)),
      (XK_C, ShiftMask, .key(.clearEntry)),
      (XK_Up, 0, .action(.tape(.older))),
      (XK_Down, 0, .action(.tape(.newer))),
      (XK_Prior, 0, .action(.tape(.olderPage))),
      (XK_Next, 0, .action(.tape(.newerPage))),
      (XK_Home, 0, .action(.tape(.oldest))),
      (XK_End, 0, .action(.tape(.newest))),
      (XK_KP_Up, 0, .key(.digit(.eight))),
      (XK_KP_Down, 0, .key(.digit(.two))),
      (XK_F2, 0, .action(.editRow)),
      (XK_F10, 0, .action(.openMenu)),
      (XK_Menu, 0, .action(.openMenu)),
      (XK_v, ControlMask | Mod2Mask, .action(.paste)),
      (XK_q, ControlMask, .action(.quit)),
      (XK_w, ControlMask, .action(.quit)),
      (XK_parenleft, ShiftMask, .key(.parenthesis(.open))),
      (XK_parenright, ShiftMask, .key(.parenthesis(.close))),
      (XK_asciicircum, ShiftMask, .key(.operation(.power))),
      (XK_exclam, ShiftMask, .key(.function(.factorial))),
      (XK_r, 0, .key(.function(.squareRoot))),
      (XK_r, ControlMask, .key(.function(.squareRoot))),
      (XK_p, 0, .key(.constant(.pi))),
      (XK_P, ControlMask | ShiftMask, .key(.constant(.pi))),
      (XK_i, ControlMask, .key(.function(.reciprocal))),
      (XK_e, ControlMask, .key(.operation(.ee))),
      (XK_1, ControlMask, .action(.mode(.basic))),
      (XK_2, ControlMask, .action(.mode(.scientific))),
      (XK_3, ControlMask, .action(.mode(.tip))),
      (XK_Tab, 0, .action(.focusNext)),
      (XK_ISO_Left_Tab, ShiftMask, .action(.focusPrevious)),
      (XK_space, 0, .action(.pressFocused)),
    ] as [(Int32, Int32, KeyCommand)])
  func typedKeysFindTheirCommand(keysym: Int32, state: Int32, command: KeyCommand) {
    #expect(KeyBinding.command(for: Self.stroke(keysym, state)) == command)
  }

  @Test(
    arguments: [
      (XK_Insert, 0), (XK_z, 0), (XK_Z, ShiftMask), (XK_Up, ControlMask), (XK_v, 0), (XK_q, 0),
      (XK_7, ControlMask), (XK_7, Mod1Mask), (XK_Return, Mod4Mask),
      (XK_a, 0), (XK_space, ControlMask), (XK_Tab, Mod1Mask), (XK_e, 0), (XK_1, Mod1Mask),
      (XK_i, 0),
    ] as [(Int32, Int32)])
  func otherKeysDoNothing(keysym: Int32, state: Int32) {
    #expect(KeyBinding.command(for: Self.stroke(keysym, state)) == nil)
  }
}

@Suite struct ShortcutLinesTests {
  @Test func everyListedBindingIsOnTheOverlayOfItsMode() {
    for mode in Mode.allCases {
      let lines = KeyBinding.shortcutLines(for: mode)
      let keys = lines.flatMap { $0.keys.components(separatedBy: "  ") }
      for binding in keyBindings {
        guard let shown = binding.shown else { continue }
        // Scientific keys only in scientific mode; in tip mode only what means something there.
        let means: Bool =
          switch binding.command {
          case .key(let key):
            mode == .tip ? TipKey(key) != nil : !key.isScientific || mode == .scientific
          case .action(let action): mode != .tip || !Self.tapeActions.contains(action)
          }
        if !means {
          #expect(!keys.contains(shown), "\(shown) in \(mode)")
        } else {
          #expect(keys.filter { $0 == shown }.count == 1, "\(shown) in \(mode)")
        }
      }
      #expect(Set(lines.map(\.action)).count == lines.count)
    }
  }

  /// What the tape's rows take, which Tip & Split does not show.
  static let tapeActions: [AppAction] =
    TapeMove.allCases.map(AppAction.tape) + [
      .editRow, .pickUnit, .swapUnits, .search, .switchOrder,
    ]

  @Test func theOverlaySaysWhatEachKeyDoes() {
    let lines = KeyBinding.shortcutLines(for: .basic).map { "\($0.keys) → \($0.action)" }
    #expect(lines.first == "0 – 9 → digits")
    #expect(lines.contains("=  Return  Enter → equals"))
    #expect(lines.contains("*  x → times"))
    #expect(lines.contains("Escape → all clear"))
    #expect(lines.contains("?  F1 → this help"))
    #expect(lines.contains("Ctrl+2 → Scientific mode"))
    #expect(lines.contains("Ctrl+Q  Ctrl+W → quit"))
    #expect(!lines.contains { $0.hasPrefix("(") })
    // The tape from the keyboard (docs/SPEC.md section 8).
    #expect(lines.contains("Delete  c → clear"))
    #expect(lines.contains("Up  Down → older, newer row of the tape"))
    #expect(lines.contains("PageUp  PageDown → a screenful older, newer"))
    #expect(lines.contains("Home  End → oldest, newest row"))
    #expect(lines.contains("F2 → edit a past number"))
    #expect(lines.contains("F10  Menu → the mode menu"))
    #expect(lines.contains("Ctrl+Z → undo"))
    #expect(lines.contains("Ctrl+Shift+Z  Ctrl+Y → redo"))
    #expect(lines.contains("Ctrl+C  Ctrl+Insert → copy"))
    #expect(lines.contains("Ctrl+Shift+C → copy a calculation"))
    #expect(lines.contains("Ctrl+V  Shift+Insert → paste"))
  }

  @Test func theTipOverlayNamesWhatTheKeysDoThere() {
    let lines = KeyBinding.shortcutLines(for: .tip).map { "\($0.keys) → \($0.action)" }
    #expect(lines.first == "0 – 9 → digits")
    #expect(lines.contains(".  , → decimal point"))
    #expect(lines.contains("+ → more people"))
    #expect(lines.contains("- → fewer people"))
    #expect(lines.contains("Escape → all clear"))
    #expect(lines.contains("BackSpace → delete"))
    #expect(lines.contains("Tab → focus the next field or key"))
    #expect(lines.contains("Shift+Tab → focus the previous field or key"))
    #expect(lines.contains("Ctrl+3 → Tip & Split mode"))
    #expect(lines.contains("Ctrl+C  Ctrl+Insert → copy"))
    #expect(lines.contains("Ctrl+Z → undo"))
    for absent in ["*", "/", "=", "%", "n", "(", "Delete", "Return", "Up", "Home", "F2"] {
      #expect(!lines.contains { $0.hasPrefix(absent + " ") }, "\(absent)")
    }
  }
}
