import CalculatorCore
import CalculatorLayout
import CalculatorRender
import TestSupport
import Testing

@testable import X11Frontend

/// The tree a screen reader gets, built from frames without an X server or a bus.
@Suite struct AccessibleElementTests {
  func tree(
    _ keys: String, width: Int = 360, height: Int = 640, mode: Mode = .basic,
    second: Bool = false, focused: GridPosition? = nil, historyOffset: Int = 0,
    isActive: Bool = false, configure: (inout Frame) -> Void = { _ in }
  ) -> AccessibleElement {
    var frame = Frame(calculator: TestSupport.calculator(after: keys), width: width, height: height)
    frame.mode = mode
    frame.showsSecond = second
    frame.focused = focused
    frame.historyOffset = historyOffset
    configure(&frame)
    return AccessibleElement(frame: frame, isActive: isActive)
  }

  func buttons(_ tree: AccessibleElement) -> [AccessibleElement] {
    tree.children.filter { $0.role == .pushButton }
  }

  static let basicNames = [
    "all clear", "plus minus", "percent", "divided by", "seven", "eight", "nine", "times",
    "four", "five", "six", "minus", "one", "two", "three", "plus", "modes", "zero",
    "decimal point", "equals",
  ]

  @Test func theFrameHoldsTheDisplayTheStripAndTwentyNamedKeys() {
    let tree = tree("")
    #expect(tree.role == .frame)
    #expect(tree.name == "CircleCalc")
    #expect(tree.bounds == Rect(x: 0, y: 0, width: 360, height: 640))
    #expect(
      tree.children.map(\.role) == [.label, .list] + Array(repeating: .pushButton, count: 20))
    #expect(buttons(tree).map(\.name) == Self.basicNames)
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
    #expect(display.announcesChanges)
    #expect(tree("1").children.filter(\.announcesChanges).count == 1)
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

  @Test func theOpenMenuListsItsLinesAndTakesTheFocus() {
    let open = tree("", focused: GridPosition(row: 1, column: 0)) {
      $0.menuSelection = MenuSelection(index: 1)
    }
    let menu = try? #require(open.children.last)
    #expect(menu?.role == .menu)
    #expect(
      menu?.children.map(\.name) == [
        "Basic", "Scientific", "Tip & Split", "Keyboard Shortcuts", "Clear History",
      ])
    #expect(menu?.children.map(\.isChecked) == [true, false, false, false, false])
    #expect(menu?.children.map(\.isFocused) == [false, true, false, false, false])
    #expect(
      menu?.children.map(\.target) == MenuItem.all.filter(\.isChoosable).map { .menuItem($0) })
    let layout = Layout(width: 360, height: 640)
    #expect(menu?.bounds == layout.menu?.panel)
    #expect(buttons(open).filter(\.isFocused).isEmpty)  // one focus: the menu's
  }

  @Test func theShortcutsOverlayIsAListOfItsLines() {
    let lines = [ShortcutLine(keys: "0 – 9", action: "digits"), .init(keys: "?", action: "help")]
    let overlay = tree("") { $0.shortcuts = lines }.children.last
    #expect(overlay?.role == .list)
    #expect(overlay?.name == "Keyboard Shortcuts")
    #expect(overlay?.children.map(\.name) == ["0 – 9: digits", "?: help"])
  }

  @Test func theStripListsTheRowsItShowsOldestFirst() {
    // 360 × 640 shows two whole rows; ten rows are committed.
    let keys = "1+2+3+4+5+6+7+8+9+10+"
    let layout = Layout(width: 360, height: 640)
    #expect(layout.visibleHistoryRows == 2)
    let strip = tree(keys).children[1]
    #expect(strip.role == .list)
    #expect(strip.children.map(\.name) == ["+ 9", "+ 10"])
    #expect(strip.children.allSatisfy { $0.role == .listItem })
    for row in strip.children { #expect(layout.historyRect.contains(row.bounds)) }
    #expect(tree(keys, historyOffset: 3).children[1].children.map(\.name) == ["+ 6", "+ 7"])
    #expect(tree("").children[1].children.isEmpty)
  }

  /// Issue 12: scrolled back into the tape, the list holds the past rows the strip shows.
  @Test func theStripListsPastCalculationsWhenScrolledBack() {
    let scrolled = tree("", historyOffset: 1) {
      $0.tape = TestSupport.tape(after: "2+3=1200*1.08+49.9=")
    }
    let rows = scrolled.children[1].children
    #expect(rows.map(\.name) == ["1,200", "× 1.08", "+ 49.9", "= 1,345.9"])
    let strip = Layout(width: 360, height: 640).historyRect
    for row in rows { #expect(strip.contains(row.bounds)) }
  }
}
