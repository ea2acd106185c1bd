import CalculatorCore
import CalculatorLayout
import Testing

@testable import CalculatorWindow

/// Tab, Shift+Tab and Space over the keypad, and the click an assistive technology performs,
/// decided without an X server.
@Suite struct KeyboardFocusTests {
  let layout = Layout(width: 360, height: 640)

  func state(_ keys: String = "") -> WindowState {
    var calculator = Calculator()
    for key in (try? Key.sequence(keys)) ?? [] { calculator.press(key) }
    return WindowState(calculator: calculator, width: 360, height: 640)
  }

  func cell(_ row: Int, _ column: Int) -> GridPosition { GridPosition(row: row, column: column) }

  @Test func tabRingsTheKeysRowByRowAndWraps() {
    var state = state()
    #expect(state.frame.focused == nil)
    var visited: [GridPosition?] = []
    for _ in 0..<21 {
      state.reduce(.app(.focusNext, keycode: 0))
      visited.append(state.frame.focused)
    }
    let rows = (0..<5).flatMap { row in (0..<4).map { cell(row, $0) } }
    #expect(visited == rows + [cell(0, 0)])
  }

  @Test func shiftTabGoesBackAndStartsAtTheLastKey() {
    var state = state()
    state.reduce(.app(.focusPrevious, keycode: 0))
    #expect(state.focus.cell == cell(4, 3))  // =
    state.reduce(.app(.focusPrevious, keycode: 0))
    #expect(state.focus.cell == cell(4, 2))  // .
    state.reduce(.app(.focusNext, keycode: 0))
    state.reduce(.app(.focusNext, keycode: 0))
    #expect(state.focus.cell == cell(0, 0))  // AC, after wrapping
    state.reduce(.app(.focusPrevious, keycode: 0))
    #expect(state.focus.cell == cell(4, 3))
  }

  /// The open menu has the focus: the ring leaves the key while it shows, and comes back.
  @Test func theRingIsNotDrawnWhileTheMenuIsOpen() {
    var state = state()
    state.reduce(.app(.focusNext, keycode: 0))
    #expect(state.frame.focused == cell(0, 0))
    state.menu.selection = MenuSelection()
    #expect(state.frame.focused == nil)
    state.menu.selection = nil
    #expect(state.frame.focused == cell(0, 0))
  }

  /// Each refusal is counted once, for the screen reader to hear it once; a copy cue is none.
  @Test func refusalsAreCounted() {
    var state = state()
    state.reduce(.app(.mode(.tip), keycode: 0))
    state.reduce(.typeKey(.operation(.subtract), keycode: 20))  // already 1
    state.reduce(.typeKey(.operation(.subtract), keycode: 20))
    #expect(state.cues.refusals == 2)
    #expect(state.cues.shown == .refused)
    state.reduce(.typeKey(.operation(.add), keycode: 21))
    state.reduce(.showCue(.copied, at: .now))
    #expect(state.cues.refusals == 2)
  }

  @Test func spacePressesTheRingedKeyAsAClickDoes() {
    var typed = state("12+")
    var clicked = typed
    typed.reduce(.focus(.cell(cell(1, 0))))  // 7
    typed.reduce(.app(.pressFocused, keycode: 65))
    #expect(typed.calculator.display == "7")
    #expect(typed.frame.pressed == cell(1, 0))  // lit while Space is down
    typed.reduce(.keyReleased(keycode: 65))
    #expect(typed.frame.pressed == nil)
    let seven = layout.circle(at: cell(1, 0)).center
    clicked.reduce(.pointerPressed(at: seven))
    clicked.reduce(.pointerReleased(at: seven))
    clicked.reduce(.focus(.cell(cell(1, 0))))
    #expect(typed == clicked)
  }

  @Test func spaceWithoutARingDoesNothing() {
    var state = state("5")
    let before = state
    state.reduce(.app(.pressFocused, keycode: 65))
    #expect(state == before)
  }

  @Test func theClearCellClearsAsItsLabelSays() {
    var state = state("12+3")
    state.reduce(.focus(.cell(cell(0, 0))))
    state.reduce(.app(.pressFocused, keycode: 65))  // C: the entry only
    #expect(state.calculator.display == "0")
    #expect(state.calculator.history == ["12"])
    state.reduce(.keyReleased(keycode: 65))
    state.reduce(.app(.pressFocused, keycode: 65))  // AC: everything
    #expect(state.calculator == Calculator())
  }

  @Test func aClickWhileTheOverlayShowsOnlyClosesIt() {
    var state = state("9")
    state.reduce(.app(.toggleShortcuts, keycode: 0))
    state.reduce(.click(cell(1, 0)))  // closes the overlay, presses nothing
    #expect(!state.menu.showsShortcuts)
    #expect(state.calculator.display == "9")
    state.reduce(.click(cell(4, 0)))  // ⌨ opens the mode menu
    #expect(state.menu.selection != nil)
    // Tab closes it, as any key does, and moves the ring.
    state.reduce(.app(.focusNext, keycode: 0))
    #expect(state.menu.selection == nil)
    #expect(state.focus.cell == cell(0, 0))
  }

  @Test func switchingModesKeepsTheRingOnTheSameKey() {
    var state = state()
    state.reduce(.focus(.cell(cell(1, 0))))  // 7
    state.reduce(.app(.mode(.scientific), keycode: 0))
    #expect(state.layout.keypad.action(at: state.focus.cell ?? cell(0, 0)) == .key(.digit(.seven)))
    state.reduce(.focus(.cell(cell(0, 0))))  // (, a scientific key
    state.reduce(.app(.mode(.basic), keycode: 0))
    #expect(state.focus.cell == nil)
    state.reduce(.app(.focusPrevious, keycode: 0))
    #expect(state.focus.cell == cell(4, 3))
  }

  /// The ring stays through a resize; a key typed takes the focus back to the display
  /// (docs/SPEC.md section 9.3), and Tab walks the keys from the first again.
  @Test func theRingStaysThroughResizesAndTypingTakesTheFocusToTheDisplay() {
    var state = state()
    state.reduce(.focus(.cell(cell(2, 1))))
    state.reduce(.resize(width: 800, height: 600))
    #expect(state.frame.focused == cell(2, 1))
    state.reduce(.typeKey(.digit(.four), keycode: 13))
    #expect(state.frame.focused == nil)
    #expect(state.calculator.display == "4")
    state.reduce(.app(.focusNext, keycode: 0))
    #expect(state.frame.focused == cell(0, 0))
  }

  /// The ring follows the keyboard only: a mouse click hides it (a ringed operator looked
  /// pending), Space then presses nothing, and the next Tab shows it on the next key.
  @Test func aMouseClickHidesTheRingUntilTheNextTab() {
    var state = state()
    state.reduce(.app(.focusNext, keycode: 0))
    state.reduce(.app(.focusNext, keycode: 0))
    #expect(state.frame.focused == cell(0, 1))
    let seven = layout.circle(at: cell(1, 0)).center
    state.reduce(.mousePressed(at: seven))  // the mouse's press and release on 7
    state.reduce(.pointerReleased(at: seven))
    #expect(state.frame.focused == nil)
    #expect(state.calculator.display == "7")
    state.reduce(.app(.pressFocused, keycode: 65))
    #expect(state.calculator.display == "7")  // ± was not pressed
    state.reduce(.app(.focusNext, keycode: 0))
    #expect(state.frame.focused == cell(0, 2))
    state.reduce(.app(.pressFocused, keycode: 65))
    #expect(state.calculator.display == "0.07")  // % of 7
  }

  /// In Tip & Split a click on a field makes it active without showing the hidden ring there.
  @Test func aClickOnAFieldLeavesTheHiddenRingHidden() {
    var state = state()
    state.reduce(.app(.mode(.tip), keycode: 0))
    state.reduce(.app(.focusNext, keycode: 0))  // from the Bill field, which has the focus
    #expect(state.frame.focusedField == .tipPercent)
    let layout = Layout(width: 360, height: 640, keypad: .tip)
    let people = layout.tipLayout?.rect(of: .people) ?? Rect.zero
    state.reduce(
      .mousePressed(at: Point(x: people.x + people.width / 2, y: people.y + people.height / 2)))
    #expect(state.split.active == .people)
    #expect(state.frame.focusedField == nil)
    #expect(state.frame.focused == nil)
  }
}
