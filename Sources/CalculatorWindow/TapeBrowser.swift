import CalculatorCore
import CalculatorLayout

/// The tape as the window browses it (docs/SPEC.md section 8).
///
/// How far the strip and the side panel are scrolled back, the keyboard's row cursor and its
/// edit, and the last click on a past row. The search of the tape is a part of its own
/// (`SearchLine`).
struct TapeBrowser: Equatable, Sendable {
  /// Rows the strip is scrolled back from rest; kept within 0…`Frame.maxHistoryOffset` by
  /// `scrollHistory`, or on the row cursor's row (`scrollToCursor`).
  var historyOffset = 0
  /// Lines the side tape panel is scrolled back from the newest; kept within
  /// 0…`Frame.maxTapePanelOffset` by `scrollHistory`, or on the row cursor's line
  /// (`scrollToCursor`).
  var panelOffset = 0
  /// The tape's row under the keyboard's row cursor (Up, Down…) and its edit (F2), if any.
  var cursor: TapeCursor?
  /// The last click on a past row of the strip or the side panel, which a second one soon after
  /// makes an edit.
  var click: TapeClick?

  /// The strip and the side panel show the newest rows.
  var isAtRest: Bool { historyOffset == 0 && panelOffset == 0 }

  /// Both return to the newest rows.
  mutating func toRest() {
    historyOffset = 0
    panelOffset = 0
  }
}

/// What a key does while a row of the tape is selected (docs/SPEC.md section 8).
enum TapeCommand: Hashable, Sendable {
  /// Recalls the row's number (commits an edit).
  case choose
  /// Ends the selection (cancels an edit).
  case end
}

// swift-format-ignore
/// The keys that act on the selected row instead of the calculator, without modifiers; the
/// others end the selection and act as usual (or, while a number is edited, type into it).
let tapeBindings: [(keysym: KeySymbol, command: TapeCommand)] = [
  //  keysym                  command
  (.returnKey,                .choose),
  (.kpEnter,                  .choose),
  (.escape,                   .end),
]

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
    guard mode != .tip, let cursor = browser.cursor, let index = tape.index(of: cursor.calculation),
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
  mutating func moveTapeCursor(_ move: TapeMove, at now: Instant) {
    closeOverlays()
    guard mode != .tip else { return }
    if browser.cursor?.edit != nil { return showCue(.refused, at: now) }
    let count = tapeRowCount
    let current = browser.cursor.flatMap(position(of:)) ?? count
    guard count > 0, current < count || ![.newer, .newerPage].contains(move) else { return }
    if !layout.stripShowsPast, move == .olderPage || move == .newerPage {
      browser.cursor = panelPage(older: move == .olderPage)
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
    browser.cursor = cursor(at: min(max(target, 0), count - 1))
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
    guard tapeSelection != nil else { return }
    let frame = tapeFrame
    browser.historyOffset = frame.historyOffset(showingSelectionNear: browser.historyOffset)
    browser.panelOffset = frame.panelOffset(showingSelectionNear: browser.panelOffset)
  }

  /// Ends the selection (an edit in progress is dropped); the strip and the side panel return
  /// to the newest row.
  mutating func endSelection() {
    guard browser.cursor != nil else { return }
    browser.cursor = nil
    browser.historyOffset = 0
    browser.panelOffset = 0
  }
}
