import CalculatorCore
import CalculatorLayout
import CalculatorRender
import TestSupport
import Testing

@testable import CalculatorWindow

/// The tree a screen reader gets, built from frames without an X server or a bus.
@Suite struct AccessibleElementTests {
  func tree(
    _ keys: String, width: Int = 360, height: Int = 640, mode: Mode = .basic,
    second: Bool = false, focused: GridPosition? = nil, historyOffset: Int = 0,
    isActive: Bool = false, configure: (inout Frame) -> Void = { _ in }
  ) -> AccessibleElement {
    var frame = Frame(
      calculator: TestSupport.calculator(after: keys), width: width, height: height, mode: mode,
      showsSecond: second)
    frame.focused = focused
    frame.tape.offset = historyOffset
    configure(&frame)
    return AccessibleElement(frame: frame, isActive: isActive)
  }

  func buttons(_ tree: AccessibleElement) -> [AccessibleElement] {
    tree.children.filter { $0.role == .pushButton }
  }

  @Test func theFrameHoldsTheDisplayTheStripAndTwentyNamedKeys() {
    let tree = tree("")
    #expect(tree.role == .frame)
    #expect(tree.name == "CircleCalc")
    #expect(tree.bounds == Rect(x: 0, y: 0, width: 360, height: 640))
    #expect(
      tree.children.map(\.role)
        == [.label, .list] + Array(repeating: .pushButton, count: 20) + [.statusBar])
    // The status bar speaks from its notification, which has no box to be found at.
    #expect(tree.children.last == AccessibleElement.statusBar)
    #expect(tree.children.last?.children.map(\.role) == [.notification])
    #expect(tree.children.last?.children.first?.bounds.width == 0)
    #expect(
      buttons(tree).map(\.name) == [
        "all clear", "plus minus", "percent", "divided by",
        "seven", "eight", "nine", "times",
        "four", "five", "six", "minus",
        "one", "two", "three", "plus",
        "modes", "zero", "decimal point", "equals",
      ])
  }

  @Test func eachKeyIsItsCircleAndClicksItsCell() {
    for mode in Mode.allCases {
      let layout = Layout(width: 900, height: 700, keypad: .of(mode))
      let keys = buttons(tree("", width: 900, height: 700, mode: mode))
      #expect(keys.count == layout.keypad.positions.count)
      for (button, position) in zip(keys, layout.keypad.positions) {
        #expect(button.bounds == layout.circle(at: position).bounds)
        #expect(button.target == .cell(position))
      }
    }
  }

  @Test func theScientificKeypadNamesItsKeysAndTheirAlternates() {
    let names = buttons(tree("", width: 852, height: 393, mode: .scientific)).map(\.name)
    #expect(names.count == 50)
    #expect(
      Array(names.prefix(12)) == [
        "left parenthesis", "right parenthesis", "memory clear", "memory plus", "memory minus",
        "memory recall", "all clear", "plus minus", "percent", "divided by",
        "second functions", "x squared",
      ])
    #expect(names.contains("square root") && names.contains("sine"))
    let second = buttons(tree("", width: 852, height: 393, mode: .scientific, second: true))
    #expect(second.map(\.name).contains("inverse sine") && !second.map(\.name).contains("sine"))
    #expect(second.filter(\.isChecked).map(\.name) == ["second functions"])
  }

  @Test func theAngleKeyIsCheckedInRadians() {
    let degrees = buttons(tree("", width: 852, height: 393, mode: .scientific))
    #expect(degrees.filter(\.isChecked).isEmpty)
    let radians = buttons(tree("[rad]", width: 852, height: 393, mode: .scientific))
    #expect(radians.filter(\.isChecked).map(\.name) == ["radians or degrees"])
  }

  @Test func theDisplayIsALabelNamedWithItsText() {
    let display = tree("1234567.5").children[0]
    #expect(display.role == .label)
    #expect(display.name == "1,234,567.5")
    #expect(display.bounds == Layout(width: 360, height: 640).displayRect)
    // Where typing goes has the focus, so a screen reader's where-am-I reads it.
    #expect(display.isFocusable && display.isFocused)
    #expect(tree("5/0=").children[0].name == "NaN")
  }

  @Test func theClearKeySaysWhatItClears() {
    #expect(buttons(tree(""))[0].name == "all clear")
    #expect(buttons(tree("12"))[0].name == "clear")
    #expect(buttons(tree("12+"))[0].name == "all clear")
  }

  @Test func thePendingOperatorIsCheckedUntilEquals() {
    #expect(buttons(tree("12")).filter(\.isChecked).isEmpty)
    #expect(buttons(tree("12*")).filter(\.isChecked).map(\.name) == ["times"])
    // Drawn orange again once 3 is typed, but still pending.
    #expect(buttons(tree("12*3")).filter(\.isChecked).map(\.name) == ["times"])
    #expect(buttons(tree("12*3-")).filter(\.isChecked).map(\.name) == ["minus"])
    #expect(buttons(tree("12*3=")).filter(\.isChecked).isEmpty)
  }

  @Test func theRingedKeyIsFocusedAndTheFrameActiveWithTheWindow() {
    let tree = tree("", focused: GridPosition(row: 3, column: 2), isActive: true)
    #expect(buttons(tree).filter(\.isFocused).map(\.name) == ["three"])
    #expect(tree.isActive)
    #expect(!self.tree("").isActive)
  }

  @Test func theOpenMenuListsItsLinesAndTakesTheFocus() throws {
    let open = tree("", focused: GridPosition(row: 1, column: 0)) {
      $0.menuSelection = MenuSelection(index: 1)
    }
    let menu = try #require(open.children.last)
    #expect(menu.role == .menu)
    #expect(
      menu.children.map(\.name) == [
        "Basic", "Scientific", "Tip & Split", "Left to Right", "Math Order", "Convert",
        "Keep on Top", "Keyboard Shortcuts", "Copy Tape", "Clear History",
      ])
    // The modes and the orders are each a choice of one: radio menu items; Convert and Keep on
    // Top are on or off: check items.
    #expect(
      menu.children.map(\.role) == [
        .radioMenuItem, .radioMenuItem, .radioMenuItem, .radioMenuItem, .radioMenuItem,
        .checkMenuItem, .checkMenuItem, .menuItem, .menuItem, .menuItem,
      ])
    #expect(
      menu.children.map(\.isChecked) == [
        true, false, false, true, false, false, false, false, false, false,
      ])
    #expect(
      menu.children.map(\.isFocused) == [
        false, true, false, false, false, false, false, false, false, false,
      ])
    #expect(!menu.isFocused)
    #expect(menu.children.allSatisfy { $0.isFocusable })
    #expect(
      menu.children.map(\.target) == MenuItem.all.filter(\.isChoosable).map { .menuItem($0) })
    let layout = Layout(width: 360, height: 640)
    #expect(menu.bounds == layout.menu?.panel)
    #expect(buttons(open).filter(\.isFocused).isEmpty)  // one focus: the menu's
  }

  /// Opened with the mouse, or by a screen reader's click, the menu has no line selected: the
  /// menu itself takes the focus, so a screen reader says where it is before an arrow key.
  @Test func theMenuWithNoLineSelectedHasTheFocusItself() {
    let open = tree("", focused: GridPosition(row: 1, column: 0)) {
      $0.menuSelection = MenuSelection()
    }
    let menu = open.children.last
    #expect(menu?.role == .menu)
    #expect(menu?.name == "modes")
    #expect(menu?.isFocusable == true)
    #expect(menu?.isFocused == true)
    #expect(menu?.children.contains(where: \.isFocused) == false)
    #expect(buttons(open).filter(\.isFocused).isEmpty)
  }

  @Test func theShortcutsOverlayIsAListOfItsLinesWithTheFocus() {
    let lines = [ShortcutLine(keys: "0 – 9", action: "digits"), .init(keys: "?", action: "help")]
    let shown = tree("", focused: GridPosition(row: 1, column: 0)) { $0.shortcuts = lines }
    let overlay = shown.children.last
    #expect(overlay?.role == .list)
    #expect(overlay?.name == "Keyboard Shortcuts")
    #expect(overlay?.children.map(\.name) == ["0 – 9: digits", "?: help"])
    #expect(overlay?.isFocused == true)
    #expect(buttons(shown).filter(\.isFocused).isEmpty)
    // The strip, the other list, never takes the focus.
    #expect(shown.children[1].isFocusable == false)
  }

  // MARK: - Tip & Split

  func tipTree(
    _ keys: String, focusedField: TipField? = nil, configure: (inout Frame) -> Void = { _ in }
  ) throws -> AccessibleElement {
    var split = TipCalculator()
    for key in try TipKey.sequence(keys) { split.press(key) }
    return tree("", mode: .tip) {
      $0.tipScreen = TipScreen(split)
      $0.face = KeypadFace(split)
      $0.focusedField = focusedField
      configure(&$0)
    }
  }

  /// docs/SPEC.md section 9.1: in Tip & Split each field is a label and the entry it labels.
  @Test func tipFieldsAreEntriesLabelledByTheirTitles() throws {
    // 84.50 at 18% is 15.21 (15.2100), 99.71 for three is 33.236… rounded up: 33.24, and
    // 3 × 33.24 = 99.72 is 0.01 over the total.
    let tree = try tipTree("84.5[t18][p+][p+]")
    let screen = Array(tree.children.prefix { $0.role != .pushButton })
    #expect(
      screen.map(\.role) == [
        .label, .entry, .label, .entry, .label, .entry, .label, .label, .label, .label,
      ])
    #expect(
      screen.map(\.name) == [
        "Bill", "Bill", "Tip", "Tip", "People", "People", "Tip, 15.21", "Total, 99.71",
        "Per person, 33.24", "+0.01, 3 × 33.24 = 99.72",
      ])
    let entries = screen.filter { $0.role == .entry }
    #expect(entries.map(\.text) == ["84.5", "18%", "3"])  // the bill as typed, still active
    #expect(entries.map(\.labelledBy) == [0, 2, 4])
    #expect(entries.map(\.target) == TipField.allCases.map { .field($0) })
    #expect(entries.allSatisfy { $0.isFocusable && $0.isSelectable })
    #expect(entries.map(\.isFocused) == [true, false, false])  // where typing goes
    #expect(entries.map(\.isSelected) == [true, false, false])
    #expect(screen.filter { $0.role == .label }.allSatisfy { $0.text == nil && !$0.isFocusable })
    // Each field's label and entry are its box; each result its row.
    let layout = try #require(Layout(width: 360, height: 640, keypad: .of(.tip)).tipLayout)
    let fieldBoxes = TipField.allCases.flatMap { [layout.rect(of: $0), layout.rect(of: $0)] }
    #expect(Array(screen.map(\.bounds).prefix(6)) == fieldBoxes)
    #expect(
      Array(screen.map(\.bounds).suffix(4)) == [
        layout.tipRow, layout.totalRow, layout.perPersonRow, layout.sharesRow,
      ])
    let keys = buttons(tree)
    #expect(keys.count == 21)
    #expect(keys.allSatisfy { $0.isFocusable && !$0.isChecked })
  }

  @Test func theSharesLineIsThereOnlyWhileTheSharesExceedTheTotal() throws {
    // 100 at 15% for four: 115 ÷ 4 = 28.75 exactly.
    let even = try tipTree("100[p+][p+][p+]").children.filter { $0.role == .label }
    #expect(
      even.map(\.name) == [
        "Bill", "Tip", "People", "Tip, 15.00", "Total, 115.00", "Per person, 28.75",
      ])
  }

  @Test func theRingedFieldIsFocusedAndSelected() throws {
    let ringed = try tipTree("[tip]", focusedField: .tipPercent)
    let entries = ringed.children.filter { $0.role == .entry }
    #expect(entries.map(\.isFocused) == [false, true, false])
    #expect(entries.map(\.isSelected) == [false, true, false])
    // The open menu takes the focus from the field.
    let menu = try tipTree("[tip]", focusedField: .tipPercent) {
      $0.menuSelection = MenuSelection()
    }
    #expect(!menu.children.contains { $0.role == .entry && $0.isFocused })
    #expect(menu.children.last?.isFocused == true)
  }

  @Test func theStripListsTheRowsItShowsOldestFirst() {
    // 360 × 640 shows four whole rows; ten rows are committed.
    let keys = "1+2+3+4+5+6+7+8+9+10+"
    let layout = Layout(width: 360, height: 640)
    #expect(layout.visibleHistoryRows == 4)
    let strip = tree(keys).children[1]
    #expect(strip.role == .list)
    #expect(strip.children.map(\.name) == ["+ 7", "+ 8", "+ 9", "+ 10"])
    #expect(strip.children.allSatisfy { $0.role == .listItem })
    for row in strip.children { #expect(layout.historyRect.contains(row.bounds)) }
    #expect(
      tree(keys, historyOffset: 3).children[1].children.map(\.name) == ["+ 4", "+ 5", "+ 6", "+ 7"])
    #expect(tree("").children[1].children.isEmpty)
  }

  /// A window too small for any circle: no keys; in Tip & Split no basic display either (the
  /// hidden calculator's number read as if it were shown).
  @Test func aWindowTooSmallForCirclesListsNothingOfAnotherMode() {
    for size in [1, 8] {
      #expect(
        tree("100", width: size, height: size, mode: .tip).children.map(\.role) == [.statusBar],
        "\(size)")
      #expect(
        tree("100", width: size, height: size).children.map(\.role)
          == [.label, .list, .statusBar], "\(size)")
    }
    #expect(
      tree("100", width: 360, height: 640, mode: .tip).children.contains { $0.role == .entry })
  }

  /// docs/SPEC.md section 9.1: the list holds the past rows the strip shows, at rest and
  /// scrolled back; a wide window's side panel is a list of its lines.
  @Test func theStripListsPastCalculationsAndThePanelItsLines() {
    let tape = TestSupport.tape(after: "2+3=1200*1.08+49.9=")
    let scrolled = tree("", historyOffset: 1) { $0.tape.past = tape }
    let rows = scrolled.children[1].children
    #expect(rows.map(\.name) == ["2", "+ 3", "= 5", "1,200", "× 1.08", "+ 49.9"])
    let wide = tree("7", width: 1600, height: 500) { $0.tape.past = tape }
    #expect(wide.children.map(\.role).prefix(3) == [.label, .list, .list])
    #expect(
      wide.children[2].children.map(\.name) == ["2 + 3 = 5", "1,200 × 1.08 + 49.9 = 1,345.9"])
    let strip = Layout(width: 360, height: 640).historyRect
    for row in rows { #expect(strip.contains(row.bounds)) }
  }

  /// docs/SPEC.md section 8.5 in a wide window: the side panel's line holding the row cursor's
  /// row is selected and named with the row and its calculation, an entry of the row as typed
  /// while it is edited; it takes no focus, which stays with the display.
  @Test func thePanelsLineHoldingTheCursorIsSelected() throws {
    let tape = TestSupport.tape(after: "2+3=1200*1.08+49.9=")
    func panel(_ selection: TapeSelection) -> AccessibleElement {
      tree("7", width: 1600, height: 500) {
        $0.tape.past = tape
        $0.tape.selection = selection
      }
    }
    let walked = panel(TapeSelection(calculation: 1, row: 1))
    let lines = walked.children[2].children
    #expect(lines.map(\.isSelected) == [false, true])
    #expect(lines[1].name == "× 1.08, 1,200 × 1.08 + 49.9 = 1,345.9")
    #expect(lines[1].role == .listItem && !lines[1].isFocused)
    #expect(lines[0].name == "2 + 3 = 5" && !lines[0].isSelectable)
    #expect(walked.children[0].isFocused)  // the display
    let edited = panel(TapeSelection(calculation: 1, row: 2, editedText: "+ 50."))
    let entry = try #require(edited.children[2].children.last)
    #expect(entry.role == .entry && entry.text == "+ 50." && entry.isSelected)
    #expect(entry.name == "+ 49.9, 1,200 × 1.08 + 49.9 = 1,345.9")
  }
}
