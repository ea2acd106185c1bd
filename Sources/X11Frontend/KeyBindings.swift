import CX11
import CalculatorCore
import CalculatorLayout
import CalculatorRender

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
  /// Ctrl+U: opens the unit picker on the display's unit.
  case pickUnit
  /// Ctrl+S: swaps the two units of the Convert lines.
  case swapUnits

  static let allCases: [AppAction] =
    [.copy, .paste, .quit, .toggleShortcuts] + Mode.allCases.map(AppAction.mode)
    + [.focusNext, .focusPrevious, .pressFocused] + TapeMove.allCases.map(AppAction.tape)
    + [.editRow, .undo, .redo, .copyCalculation, .openMenu, .convert, .pickUnit, .swapUnits]

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
    case .pickUnit: tr("pick a unit to convert")
    case .swapUnits: tr("swap the units")
    }
  }

  /// Whether it does something in a mode: the tape's rows are not shown in Tip & Split.
  func means(in mode: Mode) -> Bool {
    switch self {
    case .tape, .editRow, .pickUnit, .swapUnits: mode != .tip
    default: true
    }
  }
}

/// What a bound key does: a calculator key or a window action.
enum KeyCommand: Hashable, Sendable {
  case key(Key)
  case action(AppAction)
}

/// The modifiers a binding can require.
///
/// CapsLock, NumLock and AltGr (Mod5) are ignored, and Shift unless a binding asks for it
/// (`KeyBinding.command(for:state:)`): the keysym that `XLookupString` returns already says what
/// they did (`Shift+8` is `asterisk`).
struct KeyModifiers: OptionSet, Hashable, Sendable {
  let rawValue: UInt32

  static let shift = KeyModifiers(rawValue: UInt32(ShiftMask))
  static let control = KeyModifiers(rawValue: UInt32(ControlMask))
  static let alt = KeyModifiers(rawValue: UInt32(Mod1Mask))
  static let logo = KeyModifiers(rawValue: UInt32(Mod4Mask))
  /// Ctrl and Shift together: Ctrl+Shift+C, Ctrl+Shift+Z.
  static let controlShift: KeyModifiers = [.control, .shift]

  /// The modifiers of an X key event's `state` that bindings look at, like dwm's `CLEANMASK`.
  init(eventState state: UInt32) {
    self.init(
      rawValue: state
        & (KeyModifiers.shift.rawValue | KeyModifiers.control.rawValue | KeyModifiers.alt.rawValue
          | KeyModifiers.logo.rawValue))
  }

  init(rawValue: UInt32) { self.rawValue = rawValue }
}

/// One row of the bindings table: a keysym with exact modifiers → a command, and how the
/// shortcuts overlay names the key (nil: not listed, like the keypad's twins of listed keys).
struct KeyBinding: Hashable, Sendable {
  let modifiers: KeyModifiers
  let keysym: KeySym
  let command: KeyCommand
  let shown: String?

  init(_ modifiers: KeyModifiers, _ keysym: Int32, _ command: KeyCommand, _ shown: String?) {
    self.modifiers = modifiers
    self.keysym = KeySym(keysym)
    self.command = command
    self.shown = shown
  }
}

// The keypad keys without NumLock (KP_End, KP_Down, …) type digits too: a calculator has no use for
// keypad navigation, and matching ignores NumLock (docs/SPEC.md section 3.6); only Up and Down walk
// the tape (section 8.5). KP_Delete is the keypad's decimal point key. Letters are matched in lower
// case, so CapsLock and Shift do not matter (`X` is ×, Ctrl+Shift+P is π) except where a binding
// asks for Shift (Ctrl+Shift+C copies a calculation, Ctrl+C the number). The scientific keys have
// section 6.4's keys and GNOME Calculator's Ctrl bindings (Ctrl+R √, Ctrl+I ¹/x, Ctrl+P π, Ctrl+E
// EE); the others are a click (or Tab and Space) away. Shift+Insert and Ctrl+Insert are the X
// conventions for paste and copy.
// swift-format-ignore
let keyBindings: [KeyBinding] = [
  //         modifiers  keysym            command                                 shown in the overlay
  KeyBinding([],        XK_0,             .key(.digit(.zero)),                    "0 – 9"),
  KeyBinding([],        XK_1,             .key(.digit(.one)),                     nil),
  KeyBinding([],        XK_2,             .key(.digit(.two)),                     nil),
  KeyBinding([],        XK_3,             .key(.digit(.three)),                   nil),
  KeyBinding([],        XK_4,             .key(.digit(.four)),                    nil),
  KeyBinding([],        XK_5,             .key(.digit(.five)),                    nil),
  KeyBinding([],        XK_6,             .key(.digit(.six)),                     nil),
  KeyBinding([],        XK_7,             .key(.digit(.seven)),                   nil),
  KeyBinding([],        XK_8,             .key(.digit(.eight)),                   nil),
  KeyBinding([],        XK_9,             .key(.digit(.nine)),                    nil),
  KeyBinding([],        XK_KP_0,          .key(.digit(.zero)),                    nil),
  KeyBinding([],        XK_KP_1,          .key(.digit(.one)),                     nil),
  KeyBinding([],        XK_KP_2,          .key(.digit(.two)),                     nil),
  KeyBinding([],        XK_KP_3,          .key(.digit(.three)),                   nil),
  KeyBinding([],        XK_KP_4,          .key(.digit(.four)),                    nil),
  KeyBinding([],        XK_KP_5,          .key(.digit(.five)),                    nil),
  KeyBinding([],        XK_KP_6,          .key(.digit(.six)),                     nil),
  KeyBinding([],        XK_KP_7,          .key(.digit(.seven)),                   nil),
  KeyBinding([],        XK_KP_8,          .key(.digit(.eight)),                   nil),
  KeyBinding([],        XK_KP_9,          .key(.digit(.nine)),                    nil),
  KeyBinding([],        XK_KP_Insert,     .key(.digit(.zero)),                    nil),
  KeyBinding([],        XK_KP_End,        .key(.digit(.one)),                     nil),
  KeyBinding([],        XK_KP_Down,       .key(.digit(.two)),                     nil),
  KeyBinding([],        XK_KP_Next,       .key(.digit(.three)),                   nil),
  KeyBinding([],        XK_KP_Left,       .key(.digit(.four)),                    nil),
  KeyBinding([],        XK_KP_Begin,      .key(.digit(.five)),                    nil),
  KeyBinding([],        XK_KP_Right,      .key(.digit(.six)),                     nil),
  KeyBinding([],        XK_KP_Home,       .key(.digit(.seven)),                   nil),
  KeyBinding([],        XK_KP_Up,         .key(.digit(.eight)),                   nil),
  KeyBinding([],        XK_KP_Prior,      .key(.digit(.nine)),                    nil),
  KeyBinding([],        XK_period,        .key(.decimalPoint),                    "."),
  KeyBinding([],        XK_comma,         .key(.decimalPoint),                    ","),
  KeyBinding([],        XK_KP_Decimal,    .key(.decimalPoint),                    nil),
  KeyBinding([],        XK_KP_Separator,  .key(.decimalPoint),                    nil),
  KeyBinding([],        XK_KP_Delete,     .key(.decimalPoint),                    nil),
  KeyBinding([],        XK_plus,          .key(.operation(.add)),                 "+"),
  KeyBinding([],        XK_KP_Add,        .key(.operation(.add)),                 nil),
  KeyBinding([],        XK_minus,         .key(.operation(.subtract)),            "-"),
  KeyBinding([],        XK_KP_Subtract,   .key(.operation(.subtract)),            nil),
  KeyBinding([],        XK_asterisk,      .key(.operation(.multiply)),            "*"),
  KeyBinding([],        XK_x,             .key(.operation(.multiply)),            "x"),
  KeyBinding([],        XK_multiply,      .key(.operation(.multiply)),            nil),
  KeyBinding([],        XK_KP_Multiply,   .key(.operation(.multiply)),            nil),
  KeyBinding([],        XK_slash,         .key(.operation(.divide)),              "/"),
  KeyBinding([],        XK_division,      .key(.operation(.divide)),              nil),
  KeyBinding([],        XK_KP_Divide,     .key(.operation(.divide)),              nil),
  KeyBinding([],        XK_equal,         .key(.equals),                          "="),
  KeyBinding([],        XK_Return,        .key(.equals),                          "Return"),
  KeyBinding([],        XK_KP_Enter,      .key(.equals),                          "Enter"),
  KeyBinding([],        XK_KP_Equal,      .key(.equals),                          nil),
  KeyBinding([],        XK_percent,       .key(.percent),                         "%"),
  KeyBinding([],        XK_Escape,        .key(.allClear),                        "Escape"),
  KeyBinding([],        XK_Delete,        .key(.clearEntry),                      "Delete"),
  KeyBinding([],        XK_c,             .key(.clearEntry),                      "c"),
  KeyBinding([],        XK_BackSpace,     .key(.backspace),                       "BackSpace"),
  KeyBinding([],        XK_n,             .key(.toggleSign),                      "n"),
  KeyBinding([],        XK_F9,            .key(.toggleSign),                      "F9"),
  KeyBinding([],        XK_parenleft,     .key(.parenthesis(.open)),              "("),
  KeyBinding([],        XK_parenright,    .key(.parenthesis(.close)),             ")"),
  KeyBinding([],        XK_asciicircum,   .key(.operation(.power)),               "^"),
  KeyBinding([],        XK_exclam,        .key(.function(.factorial)),            "!"),
  KeyBinding([],        XK_r,             .key(.function(.squareRoot)),           "r"),
  KeyBinding(.control,  XK_r,             .key(.function(.squareRoot)),           "Ctrl+R"),
  KeyBinding(.control,  XK_i,             .key(.function(.reciprocal)),           "Ctrl+I"),
  KeyBinding([],        XK_p,             .key(.constant(.pi)),                   "p"),
  KeyBinding(.control,  XK_p,             .key(.constant(.pi)),                   "Ctrl+P"),
  KeyBinding(.control,  XK_e,             .key(.operation(.ee)),                  "Ctrl+E"),
  KeyBinding([],        XK_question,      .action(.toggleShortcuts),              "?"),
  KeyBinding([],        XK_F1,            .action(.toggleShortcuts),              "F1"),
  KeyBinding([],        XK_Tab,           .action(.focusNext),                    "Tab"),
  KeyBinding([],        XK_ISO_Left_Tab,  .action(.focusPrevious),                "Shift+Tab"),
  KeyBinding([],        XK_space,         .action(.pressFocused),                 "Space"),
  KeyBinding([],        XK_Up,            .action(.tape(.older)),                 "Up"),
  KeyBinding([],        XK_Down,          .action(.tape(.newer)),                 "Down"),
  KeyBinding([],        XK_Prior,         .action(.tape(.olderPage)),             "PageUp"),
  KeyBinding([],        XK_Next,          .action(.tape(.newerPage)),             "PageDown"),
  KeyBinding([],        XK_Home,          .action(.tape(.oldest)),                "Home"),
  KeyBinding([],        XK_End,           .action(.tape(.newest)),                "End"),
  KeyBinding([],        XK_F2,            .action(.editRow),                      "F2"),
  KeyBinding([],        XK_F10,           .action(.openMenu),                     "F10"),
  KeyBinding([],        XK_Menu,          .action(.openMenu),                     "Menu"),
  KeyBinding(.control,  XK_z,             .action(.undo),                         "Ctrl+Z"),
  KeyBinding(.controlShift, XK_z,         .action(.redo),                         "Ctrl+Shift+Z"),
  KeyBinding(.control,  XK_y,             .action(.redo),                         "Ctrl+Y"),
  KeyBinding(.control,  XK_c,             .action(.copy),                         "Ctrl+C"),
  KeyBinding(.control,  XK_Insert,        .action(.copy),                         "Ctrl+Insert"),
  KeyBinding(.controlShift, XK_c,         .action(.copyCalculation),              "Ctrl+Shift+C"),
  KeyBinding(.control,  XK_v,             .action(.paste),                        "Ctrl+V"),
  KeyBinding(.shift,    XK_Insert,        .action(.paste),                        "Shift+Insert"),
  KeyBinding(.control,  XK_1,             .action(.mode(.basic)),                 "Ctrl+1"),
  KeyBinding(.control,  XK_2,             .action(.mode(.scientific)),            "Ctrl+2"),
  KeyBinding(.control,  XK_3,             .action(.mode(.tip)),                   "Ctrl+3"),
  KeyBinding(.control,  XK_4,             .action(.convert),                      "Ctrl+4"),
  KeyBinding(.control,  XK_u,             .action(.pickUnit),                     "Ctrl+U"),
  KeyBinding(.control,  XK_s,             .action(.swapUnits),                    "Ctrl+S"),
  KeyBinding(.control,  XK_q,             .action(.quit),                         "Ctrl+Q"),
  KeyBinding(.control,  XK_w,             .action(.quit),                         "Ctrl+W"),
]

extension KeyBinding {
  /// The command for a keysym from `XLookupString` and an event's modifier `state`, or nil.
  ///
  /// A linear scan, as in dwm's `keypress`: the binding with exactly these modifiers, else
  /// the one with them but Shift (the keysym already says what Shift did), so Shift matters
  /// only for a key the table binds with Shift too (Ctrl+Shift+C beside Ctrl+C).
  static func command(for keysym: KeySym, state: UInt32) -> KeyCommand? {
    var lower: KeySym = 0
    var upper: KeySym = 0
    XConvertCase(keysym, &lower, &upper)
    let modifiers = KeyModifiers(eventState: state)
    let unshifted = modifiers.subtracting(.shift)
    return
      (keyBindings.first { $0.keysym == lower && $0.modifiers == modifiers }
      ?? keyBindings.first { $0.keysym == lower && $0.modifiers == unshifted })?.command
  }
}

extension KeyBinding {
  /// The lines of the shortcuts overlay, from the table: one per command in table order, its
  /// listed keys together; the scientific keys only in scientific mode; in tip mode only the
  /// keys that mean something there, named for what they do there (`+`: more people).
  static func shortcutLines(for mode: Mode) -> [ShortcutLine] {
    var lines: [(action: String, keys: [String])] = []
    for binding in keyBindings {
      guard let shown = binding.shown else { continue }
      let action: String
      switch binding.command {
      case .key(let key) where !key.means(in: mode): continue
      case .action(let appAction) where !appAction.means(in: mode): continue
      case .key(.digit): action = tr("digits")
      case .key(let key): action = mode == .tip ? TipKey(key)?.spokenName ?? "" : key.spokenName
      case .action(.focusNext) where mode == .tip: action = tr("focus the next field or key")
      case .action(.focusPrevious) where mode == .tip:
        action = tr("focus the previous field or key")
      case .action(let appAction): action = appAction.description
      }
      if let index = lines.firstIndex(where: { $0.action == action }) {
        lines[index].keys.append(shown)
      } else {
        lines.append((action, [shown]))
      }
    }
    return lines.map { ShortcutLine(keys: $0.keys.joined(separator: "  "), action: $0.action) }
  }
}

extension Key {
  /// Whether a keyboard key does something in a mode: the scientific keys only in scientific
  /// mode; in tip mode the keys `TipKey(_:)` turns into its own.
  func means(in mode: Mode) -> Bool {
    switch mode {
    case .basic: !isScientific
    case .scientific: true
    case .tip: TipKey(self) != nil
    }
  }
}

/// What a key does while the mode menu is open.
enum MenuCommand: Hashable, Sendable {
  case previous
  case next
  case first
  case last
  case choose
  case close
}

// swift-format-ignore
/// The keys of the open mode menu; Escape closes it like any overlay (`WindowState.typeKey`).
let menuBindings: [(keysym: KeySym, command: MenuCommand)] = [
  //  keysym                  command
  (KeySym(XK_Up),             .previous),
  (KeySym(XK_KP_Up),          .previous),
  (KeySym(XK_Down),           .next),
  (KeySym(XK_KP_Down),        .next),
  (KeySym(XK_Home),           .first),
  (KeySym(XK_End),            .last),
  (KeySym(XK_Return),         .choose),
  (KeySym(XK_KP_Enter),       .choose),
  (KeySym(XK_space),          .choose),  // as Space presses a ringed key
  (KeySym(XK_F10),            .close),   // F10 and Menu open it and close it again
  (KeySym(XK_Menu),           .close),
]

/// What a key does while a row of the tape is selected (docs/SPEC.md section 8).
enum TapeCommand: Hashable, Sendable {
  /// Recalls the row's number (commits an edit).
  case choose
  /// Ends the selection (cancels an edit).
  case end
}

// swift-format-ignore
/// The keys that act on the selected row instead of the calculator, without modifiers; the
/// others end the selection and act as usual (or, while a number is edited, type into it).
let tapeBindings: [(keysym: KeySym, command: TapeCommand)] = [
  //  keysym                  command
  (KeySym(XK_Return),         .choose),
  (KeySym(XK_KP_Enter),       .choose),
  (KeySym(XK_Escape),         .end),
]
