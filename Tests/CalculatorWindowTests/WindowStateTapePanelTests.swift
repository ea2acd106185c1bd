import CalculatorCore
import CalculatorLayout
import CalculatorRender
import TestSupport
import Testing

@testable import CalculatorWindow

/// The row cursor over a wide window's side panel (docs/SPEC.md section 8.5), as over the
/// strip: the row highlighted in its line and edited there, the panel scrolled as little as it
/// takes to show the row's line, PageUp and PageDown by the panel's screenful of lines, a
/// double click on a row editing it. Keys go in as the keystrokes the window gets.
@Suite struct WindowStateTapePanelTests {
  /// The renderer, whose fonts place a panel line's rows.
  nonisolated(unsafe) static let renderer = Renderer()

  /// 1600 × 500: a side panel of one-line calculations.
  func state(after keys: String = "", width: Int = 1600, height: Int = 500) -> WindowState {
    var state = WindowState(
      calculator: Calculator(), width: width, height: height,
      measure: Self.renderer.tapeTextExtents)
    state.type(keys)
    return state
  }

  func press(
    _ names: String..., into state: inout WindowState, at now: Instant = .now
  ) {
    state.type(keysyms: names, at: now)
  }

  /// The panel's line holding the selected row, and that row's text as shown.
  func selected(_ state: WindowState) -> String? {
    state.frame.shownTapeLines.lazy.compactMap { line in line.selectedRow.map { line.rows[$0] } }
      .first
  }

  /// Thirty calculations `n + 1 = n + 1`, n from 1 to 30: a line each.
  static let thirty = (1...30).map { "\($0)+1=" }.joined()

  /// Up walks every row, newest first; while the row's calculation is among the `fit` newest
  /// lines the panel stays at rest, then it follows a line a calculation (docs/SPEC.md section
  /// 8.5: as little as it takes); the strip keeps the current calculation alone.
  @Test func upWalksThePanelAndScrollsItALineACalculation() {
    var state = state(after: Self.thirty)
    #expect(state.layout.arrangement == .wide)
    let fit = state.layout.visibleTapeLines
    #expect(fit >= 4 && fit < 30)
    for back in 0..<30 {
      let n = 30 - back
      for text in ["= \(n + 1)", "+ 1", "\(n)"] {
        press("Up", into: &state)
        #expect(selected(state) == text, "\(back)")
        #expect(state.browser.panelOffset == max(0, back - fit + 1), "\(back) \(text)")
      }
    }
    #expect(state.frame.shownTapeLines.first?.text == "1 + 1 = 2")
    #expect(state.frame.shownHistoryRows.allSatisfy { !$0.isPast })
    // Down: the panel stays until the line would leave its bottom.
    for back in (0..<30).reversed() {
      press("Down", "Down", "Down", into: &state)
      #expect(state.browser.panelOffset == min(30 - fit, max(0, back - 1)), "\(back)")
    }
    #expect(selected(state) == "= 31")
    press("Escape", into: &state)
    #expect(state.browser.cursor == nil && state.browser.panelOffset == 0)
  }

  /// PageUp and PageDown move a screenful of lines (`fit`): to the row at the same place from
  /// its line's right end; past the oldest or the newest line, to the oldest or newest row.
  @Test func pagesMoveByThePanelsScreenfulOfLines() {
    let count = 60
    var state = state(after: (1...count).map { "\($0)+1=" }.joined())
    let fit = state.layout.visibleTapeLines
    #expect(2 * fit < count)
    press("Prior", into: &state)  // from below the newest line: fit − 1 lines back
    #expect(selected(state) == "= \(count - (fit - 1) + 1)")
    #expect(state.browser.panelOffset == 0)
    press("Up", "Prior", into: &state)  // + 1, 2·fit − 1 lines back: the panel moves fit lines
    #expect(selected(state) == "+ 1")
    #expect(state.browser.cursor?.calculation == state.tape.calculations[count - 2 * fit].id)
    #expect(state.browser.panelOffset == fit)
    press("Next", into: &state)
    #expect(state.browser.cursor?.calculation == state.tape.calculations[count - fit].id)
    #expect(selected(state) == "+ 1" && state.browser.panelOffset == fit - 1)
    press("Home", into: &state)
    #expect(selected(state) == "1" && state.browser.panelOffset == count - fit)
    press("Prior", into: &state)  // nothing older: the oldest row stays
    #expect(selected(state) == "1")
    for _ in 0...(count / fit) { press("Next", into: &state) }
    #expect(selected(state) == "= \(count + 1)" && state.browser.panelOffset == 0)
  }

  /// docs/SPEC.md section 8.6 in the panel: the edit shows there as typed, the panel stays on
  /// it through every key, and Return recomputes; Ctrl+Z and Ctrl+Y keep it in view.
  @Test func theEditExampleInThePanel() {
    var state = state(after: "1200*1.08+49.9=" + Self.thirty)
    press("Home", "Down", "Down", "F2", into: &state)
    let top = 31 - state.layout.visibleTapeLines
    #expect(state.browser.panelOffset == top)
    #expect(state.frame.shownTapeLines.first { $0.selectedRow != nil }?.isEdited == true)
    press("BackSpace", "BackSpace", "BackSpace", "BackSpace", into: &state)
    #expect(selected(state) == "+ 0")
    press("5", "0", "period", "1", into: &state)
    #expect(selected(state) == "+ 50.1" && state.browser.panelOffset == top)
    press("Return", into: &state)
    #expect(state.tape.calculations.first?.line == "1,200 × 1.08 + 50.1 = 1,346.1")
    #expect(state.frame.shownTapeLines.first?.text == "1,200 × 1.08 + 50.1 = 1,346.1")
    #expect(selected(state) == "+ 50.1" && state.browser.panelOffset == top)
    press("ctrl+z", into: &state)
    #expect(selected(state) == "+ 49.9" && state.browser.panelOffset == top)
    press("ctrl+y", into: &state)
    #expect(selected(state) == "+ 50.1" && state.browser.panelOffset == top)
    // The wheel scrolls the panel away; the next move brings the row back in at the top.
    state.reduce(.scrollHistory(olderBy: -5, at: Point(x: 20, y: 250)))
    #expect(state.browser.panelOffset == top - 5)
    press("Up", into: &state)
    #expect(selected(state) == "× 1.08" && state.browser.panelOffset == top)
  }

  /// A number too long for its line wraps the line while it is typed: the panel follows the
  /// row onto its new line. At 620 × 500 (see `SelectedPanelRowRenderTests`) twenty grouped
  /// digits take a line of their own, pushing `= 1,345.9` onto one more.
  @Test func aLongEditWrapsAndThePanelFollows() {
    var state = state(after: "1200*1.08+49.9=", width: 620, height: 500)
    press("Up", "Up", "F2", "BackSpace", "BackSpace", "BackSpace", "BackSpace", into: &state)
    for digit in "12345678901234567890" { press(String(digit), into: &state) }
    let lines = state.frame.shownTapeLines
    #expect(
      lines.map(\.rows) == [["1,200", "× 1.08"], ["+ 12,345,678,901,234,567,890"], ["= 1,345.9"]])
    #expect(lines.map(\.selectedRow) == [nil, 0, nil])
    press("Escape", into: &state)
    #expect(state.frame.shownTapeLines.map(\.text) == ["1,200 × 1.08 + 49.9 = 1,345.9"])
    #expect(selected(state) == "+ 49.9")
  }

  /// A click on a line recalls its result; a second click on the same row soon after takes
  /// that back and edits the row (where its glyphs are: the renderer's measure, the layout's
  /// placement).
  @Test func aDoubleClickOnAPanelRowEditsIt() throws {
    var state = state(after: "1200*1.08+49.9=7")
    let before = state.document
    let line = try #require(state.frame.shownTapeLines.first)
    let fit = state.layout.tapeLineFit(line, measure: Self.renderer.tapeTextExtents)
    let y = line.rect.minY + line.rect.height / 2
    let second = Point(x: (fit.spans[1].lowerBound + fit.spans[1].upperBound) / 2, y: y)
    let third = Point(x: (fit.spans[2].lowerBound + fit.spans[2].upperBound) / 2, y: y)
    let leftOfText = Point(x: fit.spans[0].lowerBound - 20, y: y)
    #expect(line.rect.contains(leftOfText))
    let start = Instant.now
    state.reduce(.mousePressed(at: second, now: start))
    state.reduce(.pointerReleased(at: second, now: start))
    #expect(state.calculator.display == "1,345.9")
    state.reduce(.mousePressed(at: second, now: start + .milliseconds(250)))
    state.reduce(.pointerReleased(at: second, now: start + .milliseconds(250)))
    #expect(state.document == before)
    #expect(selected(state) == "× 1.08")
    #expect(state.browser.cursor?.edit != nil)
    // Beside the rows, or too slow: two clicks, two recalls.
    for (point, gap) in [(leftOfText, 250), (second, 600)] {
      var other = self.state(after: "1200*1.08+49.9=7")
      other.reduce(.mousePressed(at: point, now: start))
      other.reduce(.mousePressed(at: point, now: start + .milliseconds(gap)))
      #expect(other.browser.cursor == nil && other.calculator.display == "1,345.9")
    }
    // A click on the panel ends an edit as a click on the strip does.
    press("Escape", into: &state)
    #expect(state.browser.cursor != nil && state.browser.cursor?.edit == nil)
    state.reduce(.mousePressed(at: third, now: start + .seconds(2)))
    #expect(state.browser.cursor == nil && state.calculator.display == "1,345.9")
  }

  /// A key off the tape ends the selection and the panel returns to rest; a resize keeps the
  /// row in view.
  @Test func keysAndResizesKeepThePanelOnTheCursor() {
    var state = state(after: Self.thirty)
    press("Home", into: &state)
    let top = 30 - state.layout.visibleTapeLines
    #expect(state.browser.panelOffset == top)
    state.reduce(.resize(width: 1000, height: 300))  // the panel's lines scale with the window
    #expect(state.layout.arrangement == .wide)
    #expect(
      state.browser.panelOffset == 30 - state.layout.visibleTapeLines
        && state.browser.panelOffset == top)
    press("7", into: &state)
    #expect(state.browser.cursor == nil && state.browser.panelOffset == 0)
  }
}
