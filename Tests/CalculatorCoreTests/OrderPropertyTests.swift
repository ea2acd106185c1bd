import TestSupport
import Testing

@testable import CalculatorCore

/// Random expressions of + − × ÷ and parentheses (docs/SPEC.md section 12): typed as keys, Math
/// Order shows what Python's parser computes with standard precedence, Left to Right what a
/// strictly left-to-right evaluation computes, and before `=` Math Order's display is the
/// expression as typed.
@Suite("Orders of operations: random expressions", TestSupport.needs(["python3"]))
struct OrderPropertyTests {
  static let count = 400

  /// An expression of two to seven operands, each a number (a whole number, or one or two
  /// decimals) or a group of its own, at most three deep.
  static func expression(_ random: inout TestSupport.SeededGenerator, depth: Int = 0) -> String {
    var text = ""
    for index in 0..<Int.random(in: 2...(depth == 0 ? 7 : 4), using: &random) {
      if index > 0 { text += ["+", "-", "*", "/"].randomElement(using: &random) ?? "+" }
      if depth < 3, Int.random(in: 0..<4, using: &random) == 0 {
        text += "(" + expression(&random, depth: depth + 1) + ")"
      } else {
        let whole = Int.random(in: 0...(Bool.random(using: &random) ? 9 : 9_999), using: &random)
        switch Int.random(in: 0..<4, using: &random) {
        case 0: text += "\(whole).\(Int.random(in: 1...9, using: &random))"
        case 1: text += "\(whole).\(Int.random(in: 10...99, using: &random))"
        default: text += "\(whole)"
        }
      }
    }
    return text
  }

  static let expressions: [String] = {
    var random = TestSupport.SeededGenerator(seed: 0x2026_1207)
    return (0..<count).map { _ in expression(&random) }
  }()

  @Test("Math Order equals Python's precedence; its display is the expression as typed")
  func mathOrder() throws {
    let expected = try Expressions.reference(.math, Self.expressions)
    for (expression, display) in zip(Self.expressions, expected) {
      var calculator = Calculator(order: .math)
      for key in try Key.sequence(Expressions.keys(expression)) { calculator.press(key) }
      let typed = Expressions.tokens(expression).map { token in
        ["*": "×", "/": "÷", "-": "−"][token]
          ?? (token.first?.isNumber == true ? Expressions.grouped(token) : token)
      }
      #expect(calculator.display == typed.joined(), "\(expression)")
      calculator.press(.equals)
      #expect(calculator.display == display, "\(expression)")
    }
  }

  @Test("Left to Right equals a strictly left-to-right evaluation")
  func leftToRight() throws {
    let expected = try Expressions.reference(.leftToRight, Self.expressions)
    for (expression, display) in zip(Self.expressions, expected) {
      var calculator = Calculator()
      for key in try Key.sequence(Expressions.keys(expression) + "=") { calculator.press(key) }
      #expect(calculator.display == display, "\(expression)")
    }
  }
}
