/// A calculation's identity on the tape: unique among the calculations of every window that
/// shares the file, and in the order they were finished.
///
/// The window gives the wall clock's nanoseconds when a calculation is finished
/// (`HistoryTape.append(_:at:)`), so two windows never give the same one; a tape read from an
/// older file numbers its calculations 1, 2, 3….
public struct CalculationID: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The number, as the history file writes it.
  public var rawValue: UInt64

  /// The identity `rawValue`.
  public init(rawValue: UInt64) {
    self.rawValue = rawValue
  }

  /// Whether `lhs` was finished before `rhs`.
  public static func < (lhs: CalculationID, rhs: CalculationID) -> Bool {
    lhs.rawValue < rhs.rawValue
  }

  /// The number in decimal.
  public var description: String { String(rawValue) }
}

/// One finished calculation on the history tape: its strip rows and its result, as they showed.
///
///     Calculation(rows: ["1,200", "× 1.08", "+ 49.9"], result: "1,345.9").line
///     // "1,200 × 1.08 + 49.9 = 1,345.9"
public struct Calculation: Hashable, Sendable {
  /// The strip's rows, oldest first: `["2", "× (3", "+ 4)"]`.
  public let rows: [String]
  /// The result as the display showed it: `"1,345.9"`, `"NaN"`.
  public let result: String
  /// The calculation it continues, or nil for a calculation typed afresh.
  ///
  /// An operator pressed right after that one's `=` made its result this one's first row
  /// (`6`, `+ 4`, `= 10` after `2 × 3 = 6`).
  public var source: CalculationID?
  /// Its identity, given when it goes on a tape (`HistoryTape.append(_:at:)`).
  public internal(set) var id = CalculationID(rawValue: 0)
  /// The order of operations it was typed in; an edit recomputes it in this order.
  public var order = Order.leftToRight

  /// A calculation of these rows and this result, continuing `source` when given.
  public init(rows: [String], result: String, source: CalculationID? = nil) {
    self.rows = rows
    self.result = result
    self.source = source
  }

  /// The calculation `key` finished on its way from `before` to `after`, or nil.
  ///
  /// Only `=` finishes one, and only when it did something and the strip holds at least one
  /// operator (two rows): `5 + =` (a dropped `+`) and `=` right after a result add nothing.
  /// It keeps the order it was typed in.
  public init?(finishing key: Key, before: Calculator, after: Calculator) {
    guard key == .equals, after.historyCount >= 2, after != before else { return nil }
    self.init(rows: after.history, result: after.display)
    order = after.order
  }

  /// The rows the strip shows for it: its rows, then `= result`.
  public var shownRowCount: Int { rows.count + 1 }

  /// Shown row `index`: `rows[index]`, or `"= 1,345.9"` for the last.
  public func shownRow(_ index: Int) -> String {
    index < rows.count ? rows[index] : "= " + result
  }

  /// Whether shown row `index` can be edited in place (docs/SPEC.md section 8): an operand
  /// row, the first number included, but not `= result` and not a first row carried from the
  /// calculation it continues (edit that one instead).
  public func isEditable(row index: Int) -> Bool {
    index >= 0 && index < rows.count && !(index == 0 && source != nil)
  }

  /// The calculation on one line, as `circlecalc --history` prints it and as it was typed:
  /// `"1,200 × 1.08 + 49.9 = 1,345.9"`, `"2 (1 + 1) = 4"` (an implied ×).
  public var line: String { (rows + ["= " + result]).joined(separator: " ") }

  /// The number of a strip row, without its operator and parentheses: `"× (3"` → `"3"`,
  /// `"= 1,345.9"` → `"1,345.9"`, `"+ 4)"` → `"4"`.
  public static func number(inRow row: String) -> String {
    let last = row.split(separator: " ").last ?? ""
    return String(last.filter { $0 != "(" && $0 != ")" })
  }
}

/// The calculations finished with `=`, oldest first (docs/SPEC.md sections 8.1 and 15.1):
/// when one more would pass `maximumCount` calculations or `maximumFileSize` bytes of file, the
/// oldest go, down to `keptCount` and `keptFileSize`, so the file is compacted once in ten
/// thousand calculations, not at each one.
///
/// Pure: the window keeps one, saves it (HistoryStore) and shows it above the strip's rows.
/// The calculations are in the order of their identities, each one unique.
public struct HistoryTape: Equatable, Sendable {
  /// The calculations a tape always keeps when it has them (docs/SPEC.md section 15.1).
  public static let keptCount = 100_000
  /// The most calculations a tape holds: past it, the oldest go down to `keptCount`.
  public static let maximumCount = 110_000
  /// The largest history file, in bytes: a larger one is not read, and a tape that would pass
  /// it drops its oldest calculations down to `keptFileSize`.
  ///
  /// 335 bytes a calculation at `keptCount`, where a year of daily use writes about 70.
  public static let maximumFileSize = 32 << 20
  /// The file's size after the oldest calculations went for want of room.
  public static let keptFileSize = 28 << 20
  /// The longest line of the file, its newline included: a calculation of more (thousands of
  /// rows) is not kept, and a file holding a longer line is not a tape.
  public static let maximumLineSize = 64 << 10

  /// The calculations, oldest first.
  public internal(set) var calculations = CalculationList()
  /// The size of `fileText` in bytes.
  public internal(set) var fileSize = HistoryTape.header.utf8.count + 1

  /// An empty tape.
  public init() {}

  /// A tape of these calculations, oldest first, numbered 1, 2, 3… (their links kept as they
  /// are), capped as `append` caps it.
  public init(_ calculations: some Sequence<Calculation>) {
    for calculation in calculations { append(calculation) }
  }

  /// A tape of calculations that already have their identities, in their order.
  init(identified calculations: some Sequence<Calculation>) {
    for calculation in calculations {
      let size = HistoryTape.lineSize(of: calculation)
      guard size <= HistoryTape.maximumLineSize else { continue }
      self.calculations.append(calculation)
      fileSize += size
    }
    dropOldest()
  }

  /// Appends a calculation finished at `stamp` and returns its identity.
  ///
  /// `stamp` is nanoseconds of the wall clock (0 in a tape of its own); the identity is
  /// `stamp`, or one more than the newest one's when that is not older. The oldest beyond
  /// `maximumCount` or `maximumFileSize` are dropped; a calculation whose line would be longer
  /// than `maximumLineSize` is not kept.
  @discardableResult
  public mutating func append(_ calculation: Calculation, at stamp: UInt64 = 0)
    -> CalculationID
  {
    var calculation = calculation
    calculation.id = CalculationID(rawValue: max(stamp, (newestID?.rawValue ?? 0) &+ 1))
    let size = HistoryTape.lineSize(of: calculation)
    guard size <= HistoryTape.maximumLineSize else { return calculation.id }
    calculations.append(calculation)
    fileSize += size
    dropOldest()
    return calculation.id
  }

  /// Past `maximumCount` calculations or `maximumFileSize` bytes, drops the oldest down to
  /// `keptCount` and `keptFileSize`.
  mutating func dropOldest() {
    guard calculations.count > HistoryTape.maximumCount || fileSize > HistoryTape.maximumFileSize
    else { return }
    var dropped = 0
    while calculations.count - dropped > HistoryTape.keptCount
      || (fileSize > HistoryTape.keptFileSize && dropped < calculations.count)
    {
      fileSize -= calculations.lineSize(at: dropped)
      dropped += 1
    }
    calculations.removeFirst(dropped)
  }

  /// Empties the tape (Clear History).
  public mutating func removeAll() {
    self = HistoryTape()
  }

  /// The number of calculations.
  public var count: Int { calculations.count }

  /// Whether the tape holds no calculation.
  public var isEmpty: Bool { calculations.isEmpty }

  /// The identity of the newest calculation, or nil for an empty tape.
  public var newestID: CalculationID? {
    calculations.isEmpty ? nil : calculations.id(at: calculations.count - 1)
  }

  /// Where the calculation `id` is in `calculations`, or nil when the tape does not hold it.
  public func index(of id: CalculationID) -> Int? {
    var low = 0
    var high = calculations.count
    while low < high {
      let middle = (low + high) / 2
      if calculations.id(at: middle) < id { low = middle + 1 } else { high = middle }
    }
    return low < calculations.count && calculations.id(at: low) == id ? low : nil
  }

  /// The calculation `id`, or nil when the tape does not hold it.
  public subscript(id: CalculationID) -> Calculation? {
    index(of: id).map { calculations[$0] }
  }

  /// What a copy of the tape holds on its own (the undo stack's weight,
  /// `Document.undoWeight`): its list of chunks and at most a chunk of calculations, as
  /// every other chunk is shared with the tape it was copied from.
  public var undoWeight: Int {
    calculations.chunkCount + min(calculations.count, CalculationList.chunkSize)
  }

  /// Whether `current` shows the newest calculation as it was finished (its rows in the strip,
  /// its result in the display).
  public func isNewestShown(by current: Calculator) -> Bool {
    // The row count first, read without making the calculation: a frame asks at every key.
    guard !calculations.isEmpty,
      calculations.shownRowCount(at: calculations.count - 1) == current.historyCount + 1,
      current.pendingOperation == nil, current.openParentheses == 0, !current.isTyping,
      let newest = calculations.last
    else { return false }
    return newest.result == current.display
      && newest.rows.indices.allSatisfy { newest.rows[$0] == current.historyRow($0) }
  }
}
