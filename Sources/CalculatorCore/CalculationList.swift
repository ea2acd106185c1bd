/// The tape's calculations, oldest first, packed in chunks of at most `chunkSize`
/// (docs/SPEC.md section 15.2: a tape of 100,000 calculations costs what its file does).
///
/// A chunk holds its calculations' rows and results in one byte array, as the history file
/// writes them (`1,200<TAB>× 1.08<TAB>= 1,296`), and their identities, links, orders and row
/// counts in another; a `Calculation` is made only when one is read. So a calculation costs
/// its text and 32 bytes, not an array and strings, and what the window does for each key or
/// frame (counting rows, finding an identity, comparing two tapes) reads no text at all.
///
/// Undo keeps the tape as it was before each change, so the window's tape is most often shared
/// with the state on the undo stack when `=` adds a calculation: an array would then be copied
/// whole. Here that copy is the list of chunks and the last chunk; dropping the oldest copies
/// at most the first chunk, and two tapes that share chunks compare a chunk at a time.
public struct CalculationList: RandomAccessCollection, MutableCollection, Equatable, Sendable,
  ExpressibleByArrayLiteral
{
  /// The most calculations in one chunk.
  static let chunkSize = 64

  /// The calculations, `chunkSize` to a chunk but the last (and the first, from `start` on).
  private var chunks: [PackedCalculations] = []
  /// How many calculations at the start of the first chunk were dropped.
  private var start = 0
  /// How many calculations there are.
  public private(set) var count = 0
  /// How many rows the strip shows for all of them: each one's rows and `= result`.
  public private(set) var shownRowTotal = 0

  /// No calculations.
  public init() {}

  /// These calculations, in this order.
  public init(_ calculations: some Sequence<Calculation>) {
    for calculation in calculations { append(calculation) }
  }

  /// These calculations, in this order.
  public init(arrayLiteral calculations: Calculation...) {
    self.init(calculations)
  }

  /// The first position: 0.
  public var startIndex: Int { 0 }

  /// One past the last position: `count`.
  public var endIndex: Int { count }

  /// The chunk and the place in it of `position`.
  @inline(__always) private func locate(_ position: Int) -> (chunk: Int, offset: Int) {
    let place = start + position
    return (place / CalculationList.chunkSize, place % CalculationList.chunkSize)
  }

  /// The calculation at `position` (0 is the oldest), made from its packed text.
  public subscript(position: Int) -> Calculation {
    get {
      precondition(position >= 0 && position < count, "position out of the list")
      let (chunk, offset) = locate(position)
      return chunks[chunk].calculation(at: offset)
    }
    set {
      precondition(position >= 0 && position < count, "position out of the list")
      let (chunk, offset) = locate(position)
      shownRowTotal += newValue.shownRowCount - chunks[chunk].shownRowCount(at: offset)
      chunks[chunk].replace(at: offset, with: newValue)
    }
  }

  /// The identity of the calculation at `position`, read without making the calculation.
  public func id(at position: Int) -> CalculationID {
    let (chunk, offset) = locate(position)
    return CalculationID(rawValue: chunks[chunk].entries[offset].id)
  }

  /// The calculation that the one at `position` continues, or nil.
  public func source(at position: Int) -> CalculationID? {
    let (chunk, offset) = locate(position)
    let source = chunks[chunk].entries[offset].source
    return source == 0 ? nil : CalculationID(rawValue: source)
  }

  /// The rows the strip shows for the calculation at `position`: its rows and `= result`.
  public func shownRowCount(at position: Int) -> Int {
    let (chunk, offset) = locate(position)
    return chunks[chunk].shownRowCount(at: offset)
  }

  /// The bytes of the packed text of the calculation at `position` (`PackedCalculation.text`).
  public func textCount(at position: Int) -> Int {
    let (chunk, offset) = locate(position)
    return chunks[chunk].range(at: offset).count
  }

  /// Each calculation's shown rows, oldest first, read without making the calculations.
  public var shownRowCounts: ShownRowCounts { ShownRowCounts(list: self, count: count) }

  /// Each calculation's shown rows but the `dropped` newest.
  public func shownRowCounts(droppingLast dropped: Int) -> ShownRowCounts {
    ShownRowCounts(list: self, count: Swift.max(count - dropped, 0))
  }

  /// The shown rows of every calculation before `position`, a chunk at a time.
  ///
  /// Where its first row is among all the tape's rows, oldest first.
  public func shownRowOffset(of position: Int) -> Int {
    precondition(position >= 0 && position <= count, "position out of the list")
    let (chunk, offset) = locate(position)
    var total = 0
    for index in 0..<Swift.min(chunk, chunks.count) { total += chunks[index].shownRows }
    if chunk < chunks.count {
      for index in 0..<offset { total += chunks[chunk].shownRowCount(at: index) }
    }
    for index in 0..<start { total -= chunks[0].shownRowCount(at: index) }
    return total
  }

  /// The calculation and its shown row at `row` among all the tape's rows, oldest first.
  ///
  /// Nil past the last row. A chunk at a time.
  public func shownRow(at row: Int) -> (calculation: Int, row: Int)? {
    guard row >= 0, row < shownRowTotal else { return nil }
    var rest = row
    for index in 0..<start { rest += chunks[0].shownRowCount(at: index) }
    for (chunkIndex, chunk) in chunks.enumerated() {
      if rest >= chunk.shownRows {
        rest -= chunk.shownRows
        continue
      }
      for offset in chunk.entries.indices {
        let rows = chunk.shownRowCount(at: offset)
        if rest < rows {
          return (chunkIndex * CalculationList.chunkSize + offset - start, rest)
        }
        rest -= rows
      }
    }
    return nil
  }

  /// Calls `body` with each calculation's packed form from `position` on, oldest first, until
  /// it returns false: the file's writer reads the text this way.
  public func forEachPacked(
    from position: Int = 0, _ body: (Int, PackedCalculation) throws -> Bool
  ) rethrows {
    guard position < count else { return }
    var (chunk, offset) = locate(position)
    var index = position
    while chunk < chunks.count {
      let stop = try chunks[chunk].text.withUnsafeBufferPointer { text -> Bool in
        let entries = chunks[chunk].entries
        while offset < entries.count {
          let entry = entries[offset]
          let begin = offset == 0 ? 0 : Int(entries[offset - 1].end)
          let packed = PackedCalculation(
            entry: entry, text: UnsafeBufferPointer(rebasing: text[begin..<Int(entry.end)]))
          guard try body(index, packed) else { return true }
          offset += 1
          index += 1
        }
        return false
      }
      if stop { return }
      chunk += 1
      offset = 0
    }
  }

  /// Calls `body` with each chunk's text (its calculations' texts end to end, oldest first),
  /// its entries (where each text ends), the first entry that is on the list, and that entry's
  /// position: the search reads the whole tape this way, a chunk's text at a time.
  func forEachChunk(
    _ body: (
      _ text: UnsafeBufferPointer<UInt8>, _ entries: UnsafeBufferPointer<PackedCalculations.Entry>,
      _ first: Int, _ position: Int
    ) -> Void
  ) {
    var position = 0
    for (index, chunk) in chunks.enumerated() {
      let first = index == 0 ? start : 0
      chunk.text.withUnsafeBufferPointer { text in
        chunk.entries.withUnsafeBufferPointer { entries in body(text, entries, first, position) }
      }
      position += chunk.entries.count - first
    }
  }

  /// Adds a calculation after the newest.
  mutating func append(_ calculation: Calculation) {
    withPackedText(of: calculation) { text in
      append(
        id: calculation.id.rawValue, source: calculation.source?.rawValue ?? 0,
        order: calculation.order, rowCount: calculation.rows.count, text: text)
    }
  }

  /// Adds a calculation given in its packed form: `text` is its rows and `= result`,
  /// tab-separated, holding `rowCount` tabs (the file reader's way, with no strings made).
  mutating func append(
    id: UInt64, source: UInt64, order: Order, rowCount: Int, text: UnsafeBufferPointer<UInt8>
  ) {
    if chunks.isEmpty || chunks[chunks.count - 1].entries.count >= CalculationList.chunkSize {
      chunks.append(PackedCalculations())
    }
    chunks[chunks.count - 1].append(
      id: id, source: source, order: order, rowCount: rowCount, text: text)
    count += 1
    shownRowTotal += rowCount + 1
  }

  /// Adds a copy of a calculation of another list, in its packed form.
  mutating func append(_ calculation: PackedCalculation) {
    append(
      id: calculation.entry.id, source: calculation.entry.source, order: calculation.order,
      rowCount: calculation.rowCount, text: calculation.text)
  }

  /// Calls `body` with the packed form of the calculation at `position`.
  public func withPacked<Result>(at position: Int, _ body: (PackedCalculation) -> Result) -> Result
  {
    precondition(position >= 0 && position < count, "position out of the list")
    let (chunk, offset) = locate(position)
    return chunks[chunk].withPacked(at: offset, body)
  }

  /// Drops the `dropped` newest calculations: the chunks before the cut stay shared.
  mutating func removeLast(_ dropped: Int) {
    precondition(dropped >= 0 && dropped <= count)
    guard dropped > 0 else { return }
    guard dropped < count else {
      self = CalculationList()
      return
    }
    for position in (count - dropped)..<count { shownRowTotal -= shownRowCount(at: position) }
    count -= dropped
    let (chunk, offset) = locate(count - 1)
    chunks.removeLast(chunks.count - chunk - 1)
    chunks[chunk].keepFirst(offset + 1)
  }

  /// Drops the `dropped` oldest calculations.
  mutating func removeFirst(_ dropped: Int) {
    precondition(dropped >= 0 && dropped <= count)
    guard dropped > 0 else { return }
    count -= dropped
    guard count > 0 else {
      self = CalculationList()
      return
    }
    for position in 0..<dropped { shownRowTotal -= shownRowCount(at: position) }
    start += dropped
    let wholeChunks = start / CalculationList.chunkSize
    if wholeChunks > 0 {
      chunks.removeFirst(wholeChunks)
      start -= wholeChunks * CalculationList.chunkSize
    }
  }

  /// How many calculations from the oldest the two lists have in common.
  ///
  /// Chunks held by both (shared since one was copied from the other, as the undo stack and
  /// the saved tape are) are passed whole; others are compared a calculation at a time, on
  /// their packed form.
  public func commonPrefixCount(with other: CalculationList) -> Int {
    let end = Swift.min(count, other.count)
    var position = 0
    while position < end {
      let (chunk, offset) = locate(position)
      let (otherChunk, otherOffset) = other.locate(position)
      if offset == otherOffset, chunks[chunk].isShared(with: other.chunks[otherChunk]) {
        let whole = chunks[chunk].entries.count - offset
        position = Swift.min(position + whole, end)
        if whole == 0 { break }
        continue
      }
      guard chunks[chunk].isSame(offset, as: other.chunks[otherChunk], otherOffset) else {
        return position
      }
      position += 1
    }
    return position
  }

  /// Whether the calculation at `position` here and at `otherPosition` in `other` are equal,
  /// compared on their packed form.
  public func isSame(_ position: Int, as other: CalculationList, _ otherPosition: Int) -> Bool {
    let (chunk, offset) = locate(position)
    let (otherChunk, otherOffset) = other.locate(otherPosition)
    return chunks[chunk].isSame(offset, as: other.chunks[otherChunk], otherOffset)
  }

  /// Whether both hold the same calculations in the same order: at once when one is a copy of
  /// the other (the undo stack's states, the tape saved), a chunk at a time otherwise.
  public static func == (lhs: CalculationList, rhs: CalculationList) -> Bool {
    guard lhs.count == rhs.count else { return false }
    if lhs.start == rhs.start,
      lhs.chunks.withUnsafeBufferPointer({ $0.baseAddress })
        == rhs.chunks.withUnsafeBufferPointer({ $0.baseAddress })
    {
      return true
    }
    return lhs.commonPrefixCount(with: rhs) == lhs.count
  }

  /// How many chunks the list holds: what a copy of it copies (the undo stack's weight).
  var chunkCount: Int { chunks.count }
}

/// One calculation as a chunk packs it: its identity, link, order and row count, and its text,
/// the rows and `= result` separated by tabs, as the history file writes them.
public struct PackedCalculation {
  /// Where the fields are kept.
  let entry: PackedCalculations.Entry
  /// `1,200<TAB>× 1.08<TAB>= 1,296`: valid while the call that gave it runs.
  public let text: UnsafeBufferPointer<UInt8>

  /// Its identity.
  public var id: CalculationID { CalculationID(rawValue: entry.id) }
  /// The calculation it continues, or nil.
  public var source: CalculationID? {
    entry.source == 0 ? nil : CalculationID(rawValue: entry.source)
  }
  /// The order it was typed in.
  public var order: Order { entry.order }
  /// How many rows it has, `= result` not counted.
  public var rowCount: Int { Int(entry.rowCount) }
}

/// The rows the strip shows for each of the oldest `count` calculations of a list, oldest
/// first.
public struct ShownRowCounts: RandomAccessCollection, Sendable {
  let list: CalculationList
  /// How many calculations it counts.
  public let count: Int

  /// 0.
  public var startIndex: Int { 0 }
  /// The number of calculations.
  public var endIndex: Int { count }
  /// The shown rows of calculation `position`.
  public subscript(position: Int) -> Int { list.shownRowCount(at: position) }
  /// The shown rows of the calculations before `position`, a chunk at a time.
  public func total(before position: Int) -> Int {
    position >= list.count ? list.shownRowTotal : list.shownRowOffset(of: position)
  }
}

/// A chunk of `CalculationList`: its calculations' fields, and their texts end to end.
struct PackedCalculations: Sendable {
  /// One calculation's fields; its text ends at `end` and starts where the one before ends.
  struct Entry: Sendable {
    var id: UInt64
    /// The identity of the calculation it continues; 0 for none.
    var source: UInt64
    var end: UInt32
    var rowCount: UInt32
    var order: Order
  }

  var entries: [Entry] = []
  var text: [UInt8] = []
  /// The shown rows of all its calculations.
  var shownRows = 0

  func shownRowCount(at offset: Int) -> Int { Int(entries[offset].rowCount) + 1 }

  func range(at offset: Int) -> Range<Int> {
    (offset == 0 ? 0 : Int(entries[offset - 1].end))..<Int(entries[offset].end)
  }

  mutating func append(
    id: UInt64, source: UInt64, order: Order, rowCount: Int, text bytes: UnsafeBufferPointer<UInt8>
  ) {
    text.append(contentsOf: bytes)
    entries.append(
      Entry(
        id: id, source: source, end: UInt32(text.count), rowCount: UInt32(rowCount), order: order))
    shownRows += rowCount + 1
  }

  mutating func replace(at offset: Int, with calculation: Calculation) {
    let old = range(at: offset)
    let delta = withPackedText(of: calculation) { bytes in
      text.replaceSubrange(old, with: bytes)
      return bytes.count - old.count
    }
    shownRows += calculation.shownRowCount - shownRowCount(at: offset)
    entries[offset].id = calculation.id.rawValue
    entries[offset].source = calculation.source?.rawValue ?? 0
    entries[offset].order = calculation.order
    entries[offset].rowCount = UInt32(calculation.rows.count)
    for index in offset..<entries.count {
      entries[index].end = UInt32(Int(entries[index].end) + delta)
    }
  }

  /// Calls `body` with the packed form of the calculation at `offset`.
  func withPacked<Result>(at offset: Int, _ body: (PackedCalculation) -> Result) -> Result {
    let entry = entries[offset]
    let bounds = range(at: offset)
    return text.withUnsafeBufferPointer { text in
      body(PackedCalculation(entry: entry, text: UnsafeBufferPointer(rebasing: text[bounds])))
    }
  }

  /// Keeps the first `kept` calculations.
  mutating func keepFirst(_ kept: Int) {
    guard kept < entries.count else { return }
    for offset in kept..<entries.count { shownRows -= shownRowCount(at: offset) }
    text.removeSubrange((kept == 0 ? 0 : Int(entries[kept - 1].end))...)
    entries.removeSubrange(kept...)
  }

  /// The calculation at `offset`: its rows split at the tabs, its result after `= `.
  func calculation(at offset: Int) -> Calculation {
    let entry = entries[offset]
    let bounds = range(at: offset)
    return text.withUnsafeBufferPointer { buffer in
      var rows: [String] = []
      rows.reserveCapacity(Int(entry.rowCount))
      var rowStart = bounds.lowerBound
      for index in bounds where buffer[index] == PackedText.tab {
        rows.append(
          String(decoding: UnsafeBufferPointer(rebasing: buffer[rowStart..<index]), as: UTF8.self))
        rowStart = index + 1
      }
      let result = UnsafeBufferPointer(
        rebasing: buffer[
          Swift.min(rowStart + PackedText.resultPrefix.count, bounds.upperBound)..<bounds.upperBound
        ])
      var calculation = Calculation(
        rows: rows, result: String(decoding: result, as: UTF8.self),
        source: entry.source == 0 ? nil : CalculationID(rawValue: entry.source))
      calculation.id = CalculationID(rawValue: entry.id)
      calculation.order = entry.order
      return calculation
    }
  }

  /// Whether both hold the very same storage (one was copied from the other).
  func isShared(with other: PackedCalculations) -> Bool {
    entries.withUnsafeBufferPointer { $0.baseAddress }
      == other.entries.withUnsafeBufferPointer { $0.baseAddress }
      && text.withUnsafeBufferPointer { $0.baseAddress }
        == other.text.withUnsafeBufferPointer { $0.baseAddress }
      && entries.count == other.entries.count && text.count == other.text.count
  }

  /// Whether the calculation at `offset` equals the one at `otherOffset` of `other`.
  func isSame(_ offset: Int, as other: PackedCalculations, _ otherOffset: Int) -> Bool {
    let (mine, theirs) = (entries[offset], other.entries[otherOffset])
    guard mine.id == theirs.id, mine.source == theirs.source, mine.order == theirs.order,
      mine.rowCount == theirs.rowCount
    else { return false }
    let (ours, others) = (range(at: offset), other.range(at: otherOffset))
    return ours.count == others.count && text[ours].elementsEqual(other.text[others])
  }
}

/// The packed text of a calculation: its rows, then `= result`, separated by tabs.
///
/// A tab or a line break inside a row (never one the calculator writes) becomes a space, so
/// the text always reads back as the same number of rows.
enum PackedText {
  static let tab = UInt8(ascii: "\t")
  static let resultPrefix = Array("= ".utf8)
}

/// Calls `body` with the packed text of `calculation`.
func withPackedText<Result>(
  of calculation: Calculation, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
) rethrows -> Result {
  var bytes: [UInt8] = []
  bytes.reserveCapacity(
    calculation.rows.reduce(calculation.result.utf8.count + 2) { $0 + $1.utf8.count + 1 })
  func add(_ text: String) {
    for byte in text.utf8 {
      bytes.append(byte == PackedText.tab || byte == UInt8(ascii: "\n") ? UInt8(ascii: " ") : byte)
    }
  }
  for row in calculation.rows {
    add(row)
    bytes.append(PackedText.tab)
  }
  bytes += PackedText.resultPrefix
  add(calculation.result)
  return try bytes.withUnsafeBufferPointer(body)
}
