/// What the display reads: its text, and the shorter forms a narrow window may show instead.
///
/// A value, so a frame can hold what is shown without the calculator behind it.
///
///     DisplayText(typed: "-12345678901234567890").shortened(toLength: 10)  // "-…,567,890"
public struct DisplayText: Hashable, Sendable {
  /// What the number is, as far as shortening it goes.
  enum Source: Hashable, Sendable {
    /// A number being typed, as typed (`"-12.50"`).
    case typed(String)
    /// A computed value's shown digits, or NaN.
    case value(DecimalParts?)
    /// Math Order's expression as typed, and the number of its entry (docs/SPEC.md section 12).
    case expression(number: DecimalNumber?)
  }

  /// The full text: `"1,234,567.50"`, `"0."`, `"1.5e25"`, `"NaN"` (`"1.234.567,50"` in
  /// de_DE once `localized`).
  public private(set) var text: String
  let source: Source
  /// The form its numbers are written in: the C form until `localized(_:)`.
  public private(set) var numbers = NumberLocale.c
  /// The text in the C form once `localized`, which the shorter forms are cut from.
  private var plainText: String?

  /// The display of a number being typed, as typed (`"-1234.50"` reads `"-1,234.50"`).
  public init(typed: String) {
    source = .typed(typed)
    text = NumberFormat.grouping(typed: typed)
  }

  /// The display of a value; nil is NaN.
  public init(value: DecimalNumber?) {
    self.init(shown: value?.parts)
  }

  /// The display of a real number: the digits it shows (`RealNumber.shown`); nil is NaN.
  public init(value: RealNumber?) {
    self.init(shown: value?.shown)
  }

  private init(shown: DecimalParts?) {
    source = .value(shown)
    text = NumberFormat.string(shown: shown)
  }

  /// Math Order's display of an expression being typed (docs/SPEC.md section 12): `text` as
  /// `Calculator.expressionText` writes it; `number` is its entry's, which Convert converts.
  public init(expression text: String, number: DecimalNumber?) {
    source = .expression(number: number)
    self.text = text
  }

  /// The same display written in `numbers`' form, its shorter forms too (docs/SPEC.md section
  /// 13.1).
  public func localized(_ numbers: NumberLocale) -> DisplayText {
    guard self.numbers.isC, !numbers.isC else { return self }
    var copy = self
    copy.plainText = text
    copy.text = numbers.localized(text)
    copy.numbers = numbers
    return copy
  }

  /// Whether each shorter form is the newest characters of the text after `…`: one more
  /// character is never narrower (a typed entry, an expression), so a fit can be found by
  /// halves.
  public var isShortenedFromTheEnd: Bool {
    if case .value = source { return false }
    return true
  }

  /// The display of `0` with nothing typed.
  public static let zero = DisplayText(typed: "0")

  /// The number as shown, which Convert converts (docs/SPEC.md section 10.4): a typed entry as
  /// typed (`"12."` is 12), a value rounded half-up to the display's 20 significant digits;
  /// nil for NaN; for an expression, its entry's.
  public var number: DecimalNumber? {
    switch source {
    case .typed(let typed): NumberFormat.parse(typed)
    case .expression(let number): number
    case .value(let value):
      value.flatMap {
        DecimalNumber($0.rounded(toSignificantDigits: NumberFormat.significantDigits))
      }
    }
  }

  /// The display in at most `length` characters, for a window too narrow for `text`:
  /// a value gets fewer digits (`0.66666667`, `1.23e25`); a typed entry keeps its sign, then
  /// an ellipsis, then at least one of its newest characters, never a comma first (`-…567,890`);
  /// an expression keeps its newest characters after an ellipsis (`…+3×4`).
  public func shortened(toLength length: Int) -> String {
    guard text.count > length else { return text }
    // Cut from the C form, then written in the locale's (docs/SPEC.md section 13.1).
    let plain = plainText ?? text
    switch source {
    case .expression:
      return numbers.localized("…" + plain.suffix(max(length - 1, 1)))
    case .typed(let typed):
      let head = typed.hasPrefix("-") ? "-…" : "…"
      let tail = plain.suffix(max(length - head.count, 1))
      return numbers.localized(
        head + (tail.count > 1 && tail.hasPrefix(",") ? tail.dropFirst() : tail))
    case .value(let value):
      return numbers.localized(NumberFormat.string(shown: value, maxLength: length))
    }
  }
}
