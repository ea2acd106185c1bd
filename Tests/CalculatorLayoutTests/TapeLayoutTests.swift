import CalculatorCore
import TestSupport
import Testing

@testable import CalculatorLayout

/// docs/SPEC.md sections 3 and 8: the strip shows the current calculation at the bottom and, at
/// rest, the earlier ones above it, whole rows only; each wheel tick scrolls a row; a wide
/// window lists the finished calculations in its side panel, a line each.
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

  /// 393 × 852 at 192 dpi, unit 1: the strip is 251 tall (`LayoutTests.referenceSize393x852`),
  /// current rows 36, past rows 24.
  static let reference = Layout(width: 393, height: 852, scale: 2)

  @Test func atRestTheEarlierCalculationsFillTheStrip() {
    let layout = Self.reference
    #expect(layout.pastHistoryRowHeight == 24)
    // Two current rows (72), then 179 left: seven past rows (168), the newest calculation's
    // first, its result at the bottom of them.
    let rows = Self.shown(layout, current: 2, past: [3, 4, 3], offset: 0)
    #expect(
      rows
        == [
          [0, 2], [1, 0], [1, 1], [1, 2], [1, 3], [2, 0], [2, 1], [2, 2], [-1, 0], [-1, 1],
        ].suffix(9))
    // The thin line on every calculation's first row below another row.
    let shown = layout.shownHistory(rowCount: 2, pastRowCounts: [3, 4, 3], offset: 0)
    #expect(
      shown.map(\.startsCalculation) == [
        false, false, false, false, true, false, false, true, false,
      ])
    // Whole rows, stacked from the strip's bottom without gaps.
    var bottom = layout.historyRect.maxY
    for row in shown.reversed() {
      #expect(abs(row.rect.maxY - bottom) < 1e-9)
      #expect(layout.historyRect.contains(row.rect, tolerance: 1e-9))
      bottom = row.rect.minY
    }
  }

  /// The default window keeps a four-row calculation whole: `12 + 3 × 4 − 5 =`.
  @Test func theDefaultWindowShowsAFourRowCalculationWhole() {
    let layout = Layout(width: 360, height: 640)
    #expect(Self.shown(layout, current: 4, past: [5, 5], offset: 0) == (0..<4).map { [-1, $0] })
    #expect(layout.shownHistory(rowCount: 1, pastRowCounts: [5, 5], offset: 0).count >= 4)
  }

  @Test func eachTickScrollsOneRowAndStopsWithTheOldestAtTheTop() {
    let layout = Self.reference
    let past = [3, 4, 3, 5]
    // 2 + 15 rows; from the top, the oldest 3 + 4 + 3 past rows (240) fit and no more.
    let maximum = layout.maxHistoryOffset(rowCount: 2, pastRowCounts: past)
    #expect(maximum == 17 - 10)
    for offset in 0...maximum {
      let rows = Self.shown(layout, current: 2, past: past, offset: offset)
      let all = Self.shown(layout, current: 2, past: past, offset: 0)
      // The bottom row is the `offset`-th from the newest.
      let bottomUp: [[Int]] =
        (0..<2).reversed().map { [-1, $0] }
        + past.indices.reversed().flatMap { c in (0..<past[c]).reversed().map { [c, $0] } }
      #expect(rows.last == bottomUp[offset], "offset \(offset)")
      if offset == 0 { #expect(rows == all) }
    }
    #expect(Self.shown(layout, current: 2, past: past, offset: maximum).first == [0, 0])
    // Past the ends: clamped.
    #expect(
      Self.shown(layout, current: 2, past: past, offset: maximum + 5)
        == Self.shown(layout, current: 2, past: past, offset: maximum))
    #expect(
      Self.shown(layout, current: 2, past: past, offset: -3)
        == Self.shown(layout, current: 2, past: past, offset: 0))
  }

  /// Whole rows at every size: inside the strip, stacked from its bottom, and never room for one
  /// more above the top row once scrolled all the way back.
  @Test(arguments: windowSizes)
  func rowsAreWholeAndStopAtBothEnds(width: Int, height: Int) {
    let past = Array(repeating: 3, count: 40) + [7, 2]
    for keypad in [Keypad.basic, .scientific] {
      let layout = Layout(width: width, height: height, keypad: keypad)
      let strip = layout.historyRect
      let maximum = layout.maxHistoryOffset(rowCount: 5, pastRowCounts: past)
      for offset in [0, 1, maximum / 2, maximum] {
        let rows = layout.shownHistory(rowCount: 5, pastRowCounts: past, offset: offset)
        #expect(!rows.isEmpty)
        for row in rows { #expect(strip.contains(row.rect, tolerance: 1e-9)) }
        #expect(abs((rows.last?.rect.maxY ?? 0) - strip.maxY) < 1e-9)
        let top = rows.first?.rect.minY ?? strip.minY
        if offset >= maximum {
          let oldest: HistoryStripRow.Source =
            layout.stripShowsPast ? .past(calculation: 0, row: 0) : .current(row: 0)
          #expect(rows.first?.source == oldest)
        } else {
          // Full: not even the smaller past row would fit above the top one.
          let room = top - strip.minY
          #expect(room < layout.historyRowHeight + 1e-9, "\(width)×\(height)")
          if rows.first?.isPast ?? false {
            #expect(room < layout.pastHistoryRowHeight + 1e-9, "\(width)×\(height)")
          }
        }
      }
    }
  }

  @Test func aWideWindowsStripHoldsTheCurrentCalculationOnly() {
    let layout = Layout(width: 1600, height: 500)
    #expect(layout.arrangement == .wide)
    #expect(Self.shown(layout, current: 1, past: [3, 3], offset: 0) == [[-1, 0]])
    #expect(layout.maxHistoryOffset(rowCount: 1, pastRowCounts: [3, 3]) == 0)
  }

  /// The side panel: a calculation a line, newest at the bottom, wrapped between rows when too
  /// long for the panel, a line a tick.
  @Test func theSidePanelListsCalculationsNewestAtTheBottom() {
    let layout = Layout(width: 1600, height: 500)
    let short = Calculation(rows: ["1", "+ 2"], result: "3")
    let tape = Array(repeating: short, count: 30) + [Calculation(rows: ["7"], result: "7")]
    let lines = layout.shownTapePanelLines(tape, offset: 0)
    #expect(lines.count == layout.visibleTapeLines)
    #expect(lines.last?.calculation == 30)
    #expect(lines.allSatisfy { $0.rows == 0..<($0.calculation == 30 ? 2 : 3) })
    #expect(abs((lines.last?.rect.maxY ?? 0) - layout.tapePanel.maxY) < 1e-9)
    for line in lines { #expect(layout.tapePanel.contains(line.rect, tolerance: 1e-9)) }
    #expect(
      lines.dropFirst().allSatisfy(\.startsCalculation) && !(lines.first?.startsCalculation ?? true)
    )
    // Scrolled all the way back: the oldest line at the top.
    let maximum = layout.maxTapePanelOffset(tape)
    #expect(maximum == 31 - layout.visibleTapeLines)
    #expect(layout.shownTapePanelLines(tape, offset: maximum).first?.calculation == 0)
    #expect(
      layout.shownTapePanelLines(tape, offset: maximum + 9)
        == layout.shownTapePanelLines(tape, offset: maximum))
    #expect(layout.shownTapePanelLines(tape, offset: 1).last?.calculation == 29)
  }

  @Test func aLongCalculationWrapsBetweenItsRows() {
    // A narrow panel: 620 wide at 500 tall leaves 620 − 393u (u = 500 / 674.25) − 20u.
    let layout = Layout(width: 620, height: 500)
    #expect(layout.arrangement == .wide)
    let long = Calculation(
      rows: ["12,345,678,901,234,567,890"] + Array(repeating: "× 1,234,567.89", count: 6),
      result: "1.2345678901234567891e99")
    let lines = layout.panelLineRows(of: long)
    #expect(lines.count > 1)
    #expect(lines.first?.lowerBound == 0 && lines.last?.upperBound == long.shownRowCount)
    for (a, b) in zip(lines, lines.dropFirst()) { #expect(a.upperBound == b.lowerBound) }
    // Each line fits by the generous estimate, or holds a single row.
    for line in lines {
      let width = line.map { row in layout.estimatedWidth(of: long.shownRow(row)) }.reduce(0, +)
      #expect(width <= layout.tapeLinesRect.width || line.count == 1)
    }
  }
}

/// The row cursor's row is scrolled into view (docs/SPEC.md section 8), moving the strip as
/// little as it can.
@Suite struct TapeCursorLayoutTests {
  @Test(arguments: [(360, 640), (393, 852), (500, 900), (200, 320), (1440, 2560)])
  func everyRowOfRandomTapesComesIntoView(width: Int, height: Int) {
    let layout = Layout(width: width, height: height)
    #expect(layout.stripShowsPast)  // none of these is wide
    var random = TestSupport.SeededGenerator(seed: UInt64(width * height))
    for _ in 0..<20 {
      let past = (0..<Int.random(in: 1...12, using: &random)).map { _ in
        Int.random(in: 2...9, using: &random)
      }
      let current = Int.random(in: 0...4, using: &random)
      var offset = 0
      // Every row from the newest to the oldest and back, as Up and Down walk them.
      let rows = past.indices.flatMap { calculation in
        (0..<past[calculation]).map { (calculation, $0) }
      }
      for (calculation, row) in rows.reversed() + rows {
        let next = layout.offset(
          showing: calculation, row: row, rowCount: current, pastRowCounts: past, near: offset)
        let shown = layout.shownHistory(rowCount: current, pastRowCounts: past, offset: next)
        #expect(
          shown.contains { $0.source == .past(calculation: calculation, row: row) },
          "\(past) \(calculation) \(row)")
        if layout.shownHistory(rowCount: current, pastRowCounts: past, offset: offset).contains(
          where: { $0.source == .past(calculation: calculation, row: row) })
        {
          #expect(next == offset)  // in view already: the strip stays
        }
        offset = next
      }
    }
  }

  /// Up from the newest row over calculations of 4, 2 and 6 rows at 360 × 640: the strip
  /// stays until the row would leave its top, then follows a row a key; End goes back to rest.
  @Test func upScrollsARowAtATimeOnceTheRowReachesTheTop() {
    let layout = Layout(width: 360, height: 640)
    let past = [4, 2, 6]
    let rows = past.indices.flatMap { calculation in
      (0..<past[calculation]).map { (calculation, $0) }
    }
    var offsets: [Int] = []
    var offset = 0
    for (calculation, row) in rows.reversed() {
      offset = layout.offset(
        showing: calculation, row: row, rowCount: 0, pastRowCounts: past, near: offset)
      offsets.append(offset)
    }
    #expect(offsets.first == 0)
    #expect(zip(offsets, offsets.dropFirst()).allSatisfy { $1 == $0 || $1 == $0 + 1 })
    let fit = layout.shownHistory(rowCount: 0, pastRowCounts: past, offset: 0).count
    #expect(offsets.filter { $0 == 0 }.count == fit)  // the rows in view at rest
    #expect(
      layout.offset(showing: 2, row: 5, rowCount: 0, pastRowCounts: past, near: offset) == 0)
  }

  /// A wide window's strip shows the current calculation alone: the offset stays.
  @Test func aWideStripHasNoPastRowToScrollTo() {
    let layout = Layout(width: 1600, height: 500)
    #expect(!layout.stripShowsPast)
    #expect(layout.offset(showing: 0, row: 0, rowCount: 2, pastRowCounts: [3, 3], near: 0) == 0)
  }

  /// The side panel follows the cursor a line at a time: thirty one-line calculations, walked
  /// from the newest row up, keep the panel at rest while the line is among the `fit` newest,
  /// then each next calculation scrolls it one line (k lines back shows at offsets k − fit + 1
  /// to k); walking down again it stays until the line would leave the bottom.
  @Test func thePanelFollowsTheCursorALineAtATime() {
    let layout = Layout(width: 1600, height: 500)
    let fit = layout.visibleTapeLines
    #expect(fit >= 4)
    let tape = (1...30).map { Calculation(rows: ["\($0)", "+ 1"], result: "\($0 + 1)") }
    var offset = 0
    for back in 0..<30 {
      for row in (0..<3).reversed() {
        let line = layout.tapePanelLine(holding: 29 - back, row: row, of: tape)
        #expect(line?.back == back && line?.rows == 0..<3)
        offset = layout.tapePanelOffset(showing: 29 - back, row: row, of: tape, near: offset)
        #expect(offset == max(0, back - fit + 1), "\(back) \(row)")
      }
    }
    #expect(offset == layout.maxTapePanelOffset(tape))
    for back in (0..<30).reversed() {
      offset = layout.tapePanelOffset(showing: 29 - back, row: 0, of: tape, near: offset)
      #expect(offset == min(30 - fit, back), "\(back)")
    }
    #expect(layout.tapePanelLine(back: 30, of: tape) == nil)
    #expect(layout.tapePanelLine(back: -1, of: tape) == nil)
    #expect(layout.tapePanelLine(back: 4, of: tape)?.calculation == 25)
    // No panel, or no such row: the offset stays.
    let portrait = Layout(width: 360, height: 640)
    #expect(portrait.tapePanelOffset(showing: 0, row: 0, of: tape, near: 3) == 3)
    #expect(layout.tapePanelOffset(showing: 0, row: 7, of: tape, near: 2) == 2)
  }

  /// A wrapped calculation: each of its rows is on the line that holds it, and every row of a
  /// random tape, wrapped or not, is brought into view by the offset found for it.
  @Test(arguments: [(620, 500), (1600, 500), (700, 320)])
  func everyRowOfAWrappedTapeComesIntoView(width: Int, height: Int) {
    let layout = Layout(width: width, height: height)
    #expect(layout.arrangement == .wide)
    var random = TestSupport.SeededGenerator(seed: UInt64(width + height))
    var tape: [Calculation] = []
    for _ in 0..<25 {
      let rows = (0..<Int.random(in: 1...9, using: &random)).map { index in
        (index == 0 ? "" : "× ")
          + String(repeating: "9", count: Int.random(in: 1...20, using: &random))
      }
      tape.append(Calculation(rows: rows, result: "1.2345678901234567891e99"))
    }
    var offset = 0
    for (calculation, row) in tape.indices.flatMap({ index in
      (0..<tape[index].shownRowCount).map { (index, $0) }
    }).reversed() {
      offset = layout.tapePanelOffset(showing: calculation, row: row, of: tape, near: offset)
      let shown = layout.shownTapePanelLines(tape, offset: offset)
      #expect(
        shown.contains { $0.calculation == calculation && $0.rows.contains(row) },
        "\(calculation) \(row) at \(offset)")
      let line = layout.tapePanelLine(holding: calculation, row: row, of: tape)
      #expect(
        line.flatMap { layout.tapePanelLine(back: $0.back, of: tape) }?.calculation == calculation)
      #expect(line.map { $0.rows.contains(row) } == true)
    }
  }
}
