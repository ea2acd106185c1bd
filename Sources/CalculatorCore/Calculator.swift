/// CalculatorCore: the calculator's state machine and the `--keys` token language, on the number
/// type of CalculatorNumbers. Pure Swift: no C, no X, no Foundation. Start reading at
/// `Calculator.press(_:)`; the rules are docs/SPEC.md sections 2 and 6.

/// The label of the one AC/C key, and what it does.
public enum ClearLabel: String, Sendable {
  /// Nothing to clear but the whole calculation: AC.
  case allClear = "AC"
  /// An entry or result to clear: C.
  case clearEntry = "C"

  /// The key pressing it sends.
  public var key: Key { self == .allClear ? .allClear : .clearEntry }
}

/// A value in the calculation: a number held exactly (docs/SPEC.md section 16), or NaN with the
/// reason.
public typealias CalculatorValue = Result<RealNumber, ArithmeticError>

/// The calculator: press keys, read what the display and history strip show.
///
///     var calculator = Calculator()
///     for key in try Key.sequence("2+3*4=") { calculator.press(key) }
///     calculator.display  // "20": strictly left to right
///
/// In Math Order (`Calculator(order: .math)`) the same keys show `2+3×4` until `=`, then `14`
/// (docs/SPEC.md section 12).
public struct Calculator: Equatable, Sendable {
  /// What the display holds.
  enum Entry: Equatable, Sendable {
    /// Nothing typed: shows `0`.
    case zero
    /// The number being typed, as typed: `"-12.50"`, `"0."`.
    case typing(String)
    /// A computed value: after `=`, `%`, a function, a constant, or a pasted number too long to
    /// type.
    case result(CalculatorValue)
    /// The value of the group `)` just closed; its rows start at `firstRow`. Digits, `.` and `(`
    /// wait for an operator.
    case group(CalculatorValue, Opening)
  }

  /// One committed operand and the operator before it; the first operand of a level has none.
  struct Term: Equatable, Sendable {
    var operation: Operation?
    var value: CalculatorValue
  }

  /// What joins an operand to the one before it: an operator key (`× 3`), or an implied ×
  /// where a number meets a parenthesis (`2(3)`, `(2)3`: docs/SPEC.md section 12), which the
  /// strip and the expression write without a glyph.
  struct Joint: Equatable, Sendable {
    var operation: Operation
    var isImplied = false

    /// How the strip writes it before its operand: `"× "`, or nothing when implied.
    var prefix: String { isImplied ? "" : operation.symbol + " " }
  }

  /// The whole calculation (the first level) or a group opened by `(` and not yet closed.
  struct Level: Equatable, Sendable {
    var terms: [Term] = []
    /// The operator waiting for its right operand.
    var pending: Joint?
    /// Where the group started in the strip; nil for the whole calculation.
    var opening: Opening?
  }

  /// Where a group starts in the strip, to take its rows away again if its value is replaced.
  struct Opening: Equatable, Sendable {
    /// The index its first row has (or will have).
    var firstRow: Int
    /// Groups opened just before it that have no row yet (`× ((`: 1 for the inner group).
    var outerOpens: Int
    /// The operator those groups and this one follow.
    var joint: Joint?
  }

  /// One row of the history strip: `× (3`, `+ 4)`; its number written once, when committed.
  struct Row: Equatable, Sendable {
    var joint: Joint?
    var opens = 0
    /// The operand as the strip writes it: `"1,200"`, `"NaN"`.
    var number: String
    var closes = 0
    /// The operand as it was typed, when it was (`"0.50"`): Math Order's expression shows it.
    var typed: String? = nil

    /// The row as the strip shows it: `"× (3"`; `"(3"` after an implied ×.
    var text: String {
      (joint?.prefix ?? "") + String(repeating: "(", count: opens) + number
        + String(repeating: ")", count: closes)
    }
  }

  /// Digits one typed number may hold; a lone leading 0 before the point does not count.
  public static let maximumTypedDigits = 20
  /// How deep groups may nest.
  public static let maximumGroupDepth = 20

  /// How `=` evaluates and what the display shows while typing (docs/SPEC.md section 12).
  ///
  /// AC leaves it alone. Changed in the middle of a calculation, it applies from there on:
  /// groups already closed keep their values.
  public var order: Order

  var entry: Entry = .zero
  /// The calculation, then each open group, innermost last; never empty.
  var levels: [Level] = [Level()]
  var rows: [Row] = []
  /// Groups opened since the last row: the next row starts with as many `(`.
  var pendingOpens = 0
  /// The operator the next row shows when it opens groups.
  var openingJoint: Joint?
  /// What `m+` and `m−` add to; nil when empty (AC and C leave it alone).
  public private(set) var memory: RealNumber?
  /// The unit of the trigonometric functions (AC leaves it alone).
  public private(set) var angle: AngleUnit = .degrees

  /// A calculator showing `0`, in degrees, with an empty memory, in `order` (by default Left to
  /// Right).
  public init(order: Order = .leftToRight) {
    self.order = order
  }

  /// The memory and the angle unit a window kept from its last run (docs/SPEC.md section
  /// 14.4); the entry and the strip stay as they are.
  public mutating func restore(memory: RealNumber?, angle: AngleUnit) {
    self.memory = memory
    self.angle = angle
  }

  /// Presses one key; a key that makes no sense in the current state changes nothing.
  public mutating func press(_ key: Key) {
    switch key {
    case .digit(let digit): type(digit.character)
    case .operation(let operation): choose(operation)
    case .function(let function):
      apply { [angle] value throws(ArithmeticError) in
        try value.applying(function, angle: angle)
      }
    case .constant(let constant): show(Calculator.value(of: constant))
    case .memory(let memory): useMemory(memory)
    case .parenthesis(.open): openGroup()
    case .parenthesis(.close): closeGroup()
    case .edit(let edit): apply(edit)
    }
  }

  private mutating func apply(_ edit: Edit) {
    switch edit {
    case .point: type(".")
    case .equals: evaluate()
    case .allClear:
      var cleared = Calculator(order: order)
      cleared.memory = memory
      cleared.angle = angle
      self = cleared
    case .clearEntry: replaceEntry(with: .zero)
    case .toggleSign: toggleSign()
    case .percent: percent()
    case .backspace: backspace()
    case .angle: angle = angle == .degrees ? .radians : .degrees
    }
  }

  // MARK: - What shows

  /// The display exactly as shown: `"1,234,567.50"`, `"0."`, `"1.5e25"`, `"NaN"`; in Math
  /// Order the expression until `=`: `"12+3×4"`.
  public var display: String { displayText.text }

  /// What the display reads, with its shorter forms for a narrow window: the entry, or in Math
  /// Order the expression being typed (`expressionText`).
  public var displayText: DisplayText {
    guard order == .math, expressionStart != nil else { return entryText }
    return DisplayText(expression: expressionText, number: entryText.number)
  }

  /// The entry alone as the display shows it in Left to Right.
  var entryText: DisplayText {
    switch entry {
    case .zero: .zero
    case .typing(let text): DisplayText(typed: text)
    case .result(let value), .group(let value, _): DisplayText(value: try? value.get())
    }
  }

  /// The history strip, oldest row first: `["12", "+ 3", "× (4"]`.
  public var history: [String] { rows.indices.map(historyRow) }

  /// History row `index` (0 is the oldest) as the strip shows it: `"12"`, `"+ 3"`, `"× (4"`;
  /// after an implied × no glyph: `"(4"`.
  public func historyRow(_ index: Int) -> String { rows[index].text }

  /// The number of history rows, without formatting them.
  public var historyCount: Int { rows.count }

  /// The operator waiting for its right operand in the innermost open group (the highlighted key).
  public var pendingOperation: Operation? { levels[levels.count - 1].pending?.operation }

  /// How many groups are open.
  public var openParentheses: Int { levels.count - 1 }

  /// What the one AC/C key shows: C while there is an entry or result to clear.
  public var clearLabel: ClearLabel { entry == .zero ? .allClear : .clearEntry }

  /// Whether it shows the same entry, strip and groups as `other`: only the memory or the angle
  /// unit may differ.
  public func showsSameCalculation(as other: Calculator) -> Bool {
    var other = other
    other.memory = memory
    other.angle = angle
    other.order = order
    return self == other
  }

  /// Whether the display shows NaN because no precision decided the result's digits
  /// (docs/SPEC.md section 16): the window gives the red cue with it.
  public var showsUndecidable: Bool {
    switch entry {
    case .result(.failure(.undecidable)), .group(.failure(.undecidable), _): true
    default: false
    }
  }

  /// Whether a number is being typed.
  public var isTyping: Bool {
    if case .typing = entry { return true }
    return false
  }

  /// The shown number without grouping, for the clipboard: `1234567.5`, `-2e-9`, a typed
  /// `1,234.50` as `1234.50` (a trailing point dropped); nil while the display shows NaN.
  public var copyText: String? {
    switch entry {
    case .zero: return "0"
    case .typing(let text): return text.hasSuffix(".") ? String(text.dropLast()) : text
    case .result(let value), .group(let value, _):
      return (try? value.get()).map { NumberFormat.string($0).filter { $0 != "," } }
    }
  }

  // MARK: - Keys

  var isGroupValue: Bool {
    if case .group = entry { return true }
    return false
  }

  private mutating func type(_ character: Character) {
    if isGroupValue { multiplyImplicitly() }  // "(2+3)4" is (2+3) × 4
    guard case .typing(var text) = entry else {
      startEntry()
      entry = .typing(character == "." ? "0." : String(character))
      return
    }
    if character == "." {
      guard !text.contains(".") else { return }
      text.append(".")
    } else {
      guard Calculator.countedDigits(text) < Calculator.maximumTypedDigits else { return }
      if text == "0" { text = "" }  // "0" then "5" types "5", not "05"
      text.append(character)
    }
    entry = .typing(text)
  }

  /// A new number after a result or NaN, with no operator pending and no group open, starts a
  /// new calculation: the strip is cleared.
  mutating func startEntry() {
    guard case .result = entry, levels.count == 1, pendingOperation == nil else { return }
    levels[0].terms = []
    rows = []
  }

  /// Puts a value in the display as a result, where a new number may start.
  mutating func show(_ value: CalculatorValue) {
    guard !isGroupValue else { return }
    startEntry()
    entry = .result(value)
  }

  /// Replaces the entry; the rows of a group value it replaces go with it.
  mutating func replaceEntry(with new: Entry) {
    if case .group(_, let opening) = entry {
      rows.removeSubrange(opening.firstRow...)
      pendingOpens = opening.outerOpens
      openingJoint = opening.joint
    }
    entry = new
  }

  /// The shown number, or nil while the display shows NaN.
  private var shownValue: CalculatorValue {
    switch entry {
    case .zero: .success(.zero)
    case .typing(let text): Calculator.value(typed: text)
    case .result(let value), .group(let value, _): value
    }
  }

  private mutating func choose(_ operation: Operation) {
    if entry == .zero, pendingOperation != nil {
      levels[levels.count - 1].pending = Joint(operation: operation)  // "5 + ×": × replaces +
      return
    }
    commitEntry()
    levels[levels.count - 1].pending = Joint(operation: operation)
  }

  /// Whether `joint`, before the next operand, is written without a glyph.
  ///
  /// Only an implied × next to a parenthesis is (`2(`, `)4`); elsewhere it shows as ×: `(3)`
  /// squared after `2` is `2×9`.
  func isWrittenWithoutGlyph(_ joint: Joint) -> Bool {
    joint.isImplied && (pendingOpens > 0 || (rows.last?.closes ?? 0) > 0)
  }

  /// Commits the entry and multiplies it by what comes next, as written maths does where a
  /// number meets a parenthesis (docs/SPEC.md section 12): `2(`, `)(`, `)2`.
  mutating func multiplyImplicitly() {
    commitEntry()
    levels[levels.count - 1].pending = Joint(operation: .multiply, isImplied: true)
  }

  /// Commits the entry as the next operand of the innermost level and shows 0; with nothing
  /// entered since the last operator, the operator is dropped instead ("5 + =").
  mutating func commitEntry() {
    let last = levels.count - 1
    switch entry {
    case .zero where pendingOperation != nil:
      levels[last].pending = nil
      return
    case .group(let value, let opening):
      commit(value, groupRows: opening.firstRow)
    case .typing(let text):
      commit(
        shownValue, groupRows: nil, typed: text.hasSuffix(".") ? String(text.dropLast()) : text)
    case .zero, .result:
      commit(shownValue, groupRows: nil)
    }
    entry = .zero
  }

  /// Appends an operand to the innermost level.
  ///
  /// It gets a new row unless it is a group whose rows start at `groupRows`; `typed` is the
  /// number as typed, when it was. With no operator pending it starts the level (and a new
  /// strip).
  mutating func commit(_ value: CalculatorValue, groupRows: Int?, typed: String? = nil) {
    let last = levels.count - 1
    var joint = levels[last].pending
    if let implied = joint, !isWrittenWithoutGlyph(implied) {
      joint = Joint(operation: implied.operation)  // "2(3)" squared is 2 × 9, not 29
    }
    if joint == nil {
      levels[last].terms = []
      if last == 0 { rows = groupRows.map { Array(rows[$0...]) } ?? [] }
    }
    levels[last].terms.append(Term(operation: joint?.operation, value: value))
    levels[last].pending = nil
    guard groupRows == nil else { return }
    let number = Calculator.format(value)
    if pendingOpens > 0 {
      rows.append(Row(joint: openingJoint, opens: pendingOpens, number: number, typed: typed))
      pendingOpens = 0
      openingJoint = nil
    } else {
      rows.append(Row(joint: joint, number: number, typed: typed))
    }
  }

  private mutating func evaluate() {
    guard levels.count > 1 || pendingOperation != nil || isGroupValue else { return }
    while levels.count > 1 { closeGroup() }
    commitEntry()
    entry = .result(Calculator.result(of: levels[0].terms, in: order))
  }

  /// Applies a unary function to the shown number; the value becomes a result.
  private mutating func apply(
    _ function: (RealNumber) throws(ArithmeticError) -> RealNumber
  ) {
    let value = shownValue
    guard case .success(let number) = value else { return replaceEntry(with: .result(value)) }
    replaceEntry(
      with: .result(Result { () throws(ArithmeticError) -> RealNumber in try function(number) }))
  }

  private mutating func toggleSign() {
    switch entry {
    case .typing(let text):
      guard !Calculator.isZero(Calculator.value(typed: text)) else { return }
      entry = .typing(text.hasPrefix("-") ? String(text.dropFirst()) : "-" + text)
    case .result(.success(let value)), .group(.success(let value), _):
      guard !value.isZero else { return }
      replaceEntry(with: .result(.success(value.negated)))
    case .zero, .result, .group:
      break
    }
  }

  private mutating func percent() {
    guard entry != .zero, case .success = shownValue else { return }
    replaceEntry(with: .result(Calculator.apply(.divide, shownValue, .success(RealNumber(100)))))
  }

  private mutating func backspace() {
    guard case .typing(var text) = entry else { return }
    text.removeLast()
    let unsigned = text.hasPrefix("-") ? String(text.dropFirst()) : text
    if unsigned.isEmpty || unsigned == "0" {
      entry = .zero
    } else if Calculator.isZero(Calculator.value(typed: unsigned)) {
      entry = .typing(unsigned)  // "-0.5" ⌫ → "0.", never "-0."
    } else {
      entry = .typing(text)
    }
  }

  private mutating func useMemory(_ key: Memory) {
    switch key {
    case .clear:
      memory = nil
    case .add, .subtract:
      guard case .success(let shown) = shownValue else { return }
      let operation: Operation = key == .add ? .add : .subtract
      let sum = Calculator.apply(operation, .success(memory ?? .zero), .success(shown))
      if case .success(let sum) = sum { memory = sum }
      if !isGroupValue { entry = .result(.success(shown)) }
    case .recall:
      show(.success(memory ?? .zero))
    }
  }

  // MARK: - Values

  private static func value(of constant: Constant) -> CalculatorValue {
    switch constant {
    case .pi: return .success(.pi)
    case .e: return .success(.e)
    case .random:
      var generator = SystemRandomNumberGenerator()
      return .success(.random(using: &generator))
    }
  }

  static func value(typed text: String) -> CalculatorValue {
    NumberFormat.parse(text).map { .success(RealNumber($0)) } ?? .failure(.outOfRange)
  }

  static func format(_ value: CalculatorValue) -> String {
    NumberFormat.string(try? value.get())
  }

  private static func isZero(_ value: CalculatorValue) -> Bool {
    (try? value.get())?.isZero ?? true
  }

  /// Digits that count toward the typing limit: all but a lone leading 0 before the point.
  static func countedDigits(_ text: String) -> Int {
    let bytes = text.utf8
    let digits = bytes.reduce(0) { $0 + ((48...57).contains($1) ? 1 : 0) }
    let unsigned = bytes.first == UInt8(ascii: "-") ? bytes.dropFirst() : bytes[...]
    return unsigned.first == UInt8(ascii: "0") ? digits - 1 : digits
  }
}
