import CalculatorCore

/// What pressing a keypad cell does.
public enum KeypadAction: Hashable, Sendable {
  /// Presses a calculator key.
  case key(Key)
  /// The one AC/C cell: the calculator's `clearLabel` says which.
  case clear
  /// The ⌨ cell: opens the mode menu.
  case modes
  /// `2nd`: shows the alternate functions (window only; no token).
  case secondFunctions
  /// Presses a Tip & Split key.
  case tip(TipKey)
}

/// The colour family of a keypad cell (the renderer's theme maps it to colours).
public enum KeyStyle: Hashable, Sendable {
  /// Digits, `.` and ⌨: dark gray, white label.
  case digit
  /// AC/C, ±, %: light gray, black label.
  case function
  /// `÷ × − + =`: orange, white label; a pending operator shows inverted.
  case `operator`
  /// The scientific keys: darker gray, smaller white label; `2nd` and `mr` can show lit.
  case scientific
}

/// A key's label: runs of text, some raised or lowered (`x²` is `x` and a raised `2`).
public struct KeyLabel: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
  /// Where a run sits.
  public enum Position: Hashable, Sendable {
    case normal
    case superscript
    case `subscript`
  }

  /// One run of text in one position.
  public struct Run: Hashable, Sendable {
    /// The text.
    public var text: String
    /// Where it sits.
    public var position: Position
  }

  /// The runs, left to right.
  public let runs: [Run]

  /// A label from markup: `^{…}` raises, `_{…}` lowers: `"x^{2}"`, `"log_{10}"`, `"sin^{−1}"`.
  public init(_ markup: String) {
    var runs: [Run] = []
    var rest = Substring(markup)
    while !rest.isEmpty {
      if let marker = rest.first, marker == "^" || marker == "_", rest.dropFirst().first == "{",
        let end = rest.firstIndex(of: "}")
      {
        let text = rest[rest.index(rest.startIndex, offsetBy: 2)..<end]
        runs.append(Run(text: String(text), position: marker == "^" ? .superscript : .subscript))
        rest = rest[rest.index(after: end)...]
      } else {
        let text = rest.prefix { $0 != "^" && $0 != "_" }
        let run = text.isEmpty ? rest.prefix(1) : text
        runs.append(Run(text: String(run), position: .normal))
        rest = rest.dropFirst(run.count)
      }
    }
    self.runs = runs
  }

  /// A label from markup.
  public init(stringLiteral markup: String) { self.init(markup) }

  /// The text without positions: `"x2"`, `"log10"`.
  public var description: String { runs.map(\.text).joined() }

  /// The labels the face picks (`KeyCap.label(on:)`), made once: every frame reads them for
  /// every cell, and the damage compares them.
  static let allClear = KeyLabel(ClearLabel.allClear.rawValue)
  static let clearEntry = KeyLabel(ClearLabel.clearEntry.rawValue)
  static let radians: KeyLabel = "Rad"
  static let degrees: KeyLabel = "Deg"
}

/// One cell of a keypad table.
public struct KeyCap: Hashable, Sendable {
  /// What pressing it does.
  public let action: KeypadAction
  /// The label drawn on it (the clear, angle and ⌨ cells are drawn from state or as glyphs).
  public let label: KeyLabel
  /// Its colour family.
  public let style: KeyStyle
  /// What it does and shows while `2nd` is on, if that differs.
  public let alternate: Alternate?

  /// The action and label a cell has while `2nd` is on.
  public struct Alternate: Hashable, Sendable {
    /// What pressing it does then.
    public let action: KeypadAction
    /// What it shows then.
    public let label: KeyLabel
  }

  /// A cell doing `action`, labelled `label`, coloured by `style`; with `2nd` on it does
  /// `second` instead, labelled `secondLabel`.
  public init(
    _ action: KeypadAction, _ label: KeyLabel, _ style: KeyStyle,
    second: KeypadAction? = nil, _ secondLabel: KeyLabel? = nil
  ) {
    self.action = action
    self.label = label
    self.style = style
    alternate = second.map { Alternate(action: $0, label: secondLabel ?? label) }
  }

  /// The action with `2nd` on or off.
  public func action(second: Bool) -> KeypadAction {
    second ? alternate?.action ?? action : action
  }

  /// The label as shown: AC or C, and Rad or Deg (the unit it switches to), from the face;
  /// the alternate while `2nd` is on.
  public func label(on face: KeypadFace) -> KeyLabel {
    switch action {
    case .clear: face.clearLabel == .allClear ? .allClear : .clearEntry
    case .key(.edit(.angle)): face.angle == .degrees ? .radians : .degrees
    // docs/SPEC.md section 13.2: the locale's decimal separator.
    case .key(.decimalPoint), .tip(.point):
      face.decimalSeparator == "." ? label : KeyLabel(face.decimalSeparator)
    default: face.showsSecond ? alternate?.label ?? label : label
    }
  }

  /// Whether the cell shows lit: `2nd` while on, `mr` while the memory holds a value, the
  /// Tip & Split preset of the tip percent in use.
  public func isLit(on face: KeypadFace) -> Bool {
    switch action {
    case .secondFunctions: face.showsSecond
    case .key(.memory(.recall)): face.hasMemory
    case .tip(.preset(let preset)): face.tipPercent == String(preset.percent)
    default: false
    }
  }

  /// Whether the cell is the operator that shows pending (white with an orange label).
  public func isHighlighted(on face: KeypadFace) -> Bool {
    guard let highlighted = face.highlightedOperation else { return false }
    return action(second: face.showsSecond) == .key(.operation(highlighted))
  }
}

/// What the keypad's cells read besides the table: the AC/C label, the angle unit, what is lit.
///
/// A frame holds one; two frames with the same face draw every cell alike but the pressed and
/// focused ones.
public struct KeypadFace: Hashable, Sendable {
  /// AC or C.
  public var clearLabel: ClearLabel = .allClear
  /// The angle unit: the Rad/Deg key names the other one.
  public var angle: AngleUnit = .degrees
  /// `2nd` is on: the scientific keys show and do their alternates.
  public var showsSecond = false
  /// The memory holds a value: `mr` shows lit.
  public var hasMemory = false
  /// The operator key shown white: the pending one until the next number starts.
  public var highlightedOperation: Operation?
  /// The operator waiting for its operand (a screen reader hears it `checked` until `=`).
  public var pendingOperation: Operation?
  /// Tip & Split's tip percent as typed (`"18"`): its preset shows lit; nil outside tip mode.
  public var tipPercent: String?
  /// What the decimal key shows: the locale's decimal separator (docs/SPEC.md section 13.2).
  public var decimalSeparator = "."

  /// A face with nothing lit: AC, degrees.
  public init() {}

  /// The face of a calculator's keypad, `2nd` on or off.
  public init(_ calculator: Calculator, showsSecond: Bool) {
    clearLabel = calculator.clearLabel
    angle = calculator.angle
    self.showsSecond = showsSecond
    hasMemory = calculator.memory != nil
    highlightedOperation = calculator.highlightedOperation
    pendingOperation = calculator.pendingOperation
  }

  /// The face of the Tip & Split keypad.
  public init(_ split: TipCalculator) {
    tipPercent = split.tipPercentText
  }
}

/// What a keypad's screen shows above (or beside) its circles.
public enum KeypadScreen: Hashable, Sendable {
  /// The display and the history strip.
  case calculator
  /// The Tip & Split fields and results (docs/SPEC.md section 7.1).
  case tipAndSplit
}

/// A keypad: its table of cells, laid out like the screen; a row shorter than the first is
/// centred under it.
public struct Keypad: Hashable, Sendable, CustomStringConvertible {
  /// The mode that shows it; two keypads are the same when they are the same mode's.
  public let mode: Mode
  /// The cells, top row first, left to right.
  public let rows: [[KeyCap]]
  /// How many columns at the left are functions that a portrait window stacks above the rest
  /// (the scientific keys over the basic keypad, as the iPhone does); 0 when none.
  public let functionColumns: Int
  /// What shows with the keypad.
  public let screen: KeypadScreen
  /// Every cell position, row by row (kept: the damage and the hit test walk them each frame).
  public let positions: [GridPosition]

  /// A keypad from its rows.
  init(mode: Mode, rows: [[KeyCap]], functionColumns: Int = 0, screen: KeypadScreen = .calculator) {
    self.mode = mode
    self.rows = rows
    self.functionColumns = functionColumns
    self.screen = screen
    positions = rows.indices.flatMap { row in
      rows[row].indices.map { GridPosition(row: row, column: $0) }
    }
  }

  /// The same mode's keypad.
  public static func == (lhs: Keypad, rhs: Keypad) -> Bool { lhs.mode == rhs.mode }

  /// Hashes the mode.
  public func hash(into hasher: inout Hasher) { hasher.combine(mode) }

  /// `"the scientific keypad"`: the table itself would fill a test's log.
  public var description: String { "the \(mode.rawValue) keypad" }

  /// The keypad a mode shows.
  public static func of(_ mode: Mode) -> Keypad {
    switch mode {
    case .basic: basic
    case .scientific: scientific
    case .tip: tip
    }
  }

  /// The number of rows.
  public var rowCount: Int { rows.count }
  /// The number of columns: the first row's cells.
  public var columnCount: Int { rows.first?.count ?? 0 }

  /// How many columns a row is moved right to be centred under the first: 0.5 for a row of 4
  /// under 5, 0 outside the table.
  public func indent(ofRow row: Int) -> Double {
    guard rows.indices.contains(row) else { return 0 }
    return Double(columnCount - rows[row].count) / 2
  }

  /// The table cell at `position`, or nil outside the table.
  public func cap(at position: GridPosition) -> KeyCap? {
    guard rows.indices.contains(position.row), rows[position.row].indices.contains(position.column)
    else { return nil }
    return rows[position.row][position.column]
  }

  /// The action of a cell (with `2nd` on or off), or nil outside the table.
  public func action(at position: GridPosition, second: Bool = false) -> KeypadAction? {
    cap(at: position)?.action(second: second)
  }

  /// The cell that shows a key, with `2nd` on or off (AC and C → the clear cell); nil for ⌫ and
  /// for keys this keypad does not have.
  public func position(of key: Key, second: Bool = false) -> GridPosition? {
    switch key {
    case .allClear, .clearEntry: position(of: KeypadAction.clear)
    default: position(of: KeypadAction.key(key), second: second)
    }
  }

  /// The cell of a keypad action, with `2nd` on or off, or nil when no cell has it.
  public func position(of action: KeypadAction, second: Bool = false) -> GridPosition? {
    positions.first { rows[$0.row][$0.column].action(second: second) == action }
  }
}

// docs/SPEC.md section 3.1: the iOS 18 keypad. To change a keypad, edit its table and nothing else.
extension Keypad {
  // swift-format-ignore
  /// The basic keypad, 4 × 5.
  public static let basic = Keypad(mode: .basic, rows: [
    //      action                                label  style
    [KeyCap(.clear,                               "AC",  .function),
     KeyCap(.key(.toggleSign),                    "±",   .function),
     KeyCap(.key(.percent),                       "%",   .function),
     KeyCap(.key(.operation(.divide)),            "÷",   .operator)],
    [KeyCap(.key(.digit(.seven)),                 "7",   .digit),
     KeyCap(.key(.digit(.eight)),                 "8",   .digit),
     KeyCap(.key(.digit(.nine)),                  "9",   .digit),
     KeyCap(.key(.operation(.multiply)),          "×",   .operator)],
    [KeyCap(.key(.digit(.four)),                  "4",   .digit),
     KeyCap(.key(.digit(.five)),                  "5",   .digit),
     KeyCap(.key(.digit(.six)),                   "6",   .digit),
     KeyCap(.key(.operation(.subtract)),          "−",   .operator)],
    [KeyCap(.key(.digit(.one)),                   "1",   .digit),
     KeyCap(.key(.digit(.two)),                   "2",   .digit),
     KeyCap(.key(.digit(.three)),                 "3",   .digit),
     KeyCap(.key(.operation(.add)),               "+",   .operator)],
    [KeyCap(.modes,                               "⌨",   .digit),
     KeyCap(.key(.digit(.zero)),                  "0",   .digit),
     KeyCap(.key(.decimalPoint),                  ".",   .digit),
     KeyCap(.key(.equals),                        "=",   .operator)],
  ])

  // swift-format-ignore
  /// The scientific keypad, 10 × 5 (docs/SPEC.md section 6.1): six columns of functions, then the
  /// basic keypad.
  public static let scientific = Keypad(mode: .scientific, rows: zip([
    //      action                                      label          style        2nd: action                                         label
    [KeyCap(.key(.parenthesis(.open)),                  "(",           .scientific),
     KeyCap(.key(.parenthesis(.close)),                 ")",           .scientific),
     KeyCap(.key(.memory(.clear)),                      "mc",          .scientific),
     KeyCap(.key(.memory(.add)),                        "m+",          .scientific),
     KeyCap(.key(.memory(.subtract)),                   "m−",          .scientific),
     KeyCap(.key(.memory(.recall)),                     "mr",          .scientific)],
    [KeyCap(.secondFunctions,                           "2^{nd}",      .scientific),
     KeyCap(.key(.function(.square)),                   "x^{2}",       .scientific),
     KeyCap(.key(.function(.cube)),                     "x^{3}",       .scientific),
     KeyCap(.key(.operation(.power)),                   "x^{y}",       .scientific),
     KeyCap(.key(.function(.exponential)),              "e^{x}",       .scientific, second: .key(.operation(.reversePower)),          "y^{x}"),
     KeyCap(.key(.function(.powerOfTen)),               "10^{x}",      .scientific, second: .key(.function(.powerOfTwo)),             "2^{x}")],
    [KeyCap(.key(.function(.reciprocal)),               "^{1}/x",      .scientific),
     KeyCap(.key(.function(.squareRoot)),               "^{2}√x",      .scientific),
     KeyCap(.key(.function(.cubeRoot)),                 "^{3}√x",      .scientific),
     KeyCap(.key(.operation(.root)),                    "^{y}√x",      .scientific),
     KeyCap(.key(.function(.naturalLogarithm)),         "ln",          .scientific, second: .key(.operation(.logarithm)),             "log_{y}"),
     KeyCap(.key(.function(.commonLogarithm)),          "log_{10}",    .scientific, second: .key(.function(.binaryLogarithm)),        "log_{2}")],
    [KeyCap(.key(.function(.factorial)),                "x!",          .scientific),
     KeyCap(.key(.function(.sine)),                     "sin",         .scientific, second: .key(.function(.arcsine)),                "sin^{−1}"),
     KeyCap(.key(.function(.cosine)),                   "cos",         .scientific, second: .key(.function(.arccosine)),              "cos^{−1}"),
     KeyCap(.key(.function(.tangent)),                  "tan",         .scientific, second: .key(.function(.arctangent)),             "tan^{−1}"),
     KeyCap(.key(.constant(.e)),                        "e",           .scientific),
     KeyCap(.key(.operation(.ee)),                      "EE",          .scientific)],
    [KeyCap(.key(.edit(.angle)),                        "Rad",         .scientific),
     KeyCap(.key(.function(.hyperbolicSine)),           "sinh",        .scientific, second: .key(.function(.inverseHyperbolicSine)),   "sinh^{−1}"),
     KeyCap(.key(.function(.hyperbolicCosine)),         "cosh",        .scientific, second: .key(.function(.inverseHyperbolicCosine)), "cosh^{−1}"),
     KeyCap(.key(.function(.hyperbolicTangent)),        "tanh",        .scientific, second: .key(.function(.inverseHyperbolicTangent)),"tanh^{−1}"),
     KeyCap(.key(.constant(.pi)),                       "π",           .scientific),
     KeyCap(.key(.constant(.random)),                   "Rand",        .scientific)],
  ], basic.rows).map { $0 + $1 }, functionColumns: 6)
}

extension Keypad {
  // swift-format-ignore
  /// The Tip & Split keypad (docs/SPEC.md section 7.1): the five tip presets over the digits, AC, ⌫
  /// and the people keys, 4 × 4 like the basic keypad's lower rows.
  public static let tip = Keypad(mode: .tip, rows: [
    //      action                                label  style
    [KeyCap(.tip(.preset(.ten)),                  "10%", .function),
     KeyCap(.tip(.preset(.fifteen)),              "15%", .function),
     KeyCap(.tip(.preset(.eighteen)),             "18%", .function),
     KeyCap(.tip(.preset(.twenty)),               "20%", .function),
     KeyCap(.tip(.preset(.twentyFive)),           "25%", .function)],
    [KeyCap(.tip(.digit(.seven)),                 "7",   .digit),
     KeyCap(.tip(.digit(.eight)),                 "8",   .digit),
     KeyCap(.tip(.digit(.nine)),                  "9",   .digit),
     KeyCap(.tip(.allClear),                      "AC",  .function)],
    [KeyCap(.tip(.digit(.four)),                  "4",   .digit),
     KeyCap(.tip(.digit(.five)),                  "5",   .digit),
     KeyCap(.tip(.digit(.six)),                   "6",   .digit),
     KeyCap(.tip(.backspace),                     "⌫",   .function)],
    [KeyCap(.tip(.digit(.one)),                   "1",   .digit),
     KeyCap(.tip(.digit(.two)),                   "2",   .digit),
     KeyCap(.tip(.digit(.three)),                 "3",   .digit),
     KeyCap(.tip(.people(.fewer)),                "−",   .operator)],
    [KeyCap(.modes,                               "⌨",   .digit),
     KeyCap(.tip(.digit(.zero)),                  "0",   .digit),
     KeyCap(.tip(.point),                         ".",   .digit),
     KeyCap(.tip(.people(.more)),                 "+",   .operator)],
  ], screen: .tipAndSplit)
}
