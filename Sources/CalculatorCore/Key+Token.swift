/// The `--keys` token language (DESIGN.md section 4), defined here and nowhere else:
/// `0`–`9`, `.`, `+ - * /`, `=`, `%`, `n` (±), `c` (C/CE), `a` (AC), `b` (⌫); spaces are ignored.
extension Key {
  /// The key a token stands for, or nil for a character that is not a token.
  public init?(token: Character) {
    if let digit = Digit(token) {
      self = .digit(digit)
      return
    }
    switch token {
    case ".": self = .decimalPoint
    case "+": self = .operation(.add)
    case "-": self = .operation(.subtract)
    case "*": self = .operation(.multiply)
    case "/": self = .operation(.divide)
    case "=": self = .equals
    case "%": self = .percent
    case "n": self = .toggleSign
    case "c": self = .clearEntry
    case "a": self = .allClear
    case "b": self = .backspace
    default: return nil
    }
  }

  /// The token that stands for this key: `Key(token: key.token) == key`.
  public var token: Character {
    switch self {
    case .digit(let digit): digit.character
    case .decimalPoint: "."
    case .operation(.add): "+"
    case .operation(.subtract): "-"
    case .operation(.multiply): "*"
    case .operation(.divide): "/"
    // Issue 10: the scientific operations have no key and no token yet.
    case .operation: "?"
    case .equals: "="
    case .percent: "%"
    case .toggleSign: "n"
    case .clearEntry: "c"
    case .allClear: "a"
    case .backspace: "b"
    }
  }

  /// The tokens in one line, for messages and help.
  public static let tokenSummary = "tokens: 0-9 . + - * / = % n c a b, spaces ignored"

  /// Reads a whole `--keys` sequence, `"12+3="`, ignoring spaces.
  ///
  /// Throws `UnknownToken` naming the first character that is not a token.
  public static func sequence(_ text: String) throws(UnknownToken) -> [Key] {
    var keys: [Key] = []
    for (offset, character) in text.enumerated() where character != " " {
      guard let key = Key(token: character) else {
        throw UnknownToken(character: character, position: offset + 1)
      }
      keys.append(key)
    }
    return keys
  }
}

/// A character in a `--keys` sequence that is not a token.
public struct UnknownToken: Error, Equatable, Sendable, CustomStringConvertible {
  /// The offending character.
  public let character: Character
  /// Its 1-based position in the sequence.
  public let position: Int

  /// The error for `character` at 1-based `position`.
  public init(character: Character, position: Int) {
    self.character = character
    self.position = position
  }

  /// `unknown key 'x' at position 3 in --keys (tokens: …)`; a control character is escaped.
  public var description: String {
    "unknown key \(quoted(String(character))) at position \(position) in --keys"
      + " (\(Key.tokenSummary))"
  }
}

/// A culprit for a one-line message: in quotes, control and invisible characters escaped
/// (`'\u{9}'`), at most `limit` characters (`'--xxxxxxxx…'`).
public func quoted(_ text: String, limit: Int = 40) -> String {
  var result = ""
  for (index, scalar) in text.unicodeScalars.enumerated() {
    if index == limit {
      result += "…"
      break
    }
    switch scalar.properties.generalCategory {
    case .control, .format, .unassigned, .surrogate, .privateUse, .lineSeparator,
      .paragraphSeparator:
      result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
    default:
      // U+FFFD stands for bytes that were not UTF-8.
      if scalar == "\u{FFFD}" {
        result += "\\u{FFFD}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
  }
  return "'\(result)'"
}
