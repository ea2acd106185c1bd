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

/// The shown rows of each past calculation the strip stacks, oldest first (0): an array, or
/// the tape's own counts (`ShownRowCounts`), read without making a calculation and summed a
/// chunk at a time, so placing the strip costs what it shows (docs/SPEC.md section 15.2).
public protocol StripRowCounts {
  /// How many calculations there are.
  var count: Int { get }
  /// Calculation `position`'s shown rows.
  subscript(position: Int) -> Int { get }
  /// The shown rows of the calculations before `position`.
  func total(before position: Int) -> Int
}

extension Array: StripRowCounts where Element == Int {
  /// The sum of the first `position` counts.
  public func total(before position: Int) -> Int { self[..<position].reduce(0, +) }
}

extension ShownRowCounts: StripRowCounts {}

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

  /// How many of the past calculations the strip shows: all of them, or none in a wide window.
  private func pastShown(_ pastRowCounts: some StripRowCounts) -> Int {
    stripShowsPast ? pastRowCounts.count : 0
  }

  /// The largest offset (rows scrolled back from rest) for a current calculation of
  /// `rowCount` rows over past calculations of `pastRowCounts` shown rows each (oldest first):
  /// the first offset at which the oldest row shows.
  public func maxHistoryOffset(rowCount: Int, pastRowCounts: some StripRowCounts) -> Int {
    guard historyRowHeight > 0 else { return 0 }
    let shown = pastShown(pastRowCounts)
    let total = rowCount + pastRowCounts.total(before: shown)
    // How many of the oldest rows fit, counted from the top.
    var room = historyRect.height + 1e-9
    var fitting = 0
    var isFitting = true
    for position in 0..<shown where isFitting {
      let count = pastRowCounts[position]
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
  public func shownHistory(rowCount: Int, pastRowCounts: some StripRowCounts, offset: Int)
    -> [HistoryStripRow]
  {
    let skip =
      offset > 0
      ? min(offset, maxHistoryOffset(rowCount: rowCount, pastRowCounts: pastRowCounts)) : 0
    return placedHistory(rowCount: rowCount, pastRowCounts: pastRowCounts, skip: skip)
  }

  /// The rows the strip shows with the `skip` lowest rows scrolled away (not clamped).
  ///
  /// Whole calculations below the strip are passed over by their row counts, so the cost is
  /// that of the calculations passed and shown, not of their rows (docs/SPEC.md section 15.2).
  func placedHistory(rowCount: Int, pastRowCounts: some StripRowCounts, skip: Int)
    -> [HistoryStripRow]
  {
    guard !historyRect.isEmpty, historyRowHeight > 0 else { return [] }
    var skip = skip
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
      for calculation in (0..<pastShown(pastRowCounts)).reversed() {
        let count = pastRowCounts[calculation]
        if skip >= count {
          skip -= count
          continue
        }
        for row in (0..<count).reversed() {
          let source = HistoryStripRow.Source.past(calculation: calculation, row: row)
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
  /// The day header above the calculation's first line (docs/SPEC.md section 15.4), when this
  /// line is one: it holds no rows.
  public var header: DayHeader? = nil
}

/// What the side panel lists: finished calculations, oldest first, and how many lines each
/// takes in a layout's panel.
///
/// The tape's own (`TapePanelCalculations`) counts the lines of a calculation from its packed
/// text without making it, so the lines of a hundred thousand calculations are counted in a
/// few milliseconds (docs/SPEC.md section 15.2); an array counts them from its calculations.
public protocol TapePanelSource {
  /// How many calculations there are.
  var count: Int { get }
  /// The calculation `index` (0 = oldest), as the panel shows it.
  func calculation(at index: Int) -> Calculation
  /// How many lines calculation `index` takes in `layout`'s panel:
  /// `layout.panelLineRows(of: calculation(at: index)).count`, and its day header's.
  func panelLineCount(at index: Int, in layout: Layout) -> Int
  /// The day header above calculation `index`, when it is the first of its day
  /// (docs/SPEC.md section 15.4).
  func dayHeader(at index: Int) -> DayHeader?
}

extension TapePanelSource {
  /// No day headers.
  public func dayHeader(at index: Int) -> DayHeader? { nil }
}

extension Array: TapePanelSource where Element == Calculation {
  /// The calculation `index`.
  public func calculation(at index: Int) -> Calculation { self[index] }

  /// Its lines, from the calculation.
  public func panelLineCount(at index: Int, in layout: Layout) -> Int {
    layout.panelLineRows(of: self[index]).count
  }
}

/// The tape's calculations as the side panel shows them: the row being edited holds the text
/// typed so far, so its line wraps as it is drawn.
public struct TapePanelCalculations: TapePanelSource, Equatable, Sendable {
  /// The row being edited, and its text as typed so far.
  public struct Edit: Equatable, Sendable {
    /// The calculation (0 = oldest).
    public var calculation: Int
    /// Its shown row.
    public var row: Int
    /// The row's text.
    public var text: String

    /// Row `row` of calculation `calculation`, showing `text`.
    public init(calculation: Int, row: Int, text: String) {
      self.calculation = calculation
      self.row = row
      self.text = text
    }
  }

  /// The calculations.
  public var list: CalculationList
  /// The row being edited, if any.
  public var edit: Edit?
  /// The day headers' calendar; nil: none.
  public var days: TapeDays?

  /// `list`, with `edit`'s row as typed, headed by day with `days`.
  public init(_ list: CalculationList, edit: Edit? = nil, days: TapeDays? = nil) {
    self.list = list
    self.edit = edit
    self.days = days
  }

  /// The day header above calculation `index`, if it is the first of its day.
  public func dayHeader(at index: Int) -> DayHeader? {
    days?.header(at: index, of: list)
  }

  /// How many calculations there are.
  public var count: Int { list.count }

  /// The calculation `index`, its edited row as typed.
  public func calculation(at index: Int) -> Calculation {
    let calculation = list[index]
    guard let edit, edit.calculation == index, calculation.rows.indices.contains(edit.row)
    else { return calculation }
    var rows = calculation.rows
    rows[edit.row] = edit.text
    return Calculation(rows: rows, result: calculation.result, source: calculation.source)
  }

  /// Its lines, from its packed text (the edited one from its rows), and its day header's.
  public func panelLineCount(at index: Int, in layout: Layout) -> Int {
    let header = days?.startsDay(at: index, of: list) == true ? 1 : 0
    if edit?.calculation == index {
      return layout.panelLineRows(of: calculation(at: index)).count + header
    }
    if layout.holdsOnOneLine(bytes: list.textCount(at: index)) { return 1 + header }
    return list.withPacked(at: index) { layout.panelLineCount(ofPacked: $0.text) } + header
  }
}

/// The side tape panel of a wide window (docs/SPEC.md section 3): one finished calculation per
/// line in the `--history` form, newest at the bottom, wrapped between its rows when longer
/// than the panel, separated by thin lines. Each wheel tick scrolls one line; scrolling stops
/// with the oldest line in view.
///
/// The layout has no fonts: it wraps by `estimatedWidth`, which errs wide, and the renderer
/// shrinks the rare line that still does not fit. What a step costs grows with the lines
/// between the newest and the ones it shows, never with the whole tape, but for a move to
/// the oldest lines (docs/SPEC.md section 15.2).
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
    for scalar in text.unicodeScalars { ems += Layout.estimatedEms(of: scalar.value) }
    return ems * tapeFontSize
  }

  /// A character's estimated width in ems, from its code point (or, for a character of more
  /// than one UTF-8 byte, its first byte: any such is 0.75).
  static func estimatedEms(of value: UInt32) -> Double {
    switch value {
    case 0x30...0x39: 0.66  // 0-9
    case 0x2E, 0x2C, 0x20, 0x28, 0x29: 0.3  // . , space ( )
    default: 0.75
    }
  }

  /// The lines of one calculation: its shown rows packed greedily into the panel's width.
  func panelLineRows(of calculation: Calculation) -> [Range<Int>] {
    panelLines(
      rowWidths: (0..<calculation.shownRowCount).lazy.map {
        self.estimatedWidth(of: calculation.shownRow($0))
      })
  }

  /// Rows of these widths, in order, packed greedily into the panel's width: each line's rows.
  func panelLines(rowWidths: some Sequence<Double>) -> [Range<Int>] {
    let room = tapeLinesRect.width
    let space = 0.3 * tapeFontSize
    var lines: [Range<Int>] = []
    var start = 0
    var width = 0.0
    var row = 0
    for rowWidth in rowWidths {
      if row > start, width + space + rowWidth > room {
        lines.append(start..<row)
        start = row
        width = rowWidth
      } else {
        width += (row > start ? space : 0) + rowWidth
      }
      row += 1
    }
    lines.append(start..<row)
    return lines
  }

  /// How many lines a calculation takes, from its packed text (`PackedCalculation.text`: its
  /// rows and `= result` separated by tabs), as `panelLineRows` counts them.
  public func panelLineCount(ofPacked text: UnsafeBufferPointer<UInt8>) -> Int {
    if holdsOnOneLine(bytes: text.count) { return 1 }
    var widths: [Double] = []
    var ems = 0.0
    for byte in text {
      if byte == UInt8(ascii: "\t") {
        widths.append(ems * tapeFontSize)
        ems = 0
      } else if byte & 0xC0 != 0x80 {  // the first byte of a character
        ems += Layout.estimatedEms(of: UInt32(byte))
      }
    }
    widths.append(ems * tapeFontSize)
    return panelLines(rowWidths: widths).count
  }

  /// Whether a calculation whose packed text has `bytes` bytes is surely one line: no
  /// character is wider than 0.75 em, nor takes less than a byte.
  public func holdsOnOneLine(bytes: Int) -> Bool {
    Double(bytes) * 0.75 * tapeFontSize <= tapeLinesRect.width
  }

  /// How many lines fit whole in the panel.
  public var visibleTapeLines: Int {
    guard tapeLineHeight > 0, !tapePanel.isEmpty else { return 0 }
    return Int(tapePanel.height / tapeLineHeight + 1e-9)
  }

  /// The largest panel offset (lines scrolled back): the first that shows the oldest line.
  public func maxTapePanelOffset(_ calculations: some TapePanelSource) -> Int {
    var total = 0
    for index in 0..<calculations.count {
      total += calculations.panelLineCount(at: index, in: self)
    }
    return max(0, total - visibleTapeLines)
  }

  /// `offset` kept within 0…`maxTapePanelOffset`, counting only the lines up to it.
  public func clampedTapePanelOffset(_ offset: Int, of calculations: some TapePanelSource)
    -> Int
  {
    guard offset > 0 else { return 0 }
    let needed = offset + visibleTapeLines
    var total = 0
    for index in (0..<calculations.count).reversed() {
      total += calculations.panelLineCount(at: index, in: self)
      if total >= needed { return offset }
    }
    return max(0, total - visibleTapeLines)
  }

  /// The lines the panel shows for `calculations` (the tape, oldest first), top to bottom,
  /// `offset` lines back from the newest (clamped to 0…`maxTapePanelOffset`).
  public func shownTapePanelLines(_ calculations: some TapePanelSource, offset: Int)
    -> [TapePanelLine]
  {
    let fit = visibleTapeLines
    guard fit > 0 else { return [] }
    let offset = clampedTapePanelOffset(offset, of: calculations)
    var lines: [TapePanelLine] = []
    var skipped = 0
    var bottom = tapePanel.maxY
    outer: for index in (0..<calculations.count).reversed() {
      // Calculations below the panel are passed over by their line counts.
      if skipped < offset {
        let count = calculations.panelLineCount(at: index, in: self)
        if skipped + count <= offset {
          skipped += count
          continue
        }
      }
      // Its lines from the last, then its day header (a line without rows) above them.
      let header = calculations.dayHeader(at: index)
      let rowLines: [Range<Int>?] = panelLineRows(of: calculations.calculation(at: index))
        .reversed()
      for rows in rowLines + (header == nil ? [] : [nil]) {
        if skipped < offset {
          skipped += 1
          continue
        }
        guard lines.count < fit else { break outer }
        lines.append(
          TapePanelLine(
            calculation: index, rows: rows ?? 0..<0,
            rect: Rect(
              x: tapePanel.minX, y: bottom - tapeLineHeight, width: tapeLinesRect.width,
              height: tapeLineHeight),
            startsCalculation: false, header: rows == nil ? header : nil))
        bottom -= tapeLineHeight
      }
      if lines.count >= fit { break }
    }
    lines.reverse()
    // A thin line above each calculation, or above its day's header.
    for index in lines.indices.dropFirst() {
      lines[index].startsCalculation =
        lines[index].header != nil
        || (lines[index].rows.lowerBound == 0 && lines[index - 1].header == nil)
    }
    return lines
  }
}

extension Layout {
  /// The offset nearest to `offset` at which the strip shows row `row` of past calculation
  /// `calculation` (0 = oldest): the row cursor's row, scrolled into view; `offset` itself when
  /// it shows it, or when the strip shows no past rows (a wide window).
  public func offset(
    showing calculation: Int, row: Int, rowCount: Int, pastRowCounts: some StripRowCounts,
    near offset: Int
  ) -> Int {
    func shows(_ offset: Int) -> Bool {
      placedHistory(rowCount: rowCount, pastRowCounts: pastRowCounts, skip: offset).contains {
        $0.source == .past(calculation: calculation, row: row)
      }
    }
    guard stripShowsPast, calculation >= 0, calculation < pastRowCounts.count else {
      return offset
    }
    let highestOffset = maxHistoryOffset(rowCount: rowCount, pastRowCounts: pastRowCounts)
    guard !shows(min(max(offset, 0), highestOffset)) else { return offset }
    // Rows are stacked from the bottom: at offset `below` the row is the bottom one.
    let below =
      rowCount + pastRowCounts.total(before: pastRowCounts.count)
      - pastRowCounts.total(before: calculation) - 1 - row
    let highest = min(below, highestOffset)
    if offset > highest { return highest }  // scrolled past it: it comes in at the bottom
    // Under it: the first offset from `offset` at which it comes in at the top. The strip
    // holds the rows from an offset up to it when their heights fit; that estimate, found by
    // halving, is then checked against the rows as placed.
    func fits(_ skip: Int) -> Bool {
      let current = max(0, min(below + 1, rowCount) - skip)
      let past = below - skip + 1 - current
      return Double(current) * historyRowHeight + Double(past) * pastHistoryRowHeight
        <= historyRect.height + 1e-9
    }
    var (low, high) = (max(offset, 0), highest)
    while low < high {
      let middle = (low + high) / 2
      if fits(middle) { high = middle } else { low = middle + 1 }
    }
    while low > max(offset, 0), shows(low - 1) { low -= 1 }
    while low < highest, !shows(low) { low += 1 }
    return low
  }
}

/// The row cursor over the side panel (docs/SPEC.md section 8.5): which line holds a row, the
/// line a screenful away, and the offset that shows a row's line.
extension Layout {
  /// The panel's line holding shown row `row` of calculation `calculation` (0 = oldest),
  /// counted back from the newest line (0), with the rows it holds; nil when there is none.
  public func tapePanelLine(
    holding calculation: Int, row: Int, of calculations: some TapePanelSource
  ) -> (back: Int, rows: Range<Int>)? {
    guard calculation >= 0, calculation < calculations.count else { return nil }
    let lines = panelLineRows(of: calculations.calculation(at: calculation))
    guard let index = lines.firstIndex(where: { $0.contains(row) }) else { return nil }
    var newer = 0
    for index in (calculation + 1)..<calculations.count {
      newer += calculations.panelLineCount(at: index, in: self)
    }
    return (newer + lines.count - 1 - index, lines[index])
  }

  /// The panel's line `back` lines back from the newest: its calculation and the rows it holds;
  /// nil past the oldest line.
  public func tapePanelLine(back: Int, of calculations: some TapePanelSource)
    -> (calculation: Int, rows: Range<Int>)?
  {
    guard back >= 0 else { return nil }
    var skipped = 0
    for index in (0..<calculations.count).reversed() {
      let count = calculations.panelLineCount(at: index, in: self)
      if back < skipped + count {
        // A day header is its calculation's first line, as far as a page goes.
        let lines = panelLineRows(of: calculations.calculation(at: index))
        return (index, lines[max(lines.count - 1 - (back - skipped), 0)])
      }
      skipped += count
    }
    return nil
  }

  /// The panel offset nearest to `offset` that shows the line holding shown row `row` of
  /// calculation `calculation`: the row cursor's row scrolled into view, the panel moving as
  /// little as it takes from `offset` (clamped to 0…`maxTapePanelOffset`); `offset` itself when
  /// there is no such line or no panel.
  public func tapePanelOffset(
    showing calculation: Int, row: Int, of calculations: some TapePanelSource, near offset: Int
  ) -> Int {
    let fit = visibleTapeLines
    guard fit > 0, let line = tapePanelLine(holding: calculation, row: row, of: calculations)
    else { return offset }
    let current = clampedTapePanelOffset(offset, of: calculations)
    if line.back < current { return line.back }  // under the panel's bottom: it comes in there
    if line.back >= current + fit { return line.back - fit + 1 }  // above: it comes in at the top
    return current
  }
}
