import CalculatorCore

/// One row of the tape strip: which row of which calculation, and where.
public struct HistoryStripRow: Equatable, Sendable {
  /// Where a shown row comes from.
  public enum Source: Hashable, Sendable {
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
  /// A thin line on its top edge separates its calculation from the earlier one above.
  public var startsCalculation: Bool

  /// Whether it belongs to a past calculation (drawn smaller and dimmer).
  public var isPast: Bool {
    if case .past = source { return true }
    return false
  }
}

/// The strip over the tape (docs/SPEC.md sections 3 and 8): the current calculation's rows at
/// the bottom, and above them, in portrait and landscape windows, the earlier calculations, each
/// ending in its `= result` row, as many whole rows as fit, separated by thin lines. A wide
/// window's strip holds the current calculation alone: its side panel shows the past.
///
/// Rows are stacked from the bottom: the current calculation's newest row first, then its older
/// rows, then the past calculations, newest first. Each wheel tick scrolls one row; scrolling
/// stops at the first offset that shows the tape's oldest row (no empty rows above it). Past
/// rows are two thirds of a current row.
extension Layout {
  /// A past row's height and font, as a part of the current row's.
  static let pastRowScale = 2.0 / 3.0

  /// The height of a past calculation's row: its font's, in the current rows' proportion.
  public var pastHistoryRowHeight: Double {
    rowHeight(Reference.historyRowHeight * Layout.pastRowScale)
  }

  /// The font size of a past calculation's row, never under the least text size.
  public var pastHistoryFontSize: Double {
    textSize(Reference.historyFont * Layout.pastRowScale)
  }

  /// Whether the strip shows past calculations above the current one (not in a wide window).
  public var stripShowsPast: Bool { arrangement != .wide }

  /// How many rows of the current calculation fit whole in the strip.
  public var visibleHistoryRows: Int {
    guard historyRowHeight > 0 else { return 0 }
    return Int(historyRect.height / historyRowHeight + 1e-9)  // positive: the floor
  }

  /// The largest offset for a current calculation of `rowCount` rows alone.
  public func maxHistoryOffset(rowCount: Int) -> Int {
    maxHistoryOffset(rowCount: rowCount, pastRowCounts: [Int]())
  }

  /// The past calculations' row counts the strip shows: all of them, or none in a wide window.
  private func pastShown<Past: Collection<Int>>(_ pastRowCounts: Past) -> Past.SubSequence {
    stripShowsPast ? pastRowCounts[...] : pastRowCounts.prefix(0)
  }

  /// The largest offset (rows scrolled back from rest) for a current calculation of
  /// `rowCount` rows over past calculations of `pastRowCounts` shown rows each (oldest first):
  /// the first offset at which the oldest row shows.
  public func maxHistoryOffset<Past: Collection<Int>>(rowCount: Int, pastRowCounts: Past) -> Int {
    guard historyRowHeight > 0 else { return 0 }
    // How many of the oldest rows fit, counted from the top.
    var room = historyRect.height + 1e-9
    var fitting = 0
    var total = rowCount
    var isFitting = true
    for count in pastShown(pastRowCounts) {
      total += count
      guard isFitting else { continue }
      let rows = min(count, Int(room / pastHistoryRowHeight))
      fitting += rows
      room -= Double(rows) * pastHistoryRowHeight
      isFitting = rows == count
    }
    if isFitting { fitting += min(rowCount, Int(room / historyRowHeight)) }
    return max(0, total - fitting)
  }

  /// The rows the strip shows, top to bottom, `offset` rows back from rest (clamped to
  /// 0…`maxHistoryOffset`); every one lies wholly inside the strip.
  public func shownHistory<Past: BidirectionalCollection<Int>>(
    rowCount: Int, pastRowCounts: Past, offset: Int
  ) -> [HistoryStripRow] where Past.Index == Int {
    guard !historyRect.isEmpty, historyRowHeight > 0 else { return [] }
    var skip =
      offset > 0
      ? min(offset, maxHistoryOffset(rowCount: rowCount, pastRowCounts: pastRowCounts)) : 0
    var rows: [HistoryStripRow] = []
    var bottom = historyRect.maxY
    /// Adds a row above those placed; false once the strip is full.
    func place(_ source: HistoryStripRow.Source, height: Double) -> Bool {
      if skip > 0 {
        skip -= 1
        return true
      }
      guard bottom - height >= historyRect.minY - 1e-9 else { return false }
      rows.append(
        HistoryStripRow(
          source: source,
          rect: Rect(
            x: historyRect.minX, y: bottom - height, width: historyRect.width, height: height),
          startsCalculation: false))
      bottom -= height
      return true
    }
    placing: do {
      for row in (0..<rowCount).reversed() {
        guard place(.current(row: row), height: historyRowHeight) else { break placing }
      }
      let past = pastShown(pastRowCounts)
      for calculation in past.indices.reversed() {
        for row in (0..<past[calculation]).reversed() {
          let source = HistoryStripRow.Source.past(
            calculation: calculation - pastRowCounts.startIndex, row: row)
          guard place(source, height: pastHistoryRowHeight) else { break placing }
        }
      }
    }
    rows.reverse()
    // A calculation's first row under another row gets the separating line.
    for index in rows.indices.dropFirst() {
      switch rows[index].source {
      case .current(row: 0), .past(_, row: 0): rows[index].startsCalculation = true
      default: break
      }
    }
    return rows
  }
}

/// One line of the side tape panel: some shown rows of one past calculation, and where.
public struct TapePanelLine: Equatable, Sendable {
  /// The calculation (0 = oldest on the tape).
  public var calculation: Int
  /// Its shown rows on this line (the last shown row is `= result`); a long calculation wraps
  /// over several lines.
  public var rows: Range<Int>
  /// The line's rectangle, wholly inside the panel; its text is right-aligned in it.
  public var rect: Rect
  /// A thin line on its top edge separates its calculation from the earlier one above.
  public var startsCalculation: Bool
}

/// The side tape panel of a wide window (docs/SPEC.md section 3): one finished calculation per
/// line in the `--history` form, newest at the bottom, wrapped between its rows when longer
/// than the panel, separated by thin lines. Each wheel tick scrolls one line; scrolling stops
/// with the oldest line in view.
///
/// The layout has no fonts: it wraps by `estimatedWidth`, which errs wide, and the renderer
/// shrinks the rare line that still does not fit.
extension Layout {
  /// The panel's font size, never under the least text size.
  public var tapeFontSize: Double { textSize(22) }

  /// The height of one panel line: 30 for a font of 22.
  public var tapeLineHeight: Double { tapeFontSize * 30 / 22 }

  /// Where the panel's lines go: the panel less a gap before its right edge, where a thin line
  /// parts it from the keypad column.
  public var tapeLinesRect: Rect {
    Rect(
      x: tapePanel.minX, y: tapePanel.minY, width: tapePanel.width - 12 * unit,
      height: tapePanel.height)
  }

  /// A generous width of `text` in the tape's font (Inter Regular): figures 0.66 em, points,
  /// commas and spaces 0.3 em, anything else 0.75 em.
  public func estimatedWidth(of text: String) -> Double {
    var ems = 0.0
    for scalar in text.unicodeScalars {
      switch scalar {
      case "0"..."9": ems += 0.66
      case ".", ",", " ", "(", ")": ems += 0.3
      default: ems += 0.75
      }
    }
    return ems * tapeFontSize
  }

  /// The lines of one calculation: its shown rows packed greedily into the panel's width.
  func panelLineRows(of calculation: Calculation) -> [Range<Int>] {
    let room = tapeLinesRect.width
    let space = 0.3 * tapeFontSize
    var lines: [Range<Int>] = []
    var start = 0
    var width = 0.0
    for row in 0..<calculation.shownRowCount {
      let rowWidth = estimatedWidth(of: calculation.shownRow(row))
      if row > start, width + space + rowWidth > room {
        lines.append(start..<row)
        start = row
        width = rowWidth
      } else {
        width += (row > start ? space : 0) + rowWidth
      }
    }
    lines.append(start..<calculation.shownRowCount)
    return lines
  }

  /// How many lines fit whole in the panel.
  public var visibleTapeLines: Int {
    guard tapeLineHeight > 0, !tapePanel.isEmpty else { return 0 }
    return Int(tapePanel.height / tapeLineHeight + 1e-9)
  }

  /// The largest panel offset (lines scrolled back): the first that shows the oldest line.
  public func maxTapePanelOffset<Calculations: Collection<Calculation>>(
    _ calculations: Calculations
  ) -> Int {
    let total = calculations.reduce(0) { $0 + panelLineRows(of: $1).count }
    return max(0, total - visibleTapeLines)
  }

  /// The lines the panel shows for `calculations` (the tape, oldest first), top to bottom,
  /// `offset` lines back from the newest (clamped to 0…`maxTapePanelOffset`).
  public func shownTapePanelLines<Calculations: BidirectionalCollection<Calculation>>(
    _ calculations: Calculations, offset: Int
  ) -> [TapePanelLine] where Calculations.Index == Int {
    let fit = visibleTapeLines
    guard fit > 0 else { return [] }
    let offset = min(max(0, offset), offset > 0 ? maxTapePanelOffset(calculations) : 0)
    var lines: [TapePanelLine] = []
    var skipped = 0
    var bottom = tapePanel.maxY
    outer: for index in calculations.indices.reversed() {
      for rows in panelLineRows(of: calculations[index]).reversed() {
        if skipped < offset {
          skipped += 1
          continue
        }
        guard lines.count < fit else { break outer }
        lines.append(
          TapePanelLine(
            calculation: index, rows: rows,
            rect: Rect(
              x: tapePanel.minX, y: bottom - tapeLineHeight, width: tapeLinesRect.width,
              height: tapeLineHeight),
            startsCalculation: false))
        bottom -= tapeLineHeight
      }
    }
    lines.reverse()
    for index in lines.indices.dropFirst() where lines[index].rows.lowerBound == 0 {
      lines[index].startsCalculation = true
    }
    return lines
  }
}

extension Layout {
  /// The offset nearest to `offset` at which the strip shows row `row` of past calculation
  /// `calculation` (0 = oldest): the row cursor's row, scrolled into view; `offset` itself when
  /// it shows it, or when the strip shows no past rows (a wide window).
  public func offset<Past: BidirectionalCollection<Int>>(
    showing calculation: Int, row: Int, rowCount: Int, pastRowCounts: Past, near offset: Int
  ) -> Int where Past.Index == Int {
    let index = pastRowCounts.startIndex + calculation
    func shows(_ offset: Int) -> Bool {
      shownHistory(rowCount: rowCount, pastRowCounts: pastRowCounts, offset: offset).contains {
        $0.source == .past(calculation: calculation, row: row)
      }
    }
    guard stripShowsPast, pastRowCounts.indices.contains(index), !shows(offset) else {
      return offset
    }
    // Rows are stacked from the bottom: at offset `below` the row is the bottom one.
    let below =
      rowCount + pastRowCounts[(index + 1)...].reduce(0, +) + pastRowCounts[index] - 1 - row
    let highest = min(below, maxHistoryOffset(rowCount: rowCount, pastRowCounts: pastRowCounts))
    if offset > highest { return highest }  // scrolled past it: it comes in at the bottom
    var nearest = max(offset, 0)  // under it: scroll back until it comes in at the top
    while nearest < highest, !shows(nearest) { nearest += 1 }
    return nearest
  }
}

/// The row cursor over the side panel (docs/SPEC.md section 8.5): which line holds a row, the
/// line a screenful away, and the offset that shows a row's line.
extension Layout {
  /// The panel's line holding shown row `row` of calculation `calculation` (0 = oldest),
  /// counted back from the newest line (0), with the rows it holds; nil when there is none.
  public func tapePanelLine<Calculations: BidirectionalCollection<Calculation>>(
    holding calculation: Int, row: Int, of calculations: Calculations
  ) -> (back: Int, rows: Range<Int>)? where Calculations.Index == Int {
    guard calculations.indices.contains(calculation) else { return nil }
    let lines = panelLineRows(of: calculations[calculation])
    guard let index = lines.firstIndex(where: { $0.contains(row) }) else { return nil }
    let newer = calculations[(calculation + 1)...].reduce(0) { $0 + panelLineRows(of: $1).count }
    return (newer + lines.count - 1 - index, lines[index])
  }

  /// The panel's line `back` lines back from the newest: its calculation and the rows it holds;
  /// nil past the oldest line.
  public func tapePanelLine<Calculations: BidirectionalCollection<Calculation>>(
    back: Int, of calculations: Calculations
  ) -> (calculation: Int, rows: Range<Int>)? where Calculations.Index == Int {
    guard back >= 0 else { return nil }
    var skipped = 0
    for index in calculations.indices.reversed() {
      let lines = panelLineRows(of: calculations[index])
      if back < skipped + lines.count { return (index, lines[lines.count - 1 - (back - skipped)]) }
      skipped += lines.count
    }
    return nil
  }

  /// The panel offset nearest to `offset` that shows the line holding shown row `row` of
  /// calculation `calculation`: the row cursor's row scrolled into view, the panel moving as
  /// little as it takes from `offset` (clamped to 0…`maxTapePanelOffset`); `offset` itself when
  /// there is no such line or no panel.
  public func tapePanelOffset<Calculations: BidirectionalCollection<Calculation>>(
    showing calculation: Int, row: Int, of calculations: Calculations, near offset: Int
  ) -> Int where Calculations.Index == Int {
    let fit = visibleTapeLines
    guard fit > 0, let line = tapePanelLine(holding: calculation, row: row, of: calculations)
    else { return offset }
    let current = min(max(offset, 0), maxTapePanelOffset(calculations))
    if line.back < current { return line.back }  // under the panel's bottom: it comes in there
    if line.back >= current + fit { return line.back - fit + 1 }  // above: it comes in at the top
    return current
  }
}
