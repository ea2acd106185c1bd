import CalculatorCore

/// A row of the tape strip as drawn: its text and place.
public struct ShownHistoryRow: Equatable, Sendable {
  /// The row as shown: `"× 1.08"`, `"= 1,345.9"`.
  public var text: String
  /// Where it is drawn, wholly inside the strip.
  public var rect: Rect
  /// A row of a past calculation: smaller and dimmer than the current calculation's.
  public var isPast: Bool
  /// A thin line on its top edge separates its calculation from the earlier one above.
  public var startsCalculation: Bool
  /// Which row of which calculation it is.
  public var source: HistoryStripRow.Source
  /// The row cursor is on it: drawn highlighted.
  public var isSelected = false
  /// Its number is being edited: drawn as the text typed so far.
  public var isEdited = false
}

/// The row of the tape the keyboard's row cursor is on (docs/SPEC.md section 8.5).
///
/// All a drawing of the tape needs: which row to highlight and, while its number is edited,
/// the row's text as typed so far.
public struct TapeSelection: Equatable, Sendable {
  /// The calculation's index on the tape (0 is the oldest).
  public var calculation: Int
  /// Its shown row: its rows, then `= result` last.
  public var row: Int
  /// The row as it shows while its number is edited (`"+ 50."`); nil when it is not.
  public var editedText: String?

  /// The selection of shown row `row` of calculation `calculation`, edited to `editedText`.
  public init(calculation: Int, row: Int, editedText: String? = nil) {
    self.calculation = calculation
    self.row = row
    self.editedText = editedText
  }
}

/// A line of the side tape panel as drawn: its rows' texts and place.
public struct ShownTapeLine: Equatable, Sendable {
  /// The rows on the line, left to right: `["1,200", "× 1.08"]`, `["+ 49.9", "= 1,345.9"]`.
  public var rows: [String]
  /// Where it is drawn, wholly inside the panel, right-aligned.
  public var rect: Rect
  /// A thin line on its top edge separates its calculation from the earlier one above.
  public var startsCalculation: Bool
  /// The calculation it belongs to (0 = oldest on the tape).
  public var calculation: Int
  /// Its first row's index among the calculation's shown rows (0 unless a long calculation
  /// wrapped onto it).
  public var firstRow = 0
  /// Its last row is the calculation's `= result`.
  public var endsCalculation: Bool
  /// The row cursor's row, as an index into `rows`: drawn highlighted.
  public var selectedRow: Int? = nil
  /// The selected row's number is being edited: drawn as the text typed so far.
  public var isEdited = false
  /// A day's header (`Today`, `Yesterday`, the date: docs/SPEC.md section 15.4) in place of
  /// rows, above its day's first calculation.
  public var header: String? = nil

  /// The line as one text, as `circlecalc --history` writes it.
  public var text: String { header ?? rows.joined(separator: " ") }
}

extension HistoryStripRow.Source {
  /// The past calculation the row belongs to (0 = oldest); nil for the current calculation's.
  public var pastCalculation: Int? {
    guard case .past(let calculation, _) = self else { return nil }
    return calculation
  }
}

extension Frame {
  /// The rows the strip shows, top to bottom: the renderer draws them, the window hit-tests
  /// them (`historyRow(at:)`), accessibility lists them.
  public var shownHistoryRows: [ShownHistoryRow] { tape.stripRows(in: layout) }

  /// The largest `tape.offset` this frame's strip scrolls to: the first that shows the oldest
  /// row, in ticks (just after `=` the first tick skips the calculation finished).
  public var maxHistoryOffset: Int {
    let rows = layout.maxHistoryOffset(
      rowCount: tape.stripRowCount,
      pastRowCounts: tape.stripRowCounts)
    return rows > 0 ? max(rows - tape.firstTickSkip, 1) : 0
  }

  /// The `tape.offset` nearest to `offset` that shows the row cursor's row in the strip;
  /// `offset` without a selection, or in a wide window, whose strip holds no finished
  /// calculation.
  public func historyOffset(showingSelectionNear offset: Int) -> Int {
    guard let selection = tape.selection else { return offset }
    return layout.offset(
      showing: selection.calculation, row: selection.row, rowCount: tape.stripRowCount,
      pastRowCounts: tape.stripRowCounts,
      near: min(offset, maxHistoryOffset))
  }

  /// The lines the side panel shows, top to bottom (none outside a wide window).
  public var shownTapeLines: [ShownTapeLine] { tape.panelLines(in: layout) }

  /// The largest `tape.panelOffset` this frame's panel scrolls to.
  public var maxTapePanelOffset: Int {
    layout.tapePanel.isEmpty ? 0 : layout.maxTapePanelOffset(tape.panelCalculations)
  }

  /// `offset` kept within 0…`maxTapePanelOffset`, at the cost of the lines up to it only.
  public func clampedTapePanelOffset(_ offset: Int) -> Int {
    layout.tapePanel.isEmpty ? 0 : layout.clampedTapePanelOffset(offset, of: tape.panelCalculations)
  }

  /// The `tape.panelOffset` nearest to `offset` that shows the row cursor's row in the side
  /// panel; `offset` without a selection or a panel.
  public func panelOffset(showingSelectionNear offset: Int) -> Int {
    guard let selection = tape.selection, !layout.tapePanel.isEmpty else { return offset }
    return layout.tapePanelOffset(
      showing: selection.calculation, row: selection.row, of: tape.panelCalculations, near: offset)
  }
}

extension TapeView {
  /// The rows the strip of `layout` shows, top to bottom: a function of the tape and the layout
  /// alone (`Frame.damage(since:)` formats none when neither changed).
  public func stripRows(in layout: Layout) -> [ShownHistoryRow] {
    let past = stripCalculations
    return layout.shownHistory(
      rowCount: stripRowCount, pastRowCounts: stripRowCounts,
      offset: stripOffset(offset)
    ).map { row in
      let isSelected =
        selection.map { row.source == .past(calculation: $0.calculation, row: $0.row) }
        ?? false
      let edited = isSelected ? selection?.editedText : nil
      let text =
        switch row.source {
        case .current(let index): rows[index]
        case .past(let calculation, let index):
          numbers.localized(edited ?? past[calculation].shownRow(index))
        }
      return ShownHistoryRow(
        text: text, rect: row.rect, isPast: row.isPast, startsCalculation: row.startsCalculation,
        source: row.source, isSelected: isSelected, isEdited: edited != nil)
    }
  }

  /// The lines the side panel of `layout` shows, top to bottom (none outside a wide window): a
  /// function of the tape and the layout alone.
  public func panelLines(in layout: Layout) -> [ShownTapeLine] {
    guard !layout.tapePanel.isEmpty else { return [] }
    let calculations = panelCalculations
    let selection = selection
    return layout.shownTapePanelLines(calculations, offset: panelOffset).map { line in
      let calculation = calculations.calculation(at: line.calculation)
      let selected = selection.flatMap { selection in
        selection.calculation == line.calculation && line.rows.contains(selection.row)
          ? selection.row - line.rows.lowerBound : nil
      }
      return ShownTapeLine(
        rows: line.rows.map { numbers.localized(calculation.shownRow($0)) }, rect: line.rect,
        startsCalculation: line.startsCalculation, calculation: line.calculation,
        firstRow: line.rows.lowerBound,
        endsCalculation: line.rows.upperBound == calculation.shownRowCount,
        selectedRow: selected, isEdited: selected != nil && selection?.editedText != nil,
        header: line.header.flatMap { header in days.map { $0.title(of: header) } })
    }
  }

  /// The day of the strip's top past row while the strip is scrolled back (docs/SPEC.md section
  /// 15.4), as its header shows it at the strip's top: `Today`, `Yesterday`, the date; nil at
  /// rest, without past rows shown, or on a tape without times.
  public func stripDayHeader(of rows: [ShownHistoryRow]) -> String? {
    guard offset > 0, let days, let newest = past.calculations.indices.last,
      past.calculations.id(at: newest).secondsSince1970 != nil,
      let top = rows.lazy.compactMap(\.source.pastCalculation).first
    else { return nil }
    let day = days.day(of: past.calculations.id(at: top))
    return days.title(of: DayHeader(day: day, today: days.today))
  }

  /// The finished calculations as the side panel shows them, oldest first: the row being
  /// edited holds the text typed so far, so its line wraps as it is drawn.
  public var panelCalculations: TapePanelCalculations {
    TapePanelCalculations(
      past.calculations,
      edit: selection.flatMap { selection in
        selection.editedText.map {
          TapePanelCalculations.Edit(
            calculation: selection.calculation, row: selection.row, text: $0)
        }
      }, days: days)
  }
}
