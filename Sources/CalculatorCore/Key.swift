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

extension Operation {
  /// The glyph shown on the keypad, in the history strip and in `--state`:
  /// `+ − × ÷ ^ yˣ ʸ√ logᵧ E`.
  public var symbol: String {
    switch self {
    case .add: "+"
    case .subtract: "−"
    case .multiply: "×"
    case .divide: "÷"
    case .power: "^"
    case .reversePower: "yˣ"
    case .root: "ʸ√"
    case .logarithm: "logᵧ"
    case .scientific: "E"
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

  /// Every key, each once; the scientific operations have no key yet.
  public static let allCases: [Key] =
    Digit.allCases.map(Key.digit) + [.decimalPoint]
    + [Operation.add, .subtract, .multiply, .divide].map(Key.operation)
    + [.equals, .allClear, .clearEntry, .toggleSign, .percent, .backspace]
}
