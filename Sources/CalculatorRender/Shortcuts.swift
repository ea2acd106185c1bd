/// The overlay's title; its lines come from the front end's bindings table.
enum Shortcuts {
  static let title = "Keyboard"
}
