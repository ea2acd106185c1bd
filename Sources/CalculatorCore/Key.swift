/// Everything a user can press, from the mouse, the keyboard or `--keys`, grouped in families.
///
/// A new key is one case in its family; its token and spoken name are one row in that family's
/// `names` (Key+Token.swift), and `allCases` picks it up by itself.
public enum Key: Hashable, Sendable {
  /// `0`–`9`.
  case digit(Digit)
  /// A binary operator: `+ − × ÷ xʸ yˣ ʸ√x logᵧ EE`, applied in the calculator's order
  /// (docs/SPEC.md section 12).
  case operation(Operation)
  /// A unary function of the number shown: `x² √x sin …`.
  case function(Function)
  /// `π`, `e`, `Rand`: a value in the display.
  case constant(Constant)
  /// `mc m+ m− mr`.
  case memory(Memory)
  /// `(` and `)`.
  case parenthesis(Parenthesis)
  /// Keys that edit the entry or the state: `.`, `=`, AC, C, ±, %, ⌫, Rad/Deg.
  case edit(Edit)

  /// Every key, each once: every case of every family.
  public static var allCases: [Key] {
    Digit.allCases.map(Key.digit) + Operation.allCases.map(Key.operation)
      + Function.allCases.map(Key.function) + Constant.allCases.map(Key.constant)
      + Memory.allCases.map(Key.memory) + Parenthesis.allCases.map(Key.parenthesis)
      + Edit.allCases.map(Key.edit)
  }

  /// The decimal point.
  public static let decimalPoint = Key.edit(.point)
  /// `=`.
  public static let equals = Key.edit(.equals)
  /// AC: clears entry, pending operator, groups and history; memory and angle unit stay.
  public static let allClear = Key.edit(.allClear)
  /// C (CE): clears only the current entry or shown result.
  public static let clearEntry = Key.edit(.clearEntry)
  /// ±.
  public static let toggleSign = Key.edit(.toggleSign)
  /// %.
  public static let percent = Key.edit(.percent)
  /// ⌫: deletes the last typed character.
  public static let backspace = Key.edit(.backspace)

  /// Whether the key belongs to the scientific keypad (docs/SPEC.md section 6.1).
  public var isScientific: Bool {
    switch self {
    case .operation(let operation): !Operation.basic.contains(operation)
    case .function, .constant, .memory, .parenthesis, .edit(.angle): true
    case .digit, .edit: false
    }
  }
}

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

/// A constant the display can show.
public enum Constant: CaseIterable, Sendable {
  /// π to 38 significant digits.
  case pi
  /// e to 38 significant digits.
  case e
  /// A random number in [0, 1), a multiple of 1e-20.
  case random
}

/// The memory keys.
public enum Memory: CaseIterable, Sendable {
  /// mc: empties the memory.
  case clear
  /// m+: adds the shown number to the memory.
  case add
  /// m−: subtracts the shown number from the memory.
  case subtract
  /// mr: shows the memory (0 when empty).
  case recall
}

/// The parenthesis keys.
public enum Parenthesis: CaseIterable, Sendable {
  /// `(`: opens a group where a new number could start.
  case open
  /// `)`: closes the innermost group.
  case close
}

/// Keys that edit the entry or the calculator's state rather than supply a number or an
/// operator: `.`, `=`, AC, C, ±, %, ⌫, Rad/Deg.
public enum Edit: CaseIterable, Sendable {
  /// `.`.
  case point
  /// `=`: closes every group and evaluates in the calculator's order.
  case equals
  /// AC.
  case allClear
  /// C (CE).
  case clearEntry
  /// ±.
  case toggleSign
  /// %.
  case percent
  /// ⌫.
  case backspace
  /// Rad/Deg: switches the angle unit.
  case angle
}

extension Operation {
  /// The four operators of the basic keypad.
  public static let basic: [Operation] = [.add, .subtract, .multiply, .divide]

  /// The glyph in the history strip and in `--state`: `+ − × ÷ ^ yˣ ʸ√ logᵧ E`.
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
    case .ee: "E"
    }
  }
}
