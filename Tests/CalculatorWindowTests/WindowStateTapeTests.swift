import CalculatorCore
import CalculatorLayout
import TestSupport
import Testing

@testable import CalculatorWindow

/// The tape (docs/SPEC.md section 8) in the window's state: what goes on the tape, Clear History,
/// the wheel into past calculations and a click on a number in the strip. At 360 × 640 two current
/// rows fit and four past ones.
@Suite struct WindowStateTapeTests {
  let layout = Layout(width: 360, height: 640)

  func state(after keys: String = "") -> WindowState {
    WindowState(calculator: TestSupport.calculator(after: keys), width: 360, height: 640)
  }

  /// The middle of the strip's row that shows `text`, or a point off the window.
  func point(ofRow text: String, in state: WindowState) -> Point {
    guard let row = state.frame.shownHistoryRows.first(where: { $0.text == text }) else {
      Issue.record("no row \(text) in \(state.frame.shownHistoryRows.map(\.text))")
      return Point(x: -1, y: -1)
    }
    return Point(x: row.rect.maxX - 10, y: row.rect.minY + row.rect.height / 2)
  }

  @Test func keysAndClicksThatFinishACalculationPutItOnTheTape() {
    var state = state()
    state.type("1200*1.08+49.9=")
    state.type("=")  // changes nothing: adds nothing
    let equals = layout.circle(
      at: Keypad.basic.position(of: .equals) ?? GridPosition(row: 0, column: 0))
    for key in [Key.digit(.seven), .operation(.divide), .digit(.zero), .equals] {
      let cell = Keypad.basic.position(of: key) ?? GridPosition(row: 0, column: 0)
      state.reduce(.pointerPressed(at: layout.circle(at: cell).center))
      state.reduce(.pointerReleased(at: layout.circle(at: cell).center))
    }
    state.reduce(.pointerPressed(at: equals.center))
    state.reduce(.pointerReleased(at: equals.center))
    let lines = ["1,200 × 1.08 + 49.9 = 1,345.9", "7 ÷ 0 = NaN"]
    #expect(state.tape.calculations.map(\.line) == lines)
  }

  @Test func theStartStateAndPastesAddNothing() {
    var state = state(after: "1+2=")
    #expect(state.tape.isEmpty)
    state.reduce(.paste("5"))
    #expect(state.tape.isEmpty)
  }

  @Test func clearHistoryEmptiesTheTape() {
    var state = state()
    state.type("1+2=3+4=")
    #expect(state.tape.count == 2)
    state.reduce(.toggleMenu)
    state.reduce(.choose(.clearHistory))
    #expect(state.menu.selection == nil)
    #expect(state.tape.isEmpty)
    // The current calculation stays; a new one goes on the empty tape.
    #expect(state.calculator.display == "7")
    state.type("5*6=")
    #expect(state.tape.calculations.map(\.line) == ["5 × 6 = 30"])
  }

  /// At rest the strip shows the tape's newest rows above the current calculation: at 360 × 640
  /// six past rows fit (144u of current rows' room, 24u a past row); the wheel scrolls a row a
  /// tick up to the oldest.
  @Test func atRestThePastShowsAndAClickRecallsAResult() {
    var state = state()
    state.tape = TestSupport.tape(after: "2+3*4=1200*1.08+49.9=")
    #expect(
      state.frame.shownHistoryRows.map(\.text) == [
        "× 4", "= 20", "1,200", "× 1.08", "+ 49.9", "= 1,345.9",
      ])
    #expect(state.frame.shownHistoryRows.allSatisfy { $0.isPast })
    state.reduce(.scrollHistory(olderBy: 1))
    #expect(state.frame.shownHistoryRows.first?.text == "+ 3")
    state.reduce(.scrollHistory(olderBy: 1))
    #expect(
      state.frame.shownHistoryRows.map(\.text) == ["2", "+ 3", "× 4", "= 20", "1,200", "× 1.08"])
    state.reduce(.scrollHistory(olderBy: 1))  // the oldest at the top: it stays
    #expect(state.frame.tape.offset == 2)
    let twenty = point(ofRow: "= 20", in: state)
    state.reduce(.pointerPressed(at: twenty))
    #expect(state.calculator.display == "20")
    #expect(state.calculator.history.isEmpty)
    #expect(state.frame.tape.offset == 0)
    #expect(state.frame.pressed == nil)
    #expect(state.tape.count == 2)
    state.reduce(.pointerReleased(at: twenty))  // the release does nothing more
    #expect(state.calculator.display == "20")
    // An operand works the same: the 1.08 of × 1.08.
    state.reduce(.pointerPressed(at: point(ofRow: "× 1.08", in: state)))
    #expect(state.calculator.display == "1.08")
  }

  @Test func aRecalledNumberAfterAnOperatorIsItsOperand() {
    var state = state()
    state.tape = TestSupport.tape(after: "1200*1.08+49.9=")
    state.type("2*")
    state.reduce(.scrollHistory(olderBy: 1))
    state.reduce(.pointerPressed(at: point(ofRow: "= 1,345.9", in: state)))
    state.type("=")
    #expect(state.calculator.display == "2,691.8")
    #expect(state.tape.calculations.last?.line == "2 × 1,345.9 = 2,691.8")
  }

  @Test func aClickOnNaNGivesTheRedCueAndChangesNothing() {
    var state = state(after: "12")
    state.tape = TestSupport.tape(after: "5/0=")
    state.reduce(.scrollHistory(olderBy: 1))
    let start = Instant.now
    state.reduce(.pointerPressed(at: point(ofRow: "= NaN", in: state), now: start))
    #expect(state.calculator == TestSupport.calculator(after: "12"))
    #expect(state.frame.displayCue == .refused)
    #expect(state.cues.deadlines.end(of: .refusedCue) == start + .milliseconds(600))
  }

  @Test func aClickOnACurrentRowRecallsItAndAboveTheRowsDoesNothing() {
    var state = state(after: "12+34+")
    state.reduce(.pointerPressed(at: point(ofRow: "+ 34", in: state)))
    #expect(state.calculator.display == "34")
    #expect(state.calculator.pendingOperation == .add)
    let strip = layout.historyRect
    var other = self.state(after: "12+34+")
    other.reduce(.pointerPressed(at: Point(x: strip.maxX - 10, y: strip.minY + 2)))
    #expect(other.calculator == TestSupport.calculator(after: "12+34+"))
  }

  @Test func aClickOnTheStripWhileTheMenuIsOpenOnlyClosesIt() {
    var state = state(after: "12+34+")
    state.reduce(.toggleMenu)
    state.reduce(.pointerPressed(at: point(ofRow: "+ 34", in: state)))
    #expect(state.menu.selection == nil)
    #expect(state.calculator == TestSupport.calculator(after: "12+34+"))
  }

  /// Just after `=` the strip shows the calculation the tape's newest one is as the current
  /// one: not a second time above it, dimmed.
  @Test func theCalculationJustFinishedIsNotShownTwice() {
    var state = state()
    state.type("7*8=")
    state.type("3+4=")
    #expect(state.tape.calculations.map(\.line) == ["7 × 8 = 56", "3 + 4 = 7"])
    // Two current rows, three past ones above: everything, so the wheel has nothing to do.
    let everything = ["7", "× 8", "= 56", "3", "+ 4"]
    #expect(state.frame.shownHistoryRows.map(\.text) == everything)
    #expect(state.frame.shownHistoryRows.map(\.isPast) == [true, true, true, false, false])
    state.reduce(.scrollHistory(olderBy: 1))
    #expect(state.frame.shownHistoryRows.map(\.text) == everything)
    // A new number starts a new calculation: both past ones show whole (six past rows).
    state.type("5")
    #expect(
      state.frame.shownHistoryRows.map(\.text) == ["7", "× 8", "= 56", "3", "+ 4", "= 7"])
    // After an operator the result is the first row of a new calculation: the newest past
    // one shows again (the tape: 7 × 8 = 56, 3 + 4 = 7, 3 + 4 = 7; four past rows fit above
    // the current row).
    state.type("c3+4=+")
    #expect(state.frame.shownHistoryRows.map(\.text) == ["= 7", "3", "+ 4", "= 7", "7"])
  }

  /// The wheel scrolls the current rows and the past ones alike, a row a tick.
  @Test func theWheelScrollsARowATick() {
    var state = state(after: "1+2+3+")  // three current rows (108u of 144u), a past row above
    state.tape = TestSupport.tape(after: "7*8=")
    #expect(state.frame.shownHistoryRows.map(\.text) == ["= 56", "1", "+ 2", "+ 3"])
    state.reduce(.scrollHistory(olderBy: 1))
    #expect(state.frame.shownHistoryRows.map(\.text) == ["7", "× 8", "= 56", "1", "+ 2"])
    state.reduce(.scrollHistory(olderBy: 5))
    #expect(state.frame.tape.offset == 1)
    state.reduce(.scrollHistory(olderBy: -1))
    #expect(state.frame.shownHistoryRows.map(\.text) == ["= 56", "1", "+ 2", "+ 3"])
  }
}
