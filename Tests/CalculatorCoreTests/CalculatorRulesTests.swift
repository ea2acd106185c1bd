import CalculatorCore
import TestSupport
import Testing

// Key sequence → exact display, one table per rule of docs/SPEC.md section 2.
// Tokens: 0-9 . + - * / = % n (±) c (C) a (AC) b (⌫).

private func display(_ keys: String) -> String { TestSupport.calculator(after: keys).display }

@Suite("Numbers")
struct NumberRulesTests {
  @Test(
    "At most 20 digits per number; a lone leading 0 does not count",
    arguments: [
      ("123456789012345678901", "12,345,678,901,234,567,890"),
      ("12345678901234567890", "12,345,678,901,234,567,890"),
      ("123456789012345678909999", "12,345,678,901,234,567,890"),
      ("0.12345678901234567890123", "0.12345678901234567890"),
      ("1234567890.12345678909", "1,234,567,890.1234567890"),
      ("0.00000000000000000000001", "0.00000000000000000000"),
      ("000", "0"),
      ("0005", "5"),
    ] as [(String, String)])
  func typingLimit(keys: String, expected: String) {
    #expect(display(keys) == expected)
  }

  @Test(
    "One point per number; a point on a fresh entry gives 0.",
    arguments: [
      (".", "0."), ("1.2.3", "1.23"), ("1..", "1."), ("5+.", "0."), ("2+3=.5", "0.5"),
      ("5/0=.", "0."),
    ])
  func decimalPoint(keys: String, expected: String) {
    #expect(display(keys) == expected)
  }

  @Test(
    "Typing shows the entry as typed, integer part grouped",
    arguments: [
      ("1234567.50", "1,234,567.50"), ("12.", "12."), ("0.000", "0.000"), ("1000", "1,000"),
      ("100", "100"), ("1234n", "-1,234"), ("999999.9990", "999,999.9990"),
    ])
  func typedDisplay(keys: String, expected: String) {
    #expect(display(keys) == expected)
  }

  @Test(
    "Results round half-up to 20 significant digits, grouped, without needless zeros",
    arguments: [
      ("2/3=", "0.66666666666666666667"),
      ("1/3*3=", "1"),
      (".1+.2=", "0.3"),
      ("1.50+1=", "2.5"),
      ("2.50*2=", "5"),
      ("1000*1000=", "1,000,000"),
      ("1/7=", "0.14285714285714285714"),
      ("2n/3=", "-0.66666666666666666667"),
      // ties: 21 significant digits ending in 5 round away from zero
      ("12345678901234567890+.5=", "12,345,678,901,234,567,891"),
      ("12345678901234567890n-.5=", "-12,345,678,901,234,567,891"),
      ("2.0000000000000000001/2=", "1.0000000000000000001"),
      ("2.0000000000000000001n/2=", "-1.0000000000000000001"),
      ("2.0000000000000000001/4=", "0.50000000000000000003"),
      ("2.0000000000000000001n/4=", "-0.50000000000000000003"),
      ("1.0000000000000000004/4=", "0.2500000000000000001"),
      ("12345678901234567890+.4=", "12,345,678,901,234,567,890"),
    ])
  func resultRounding(keys: String, expected: String) {
    #expect(display(keys) == expected)
  }

  @Test(
    "Scientific notation at ≥ 1e20 and < 1e-8",
    arguments: [
      ("99999999999999999999+0=", "99,999,999,999,999,999,999"),
      ("99999999999999999999+1=", "1e20"),
      ("99999999999999999999+.5=", "1e20"),
      ("12345678901234567890*10=", "1.234567890123456789e20"),
      ("15*10000000000*10000000000*10000=", "1.5e25"),
      ("1/100000000=", "0.00000001"),
      ("1/1000000000=", "1e-9"),
      ("2n/1000000000=", "-2e-9"),
      ("1/3/1000000000=", "3.3333333333333333333e-10"),
      ("0.000000015/2=", "7.5e-9"),
      ("0.00000002/2=", "0.00000001"),
    ])
  func scientific(keys: String, expected: String) {
    #expect(display(keys) == expected)
  }

  @Test(
    "Division by zero and out-of-range results show NaN; NaN behaves as a result",
    arguments: [
      ("5/0=", "NaN"),
      ("0/0=", "NaN"),
      ("5/0=+3=", "NaN"),
      ("5/0=7", "7"),
      ("5/0=a", "0"),
      ("5/0=%", "NaN"),
      ("5/0=n", "NaN"),
      ("5/0=b", "NaN"),
      ("5/0=*2=", "NaN"),
      ("1+5/0*0=", "NaN"),
      (
        "10000000000000000000*10000000000000000000*10000000000000000000"
          + "*10000000000000000000*10000000000000000000*100000=", "NaN"
      ),
      (
        "10000000000000000000*10000000000000000000*10000000000000000000"
          + "*10000000000000000000*10000000000000000000*99999=", "9.9999e99"
      ),
      (
        ".00000000000000000001*.00000000000000000001*.00000000000000000001"
          + "*.00000000000000000001*.0000000000000000001=", "1e-99"
      ),
      (
        ".00000000000000000001*.00000000000000000001*.00000000000000000001"
          + "*.00000000000000000001*.00000000000000000001=", "NaN"
      ),
    ])
  func notANumber(keys: String, expected: String) {
    #expect(display(keys) == expected)
  }

  @Test(
    "-0 is never shown",
    arguments: [
      ("0n", "0"), ("5n-5n=", "0"), ("5n*0=", "0"), ("0.5nbb", "0"), ("0.5nb", "0."),
      ("5n+5=", "0"), ("0n.", "0."),
    ])
  func noNegativeZero(keys: String, expected: String) {
    #expect(display(keys) == expected)
  }
}

@Suite("Keys")
struct KeyRulesTests {
  @Test(
    "Digits start a new entry on zero, result or NaN, and append while typing",
    arguments: [
      ("7", "7"), ("78", "78"), ("2+3=4", "4"), ("2+3=45", "45"), ("1/0=9", "9"),
      ("0", "0"), ("05", "5"), ("5+0", "0"), ("5%3", "3"),
    ])
  func digits(keys: String, expected: String) {
    #expect(display(keys) == expected)
  }

  @Test(
    "An operator shows 0, replaces a pending operator, continues a result",
    arguments: [
      ("12+", "0"), ("5+*3=", "15"), ("5+-*/3=", "1.6666666666666666667"), ("2+3=*4=", "20"),
      ("+5=", "5"), ("*5=", "0"), ("-5=", "-5"), ("2+3*", "0"), ("2+3=+", "0"),
    ])
  func operators(keys: String, expected: String) {
    #expect(display(keys) == expected)
  }

  @Test(
    "= evaluates strictly left to right; a dangling operator is dropped; = alone does nothing",
    arguments: [
      ("2+3*4=", "20"), ("2*3+4=", "10"), ("10-2/4=", "2"), ("1+2+3+4=", "10"), ("5+=", "5"),
      ("5+3*=", "8"), ("2+3==", "5"), ("2+3===", "5"), ("5=", "5"), ("=", "0"),
      ("2+3=c=", "0"),
    ])
  func equals(keys: String, expected: String) {
    #expect(display(keys) == expected)
  }

  @Test(
    "AC clears everything; C clears only the entry or result",
    arguments: [
      ("123a", "0"), ("5+3c", "0"), ("5+3c4=", "9"), ("5+3a4=", "4"), ("2+3=c", "0"),
      ("5+3c*2=", "10"), ("2+3=a", "0"), ("5/0=c", "0"),
    ])
  func clear(keys: String, expected: String) {
    #expect(display(keys) == expected)
  }

  @Test(
    "± flips the entry or result, not zero",
    arguments: [
      ("5n", "-5"), ("5nn", "5"), ("0n", "0"), ("0.n", "0."), ("0.00n", "0.00"),
      ("2+3=n", "-5"), ("1.50n", "-1.50"), ("n", "0"), ("5+n", "0"), ("12.n", "-12."),
    ])
  func toggleSign(keys: String, expected: String) {
    #expect(display(keys) == expected)
  }

  @Test(
    "% divides the entry or result by 100 and makes it a result",
    arguments: [
      ("50%", "0.5"), ("5%%", "0.0005"), ("2+3=%", "0.05"), ("50+10%=", "50.1"),
      ("50%3", "3"), ("50%+1=", "1.5"), ("%", "0"), ("12n%", "-0.12"),
      ("0.00000001%", "1e-10"),
    ])
  func percent(keys: String, expected: String) {
    #expect(display(keys) == expected)
  }

  @Test(
    "⌫ deletes the last typed character; nothing on a result, zero or NaN",
    arguments: [
      ("123b", "12"), ("5b", "0"), ("12.b", "12"), ("1.5b", "1."), ("5nb", "0"),
      ("2+3=b", "5"), ("b", "0"), ("5/0=b", "NaN"), ("1234567b", "123,456"),
      ("5+3bb", "0"), ("0.5nb", "0."),
    ])
  func backspace(keys: String, expected: String) {
    #expect(display(keys) == expected)
  }
}

/// History rows, pending operator and clear label after each sequence.
@Suite("History strip, operator and clear key")
struct HistoryRulesTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let keys: String
    let history: [String]
    let operation: Operation?
    let clear: ClearLabel
    var testDescription: String { keys }
  }

  @Test(arguments: [
    Case(keys: "", history: [], operation: nil, clear: .allClear),
    Case(keys: "12", history: [], operation: nil, clear: .clearEntry),
    Case(keys: "12+3", history: ["12"], operation: .add, clear: .clearEntry),
    Case(keys: "12+", history: ["12"], operation: .add, clear: .allClear),
    Case(keys: "12+3*", history: ["12", "+ 3"], operation: .multiply, clear: .allClear),
    Case(keys: "12+3*4=", history: ["12", "+ 3", "× 4"], operation: nil, clear: .clearEntry),
    Case(keys: "1.50-2/4=", history: ["1.5", "− 2", "÷ 4"], operation: nil, clear: .clearEntry),
    Case(keys: "5+*", history: ["5"], operation: .multiply, clear: .allClear),
    Case(keys: "5+*-/", history: ["5"], operation: .divide, clear: .allClear),
    Case(keys: "2+3=*", history: ["5"], operation: .multiply, clear: .allClear),
    Case(keys: "2+3=*4=", history: ["5", "× 4"], operation: nil, clear: .clearEntry),
    Case(keys: "2+3=4", history: [], operation: nil, clear: .clearEntry),
    Case(keys: "2+3=c", history: ["2", "+ 3"], operation: nil, clear: .allClear),
    Case(keys: "2+3=c4+", history: ["4"], operation: .add, clear: .allClear),
    Case(keys: "5+3c", history: ["5"], operation: .add, clear: .allClear),
    Case(keys: "5+3a", history: [], operation: nil, clear: .allClear),
    Case(keys: "+", history: ["0"], operation: .add, clear: .allClear),
    Case(keys: "5+=", history: ["5"], operation: nil, clear: .clearEntry),
    Case(keys: "5/0=", history: ["5", "÷ 0"], operation: nil, clear: .clearEntry),
    Case(keys: "5/0=+", history: ["NaN"], operation: .add, clear: .allClear),
    Case(keys: "5/0=7", history: [], operation: nil, clear: .clearEntry),
    Case(keys: "50+10%", history: ["50"], operation: .add, clear: .clearEntry),
    Case(keys: "50+10%*", history: ["50", "+ 0.1"], operation: .multiply, clear: .allClear),
    Case(keys: "1234567*2", history: ["1,234,567"], operation: .multiply, clear: .clearEntry),
    Case(
      keys: "99999999999999999999+1=*", history: ["1e20"], operation: .multiply,
      clear: .allClear),
    Case(keys: "2/3=+", history: ["0.66666666666666666667"], operation: .add, clear: .allClear),
  ])
  func strip(_ expected: Case) {
    let calculator = TestSupport.calculator(after: expected.keys)
    #expect(calculator.history == expected.history)
    #expect(calculator.pendingOperation == expected.operation)
    #expect(calculator.clearLabel == expected.clear)
  }

  @Test("A result keeps full precision for the next calculation")
  func fullPrecision() {
    #expect(display("1/3=*3=") == "1")
    #expect(display("2/3=*3=") == "2")
  }

  @Test("Pressing keys compares as whole states (exhaustive style)")
  func wholeState() {
    var expected = Calculator()
    for key in [Key.digit(.two), .operation(.add), .digit(.three)] { expected.press(key) }
    #expect(TestSupport.calculator(after: "2+3") == expected)
    #expect(TestSupport.calculator(after: "2+3a") == Calculator())
    #expect(TestSupport.calculator(after: "5+3c3") == TestSupport.calculator(after: "5+3"))
  }
}
