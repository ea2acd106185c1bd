/// Why a history file's text is not a tape.
public enum HistoryFileError: Error, Equatable, Sendable {
  /// The first line is not one of `HistoryTape.headers`.
  case notAHistory
  /// This line (1 is the header) is not a calculation.
  case badLine(Int)
  /// This line is longer than `HistoryTape.maximumLineSize`.
  case lineTooLong(Int)
  /// More bytes than `HistoryTape.maximumFileSize`.
  case tooLarge(bytes: Int)

  /// What is wrong, in the user's language, as one sentence about the file at `path`:
  /// `the history file PATH has a line (3) that is not a calculation`.
  public func sentence(about path: String) -> String {
    switch self {
    case .notAHistory:
      tr("the history file %s does not start with the line '%s'").filling(
        path, HistoryTape.header)
    case .badLine(let line):
      tr("the history file %s has a line (%d) that is not a calculation").filling(path, line)
    case .lineTooLong(let line):
      tr("the history file %s has a line (%d) over the %d bytes a line may hold").filling(
        path, line, HistoryTape.maximumLineSize)
    case .tooLarge(let bytes):
      tr("the history file %s is %d bytes, over the %d a history may hold").filling(
        path, bytes, HistoryTape.maximumFileSize)
    }
  }
}

/// The history file's text (docs/SPEC.md section 8.3): the line `circlecalc history 3`, then
/// one line per calculation, oldest first: its identity (with `^` and the identity of the
/// calculation it continues, when it continues one), its order (`left` or `math`), then its
/// strip rows and `= result`, as shown, separated by tabs:
///
///     circlecalc history 3
///     1<TAB>left<TAB>1,200<TAB>× 1.08<TAB>+ 49.9<TAB>= 1,345.9
///     2<TAB>math<TAB>2<TAB>+ 3<TAB>× 4<TAB>= 14
///     3^2<TAB>left<TAB>14<TAB>÷ 0<TAB>= NaN
///
/// Files of the first version (`circlecalc history 1`: lines without the identities) and the
/// second (`circlecalc history 2`: without the orders) read too: their calculations numbered
/// 1, 2, 3… and continuing none in the first, all in the order left to right.
extension HistoryTape {
  /// The first line of every history file this version writes; the number is the format's.
  public static let header = "circlecalc history 3"
  /// The first line of a file of each version read, the first version first.
  public static let headers = ["circlecalc history 1", "circlecalc history 2", header]
  /// The first line of a file of the first version, which had no identities and no links.
  public static let firstVersionHeader = headers[0]

  /// The whole file, header first, every line ending in a newline.
  public var fileText: String { String(decoding: fileBytes(), as: UTF8.self) }

  /// The file's bytes: the header and every calculation's line.
  public func fileBytes() -> [UInt8] {
    var bytes: [UInt8] = []
    writeFile { block in
      bytes.append(contentsOf: block)
      return true
    }
    return bytes
  }

  /// The lines of the calculations from `position` on, as an append writes them.
  public func lineBytes(from position: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    writeLines(from: position) { block in
      bytes.append(contentsOf: block)
      return true
    }
    return bytes
  }

  /// Gives the whole file (`fileText`) to `write` a block of about 64 KiB at a time, so it is
  /// never held twice; false when `write` refused one.
  @discardableResult
  public func writeFile(_ write: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
    writeLines(from: 0, header: true, write)
  }

  /// Gives the lines of the calculations from `position` on (the header first, with `header`)
  /// to `write` a block of about 64 KiB at a time; false when `write` refused one.
  @discardableResult
  public func writeLines(
    from position: Int, header: Bool = false, _ write: (UnsafeBufferPointer<UInt8>) -> Bool
  ) -> Bool {
    var block: [UInt8] = []
    block.reserveCapacity(HistoryFile.blockSize + HistoryTape.maximumLineSize)
    if header {
      block += HistoryTape.header.utf8
      block.append(HistoryFile.newline)
    }
    var written = true
    calculations.forEachPacked(from: position) { _, calculation in
      HistoryFile.appendLine(of: calculation, to: &block)
      guard block.count >= HistoryFile.blockSize else { return true }
      written = block.withUnsafeBufferPointer(write)
      block.removeAll(keepingCapacity: true)
      return written
    }
    guard written, !block.isEmpty else { return written }
    return block.withUnsafeBufferPointer(write)
  }

  /// The bytes one calculation adds to `fileText`.
  static func lineSize(of calculation: Calculation) -> Int {
    HistoryFile.fieldsSize(
      id: calculation.id.rawValue, source: calculation.source?.rawValue ?? 0,
      order: calculation.order)
      + calculation.rows.reduce(0) { $0 + $1.utf8.count + 1 } + 2 + calculation.result.utf8.count
      + 1
  }

  /// Reads a history file's bytes (`HistoryFileReader`): its tape, a last line cut short
  /// dropped.
  public init(fileBytes bytes: [UInt8]) throws(HistoryFileError) {
    var reader = HistoryFileReader()
    try bytes.withUnsafeBufferPointer { buffer throws(HistoryFileError) in
      try reader.read(buffer)
    }
    self = try reader.finish().tape
  }
}

extension CalculationList {
  /// The bytes the calculation at `position` takes in the history file, its newline included.
  func lineSize(at position: Int) -> Int {
    withPacked(at: position) { calculation in
      HistoryFile.fieldsSize(
        id: calculation.entry.id, source: calculation.entry.source, order: calculation.order)
        + calculation.text.count + 1
    }
  }
}

/// What a history file holds, read by `HistoryFileReader`.
public struct HistoryFileContents: Equatable, Sendable {
  /// Its calculations (the newest `HistoryTape.keptCount` when it held more than
  /// `HistoryTape.maximumCount`).
  public var tape: HistoryTape
  /// The format's version, from the header: 1, 2 or 3.
  public var version: Int
  /// The last line had no newline, as when the program stopped while appending it: it was
  /// dropped.
  public var droppedPartialLine: Bool
  /// Whether the file is `tape.fileText` byte for byte (the current version, nothing dropped):
  /// lines appended to it keep it a tape; otherwise it is rewritten at the next save.
  public var isCurrent: Bool

  /// What a missing file holds: an empty tape, which the next save writes whole.
  public static let missing = HistoryFileContents(
    tape: HistoryTape(), version: HistoryTape.headers.count, droppedPartialLine: false,
    isCurrent: false)
}

/// Reads a history file a block at a time, holding no more than the tape and one line.
///
/// Every line is checked (docs/SPEC.md section 8.3) (its identity, newer than the line
/// before's, and that of an older calculation it continues; its order; rows of an operator
/// glyph, parentheses and a number; a last row `= number`), so a file that is not a history or
/// was damaged is refused whole, at the first bad line. A last line without its newline is
/// dropped (`HistoryFileContents.droppedPartialLine`); a file of more than `maximumCount`
/// calculations keeps the newest `keptCount`.
///
///     var reader = HistoryFileReader()
///     try reader.read(block)  // as often as there are blocks
///     let contents = try reader.finish()
public struct HistoryFileReader {
  private var tape = HistoryTape()
  /// The lines ended so far; the header is line 1.
  private var lines = 0
  /// The format's version once the header is read.
  private var version = 0
  /// A line whose newline has not come yet.
  private var pending: [UInt8] = []
  /// The bytes read so far.
  private var size = 0
  /// Calculations dropped for the count.
  private var dropped = 0
  /// The newest identity read.
  private var newest: UInt64 = 0

  /// A reader at the start of a file.
  public init() {}

  /// A reader of the lines appended to the file of `tape` (of the current version), as
  /// another window appends them: what it reads goes after `tape`'s calculations.
  public init(continuing tape: HistoryTape) {
    self.tape = tape
    lines = 1
    version = HistoryTape.headers.count
    size = tape.fileSize
    newest = tape.newestID?.rawValue ?? 0
  }

  /// Reads the next block of the file.
  public mutating func read(_ block: UnsafeBufferPointer<UInt8>) throws(HistoryFileError) {
    size += block.count
    guard size <= HistoryTape.maximumFileSize else { throw .tooLarge(bytes: size) }
    var start = 0
    while start < block.count {
      guard let newline = HistoryFile.firstNewline(in: block, from: start) else {
        pending.append(contentsOf: UnsafeBufferPointer(rebasing: block[start...]))
        if pending.count >= HistoryTape.maximumLineSize {
          throw lines == 0 ? .notAHistory : .lineTooLong(lines + 1)
        }
        return
      }
      if pending.isEmpty {
        try readLine(UnsafeBufferPointer(rebasing: block[start..<newline]))
      } else {
        pending.append(contentsOf: UnsafeBufferPointer(rebasing: block[start..<newline]))
        let line = pending
        pending.removeAll(keepingCapacity: true)
        try line.withUnsafeBufferPointer { line throws(HistoryFileError) in try readLine(line) }
      }
      start = newline + 1
    }
  }

  /// The file's contents, once every block was read.
  public mutating func finish() throws(HistoryFileError) -> HistoryFileContents {
    var droppedPartialLine = false
    if !pending.isEmpty {
      if lines == 0 {
        // A file of a header alone, without its newline, is an empty tape; anything else is
        // not a history.
        let header = pending
        pending = []
        try header.withUnsafeBufferPointer { line throws(HistoryFileError) in
          try readLine(line)
        }
      } else {
        droppedPartialLine = true
      }
    }
    guard size == 0 || lines > 0 else { throw .notAHistory }
    if dropped > 0, tape.count > HistoryTape.keptCount {
      let extra = tape.count - HistoryTape.keptCount
      for position in 0..<extra { tape.fileSize -= tape.calculations.lineSize(at: position) }
      tape.calculations.removeFirst(extra)
    }
    return HistoryFileContents(
      tape: tape, version: max(version, 1), droppedPartialLine: droppedPartialLine,
      isCurrent: version == HistoryTape.headers.count && !droppedPartialLine && dropped == 0
        && tape.fileSize == size)
  }

  /// Reads one line, its newline taken off.
  private mutating func readLine(_ line: UnsafeBufferPointer<UInt8>) throws(HistoryFileError) {
    lines += 1
    guard line.count < HistoryTape.maximumLineSize else {
      throw lines == 1 ? .notAHistory : .lineTooLong(lines)
    }
    guard version > 0 else {
      guard
        let index = HistoryTape.headers.firstIndex(where: { line.elementsEqual($0.utf8) })
      else { throw .notAHistory }
      version = index + 1
      return
    }
    guard
      let fields = version == 1
        ? HistoryFile.Fields(id: newest + 1, source: 0, order: .leftToRight, text: line)
        : HistoryFile.fields(of: line, after: newest, hasOrder: version == 3),
      let rowCount = HistoryFile.rowCount(fields.text)
    else { throw .badLine(lines) }
    tape.calculations.append(
      id: fields.id, source: fields.source, order: fields.order, rowCount: rowCount,
      text: fields.text)
    newest = fields.id
    // A line of this version is as long as it will be written; an older one gains fields.
    tape.fileSize +=
      version == HistoryTape.headers.count
      ? line.count + 1
      : HistoryFile.fieldsSize(id: fields.id, source: fields.source, order: fields.order)
        + fields.text.count + 1
    let before = tape.count
    tape.dropOldest()
    dropped += before - tape.count
  }
}

/// The byte-level reading and writing of history lines, without allocating until a line is
/// known good: a hundred thousand calculations load in a few milliseconds.
enum HistoryFile {
  static let newline = UInt8(ascii: "\n")
  static let tab = UInt8(ascii: "\t")
  static let caret = UInt8(ascii: "^")
  /// How many bytes the writer gathers before handing them on.
  static let blockSize = 64 << 10
  /// The operator glyphs a row may start with, each followed by a space.
  static let operators: [[UInt8]] = Operation.allCases.map { Array(($0.symbol + " ").utf8) }
  static let resultPrefix = Array("= ".utf8)
  static let notANumber = Array(NumberFormat.notANumber.utf8)
  /// The orders' names, as the file writes them.
  static let orderNames: [(order: Order, name: [UInt8])] = Order.allCases.map {
    ($0, Array($0.rawValue.utf8))
  }

  /// A line's fields before its rows.
  struct Fields {
    var id: UInt64
    var source: UInt64
    var order: Order
    /// The rows and `= result`.
    var text: UnsafeBufferPointer<UInt8>
  }

  /// The position of the first newline in `block` from `start`, or nil.
  static func firstNewline(in block: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    var index = start
    while index < block.count {
      if block[index] == newline { return index }
      index += 1
    }
    return nil
  }

  /// The fields of a line of the second or third version: the identity, newer than `newest`,
  /// with `^` and the identity of an older calculation it continues, then (the third) a tab
  /// and the order, then a tab and the calculation.
  static func fields(of line: UnsafeBufferPointer<UInt8>, after newest: UInt64, hasOrder: Bool)
    -> Fields?
  {
    guard let tab = line.firstIndex(of: tab) else { return nil }
    let field = line[..<tab]
    let caret = field.firstIndex(of: caret)
    guard let id = identity(field[..<(caret ?? tab)]), id > newest else { return nil }
    var source: UInt64 = 0
    if let caret {
      guard let older = identity(field[(caret + 1)...]), older < id else { return nil }
      source = older
    }
    var rest = UnsafeBufferPointer(rebasing: line[(tab + 1)...])
    var order = Order.leftToRight
    if hasOrder {
      guard let end = rest.firstIndex(of: HistoryFile.tab),
        let named = orderNames.first(where: { rest[..<end].elementsEqual($0.name) })
      else { return nil }
      order = named.order
      rest = UnsafeBufferPointer(rebasing: rest[(end + 1)...])
    }
    return Fields(id: id, source: source, order: order, text: rest)
  }

  /// A positive decimal number without leading zeros that fits 64 bits, or nil.
  static func identity(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> UInt64? {
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
    return value
  }

  /// The rows of a calculation's part of a line (tab-separated rows, then `= number`), or nil
  /// when it is not one.
  static func rowCount(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let lastTab = text.lastIndex(of: tab) else { return nil }
    let result = UnsafeBufferPointer(rebasing: text[(lastTab + 1)...])
    guard result.starts(with: resultPrefix),
      isNumber(UnsafeBufferPointer(rebasing: result[resultPrefix.count...]))
    else { return nil }
    var rows = 0
    var start = 0
    for index in 0...lastTab where text[index] == tab {
      guard isRow(UnsafeBufferPointer(rebasing: text[start..<index])) else { return nil }
      rows += 1
      start = index + 1
    }
    return rows
  }

  /// `"12"`, `"+ 3"`, `"× ((4"`, `"− 5)"`, `"logᵧ NaN"`.
  static func isRow(_ row: UnsafeBufferPointer<UInt8>) -> Bool {
    var rest = row[...]
    // A number or a group starts with a digit, "-", "(" or "N"; anything else is a glyph.
    if let first = rest.first, !(48...57).contains(first), first != UInt8(ascii: "-"),
      first != UInt8(ascii: "("), first != UInt8(ascii: "N")
    {
      guard let glyph = operators.first(where: { $0[0] == first && rest.starts(with: $0) })
      else { return false }
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

  /// The bytes of a line before its rows: the identity, `^` and the source's, a tab, the
  /// order and a tab.
  static func fieldsSize(id: UInt64, source: UInt64, order: Order) -> Int {
    decimalDigits(id) + (source == 0 ? 0 : 1 + decimalDigits(source)) + 1
      + order.rawValue.utf8.count + 1
  }

  /// Appends a calculation's line, its newline included.
  static func appendLine(of calculation: PackedCalculation, to bytes: inout [UInt8]) {
    appendDecimal(calculation.entry.id, to: &bytes)
    if calculation.entry.source != 0 {
      bytes.append(caret)
      appendDecimal(calculation.entry.source, to: &bytes)
    }
    bytes.append(tab)
    bytes += calculation.order.rawValue.utf8
    bytes.append(tab)
    bytes.append(contentsOf: calculation.text)
    bytes.append(newline)
  }

  /// How many digits `value` has in decimal.
  static func decimalDigits(_ value: UInt64) -> Int {
    var count = 1
    var rest = value
    while rest >= 10 {
      rest /= 10
      count += 1
    }
    return count
  }

  static func appendDecimal(_ value: UInt64, to bytes: inout [UInt8]) {
    let digits = decimalDigits(value)
    let end = bytes.count + digits
    bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digits))
    var rest = value
    for index in stride(from: end - 1, through: end - digits, by: -1) {
      bytes[index] = UInt8(ascii: "0") + UInt8(rest % 10)
      rest /= 10
    }
  }
}
