import CalculatorCore
import CalculatorLayout
import TestSupport
import Testing

@testable import CalculatorWindow

/// What keyboard and screen-reader users met (docs/SPEC.md sections 7.3, 9.3 and 9.5): the
/// Tip & Split fields walked with Tab, the bill a user entered kept, and where-am-I after keys
/// typed, decided without an X server.
@Suite struct KeyboardTripsTests {
  /// The element a screen reader's where-am-I reads: the one focused one of the tree.
  func focused(_ state: WindowState) -> [AccessibleElement] {
    func walk(_ element: AccessibleElement) -> [AccessibleElement] {
      (element.isFocused ? [element] : []) + element.children.flatMap(walk)
    }
    return walk(AccessibleElement(frame: state.frame, isActive: true))
  }

  /// What the focused element reads as: its name, and an entry's text.
  func reading(_ state: WindowState) -> [String] {
    focused(state).map { element in element.text.map { "\(element.name) \($0)" } ?? element.name }
  }

  func tip(after keys: String = "") -> WindowState {
    var state = WindowState(
      calculator: TestSupport.calculator(after: keys), width: 360, height: 640)
    state.reduce(.app(.mode(.tip), keycode: 0))
    return state
  }

  /// The walk a screen-reader user makes (84.5, Tab, 18, Tab, 3): each Tab moves the focus to
  /// the next field, and each number lands in the field the Tab reached. docs/SPEC.md section 7.2
  /// by hand: 84.50 at 18% tips 15.21, 99.71 for 3 people is 33.236…, rounded up 33.24.
  @Test func tabWalksBillTipPeopleAndEachNumberLandsInTheFieldReached() throws {
    var state = tip()
    #expect(reading(state) == ["Bill 0.00"])
    state.type("84.5")
    #expect(reading(state) == ["Bill 84.5"])
    state.reduce(.app(.focusNext, keycode: 0))
    #expect(reading(state) == ["Tip 15%"])
    #expect(state.frame.focusedField == .tipPercent)
    state.type("18")
    #expect(reading(state) == ["Tip 18%"])
    state.reduce(.app(.focusNext, keycode: 0))
    #expect(reading(state) == ["People 1"])
    state.type("3")
    #expect(
      state.split.state.text
        == #"{"mode":"tip","bill":"84.50","tipPercent":"18","people":3,"tip":"15.21","#
        + #""total":"99.71","perPerson":"33.24","active":"people"}"#)
    // Shift+Tab walks back, the field reached typed into next.
    state.reduce(.app(.focusPrevious, keycode: 0))
    #expect(reading(state) == ["Tip 18%"])
    state.type("20")
    #expect(state.split.tipPercentText == "20")
    #expect(state.split.state.text.contains(#""people":3"#))
  }

  /// No silent stop: from wherever the focus is, every Tab and Shift+Tab moves it to another
  /// element, in every mode, after typing and after clicks alike.
  @Test(arguments: [Mode.basic, .scientific, .tip])
  func everyTabMovesTheFocus(mode: Mode) {
    var state = WindowState(calculator: Calculator(), mode: mode, width: 800, height: 640)
    var generator = TestSupport.SeededGenerator(seed: 51)
    for step in 0..<200 {
      switch Int.random(in: 0..<6, using: &generator) {
      case 0: state.type("7")
      case 1:
        // The mouse's click on a key, which hides the ring.
        if let cell = state.layout.positions.randomElement(using: &generator) {
          let centre = state.layout.circle(at: cell).center
          state.reduce(.mousePressed(at: centre))
          state.reduce(.pointerReleased(at: centre))
        }
      default:
        let before = focused(state)
        let back = Bool.random(using: &generator)
        state.reduce(.app(back ? .focusPrevious : .focusNext, keycode: 0))
        let after = focused(state)
        #expect(after.count == 1, "\(mode) step \(step)")
        #expect(before != after, "\(mode) step \(step): \(after.map(\.name))")
      }
    }
  }

  /// Keys typed take the focus off the keys to the display, so where-am-I reads `15` after
  /// `7+8=`; Tab then rings the first key again, Shift+Tab the last. Space on the ringed key
  /// keeps the ring where it is.
  @Test func keysTypedBringTheFocusBackToTheDisplay() {
    var state = WindowState(calculator: Calculator(), width: 360, height: 640)
    state.reduce(.app(.focusNext, keycode: 0))
    state.reduce(.app(.focusNext, keycode: 0))
    #expect(reading(state) == ["plus minus"])
    state.type("7+8=")
    #expect(reading(state) == ["15"])
    #expect(state.frame.focused == nil)
    state.reduce(.app(.focusNext, keycode: 0))
    #expect(reading(state) == ["clear"])
    state.reduce(.app(.pressFocused, keycode: 65))  // Space: C, which then says AC
    state.reduce(.keyReleased(keycode: 65))
    #expect(reading(state) == ["all clear"])
    state.type("9")
    #expect(reading(state) == ["9"])
    state.reduce(.app(.focusPrevious, keycode: 0))
    #expect(reading(state) == ["equals"])
  }

  /// In Tip & Split a key typed with the ring on a key takes the focus back to the active
  /// field, which the digit goes into.
  @Test func inTipAndSplitKeysTypedBringTheFocusBackToTheActiveField() {
    var state = tip()
    state.reduce(.app(.focusPrevious, keycode: 0))
    #expect(reading(state) == ["more people"])
    state.type("42")
    #expect(reading(state) == ["Bill 42"])
    state.reduce(.app(.focusNext, keycode: 0))
    #expect(reading(state) == ["Tip 15%"])
  }

  /// docs/SPEC.md section 7.3: the bill a user entered stays through a calculation in
  /// Scientific (1234 × 5678 = 7,006,652) and back; only an empty bill takes the result, or a
  /// number typed.
  @Test func theBillEnteredIsKeptAcrossScientificAndBack() {
    var state = tip()
    state.type("84.5")
    state.reduce(.app(.mode(.scientific), keycode: 0))
    state.type("1234*5678=")
    #expect(state.calculator.display == "7,006,652")
    state.reduce(.app(.mode(.tip), keycode: 0))
    #expect(state.split.state.text.contains(#""bill":"84.50""#))
    // Emptied with AC, the bill takes the next number offered: 12.5 typed, no `=`.
    state.reduce(.typeKey(.allClear, keycode: 9))
    state.reduce(.app(.mode(.basic), keycode: 0))
    state.type("12.5")
    state.reduce(.app(.mode(.tip), keycode: 0))
    #expect(state.split.state.text.contains(#""bill":"12.50""#))
    #expect(state.split.active == .bill)
  }
}

/// The row cursor's row stays in what a screen reader sees while it walks the tape
/// (docs/SPEC.md section 9.1): in every mode and at many sizes, after each move and resize,
/// exactly one element is selected, named with the row and its calculation.
@Suite struct TapeWalkAccessibilityTests {
  func selected(_ element: AccessibleElement) -> [AccessibleElement] {
    (element.isSelected ? [element] : []) + element.children.flatMap(selected)
  }

  @Test(arguments: [Mode.basic, .scientific], ["=", "=9*", "=9*(2+"])
  func theCursorsRowIsAlwaysInTheTree(mode: Mode, end: String) {
    let sizes = [
      (360, 640), (200, 350), (360, 350), (420, 350), (600, 350), (400, 1100), (1280, 800),
      (900, 400), (675, 1163), (2560, 1600), (250, 460),
    ]
    var generator = TestSupport.SeededGenerator(seed: 8)
    for (width, height) in sizes {
      var state = WindowState(calculator: Calculator(), mode: mode, width: width, height: height)
      state.type("1200*1.08+49.9=3*4=10-5=7+8" + end)
      let moves = ["Up", "Up", "Up", "Prior", "Down", "Home", "End", "Up", "Next", "Up"]
      for step in 0..<60 {
        if step % 7 == 6 {
          let (w, h) = sizes.randomElement(using: &generator) ?? (360, 640)
          state.reduce(.resize(width: w, height: h))
        } else {
          state.type(keysyms: [moves.randomElement(using: &generator) ?? "Up"])
        }
        guard let selection = state.frame.tape.selection else { continue }
        let calculation = state.tape.calculations[selection.calculation]
        let name = "\(calculation.shownRow(selection.row)), \(calculation.line)"
        let tree = AccessibleElement(frame: state.frame, isActive: true)
        let rows = selected(tree)
        #expect(
          rows.map(\.name) == [name],
          "\(mode) \(end) \(state.width)×\(state.height) step \(step): \(rows.map(\.name))")
      }
    }
  }
}

/// The shortcuts overlay in a small window (docs/SPEC.md section 3.6): its lines scroll with
/// the arrows, the pages, Home, End and the wheel; in a window that shows them all, those keys
/// close it, as before.
@Suite struct ShortcutsScrollTests {
  @Test func theOverlayScrollsInASmallWindow() {
    var state = WindowState(calculator: Calculator(), width: 200, height: 350)
    state.type(keysyms: ["question"])
    let fit = state.shortcutsFit
    let count = KeyBinding.shortcutLines(for: .basic).count
    #expect(fit.scrolls && fit.page < count)
    #expect(state.frame.shortcutsOffset == 0)
    state.type(keysyms: ["Down", "Down"])
    #expect(state.frame.shortcutsOffset == 2)
    state.type(keysyms: ["Up", "Up", "Up"])
    #expect(state.frame.shortcutsOffset == 0)
    state.type(keysyms: ["End"])
    #expect(state.frame.shortcutsOffset == count - fit.page)
    state.type(keysyms: ["Down"])
    #expect(state.frame.shortcutsOffset == count - fit.page)
    state.type(keysyms: ["Prior"])
    #expect(state.frame.shortcutsOffset == count - fit.page - (fit.page - 1))
    state.type(keysyms: ["Home"])
    state.reduce(.scrollHistory(olderBy: -3))  // the wheel down three ticks
    #expect(state.frame.shortcutsOffset == 3)
    #expect(state.menu.showsShortcuts)
    state.type(keysyms: ["Escape"])  // closes it, and it opens at its top again
    #expect(!state.menu.showsShortcuts)
    state.type(keysyms: ["question"])
    #expect(state.frame.shortcutsOffset == 0)
  }

  @Test func inARoomyWindowTheArrowsCloseTheOverlay() {
    var state = WindowState(
      calculator: TestSupport.calculator(after: "1+2="), width: 360, height: 640)
    state.type(keysyms: ["question"])
    #expect(!state.shortcutsFit.scrolls)
    state.type(keysyms: ["Up"])
    #expect(!state.menu.showsShortcuts)
    #expect(state.frame.shortcutsOffset == 0)
  }
}
