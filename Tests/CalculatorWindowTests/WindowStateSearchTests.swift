import CalculatorCore
import CalculatorLayout
import Testing

@testable import CalculatorWindow

/// The search of the tape (docs/SPEC.md section 15.3), Copy Tape (section 15.5) and the day
/// headers (section 15.4) in the window's logic, driven by the keystrokes the window gets.
@Suite struct WindowStateSearchTests {
  /// Four calculations typed in a 360 × 640 window.
  static let keys = "1200*1.08+49.9=12+3=1345*2=7/2="

  /// Their lines, newest first, as written by hand from the keys.
  static let lines = [
    "7 ÷ 2 = 3.5", "1,345 × 2 = 2,690", "12 + 3 = 15", "1,200 × 1.08 + 49.9 = 1,345.9",
  ]

  func state(after keys: String = Self.keys, width: Int = 360, height: Int = 640) -> WindowState {
    var state = WindowState(calculator: Calculator(), width: width, height: height)
    state.type(keys)
    return state
  }

  /// The search as the frame shows it.
  func search(_ state: WindowState) -> SearchView? { state.frame.search }

  @Test func ctrlFOpensTheSearchOverEveryCalculationNewestFirst() throws {
    var state = state()
    #expect(search(state) == nil)
    state.type(keysyms: ["ctrl+f"])
    let view = try #require(search(state))
    #expect(view.query == "")
    #expect(view.count == "1 of 4")
    #expect(view.matches.map(\.text) == Array(Self.lines.prefix(view.matches.count)))
    #expect(view.matches.first?.isSelected == true)
  }

  @Test func typingFiltersNumbersWithoutGroupingAndUpDownWalk() throws {
    var state = state()
    let display = state.calculator.displayText
    state.type(keysyms: ["ctrl+f", "1", "3", "4", "5"])
    var view = try #require(search(state))
    #expect(view.query == "1345")
    #expect(view.count == "1 of 2")
    #expect(view.matches.map(\.text) == ["1,345 × 2 = 2,690", "1,200 × 1.08 + 49.9 = 1,345.9"])
    // Digits typed into the search are not the calculator's.
    #expect(state.calculator.displayText == display)
    state.type(keysyms: ["Down"])
    view = try #require(search(state))
    #expect(view.count == "2 of 2")
    #expect(view.selected?.text == "1,200 × 1.08 + 49.9 = 1,345.9")
    state.type(keysyms: ["Down"])  // past the oldest: stays
    #expect(search(state)?.count == "2 of 2")
    state.type(keysyms: ["Up"])
    #expect(search(state)?.count == "1 of 2")
    state.type(keysyms: ["BackSpace", "BackSpace"])  // "13": 1,345 × 2 and 1,345.9
    #expect(search(state)?.query == "13")
    #expect(search(state)?.count == "1 of 2")
  }

  @Test func operatorsMatchAsTyped() throws {
    var state = state()
    state.type(keysyms: ["ctrl+f", "*", "2"])
    #expect(search(state)?.matches.map(\.text) == ["1,345 × 2 = 2,690"])
    state.type(keysyms: ["BackSpace", "BackSpace", "/"])
    #expect(search(state)?.matches.map(\.text) == ["7 ÷ 2 = 3.5"])
  }

  @Test func returnRecallsTheSelectedResultAndCloses() {
    var state = state()
    state.type(keysyms: ["ctrl+f", "1", "3", "4", "5", "Down", "Return"])
    #expect(search(state) == nil)
    #expect(state.calculator.displayText.text == "1,345.9")
    // One level of undo takes the recall back.
    state.type(keysyms: ["ctrl+z"])
    #expect(state.calculator.displayText.text == "3.5")
  }

  @Test func noMatchShowsZeroOfZeroAndChangesNothing() throws {
    var state = state()
    let document = state.document
    state.type(keysyms: ["ctrl+f", "9", "9", "9"])
    let view = try #require(search(state))
    #expect(view.count == "0 of 0")
    #expect(view.matches.isEmpty)
    state.type(keysyms: ["Return", "Down", "Up"])
    #expect(search(state)?.count == "0 of 0")
    #expect(state.document == document)
    state.type(keysyms: ["Escape"])
    #expect(search(state) == nil)
    #expect(state.document == document)
    #expect(state.frame.tape.selection == nil)
  }

  @Test func escapeClosesTheSearchWithNothingChanged() {
    var state = state()
    let document = state.document
    state.type(keysyms: ["ctrl+f", "1", "2", "Down", "Escape"])
    #expect(search(state) == nil)
    #expect(state.document == document)
    #expect(state.frame.tape.selection == nil)
  }

  @Test func f2EditsTheMatchsLastNumberAndItRecomputes() {
    var state = state()
    state.type(keysyms: ["ctrl+f", "1", "3", "4", "5", "Down", "F2"])
    #expect(search(state) == nil)
    #expect(state.frame.tape.selection?.editedText == "+ 49.9")
    state.type(keysyms: ["BackSpace", "BackSpace", "BackSpace", "BackSpace", "5", "0", "."])
    state.type(keysyms: ["1", "Return"])
    #expect(state.tape.calculations[0].line == "1,200 × 1.08 + 50.1 = 1,346.1")
    // Undo works on it as on any row.
    state.type(keysyms: ["ctrl+z"])
    #expect(state.tape.calculations[0].line == "1,200 × 1.08 + 49.9 = 1,345.9")
  }

  @Test func undoWhileSearchingSearchesTheTapeAgain() {
    var state = state()
    state.type(keysyms: ["ctrl+f", "2"])
    #expect(search(state)?.count == "1 of 4")
    state.type(keysyms: ["ctrl+z"])  // the last calculation, 7 ÷ 2, goes
    #expect(search(state)?.count == "1 of 3")
    #expect(search(state)?.matches.first?.text == "1,345 × 2 = 2,690")
  }

  @Test func theCountIsSpoken() {
    var state = state()
    state.send(.presented(state.frame))
    state.type(keysyms: ["ctrl+f", "1", "3", "4", "5"])
    #expect(
      state.send(.presented(state.frame)) == [.announce("1 of 2, 1,345 × 2 = 2,690")])
    state.type(keysyms: ["Down"])
    #expect(
      state.send(.presented(state.frame)) == [
        .announce("2 of 2, 1,200 × 1.08 + 49.9 = 1,345.9")
      ])
    state.type(keysyms: ["9"])
    #expect(state.send(.presented(state.frame)) == [.announce("0 of 0")])
    state.type(keysyms: ["Escape"])
    #expect(state.send(.presented(state.frame)) == [.announce("Search closed")])
  }

  @Test func theAccessibleTreeHasTheEntryAndTheMatches() throws {
    var state = state()
    state.type(keysyms: ["ctrl+f", "1", "3", "4", "5"])
    let tree = AccessibleElement(frame: state.frame, isActive: true)
    let entry = try #require(tree.children.first { $0.role == .entry })
    #expect(entry.text == "1345")
    #expect(entry.isFocused)
    let list = try #require(tree.children.first { $0.name == "matches, 1 of 2" })
    #expect(list.children.map(\.name) == ["1,345 × 2 = 2,690", "1,200 × 1.08 + 49.9 = 1,345.9"])
    #expect(list.children.map(\.isSelected) == [true, false])
  }

  @Test func theShortcutsOverlayListsCtrlF() {
    let lines = KeyBinding.shortcutLines(for: .basic)
    #expect(lines.contains { $0.keys == "Ctrl+F" && $0.action == "search the tape" })
  }

  @Test func copyTapeCopiesTheTextForm() {
    var state = state()
    #expect(MenuItem.all.contains(.copyTape))
    #expect(MenuItem.copyTape.title == "Copy Tape")
    let effects = state.reduce(.choose(.copyTape))
    #expect(effects == [.copy(Self.lines.reversed().joined(separator: "\n") + "\n")])
    var empty = self.state(after: "")
    #expect(empty.reduce(.choose(.copyTape)) == [])
    #expect(empty.frame.displayCue == .refused)
  }

  @Test func tipAndSplitHasNoSearch() {
    var state = state()
    state.type(keysyms: ["ctrl+3", "ctrl+f"])
    #expect(search(state) == nil)
  }

  @Test func theWheelScrollsTheMatchesAndAClickRecalls() throws {
    var state = state(after: (1...30).map { "\($0)+1=" }.joined())
    state.type(keysyms: ["ctrl+f"])
    let page = state.layout.visibleSearchMatches
    #expect(page >= 2)
    let area = state.layout.searchArea
    let inside = area.middle
    state.reduce(.scrollHistory(olderBy: -3, at: inside))  // down the list: older
    let view = try #require(search(state))
    #expect(view.matches.first?.text == "27 + 1 = 28")
    let second = state.layout.searchMatchRect(1)
    state.reduce(.pointerPressed(at: second.middle))
    #expect(search(state) == nil)
    #expect(state.calculator.displayText.text == "27")
  }

  /// Calculations at noon UTC on 2026-12-01, 12-05, twice on 12-06 and on 12-07, in a window
  /// whose last input came on 2026-12-07: headers `2026-12-01` (the tests' calendar writes
  /// ISO 8601), `2026-12-05`, `Yesterday`, `Today`.
  @Test func theSidePanelHeadsEachDay() {
    let day: UInt64 = 86_400 * 1_000_000_000
    // 2026-12-07 is day 20,794 since 1970 (Python: date(2026, 12, 7) - date(1970, 1, 1)).
    let today = 20_794 * day + day / 2
    var tape = HistoryTape()
    for (back, n) in [(6, 1), (2, 2), (1, 3), (1, 4), (0, 5)] {
      tape.append(
        Calculation(rows: ["\(n)", "+ 1"], result: "\(n + 1)"),
        at: today - UInt64(back) * day + UInt64(n) * 1_000_000_000)
    }
    var state = WindowState(calculator: Calculator(), width: 1600, height: 500)
    state.calendar = .utc
    state.reduce(
      .opened(saved: tape, finished: HistoryTape()),
      at: WindowTime(instant: .now, wallClock: today + 60 * 1_000_000_000))
    let lines = state.frame.shownTapeLines
    #expect(
      lines.map(\.text) == [
        "2026-12-01", "1 + 1 = 2", "2026-12-05", "2 + 1 = 3", "Yesterday", "3 + 1 = 4",
        "4 + 1 = 5", "Today", "5 + 1 = 6",
      ])
    #expect(
      lines.map(\.startsCalculation) == [false, false, true, false, true, false, true, true, false])
    // Headers are not rows: a click there recalls nothing.
    let header = lines[4].rect
    state.reduce(.pointerPressed(at: header.middle))
    #expect(state.calculator.displayText.text == "0")
  }
}

extension Rect {
  /// The rectangle's middle.
  fileprivate var middle: Point { Point(x: minX + width / 2, y: minY + height / 2) }
}
