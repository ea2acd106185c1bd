/// How numbers are written and read back (docs/SPEC.md sections 2.2, 2.3 and 2.7): half-up to 20
/// significant digits, integer part grouped by three with commas, no needless trailing zeros,
/// scientific notation at 1e20 and above or below 1e-8, `NaN`.
public enum NumberFormat {
  /// Results and history rows keep at most this many significant digits.
  public static let significantDigits = 20
  /// At or above 10^this a result is written in scientific notation.
  public static let largestPlainExponent = 20
  /// Below 10^this a non-zero result is written in scientific notation.
  public static let smallestPlainExponent = -8
  /// What the display shows for a result the arithmetic cannot represent.
  public static let notANumber = "NaN"

  /// A result as the display shows it: `1234567.5` → `"1,234,567.5"`, `1.5e25` → `"1.5e25"`.
  public static func string(_ number: DecimalNumber?) -> String {
    string(shown: number?.parts)
  }

  /// A real number as the display shows it: its digits rounded half-up to 20 significant
  /// digits (`RealNumber.shown`).
  public static func string(_ number: RealNumber?) -> String {
    string(shown: number?.shown)
  }

  /// Digits as the display shows them, rounded half-up to 20 significant digits; nil is NaN.
  public static func string(shown digits: DecimalParts?) -> String {
    guard let digits else { return notANumber }
    let parts = digits.rounded(toSignificantDigits: significantDigits)
    guard let magnitude = parts.magnitude else { return "0" }
    if magnitude >= largestPlainExponent || magnitude < smallestPlainExponent {
      return scientific(parts)
    }
    return plain(parts, grouped: true)
  }

  /// A result in at most `maxLength` characters where it can be.
  ///
  /// First as `string(_:)`, then with fewer fraction digits (`0.6666666667`), then in
  /// scientific notation with fewer significant digits (`1.2346e25`). The shortest form, one
  /// digit, is returned when nothing fits.
  public static func string(_ number: DecimalNumber?, maxLength: Int) -> String {
    string(shown: number?.parts, maxLength: maxLength)
  }

  /// Digits in at most `maxLength` characters where they fit, as `string(_:maxLength:)`.
  public static func string(shown digits: DecimalParts?, maxLength: Int) -> String {
    let full = string(shown: digits)
    guard let digits, full.count > maxLength else { return full }
    let exact = digits.rounded(toSignificantDigits: significantDigits)
    guard let magnitude = exact.magnitude else { return full }
    let integerDigits = max(magnitude + 1, 1)
    var candidates: [String] = []
    if magnitude < largestPlainExponent && magnitude >= smallestPlainExponent {
      for count in stride(from: exact.digits.count - 1, through: integerDigits, by: -1) {
        candidates.append(plain(exact.rounded(toSignificantDigits: count), grouped: true))
      }
    }
    for count in stride(from: significantDigits, through: 1, by: -1) {
      candidates.append(scientific(exact.rounded(toSignificantDigits: count)))
    }
    return candidates.first { $0.count <= maxLength } ?? candidates.last ?? full
  }

  /// Typed text as the display shows it: `"-1234567.50"` → `"-1,234,567.50"`.
  public static func grouping(typed text: String) -> String {
    let bytes = Array(text.utf8)
    let start = bytes.first == UInt8(ascii: "-") ? 1 : 0
    let end = bytes[start...].firstIndex(of: UInt8(ascii: ".")) ?? bytes.count
    return String(
      decoding: bytes[..<start] + grouped(bytes[start..<end]) + bytes[end...], as: UTF8.self)
  }

  /// Reads one number as a user or the display writes it.
  ///
  /// Optional sign, digits with or without correct grouping commas, an optional fraction (a
  /// trailing point is fine), an optional exponent (`1e5`, `2.5E-3`), white space around it.
  /// Nil for anything else or a number outside the calculator's range.
  public static func parse(_ text: String) -> DecimalNumber? {
    scan(text).flatMap { DecimalNumber($0.parts) }
  }

  /// One number as written: its sign, digits before and after the point, and exponent.
  public struct Written: Equatable, Sendable {
    /// A leading `-`.
    public var negative: Bool
    /// The integer digits without grouping commas, as ASCII: `"1234"`, `"007"`, or empty.
    public var integer: [UInt8]
    /// The fraction digits as ASCII, trailing zeros kept: `"50"`.
    public var fraction: [UInt8]
    /// Whether a point was written (`"12."`).
    public var hasPoint: Bool
    /// The exponent after `e`, or nil without one.
    public var exponent: Int?

    /// The number's exact digits.
    public var parts: DecimalParts {
      DecimalParts(
        negative: negative, digits: (integer + fraction).map { $0 - 48 },
        exponent: (exponent ?? 0) - fraction.count)
    }
  }

  /// Reads one number as `parse(_:)` does, keeping how it was written; nil for anything else.
  public static func scan(_ text: String) -> Written? {
    var scanner = Substring(text).utf8[...]
    while let first = scanner.first, isSpace(first) { scanner = scanner.dropFirst() }
    while let last = scanner.last, isSpace(last) { scanner = scanner.dropLast() }
    guard !scanner.isEmpty, scanner.count <= 1000 else { return nil }

    var negative = false
    if let sign = scanner.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
      negative = sign == UInt8(ascii: "-")
      scanner = scanner.dropFirst()
    }
    let integer = scanner.prefix { isDigit($0) || $0 == UInt8(ascii: ",") }
    scanner = scanner.dropFirst(integer.count)
    guard let integerDigits = ungrouped(Array(integer)) else { return nil }
    var fraction: [UInt8] = []
    let hasPoint = scanner.first == UInt8(ascii: ".")
    if hasPoint {
      scanner = scanner.dropFirst()
      fraction = Array(scanner.prefix(while: isDigit))
      scanner = scanner.dropFirst(fraction.count)
    }
    guard !integerDigits.isEmpty || !fraction.isEmpty else { return nil }
    var exponent: Int?
    if let marker = scanner.first, marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
      scanner = scanner.dropFirst()
      var exponentNegative = false
      if let sign = scanner.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
        exponentNegative = sign == UInt8(ascii: "-")
        scanner = scanner.dropFirst()
      }
      let digits = scanner.prefix(while: isDigit)
      guard !digits.isEmpty, digits.count <= 6 else { return nil }
      scanner = scanner.dropFirst(digits.count)
      exponent = digits.reduce(0) { $0 * 10 + Int($1 - 48) } * (exponentNegative ? -1 : 1)
    }
    guard scanner.isEmpty else { return nil }
    return Written(
      negative: negative, integer: integerDigits, fraction: fraction, hasPoint: hasPoint,
      exponent: exponent)
  }

  // MARK: - Pieces

  /// Digits written out without exponent: `-1234.5` → `"-1,234.5"` (`"-1234.5"` ungrouped).
  public static func plain(_ parts: DecimalParts, grouped: Bool) -> String {
    guard !parts.digits.isEmpty else { return "0" }
    let digits = String(decoding: parts.digits.map { $0 + 48 }, as: UTF8.self)
    let sign = parts.negative ? "-" : ""
    if parts.exponent >= 0 {
      let integer = digits + String(repeating: "0", count: parts.exponent)
      return sign + (grouped ? group(integer) : integer)
    }
    let integerCount = digits.count + parts.exponent
    let integer: String
    let fraction: String
    if integerCount > 0 {
      integer = String(digits.prefix(integerCount))
      fraction = String(digits.dropFirst(integerCount))
    } else {
      integer = "0"
      fraction = String(repeating: "0", count: -integerCount) + digits
    }
    return sign + (grouped ? group(integer) : integer) + "." + fraction
  }

  private static func scientific(_ parts: DecimalParts) -> String {
    guard let magnitude = parts.magnitude else { return "0" }
    let digits = String(decoding: parts.digits.map { $0 + 48 }, as: UTF8.self)
    let mantissa = digits.count > 1 ? "\(digits.prefix(1)).\(digits.dropFirst())" : digits
    return (parts.negative ? "-" : "") + mantissa + "e\(magnitude)"
  }

  private static func group(_ integer: String) -> String {
    String(decoding: grouped(Array(integer.utf8)[...]), as: UTF8.self)
  }

  /// The digits with a comma before every third one from the right: `1234567` → `1,234,567`.
  private static func grouped(_ digits: ArraySlice<UInt8>) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(digits.count + digits.count / 3)
    for (offset, digit) in digits.enumerated() {
      if offset > 0 && (digits.count - offset) % 3 == 0 { result.append(UInt8(ascii: ",")) }
      result.append(digit)
    }
    return result
  }

  /// `"1,234"` → `"1234"`; nil when commas are not every three digits from the right or the
  /// first group starts with 0 (`"0,123"`).
  private static func ungrouped(_ bytes: [UInt8]) -> [UInt8]? {
    let comma = UInt8(ascii: ",")
    guard bytes.contains(comma) else { return bytes }
    let groups = bytes.split(separator: comma, omittingEmptySubsequences: false)
    guard let first = groups.first, (1...3).contains(first.count), first.first != 48,
      groups.dropFirst().allSatisfy({ $0.count == 3 })
    else { return nil }
    return bytes.filter { $0 != comma }
  }

  private static func isDigit(_ byte: UInt8) -> Bool { (48...57).contains(byte) }
  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 32 || byte == 9 || byte == 10 || byte == 13
  }
}
