import CalculatorCore
import CalculatorLayout

/// One row of the bindings table: a keysym with exact modifiers → a command, and how the
/// shortcuts overlay names the key (nil: not listed, like the keypad's twins of listed keys).
struct KeyBinding: Hashable, Sendable {
  let modifiers: KeyModifiers
  let keysym: KeySymbol
  let command: KeyCommand
  let shown: String?

  init(_ modifiers: KeyModifiers, _ keysym: KeySymbol, _ command: KeyCommand, _ shown: String?) {
    self.modifiers = modifiers
    self.keysym = keysym
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
// conventions for paste and copy. Ctrl+O switches the order of operations (docs/SPEC.md section
// 12).
// swift-format-ignore
let keyBindings: [KeyBinding] = [
  //         modifiers      keysym          command                                 shown in the overlay
  KeyBinding([],            KeySymbol("0"), .key(.digit(.zero)),                    "0 – 9"),
  KeyBinding([],            KeySymbol("1"), .key(.digit(.one)),                     nil),
  KeyBinding([],            KeySymbol("2"), .key(.digit(.two)),                     nil),
  KeyBinding([],            KeySymbol("3"), .key(.digit(.three)),                   nil),
  KeyBinding([],            KeySymbol("4"), .key(.digit(.four)),                    nil),
  KeyBinding([],            KeySymbol("5"), .key(.digit(.five)),                    nil),
  KeyBinding([],            KeySymbol("6"), .key(.digit(.six)),                     nil),
  KeyBinding([],            KeySymbol("7"), .key(.digit(.seven)),                   nil),
  KeyBinding([],            KeySymbol("8"), .key(.digit(.eight)),                   nil),
  KeyBinding([],            KeySymbol("9"), .key(.digit(.nine)),                    nil),
  KeyBinding([],            .kp0,           .key(.digit(.zero)),                    nil),
  KeyBinding([],            .kp1,           .key(.digit(.one)),                     nil),
  KeyBinding([],            .kp2,           .key(.digit(.two)),                     nil),
  KeyBinding([],            .kp3,           .key(.digit(.three)),                   nil),
  KeyBinding([],            .kp4,           .key(.digit(.four)),                    nil),
  KeyBinding([],            .kp5,           .key(.digit(.five)),                    nil),
  KeyBinding([],            .kp6,           .key(.digit(.six)),                     nil),
  KeyBinding([],            .kp7,           .key(.digit(.seven)),                   nil),
  KeyBinding([],            .kp8,           .key(.digit(.eight)),                   nil),
  KeyBinding([],            .kp9,           .key(.digit(.nine)),                    nil),
  KeyBinding([],            .kpInsert,      .key(.digit(.zero)),                    nil),
  KeyBinding([],            .kpEnd,         .key(.digit(.one)),                     nil),
  KeyBinding([],            .kpDown,        .key(.digit(.two)),                     nil),
  KeyBinding([],            .kpNext,        .key(.digit(.three)),                   nil),
  KeyBinding([],            .kpLeft,        .key(.digit(.four)),                    nil),
  KeyBinding([],            .kpBegin,       .key(.digit(.five)),                    nil),
  KeyBinding([],            .kpRight,       .key(.digit(.six)),                     nil),
  KeyBinding([],            .kpHome,        .key(.digit(.seven)),                   nil),
  KeyBinding([],            .kpUp,          .key(.digit(.eight)),                   nil),
  KeyBinding([],            .kpPrior,       .key(.digit(.nine)),                    nil),
  KeyBinding([],            KeySymbol("."), .key(.decimalPoint),                    "."),
  KeyBinding([],            KeySymbol(","), .key(.decimalPoint),                    ","),
  KeyBinding([],            .kpDecimal,     .key(.decimalPoint),                    nil),
  KeyBinding([],            .kpSeparator,   .key(.decimalPoint),                    nil),
  KeyBinding([],            .kpDelete,      .key(.decimalPoint),                    nil),
  KeyBinding([],            KeySymbol("+"), .key(.operation(.add)),                 "+"),
  KeyBinding([],            .kpAdd,         .key(.operation(.add)),                 nil),
  KeyBinding([],            KeySymbol("-"), .key(.operation(.subtract)),            "-"),
  KeyBinding([],            .kpSubtract,    .key(.operation(.subtract)),            nil),
  KeyBinding([],            KeySymbol("*"), .key(.operation(.multiply)),            "*"),
  KeyBinding([],            KeySymbol("x"), .key(.operation(.multiply)),            "x"),
  KeyBinding([],            .multiply,      .key(.operation(.multiply)),            nil),
  KeyBinding([],            .kpMultiply,    .key(.operation(.multiply)),            nil),
  KeyBinding([],            KeySymbol("/"), .key(.operation(.divide)),              "/"),
  KeyBinding([],            .division,      .key(.operation(.divide)),              nil),
  KeyBinding([],            .kpDivide,      .key(.operation(.divide)),              nil),
  KeyBinding([],            KeySymbol("="), .key(.equals),                          "="),
  KeyBinding([],            .returnKey,     .key(.equals),                          "Return"),
  KeyBinding([],            .kpEnter,       .key(.equals),                          "Enter"),
  KeyBinding([],            .kpEqual,       .key(.equals),                          nil),
  KeyBinding([],            KeySymbol("%"), .key(.percent),                         "%"),
  KeyBinding([],            .escape,        .key(.allClear),                        "Escape"),
  KeyBinding([],            .delete,        .key(.clearEntry),                      "Delete"),
  KeyBinding([],            KeySymbol("c"), .key(.clearEntry),                      "c"),
  KeyBinding([],            .backSpace,     .key(.backspace),                       "BackSpace"),
  KeyBinding([],            KeySymbol("n"), .key(.toggleSign),                      "n"),
  KeyBinding([],            .f9,            .key(.toggleSign),                      "F9"),
  KeyBinding([],            KeySymbol("("), .key(.parenthesis(.open)),              "("),
  KeyBinding([],            KeySymbol(")"), .key(.parenthesis(.close)),             ")"),
  KeyBinding([],            KeySymbol("^"), .key(.operation(.power)),               "^"),
  KeyBinding([],            KeySymbol("!"), .key(.function(.factorial)),            "!"),
  KeyBinding([],            KeySymbol("r"), .key(.function(.squareRoot)),           "r"),
  KeyBinding(.control,      KeySymbol("r"), .key(.function(.squareRoot)),           "Ctrl+R"),
  KeyBinding(.control,      KeySymbol("i"), .key(.function(.reciprocal)),           "Ctrl+I"),
  KeyBinding([],            KeySymbol("p"), .key(.constant(.pi)),                   "p"),
  KeyBinding(.control,      KeySymbol("p"), .key(.constant(.pi)),                   "Ctrl+P"),
  KeyBinding(.control,      KeySymbol("e"), .key(.operation(.ee)),                  "Ctrl+E"),
  KeyBinding([],            KeySymbol("?"), .action(.toggleShortcuts),              "?"),
  KeyBinding([],            .f1,            .action(.toggleShortcuts),              "F1"),
  KeyBinding([],            .tab,           .action(.focusNext),                    "Tab"),
  KeyBinding([],            .isoLeftTab,    .action(.focusPrevious),                "Shift+Tab"),
  KeyBinding([],            .space,         .action(.pressFocused),                 "Space"),
  KeyBinding([],            .up,            .action(.tape(.older)),                 "Up"),
  KeyBinding([],            .down,          .action(.tape(.newer)),                 "Down"),
  KeyBinding([],            .prior,         .action(.tape(.olderPage)),             "PageUp"),
  KeyBinding([],            .next,          .action(.tape(.newerPage)),             "PageDown"),
  KeyBinding([],            .home,          .action(.tape(.oldest)),                "Home"),
  KeyBinding([],            .end,           .action(.tape(.newest)),                "End"),
  KeyBinding([],            .f2,            .action(.editRow),                      "F2"),
  KeyBinding(.control,      KeySymbol("f"), .action(.search),                       "Ctrl+F"),
  KeyBinding([],            .f10,           .action(.openMenu),                     "F10"),
  KeyBinding([],            .menu,          .action(.openMenu),                     "Menu"),
  KeyBinding(.control,      KeySymbol("z"), .action(.undo),                         "Ctrl+Z"),
  KeyBinding(.controlShift, KeySymbol("z"), .action(.redo),                         "Ctrl+Shift+Z"),
  KeyBinding(.control,      KeySymbol("y"), .action(.redo),                         "Ctrl+Y"),
  KeyBinding(.control,      KeySymbol("c"), .action(.copy),                         "Ctrl+C"),
  KeyBinding(.control,      .insert,        .action(.copy),                         "Ctrl+Insert"),
  KeyBinding(.controlShift, KeySymbol("c"), .action(.copyCalculation),              "Ctrl+Shift+C"),
  KeyBinding(.control,      KeySymbol("v"), .action(.paste),                        "Ctrl+V"),
  KeyBinding(.shift,        .insert,        .action(.paste),                        "Shift+Insert"),
  KeyBinding(.control,      KeySymbol("1"), .action(.mode(.basic)),                 "Ctrl+1"),
  KeyBinding(.control,      KeySymbol("2"), .action(.mode(.scientific)),            "Ctrl+2"),
  KeyBinding(.control,      KeySymbol("3"), .action(.mode(.tip)),                   "Ctrl+3"),
  KeyBinding(.control,      KeySymbol("4"), .action(.convert),                      "Ctrl+4"),
  KeyBinding(.control,      KeySymbol("o"), .action(.switchOrder),                  "Ctrl+O"),
  KeyBinding(.control,      KeySymbol("u"), .action(.pickUnit),                     "Ctrl+U"),
  KeyBinding(.control,      KeySymbol("s"), .action(.swapUnits),                    "Ctrl+S"),
  KeyBinding(.control,      KeySymbol("t"), .action(.keepOnTop),                    "Ctrl+T"),
  KeyBinding(.control,      KeySymbol("q"), .action(.quit),                         "Ctrl+Q"),
  KeyBinding(.control,      KeySymbol("w"), .action(.quit),                         "Ctrl+W"),
]

extension KeyBinding {
  /// The command a keystroke finds in the table, or nil.
  ///
  /// A linear scan, as in dwm's `keypress`: the binding with exactly these modifiers, else
  /// the one with them but Shift (the keysym already says what Shift did), so Shift matters
  /// only for a key the table binds with Shift too (Ctrl+Shift+C beside Ctrl+C).
  static func command(for stroke: Keystroke) -> KeyCommand? {
    let lower = stroke.symbol.lowercased
    let modifiers = stroke.modifiers
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
