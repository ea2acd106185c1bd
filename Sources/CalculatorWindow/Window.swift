/// CalculatorWindow: the window's logic without X, Cairo or Foundation. One value,
/// `WindowState`, changes only in `reduce(_:at:)`, by one `WindowAction` per input (a key, a
/// pointer event, a resize, a timer, a paste's text), and returns the `WindowEffect`s that need
/// the outside world; the front end performs them and draws `frame`.
///
/// The state is composed of parts, each a plain value with its own small reducer, as The
/// Composable Architecture composes them: the keyboard focus (`FocusRing`), the pointer
/// (`Pointer`), the mode menu and the shortcuts overlay (`ModeMenu`), the unit picker
/// (`UnitPicker`), the tape's cursor, scrolling and edit (`TapeBrowser`), its search
/// (`SearchLine`), Convert
/// (`ConvertSettings`, `RatesState`), Tip & Split (`TipFields`), the cues (`Cues`) and what a
/// screen reader was told (`Speech`). Start reading at `reduce(_:at:)`, then
/// `WindowState+Keyboard.swift` (what a key means) and `WindowState+Pointer.swift` (where a click
/// goes).
import CalculatorCore
import CalculatorLayout

/// Everything the window shows and remembers between inputs.
public struct WindowState: Equatable, Sendable {
  /// The lightened circle and what holds it down.
  enum Highlight: Equatable, Sendable {
    /// Button 1 went down on `cell`; lit only while the pointer is still inside it.
    case pointer(cell: GridPosition, isInside: Bool)
    /// A typed key, lit from its press until the release of the same keycode.
    case keyboard(cell: GridPosition, keycode: UInt32)
  }

  /// The calculator, Tip & Split and the tape: what Ctrl+Z takes back.
  public internal(set) var document: Document
  /// The states before each change of `document`, settled after each action.
  var undo: UndoStack<Document>
  /// The wall clock of the action being reduced, in nanoseconds since 1970: the identity of a
  /// calculation it finishes (0 in tests: 1, 2, 3…).
  var stamp: UInt64 = 0
  /// The window's geometry, laid out again only when the size, the mode or Convert changes.
  public internal(set) var layout: Layout
  /// The HiDPI scale the window opened with; the size saved for the next start is divided by it,
  /// and each mode's minimum size is multiplied by it.
  public let scale: Double
  /// The lit circle, if any.
  var highlight: Highlight?
  /// `2nd` is on: the scientific keys show and do their alternates.
  var showsSecond = false
  /// The focus ring (Tab, Shift+Tab).
  var focus = FocusRing()
  /// What button 1 started.
  var pointer = Pointer()
  /// The mode menu and the shortcuts overlay.
  var menu = ModeMenu()
  /// The first line the shortcuts overlay shows (0 whenever it is closed).
  var shortcutsOffset = 0
  /// The open unit picker.
  var picker: UnitPicker?
  /// The tape's scrolling, row cursor, edit and last click.
  var browser = TapeBrowser()
  /// The open search of the tape (Ctrl+F), if any.
  var search: SearchLine?
  /// Convert: whether its lines show, their category and the pairs of units chosen
  /// (docs/SPEC.md section 10.4); the layout follows.
  public internal(set) var convert: ConvertSettings {
    didSet { if convert.isOn != oldValue.isOn { layOut(mode) } }
  }
  /// The currency rates and their background update.
  var rates = RatesState()
  /// Tip & Split's part of the window.
  var tip = TipFields()
  /// The display's cues.
  var cues = Cues()
  /// What a screen reader was last told.
  var speech = Speech()
  /// Whether the window manager keeps the window above the others, as `_NET_WM_STATE` last
  /// said (docs/SPEC.md section 14.1): the menu's check mark follows the real state.
  public internal(set) var keepsOnTop = false
  /// The display's number is selected and owns PRIMARY, until a key, a click or another
  /// program taking PRIMARY (docs/SPEC.md section 14.3).
  public internal(set) var displaySelected = false
  /// Effects a part asked for during the action being reduced (a menu line chosen, a double
  /// click), returned after the action's own.
  var requested: [WindowEffect] = []
  /// Whether the window has the keyboard focus (its frame is `active` for screen readers).
  public internal(set) var hasInputFocus = false
  /// Measures a side panel line's rows in the renderer's fonts, for a click there.
  var metrics: TapeMetrics
  /// How numbers are shown, copied and pasted: the user's locale (docs/SPEC.md section 13.1).
  public var numbers = NumberLocale.c
  /// The local calendar the tape's days are read with (docs/SPEC.md section 15.4), the front
  /// end's; nil: no day headers.
  public var calendar: LocalCalendar?

  /// A window of `width` × `height` pixels at `scale` showing `mode`'s keypad, with these
  /// calculators and Convert settings; `measure` measures texts in the tape's face (the
  /// renderer's `tapeTextExtents`), without which the layout's estimate places a panel line's
  /// rows.
  public init(
    calculator: Calculator, split: TipCalculator = TipCalculator(),
    convert: ConvertSettings = ConvertSettings(), mode: Mode = .basic, width: Int, height: Int,
    scale: Double = 1, measure: TapeTextMeasure? = nil
  ) {
    document = Document(calculator: calculator, split: split)
    undo = UndoStack(document)
    self.convert = convert
    layout = Layout(
      width: width, height: height, keypad: .of(mode), scale: scale,
      converts: convert.isOn && mode != .tip)
    self.scale = scale
    metrics = TapeMetrics(measure: measure)
    menu.lines = MenuItem.lines(in: mode)
  }

  /// Measures texts in the tape's face (the renderer's `tapeTextExtents`), where a click on a
  /// side panel line falls among its rows; nil: the layout's estimate.
  public var measure: TapeTextMeasure? {
    get { metrics.measure }
    set { metrics.measure = newValue }
  }

  /// Where the shortcuts overlay draws its lines (the renderer's `shortcutsFit`), which its
  /// scrolling follows; nil: an estimate.
  public var shortcutsMeasure: ShortcutsMeasure? {
    get { metrics.shortcutsMeasure }
    set { metrics.shortcutsMeasure = newValue }
  }

  /// The calculator of the basic and scientific keypads (the document's).
  public var calculator: Calculator {
    get { document.calculator }
    set { document.calculator = newValue }
  }

  /// The Tip & Split calculator; switching modes keeps it, as it keeps `calculator`.
  public var split: TipCalculator {
    get { document.split }
    set { document.split = newValue }
  }

  /// The calculations finished with `=`, shown above the strip's rows when scrolled back.
  public var tape: HistoryTape {
    get { document.tape }
    set { document.tape = newValue }
  }

  /// Which keypad shows; switching keeps the calculator.
  public var mode: Mode { layout.keypad.mode }

  /// Lays the window out again for `mode`, with the Convert lines when they show there, and the
  /// mode menu's lines.
  mutating func layOut(_ mode: Mode) {
    layout = Layout(
      width: width, height: height, keypad: .of(mode), scale: scale,
      converts: convert.isOn && mode != .tip)
    menu.lines = MenuItem.lines(in: mode)
  }

  /// A new size: the layout follows.
  mutating func resize(width: Int, height: Int) {
    layout = layout.resized(width: width, height: height)
  }

  /// The window's width in pixels.
  public var width: Int { layout.width }

  /// The window's height in pixels.
  public var height: Int { layout.height }

  /// The first deadline to come (a cue to take down), or nil: the front end's loop sleeps
  /// until then and then sends `.tick`.
  public var nextDeadline: Instant? { cues.deadlines.nearest }

  /// The current mode's minimum window size at this window's scale.
  public var minimumSize: PixelSize {
    let size = Layout.minimumSize(for: mode)
    return PixelSize(
      width: Int((Double(size.width) * scale).rounded(.up)),
      height: Int((Double(size.height) * scale).rounded(.up)))
  }

  /// The frame to draw for this state: the front end builds it once per turn of events.
  public var frame: Frame {
    var frame = tapeFrame
    frame.menuSelection = menu.selection
    frame.keepsOnTop = keepsOnTop
    frame.displaySelected = displaySelected
    frame.picker = pickerView
    frame.search = searchView
    frame.pressed = litCell
    frame.shortcuts = menu.showsShortcuts ? KeyBinding.shortcutLines(for: mode) : nil
    frame.shortcutsOffset = menu.showsShortcuts ? shortcutsOffset : 0
    frame.displayCue = cues.shown
    // The open menu or picker has it.
    let ringShows = menu.selection == nil && picker == nil && focus.isShown
    frame.focused = ringShows ? focus.cell : nil
    frame.focusedField = mode == .tip && focus.isOnField && focus.isShown ? split.active : nil
    return frame
  }

  /// The frame as far as what the calculators show, the row cursor and the tape's scrolling go:
  /// what a click on the tape and the scrolling are measured against.
  var tapeFrame: Frame {
    var frame = Frame(
      layout: layout, calculator: calculator, tape: tape, split: split,
      showsSecond: showsSecond, units: convertUnits, numbers: numbers)
    frame.tape.selection = tapeSelection
    frame.tape.offset = browser.historyOffset
    frame.tape.panelOffset = browser.panelOffset
    // Today is the day of the last input (its wall clock).
    frame.tape.days = calendar.map { TapeDays(today: $0.day(atNanoseconds: stamp), calendar: $0) }
    return frame
  }

  /// The circle drawn pressed.
  private var litCell: GridPosition? {
    switch highlight {
    case .pointer(let cell, isInside: true): cell
    case .keyboard(let cell, _): cell
    case .pointer(_, isInside: false), nil: nil
    }
  }

  /// What Ctrl+C copies: the displayed number, or in tip mode the per-person amount, in the
  /// locale's form without grouping (docs/SPEC.md section 13.3).
  var copyText: String? {
    (mode == .tip ? split.copyText : calculator.copyText).map(numbers.localized)
  }
}

/// Measures texts in the tape's face (the renderer's fonts).
///
/// The parts of the window's logic that need glyphs: where a click on a side panel line falls
/// among its rows, and how many lines the shortcuts overlay shows at once. Not part of what the
/// state shows, so two states compare equal whatever measures them.
struct TapeMetrics: Equatable, @unchecked Sendable {
  /// The renderer's measure, or nil for the layout's estimate.
  var measure: TapeTextMeasure?
  /// The renderer's shortcuts overlay, or nil for an estimate.
  var shortcutsMeasure: ShortcutsMeasure?

  static func == (lhs: TapeMetrics, rhs: TapeMetrics) -> Bool { true }

  /// The row of the side panel line under `point` in `frame`.
  func panelRow(at point: Point, in frame: Frame) -> (calculation: Int, row: Int)? {
    let layout = frame.layout
    return frame.tapePanelRow(
      at: point,
      measure: measure ?? { text, size in
        let width = layout.estimatedWidth(of: text) * size / max(layout.tapeFontSize, 1)
        return HorizontalExtents(x: 0, width: width, advance: width)
      })
  }
}
