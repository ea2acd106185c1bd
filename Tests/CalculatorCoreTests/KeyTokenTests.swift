import CalculatorCore
import Testing

@Suite("The --keys token language")
struct KeyTokenTests {
  @Test("Every key has exactly one token, and the token reads back to the key")
  func roundTrip() throws {
    let tokens = Key.allCases.map(\.token)
    #expect(Set(tokens).count == Key.allCases.count)
    for key in Key.allCases {
      #expect(Key(token: key.token) == key)
    }
    #expect(String(tokens.sorted()) == "%*+-./0123456789=abcn")
  }

  @Test("Spaces are ignored")
  func spaces() throws {
    #expect(try Key.sequence(" 1 + 2 = ") == Key.sequence("1+2="))
  }

  @Test(
    "An unknown token is named with its position",
    arguments: [("12x3", "x", 3), ("q", "q", 1), ("1 2 ?", "?", 5), ("5×3", "×", 2)]
      as [(String, Character, Int)])
  func unknown(sequence: String, character: Character, position: Int) {
    #expect(throws: UnknownToken(character: character, position: position)) {
      try Key.sequence(sequence)
    }
    let message = UnknownToken(character: character, position: position).description
    #expect(message.contains("'\(character)'"))
  }
}
