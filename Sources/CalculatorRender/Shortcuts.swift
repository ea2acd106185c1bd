import CalculatorCore

/// The overlay's title; its lines come from the front end's bindings table.
enum Shortcuts {
  static var title: String { tr("Keyboard") }
}
