import CalculatorCore
@testable import CalculatorNumbers
import TestSupport
import Testing

@Suite("Number format and parser")
struct NumberFormatTests {
  private func number(_ text: String) throws -> DecimalNumber {
    try #require(NumberFormat.parse(text))
  }

  @Test(
    "Shorter forms fit the length asked for",
    arguments: [
      ("2/3", 10, "0.66666667"),
      ("2/3", 22, "0.66666666666666666667"),
      ("2/3", 3, "0.7"),
      ("1.5e25", 6, "1.5e25"),
      ("1.5e25", 4, "2e25"),
      ("12345678901234567890", 20, "1.234567890123457e19"),
      ("12345678901234567890", 26, "12,345,678,901,234,567,890"),
      ("1234567.891", 9, "1,234,568"),
      ("-1234567.891", 9, "-1.2346e6"),
      ("3.3333333333333333333e-10", 8, "3.33e-10"),
      ("1e-99", 2, "1e-99"),
    ] as [(String, Int, String)])
  func shorterForm(value: String, length: Int, expected: String) throws {
    let shown: DecimalNumber
    if value == "2/3" {
      shown = try DecimalNumber(2).applying(.divide, DecimalNumber(3))
    } else {
      shown = try number(value)
    }
    let text = NumberFormat.string(shown, maxLength: length)
    #expect(text == expected)
    #expect(text.count <= max(length, 5))
  }

  @Test("NaN stays NaN in every length")
  func nanShort() {
    #expect(NumberFormat.string(nil, maxLength: 2) == "NaN")
  }

  @Test(
    "Typed entries keep their newest characters when too long",
    arguments: [
      ("12345678901234567890", 10, "…4,567,890"), ("123", 10, "123"), ("2+3=", 1, "5"),
      ("12345678901234567890n", 10, "-…567,890"), ("12345678901234567890n", 1, "-…0"),
      ("1234.5n", 6, "-…34.5"), ("1234.5n", 7, "-…234.5"), ("1234.5n", 8, "-1,234.5"),
    ] as [(String, Int, String)])
  func typingShortened(keys: String, length: Int, expected: String) {
    #expect(TestSupport.calculator(after: keys).displayText.shortened(toLength: length) == expected)
  }

  @Test(
    "The parser reads one number",
    arguments: [
      ("1,234,567.5", "1,234,567.5"), (" 42 ", "42"), ("-1e5", "-100,000"),
      ("2.5E-3", "0.0025"), ("+7", "7"), ("5.", "5"), (".5", "0.5"), ("\t3\n", "3"),
      ("1.5e25", "1.5e25"), ("-0", "0"), ("1234567", "1,234,567"), ("0.000", "0"),
      ("9.99e99", "9.99e99"), ("1e-99", "1e-99"), ("123,456", "123,456"),
      ("123456789012345678901234567890", "1.234567890123456789e29"),
    ] as [(String, String)])
  func parses(text: String, expected: String) throws {
    #expect(NumberFormat.string(try number(text)) == expected)
  }

  @Test(
    "The parser refuses anything that is not one number",
    arguments: [
      "", " ", "abc", "1 2", "--5", "+-5", "1e", "e5", ".", "1.2.3", "0x10", "1e1000", "1e100",
      "1e-100", "NaN", "inf", "1,23", "12,3456", "1,,000", ",123", "123,", "1,234.5,6", "5x",
      "x5", "1e5e5", "1.5e2.5", "١٢", "12 345", "1_000", "$5", "5%", "2+3", "1e+", "−5", "1,0000",
      "0,123", "1e9999999", "1234,567", "12345,678,901", "1234,567.5",
    ])
  func refuses(text: String) {
    #expect(NumberFormat.parse(text) == nil)
  }

  @Test("Megabytes of text are refused quickly")
  func hugeText() {
    #expect(NumberFormat.parse(String(repeating: "9", count: 2_000_000)) == nil)
  }

  @Test(
    "Grouping of typed text",
    arguments: [
      ("1234567.50", "1,234,567.50"), ("-1000", "-1,000"), ("0.", "0."), ("123", "123"),
    ])
  func grouping(typed: String, expected: String) {
    #expect(NumberFormat.grouping(typed: typed) == expected)
  }

  @Test(
    "Clipboard text has no grouping",
    arguments: [
      ("1234567.5", "1234567.5"), ("2n/1000000000=", "-2e-9"), ("12.", "12"),
      ("1234.50", "1234.50"),
      ("", "0"),
    ])
  func copyText(keys: String, expected: String) {
    #expect(TestSupport.calculator(after: keys).copyText == expected)
  }
}

@Suite("Amounts to the cent")
struct PlacesTests {
  @Test(
    "Half-up and up to two places, shown with exactly two",
    arguments: [
      ("0.125", "0.13", "0.13"), ("0.124", "0.12", "0.13"), ("0.005", "0.01", "0.01"),
      ("0.004", "0.00", "0.01"), ("0.0001", "0.00", "0.01"), ("33.33", "33.33", "33.33"),
      ("33.3333", "33.33", "33.34"), ("9.995", "10.00", "10.00"),
      (
        "1234567.5", "1,234,567.50",
        "1,234,567.50"
      ), ("0", "0.00", "0.00"), ("100", "100.00", "100.00"),
      ("-2.005", "-2.01", "-2.01"), ("99999.999", "100,000.00", "100,000.00"),
    ])
  func places(text: String, halfUp: String, up: String) throws {
    let number = try #require(NumberFormat.parse(text))
    #expect(NumberFormat.fixed(number, places: 2) == halfUp)
    let roundedUp = try #require(DecimalNumber(number.parts.roundedUp(toPlaces: 2)))
    #expect(NumberFormat.fixed(roundedUp, places: 2) == up)
  }
}
