import CalculatorCore
import TestSupport
import Testing

/// Tip & Split stays exact (docs/SPEC.md sections 7.2 and 16): a bill taken from a result is
/// that result's exact value to the cent, not its 20 shown digits rounded again.
@Suite("Tip & Split from an exact result")
struct TipExactnessTests {
  @Test(
    "The bill is the result's exact value half-up to the cent",
    arguments: [
      // 12.345 − 5e-21 shows 12.345 but is below 12.345: 12.34 (Python: Decimal
      // ("12.344999999999999999995").quantize(Decimal("0.01"), ROUND_HALF_UP)).
      ("5[ee]21n=[m+]12.345-[mr]=", "12.34"),
      ("12.345*1=", "12.35"), ("1/3=", "0.33"), ("2/3=", "0.67"), ("[pi]*100=", "314.16"),
      ("2[sqrt]*1000=", "1,414.21"), ("1/200=", "0.01"),
    ])
  func billFromResult(keys: String, bill: String) {
    var split = TipCalculator()
    let calculator = TestSupport.calculator(after: keys)
    split.takeBill(from: calculator)
    #expect(TipCalculator.amount(split.bill) == bill, "\(keys)")
  }
}
