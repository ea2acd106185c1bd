import CalculatorCore
import CalculatorLayout
import CalculatorRender

/// The keyboard's row cursor over the tape (docs/SPEC.md section 8): a row of a past
/// calculation, held by the calculation's identity so that it follows it through saves, merges
/// and undos, and the number being edited there.
struct TapeCursor: Equatable, Sendable {
  /// The calculation.
  var calculation: CalculationID
  /// Its shown row: its rows, then `= result` last.
  var row: Int
  /// The number being edited (F2), or nil.
  var edit: OperandEdit?
}

/// A click on a past row of the strip or the side panel: a second one at the same place soon
/// after edits it.
struct TapeClick: Equatable, Sendable {
  /// The row clicked.
  var calculation: CalculationID
  var row: Int
  /// Where and when.
  var point: Point
  var time: Instant
  /// The click put a number in the display: the double click takes that back.
  var changedDocument: Bool
}

extension HistoryStripRow.Source {
  /// A past calculation's row: the calculation's index on the tape and the row; nil for a row
  /// of the current calculation.
  var pastRow: (calculation: Int, row: Int)? {
    guard case .past(let calculation, let row) = self else { return nil }
    return (calculation, row)
  }
}

/// A move of the row cursor: Up, Down, PageUp, PageDown, Home, End.
enum TapeMove: Hashable, Sendable, CaseIterable {
  case older, newer, olderPage, newerPage, oldest, newest
}

extension WindowState {
  /// Two clicks at most this far apart in time are a double click (GTK's default).
  static let doubleClickTime = Duration.milliseconds(400)
  /// …and at most this far apart on the window, in pixels.
  static let doubleClickDistance = 4.0

  /// The row cursor as the frame draws it: the calculation's index on the tape, the row, and
  /// the row's text while its number is edited; nil without a cursor (or in Tip & Split).
  var tapeSelection: TapeSelection? {
    guard mode != .tip, let cursor = tapeCursor, let index = tape.index(of: cursor.calculation),
      cursor.row < tape.calculations[index].shownRowCount
    else { return nil }
    let edited = cursor.edit.flatMap { edit in
      RowParts(tape.calculations[index].shownRow(cursor.row)).map { parts in
        var typed = parts
        typed.number = edit.text
        return typed.text
      }
    }
    return TapeSelection(calculation: index, row: cursor.row, editedText: edited)
  }

  /// How many rows the tape shows: every calculation's rows and `= result`.
  private var tapeRowCount: Int { tape.calculations.shownRowTotal }

  /// The cursor's place among all the tape's rows, oldest first.
  private func position(of cursor: TapeCursor) -> Int? {
    guard let index = tape.index(of: cursor.calculation) else { return nil }
    return tape.calculations.shownRowOffset(of: index) + cursor.row
  }

  /// The cursor on the tape's row `position`, oldest first.
  private func cursor(at position: Int) -> TapeCursor? {
    tape.calculations.shownRow(at: position).map {
      TapeCursor(calculation: tape.calculations.id(at: $0.calculation), row: $0.row)
    }
  }

  /// Up, Down, PageUp (a screenful), PageDown, Home (the oldest row), End (the newest): moves the
  /// row cursor over the tape's rows and scrolls its row into view.
  ///
  /// Without a cursor, the moves start below the newest row (Up selects it; Down and PageDown
  /// do nothing). Nothing in Tip & Split or with an empty tape; the red cue while a number is
  /// being edited. Like any key, it closes the menu and the overlay.
  mutating func moveTapeCursor(_ move: TapeMove, at now: Instant = .now) {
    closeOverlays()
    guard mode != .tip else { return }
    if tapeCursor?.edit != nil { return showCue(.refused, at: now) }
    let count = tapeRowCount
    let current = tapeCursor.flatMap(position(of:)) ?? count
    guard count > 0, current < count || ![.newer, .newerPage].contains(move) else { return }
    if !layout.stripShowsPast, move == .olderPage || move == .newerPage {
      tapeCursor = panelPage(older: move == .olderPage)
      return scrollToCursor()
    }
    // A screenful: the past rows the strip holds.
    let page = max(Int(layout.historyRect.height / max(layout.pastHistoryRowHeight, 1)), 1)
    let target: Int =
      switch move {
      case .older: current - 1
      case .newer: current + 1
      case .olderPage: current - page
      case .newerPage: current + page
      case .oldest: 0
      case .newest: count - 1
      }
    tapeCursor = cursor(at: min(max(target, 0), count - 1))
    scrollToCursor()
  }

  /// PageUp or PageDown in a wide window: the cursor a screenful of the side panel's lines away.
  ///
  /// To the row at the same place from its line's right end (or its line's first row), as
  /// many lines older or newer as the panel holds; past the oldest or the newest line, the
  /// oldest or the newest row. Without a cursor, from below the newest line.
  private func panelPage(older: Bool) -> TapeCursor? {
    let frame = tapeFrame
    let calculations = frame.tape.panelCalculations
    var (back, fromEnd) = (-1, 0)
    if let selection = frame.tape.selection,
      let line = layout.tapePanelLine(
        holding: selection.calculation, row: selection.row, of: calculations)
    {
      (back, fromEnd) = (line.back, line.rows.upperBound - 1 - selection.row)
    }
    let page = max(layout.visibleTapeLines, 1)
    let target = back + (older ? page : -page)
    guard let line = layout.tapePanelLine(back: target, of: calculations) else {
      return cursor(at: target < 0 ? tapeRowCount - 1 : 0)
    }
    return TapeCursor(
      calculation: tape.calculations[line.calculation].id,
      row: max(line.rows.upperBound - 1 - fromEnd, line.rows.lowerBound))
  }

  /// Scrolls the strip, and a wide window's side panel, as little as it takes to show the
  /// cursor's row.
  mutating func scrollToCursor() {
    guard let selection = tapeSelection else { return }
    let frame = tapeFrame
    historyOffset = layout.offset(
      showing: selection.calculation, row: selection.row, rowCount: frame.tape.rows.count,
      pastRowCounts: frame.tape.stripRowCounts,
      near: min(historyOffset, frame.maxHistoryOffset))
    panelOffset = frame.panelOffset(showingSelectionNear: panelOffset)
  }

  /// Ends the selection (an edit in progress is dropped); the strip and the side panel return
  /// to the newest row.
  mutating func endSelection() {
    guard tapeCursor != nil else { return }
    tapeCursor = nil
    historyOffset = 0
    panelOffset = 0
  }

  /// Return or KP_Enter on the row cursor: commits an edit; else puts the row's number in the
  /// display as a result, as a click does, and ends the selection (`NaN`: the red cue).
  mutating func chooseTapeRow(at now: Instant = .now) {
    guard let cursor = tapeCursor, let selection = tapeSelection else { return endSelection() }
    if cursor.edit != nil { return commitEdit() }
    let row = tape.calculations[selection.calculation].shownRow(selection.row)
    guard document.recall(Calculation.number(inRow: row)) else {
      return showCue(.refused, at: now)
    }
    endSelection()
  }

  /// Escape on the row cursor: cancels an edit, the row staying selected; else ends the
  /// selection.
  mutating func escapeTapeCursor() {
    if tapeCursor?.edit != nil {
      tapeCursor?.edit = nil
      scrollToCursor()
    } else {
      endSelection()
    }
  }

  /// F2: edits the selected row's number in place; the red cue when no row is selected, one is
  /// already edited, or the row cannot be (a `= result` row, a first row carried from the
  /// calculation it continues).
  mutating func editSelectedRow(at now: Instant = .now) {
    closeOverlays()
    guard tapeCursor?.edit == nil, let selection = tapeSelection,
      tape.calculations[selection.calculation].isEditable(row: selection.row)
    else { return showCue(.refused, at: now) }
    let row = tape.calculations[selection.calculation].rows[selection.row]
    tapeCursor?.edit = OperandEdit(number: RowParts(row)?.number ?? row)
    scrollToCursor()
  }

  /// A calculator key while a number is edited: digits, `.`, ⌫, ± and C type into it, `=`
  /// commits it and AC cancels it; anything else, or a key the number refuses (a second `.`, a
  /// 21st digit), gives the red cue and changes nothing.
  mutating func editKey(_ key: Key, at now: Instant) {
    switch key {
    case .equals: commitEdit()
    case .allClear: escapeTapeCursor()
    default:
      guard tapeCursor?.edit?.press(key) == true else { return showCue(.refused, at: now) }
      scrollToCursor()  // a longer number may wrap the side panel's line
    }
  }

  /// Return: the edited number goes in its row and the calculation is computed again, with
  /// every one continued from it; the row stays selected and the display is unchanged.
  mutating func commitEdit() {
    guard let cursor = tapeCursor, let edit = cursor.edit else { return }
    tapeCursor?.edit = nil
    document.tape.edit(row: cursor.row, of: cursor.calculation, to: edit.value)
    scrollToCursor()
  }

  /// A double click on a past row that can be edited: edits it; false for any other click.
  ///
  /// The second click comes at the place of the first, soon after it: what the first did (its
  /// number in the display) is taken back, and the strip or the side panel, at rest again after
  /// the first click, scrolls to the row.
  mutating func editOnDoubleClick(
    at point: Point, after previous: TapeClick, now: Instant
  ) -> Bool {
    guard now - previous.time <= WindowState.doubleClickTime,
      abs(point.x - previous.point.x) <= WindowState.doubleClickDistance,
      abs(point.y - previous.point.y) <= WindowState.doubleClickDistance,
      let index = tape.index(of: previous.calculation),
      tape.calculations[index].isEditable(row: previous.row)
    else { return false }
    if previous.changedDocument { undo.revert(&document) }
    tapeCursor = TapeCursor(calculation: previous.calculation, row: previous.row)
    editSelectedRow(at: now)
    return true
  }

  /// A click on the tape: `number` (a strip row's, a side panel line's result) goes to the
  /// display as a result (`NaN`, or a number right after `)`, give the red cue from `now`); the
  /// past row under the click, if any, is kept for a double click.
  mutating func clickTape(
    recalling number: String, row: (calculation: Int, row: Int)?, at point: Point,
    now: Instant
  ) {
    endSelection()
    let before = document
    if !document.recall(number) { showCue(.refused, at: now) }
    if let row, tape.calculations.indices.contains(row.calculation) {
      tapeClick = TapeClick(
        calculation: tape.calculations[row.calculation].id, row: row.row, point: point,
        time: now, changedDocument: document != before)
    }
  }

  /// Ctrl+Z: the document as it was before its last change, or with `redo` (Ctrl+Shift+Z,
  /// Ctrl+Y) the change undone last, again; the red cue when there is none.
  ///
  /// While a number is edited, only the edit is cancelled. Afterwards the strip is at rest, or at
  /// the cursor's row while it is there (the side panel moving as little as it takes to show it).
  mutating func undoChange(redo: Bool = false, at now: Instant = .now) {
    closeOverlays()
    if tapeCursor?.edit != nil { return escapeTapeCursor() }
    guard redo ? undo.redo(&document) : undo.undo(&document) else {
      return showCue(.refused, at: now)
    }
    historyOffset = 0
    if tapeSelection == nil {
      tapeCursor = nil
      panelOffset = 0
    }
    scrollToCursor()
  }

  /// The tape as saved, holding what other windows changed since this one last read or wrote
  /// the file: shown, and brought into every state undo keeps, so that undo and redo take back
  /// only this window's own changes.
  mutating func absorb(saved: HistoryTape) {
    guard saved != tape else { return }
    let mine = tape
    var last: (tape: HistoryTape, merged: HistoryTape)?  // neighbours share their tape
    undo.rebase { state in
      var state = state
      if let last, state.tape == last.tape {
        state.tape = last.merged
      } else {
        let merged = HistoryTape.merged(base: mine, mine: state.tape, theirs: saved)
        last = (state.tape, merged)
        state.tape = merged
      }
      return state
    }
    document.tape = saved
    if tapeSelection == nil { tapeCursor = nil }
    scrollToCursor()
  }

  /// What Ctrl+Shift+C copies: the selected row's calculation (with none, the newest one) on
  /// one line, as `circlecalc --history` prints it; nil with an empty tape.
  var calculationCopyText: String? {
    if let selection = tapeSelection { return tape.calculations[selection.calculation].line }
    return tape.calculations.last?.line
  }
}
