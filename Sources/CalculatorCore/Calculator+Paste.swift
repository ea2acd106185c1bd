// Text that comes from outside the keys: a paste (docs/SPEC.md section 12), or a row of the strip
// clicked.
extension Calculator {
  /// Types a pasted expression as keys, in the calculator's order (docs/SPEC.md section 12):
  /// `1,200 × 1.08 + 49.9 = 1,345.9` types `1200 × 1.08 + 49.9` (what follows `=` is ignored),
  /// `2×−3` has a negative operand, `2(1+1)` an implied ×, `$12.50` is 12.50.
  ///
  /// The first number replaces the entry being typed, as a paste of one number always has;
  /// after `)` it multiplies. `^` only where the keypad has xʸ (`scientific`). Throws the
  /// reason, changing nothing, for anything the keys cannot type, unbalanced parentheses, an
  /// empty text or one over 10,000 characters.
  /// Its numbers are read in `form` (the locale's, docs/SPEC.md section 13.3).
  public mutating func paste(_ text: String, form: NumberForm = .plain, scientific: Bool = true)
    throws(PasteRefusal)
  {
    let expression = try PastedExpression(
      text, form: form, scientific: scientific, openGroups: openParentheses)
    for step in expression.steps {
      switch step {
      case .number(let number):
        if isGroupValue { multiplyImplicitly() }
        startEntry()
        entry = number
      case .key(let key): press(key)
      case .implied: multiplyImplicitly()
      }
    }
  }

  /// Takes text that is one number (`NumberFormat.parse(_:)`) as the entry, as if typed.
  ///
  /// More than 20 significant digits round half-up. Returns false, changing nothing, for
  /// anything else, a number out of range, or right after `)`.
  mutating func enterNumber(_ text: String) -> Bool {
    guard !isGroupValue, let written = NumberFormat.scan(text) else { return false }
    let rounded = written.parts.rounded(toSignificantDigits: NumberFormat.significantDigits)
    guard let number = DecimalNumber(rounded) else { return false }
    startEntry()
    entry =
      Calculator.typedText(written, rounded: rounded).map(Entry.typing)
      ?? .result(.success(RealNumber(number)))
    return true
  }

  /// Puts a number the strip shows (`"1,345.9"`, `"1.5e25"`) in the display as a result.
  ///
  /// As `π` does: after an operator it is the right operand, after a result it starts a new
  /// calculation. Returns false, changing nothing, for `NaN`, text that is not one number in
  /// range, or right after `)`.
  public mutating func recall(_ text: String) -> Bool {
    guard !isGroupValue, let number = NumberFormat.parse(text) else { return false }
    show(.success(RealNumber(number)))
    return true
  }

  /// The text a user would type for a pasted number: as written when it has no exponent and
  /// at most 20 digits (`" 1,234.50 "` → `"1234.50"`, `"007"` → `"7"`), else the rounded number
  /// written plainly when that takes at most 20 digits; nil for numbers like `1e25` or `1e-30`,
  /// which become results.
  static func typedText(_ written: NumberFormat.Written, rounded parts: DecimalParts) -> String? {
    if written.exponent == nil {
      let integer = written.integer.drop { $0 == UInt8(ascii: "0") }
      let counted = integer.count + written.fraction.count
      if counted <= maximumTypedDigits {
        let isZero = (integer + written.fraction).allSatisfy { $0 == UInt8(ascii: "0") }
        let text =
          (integer.isEmpty ? "0" : String(decoding: integer, as: UTF8.self))
          + (written.hasPoint ? "." + String(decoding: written.fraction, as: UTF8.self) : "")
        return (written.negative && !isZero ? "-" : "") + text
      }
    }
    guard let magnitude = parts.magnitude else { return "0" }
    let counted = max(magnitude + 1, 0) + max(-parts.exponent, 0)
    guard counted <= maximumTypedDigits else { return nil }
    return NumberFormat.plain(parts, grouped: false)
  }
}
