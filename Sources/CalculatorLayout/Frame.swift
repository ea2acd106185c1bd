import CalculatorCore

/// What one drawn frame shows: texts, rows and lit keys, and where they go.
///
/// A value built from the calculators (`init(layout:calculator:tape:split:showsSecond:)`), not
/// holding them: the renderer, the damage pass and the accessibility tree read only what is
/// shown. The geometry comes in with it, made once per size and mode.
public struct Frame: Equatable, Sendable {
  /// The geometry this frame is drawn with: the window's size and the mode's keypad.
  public var layout: Layout
  /// What the display reads.
  public var display = DisplayText.zero
  /// What every keypad cell's label and colour read: AC/C, Rad/Deg, `2nd`, what is lit.
  public var face = KeypadFace()
  /// The tape: the current calculation's rows and the finished calculations, and how far each
  /// list is scrolled back.
  public var tape = TapeView()
  /// The Tip & Split screen, shown in tip mode.
  public var tipScreen: TipScreen?
  /// The lightened circle (mouse held down, or a key just typed).
  public var pressed: GridPosition? = nil
  /// The key with the keyboard focus, drawn with a ring around its circle.
  public var focused: GridPosition? = nil
  /// The Tip & Split field with the keyboard focus (always the active one), drawn with a ring.
  public var focusedField: TipField? = nil
  /// The mode menu, when open.
  public var menuSelection: MenuSelection? = nil
  /// The window is kept above the others: the menu's Keep on Top line shows a check mark
  /// (docs/SPEC.md section 14.1).
  public var keepsOnTop = false
  /// The display's number is selected: it owns PRIMARY (docs/SPEC.md section 14.3).
  public var displaySelected = false
  /// The calculator's order of operations: the menu's check mark, what a screen reader hears
  /// when it changes (docs/SPEC.md section 12).
  public var order = Order.leftToRight
  /// The keyboard-shortcuts overlay over the keypad, when shown: its lines.
  public var shortcuts: [ShortcutLine]? = nil
  /// The first line the shortcuts overlay shows, when it scrolls (`ShortcutsFit.firstLine`).
  public var shortcutsOffset = 0
  /// A brief cue on the display: red for refused input, dimmed for a copy; nil for none.
  public var displayCue: DisplayCue? = nil
  /// The Convert lines, when the layout has them: the two units and the converted value.
  public var convert: ConvertView? = nil
  /// The unit picker, when open.
  public var picker: PickerView? = nil
  /// The search of the tape over the strip or the side panel, when open.
  public var search: SearchView? = nil

  /// What the calculators show in `layout`: the display, the keypad's face, the tape (the current
  /// calculation over the finished ones), in tip mode the Tip & Split screen and, when the
  /// layout has the Convert lines, the display converted between `units`; every number in
  /// `numbers`' form (docs/SPEC.md section 13.1).
  public init(
    layout: Layout, calculator: Calculator, tape: HistoryTape = HistoryTape(),
    split: TipCalculator = TipCalculator(), showsSecond: Bool = false,
    units: ConvertUnits? = nil, numbers: NumberLocale = .c
  ) {
    self.layout = layout
    order = calculator.order
    display = calculator.displayText.localized(numbers)
    if layout.converts, let units { convert = ConvertView(display: display, units: units) }
    if layout.keypad.screen == .tipAndSplit {
      face = KeypadFace(split)
      tipScreen = TipScreen(split, numbers: numbers)
    } else {
      face = KeypadFace(calculator, showsSecond: showsSecond)
    }
    face.decimalSeparator = numbers.decimalSeparator
    // In Math Order the display shows the calculation being typed, and the strip the earlier
    // ones only, the one `=` just finished included (docs/SPEC.md section 12).
    let isMath = calculator.order == .math
    self.tape = TapeView(
      rows: isMath ? [] : calculator.history.map(numbers.localized), past: tape,
      hidesNewest: !isMath && tape.isNewestShown(by: calculator), numbers: numbers)
  }

  /// Window width in pixels.
  public var width: Int { layout.width }

  /// Window height in pixels.
  public var height: Int { layout.height }

  /// Which keypad shows; setting it lays the window out again.
  public var mode: Mode {
    get { layout.keypad.mode }
    set {
      layout = Layout(
        width: width, height: height, keypad: .of(newValue), scale: layout.scale,
        converts: layout.converts)
    }
  }

  /// Whether `Rad` shows at the display's left: radians, on a keypad with the angle key (the
  /// basic keypad keeps the unit for the functions but shows none).
  public var showsRadians: Bool {
    face.angle == .radians && layout.keypad.position(of: .edit(.angle)) != nil
  }
}

/// The tape as a frame shows it: the current calculation's rows under the finished ones.
public struct TapeView: Equatable, Sendable {
  /// The current calculation's rows, oldest first: `["12", "+ 3"]`.
  public var rows: [String] = []
  /// The finished calculations, oldest first.
  public var past = HistoryTape()
  /// The current calculation is the newest finished one, just finished: the strip shows it
  /// once, as the current calculation at rest and as the newest finished one while a row is
  /// selected (the side panel lists it all the same).
  public var hidesNewest = false
  /// Rows the strip is scrolled back from rest.
  public var offset = 0
  /// Lines the side panel is scrolled back from the newest.
  public var panelOffset = 0
  /// The row under the keyboard's row cursor, and its text while it is edited.
  public var selection: TapeSelection? = nil
  /// The form the finished calculations' numbers are shown in (`rows` are given in it).
  public var numbers = NumberLocale.c
  /// The side panel's day headers, and the strip's when scrolled back (docs/SPEC.md section
  /// 15.4); nil: none (a headless run).
  public var days: TapeDays? = nil

  /// A tape of these rows over these calculations, whose numbers show in `numbers`' form.
  public init(
    rows: [String] = [], past: HistoryTape = HistoryTape(), hidesNewest: Bool = false,
    numbers: NumberLocale = .c
  ) {
    self.rows = rows
    self.past = past
    self.hidesNewest = hidesNewest
    self.numbers = numbers
  }

  /// The finished calculations the strip shows above the current one: all of them while a row
  /// is selected, the newest included.
  public var stripCalculations: Slice<CalculationList> {
    past.calculations.dropLast(hidesNewest && selection == nil ? 1 : 0)
  }

  /// How many of the current calculation's rows the strip shows: none while a row is selected
  /// just after `=`, when the calculation finished shows with its `= result` row among the
  /// finished ones (docs/SPEC.md section 8.2), once.
  public var stripRowCount: Int { hidesNewest && selection != nil ? 0 : rows.count }

  /// The rows a first wheel tick skips at once: just after `=`, the calculation finished but
  /// one, so that the tick goes to the calculation before it (docs/SPEC.md section 3.4).
  var firstTickSkip: Int { hidesNewest && selection == nil ? max(rows.count - 1, 0) : 0 }

  /// The layout's offset (rows back from rest) for the tape's `offset` (wheel ticks back).
  func stripOffset(_ offset: Int) -> Int { offset > 0 ? offset + firstTickSkip : 0 }

  /// The shown rows of each of `stripCalculations`, read without making the calculations
  /// (docs/SPEC.md section 15.2: a frame's cost does not grow with the tape).
  public var stripRowCounts: ShownRowCounts {
    past.calculations.shownRowCounts(droppingLast: hidesNewest && selection == nil ? 1 : 0)
  }
}

/// The Tip & Split screen as a frame shows it (docs/SPEC.md section 7).
public struct TipScreen: Equatable, Sendable {
  /// Each field's value as shown, in `TipField.allCases` order: `"84.50"`, `"15%"`, `"3"`.
  public var fields: [String]
  /// The field typing goes into.
  public var active: TipField
  /// The tip, as shown: `"15.21"`.
  public var tip: String
  /// The total, as shown: `"99.71"`.
  public var total: String
  /// What each person pays, as shown: `"33.24"`.
  public var perPerson: String
  /// The shares line when the shares exceed the total: `"3 × 33.34 = 100.02"`.
  public var shares: String?
  /// By how much the shares exceed the total: `"0.02"`.
  public var overshoot: String?

  /// What `split` shows, its numbers in `numbers`' form.
  public init(_ split: TipCalculator, numbers: NumberLocale = .c) {
    fields = TipField.allCases.map { numbers.localized(split.shownText(of: $0)) }
    active = split.active
    tip = numbers.localized(split.tipText)
    total = numbers.localized(split.totalText)
    perPerson = numbers.localized(split.perPersonText)
    shares = split.sharesText.map(numbers.localized)
    overshoot = split.overshootText.map(numbers.localized)
  }

  /// A field's value as shown.
  public func text(of field: TipField) -> String {
    fields[TipField.allCases.firstIndex(of: field) ?? 0]
  }
}

/// A brief change of the display's colour that answers a key.
public enum DisplayCue: Equatable, Sendable {
  /// Input was refused (a paste that is not a number, NaN copied): the number turns red.
  case refused
  /// The number was copied: it dims.
  case copied
}
