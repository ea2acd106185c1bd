import CalculatorCore
import Testing

@testable import CalculatorLayout

/// The strip over the history tape (docs/SPEC.md section 8.2). At rest the current calculation
/// alone; the wheel scrolls through its rows, then a past calculation a tick, whole rows only.
@Suite struct TapeLayoutTests {
  /// What a strip shows, as (calculation, row) for past rows and (-1, row) for current ones.
  static func shown(_ layout: Layout, current: Int, past: [Int], offset: Int) -> [[Int]] {
    layout.shownHistory(rowCount: current, pastRowCounts: past, offset: offset).map {
      switch $0.source {
      case .current(let row): [-1, row]
      case .past(let calculation, let row): [calculation, row]
      }
    }
  }

  @Test func theDefaultWindowShowsAFourRowCalculationWhole() {
    // 360 × 640: u = 360 / 393; the strip runs from 12u to the display's top,
    // 640 − 30u − (5 × 72 + 4 × 12u) − 20u − 96u = 102.29, so it is 91.30 tall; a current row
    // is 36u = 32.98 (two fit), a past row 24u = 21.98 (four fit, 87.9).
    let layout = Layout(width: 360, height: 640)
    #expect(layout.visibleHistoryRows == 2)
    #expect(abs(layout.pastHistoryRowHeight - 24 * 360 / 393) < 1e-9)
    #expect(layout.visiblePastHistoryRows == 4)
    // After a restart: nothing current, one calculation of three rows and its result. One tick.
    #expect(Self.shown(layout, current: 0, past: [4], offset: 0).isEmpty)
    #expect(
      Self.shown(layout, current: 0, past: [4], offset: 1) == [[0, 0], [0, 1], [0, 2], [0, 3]])
    #expect(layout.maxHistoryOffset(rowCount: 0, pastRowCounts: [4]) == 1)
  }

  /// Calculations of 4, 2 and 6 shown rows under a current one of 3 rows, at 360 × 640 (two
  /// current rows fit, four past ones): every tick, written out.
  @Test func everyTickOfAKnownTape() {
    let layout = Layout(width: 360, height: 640)
    let past = [4, 2, 6]
    // Current: 1 tick to its first row; past: 6 rows take 1 + 2 ticks, 2 rows 1, 4 rows 1.
    #expect(layout.maxHistoryOffset(rowCount: 3, pastRowCounts: past) == 1 + 3 + 1 + 1)
    let expected: [[[Int]]] = [
      [[-1, 1], [-1, 2]],
      [[-1, 0], [-1, 1]],
      [[2, 2], [2, 3], [2, 4], [2, 5]],  // the newest calculation's end at the bottom
      [[2, 1], [2, 2], [2, 3], [2, 4]],  // too tall: a row a tick
      [[2, 0], [2, 1], [2, 2], [2, 3]],
      [[0, 2], [0, 3], [1, 0], [1, 1]],  // the next older one, an older one's end above it
      [[0, 0], [0, 1], [0, 2], [0, 3]],
      [[0, 0], [0, 1], [0, 2], [0, 3]],  // stops with the oldest row at the top
    ]
    for (offset, rows) in expected.enumerated() {
      #expect(Self.shown(layout, current: 3, past: past, offset: offset) == rows, "\(offset)")
    }
    // The thin line: only between two calculations both in view.
    let lines = layout.shownHistory(rowCount: 3, pastRowCounts: past, offset: 5)
      .map(\.startsCalculation)
    #expect(lines == [false, false, true, false])
    #expect(
      !layout.shownHistory(rowCount: 3, pastRowCounts: past, offset: 6).contains {
        $0.startsCalculation
      })
    #expect(Self.shown(layout, current: 3, past: past, offset: -4) == expected[0])
  }

  /// The tape's oldest calculations shorter than the strip: scrolling stops at the tick that
  /// brings the oldest row into view, with the oldest row in the top slot and no empty slot
  /// above it (docs/SPEC.md section 3.4), not one tick per calculation down to the oldest's end.
  @Test func scrollingStopsWithTheOldestRowAtTheTop() {
    let layout = Layout(width: 360, height: 640)  // four past rows fit
    let past = [2, 1, 6]
    // Current: 0 rows; the 6-row calculation takes 3 ticks, then the oldest row is in view.
    #expect(layout.maxHistoryOffset(rowCount: 0, pastRowCounts: past) == 4)
    let expected: [[[Int]]] = [
      [],
      [[2, 2], [2, 3], [2, 4], [2, 5]],
      [[2, 1], [2, 2], [2, 3], [2, 4]],
      [[2, 0], [2, 1], [2, 2], [2, 3]],
      [[0, 0], [0, 1], [1, 0], [2, 0]],  // the tape's first four rows
      [[0, 0], [0, 1], [1, 0], [2, 0]],
    ]
    for (offset, rows) in expected.enumerated() {
      #expect(Self.shown(layout, current: 0, past: past, offset: offset) == rows, "\(offset)")
    }
    let last = layout.shownHistory(rowCount: 0, pastRowCounts: past, offset: 4)
    #expect(last.map(\.startsCalculation) == [false, false, true, true])
    // The same slots as every other tick: the bottom row on the strip's bottom.
    #expect(
      last.map(\.rect)
        == layout.shownHistory(rowCount: 0, pastRowCounts: past, offset: 3).map(\.rect))
    // A tape that fits whole: one tick shows it all, at the bottom, and the wheel stops there.
    #expect(layout.maxHistoryOffset(rowCount: 2, pastRowCounts: [1, 2]) == 0 + 1)  // 2 current fit
    #expect(
      Self.shown(layout, current: 2, past: [1, 2], offset: 9) == [[0, 0], [1, 0], [1, 1]])
  }

  @Test func anEmptyTapeScrollsAsBefore() {
    let layout = Layout(width: 393, height: 852)
    for count in [0, 1, 6, 10] {
      #expect(
        layout.maxHistoryOffset(rowCount: count, pastRowCounts: [Int]())
          == layout.maxHistoryOffset(rowCount: count))
      for offset in 0...6 {
        let rows = layout.shownHistory(rowCount: count, pastRowCounts: [Int](), offset: offset)
        #expect(
          rows.map(\.rect)
            == layout.shownHistoryRows(rowCount: count, offset: offset).map {
              layout.historyRowRect(index: $0, rowCount: count, offset: offset)
            })
      }
    }
  }

  /// Whole rows at every size: each past row inside the strip, the bottom one on its bottom,
  /// as many as fit; every row of every calculation shows at some tick, the last tick shows
  /// the oldest row at the top.
  @Test(arguments: windowSizes)
  func pastRowsAreWholeAndEveryRowIsReached(width: Int, height: Int) {
    let layout = Layout(width: width, height: height)
    let strip = layout.historyRect
    let fit = layout.visiblePastHistoryRows
    #expect(fit >= max(layout.visibleHistoryRows, 1))
    #expect(Double(fit) * layout.pastHistoryRowHeight <= strip.height + 1e-9)
    #expect(Double(fit + 1) * layout.pastHistoryRowHeight > strip.height)
    let past = [2, 1, fit + 3, fit, 5, 3]
    let maximum = layout.maxHistoryOffset(rowCount: 2, pastRowCounts: past)
    var seen = Set<[Int]>()
    for offset in 0...maximum + 1 {
      let rows = layout.shownHistory(rowCount: 2, pastRowCounts: past, offset: offset)
      let name = "\(width)×\(height) offset \(offset)"
      for row in rows {
        #expect(strip.contains(row.rect, tolerance: 1e-9), "\(name)")
        if case .past(let calculation, let index) = row.source {
          seen.insert([calculation, index])
        }
      }
      guard offset > layout.maxHistoryOffset(rowCount: 2) else { continue }
      // As many as fit, or all the rows from the tape's first to the bottom one.
      guard case .past(let bottom, let row)? = rows.last?.source else {
        Issue.record("\(name): no past row at the bottom")
        continue
      }
      #expect(rows.count == min(fit, past.prefix(bottom).reduce(row + 1, +)), "\(name)")
      #expect(abs((rows.last?.rect.maxY ?? 0) - strip.maxY) < 1e-9, "\(name)")
      // Rows follow each other up the strip without gaps, in the tape's order.
      for (upper, lower) in zip(rows, rows.dropFirst()) {
        #expect(abs(upper.rect.maxY - lower.rect.minY) < 1e-9, "\(name)")
        guard case .past(let c1, let r1) = upper.source, case .past(let c2, let r2) = lower.source
        else {
          Issue.record("\(name): a current row among past ones")
          continue
        }
        let next = r1 + 1 < past[c1] ? (c1, r1 + 1) : (c1 + 1, 0)
        #expect(c2 == next.0 && r2 == next.1, "\(name)")
      }
    }
    #expect(seen.count == past.reduce(0, +), "\(width)×\(height)")
    #expect(
      Self.shown(layout, current: 2, past: past, offset: maximum).first == [0, 0],
      "\(width)×\(height)")
  }
}
