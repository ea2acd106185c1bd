import CalculatorCore
@testable import CalculatorNumbers
import TestSupport
import Testing

@Suite("Decimal arithmetic at its edges")
struct DecimalNumberTests {
  private func number(_ text: String) throws -> DecimalNumber {
    try #require(NumberFormat.parse(text))
  }

  @Test("Products that Decimal's own operator traps on are computed or refused, never trapped")
  func multiplicationNearTheFloor() throws {
    // Decimal's `*` traps here: the exact product needs an exponent below -128.
    let x = try number("38316645848305048978e-110")
    let y = try number("42453351657499288032603904e-33")
    let product = try x.multiplied(by: y)
    // Python: Decimal("38316645848305048978e-110") * Decimal("42453351657499288032603904e-33")
    #expect(NumberFormat.string(product) == "1.6266700405339543644e-98")
    #expect(throws: ArithmeticError.outOfRange) {
      try number("1e-60").multiplied(by: number("1e-60"))
    }
    #expect(throws: ArithmeticError.outOfRange) {
      try number("1e60").multiplied(by: number("1e60"))
    }
  }

  @Test("Quotients near the floor keep their digits")
  func divisionNearTheFloor() throws {
    let quotient = try number("1e-90").divided(by: number("3e8"))
    #expect(NumberFormat.string(quotient) == "3.3333333333333333333e-99")
    #expect(throws: ArithmeticError.outOfRange) { try number("1e-90").divided(by: number("3e9")) }
    #expect(throws: ArithmeticError.divisionByZero) { try number("5").divided(by: .zero) }
  }

  // Decimal's own division keeps only ~38 minus the divisor's digits: 1 ÷ a 20-digit number
  // came out with 18 significant digits. Expected values from Python's decimal at 50 digits.
  @Test(
    "Quotients by long divisors keep 38 digits, rounded half-up",
    arguments: [
      ("1/50830142493653843012=", "1.9673366056859869505e-20"),
      ("130/4.9999999999999999999%%=", "260,000.00000000000001"),
      ("7n/12345678901234567891=", "-5.670000051030000464e-19"),
      ("1%%%/99999999999999999999*99999999999999999999=", "0.000001"),
      ("5n/99999999999999999999=", "-5.0000000000000000001e-20"),
      ("2/3=", "0.66666666666666666667"),
    ])
  func longDivisors(keys: String, expected: String) {
    #expect(TestSupport.calculator(after: keys).display == expected)
  }

  @Test("Products of 38-digit numbers are exact before the display rounds them")
  func longProducts() throws {
    // Python: Decimal("1.2345678901234567890123456789012345678e-30")
    //   * Decimal("9.8765432109876543210987654321098765432e15") = 1.21932631137021795226…e-14
    let x = try number("1.2345678901234567890123456789012345678e-30")
    let y = try number("9.8765432109876543210987654321098765432e15")
    #expect(NumberFormat.string(try x.multiplied(by: y)) == "1.2193263113702179523e-14")
    #expect(try x.multiplied(by: y).parts.digits.count == 38)
  }

  @Test(
    "A difference of exact values is exact: what the strip suggests, every digit true",
    arguments: [
      ("1/3*3=-1=", "0"),
      ("1/3*3=n+1=", "0"),
      ("2/3*3=-2=", "0"),
      // Real differences stay, every digit true (docs/SPEC.md section 16): 2/3 is held as
      // 2/3, not cut to 38 digits. Python: Fraction(2, 3) - Fraction("0.66666666666666666667").
      ("2/3-.66666666666666666667=", "-3.3333333333333333333e-21"),
      ("1+.00000000000000000001-1=", "1e-20"),
      ("12345678901234567890-12345678901234567889=", "1"),
    ])
  func cancellationResidue(keys: String, expected: String) {
    #expect(TestSupport.calculator(after: keys).display == expected)
  }

  @Test("Exact operands keep every difference, however small next to them")
  func exactDifferences() throws {
    // (10^19 − 1)(10^19 + 1) is 38 nines, exactly; minus 10^38 it is -1, not 0.
    let product = try number("9999999999999999999").multiplied(
      by: number("10000000000000000001"))
    #expect(product.isExact)
    #expect(NumberFormat.string(try product.applying(.subtract, number("1e38"))) == "-1")
    let third = try DecimalNumber(1).divided(by: DecimalNumber(3))
    #expect(!third.isExact)
  }

  @Test("Sums and differences are cut, never rounded, so the display cannot round twice")
  func noDoubleRounding() {
    // Exact: 99999999999999999998.49999999999999999999; half-up at 38 digits would give
    // …998.5 and the display …999.
    #expect(
      TestSupport.calculator(after: "99999999999999999999-0.50000000000000000001=").display
        == "99,999,999,999,999,999,998")
    #expect(
      TestSupport.calculator(after: "1-0.00000000000000000001=").display
        == "0.99999999999999999999")
  }

  @Test(
    "The range ends at 1e100 and 1e-99",
    arguments: [
      ("9.9999999999999999999e99", "+", "1e80", "NaN"),
      ("9.9999999999999999999e99", "+", "1e79", "9.9999999999999999999e99"),
      ("9.9999999999999999999e99", "+", "0", "9.9999999999999999999e99"),
      ("1e-99", "/", "10", "NaN"),
      ("1e-99", "*", "1", "1e-99"),
      ("-9e99", "-", "1e99", "NaN"),
      ("-9e99", "-", "9e98", "-9.9e99"),
      ("1e50", "*", "1e49", "1e99"),
      ("1e50", "*", "1e50", "NaN"),
    ] as [(String, String, String, String)])
  func range(left: String, operation: String, right: String, expected: String) throws {
    let key = try #require(Key(token: operation))
    guard case .operation(let op) = key else { throw Failure() }
    let result = try? number(left).applying(op, number(right))
    #expect(NumberFormat.string(result) == expected)
  }

  @Test("Random operands across the whole range: NaN exactly when out of range or ÷ 0")
  func randomOperands() throws {
    // The expectation comes from Double arithmetic, which holds these magnitudes (up to 1e200
    // and down to 1e-200) to 15 digits: cases within 1% of a range end, or whose sum cancels
    // more than Double can follow, are left out.
    var random = TestSupport.SeededGenerator(seed: 2026)
    var outcomes: [Operation: (inRange: Int, outOfRange: Int)] = [:]
    for _ in 0..<20_000 {
      // Sums reach 1e100 only from the top decade; ÷ 0 needs a zero.
      let top = Int.random(in: 0..<5, using: &random) == 0
      let x = randomNumber(&random, magnitudes: top ? 99...99 : -99...99)
      var y = randomNumber(&random, magnitudes: top ? 99...99 : -99...99)
      if Int.random(in: 0..<50, using: &random) == 0 { y = .zero }
      let (a, b) = (try double(x), try double(y))
      let cases: [(Operation, Double)] = [
        (.add, a + b), (.subtract, a - b), (.multiply, a * b), (.divide, a / b),
      ]
      for (operation, exact) in cases {
        let magnitude = abs(exact)
        let cancels =
          (operation == .add || operation == .subtract) && exact != 0
          && magnitude < 1e-12 * max(abs(a), abs(b))
        let nearEnd = [1e100, 1e-99].contains { abs(magnitude / $0 - 1) < 0.01 }
        if cancels || nearEnd { continue }
        let expected: ArithmeticError? =
          b == 0 && operation == .divide
          ? .divisionByZero
          : magnitude >= 1e100 || (magnitude < 1e-99 && magnitude != 0)
            ? .outOfRange : nil
        do {
          let result = try x.applying(operation, y)
          #expect(expected == nil, "\(x) \(operation) \(y) = \(result), expected \(expected!)")
          outcomes[operation, default: (0, 0)].inRange += 1
        } catch {
          #expect(error == expected, "\(x) \(operation) \(y) threw \(error)")
          outcomes[operation, default: (0, 0)].outOfRange += 1
        }
      }
    }
    for operation in [Operation.add, .subtract, .multiply, .divide] {
      let counts = outcomes[operation, default: (0, 0)]
      #expect(counts.inRange > 1_000 && counts.outOfRange > 100, "\(operation): \(counts)")
    }
  }

  private func double(_ number: DecimalNumber) throws -> Double {
    try #require(Double(number.description))
  }

  private func randomNumber(
    _ random: inout TestSupport.SeededGenerator, magnitudes: ClosedRange<Int>
  ) -> DecimalNumber {
    let count = Int.random(in: 1...38, using: &random)
    let digits = (0..<count).map { index in
      UInt8.random(in: (index == 0 ? 1 : 0)...9, using: &random)
    }
    let magnitude = Int.random(in: magnitudes, using: &random)
    let parts = DecimalParts(
      negative: Bool.random(using: &random), digits: digits, exponent: magnitude - count + 1)
    let text = (parts.negative ? "-" : "") + digits.map(String.init).joined() + "e\(parts.exponent)"
    return NumberFormat.parse(text) ?? .zero
  }

  struct Failure: Error {}
}
