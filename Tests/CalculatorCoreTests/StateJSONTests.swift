import CalculatorCore
import Testing

/// The one JSON writer of `--state`: escaping, numbers, null, nesting and field order.
struct StateJSONTests {
  @Test func stringsAreEscapedAsJSONRequires() {
    // Expected by RFC 8259 section 7: quote and backslash escaped, controls as \u00XX (the
    // newline's short form), everything else (÷, ×, e) as is.
    let text = "a\"b\\c\nd\u{1}e\u{1f}f÷×"
    #expect(JSONValue.string(text).text == #""a\"b\\c\nd\u0001e\u001ff÷×""#)
  }

  @Test func fieldsKeepTheirOrderAndValuesTheirKind() {
    let value = JSONValue.object([
      ("z", .integer(-3)), ("a", .array([.string("1"), .null])), ("m", .string(nil)),
      ("e", .array([])), ("o", .object([])),
    ])
    #expect(value.text == #"{"z":-3,"a":["1",null],"m":null,"e":[],"o":{}}"#)
  }
}
