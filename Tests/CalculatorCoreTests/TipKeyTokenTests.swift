import CalculatorCore
import Testing

@Suite("The tip-mode --keys tokens")
struct TipKeyTokenTests {
  @Test("The tokens are exactly docs/SPEC.md section 4.2's, each with one key and one spoken name")
  func designTokens() throws {
    let expected =
      "0 1 2 3 4 5 6 7 8 9 . b a [bill] [tip] [people] [t10] [t15] [t18] [t20] [t25] [p-] [p+]"
      .split(separator: " ").map(String.init)
    #expect(TipKey.allCases.map(\.token) == expected)
    #expect(Set(TipKey.allCases.map(\.spokenName)).count == TipKey.allCases.count)
    for key in TipKey.allCases {
      #expect(TipKey(token: key.token) == key)
      #expect(try TipKey.sequence(key.token) == [key])
    }
  }

  @Test("Spoken names for the screen reader")
  func spokenNames() {
    #expect(TipKey.preset(.ten).spokenName == "ten percent tip")
    #expect(TipKey.preset(.twentyFive).spokenName == "twenty-five percent tip")
    #expect(TipKey.people(.fewer).spokenName == "fewer people")
    #expect(TipKey.people(.more).spokenName == "more people")
    #expect(TipKey.field(.bill).spokenName == "bill")
    #expect(TipKey.digit(.seven).spokenName == "seven")
    #expect(TipKey.allClear.spokenName == "all clear")
  }

  @Test("A sequence reads digits, names and spaces")
  func sequence() throws {
    #expect(
      try TipKey.sequence(" 84.5 [t18] [p+]")
        == [
          .digit(.eight), .digit(.four), .point, .digit(.five), .preset(.eighteen), .people(.more),
        ]
    )
  }

  @Test(
    "The calculator's tokens are unknown here, named with their position",
    arguments: [
      ("84.5+", "+", 5), ("12=", "=", 3), ("[t12]", "[t12]", 1), ("1[sqrt]", "[sqrt]", 2),
      ("c", "c", 1), ("[p+", "[p+", 1), ("[P+]", "[P+]", 1),
    ] as [(String, String, Int)])
  func unknown(sequence: String, token: String, position: Int) {
    #expect(throws: UnknownToken(token: token, position: position)) {
      try TipKey.sequence(sequence)
    }
  }

  @Test("The keyboard's calculator keys that mean something here")
  func fromCalculatorKeys() {
    #expect(TipKey(Key.digit(.three)) == .digit(.three))
    #expect(TipKey(Key.decimalPoint) == .point)
    #expect(TipKey(Key.backspace) == .backspace)
    #expect(TipKey(Key.allClear) == .allClear)
    #expect(TipKey(Key.operation(.add)) == .people(.more))
    #expect(TipKey(Key.operation(.subtract)) == .people(.fewer))
    for key in [Key.equals, .clearEntry, .percent, .operation(.multiply), .function(.sine)] {
      #expect(TipKey(key) == nil)
    }
  }
}
