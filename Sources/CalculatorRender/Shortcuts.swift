/// One line of the shortcuts overlay.
struct Shortcut: Sendable {
  /// What to press.
  let keys: String
  /// What it does.
  let action: String
}

/// The overlay's text; mirrors X11Frontend's KeyBindings.swift (DESIGN.md section 4).
enum Shortcuts {
  static let title = "Keyboard"

  // swift-format-ignore
  static let lines: [Shortcut] = [
    //        keys                     action
    Shortcut(keys: "0 – 9",            action: "digits"),
    Shortcut(keys: ". or ,",           action: "decimal point"),
    Shortcut(keys: "+  -  *  /  x",    action: "+ − × ÷"),
    Shortcut(keys: "=  Return  Enter", action: "equals"),
    Shortcut(keys: "%",                action: "percent"),
    Shortcut(keys: "Esc",              action: "AC  all clear"),
    Shortcut(keys: "Delete",           action: "C  clear entry"),
    Shortcut(keys: "BackSpace",        action: "⌫  delete a digit"),
    Shortcut(keys: "n  or  F9",        action: "±  change sign"),
    Shortcut(keys: "Ctrl+C",           action: "copy"),
    Shortcut(keys: "Ctrl+V",           action: "paste"),
    Shortcut(keys: "?  or  F1",        action: "this help"),
    Shortcut(keys: "Ctrl+Q  or  W",    action: "quit"),
  ]
}
