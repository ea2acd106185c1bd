/// One row the history strip shows: which row of which list, and where.
public struct HistoryStripRow: Equatable, Sendable {
  /// Where a shown row comes from.
  public enum Source: Equatable, Sendable {
    /// Row `row` (0 = oldest) of the current calculation.
    case current(row: Int)
    /// Shown row `row` of past calculation `calculation` (0 = oldest on the tape); its last
    /// shown row is `= result`.
    case past(calculation: Int, row: Int)
  }

  /// The row.
  public var source: Source
  /// Its rectangle, wholly inside the strip.
  public var rect: Rect
  /// A thin line on its top edge separates it from the earlier calculation shown above.
  public var startsCalculation: Bool

  /// Whether it belongs to a past calculation (drawn smaller and dimmer).
  public var isPast: Bool {
    if case .past = source { return true }
    return false
  }
}

/// The strip over the tape (docs/SPEC.md section 8.2). At rest (offset 0) it shows the current
/// calculation alone, newest row at the bottom; the wheel scrolls back through its rows, then
/// one calculation a tick: each tick up puts the `= result` row of the next older calculation
/// at the bottom, with as many whole rows as fit above it (its own, then older ones). A past
/// calculation taller than the strip scrolls a row a tick until its first row is at the top.
/// Scrolling stops at the first tick that brings the tape's oldest row into view, and there the
/// strip shows the tape's first rows, the oldest in its top row (docs/SPEC.md section 3.4: no empty
/// rows above it); when the whole tape fits, that is the first tick, rows at the bottom.
///
/// Past rows are two thirds of a current row, so a calculation of four rows (`1,200`,
/// `× 1.08`, `+ 49.9`, `= 1,345.9`) shows whole in the default window, one tick from rest.
extension Layout {
  /// A past row's height and font, as a part of the current row's.
  static let pastRowScale = 2.0 / 3.0

  /// The height of a past calculation's row.
  public var pastHistoryRowHeight: Double { historyRowHeight * Layout.pastRowScale }

  /// The font size of a past calculation's row.
  public var pastHistoryFontSize: Double { historyFontSize * Layout.pastRowScale }

  /// How many past rows fit whole in the strip.
  public var visiblePastHistoryRows: Int {
    guard pastHistoryRowHeight > 0 else { return 0 }
    return Int(historyRect.height / pastHistoryRowHeight + 1e-9)  // positive: the floor
  }

  /// Ticks that show a past calculation of `rows` shown rows: one, and one more for each row
  /// that does not fit.
  func ticks(forPastRows rows: Int) -> Int {
    visiblePastHistoryRows > 0 ? 1 + max(0, rows - visiblePastHistoryRows) : 0
  }

  /// The largest offset (wheel ticks back from rest) for a current calculation of `rowCount`
  /// rows over past calculations of `pastRowCounts` shown rows each (oldest first).
  public func maxHistoryOffset<Past: RandomAccessCollection<Int>>(
    rowCount: Int, pastRowCounts: Past
  ) -> Int {
    let fit = visiblePastHistoryRows
    var offset = maxHistoryOffset(rowCount: rowCount)
    guard fit > 0 else { return offset }
    var older = pastRowCounts.reduce(0, +)  // rows of the calculations older than `count`'s
    for count in pastRowCounts.reversed() {
      older -= count
      let ticks = ticks(forPastRows: count)
      // Tick `tick` of this calculation has its row `count - tick` at the bottom of the strip:
      // the oldest row is in view once that row and every older one fit.
      if let tick = (1...ticks).first(where: { older + count - $0 + 1 <= fit }) {
        return offset + tick
      }
      offset += ticks
    }
    return offset
  }

  /// The rows the strip shows, top to bottom, `offset` ticks back from rest (clamped to
  /// 0…`maxHistoryOffset(rowCount:pastRowCounts:)`); every one lies wholly inside the strip.
  public func shownHistory<Past: RandomAccessCollection<Int>>(
    rowCount: Int, pastRowCounts: Past, offset: Int
  ) -> [HistoryStripRow] where Past.Index == Int {
    let currentTicks = maxHistoryOffset(rowCount: rowCount)
    guard offset > currentTicks, !pastRowCounts.isEmpty, visiblePastHistoryRows > 0 else {
      let offset = min(max(0, offset), currentTicks)
      return shownHistoryRows(rowCount: rowCount, offset: offset).map {
        HistoryStripRow(
          source: .current(row: $0),
          rect: historyRowRect(index: $0, rowCount: rowCount, offset: offset),
          startsCalculation: false)
      }
    }
    let maximum = maxHistoryOffset(rowCount: rowCount, pastRowCounts: pastRowCounts)
    // The row at the bottom of the strip: (calculation, row).
    var calculation = pastRowCounts.startIndex
    var row = min(visiblePastHistoryRows, pastRowCounts.reduce(0, +)) - 1
    if offset >= maximum {
      // The last stop: the tape's first rows, the oldest at the top (all of a tape that fits).
      while row >= pastRowCounts[calculation] {
        row -= pastRowCounts[calculation]
        calculation += 1
      }
    } else {
      // The calculation at the bottom and how many of its rows are scrolled below it.
      var remaining = min(offset, maximum) - currentTicks
      calculation = pastRowCounts.endIndex - 1
      while remaining > ticks(forPastRows: pastRowCounts[calculation]),
        calculation > pastRowCounts.startIndex
      {
        remaining -= ticks(forPastRows: pastRowCounts[calculation])
        calculation -= 1
      }
      let count = pastRowCounts[calculation]
      row = count - 1 - min(remaining - 1, ticks(forPastRows: count) - 1)
    }
    var rows: [HistoryStripRow] = []
    let height = pastHistoryRowHeight
    for slot in 0..<visiblePastHistoryRows {
      let hasRowAbove = slot + 1 < visiblePastHistoryRows && calculation > pastRowCounts.startIndex
      rows.append(
        HistoryStripRow(
          source: .past(calculation: calculation, row: row),
          rect: Rect(
            x: historyRect.minX, y: historyRect.maxY - Double(slot + 1) * height,
            width: historyRect.width, height: height),
          startsCalculation: row == 0 && hasRowAbove))
      if row > 0 {
        row -= 1
      } else if calculation > pastRowCounts.startIndex {
        calculation -= 1
        row = pastRowCounts[calculation] - 1
      } else {
        break
      }
    }
    return rows.reversed()
  }
}
