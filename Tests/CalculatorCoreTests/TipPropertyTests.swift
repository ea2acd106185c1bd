import CalculatorCore
import TestSupport
import Testing

@Suite("Tip & Split over random bills, tips and people")
struct TipPropertyTests {
  @Test("Shares cover the total by less than a cent each; the tip is bill × percent ÷ 100")
  func randomSplits() throws {
    var random = TestSupport.SeededGenerator(seed: 20_261_201)
    for _ in 0..<3_000 {
      // Bills of every length up to 10 integer digits, tips in tenths of a percent up to 100.
      let digits = Int.random(in: 1...12, using: &random)
      let bill = UInt64.random(in: 0..<power(10, digits), using: &random)
      let tenths = UInt64.random(in: 0...1000, using: &random)
      let people = UInt64.random(in: 1...99, using: &random)

      var split = TipCalculator()
      let keys =
        "\(bill / 100).\(twoDigits(bill % 100))[tip]\(tenths / 10)"
        + (tenths % 10 == 0 ? "" : ".\(tenths % 10)") + "[people]\(people)"
      for key in try TipKey.sequence(keys) {
        let isAccepted = split.press(key)
        #expect(isAccepted, "\(keys)")
      }

      // The same figures in whole cents, with integer arithmetic only.
      let tip = (bill * tenths + 500) / 1000  // bill × percent ÷ 100, half-up to the cent
      let total = bill + tip
      let perPerson = (total + people - 1) / people  // rounded up to the cent

      #expect(split.tipText == money(tip), "\(keys)")
      #expect(split.totalText == money(total), "\(keys)")
      #expect(split.perPersonText == money(perPerson), "\(keys)")
      #expect(
        split.sharesText == (perPerson * people == total ? nil : sharesLine(perPerson, people)))
      // And read back from what the core shows, the shares never fall short of its total.
      let shownPerPerson = try #require(cents(split.perPersonText))
      let shownTotal = try #require(cents(split.totalText))
      #expect(
        shownPerPerson * people >= shownTotal && shownPerPerson * people - shownTotal < people)
    }
  }

  private func sharesLine(_ perPerson: UInt64, _ people: UInt64) -> String {
    "\(people) × \(money(perPerson)) = \(money(perPerson * people))"
  }

  private func power(_ base: UInt64, _ exponent: Int) -> UInt64 {
    (0..<exponent).reduce(1) { product, _ in product * base }
  }

  private func twoDigits(_ value: UInt64) -> String { value < 10 ? "0\(value)" : "\(value)" }

  /// Whole cents as an amount: 123456789 → "1,234,567.89".
  private func money(_ cents: UInt64) -> String {
    var whole = String(cents / 100)
    var grouped = ""
    while whole.count > 3 {
      grouped = "," + whole.suffix(3) + grouped
      whole.removeLast(3)
    }
    return whole + grouped + "." + twoDigits(cents % 100)
  }

  /// "1,234,567.89" → 123456789.
  private func cents(_ amount: String) -> UInt64? {
    UInt64(amount.filter { $0 != "," && $0 != "." })
  }
}
