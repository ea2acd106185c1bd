import CalculatorCore
import TestSupport
import Testing

@Suite("Random key sequences")
struct PropertyTests {
  /// Keys weighted toward digits so that long numbers and long calculations happen.
  static let keys: [Key] =
    Digit.allCases.map(Key.digit) + Digit.allCases.map(Key.digit) + Key.allCases

  @Test("After every key the display is NaN or a well-formed number the parser reads back")
  func randomSequences() {
    var random = TestSupport.SeededGenerator(seed: 20_261_130)
    var pressed = 0
    // Fresh calculators of 1 to 60 keys each until at least 100,000 keys are pressed.
    while pressed < 100_000 {
      var calculator = Calculator()
      for _ in 0..<Int.random(in: 1...60, using: &random) {
        // Sometimes a run of zeros or nines, to reach the digit limits and rounding carries.
        let key: Key
        switch Int.random(in: 0..<20, using: &random) {
        case 0: key = .digit(.nine)
        case 1: key = .digit(.zero)
        default: key = PropertyTests.keys.randomElement(using: &random) ?? .equals
        }
        calculator.press(key)
        pressed += 1
        check(calculator)
      }
    }
  }

  private func check(_ calculator: Calculator) {
    let shown = calculator.display
    if shown == "NaN" { return }
    #expect(isWellFormed(shown), "\(shown)")
    #expect(significantDigits(shown) <= 20, "\(shown)")
    guard let value = NumberFormat.parse(shown) else {
      Issue.record("the parser does not read back \(shown)")
      return
    }
    if !calculator.isTyping {
      #expect(NumberFormat.string(value) == shown)
    }
    #expect(
      calculator.history.allSatisfy { row in
        // "× ((3", "+ 4))": the operand without the group's parentheses
        let number = String(
          (row.split(separator: " ").last ?? "").filter { $0 != "(" && $0 != ")" })
        return number == "NaN" || NumberFormat.string(NumberFormat.parse(number)) == number
      })
  }

  /// `-1,234.5`, `0.`, `12.50`, `1.5e25`, `-2e-9`: grouping by three, no leading zeros.
  private func isWellFormed(_ text: String) -> Bool {
    var body = Substring(text)
    if body.hasPrefix("-") { body = body.dropFirst() }
    if let e = body.firstIndex(of: "e") {
      let mantissa = body[..<e]
      var exponent = body[body.index(after: e)...]
      if exponent.hasPrefix("-") { exponent = exponent.dropFirst() }
      let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
      return !exponent.isEmpty && exponent.allSatisfy(\.isASCII) && exponent.allSatisfy(\.isNumber)
        && parts[0].count == 1 && parts[0] != "0" && parts[0].allSatisfy(\.isNumber)
        && (parts.count == 1 || (parts.count == 2 && !parts[1].isEmpty && parts[1].last != "0"))
    }
    let parts = body.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count <= 2, parts[1...].allSatisfy({ $0.allSatisfy(\.isNumber) }) else {
      return false
    }
    let groups = parts[0].split(separator: ",", omittingEmptySubsequences: false)
    guard let first = groups.first, (1...3).contains(first.count) else { return false }
    if first.hasPrefix("0") && (first.count > 1 || groups.count > 1) { return false }
    return groups.dropFirst().allSatisfy { $0.count == 3 }
      && groups.allSatisfy { $0.allSatisfy(\.isNumber) }
  }

  private func significantDigits(_ text: String) -> Int {
    let mantissa = text.split(separator: "e").first ?? ""
    let digits = mantissa.filter(\.isNumber).drop { $0 == "0" }
    return digits.count
  }
}
