/// CalculatorCore: the calculator's state machine, decimal arithmetic, number formatting and the
/// `--keys` token language. Pure Swift: no C, no X, no full Foundation. Start reading at
/// `Calculator.press(_:)`; the rules are DESIGN.md section 2.

/// The label of the one AC/C key, and what it does.
public enum ClearLabel: String, Sendable {
  /// Nothing to clear but the whole calculation: AC.
  case allClear = "AC"
  /// An entry or result to clear: C.
  case clearEntry = "C"

  /// The key pressing it sends.
  public var key: Key { self == .allClear ? .allClear : .clearEntry }
}

/// A value in the calculation: a number, or NaN after a division by zero or an out-of-range
/// result (nil).
public typealias CalculatorValue = DecimalNumber?

/// The calculator: press keys, read what the display and history strip show.
///
///     var calculator = Calculator()
///     for key in try Key.sequence("2+3*4=") { calculator.press(key) }
///     calculator.display  // "20": strictly left to right
public struct Calculator: Equatable, Sendable {
  /// What the display holds.
  enum Entry: Equatable, Sendable {
    /// Nothing typed: shows `0`.
    case zero
    /// The number being typed, as typed: `"-12.50"`, `"0."`.
    case typing(String)
    /// A computed value (after `=` or `%`, or a pasted number too long to type); nil is NaN.
    case result(CalculatorValue)
  }

  /// One committed operand: a history row; the first row has no operation.
  struct Term: Equatable, Sendable {
    var operation: Operation?
    var value: CalculatorValue
  }

  /// Digits one typed number may hold; a lone leading 0 before the point does not count.
  public static let maximumTypedDigits = 20

  var entry: Entry = .zero
  var terms: [Term] = []
  /// The operator waiting for its right operand (the highlighted key).
  public private(set) var pendingOperation: Operation?

  /// A calculator showing `0`.
  public init() {}

  /// Presses one key; a key that makes no sense in the current state changes nothing.
  public mutating func press(_ key: Key) {
    switch key {
    case .digit(let digit): type(digit.character)
    case .decimalPoint: type(".")
    case .operation(let operation): choose(operation)
    case .equals: evaluate()
    case .allClear: self = Calculator()
    case .clearEntry: entry = .zero
    case .toggleSign: toggleSign()
    case .percent: percent()
    case .backspace: backspace()
    }
  }

  /// The display exactly as shown: `"1,234,567.50"`, `"0."`, `"1.5e25"`, `"NaN"`.
  public var display: String {
    switch entry {
    case .zero: "0"
    case .typing(let text): NumberFormat.grouping(typed: text)
    case .result(let value): NumberFormat.string(value)
    }
  }

  /// The display in at most `maxLength` characters, for a window too narrow for `display`:
  /// a result gets fewer digits (`0.66666667`, `1.23e25`); a typed entry keeps its newest
  /// characters behind an ellipsis (`…567,890`).
  public func display(maxLength: Int) -> String {
    switch entry {
    case .zero: return "0"
    case .typing:
      let full = display
      guard full.count > maxLength else { return full }
      return "…" + full.suffix(max(maxLength - 1, 1))
    case .result(let value): return NumberFormat.string(value, maxLength: maxLength)
    }
  }

  /// The history strip, oldest row first: `["12", "+ 3", "× 4"]`.
  public var history: [String] { terms.indices.map(historyRow) }

  /// History row `index` (0 is the oldest) as the strip shows it: `"12"`, `"+ 3"`.
  public func historyRow(_ index: Int) -> String {
    let term = terms[index]
    let number = NumberFormat.string(term.value)
    guard let operation = term.operation else { return number }
    return "\(operation.symbol) \(number)"
  }

  /// The number of history rows, without formatting them.
  public var historyCount: Int { terms.count }

  /// What the one AC/C key shows: C while there is an entry or result to clear.
  public var clearLabel: ClearLabel { entry == .zero ? .allClear : .clearEntry }

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
    case .result(let value): return NumberFormat.plainString(value)
    }
  }

  /// Takes pasted text as the current entry, as if typed.
  ///
  /// More than 20 significant digits round half-up. Returns false, changing nothing, unless the text is one number
  /// (see `NumberFormat.parse(_:)`) within the calculator's range.
  public mutating func paste(_ text: String) -> Bool {
    guard let parts = NumberFormat.parseParts(text) else { return false }
    let rounded = parts.rounded(toSignificantDigits: NumberFormat.significantDigits)
    guard let number = DecimalNumber(rounded) else { return false }
    startEntry()
    let typed = Calculator.typedText(pasted: text, rounded: rounded)
    entry = typed.map(Entry.typing) ?? .result(number)
    return true
  }

  // MARK: - Keys

  private mutating func type(_ character: Character) {
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

  /// A new entry after a result or NaN with no pending operator is a new calculation.
  private mutating func startEntry() {
    if case .result = entry, pendingOperation == nil { terms = [] }
  }

  private mutating func choose(_ operation: Operation) {
    let value: CalculatorValue
    switch entry {
    case .zero where pendingOperation != nil:
      // "5 + ×" → the × replaces the +
      pendingOperation = operation
      return
    case .zero: value = .zero
    case .typing(let text): value = Calculator.value(typed: text)
    case .result(let result): value = result
    }
    commit(value)
    pendingOperation = operation
    entry = .zero
  }

  private mutating func commit(_ value: CalculatorValue) {
    if let pendingOperation {
      terms.append(Term(operation: pendingOperation, value: value))
    } else {
      terms = [Term(operation: nil, value: value)]
    }
  }

  private mutating func evaluate() {
    guard pendingOperation != nil else { return }
    switch entry {
    case .zero: break  // "5 + =" drops the dangling +
    case .typing(let text): commit(Calculator.value(typed: text))
    case .result(let value): commit(value)
    }
    pendingOperation = nil
    entry = .result(Calculator.result(of: terms))
  }

  private mutating func toggleSign() {
    switch entry {
    case .typing(let text):
      guard !Calculator.value(typed: text).map(\.isZero, default: true) else { return }
      entry = .typing(text.hasPrefix("-") ? String(text.dropFirst()) : "-" + text)
    case .result(let value?) where !value.isZero:
      entry = .result(value.negated)
    case .zero, .result:
      break
    }
  }

  private mutating func percent() {
    switch entry {
    case .typing(let text):
      entry = .result(Calculator.value(typed: text).flatMap(Calculator.hundredth))
    case .result(let value?): entry = .result(Calculator.hundredth(value))
    case .zero, .result(nil): break
    }
  }

  private mutating func backspace() {
    guard case .typing(var text) = entry else { return }
    text.removeLast()
    let unsigned = text.hasPrefix("-") ? String(text.dropFirst()) : text
    if unsigned.isEmpty || unsigned == "0" {
      entry = .zero
    } else if Calculator.value(typed: unsigned).map(\.isZero, default: true) {
      entry = .typing(unsigned)  // "-0.5" ⌫ → "0.", never "-0."
    } else {
      entry = .typing(text)
    }
  }

  // MARK: - Values

  private static func hundredth(_ value: DecimalNumber) -> CalculatorValue {
    try? value.applying(.divide, DecimalNumber(100))
  }

  /// Strictly left to right, ignoring precedence: `2 + 3 × 4` is 20.
  static func result(of terms: [Term]) -> CalculatorValue {
    guard let first = terms.first else { return .zero }
    return terms.dropFirst().reduce(first.value) { total, term in
      guard let total, let value = term.value, let operation = term.operation else { return nil }
      return try? total.applying(operation, value)
    }
  }

  static func value(typed text: String) -> CalculatorValue {
    NumberFormat.parse(text)
  }

  /// Digits that count toward the typing limit: all but a lone leading 0 before the point.
  static func countedDigits(_ text: String) -> Int {
    let digits = text.filter(\.isNumber)
    let unsigned = text.hasPrefix("-") ? text.dropFirst() : text[...]
    return unsigned.hasPrefix("0") ? digits.count - 1 : digits.count
  }

  /// The text a user would type for pasted text: the text itself when it is plain and short
  /// enough (`" 1,234.50 "` → `"1234.50"`), else the rounded number written plainly when that
  /// takes at most 20 digits; nil for numbers like `1e25` or `1e-30`, which become results.
  static func typedText(pasted text: String, rounded parts: DecimalParts) -> String? {
    var plain = text.filter { !$0.isWhitespace && $0 != "," }
    if plain.hasPrefix("+") { plain.removeFirst() }
    let negative = plain.hasPrefix("-")
    var unsigned = negative ? String(plain.dropFirst()) : plain
    if !unsigned.contains(where: { $0 == "e" || $0 == "E" }) {
      while unsigned.hasPrefix("0") && unsigned.count > 1 && !unsigned.hasPrefix("0.") {
        unsigned.removeFirst()  // "007" → "7"
      }
      if unsigned.hasPrefix(".") { unsigned = "0" + unsigned }
      if countedDigits(unsigned) <= maximumTypedDigits {
        let isZero = value(typed: unsigned).map(\.isZero, default: true)
        return (negative && !isZero ? "-" : "") + unsigned
      }
    }
    guard let magnitude = parts.magnitude else { return "0" }
    let counted = max(magnitude + 1, 0) + max(-parts.exponent, 0)
    guard counted <= maximumTypedDigits else { return nil }
    return NumberFormat.plain(parts, grouped: false)
  }
}

extension Optional {
  fileprivate func map<T>(_ transform: (Wrapped) -> T, default value: T) -> T {
    switch self {
    case .some(let wrapped): transform(wrapped)
    case .none: value
    }
  }
}
