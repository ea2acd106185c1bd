/// How numbers are written in text a user pastes: the decimal mark and the grouping mark.
///
/// A pasted number (docs/SPEC.md section 12) is found with its form's marks, then written in
/// the plain form and read by the one number parser (`NumberFormat.scan`, docs/SPEC.md section
/// 2.7), so another form is one more value of this type.
///
///     NumberForm.plain.plainText(of: "1,234.5".unicodeScalars)  // "1,234.5"
public struct NumberForm: Equatable, Sendable {
  /// The mark between the integer and the fraction: `.` in the plain form.
  public var decimalMark: Unicode.Scalar
  /// The mark between groups of three digits: `,` in the plain form.
  public var groupingMark: Unicode.Scalar
  /// What a refusal calls a grouping mark out of place: `comma`.
  public var groupingMarkName: String

  /// A form of these marks.
  public init(decimalMark: Unicode.Scalar, groupingMark: Unicode.Scalar, groupingMarkName: String) {
    self.decimalMark = decimalMark
    self.groupingMark = groupingMark
    self.groupingMarkName = groupingMarkName
  }

  /// The form the display writes: `1,234.5`.
  public static var plain: NumberForm {
    NumberForm(decimalMark: ".", groupingMark: ",", groupingMarkName: tr("comma"))
  }

  /// A number found in this form, in the plain form `NumberFormat.scan` reads: the decimal mark
  /// becomes `.` and the grouping mark `,` (where they already are, the text is unchanged).
  public func plainText(of number: some Sequence<Unicode.Scalar>) -> String {
    var text = String.UnicodeScalarView()
    for scalar in number {
      switch scalar {
      case decimalMark: text.append(".")
      case groupingMark: text.append(",")
      default: text.append(scalar)
      }
    }
    return String(text)
  }
}

extension NumberForm {
  /// The form of pasted numbers in a locale (docs/SPEC.md section 13.3): its decimal separator
  /// and grouping separator; nil for the plain form itself, or a locale whose marks are not
  /// one character each, or whose grouping is a space (a space separates numbers in a paste).
  public init?(_ numbers: NumberLocale) {
    let decimal = numbers.decimalSeparator.unicodeScalars
    let grouping = numbers.groupingSeparator.unicodeScalars
    guard !numbers.isC, decimal.count == 1, let decimalMark = decimal.first, grouping.count <= 1
    else { return nil }
    let groupingMark = grouping.first ?? decimalMark
    guard !groupingMark.properties.isWhitespace, decimalMark != "." || groupingMark != "," else {
      return nil
    }
    self.init(
      decimalMark: decimalMark, groupingMark: groupingMark,
      groupingMarkName: NumberForm.name(of: groupingMark))
  }

  /// What a refusal calls a grouping mark: `comma`, `period`, `apostrophe`.
  static func name(of mark: Unicode.Scalar) -> String {
    switch mark {
    case ",": tr("comma")
    case ".": tr("period")
    case "'", "\u{2019}": tr("apostrophe")
    default: String(mark)
    }
  }
}
