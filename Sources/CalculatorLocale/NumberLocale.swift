/// How the user's locale writes numbers (docs/SPEC.md section 13.1): its decimal separator,
/// its grouping separator and its group sizes, read once at start from `LC_NUMERIC`
/// (`NumberLocale.current`).
///
/// The core writes every number in one form, the C form (`1,234,567.5`: `.` point, `,` every
/// three digits), which the history and rates files keep. A `NumberLocale` turns such a text
/// into the locale's form where it is shown, spoken or printed, and reads the locale's form
/// back where text comes in (a paste, `--convert`):
///
///     let german = NumberLocale(decimalSeparator: ",", groupingSeparator: ".", groupSizes: [3])
///     german.localized("× 1,234.5")  // "× 1.234,5"
///     german.plainForm(of: "1.234,5")  // "1234.5"
///
/// `.c` is the C form itself; both directions are then the text unchanged.
public struct NumberLocale: Hashable, Sendable {
  /// Between the integer and the fraction: `.`, `,`.
  public let decimalSeparator: String
  /// Between groups of the integer's digits: `,`, `.`, U+202F, `’`; empty for none.
  public let groupingSeparator: String
  /// The sizes of the integer's groups from the right, the last repeated: `[3]`, `[3, 2]`
  /// (`12,34,567`); empty for no grouping.
  public let groupSizes: [Int]

  /// A locale's form of numbers; a grouping separator equal to the decimal one, or without
  /// sizes, groups nothing.
  public init(decimalSeparator: String, groupingSeparator: String, groupSizes: [Int]) {
    let decimal = decimalSeparator.isEmpty ? "." : decimalSeparator
    let sizes = groupSizes.prefix { $0 > 0 }
    let groups = !groupingSeparator.isEmpty && groupingSeparator != decimal && !sizes.isEmpty
    self.decimalSeparator = decimal
    self.groupingSeparator = groups ? groupingSeparator : ""
    self.groupSizes = groups ? Array(sizes) : []
    isC = decimal == "." && groups && groupingSeparator == "," && sizes.allSatisfy { $0 == 3 }
  }

  /// The C form, what the core writes: `1,234,567.5`.
  public static let c = NumberLocale(decimalSeparator: ".", groupingSeparator: ",", groupSizes: [3])

  /// Whether this is the C form (en_US's too): nothing to change either way.
  public let isC: Bool

  // MARK: - C form → the locale's

  /// `text`, written by the core in the C form, in this locale's form.
  ///
  /// Each number in it (digits, `,` between digits, a `.` and its fraction) is regrouped and
  /// its point replaced; the rest of the text stays as it is. A number written without
  /// grouping stays without it (a copy, a year), and `1.5e25` keeps its exponent:
  /// `"= 1,234.5"` → `"= 1.234,5"` in de_DE, `"12,345,678"` → `"1,23,45,678"` in en_IN.
  public func localized(_ text: String) -> String {
    guard !isC else { return text }
    let bytes = Array(text.utf8)
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count + bytes.count / 2)
    var index = 0
    while index < bytes.count {
      guard NumberLocale.isDigit(bytes[index]) else {
        result.append(bytes[index])
        index += 1
        continue
      }
      // One number: digits and commas between digits, then a point and its fraction.
      var digits: [UInt8] = []
      var isGrouped = false
      while index < bytes.count {
        if NumberLocale.isDigit(bytes[index]) {
          digits.append(bytes[index])
        } else if bytes[index] == UInt8(ascii: ","), index + 1 < bytes.count,
          NumberLocale.isDigit(bytes[index + 1]), !digits.isEmpty
        {
          isGrouped = true
        } else {
          break
        }
        index += 1
      }
      result += isGrouped ? grouped(digits) : digits
      if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
        result += decimalSeparator.utf8
        index += 1
        while index < bytes.count, NumberLocale.isDigit(bytes[index]) {
          result.append(bytes[index])
          index += 1
        }
      }
    }
    return String(decoding: result, as: UTF8.self)
  }

  /// ASCII digits grouped by this locale from the right: `1234567` → `1.234.567`.
  func grouped(_ digits: [UInt8]) -> [UInt8] {
    guard let first = groupSizes.first else { return digits }
    // Where each group starts, counted from the right.
    var cuts: Set<Int> = []
    var position = first
    var sizeIndex = 0
    while position < digits.count {
      cuts.insert(digits.count - position)
      sizeIndex = min(sizeIndex + 1, groupSizes.count - 1)
      position += groupSizes[sizeIndex]
    }
    var result: [UInt8] = []
    result.reserveCapacity(digits.count + cuts.count * groupingSeparator.utf8.count)
    for (offset, digit) in digits.enumerated() {
      if cuts.contains(offset) { result += groupingSeparator.utf8 }
      result.append(digit)
    }
    return result
  }

  // MARK: - The locale's form → C

  /// The number `text` holds when it is one number in this locale's form, in the C form
  /// without grouping (`"1.234,5"` → `"1234.5"` in de_DE); nil for anything else.
  ///
  /// A sign, the integer's digits grouped exactly where this locale groups them or not at
  /// all, the decimal separator and a fraction, an exponent (`1,5e25`), white space around.
  /// A grouping separator that is a space matches any space (U+0020, U+00A0, U+2009, U+202F),
  /// and an apostrophe either apostrophe (U+0027, U+2019): what users type for them.
  public func plainForm(of text: String) -> String? {
    var scalars = Substring(text).unicodeScalars[...]
    while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
    while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
    guard !scalars.isEmpty, scalars.count <= 1000 else { return nil }
    var result = ""
    if let sign = scalars.first, sign == "-" || sign == "+" {
      if sign == "-" { result.append("-") }
      scalars.removeFirst()
    }
    // The integer: groups of digits between grouping separators.
    var groups: [String] = [""]
    while let scalar = scalars.first {
      if NumberLocale.isDigit(scalar) {
        groups[groups.count - 1].unicodeScalars.append(scalar)
      } else if isGroupingSeparator(scalar) {
        groups.append("")
      } else {
        break
      }
      scalars.removeFirst()
    }
    guard isGroupedHere(groups) else { return nil }
    let integer = groups.joined()
    result += integer
    var fraction = ""
    if scalars.starts(with: decimalSeparator.unicodeScalars) {
      scalars.removeFirst(decimalSeparator.unicodeScalars.count)
      while let scalar = scalars.first, NumberLocale.isDigit(scalar) {
        fraction.unicodeScalars.append(scalar)
        scalars.removeFirst()
      }
      result += "." + fraction
    }
    guard !integer.isEmpty || !fraction.isEmpty else { return nil }
    if let marker = scalars.first, marker == "e" || marker == "E" {
      result.append("e")
      scalars.removeFirst()
      if let sign = scalars.first, sign == "-" || sign == "+" {
        result.unicodeScalars.append(sign)
        scalars.removeFirst()
      }
      var exponent = ""
      while let scalar = scalars.first, NumberLocale.isDigit(scalar) {
        exponent.unicodeScalars.append(scalar)
        scalars.removeFirst()
      }
      guard !exponent.isEmpty else { return nil }
      result += exponent
    }
    return scalars.isEmpty ? result : nil
  }

  /// The text as a paste or `--convert` reads it: the plain form of a number in this locale's
  /// form, else the text itself, which the core reads in the C form or refuses
  /// (docs/SPEC.md section 13.3).
  public func reading(_ text: String) -> String {
    isC ? text : plainForm(of: text) ?? text
  }

  /// Whether the integer's groups are as this locale writes them: one group (no separator),
  /// or each full size from the right and the first of 1 up to its size, not starting with 0.
  private func isGroupedHere(_ groups: [String]) -> Bool {
    guard groups.count > 1 else { return true }
    guard !groupSizes.isEmpty, let first = groups.first, first.first != "0" else { return false }
    var sizeIndex = 0
    for group in groups.dropFirst().reversed() {
      guard group.unicodeScalars.count == groupSizes[sizeIndex] else { return false }
      sizeIndex = min(sizeIndex + 1, groupSizes.count - 1)
    }
    return (1...groupSizes[sizeIndex]).contains(first.unicodeScalars.count)
  }

  private func isGroupingSeparator(_ scalar: Unicode.Scalar) -> Bool {
    guard let separator = groupingSeparator.unicodeScalars.first,
      groupingSeparator.unicodeScalars.count == 1
    else { return false }
    if NumberLocale.spaces.contains(separator) { return NumberLocale.spaces.contains(scalar) }
    if NumberLocale.apostrophes.contains(separator) {
      return NumberLocale.apostrophes.contains(scalar)
    }
    return scalar == separator
  }

  private static let spaces: Set<Unicode.Scalar> = [" ", "\u{A0}", "\u{2009}", "\u{202F}"]
  private static let apostrophes: Set<Unicode.Scalar> = ["'", "\u{2019}"]

  private static func isDigit(_ byte: UInt8) -> Bool { (48...57).contains(byte) }
  private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
    ("0"..."9").contains(scalar)
  }
}
