import TestSupport

@testable import CalculatorCore

/// Expressions in the language of `expressions.py` (numbers, `+ - * / ^ r l Y E ( ) ~ %`), as
/// the `--keys` that type them and as text a user pastes, and their displays as Python computes
/// them (docs/SPEC.md section 12).
enum Expressions {
  static let script = TestSupport.repositoryRoot.appendingPathComponent(
    "Tests/CalculatorCoreTests/expressions.py"
  ).path

  /// The displays Python gives `expressions` in `order`, one each.
  static func reference(_ order: Order, _ expressions: [String]) throws -> [String] {
    let run = try TestSupport.run(
      "python3", [script, order == .math ? "math" : "left"] + expressions)
    guard run.status == 0 else { throw TestFailure("expressions.py failed: \(run.stderr)") }
    let displays = run.stdout.split(separator: "\n").map(String.init)
    guard displays.count == expressions.count else {
      throw TestFailure("expressions.py wrote \(displays.count) displays for \(expressions.count)")
    }
    return displays
  }

  /// Numbers whole, every other character alone: `12.5*(3)` → `12.5 * ( 3 )`.
  static func tokens(_ expression: String) -> [String] {
    var tokens: [String] = []
    for character in expression {
      if character.isNumber || character == ".", let last = tokens.last,
        last.allSatisfy({ $0.isNumber || $0 == "." })
      {
        tokens[tokens.count - 1].append(character)
      } else {
        tokens.append(String(character))
      }
    }
    return tokens
  }

  static let keyTokens = ["^": "[pow]", "r": "[root]", "l": "[logy]", "Y": "[ypow]", "E": "[ee]"]

  /// The `--keys` that type it: a sign `~` is ± after its number, or after its group's `)`.
  static func keys(_ expression: String) -> String {
    var keys = ""
    var negatedGroups: [Bool] = []
    var isNegative = false
    for token in tokens(expression) {
      switch token {
      case "~": isNegative = true
      case "(":
        negatedGroups.append(isNegative)
        isNegative = false
        keys += "("
      case ")": keys += ")" + (negatedGroups.popLast() == true ? "n" : "")
      default:
        keys += keyTokens[token] ?? token
        if isNegative, token.first?.isNumber == true || token.first == "." { keys += "n" }
        isNegative = false
      }
    }
    return keys
  }

  /// The text a user might paste for it, in one of several ways of writing it (`variant`):
  /// `×`, `*`, `x` or `·`; `÷` or `/`; `−` or `-`; spaces or none; numbers grouped by commas;
  /// a currency sign; a trailing `= …`. Nil when it has an operator paste does not write (ʸ√x,
  /// logᵧ, yˣ, EE).
  static func pasted(_ expression: String, variant: Int) -> String? {
    var text = ""
    let spaced = variant % 2 == 1
    for token in tokens(expression) {
      let binary: String?
      switch token {
      case "r", "l", "Y", "E": return nil
      case "*": binary = ["×", "*", "x", "·"][variant % 4]
      case "/": binary = ["÷", "/"][variant % 2]
      case "-": binary = ["−", "-"][variant / 2 % 2]
      case "+", "^": binary = token
      default: binary = nil
      }
      if let binary {
        text += spaced ? " \(binary) " : binary
      } else if token == "~" {
        text += ["-", "−"][variant / 3 % 2]
      } else if token.first?.isNumber == true, variant % 3 == 0 {
        text += grouped(token)
      } else {
        text += token
      }
    }
    if variant % 5 == 0, text.first?.isNumber == true { text = "$" + text }
    if variant % 5 == 2, text.last?.isNumber == true { text += " €" }
    if variant % 7 == 0 { text += " = 1,234.5" }
    return text
  }

  /// `12345.5` → `12,345.5`.
  static func grouped(_ number: String) -> String {
    let integer = number.prefix { $0 != "." }
    var result = ""
    for (offset, digit) in integer.enumerated() {
      if offset > 0, (integer.count - offset) % 3 == 0 { result += "," }
      result.append(digit)
    }
    return result + number.dropFirst(integer.count)
  }
}
