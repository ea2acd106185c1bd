import TestSupport
import Testing

@testable import CalculatorCore

/// Math Order's display, strip rows and tape (docs/SPEC.md section 12); its arithmetic is
/// checked against Python in `OrderTableTests` and `OrderPropertyTests`.
@Suite("Math Order")
struct MathOrderTests {
  static func calculator(_ keys: String, order: Order = .math) throws -> Calculator {
    var calculator = Calculator(order: order)
    for key in try Key.sequence(keys) { calculator.press(key) }
    return calculator
  }

  @Test(
    "The display shows the expression as typed until =",
    arguments: [
      ("", "0"), ("5", "5"), ("12+3*4", "12+3×4"), ("12-3/4", "12−3÷4"), ("1234+5", "1,234+5"),
      ("0.50+", "0.50+"), ("12.+3", "12+3"), ("12+", "12+"), ("12+3c", "12+"), ("12+3=", "15"),
      ("2*(3+4", "2×(3+4"), ("2*(3+4)", "2×(3+4)"), ("2*((", "2×(("), ("(", "("), ("2(", "2("),
      ("(2+3)4", "(2+3)4"), ("(2+3)4b", "(2+3)"), ("(2+3)4b+1", "(2+3)+1"), ("2(3)[sq]", "2×9"),
      ("2+9[sqrt]", "2+3"), ("7+3%", "7+0.03"), ("5n+3", "-5+3"), ("2+3n", "2+-3"),
      ("2[pow]3", "2^3"), ("8[root]3", "8ʸ√3"), ("27[logy]3", "27logᵧ3"), ("1[ee]3", "1E3"),
      ("2[ypow]3", "2yˣ3"), ("2+3=+1", "5+1"), ("2+3=c(4)+1", "(4)+1"), ("2+3=c5", "5"),
      ("1/0", "1÷0"), ("1/0=", "NaN"), ("[pi]+1", "3.1415926535897932385+1"),
      ("2+3=[sqrt]", "2.2360679774997896964"), ("(2+3)[m+]", "(2+3)"), ("12+3a", "0"),
    ] as [(String, String)])
  func expressionAsTyped(keys: String, display: String) throws {
    #expect(try Self.calculator(keys).display == display)
  }

  @Test("Left to Right shows the entry alone, as it always has")
  func leftToRightShowsTheEntry() throws {
    #expect(try Self.calculator("12+3*4", order: .leftToRight).display == "4")
    #expect(try Self.calculator("2*(3+4)", order: .leftToRight).display == "7")
  }

  @Test("Powers and roots group from the right; EE binds first")
  func rightAssociative() throws {
    for (keys, math, left) in [
      ("2[pow]3[pow]2=", "512", "64"), ("2[pow]1[ee]1=", "1,024", "20"),
      ("1[ee]1[pow]2=", "100", "100"), ("64[root]8[root]3=", "8", "1.1892071150027210667"),
      ("2+2[pow]3*2=", "18", "128"), ("2[pow]2[ypow]3=", "512", "81"),
    ] {
      #expect(try Self.calculator(keys).display == math, "\(keys)")
      #expect(try Self.calculator(keys, order: .leftToRight).display == left, "\(keys)")
    }
  }

  @Test("AC keeps the order; the order can change between calculations")
  func orderStays() throws {
    var calculator = try Self.calculator("2+3*4a")
    #expect(calculator.order == .math)
    for key in try Key.sequence("2+3*4=") { calculator.press(key) }
    #expect(calculator.display == "14")
    calculator.order = .leftToRight
    for key in try Key.sequence("2+3*4=") { calculator.press(key) }
    #expect(calculator.display == "20")
  }

  @Test("The tape keeps each calculation's order; its line reads as typed")
  func tapeKeepsTheOrder() throws {
    var document = Document(calculator: Calculator(order: .math))
    for key in try Key.sequence("2+3*4=2(1+1)=(1+1)2=") { document.press(key) }
    document.calculator.order = .leftToRight
    for key in try Key.sequence("2+3*4=") { document.press(key) }
    let tape = document.tape.calculations
    #expect(
      tape.map(\.line) == [
        "2 + 3 × 4 = 14", "2 (1 + 1) = 4", "(1 + 1) 2 = 4", "2 + 3 × 4 = 20",
      ])
    #expect(tape.map(\.order) == [.math, .math, .math, .leftToRight])
  }

  @Test("An edit recomputes a calculation in its own order, whatever the current one is")
  func editInItsOwnOrder() throws {
    var document = Document(calculator: Calculator(order: .math))
    for key in try Key.sequence("2+3*4=2(1+1)=(1+1)2=") { document.press(key) }
    document.calculator.order = .leftToRight
    for key in try Key.sequence("2+3*4=") { document.press(key) }
    var tape = document.tape
    let ids = tape.calculations.map(\.id)
    let five = CalculatorValue.success(RealNumber(5))
    for (row, id) in zip([1, 0, 2, 1], ids) {
      let edited = tape.edit(row: row, of: id, to: five)
      #expect(edited)
    }
    #expect(
      tape.calculations.map(\.line) == [
        "2 + 5 × 4 = 22", "5 (1 + 1) = 10", "(1 + 1) 5 = 10", "2 + 5 × 4 = 28",
      ])
    #expect(tape.calculations.map(\.order) == [.math, .math, .math, .leftToRight])
    #expect(tape.fileSize == tape.fileText.utf8.count)
  }

  @Test("An implied × next to no parenthesis is written ×")
  func impliedTimesWithoutParenthesis() throws {
    let squared = try Self.calculator("2(3)[sq]=", order: .leftToRight)
    #expect(squared.history == ["2", "× 9"])
    #expect(squared.display == "18")
  }

  @Test("--state names the order")
  func state() throws {
    #expect(
      try Self.calculator("12+3").state(scientific: false).text.hasSuffix(#","order":"math"}"#))
    #expect(Calculator().state(scientific: false).text.hasSuffix(#","order":"left"}"#))
  }

  @Test("A long expression keeps its newest characters after …")
  func shortened() throws {
    let display = try Self.calculator("1234567+2*3-4/5").displayText
    #expect(display.text == "1,234,567+2×3−4÷5")
    #expect(display.shortened(toLength: 8) == "…2×3−4÷5")
    #expect(display.shortened(toLength: 100) == display.text)
    #expect(display.number == DecimalNumber(5))
  }
}
