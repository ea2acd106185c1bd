import CX11
import CalculatorCore

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
}

/// What a bound key does: a calculator key or a window action.
enum KeyCommand: Hashable, Sendable {
  case key(Key)
  case action(AppAction)
}

/// The modifiers a binding can require.
///
/// Shift, CapsLock, NumLock and AltGr (Mod5) are ignored: the keysym that `XLookupString`
/// returns already says what they did (`Shift+8` is `asterisk`).
struct Modifiers: OptionSet, Hashable, Sendable {
  let rawValue: UInt32

  static let control = Modifiers(rawValue: UInt32(ControlMask))
  static let alt = Modifiers(rawValue: UInt32(Mod1Mask))
  static let logo = Modifiers(rawValue: UInt32(Mod4Mask))

  /// The modifiers of an X key event's `state` that bindings look at, like dwm's `CLEANMASK`.
  init(eventState state: UInt32) {
    self.init(
      rawValue: state
        & (Modifiers.control.rawValue | Modifiers.alt.rawValue | Modifiers.logo.rawValue))
  }

  init(rawValue: UInt32) { self.rawValue = rawValue }
}

/// One row of the bindings table: a keysym with exact modifiers → a command.
struct KeyBinding: Hashable, Sendable {
  let modifiers: Modifiers
  let keysym: KeySym
  let command: KeyCommand

  init(_ modifiers: Modifiers, _ keysym: Int32, _ command: KeyCommand) {
    self.modifiers = modifiers
    self.keysym = KeySym(keysym)
    self.command = command
  }
}

// The keypad keys without NumLock (KP_End, KP_Down, …) type digits too: a calculator has no use
// for keypad navigation, and DESIGN.md says matching ignores NumLock. KP_Delete is the keypad's
// decimal point key. Letters are matched in lower case, so CapsLock and Shift do not matter
// (`X` is ×, Ctrl+Shift+C copies).
// swift-format-ignore
let keyBindings: [KeyBinding] = [
  //         modifiers  keysym            command
  KeyBinding([],        XK_0,             .key(.digit(.zero))),
  KeyBinding([],        XK_1,             .key(.digit(.one))),
  KeyBinding([],        XK_2,             .key(.digit(.two))),
  KeyBinding([],        XK_3,             .key(.digit(.three))),
  KeyBinding([],        XK_4,             .key(.digit(.four))),
  KeyBinding([],        XK_5,             .key(.digit(.five))),
  KeyBinding([],        XK_6,             .key(.digit(.six))),
  KeyBinding([],        XK_7,             .key(.digit(.seven))),
  KeyBinding([],        XK_8,             .key(.digit(.eight))),
  KeyBinding([],        XK_9,             .key(.digit(.nine))),
  KeyBinding([],        XK_KP_0,          .key(.digit(.zero))),
  KeyBinding([],        XK_KP_1,          .key(.digit(.one))),
  KeyBinding([],        XK_KP_2,          .key(.digit(.two))),
  KeyBinding([],        XK_KP_3,          .key(.digit(.three))),
  KeyBinding([],        XK_KP_4,          .key(.digit(.four))),
  KeyBinding([],        XK_KP_5,          .key(.digit(.five))),
  KeyBinding([],        XK_KP_6,          .key(.digit(.six))),
  KeyBinding([],        XK_KP_7,          .key(.digit(.seven))),
  KeyBinding([],        XK_KP_8,          .key(.digit(.eight))),
  KeyBinding([],        XK_KP_9,          .key(.digit(.nine))),
  KeyBinding([],        XK_KP_Insert,     .key(.digit(.zero))),
  KeyBinding([],        XK_KP_End,        .key(.digit(.one))),
  KeyBinding([],        XK_KP_Down,       .key(.digit(.two))),
  KeyBinding([],        XK_KP_Next,       .key(.digit(.three))),
  KeyBinding([],        XK_KP_Left,       .key(.digit(.four))),
  KeyBinding([],        XK_KP_Begin,      .key(.digit(.five))),
  KeyBinding([],        XK_KP_Right,      .key(.digit(.six))),
  KeyBinding([],        XK_KP_Home,       .key(.digit(.seven))),
  KeyBinding([],        XK_KP_Up,         .key(.digit(.eight))),
  KeyBinding([],        XK_KP_Prior,      .key(.digit(.nine))),
  KeyBinding([],        XK_period,        .key(.decimalPoint)),
  KeyBinding([],        XK_comma,         .key(.decimalPoint)),
  KeyBinding([],        XK_KP_Decimal,    .key(.decimalPoint)),
  KeyBinding([],        XK_KP_Separator,  .key(.decimalPoint)),
  KeyBinding([],        XK_KP_Delete,     .key(.decimalPoint)),
  KeyBinding([],        XK_plus,          .key(.operation(.add))),
  KeyBinding([],        XK_KP_Add,        .key(.operation(.add))),
  KeyBinding([],        XK_minus,         .key(.operation(.subtract))),
  KeyBinding([],        XK_KP_Subtract,   .key(.operation(.subtract))),
  KeyBinding([],        XK_asterisk,      .key(.operation(.multiply))),
  KeyBinding([],        XK_x,             .key(.operation(.multiply))),
  KeyBinding([],        XK_multiply,      .key(.operation(.multiply))),
  KeyBinding([],        XK_KP_Multiply,   .key(.operation(.multiply))),
  KeyBinding([],        XK_slash,         .key(.operation(.divide))),
  KeyBinding([],        XK_division,      .key(.operation(.divide))),
  KeyBinding([],        XK_KP_Divide,     .key(.operation(.divide))),
  KeyBinding([],        XK_equal,         .key(.equals)),
  KeyBinding([],        XK_Return,        .key(.equals)),
  KeyBinding([],        XK_KP_Enter,      .key(.equals)),
  KeyBinding([],        XK_KP_Equal,      .key(.equals)),
  KeyBinding([],        XK_percent,       .key(.percent)),
  KeyBinding([],        XK_Escape,        .key(.allClear)),
  KeyBinding([],        XK_Delete,        .key(.clearEntry)),
  KeyBinding([],        XK_BackSpace,     .key(.backspace)),
  KeyBinding([],        XK_n,             .key(.toggleSign)),
  KeyBinding([],        XK_F9,            .key(.toggleSign)),
  KeyBinding([],        XK_question,      .action(.toggleShortcuts)),
  KeyBinding([],        XK_F1,            .action(.toggleShortcuts)),
  KeyBinding(.control,  XK_c,             .action(.copy)),
  KeyBinding(.control,  XK_v,             .action(.paste)),
  KeyBinding(.control,  XK_q,             .action(.quit)),
  KeyBinding(.control,  XK_w,             .action(.quit)),
]

extension KeyBinding {
  /// The command for a keysym from `XLookupString` and an event's modifier `state`, or nil.
  ///
  /// A linear scan, as in dwm's `keypress`.
  static func command(for keysym: KeySym, state: UInt32) -> KeyCommand? {
    var lower: KeySym = 0
    var upper: KeySym = 0
    XConvertCase(keysym, &lower, &upper)
    let modifiers = Modifiers(eventState: state)
    return keyBindings.first { $0.keysym == lower && $0.modifiers == modifiers }?.command
  }
}
