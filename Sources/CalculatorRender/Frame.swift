import CalculatorCore
import CalculatorLayout

/// Everything one drawn frame depends on.
public struct Frame: Equatable, Sendable {
  /// The calculator whose state is shown.
  public var calculator: Calculator
  /// Which keypad shows.
  public var mode: Mode = .basic
  /// `2nd` is on: the scientific keys show their alternates.
  public var showsSecond = false
  /// Window width in pixels.
  public var width: Int
  /// Window height in pixels.
  public var height: Int
  /// The lightened circle (mouse held down, or a key just typed).
  public var pressed: GridPosition? = nil
  /// The mode menu, when open.
  public var menuSelection: MenuSelection? = nil
  /// The keyboard-shortcuts overlay over the keypad, when shown: its lines.
  public var shortcuts: [ShortcutLine]? = nil
  /// Wheel ticks scrolled back from the newest row: through the current calculation's rows,
  /// then the tape's calculations (`Layout.shownHistory`); clamped when drawn.
  public var historyOffset = 0
  /// The past calculations the strip scrolls back to, above the current one.
  public var tape = HistoryTape()
  /// A brief cue on the display: red for refused input, dimmed for a copy; nil for none.
  public var displayCue: DisplayCue? = nil
  /// The key with the keyboard focus, drawn with a ring around its circle.
  public var focused: GridPosition? = nil
  /// The Tip & Split calculator, shown in tip mode.
  public var tip = TipCalculator()
  /// The Tip & Split field with the keyboard focus (always the active one), drawn with a ring.
  public var focusedField: TipField? = nil

  /// A frame of `calculator` in a `width` × `height` window, nothing pressed.
  public init(calculator: Calculator, width: Int, height: Int) {
    self.calculator = calculator
    self.width = width
    self.height = height
  }

  /// The geometry this frame is drawn with.
  public var layout: Layout { Layout(width: width, height: height, keypad: Keypad.of(mode)) }
}

/// A brief change of the display's colour that answers a key.
public enum DisplayCue: Equatable, Sendable {
  /// Input was refused (a paste that is not a number, NaN copied): the number turns red.
  case refused
  /// The number was copied: it dims.
  case copied
}
