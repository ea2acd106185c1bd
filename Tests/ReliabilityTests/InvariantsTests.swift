import CalculatorCore
import TestSupport
import Testing

/// The fuzzers' oracle must itself tell a good display from a bad one.
@Suite("The invariants the fuzzers check")
struct InvariantsTests {
  @Test(
    "Results: plain with grouping from 1e-8 to 1e20, else scientific, 20 digits at most",
    arguments: [
      ("0", true), ("-1,234.5", true), ("1.5e25", true), ("-2e-9", true), ("0.00000001", true),
      ("99,999,999,999,999,999,999", true), ("1e20", true), ("9.9999999999999999999e99", true),
      ("0.66666666666666666667", true), ("1,000", true), ("-0", false), ("1,23", false),
      ("1.50", false), ("1.", false), ("1e5", false), ("0.000000001", false),
      ("123,456,789,012,345,678,901", false), ("1.5e100", false), ("01", false),
      ("0.666666666666666666667", false), ("1.0e25", false), ("15e24", false), ("1234", false),
      ("NaN", false), ("", false), ("1e-9", true), ("1e-99", true), ("1e-100", false),
    ])
  func results(text: String, isValid: Bool) {
    #expect((Invariants.resultForm(text) == nil) == isValid)
  }

  @Test(
    "Typed entries: as typed, grouped, 20 digits at most, never -0",
    arguments: [
      ("0", true), ("0.", true), ("12.", true), ("1,234,567.50", true), ("-0.5", true),
      ("0.00000000000000000001", true), ("12,345,678,901,234,567,890", true), ("-0.", false),
      ("-0", false), ("1234", false), ("1,2345", false), ("0.000000000000000000001", false),
      ("123,456,789,012,345,678,901", false), ("1..2", false), ("00", false), ("", false),
    ])
  func typed(text: String, isValid: Bool) {
    #expect((Invariants.typedForm(text) == nil) == isValid)
  }

  @Test("A calculator after any of the rules' examples breaks no invariant")
  func examples() {
    for keys in ["2+3*4=", "5/0=", "5+*3=", "1234567.50", "2/3=", "0.5n", "12.", "=", "5%%"] {
      #expect(Invariants.broken(TestSupport.calculator(after: keys)).isEmpty, "\(keys)")
    }
  }
}
