/// A JSON value written on one line, an object's fields in the order given: what `--state`
/// prints (docs/SPEC.md section 4.3), built here for the calculator and for Tip & Split alike.
///
///     JSONValue.object([("display", .string("3")), ("openParens", .integer(0))]).text
///     // {"display":"3","openParens":0}
public enum JSONValue: Sendable {
  /// A string, escaped as JSON requires.
  case string(String)
  /// A whole number, in decimal.
  case integer(Int)
  /// `null`.
  case null
  /// Values in order.
  case array([JSONValue])
  /// Fields in the order given (JSON objects are unordered; the documented order is kept).
  case object([(String, JSONValue)])

  /// The value on one line, with no spaces: `{"history":["12"],"operator":null}`.
  public var text: String {
    switch self {
    case .string(let string): JSONValue.quoted(string)
    case .integer(let number): String(number)
    case .null: "null"
    case .array(let values): "[" + values.map(\.text).joined(separator: ",") + "]"
    case .object(let fields):
      "{" + fields.map { JSONValue.quoted($0.0) + ":" + $0.1.text }.joined(separator: ",") + "}"
    }
  }

  /// The value with the numbers in its strings written in `numbers`' form (docs/SPEC.md section
  /// 13.1): `{"display":"1.234,5"}` in de_DE; names and whole numbers as they are.
  public func localized(_ numbers: NumberLocale) -> JSONValue {
    guard !numbers.isC else { return self }
    return switch self {
    case .string(let string): .string(numbers.localized(string))
    case .integer, .null: self
    case .array(let values): .array(values.map { $0.localized(numbers) })
    case .object(let fields): .object(fields.map { ($0.0, $0.1.localized(numbers)) })
    }
  }

  /// A string or null: `.string(text)` when there is one.
  public static func string(_ text: String?) -> JSONValue {
    text.map(JSONValue.string) ?? .null
  }

  /// `"text"`, with `"` and `\` escaped, a newline as `\n`, other control characters as `\u001f`.
  private static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}

extension Calculator {
  /// The `--state` object (docs/SPEC.md section 4.3):
  /// `{"display":"3","history":["12"],"operator":"+","clearKey":"C","order":"left"}`.
  ///
  /// With the scientific keys (the scientific mode, or any of its keys pressed) it also has
  /// `memory` (formatted like a result, or null), `angle` (`"deg"` or `"rad"`) and `openParens`.
  public func state(scientific: Bool) -> JSONValue {
    var fields: [(String, JSONValue)] = [
      ("display", .string(display)), ("history", .array(history.map(JSONValue.string))),
      ("operator", .string(pendingOperation?.symbol)), ("clearKey", .string(clearLabel.rawValue)),
      ("order", .string(order.rawValue)),
    ]
    if scientific {
      fields += [
        ("memory", .string(memory.map { NumberFormat.string($0) })),
        ("angle", .string(angle == .degrees ? "deg" : "rad")),
        ("openParens", .integer(openParentheses)),
      ]
    }
    return .object(fields)
  }
}

extension TipCalculator {
  /// The `--state` object (docs/SPEC.md section 7.4), fields in the documented order:
  /// `{"mode":"tip","bill":"84.50","tipPercent":"18","people":3,"tip":"15.21",…}`.
  public var state: JSONValue {
    .object([
      ("mode", .string("tip")), ("bill", .string(TipCalculator.amount(bill))),
      ("tipPercent", .string(tipPercentText)), ("people", .integer(people)),
      ("tip", .string(tipText)), ("total", .string(totalText)),
      ("perPerson", .string(perPersonText)), ("active", .string(active.rawValue)),
    ])
  }
}
