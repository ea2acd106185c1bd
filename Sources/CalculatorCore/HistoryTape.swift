/// One finished calculation on the history tape: its strip rows and its result, as they showed.
///
///     Calculation(rows: ["1,200", "× 1.08", "+ 49.9"], result: "1,345.9").line
///     // "1,200 × 1.08 + 49.9 = 1,345.9"
public struct Calculation: Hashable, Sendable {
  /// The strip's rows, oldest first: `["2", "× (3", "+ 4)"]`.
  public let rows: [String]
  /// The result as the display showed it: `"1,345.9"`, `"NaN"`.
  public let result: String

  /// A calculation of these rows and this result.
  public init(rows: [String], result: String) {
    self.rows = rows
    self.result = result
  }

  /// The calculation `key` finished on its way from `before` to `after`, or nil.
  ///
  /// Only `=` finishes one, and only when it did something and the strip holds at least one
  /// operator (two rows): `5 + =` (a dropped `+`) and `=` right after a result add nothing.
  public init?(finishing key: Key, before: Calculator, after: Calculator) {
    guard key == .equals, after.historyCount >= 2, after != before else { return nil }
    self.init(rows: after.history, result: after.display)
  }

  /// The rows the strip shows for it: its rows, then `= result`.
  public var shownRowCount: Int { rows.count + 1 }

  /// Shown row `index`: `rows[index]`, or `"= 1,345.9"` for the last.
  public func shownRow(_ index: Int) -> String {
    index < rows.count ? rows[index] : "= " + result
  }

  /// The calculation on one line, as `circlecalc --history` prints it:
  /// `"1,200 × 1.08 + 49.9 = 1,345.9"`.
  public var line: String { (rows + ["= " + result]).joined(separator: " ") }

  /// The number of a strip row, without its operator and parentheses: `"× (3"` → `"3"`,
  /// `"= 1,345.9"` → `"1,345.9"`, `"+ 4)"` → `"4"`.
  public static func number(inRow row: String) -> String {
    let last = row.split(separator: " ").last ?? ""
    return String(last.filter { $0 != "(" && $0 != ")" })
  }
}

extension Calculator {
  /// Presses a key and puts the calculation it finishes, if any, on `tape`; returns it.
  ///
  /// The window's tape and a headless run's in-memory tape are fed the same way, so
  /// `--render` shows the tape the window would.
  @discardableResult
  public mutating func press(_ key: Key, recordingOn tape: inout HistoryTape) -> Calculation? {
    let before = self
    press(key)
    guard let finished = Calculation(finishing: key, before: before, after: self) else {
      return nil
    }
    tape.append(finished)
    return finished
  }
}

/// The calculations finished with `=`, oldest first, at most `maximumCount` of them and at
/// most `maximumFileSize` bytes written out: appending drops the oldest beyond either.
///
/// Pure: the window keeps one, saves it (HistoryStore) and shows it above the strip's rows.
public struct HistoryTape: Equatable, Sendable {
  /// The most calculations a tape keeps (docs/SPEC.md section 8.1).
  public static let maximumCount = 1_000
  /// The largest history file, in bytes.
  ///
  /// A thousand calculations of about 4,000 characters each: a longer calculation drops older
  /// ones; a larger file is not read.
  public static let maximumFileSize = 4 << 20

  /// The calculations, oldest first.
  public internal(set) var calculations: [Calculation] = []
  /// The size of `fileText` in bytes.
  public internal(set) var fileSize = HistoryTape.header.utf8.count + 1

  /// An empty tape.
  public init() {}

  /// A tape of these calculations, oldest first, capped as `append` caps it.
  public init(_ calculations: some Sequence<Calculation>) {
    for calculation in calculations { append(calculation) }
  }

  /// Appends a calculation, dropping the oldest beyond `maximumCount` or `maximumFileSize`.
  public mutating func append(_ calculation: Calculation) {
    calculations.append(calculation)
    fileSize += HistoryTape.lineSize(of: calculation)
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

  /// How many rows (its rows and `= result`) each calculation the strip scrolls back to shows,
  /// oldest first, under the `current` calculator: all of them, but the newest while `current`
  /// still shows it (just finished with `=`: its rows in the strip, its result in the display),
  /// which would show the same calculation twice.
  public func shownRowCounts(under current: Calculator)
    -> LazyMapCollection<ArraySlice<Calculation>, Int>
  {
    calculations.dropLast(isNewestShown(by: current) ? 1 : 0).lazy.map(\.shownRowCount)
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
