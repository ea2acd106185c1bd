import CalculatorCore
import Testing

@Suite("The --keys token language")
struct KeyTokenTests {
  @Test("Every key has exactly one token and one spoken name, and the token reads back")
  func roundTrip() throws {
    let tokens = Key.allCases.map(\.token)
    #expect(Set(tokens).count == Key.allCases.count)
    #expect(Set(Key.allCases.map(\.spokenName)).count == Key.allCases.count)
    for key in Key.allCases {
      #expect(Key(token: key.token) == key)
      #expect(try Key.sequence(key.token) == [key])
    }
  }

  @Test("The tokens are exactly those of docs/SPEC.md section 4.2")
  func designTokens() {
    let single = "0 1 2 3 4 5 6 7 8 9 . + - * / = % n c a b ( )"
    let named =
      "[sq] [cube] [pow] [exp] [ypow] [pow10] [pow2] [recip] [sqrt] [cbrt] [root] [ln] [logy]"
      + " [log] [log2] [fact] [sin] [cos] [tan] [asin] [acos] [atan] [sinh] [cosh] [tanh]"
      + " [asinh] [acosh] [atanh] [e] [ee] [rad] [pi] [rand] [mc] [m+] [m-] [mr]"
    let expected = (single + " " + named).split(separator: " ").map(String.init)
    #expect(Set(Key.allCases.map(\.token)) == Set(expected))
    #expect(Key.allCases.count == expected.count)
  }

  @Test("Key families: 10 digits, 9 operators, 24 functions, 3 constants, 4 memory keys")
  func families() {
    var counts: [String: Int] = [:]
    for key in Key.allCases {
      let family: String
      switch key {
      case .digit: family = "digit"
      case .operation: family = "operation"
      case .function: family = "function"
      case .constant: family = "constant"
      case .memory: family = "memory"
      case .parenthesis: family = "parenthesis"
      case .edit: family = "edit"
      }
      counts[family, default: 0] += 1
    }
    #expect(
      counts == [
        "digit": 10, "operation": 9, "function": 24, "constant": 3, "memory": 4,
        "parenthesis": 2, "edit": 8,
      ])
  }

  @Test("Spaces are ignored, between and around named tokens")
  func spaces() throws {
    #expect(try Key.sequence(" 1 + 2 = ") == Key.sequence("1+2="))
    #expect(
      try Key.sequence(" 2.25 [sqrt] - 1.5 =")
        == [
          .digit(.two), .decimalPoint, .digit(.two), .digit(.five), .function(.squareRoot),
          .operation(.subtract), .digit(.one), .decimalPoint, .digit(.five), .equals,
        ])
  }

  @Test(
    "An unknown token is named with its 1-based position",
    arguments: [
      ("12x3", "x", 3), ("q", "q", 1), ("1 2 ?", "?", 5), ("5×3", "×", 2),
      ("2[sqr]", "[sqr]", 2), ("[SQRT]", "[SQRT]", 1), ("1[sqrt", "[sqrt", 2),
      ("[]", "[]", 1), ("[sqrt][", "[", 7), ("1]", "]", 2), ("[ sqrt]", "[ sqrt]", 1),
      ("[m+][m*]", "[m*]", 5),
    ] as [(String, String, Int)])
  func unknown(sequence: String, token: String, position: Int) {
    #expect(throws: UnknownToken(token: token, position: position)) {
      try Key.sequence(sequence)
    }
    let message = UnknownToken(token: token, position: position).description
    #expect(message.contains("'\(token)'"))
  }
}
