/// A decimal digit key, `0` to `9`.
public enum Digit: Int, CaseIterable, Sendable {
  case zero, one, two, three, four, five, six, seven, eight, nine

  /// The digit as the character it types: `.seven` → `"7"`.
  public var character: Character { Character(String(rawValue)) }

  /// The digit for a character `"0"`…`"9"`, or nil.
  public init?(_ character: Character) {
    guard let value = character.wholeNumberValue, character.isASCII else { return nil }
    self.init(rawValue: value)
  }
}

/// One of the four binary operations.
public enum Operation: CaseIterable, Sendable {
  case add, subtract, multiply, divide

  /// The glyph shown on the keypad, in the history strip and in `--state`: `+ − × ÷`.
  public var symbol: String {
    switch self {
    case .add: "+"
    case .subtract: "−"
    case .multiply: "×"
    case .divide: "÷"
    }
  }
}

/// Everything a user can press, from the mouse or the keyboard.
public enum Key: Hashable, Sendable {
  /// A digit key.
  case digit(Digit)
  /// The decimal point.
  case decimalPoint
  /// `+ − × ÷`.
  case operation(Operation)
  /// `=`.
  case equals
  /// AC: clears entry, pending operator and history.
  case allClear
  /// C (CE): clears only the current entry or shown result.
  case clearEntry
  /// ±.
  case toggleSign
  /// %.
  case percent
  /// ⌫: deletes the last typed character.
  case backspace

  /// Every key, each once.
  public static let allCases: [Key] =
    Digit.allCases.map(Key.digit) + [.decimalPoint] + Operation.allCases.map(Key.operation)
    + [.equals, .allClear, .clearEntry, .toggleSign, .percent, .backspace]
}
