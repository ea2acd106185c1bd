/// Why a history file's text is not a tape.
public enum HistoryFileError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The first line is not `HistoryTape.header`.
  case notAHistory
  /// This line (1 is the header) is not a calculation.
  case badLine(Int)
  /// The last line has no newline: the file was cut short.
  case truncated
  /// More bytes than `HistoryTape.maximumFileSize`.
  case tooLarge(bytes: Int)

  /// What is wrong, to follow "the history file PATH ": `line 3 is not a calculation`.
  public var description: String {
    switch self {
    case .notAHistory: "does not start with the line '\(HistoryTape.header)'"
    case .badLine(let line): "has a line (\(line)) that is not a calculation"
    case .truncated: "ends in the middle of a line (cut short)"
    case .tooLarge(let bytes):
      "is \(bytes) bytes, over the \(HistoryTape.maximumFileSize) a history may hold"
    }
  }
}

/// The history file's text: the line `circlecalc history 2`, then one line per calculation,
/// oldest first: its identity (with `^` and the identity of the calculation it continues, when
/// it continues one), then its strip rows and `= result`, as shown, separated by tabs:
///
///     circlecalc history 2
///     1<TAB>1,200<TAB>× 1.08<TAB>+ 49.9<TAB>= 1,345.9
///     2<TAB>2<TAB>× (3<TAB>+ 4)<TAB>= 14
///     3^2<TAB>14<TAB>÷ 0<TAB>= NaN
///
/// A file of the first version (`circlecalc history 1`, lines without the identities) reads
/// too, its calculations numbered 1, 2, 3… and continuing none.
extension HistoryTape {
  /// The first line of every history file this version writes; the number is the format's.
  public static let header = "circlecalc history 2"
  /// The first line of a file of the first version, which had no identities and no links.
  public static let firstVersionHeader = "circlecalc history 1"

  /// The whole file, header first, every line ending in a newline.
  public var fileText: String {
    var text = HistoryTape.header + "\n"
    text.reserveCapacity(fileSize)
    for calculation in calculations {
      text += calculation.id.description
      if let source = calculation.source {
        text += "^"
        text += source.description
      }
      text += "\t"
      for row in calculation.rows {
        text += row
        text += "\t"
      }
      text += "= "
      text += calculation.result
      text += "\n"
    }
    return text
  }

  /// The bytes one calculation adds to `fileText`.
  static func lineSize(of calculation: Calculation) -> Int {
    let identities =
      decimalDigits(calculation.id.rawValue) + 1
      + (calculation.source.map { decimalDigits($0.rawValue) + 1 } ?? 0)
    return calculation.rows.reduce(identities) { $0 + $1.utf8.count + 1 } + 2
      + calculation.result.utf8.count + 1
  }

  /// How many digits `value` has in decimal.
  private static func decimalDigits(_ value: UInt64) -> Int {
    var count = 1
    var rest = value
    while rest >= 10 {
      rest /= 10
      count += 1
    }
    return count
  }

  /// Reads a history file's bytes; an empty file is an empty tape.
  ///
  /// Every line is checked (its identity, newer than the line before's, and that of an older
  /// calculation it continues; rows of an operator glyph, parentheses and a number; a last row
  /// `= number`), so a file that is not a history, is cut short or was damaged is refused whole.
  /// More than `maximumCount` calculations keep the newest.
  public init(fileBytes bytes: [UInt8]) throws(HistoryFileError) {
    self.init()
    guard !bytes.isEmpty else { return }
    guard bytes.count <= HistoryTape.maximumFileSize else {
      throw .tooLarge(bytes: bytes.count)
    }
    guard bytes.last == HistoryFile.newline else {
      let isHistory =
        bytes.starts(with: HistoryTape.header.utf8)
        || bytes.starts(with: HistoryTape.firstVersionHeader.utf8)
      throw isHistory ? .truncated : .notAHistory
    }
    var calculations = CalculationList()
    // The first version's lines carry no identities, and its size is not `fileText`'s.
    let isFirstVersion = bytes.starts(with: (HistoryTape.firstVersionHeader + "\n").utf8)
    let failure: HistoryFileError? = bytes.withUnsafeBufferPointer { buffer in
      var start = 0
      var line = 0
      while start < buffer.count {
        var end = start
        while buffer[end] != HistoryFile.newline { end += 1 }  // the last byte is a newline
        line += 1
        let text = UnsafeBufferPointer(rebasing: buffer[start..<end])
        if line == 1 {
          guard isFirstVersion || text.elementsEqual(HistoryTape.header.utf8) else {
            return .notAHistory
          }
        } else {
          let newest = calculations.last?.id ?? CalculationID(rawValue: 0)
          guard
            let calculation = isFirstVersion
              ? HistoryFile.calculation(text, id: CalculationID(rawValue: newest.rawValue + 1))
              : HistoryFile.identifiedCalculation(text, after: newest)
          else { return .badLine(line) }
          calculations.append(calculation)
        }
        start = end + 1
      }
      return nil
    }
    if let failure { throw failure }
    guard calculations.count <= HistoryTape.maximumCount, !isFirstVersion else {
      self.init(identified: Array(calculations.suffix(HistoryTape.maximumCount)))
      return
    }
    // The file is exactly `fileText` of these calculations: its size is theirs.
    self.calculations = calculations
    fileSize = bytes.count
  }
}

/// The byte-level reading of one history line, without allocating until it is known good:
/// a thousand calculations load in well under a millisecond.
enum HistoryFile {
  static let newline = UInt8(ascii: "\n")
  static let tab = UInt8(ascii: "\t")
  /// The operator glyphs a row may start with, each followed by a space.
  static let operators: [[UInt8]] = Operation.allCases.map { Array(($0.symbol + " ").utf8) }
  static let resultPrefix = Array("= ".utf8)
  static let notANumber = Array(NumberFormat.notANumber.utf8)

  /// A line of the current version: the identity, newer than `newest`, with `^` and the
  /// identity of an older calculation it continues, then a tab and the calculation.
  static func identifiedCalculation(_ line: UnsafeBufferPointer<UInt8>, after newest: CalculationID)
    -> Calculation?
  {
    guard let tab = line.firstIndex(of: tab) else { return nil }
    let field = line[..<tab]
    let caret = field.firstIndex(of: UInt8(ascii: "^"))
    guard let id = identity(field[..<(caret ?? tab)]), id > newest else { return nil }
    var source: CalculationID?
    if let caret {
      guard let older = identity(field[(caret + 1)...]), older < id else { return nil }
      source = older
    }
    guard var calculation = calculation(UnsafeBufferPointer(rebasing: line[(tab + 1)...]), id: id)
    else { return nil }
    calculation.source = source
    return calculation
  }

  /// A positive decimal number without leading zeros that fits 64 bits, or nil.
  static func identity(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> CalculationID? {
    guard let first = digits.first, first != UInt8(ascii: "0"), digits.count <= 20 else {
      return nil
    }
    var value: UInt64 = 0
    for byte in digits {
      guard (48...57).contains(byte) else { return nil }
      let (times, overflowed) = value.multipliedReportingOverflow(by: 10)
      let (sum, carried) = times.addingReportingOverflow(UInt64(byte - 48))
      guard !overflowed, !carried else { return nil }
      value = sum
    }
    return CalculationID(rawValue: value)
  }

  /// A calculation's part of a line: tab-separated rows, the last one `= number`; nil for
  /// anything else.
  static func calculation(_ line: UnsafeBufferPointer<UInt8>, id: CalculationID) -> Calculation? {
    guard let lastTab = line.lastIndex(of: tab) else { return nil }
    let result = UnsafeBufferPointer(rebasing: line[(lastTab + 1)...])
    guard result.starts(with: resultPrefix) else { return nil }
    let number = UnsafeBufferPointer(rebasing: result[resultPrefix.count...])
    guard isNumber(number) else { return nil }
    var rows: [String] = []
    var start = 0
    for index in 0...lastTab where line[index] == tab {
      let row = UnsafeBufferPointer(rebasing: line[start..<index])
      guard isRow(row) else { return nil }
      rows.append(String(decoding: row, as: UTF8.self))
      start = index + 1
    }
    var calculation = Calculation(rows: rows, result: String(decoding: number, as: UTF8.self))
    calculation.id = id
    return calculation
  }

  /// `"12"`, `"+ 3"`, `"× ((4"`, `"− 5)"`, `"logᵧ NaN"`.
  static func isRow(_ row: UnsafeBufferPointer<UInt8>) -> Bool {
    var rest = row[...]
    // A number or a group starts with a digit, "-", "(" or "N"; anything else is a glyph.
    if let first = rest.first, !(48...57).contains(first), !"-(N".utf8.contains(first) {
      guard let glyph = operators.first(where: { rest.starts(with: $0) }) else { return false }
      rest = rest.dropFirst(glyph.count)
    }
    rest = rest.drop { $0 == UInt8(ascii: "(") }
    while rest.last == UInt8(ascii: ")") { rest = rest.dropLast() }
    return isNumber(UnsafeBufferPointer(rebasing: rest))
  }

  /// A number as the strip writes it: `NaN`, or `-1,234.5`, `0.5`, `1.5e25`, `-2e-9`.
  static func isNumber(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    if text.elementsEqual(notANumber) { return true }
    var index = text.startIndex
    func skip(_ accepted: (UInt8) -> Bool) -> Int {
      let first = index
      while index < text.endIndex, accepted(text[index]) { index += 1 }
      return index - first
    }
    func isDigit(_ byte: UInt8) -> Bool { (48...57).contains(byte) }
    if index < text.endIndex, text[index] == UInt8(ascii: "-") { index += 1 }
    guard index < text.endIndex, isDigit(text[index]) else { return false }
    _ = skip { isDigit($0) || $0 == UInt8(ascii: ",") }
    if index < text.endIndex, text[index] == UInt8(ascii: ".") {
      index += 1
      _ = skip(isDigit)
    }
    if index < text.endIndex, text[index] == UInt8(ascii: "e") {
      index += 1
      if index < text.endIndex, text[index] == UInt8(ascii: "-") { index += 1 }
      guard skip(isDigit) > 0 else { return false }
    }
    return index == text.endIndex
  }
}
