import TestSupport
import Testing

@testable import CalculatorCore

/// Paste of a whole expression (docs/SPEC.md section 12): read as written maths, typed as keys
/// in the current order, or refused whole with a reason and nothing changed.
@Suite("Paste of an expression")
struct PasteTests {
  /// A calculator in `order` after `keys`, then `text` pasted; nil when refused.
  static func pasted(_ text: String, after keys: String = "", order: Order = .math) throws
    -> Calculator
  {
    var calculator = Calculator(order: order)
    for key in try Key.sequence(keys) { calculator.press(key) }
    try calculator.paste(text)
    return calculator
  }

  @Test(
    "Accepted, as typed: the display before and after =, in Math Order and in Left to Right",
    arguments: [
      ("1,200 × 1.08 + 49.9 = 1,345.9", "1,200×1.08+49.9", "1,345.9", "1,345.9"),
      ("2+3*4", "2+3×4", "14", "20"),
      ("2 + 3 × 4 = 14", "2+3×4", "14", "20"),
      ("2(1+1)", "2(1+1)", "4", "4"),
      ("(1+1)(2+2)", "(1+1)(2+2)", "8", "8"),
      ("(1+1)2", "(1+1)2", "4", "4"),
      ("1+2(3)", "1+2(3)", "7", "9"),
      ("2×−3", "2×-3", "-6", "-6"),
      ("2*-3", "2×-3", "-6", "-6"),
      ("−5", "-5", "-5", "-5"),
      ("-5 − −5", "-5−-5", "0", "0"),
      ("+7", "7", "7", "7"),
      ("$12.50", "12.50", "12.50", "12.50"),
      ("12.50 € + 1", "12.50+1", "13.5", "13.5"),
      ("-$5 + €3", "-5+3", "-2", "-2"),
      ("£1,000 · 2", "1,000×2", "2,000", "2,000"),
      ("8 x 2 ÷ 4 / 2", "8×2÷4÷2", "2", "2"),
      ("1.5e-3 * 2E3", "0.0015×2,000", "3", "3"),
      ("2^3^2", "2^3^2", "512", "64"),
      ("2^-(1+1)", "2^-2", "0.25", "0.25"),
      ("-(2+3)×2", "-5×2", "-10", "-10"),
      ("7+3%", "7+0.03", "7.03", "7.03"),
      ("50%", "0.5", "0.5", "0.5"),
      ("2π", "2×3.1415926535897932385", "6.2831853071795864769", "6.2831853071795864769"),
      ("2 pi", "2×3.1415926535897932385", "6.2831853071795864769", "6.2831853071795864769"),
      ("-PI", "-3.1415926535897932385", "-3.1415926535897932385", "-3.1415926535897932385"),
      ("  12\t+\n3  ", "12+3", "15", "15"),
      ("((((1))))", "((((1))))", "1", "1"),
      ("0.50 + .5", "0.50+0.5", "1", "1"),
      (
        "1234567890123456789012345+1", "1.234567890123456789e24+1", "1.234567890123456789e24",
        "1.234567890123456789e24"
      ),
    ] as [(String, String, String, String)])
  func accepted(text: String, shown: String, math: String, leftToRight: String) throws {
    var calculator = try Self.pasted(text)
    #expect(calculator.display == shown)
    calculator.press(.equals)
    #expect(calculator.display == math)
    var left = try Self.pasted(text, order: .leftToRight)
    left.press(.equals)
    #expect(left.display == leftToRight)
  }

  @Test(
    "Refused whole, with the reason a screen reader hears, and nothing changed",
    arguments: [
      ("", "empty"), ("   \n\t", "empty"), ("(1+2", "unbalanced parenthesis"),
      ("1+2)", "unbalanced parenthesis"), ("(1+2))", "unbalanced parenthesis"),
      (")(", "unbalanced parenthesis"), ("1.2.3", "two decimal points in a number"),
      ("1..2", "two decimal points in a number"), ("abc", "unknown character a"),
      ("12abc", "unknown character a"), ("2e", "unknown character e"),
      ("NaN", "unknown character N"),
      ("0x1F", "unknown character F"), ("1\u{7}", "unknown character U+0007"),
      ("2+", "a number is missing"), ("×3", "a number is missing"), ("2+×3", "a number is missing"),
      ("--5", "a number is missing"), ("()", "a number is missing"), ("-", "a number is missing"),
      (".", "a number is missing"), ("5+%", "a number is missing"),
      ("1 2", "an operator is missing"),
      ("12 345", "an operator is missing"), ("1\n2", "an operator is missing"),
      ("5%3", "an operator is missing"), ("1,23", "misplaced comma"), ("1, 2", "misplaced comma"),
      ("12,50 €", "misplaced comma"), ("1e999", "number out of range"),
      ("1e1234567", "number out of range"), ("$", "unknown character $"),
      ("$$5", "unknown character $"),
      ("5 $ $", "unknown character $"), ("= 5", "empty"), ("2 = 3 +", "2"),
      (
        String(repeating: "(", count: 21) + "1" + String(repeating: ")", count: 21),
        "parentheses nested over 20 deep"
      ),
    ] as [(String, String)])
  func refused(text: String, reason: String) throws {
    if reason == "2" {
      #expect(try Self.pasted(text).display == "2")  // what follows = is ignored, whatever it is
      return
    }
    for order in Order.allCases {
      var before = Calculator(order: order)
      for key in try Key.sequence("12+3") { before.press(key) }
      var calculator = before
      #expect(throws: PasteRefusal(reason)) { try calculator.paste(text) }
      #expect(calculator == before)
    }
  }

  @Test func upTo10000CharactersAreTakenAndOneMoreIsRefused() throws {
    let text = "1" + String(repeating: "+1", count: 4_999) + " "
    #expect(text.count == 10_000)
    var calculator = try Self.pasted(text)
    calculator.press(.equals)
    #expect(calculator.display == "5,000")
    #expect(throws: PasteRefusal("over 10,000 characters")) { try Self.pasted(text + " ") }
    // Characters, not bytes: 10,000 of them in 30,000 bytes is not too long.
    let wide = "1" + String(repeating: "\u{2212}1", count: 4_999) + " "
    #expect(try Self.pasted(wide).display.hasSuffix("−1"))
  }

  @Test("^ is xʸ, whose key only the scientific keypad has")
  func powerNeedsScientific() throws {
    var calculator = Calculator(order: .math)
    #expect(throws: PasteRefusal("powers need Scientific")) {
      try calculator.paste("2^3", scientific: false)
    }
    #expect(calculator == Calculator(order: .math))
    try calculator.paste("2^3", scientific: true)
    #expect(calculator.display == "2^3")
  }

  @Test("Nesting counts the groups already open")
  func nestingCountsOpenGroups() throws {
    let open = String(repeating: "(", count: 19)
    #expect(try Self.pasted("(1)", after: open).openParentheses == 19)
    #expect(throws: PasteRefusal("parentheses nested over 20 deep")) {
      try Self.pasted("((1))", after: open)
    }
  }

  @Test(
    "The first number replaces the entry being typed, multiplies after ), follows an operator",
    arguments: [
      ("12+3", "4", "12+4", "16"), ("12+", "4×2", "12+4×2", "20"), ("(2+3)", "4", "(2+3)4", "20"),
      ("5", "(2)", "5(2)", "10"), ("2+3=", "4", "4", "4"), ("2+3=", "+4", "4", "4"),
      ("7", "-(2)", "7×-2", "-14"),
    ] as [(String, String, String, String)])
  func continues(keys: String, text: String, shown: String, result: String) throws {
    var calculator = try Self.pasted(text, after: keys)
    #expect(calculator.display == shown)
    calculator.press(.equals)
    #expect(calculator.display == result)
  }

  @Test func aDocumentTakesAPasteAsOneChangeAndARefusalAsNone() throws {
    var document = Document(calculator: Calculator(order: .math))
    try document.paste("2+3×4")
    #expect(document.calculator.display == "2+3×4")
    let before = document
    #expect(throws: PasteRefusal("unbalanced parenthesis")) { try document.paste("(") }
    #expect(document == before)
    document.press(.equals)
    #expect(document.tape.calculations.map(\.line) == ["2 + 3 × 4 = 14"])
    #expect(document.tape.calculations.first?.order == .math)
  }
}
