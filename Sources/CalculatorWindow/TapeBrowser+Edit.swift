import CalculatorCore
import CalculatorLayout

extension WindowState {
  /// Return or KP_Enter on the row cursor: commits an edit; else puts the row's number in the
  /// display as a result, as a click does, and ends the selection (`NaN`: the red cue).
  mutating func chooseTapeRow(at now: Instant) {
    guard let cursor = browser.cursor, let selection = tapeSelection else { return endSelection() }
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
    if browser.cursor?.edit != nil {
      browser.cursor?.edit = nil
      scrollToCursor()
    } else {
      endSelection()
    }
  }

  /// F2: edits the selected row's number in place; the red cue when no row is selected, one is
  /// already edited, or the row cannot be (a `= result` row, a first row carried from the
  /// calculation it continues).
  mutating func editSelectedRow(at now: Instant) {
    closeOverlays()
    guard browser.cursor?.edit == nil, let selection = tapeSelection,
      tape.calculations[selection.calculation].isEditable(row: selection.row)
    else { return showCue(.refused, at: now) }
    let row = tape.calculations[selection.calculation].rows[selection.row]
    browser.cursor?.edit = OperandEdit(number: RowParts(row)?.number ?? row)
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
      guard browser.cursor?.edit?.press(key) == true else { return showCue(.refused, at: now) }
      scrollToCursor()  // a longer number may wrap the side panel's line
    }
  }

  /// Return: the edited number goes in its row and the calculation is computed again, with
  /// every one continued from it; the row stays selected and the display is unchanged.
  mutating func commitEdit() {
    guard let cursor = browser.cursor, let edit = cursor.edit else { return }
    browser.cursor?.edit = nil
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
    browser.cursor = TapeCursor(calculation: previous.calculation, row: previous.row)
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
      browser.click = TapeClick(
        calculation: tape.calculations[row.calculation].id, row: row.row, point: point,
        time: now, changedDocument: document != before)
    }
  }

  /// Ctrl+Z: the document as it was before its last change, or with `redo` (Ctrl+Shift+Z,
  /// Ctrl+Y) the change undone last, again; the red cue when there is none.
  ///
  /// While a number is edited, only the edit is cancelled. Afterwards the strip is at rest, or at
  /// the cursor's row while it is there (the side panel moving as little as it takes to show it).
  mutating func undoChange(redo: Bool = false, at now: Instant) {
    closeOverlays()
    if browser.cursor?.edit != nil { return escapeTapeCursor() }
    guard redo ? undo.redo(&document) : undo.undo(&document) else {
      return showCue(.refused, at: now)
    }
    browser.historyOffset = 0
    if tapeSelection == nil {
      browser.cursor = nil
      browser.panelOffset = 0
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
    if tapeSelection == nil { browser.cursor = nil }
    scrollToCursor()
  }

  /// What Ctrl+Shift+C copies: the selected row's calculation (with none, the newest one) on
  /// one line, as `circlecalc --history` prints it; nil with an empty tape.
  var calculationCopyText: String? {
    // Its numbers as the tape shows them, in the locale's form (docs/SPEC.md section 13.3).
    if let selection = tapeSelection {
      return numbers.localized(tape.calculations[selection.calculation].line)
    }
    return tape.calculations.last.map { numbers.localized($0.line) }
  }
}
