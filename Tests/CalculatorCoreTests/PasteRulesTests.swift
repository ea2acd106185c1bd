import CalculatorCore
import TestSupport
import Testing

/// A pasted number becomes the entry as if typed (docs/SPEC.md section 12): each expected display
/// written out by hand (20 significant digits, half-up, as Python's `decimal` rounds), never the
/// core's own reading of the text.
@Suite("Paste")
struct PasteRulesTests {
  @Test(
    "A pasted number shows as typed; a zero never keeps its sign",
    arguments: [
      ("42", "42"), ("  -1,234.5e2 \n", "-123,450"), ("0.50", "0.50"), ("+7", "7"),
      ("2.5E-3", "0.0025"), ("1234567890123456789012345", "1.234567890123456789e24"),
      ("-0", "0"), ("-0.00", "0.00"), ("-000", "0"), ("-0e5", "0"), ("-0.0e-3", "0"),
      ("-1,234", "-1,234"),
    ] as [(String, String)])
  func pasted(text: String, display: String) throws {
    var calculator = TestSupport.calculator(after: "12+")
    try calculator.paste(text)
    #expect(calculator.display == display)
    #expect(!calculator.display.hasPrefix("-") || display.hasPrefix("-"))
  }

  @Test(
    "Grouping commas only every three digits from the right: anything else changes nothing",
    arguments: [
      "1234,567", "12345,678", "1234,567.5", "1,2345", "12,34", ",123", "0,123", "1,234,56",
    ])
  func refused(text: String) {
    var calculator = TestSupport.calculator(after: "12+3")
    let before = calculator
    #expect(throws: PasteRefusal.self) { try calculator.paste(text) }
    #expect(calculator == before)
    #expect(calculator.display == "3")
  }
}
