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

/// The calculations finished with `=`, oldest first, at most `maximumCount` of them and at
/// most `maximumFileSize` bytes written out: appending drops the oldest beyond either.
///
/// Pure: the window keeps one, saves it (HistoryStore) and shows it above the strip's rows.
/// The calculations are in the order of their identities, each one unique.
public struct HistoryTape: Equatable, Sendable {
  /// The most calculations a tape keeps (docs/SPEC.md section 8.1).
  public static let maximumCount = 1_000
  /// The largest history file, in bytes.
  ///
  /// A thousand calculations of about 4,000 characters each: a longer calculation drops older
  /// ones; a larger file is not read.
  public static let maximumFileSize = 4 << 20

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
  init(identified calculations: [Calculation]) {
    self.calculations = CalculationList(calculations)
    fileSize = calculations.reduce(fileSize) { $0 + HistoryTape.lineSize(of: $1) }
    dropOldest()
  }

  /// Appends a calculation finished at `stamp` and returns its identity.
  ///
  /// `stamp` is nanoseconds of the wall clock (0 in a tape of its own); the identity is
  /// `stamp`, or one more than the newest one's when that is not older. The oldest beyond
  /// `maximumCount` or `maximumFileSize` are dropped.
  @discardableResult
  public mutating func append(_ calculation: Calculation, at stamp: UInt64 = 0)
    -> CalculationID
  {
    var calculation = calculation
    let newest = calculations.last?.id.rawValue ?? 0
    calculation.id = CalculationID(rawValue: max(stamp, newest &+ 1))
    calculations.append(calculation)
    fileSize += HistoryTape.lineSize(of: calculation)
    dropOldest()
    return calculation.id
  }

  /// Drops the oldest calculations beyond `maximumCount` or `maximumFileSize`.
  mutating func dropOldest() {
    var dropped = 0
    while calculations.count - dropped > HistoryTape.maximumCount
      || (fileSize > HistoryTape.maximumFileSize && dropped < calculations.count)
    {
      fileSize -= HistoryTape.lineSize(of: calculations[dropped])
      dropped += 1
    }
    if dropped > 0 { calculations.removeFirst(dropped) }
  }

  /// Empties the tape (Clear History).
  public mutating func removeAll() {
    self = HistoryTape()
  }

  /// The number of calculations.
  public var count: Int { calculations.count }

  /// Whether the tape holds no calculation.
  public var isEmpty: Bool { calculations.isEmpty }

  /// Where the calculation `id` is in `calculations`, or nil when the tape does not hold it.
  public func index(of id: CalculationID) -> Int? {
    var low = 0
    var high = calculations.count
    while low < high {
      let middle = (low + high) / 2
      if calculations[middle].id < id { low = middle + 1 } else { high = middle }
    }
    return low < calculations.count && calculations[low].id == id ? low : nil
  }

  /// The calculation `id`, or nil when the tape does not hold it.
  public subscript(id: CalculationID) -> Calculation? {
    index(of: id).map { calculations[$0] }
  }

  /// Whether `current` shows the newest calculation as it was finished (its rows in the strip,
  /// its result in the display).
  public func isNewestShown(by current: Calculator) -> Bool {
    guard let newest = calculations.last, newest.rows.count == current.historyCount,
      current.pendingOperation == nil, current.openParentheses == 0, !current.isTyping
    else { return false }
    return newest.result == current.display
      && newest.rows.indices.allSatisfy { newest.rows[$0] == current.historyRow($0) }
  }
}
