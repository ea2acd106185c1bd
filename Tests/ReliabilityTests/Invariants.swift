import CalculatorCore

/// What must hold after every key, whatever came before (docs/SPEC.md section 2), checked without
/// the core's own formatter: returns the broken rules, empty when all hold.
enum Invariants {
  static func broken(_ calculator: Calculator, maxLength: Int = 12) -> [String] {
    var broken: [String] = []
    let shown = calculator.display
    if shown == "NaN" {
      if calculator.isTyping { broken.append("NaN while typing") }
      if calculator.copyText != nil { broken.append("copy text for NaN") }
    } else {
      let form = calculator.isTyping ? typedForm(shown) : resultForm(shown)
      if let form { broken.append("\(form): \(shown)") }
      if let copied = calculator.copyText {
        if NumberFormat.parse(copied) != NumberFormat.parse(shown) {
          broken.append("copy text \(copied) is not the display \(shown)")
        }
      } else {
        broken.append("no copy text for \(shown)")
      }
    }
    if calculator.clearLabel == .allClear && (shown != "0" || calculator.isTyping) {
      broken.append("AC shown over \(shown)")
    }
    let history = calculator.history
    for (index, row) in history.enumerated() {
      var number = Substring(row)
      // docs/SPEC.md section 12: an implied × has no glyph, before `(` or after `)`.
      if index > 0, !row.hasPrefix("("), !history[index - 1].hasSuffix(")") || row.contains(" ") {
        let glyphs = ["+", "−", "×", "÷", "^", "yˣ", "ʸ√", "logᵧ", "E"]
        guard let space = row.firstIndex(of: " "), glyphs.contains(String(row[..<space])) else {
          broken.append("history row \(row)")
          continue
        }
        number = row[row.index(after: space)...]
      }
      // A row that opens or closes groups: "× ((3", "+ 4))".
      number = number.drop { $0 == "(" }
      while number.hasSuffix(")") { number = number.dropLast() }
      if number != "NaN", let form = resultForm(number) { broken.append("history \(form): \(row)") }
    }
    let short = calculator.displayText.shortened(toLength: maxLength)
    if short.count > max(maxLength, 6) { broken.append("\(short) longer than \(maxLength)") }
    return broken
  }

  /// A typed entry: `-1,234.50`, `0.`, at most 20 counted digits, never `-0`.
  static func typedForm(_ text: some StringProtocol) -> String? {
    let bytes = Array(text.utf8)
    var index = 0
    let negative = bytes.first == UInt8(ascii: "-")
    if negative { index += 1 }
    guard let integer = groupedInteger(bytes, &index) else { return "integer part" }
    var digits = integer == [UInt8(ascii: "0")] ? 0 : integer.count
    let fraction = fractionDigits(bytes, &index) ?? []
    digits += fraction.count
    if index != bytes.count { return "trailing characters" }
    if digits > 20 { return "more than 20 digits" }
    if negative && (integer + fraction).allSatisfy({ $0 == UInt8(ascii: "0") }) { return "-0" }
    return nil
  }

  /// A result: `-1,234.5` (no trailing zeros, magnitude 1e-8 up to 1e20) or `1.5e25`, `-2e-9`
  /// (exponent at least 20 or below -8, within the range), at most 20 significant digits.
  static func resultForm(_ text: some StringProtocol) -> String? {
    let bytes = Array(text.utf8)
    var index = 0
    if bytes.first == UInt8(ascii: "-") { index += 1 }
    if let e = bytes.firstIndex(of: UInt8(ascii: "e")) {
      let mantissa = bytes[index..<e]
      guard let first = mantissa.first, (49...57).contains(first) else { return "mantissa" }
      if mantissa.count > 1 {
        guard mantissa.count > 2, mantissa[index + 1] == UInt8(ascii: "."),
          mantissa.dropFirst(2).allSatisfy(isDigit), mantissa.last != UInt8(ascii: "0")
        else { return "mantissa" }
      }
      if mantissa.filter(isDigit).count > 20 { return "more than 20 digits" }
      var exponentText = bytes[(e + 1)...]
      let negative = exponentText.first == UInt8(ascii: "-")
      if negative { exponentText = exponentText.dropFirst() }
      guard let lead = exponentText.first, (49...57).contains(lead),
        exponentText.count <= 2, exponentText.allSatisfy(isDigit)
      else { return "exponent" }
      let exponent = exponentText.reduce(0) { $0 * 10 + Int($1 - 48) } * (negative ? -1 : 1)
      if !(exponent >= 20 || exponent < -8) { return "scientific notation for \(exponent)" }
      if !(-99...99).contains(exponent) { return "out of range" }
      return nil
    }
    let start = index
    guard let integer = groupedInteger(bytes, &index) else { return "integer part" }
    let point = fractionDigits(bytes, &index)
    if let point, point.isEmpty || point.last == UInt8(ascii: "0") { return "trailing zeros" }
    let fraction = point ?? []
    if index != bytes.count { return "trailing characters" }
    let all = integer + fraction
    guard let first = all.firstIndex(where: { $0 != UInt8(ascii: "0") }),
      let last = all.lastIndex(where: { $0 != UInt8(ascii: "0") })
    else { return start == 0 ? nil : "-0" }
    if last - first + 1 > 20 { return "more than 20 digits" }
    if integer.count > 20 { return "plain notation at 1e20 or above" }
    // 0.00000001 (1e-8) is the smallest plain number: its 1 is the 9th digit after "0".
    if integer == [UInt8(ascii: "0")] && first > 8 { return "plain notation below 1e-8" }
    return nil
  }

  /// The digits after a point at `index` (possibly none), or nil when there is no point.
  private static func fractionDigits(_ bytes: [UInt8], _ index: inout Int) -> [UInt8]? {
    guard index < bytes.count && bytes[index] == UInt8(ascii: ".") else { return nil }
    index += 1
    var fraction: [UInt8] = []
    while index < bytes.count, isDigit(bytes[index]) {
      fraction.append(bytes[index])
      index += 1
    }
    return fraction
  }

  /// Digits grouped by three with commas, no leading zero but a lone `0`; the digits.
  private static func groupedInteger(_ bytes: [UInt8], _ index: inout Int) -> [UInt8]? {
    var digits: [UInt8] = []
    var group = 0
    var groups = 0
    while index < bytes.count {
      let byte = bytes[index]
      if isDigit(byte) {
        digits.append(byte)
        group += 1
      } else if byte == UInt8(ascii: ",") {
        if group == 0 || (groups > 0 && group != 3) || group > 3 { return nil }
        groups += 1
        group = 0
      } else {
        break
      }
      index += 1
    }
    if group == 0 || group > 3 || (groups > 0 && group != 3) { return nil }
    if digits.count > 1 && digits[0] == UInt8(ascii: "0") { return nil }
    return digits
  }

  private static func isDigit(_ byte: UInt8) -> Bool { (48...57).contains(byte) }
}
