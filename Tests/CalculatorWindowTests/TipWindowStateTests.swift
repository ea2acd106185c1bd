import CalculatorCore
import CalculatorLayout
import CalculatorRender
import TestSupport
import Testing

@testable import CalculatorWindow

/// Tip & Split in the window (docs/SPEC.md sections 5 and 7), decided without an X server.
@Suite struct TipWindowStateTests {
  func state(after keys: String = "", mode: Mode = .basic) -> WindowState {
    WindowState(
      calculator: TestSupport.calculator(after: keys), mode: mode, width: 360, height: 640)
  }

  func split(_ keys: String) throws -> TipCalculator {
    var split = TipCalculator()
    for key in try TipKey.sequence(keys) { split.press(key) }
    return split
  }

  func center(of action: KeypadAction, in state: WindowState) -> Point {
    let layout = state.layout
    guard let cell = layout.keypad.position(of: action) else { return Point(x: -1, y: -1) }
    return layout.circle(at: cell).center
  }

  func click(_ action: KeypadAction, in state: inout WindowState) {
    let point = center(of: action, in: state)
    state.reduce(.mousePressed(at: point))
    state.reduce(.pointerReleased(at: point))
  }

  func click(_ field: TipField, in state: inout WindowState) throws {
    let box = try #require(state.layout.tipLayout).rect(of: field)
    state.reduce(
      .mousePressed(at: Point(x: box.minX + box.width / 2, y: box.minY + box.height / 2)))
  }

  @Test func ctrl3TakesTheResultAsTheBillOnceAndKeepsBothCalculators() throws {
    var state = state(after: "40+44.5=")
    state.reduce(.app(.mode(.tip), keycode: 0))
    #expect(state.mode == .tip)
    #expect(state.split.state.text.contains(#""bill":"84.50""#))
    #expect(state.calculator == TestSupport.calculator(after: "40+44.5="))
    // The user types another bill; a look at the calculator and back keeps it.
    state.reduce(.typeKey(.digit(.six), keycode: 10))
    state.reduce(.typeKey(.digit(.zero), keycode: 11))
    state.reduce(.app(.mode(.basic), keycode: 0))
    state.reduce(.app(.mode(.tip), keycode: 0))
    #expect(state.split.shownText(of: .bill) == "60")  // still typed into, as it was left
    // A new calculation leaves the bill entered (docs/SPEC.md section 7.3)…
    state.reduce(.app(.mode(.basic), keycode: 0))
    for key in try Key.sequence("*2=") { state.reduce(.typeKey(key, keycode: 10)) }
    state.reduce(.app(.mode(.tip), keycode: 0))
    #expect(state.split.shownText(of: .bill) == "60")
    // …and is offered to an empty bill.
    state.reduce(.typeKey(.allClear, keycode: 9))
    state.reduce(.app(.mode(.basic), keycode: 0))
    for key in try Key.sequence("*2=") { state.reduce(.typeKey(key, keycode: 10)) }
    state.reduce(.app(.mode(.tip), keycode: 0))
    #expect(state.split.shownText(of: .bill) == "338.00")
    #expect(state.calculator == TestSupport.calculator(after: "40+44.5=*2=*2="))
  }

  @Test func switchingModesKeepsTheTipState() throws {
    var state = state(after: "7")
    state.reduce(.app(.mode(.tip), keycode: 0))
    // A number typed without `=` is taken too (docs/SPEC.md section 7.3).
    #expect(state.split.state.text.contains(#""bill":"7.00""#))
    state.split = try split("50[t20][p+]")
    state.reduce(.app(.mode(.scientific), keycode: 0))
    state.reduce(.app(.mode(.tip), keycode: 0))
    #expect(state.split == (try split("50[t20][p+]")))
    #expect(state.calculator == TestSupport.calculator(after: "7"))
  }

  @Test func theKeyboardTypesIntoTheActiveFieldAndLightsItsCircle() throws {
    var state = state(mode: .tip)
    for (index, key) in try Key.sequence("84.5++").enumerated() {
      state.reduce(.typeKey(key, keycode: UInt32(20 + index)))
    }
    #expect(state.split == (try split("84.5[p+][p+]")))
    let plus = state.layout.keypad.position(of: KeypadAction.tip(.people(.more)))
    #expect(state.frame.pressed == plus)
    state.reduce(.keyReleased(keycode: 25))
    #expect(state.frame.pressed == nil)
    // Keys with no meaning here change nothing and light nothing.
    let before = state.split
    for key in try Key.sequence("*=%n") { state.reduce(.typeKey(key, keycode: 30)) }
    #expect(state.split == before && state.frame.pressed == nil && state.cues.shown == nil)
    state.reduce(.typeKey(.allClear, keycode: 31))
    #expect(state.split == (try split("84.5[p+][p+]a")))
  }

  @Test func aKeyPastALimitShowsTheRedCueUntilTheNextKey() throws {
    var state = state(mode: .tip)
    let now = Instant.now
    state.reduce(.typeKey(.operation(.subtract), keycode: 10, at: now))  // − at 1 person
    #expect(state.cues.shown == .refused)
    #expect(state.split == TipCalculator())
    #expect(state.cues.deadlines.end(of: .refusedCue) == now + .milliseconds(600))
    state.reduce(.userActed)
    state.reduce(.typeKey(.digit(.one), keycode: 11, at: now))
    #expect(state.cues.shown == nil)
    // A click past a limit too: + at 99.
    state.split = try split("[people]99")
    click(.tip(.people(.more)), in: &state)
    #expect(state.cues.shown == .refused)
    #expect(state.split == (try split("[people]99")))
    #expect(state.frame.displayCue == .refused)
  }

  @Test func clicksTypeDigitsPickPresetsAndChangePeople() throws {
    var state = state(mode: .tip)
    for action: KeypadAction in [
      .tip(.digit(.four)), .tip(.digit(.two)), .tip(.point), .tip(.digit(.five)),
      .tip(.preset(.twenty)), .tip(.people(.more)), .tip(.people(.more)), .tip(.backspace),
    ] {
      click(action, in: &state)
    }
    #expect(state.split == (try split("42.5[t20][p+][p+]b")))
    #expect(state.split.perPersonText == "16.80")  // 42.00 + 8.40 = 50.40 ÷ 3
    click(.modes, in: &state)
    #expect(state.menu.selection == MenuSelection())
  }

  @Test func aClickOnAFieldMakesItActive() throws {
    var state = state(mode: .tip)
    try click(.people, in: &state)
    #expect(state.split.active == .people && state.frame.pressed == nil)
    click(.tip(.digit(.four)), in: &state)
    try click(.tipPercent, in: &state)
    click(.tip(.digit(.nine)), in: &state)
    #expect(state.split == (try split("[people]4[tip]9")))
    #expect(state.frame.focusedField == nil)  // no ring before a Tab
  }

  @Test func tabRingsTheFieldsThenTheKeysAndFocusingAFieldMakesItActive() throws {
    var state = state(after: "", mode: .tip)
    state.split = try split("12")
    // The Bill field being typed into has the focus: the first Tab rings the next, Tip
    // (docs/SPEC.md section 9.3).
    state.reduce(.app(.focusNext, keycode: 0))
    #expect(state.frame.focusedField == .tipPercent && state.frame.focused == nil)
    #expect(state.split.active == .tipPercent)
    #expect(state.split.shownText(of: .bill) == "12.00")  // left: its value
    // The field was just focused: 3 replaces 15.
    state.reduce(.typeKey(.digit(.three), keycode: 10))
    #expect(state.split.shownText(of: .tipPercent) == "3%")
    #expect(state.frame.focusedField == .tipPercent)
    state.reduce(.app(.focusPrevious, keycode: 0))
    #expect(state.frame.focusedField == .bill && state.split.active == .bill)
    state.reduce(.app(.focusNext, keycode: 0))
    #expect(state.frame.focusedField == .tipPercent && state.split.active == .tipPercent)
    state.reduce(.app(.focusNext, keycode: 0))
    #expect(state.frame.focusedField == .people)
    state.reduce(.app(.focusNext, keycode: 0))  // on to the keys: the 10% preset
    #expect(state.frame.focusedField == nil)
    #expect(state.frame.focused == GridPosition(row: 0, column: 0))
    #expect(state.split.active == .people)  // the active field stays
    state.reduce(.app(.pressFocused, keycode: 65))  // Space
    #expect(state.split.tipPercentText == "10")
    state.reduce(.app(.focusPrevious, keycode: 0))
    #expect(state.frame.focusedField == .people && state.frame.focused == nil)
    // Shift+Tab from the first stop wraps to the last key, +.
    state.reduce(.app(.focusPrevious, keycode: 0))
    state.reduce(.app(.focusPrevious, keycode: 0))
    state.reduce(.app(.focusPrevious, keycode: 0))
    #expect(state.frame.focused == GridPosition(row: 4, column: 3))
    // A click on a field makes it the active one and hides the ring, which follows the
    // keyboard only; the next Tab shows it again, moving on from the field clicked.
    try click(.tipPercent, in: &state)
    #expect(state.split.active == .tipPercent)
    #expect(state.frame.focusedField == nil && state.frame.focused == nil)
    state.reduce(.app(.focusNext, keycode: 0))
    #expect(state.frame.focusedField == .people)
    // The calculator's modes have no fields in the ring.
    state.reduce(.app(.mode(.basic), keycode: 0))
    #expect(state.frame.focusedField == nil)
    state.reduce(.app(.focusNext, keycode: 0))
    #expect(state.frame.focused == GridPosition(row: 0, column: 0))
  }

  @Test func aFirstShiftTabRingsTheLastKey() {
    var state = state(mode: .tip)
    state.reduce(.app(.focusPrevious, keycode: 0))
    #expect(state.frame.focused == GridPosition(row: 4, column: 3))
  }

  @Test func pasteGoesToTheActiveFieldAndCopyTakesThePerPersonAmount() throws {
    var state = state(after: "12", mode: .tip)
    // An 11th integer digit, a third decimal: refused, each a red cue, the bill kept.
    let refusals = ["1,234.5", "12345678901", "2.345"].map { text in
      state.reduce(.paste(text))
      return state.cues.refusals
    }
    #expect(refusals == [0, 1, 2])
    #expect(state.split.shownText(of: .bill) == "1,234.50")
    state.split.press(.people(.more))
    #expect(state.copyText == "709.84")  // 1,234.50 + 185.18 (a tie, up) = 1,419.68, ÷ 2
    #expect(state.calculator == TestSupport.calculator(after: "12"))
    state.reduce(.app(.mode(.basic), keycode: 0))
    #expect(state.copyText == "12")
  }

  @Test func tipModeGrowsAWindowBelowItsMinimumAndHasNoStripToScroll() throws {
    // Tip & Split needs 272 × 500 at 96 dpi: a 852 × 393 window grows only in height.
    var state = WindowState(
      calculator: TestSupport.calculator(after: "1+2+3+4+5="), mode: .scientific, width: 852,
      height: 393)
    #expect(
      requestedSize(state.reduce(.app(.mode(.tip), keycode: 0)))
        == PixelSize(width: 852, height: 500))
    state.reduce(.scrollHistory(olderBy: 2))
    #expect(state.frame.tape.offset == 0)
    #expect(state.frame.tipScreen == TipScreen(state.split) && state.frame.mode == .tip)
  }

  @Test func theShortcutsOverlayInTipModeListsItsOwnKeys() {
    var state = state(mode: .tip)
    state.reduce(.app(.toggleShortcuts, keycode: 0))
    #expect(state.frame.shortcuts == KeyBinding.shortcutLines(for: .tip))
    state.reduce(.typeKey(.allClear, keycode: 9))  // Escape closes it and clears nothing
    #expect(state.frame.shortcuts == nil && state.split == TipCalculator())
  }
}
