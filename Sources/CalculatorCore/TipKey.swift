/// Everything a user can press in Tip & Split mode (docs/SPEC.md section 7), from the mouse, the
/// keyboard or `--keys --mode tip`.
///
/// Its own vocabulary beside `Key`: the tip calculator has fields and presets, not operators.
/// Tokens and spoken names are one table (TipKey+Token.swift).
public enum TipKey: Hashable, Sendable {
  /// `0`–`9`, typed into the active field.
  case digit(Digit)
  /// `.`, typed into the active field.
  case point
  /// ⌫: deletes the last character of the active field.
  case backspace
  /// AC: clears the active field (bill 0, tip 0, people 1).
  case allClear
  /// Makes a field the active one; the next key typed replaces its value.
  case field(TipField)
  /// A tip preset: 10, 15, 18, 20 or 25 percent.
  case preset(TipPreset)
  /// `−` / `+`: one person fewer or more.
  case people(PeopleStep)

  /// Every key, each once.
  public static var allCases: [TipKey] {
    Digit.allCases.map(TipKey.digit) + [.point, .backspace, .allClear]
      + TipField.allCases.map(TipKey.field) + TipPreset.allCases.map(TipKey.preset)
      + PeopleStep.allCases.map(TipKey.people)
  }

  /// The key a calculator key's keyboard binding types in Tip & Split mode, or nil: digits,
  /// `.`, ⌫ and AC are themselves, `+` and `−` change the people.
  public init?(_ key: Key) {
    switch key {
    case .digit(let digit): self = .digit(digit)
    case .decimalPoint: self = .point
    case .backspace: self = .backspace
    case .allClear: self = .allClear
    case .operation(.add): self = .people(.more)
    case .operation(.subtract): self = .people(.fewer)
    default: return nil
    }
  }
}

/// The three fields of Tip & Split, top to bottom.
public enum TipField: String, CaseIterable, Hashable, Sendable {
  /// The bill: up to 10 integer digits and 2 decimals.
  case bill
  /// The tip in percent: 0 to 100, up to 1 decimal.
  case tipPercent = "tip"
  /// How many people share the total: 1 to 99.
  case people

  /// The field's label on the screen.
  public var title: String {
    switch self {
    case .bill: tr("Bill")
    case .tipPercent: tr("Tip")
    case .people: tr("People")
    }
  }
}

/// The tip presets.
public enum TipPreset: Int, CaseIterable, Hashable, Sendable {
  case ten = 10
  case fifteen = 15
  case eighteen = 18
  case twenty = 20
  case twentyFive = 25

  /// The percent it sets.
  public var percent: Int { rawValue }
}

/// The people keys.
public enum PeopleStep: CaseIterable, Hashable, Sendable {
  /// `−`: one person fewer, down to 1.
  case fewer
  /// `+`: one person more, up to 99.
  case more
}
