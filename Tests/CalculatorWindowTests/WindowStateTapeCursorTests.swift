import CalculatorCore
import CalculatorLayout
import CalculatorRender
import TestSupport
import Testing

@testable import CalculatorWindow

/// The tape from the keyboard in the window's state (docs/SPEC.md section 8): the row cursor,
/// recall, edit and recompute, undo and redo, the mode menu from the keyboard. Keys go in as the
/// keystrokes the window gets (`.keyPressed`), which the state alone interprets.
@Suite struct WindowStateTapeCursorTests {
  func state(after keys: String = "") -> WindowState {
    var state = WindowState(calculator: Calculator(), width: 360, height: 640)
    state.type(keys)
    return state
  }

  /// Presses keysyms (with modifiers: `ctrl+z`) as the window does, settling each.
  func press(
    _ names: String..., into state: inout WindowState, at now: Instant = .now
  ) {
    state.type(keysyms: names, at: now)
  }

  /// The selected row's text, or nil.
  func selected(_ state: WindowState) -> String? {
    state.frame.shownHistoryRows.first { $0.isSelected }?.text
  }

  @Test func upFourTimesSelectsTheThirdNewestRowsResult() {
    var state = state(after: "1+2=3*4=10-5=")
    var rows: [String?] = []
    for _ in 0..<4 {
      press("Up", into: &state)
      rows.append(selected(state))
    }
    #expect(rows == ["= 5", "− 5", "10", "= 12"])
    press("Down", into: &state)
    #expect(selected(state) == "10")
  }

  @Test func homeEndAndPagesWalkTheWholeTape() {
    var state = state(after: "1+2=3*4=10-5=")
    press("End", into: &state)
    #expect(selected(state) == "= 5")
    press("Home", into: &state)
    #expect(selected(state) == "1")
    press("Up", into: &state)  // the oldest stays
    #expect(selected(state) == "1")
    // A screenful: as many past rows as the strip holds.
    let rows = ["1", "+ 2", "= 3", "3", "× 4", "= 12", "10", "− 5", "= 5"]
    let layout = state.layout
    let page = Int(layout.historyRect.height / layout.pastHistoryRowHeight)
    #expect(page >= 4)
    press("Next", into: &state)
    #expect(selected(state) == rows[min(page, rows.count - 1)])
    press("Prior", into: &state)
    #expect(selected(state) == "1")
    press("End", "Down", into: &state)  // the newest stays
    #expect(selected(state) == "= 5")
  }

  @Test func withoutASelectionDownDoesNothingAndAnEmptyTapeHasNoRows() {
    var state = state(after: "1+2=")
    press("Down", "Next", into: &state)
    #expect(state.browser.cursor == nil)
    var empty = self.state(after: "12+3")
    press("Up", "Home", into: &empty)
    #expect(empty.browser.cursor == nil && selected(empty) == nil)
  }

  @Test func returnRecallsTheNumberAndEndsTheSelection() {
    var state = state(after: "1+2=3*4=10-5=")
    press("Up", "Up", "Up", "Up", "Return", into: &state)
    #expect(state.calculator.display == "12")
    #expect(state.browser.cursor == nil)
    #expect(state.frame.tape.offset == 0)
    #expect(state.tape.count == 3)
    state.type("+1=")
    #expect(state.tape.calculations.last?.line == "12 + 1 = 13")
    // KP_Enter does the same; NaN is refused with the red cue, the row staying selected.
    var nan = self.state(after: "5/0=")
    press("Up", "KP_Enter", into: &nan)
    #expect(nan.calculator.display == "NaN")
    #expect(nan.frame.displayCue == .refused)
    #expect(selected(nan) == "= NaN")
  }

  @Test func escapeEndsTheSelectionUnchanged() {
    var state = state(after: "1+2=3*4=")
    let before = state.document
    press("Up", "Up", "Escape", into: &state)
    #expect(state.browser.cursor == nil)
    #expect(state.document == before)
    #expect(state.frame.tape.offset == 0)
    #expect(state.undo.past.isEmpty || state.undo.past.last != before)
  }

  @Test func anotherKeyEndsTheSelectionAndActs() {
    var state = state(after: "1+2=")
    press("Up", "7", into: &state)
    #expect(state.browser.cursor == nil)
    #expect(state.calculator.display == "7")
  }

  /// The issue's example, key by key: `+ 49.9` becomes `+ 50.1`.
  @Test func theEditExample() {
    var state = state(after: "1200*1.08+49.9=")
    press("Up", "Up", "F2", into: &state)
    #expect(selected(state) == "+ 49.9")
    #expect(state.frame.shownHistoryRows.first { $0.isSelected }?.isEdited == true)
    press("BackSpace", "BackSpace", "BackSpace", "BackSpace", into: &state)
    #expect(selected(state) == "+ 0")
    press("5", "0", "period", "1", into: &state)
    #expect(selected(state) == "+ 50.1")
    press("Return", into: &state)
    #expect(state.tape.calculations.map(\.line) == ["1,200 × 1.08 + 50.1 = 1,346.1"])
    #expect(selected(state) == "+ 50.1")  // still selected
    #expect(state.browser.cursor?.edit == nil)
    #expect(state.calculator.display == "1,345.9")  // the display is unchanged
  }

  @Test func aLinkedChainIsRecomputed() {
    var state = state(after: "2*3=+4=")
    var rows: [String?] = []
    for _ in 0..<6 {
      press("Up", into: &state)
      rows.append(selected(state))
    }
    #expect(rows == ["= 10", "+ 4", "6", "= 6", "× 3", "2"])
    press("Down", "F2", "BackSpace", "5", "Return", into: &state)
    #expect(state.tape.calculations.map(\.line) == ["2 × 5 = 10", "10 + 4 = 14"])
  }

  @Test func resultsAndCarriedRowsAreNotEditable() {
    var state = state(after: "2*3=+4=")
    let start = Instant.now
    press("Up", "F2", into: &state, at: start)  // = 10
    #expect(state.browser.cursor?.edit == nil)
    #expect(state.cues.deadlines.end(of: .refusedCue) == start + .milliseconds(600))
    press("Up", "Up", "F2", into: &state)  // 6, carried from 2 × 3
    #expect(state.browser.cursor?.edit == nil)
    #expect(state.frame.displayCue == .refused)
    press("F2", into: &state)  // nothing selected at all: refused too
    var none = self.state(after: "1+1=")
    press("F2", into: &none)
    #expect(none.frame.displayCue == .refused)
  }

  @Test func aSecondPointOrA21stDigitIsRefusedAndChangesNothing() {
    var state = state(after: "1.5+2=")
    press("Up", "Up", "Up", "F2", into: &state)
    #expect(selected(state) == "1.5")
    press("period", into: &state)
    #expect(selected(state) == "1.5")
    #expect(state.frame.displayCue == .refused)
    press("Escape", into: &state)  // cancels the edit; the row stays selected
    #expect(state.browser.cursor?.edit == nil && selected(state) == "1.5")
    press("F2", "BackSpace", "BackSpace", "BackSpace", into: &state)
    for _ in 0..<20 { press("9", into: &state) }
    #expect(
      state.frame.shownHistoryRows.first { $0.isSelected }?.text.filter(\.isNumber).count == 20)
    var refused = state
    refused.reduce(.expireDeadlines(at: .now + .seconds(1)))
    press("9", into: &refused)
    #expect(refused.frame.displayCue == .refused)
    #expect(refused.browser.cursor == state.browser.cursor)
    press("Escape", "Escape", into: &state)  // the second Escape ends the selection
    #expect(state.browser.cursor == nil)
    #expect(state.tape.calculations.map(\.line) == ["1.5 + 2 = 3.5"])
  }

  @Test func anEditGivingNaNShowsNaN() {
    var state = state(after: "8/2=")
    press("Up", "Up", "F2", "BackSpace", "0", "Return", into: &state)
    #expect(state.tape.calculations.map(\.line) == ["8 ÷ 0 = NaN"])
  }

  @Test func undoAfterAllClearAndRedo() {
    var state = state(after: "12+34")
    press("Escape", into: &state)  // AC
    #expect(state.calculator.display == "0")
    press("ctrl+z", into: &state)
    #expect(state.calculator.display == "34")
    #expect(state.calculator.history == ["12"])
    press("ctrl+shift+z", into: &state)
    #expect(state.calculator.display == "0")
    press("ctrl+z", "ctrl+y", into: &state)
    #expect(state.calculator.display == "0")
    press("ctrl+z", "ctrl+z", "ctrl+z", into: &state)  // AC, 4, 3: back to "12 +"
    #expect(state.calculator == TestSupport.calculator(after: "12+"))
  }

  @Test func clearHistoryIsUndoneAndAnEditToo() {
    var state = state(after: "1+2=3*4=")
    let full = state.tape
    press("F10", "End", "Return", into: &state)  // Clear History from the keyboard
    #expect(state.tape.isEmpty)
    press("ctrl+z", into: &state)
    #expect(state.tape == full)
    press("Up", "Up", "F2", "BackSpace", "5", "Return", into: &state)
    #expect(state.tape.calculations.map(\.line) == ["1 + 2 = 3", "3 × 5 = 15"])
    press("ctrl+z", into: &state)
    #expect(state.tape == full)
    press("ctrl+y", into: &state)
    #expect(state.tape.calculations.map(\.line) == ["1 + 2 = 3", "3 × 5 = 15"])
  }

  @Test func nothingToUndoIsRefused() {
    var state = state()
    press("ctrl+z", into: &state)
    #expect(state.frame.displayCue == .refused)
    #expect(state.cues.refusals == 1)
  }

  @Test func f10OpensTheMenuOnTheCurrentModeAndItsKeysMoveInIt() {
    var state = state(after: "7")
    state.reduce(.app(.mode(.scientific), keycode: 0))
    press("F10", into: &state)
    #expect(
      state.menu.selection == MenuSelection(index: MenuItem.all.firstIndex(of: .mode(.scientific))))
    press("Up", into: &state)  // the arrows belong to the menu
    #expect(
      state.menu.selection == MenuSelection(index: MenuItem.all.firstIndex(of: .mode(.basic))))
    #expect(state.browser.cursor == nil)
    press("End", into: &state)
    #expect(
      state.menu.selection == MenuSelection(index: MenuItem.all.firstIndex(of: .clearHistory)))
    press("Home", into: &state)
    #expect(state.menu.selection == MenuSelection(index: 0))
    press("Menu", into: &state)  // closes it again
    #expect(state.menu.selection == nil)
    press("Menu", "Down", "Return", into: &state)
    #expect(state.mode == .tip)
  }

  @Test func ctrlShiftCCopiesTheSelectedOrTheLastCalculation() {
    var state = state(after: "1200*1.08+49.9=2-3=")
    #expect(state.calculationCopyText == "2 − 3 = -1")
    press("Home", into: &state)
    #expect(state.calculationCopyText == "1,200 × 1.08 + 49.9 = 1,345.9")
    #expect(self.state().calculationCopyText == nil)
    #expect(
      KeyBinding.command(
        for: Keystroke(KeySymbol("C"), modifiers: [.control, .shift], keycode: 54))
        == .action(.copyCalculation))
  }

  @Test func theCursorFollowsItsCalculationThroughAnUndo() {
    var state = state(after: "1+2=3*4=")
    press("Home", into: &state)
    state.type("5+5=")  // ends the selection
    press("Home", into: &state)
    press("ctrl+z", into: &state)  // the = of 5 + 5 undone; 1 + 2 still there
    #expect(selected(state) == "1")
  }

  /// A double click on a past operand edits it; its first click's recall is taken back.
  @Test func aDoubleClickEditsAPastNumber() {
    var state = state(after: "1200*1.08+49.9=7")
    state.reduce(.scrollHistory(olderBy: 1))
    let before = state.document
    guard let row = state.frame.shownHistoryRows.first(where: { $0.text == "× 1.08" }) else {
      Issue.record("no row × 1.08 in \(state.frame.shownHistoryRows.map(\.text))")
      return
    }
    let point = Point(x: row.rect.maxX - 10, y: row.rect.minY + row.rect.height / 2)
    let start = Instant.now
    state.reduce(.pointerPressed(at: point, now: start))
    state.reduce(.pointerReleased(at: point, now: start))
    #expect(state.calculator.display == "1.08")
    state.reduce(.pointerPressed(at: point, now: start + .milliseconds(250)))
    state.reduce(.pointerReleased(at: point, now: start + .milliseconds(250)))
    #expect(state.document == before)
    #expect(selected(state) == "× 1.08")
    #expect(state.browser.cursor?.edit != nil)
    // Too slow: two clicks, two recalls.
    var slow = self.state(after: "1200*1.08+49.9=7")
    slow.reduce(.scrollHistory(olderBy: 1))
    slow.reduce(.pointerPressed(at: point, now: start))
    slow.reduce(.scrollHistory(olderBy: 1))
    slow.reduce(.pointerPressed(at: point, now: start + .milliseconds(600)))
    #expect(slow.browser.cursor == nil)
  }

  /// The accessibility tree names the selected row with its calculation, selected; an edit is
  /// an entry; after the commit the name holds the new result. The row takes no focus (what is
  /// said of it goes through the notification, `SpokenLines`): the display keeps it.
  @Test func theScreenReaderFindsTheRowAndTheNewResult() {
    var state = state(after: "1200*1.08+49.9=")
    press("Up", "Up", into: &state)
    func tree(_ state: WindowState) -> AccessibleElement {
      AccessibleElement(frame: state.frame, isActive: true)
    }
    func row(_ state: WindowState) -> AccessibleElement? {
      tree(state).children.first { $0.role == .list }?.children.first { $0.isSelected }
    }
    #expect(row(state)?.name == "+ 49.9, 1,200 × 1.08 + 49.9 = 1,345.9")
    #expect(row(state)?.isFocused == false && row(state)?.role == .listItem)
    #expect(tree(state).children.first?.isFocused == true)  // the display
    press("F2", "BackSpace", into: &state)
    #expect(row(state)?.role == .entry)
    #expect(row(state)?.text == "+ 49.")
    press("BackSpace", "BackSpace", "BackSpace", "5", "0", "period", "1", "Return", into: &state)
    #expect(row(state)?.name == "+ 50.1, 1,200 × 1.08 + 50.1 = 1,346.1")
    #expect(!tree(state).children.contains { $0.role == .pushButton && $0.isFocused })
  }
}
