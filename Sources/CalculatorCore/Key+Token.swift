/// The `--keys` token language (docs/SPEC.md section 4.2), defined here and nowhere else.
///
/// A token is one character (`7`, `+`, `n`, `(`) or a name in square brackets (`[sqrt]`).
/// Each family lists its keys' tokens and spoken names (for screen readers) in one table.
extension Key {
  /// The token that stands for this key: `"7"`, `"+"`, `"[sqrt]"`.
  public var token: String { names.token }

  /// What a screen reader says for the key: `"seven"`, `"square root"`.
  public var spokenName: String { names.spoken }

  private var names: (token: String, spoken: String) {
    switch self {
    case .digit(let digit): (String(digit.character), Key.digitNames[digit.rawValue])
    case .operation(let operation): operation.names
    case .function(let function): function.names
    case .constant(let constant): constant.names
    case .memory(let memory): memory.names
    case .parenthesis(let parenthesis): parenthesis.names
    case .edit(let edit): edit.names
    }
  }

  private static var digitNames: [String] {
    [
      tr("zero"), tr("one"), tr("two"), tr("three"), tr("four"), tr("five"), tr("six"),
      tr("seven"), tr("eight"), tr("nine"),
    ]
  }

  /// The key a token stands for, or nil.
  public init?(token: String) {
    guard let key = Key.byToken[token] else { return nil }
    self = key
  }

  private static let byToken: [String: Key] = Dictionary(
    allCases.map { ($0.token, $0) }, uniquingKeysWith: { first, _ in first })

  /// Reads a whole `--keys` sequence, `"12+3="` or `"2.25[sqrt]-1.5="`, ignoring spaces.
  ///
  /// Throws `UnknownToken` naming the first token that is not one: an unknown character, an
  /// unknown `[name]`, or a `[` without its `]`.
  public static func sequence(_ text: String) throws(UnknownToken) -> [Key] {
    try tokenSequence(text, lookup: Key.init(token:))
  }
}

/// Splits a `--keys` sequence into one-character and `[name]` tokens, ignoring spaces, and looks
/// each up in a mode's table; throws `UnknownToken` for the first one `lookup` does not know.
func tokenSequence<Pressed>(_ text: String, lookup: (String) -> Pressed?) throws(UnknownToken)
  -> [Pressed]
{
  var keys: [Pressed] = []
  var characters = Array(text)[...]
  var position = 1
  while let character = characters.first {
    var token = String(character)
    if character == "[" {
      let name = characters.prefix { $0 != "]" }
      token = String(name) + (name.count < characters.count ? "]" : "")
    }
    if character != " " {
      guard let key = lookup(token) else {
        throw UnknownToken(token: token, position: position)
      }
      keys.append(key)
    }
    characters = characters.dropFirst(token.count)
    position += token.count
  }
  return keys
}

extension Operation {
  fileprivate var names: (token: String, spoken: String) {
    switch self {
    case .add: ("+", tr("plus"))
    case .subtract: ("-", tr("minus"))
    case .multiply: ("*", tr("times"))
    case .divide: ("/", tr("divided by"))
    case .power: ("[pow]", tr("x to the power of y"))
    case .reversePower: ("[ypow]", tr("y to the power of x"))
    case .root: ("[root]", tr("y-th root of x"))
    case .logarithm: ("[logy]", tr("log base y"))
    case .ee: ("[ee]", tr("times ten to the power of"))
    }
  }
}

extension Function {
  fileprivate var names: (token: String, spoken: String) {
    switch self {
    case .square: ("[sq]", tr("x squared"))
    case .cube: ("[cube]", tr("x cubed"))
    case .reciprocal: ("[recip]", tr("one over x"))
    case .squareRoot: ("[sqrt]", tr("square root"))
    case .cubeRoot: ("[cbrt]", tr("cube root"))
    case .exponential: ("[exp]", tr("e to the power of x"))
    case .powerOfTen: ("[pow10]", tr("ten to the power of x"))
    case .powerOfTwo: ("[pow2]", tr("two to the power of x"))
    case .naturalLogarithm: ("[ln]", tr("natural log"))
    case .commonLogarithm: ("[log]", tr("log base ten"))
    case .binaryLogarithm: ("[log2]", tr("log base two"))
    case .factorial: ("[fact]", tr("factorial"))
    case .sine: ("[sin]", tr("sine"))
    case .cosine: ("[cos]", tr("cosine"))
    case .tangent: ("[tan]", tr("tangent"))
    case .arcsine: ("[asin]", tr("inverse sine"))
    case .arccosine: ("[acos]", tr("inverse cosine"))
    case .arctangent: ("[atan]", tr("inverse tangent"))
    case .hyperbolicSine: ("[sinh]", tr("hyperbolic sine"))
    case .hyperbolicCosine: ("[cosh]", tr("hyperbolic cosine"))
    case .hyperbolicTangent: ("[tanh]", tr("hyperbolic tangent"))
    case .inverseHyperbolicSine: ("[asinh]", tr("inverse hyperbolic sine"))
    case .inverseHyperbolicCosine: ("[acosh]", tr("inverse hyperbolic cosine"))
    case .inverseHyperbolicTangent: ("[atanh]", tr("inverse hyperbolic tangent"))
    }
  }
}

extension Constant {
  fileprivate var names: (token: String, spoken: String) {
    switch self {
    case .pi: ("[pi]", tr("pi"))
    case .e: ("[e]", tr("e"))
    case .random: ("[rand]", tr("random number"))
    }
  }
}

extension Memory {
  fileprivate var names: (token: String, spoken: String) {
    switch self {
    case .clear: ("[mc]", tr("memory clear"))
    case .add: ("[m+]", tr("memory plus"))
    case .subtract: ("[m-]", tr("memory minus"))
    case .recall: ("[mr]", tr("memory recall"))
    }
  }
}

extension Parenthesis {
  fileprivate var names: (token: String, spoken: String) {
    switch self {
    case .open: ("(", tr("left parenthesis"))
    case .close: (")", tr("right parenthesis"))
    }
  }
}

extension Edit {
  fileprivate var names: (token: String, spoken: String) {
    switch self {
    case .point: (".", tr("decimal point"))
    case .equals: ("=", tr("equals"))
    case .allClear: ("a", tr("all clear"))
    case .clearEntry: ("c", tr("clear"))
    case .toggleSign: ("n", tr("plus minus"))
    case .percent: ("%", tr("percent"))
    case .backspace: ("b", tr("delete"))
    case .angle: ("[rad]", tr("radians or degrees"))
    }
  }
}

/// A token in a `--keys` sequence that is not one.
public struct UnknownToken: Error, Equatable, Sendable, CustomStringConvertible {
  /// The offending token: a character, or a `[name]` (cut at its end when `]` is missing).
  public let token: String
  /// Its 1-based character position in the sequence.
  public let position: Int

  /// The error for `token` at 1-based `position`.
  public init(token: String, position: Int) {
    self.token = token
    self.position = position
  }

  /// `unknown key 'x' at position 3 in --keys`; a control character is escaped.
  public var description: String {
    tr("unknown key %s at position %d in --keys").filling(quoted(token), position)
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
