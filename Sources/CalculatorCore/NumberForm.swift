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
  public static let plain = NumberForm(
    decimalMark: ".", groupingMark: ",", groupingMarkName: "comma")

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
