import CalculatorCore
import CalculatorLayout
import CalculatorRender
import TestSupport
import Testing

@testable import CalculatorWindow

/// Clicks, key flashes, the overlay and scrolling, decided without an X server.
@Suite struct WindowStateTests {
  static let width = 360
  static let height = 640
  let layout = Layout(width: WindowStateTests.width, height: WindowStateTests.height)

  func center(of key: Key) -> Point {
    guard let cell = Keypad.basic.position(of: key) else { return Point(x: -1, y: -1) }
    return layout.circle(at: cell).center
  }

  func center(of action: KeypadAction) -> Point {
    guard let cell = Keypad.basic.position(of: action) else { return Point(x: -1, y: -1) }
    return layout.circle(at: cell).center
  }

  func state(after keys: String = "") -> WindowState {
    WindowState(
      calculator: TestSupport.calculator(after: keys), width: Self.width, height: Self.height)
  }

  /// A typed key lights the circle of the cell that does what the key does, in every mode, with
  /// `2nd` on and off; a key the keypad lacks lights none. Every key of the bindings table.
  @Test(arguments: Mode.allCases)
  func aTypedKeyLightsTheCellThatDoesWhatItDoes(mode: Mode) {
    let keypad = Keypad.of(mode)
    var litCount = 0
    for second in [false, true] {
      let second = second && mode == .scientific
      for binding in keyBindings {
        guard case .key(let key) = binding.command else { continue }
        var state = state(after: "12+")
        state.reduce(.app(.mode(mode), keycode: 0))
        if second, let cell = state.layout.keypad.position(of: KeypadAction.secondFunctions) {
          state.reduce(.click(cell))
        }
        let lit = state.cell(lighting: key)
        state.send(
          .keyPressed(Keystroke(binding.keysym, modifiers: binding.modifiers, keycode: 10)))
        #expect(lit == state.frame.pressed, "\(mode) \(key) 2nd \(second)")
        // The cell does what the key does.
        let action: KeypadAction? =
          mode == .tip
          ? TipKey(key).map { .tip($0) }
          : [.allClear, .clearEntry].contains(key) ? .clear : .key(key)
        let onKeypad = keypad.positions.contains { keypad.action(at: $0, second: second) == action }
        #expect((lit != nil) == onKeypad, "\(mode) \(key) 2nd \(second)")
        if let lit { #expect(keypad.action(at: lit, second: second) == action) }
        if lit != nil { litCount += 1 }
      }
    }
    #expect(litCount >= 2 * 12)  // the digits, the point and AC at least, twice
  }

  @Test func pressLightensTheCircleAndReleaseInsideActs() {
    var state = state()
    state.reduce(.pointerPressed(at: center(of: .digit(.seven))))
    #expect(state.frame.pressed == Keypad.basic.position(of: .digit(.seven)))
    #expect(state.calculator == Calculator())
    state.reduce(.pointerReleased(at: center(of: .digit(.seven))))
    #expect(state.frame.pressed == nil)
    #expect(state.calculator == TestSupport.calculator(after: "7"))
  }

  @Test func releaseOnAnotherCircleCancels() {
    var state = state()
    state.reduce(.pointerPressed(at: center(of: .digit(.seven))))
    state.reduce(.pointerMoved(to: center(of: .digit(.eight))))
    #expect(state.frame.pressed == nil)
    state.reduce(.pointerReleased(at: center(of: .digit(.eight))))
    #expect(state.frame.pressed == nil)
    #expect(state.calculator == Calculator())
  }

  @Test func draggingOffAndBackOnKeepsThePress() {
    var state = state()
    let seven = center(of: .digit(.seven))
    state.reduce(.pointerPressed(at: seven))
    state.reduce(.pointerMoved(to: Point(x: 0, y: 0)))
    #expect(state.frame.pressed == nil)
    state.reduce(.pointerMoved(to: seven))
    #expect(state.frame.pressed == Keypad.basic.position(of: .digit(.seven)))
    state.reduce(.pointerReleased(at: seven))
    #expect(state.calculator == TestSupport.calculator(after: "7"))
  }

  @Test func theCornerOfACirclesBoxIsNotTheCircle() {
    var state = state()
    let circle = layout.circle(at: GridPosition(row: 1, column: 0))
    let corner = Point(
      x: circle.center.x - circle.radius * 0.9, y: circle.center.y - circle.radius * 0.9)
    state.reduce(.pointerPressed(at: corner))
    #expect(state.frame.pressed == nil)
    state.reduce(.pointerReleased(at: corner))
    #expect(state.calculator == Calculator())
  }

  @Test(arguments: [
    ("1+2", "1+2c"),  // an entry to clear: the cell shows C and clears only the 2
    ("1+", ""),  // nothing typed since the +: the cell shows AC and clears everything
  ])
  func theClearCellPressesWhatItShows(typed: String, expected: String) {
    var state = state(after: typed)
    state.reduce(.pointerPressed(at: center(of: .clear)))
    state.reduce(.pointerReleased(at: center(of: .clear)))
    #expect(state.calculator == TestSupport.calculator(after: expected))
  }

  @Test func theKeyboardCellOpensTheMenuAndAClickOutsideClosesIt() {
    var state = state()
    state.reduce(.pointerPressed(at: center(of: .modes)))
    state.reduce(.pointerReleased(at: center(of: .modes)))
    #expect(state.frame.menuSelection == MenuSelection())
    // The 9 is far from the menu, which rises from the ⌨ key at the bottom left.
    state.reduce(.pointerPressed(at: center(of: .digit(.nine))))
    #expect(state.frame.menuSelection == nil)
    #expect(state.frame.pressed == nil)
    state.reduce(.pointerReleased(at: center(of: .digit(.nine))))
    #expect(state.calculator == Calculator())
  }

  @Test func theMenuChoosesAModeOrTheShortcutsByClick() throws {
    var state = state(after: "4")
    state.reduce(.toggleMenu)
    let menu = try #require(state.layout.menu)
    let scientific = try #require(MenuItem.all.firstIndex(of: .mode(.scientific)))
    let row = menu.rows[scientific]
    let effects = state.reduce(
      .pointerPressed(at: Point(x: row.minX + row.width / 2, y: row.minY + row.height / 2)))
    #expect(state.mode == .scientific)
    #expect(state.frame.menuSelection == nil)
    // The window keeps its size (scientific has a portrait arrangement); the calculator is kept.
    #expect(requestedSize(effects) == nil)
    #expect(state.calculator == TestSupport.calculator(after: "4"))
    state.reduce(.toggleMenu)
    let shortcuts = try #require(MenuItem.all.firstIndex(of: .keyboardShortcuts))
    let line = try #require(state.layout.menu).rows[shortcuts]
    state.reduce(.pointerPressed(at: Point(x: line.minX + 5, y: line.minY + 5)))
    #expect(state.frame.shortcuts == KeyBinding.shortcutLines(for: .scientific))
  }

  @Test func theMenuKeyboardMovesOverTheChoosableLinesAndReturnChooses() {
    var state = state()
    state.reduce(.toggleMenu)
    state.reduce(.menu(.choose))  // nothing selected yet: nothing happens
    #expect(state.menu.selection == MenuSelection())
    state.reduce(.menu(.next))
    #expect(state.menu.selection?.index == 0)
    state.reduce(.menu(.next))
    state.reduce(.menu(.next))
    #expect(state.menu.selection.flatMap(\.index).map { MenuItem.all[$0] } == .mode(.tip))
    state.reduce(.menu(.next))  // over the separator
    #expect(state.menu.selection.flatMap(\.index).map { MenuItem.all[$0] } == .order(.leftToRight))
    state.reduce(.menu(.next))
    #expect(state.menu.selection.flatMap(\.index).map { MenuItem.all[$0] } == .order(.math))
    state.reduce(.menu(.next))  // over the separator
    #expect(state.menu.selection.flatMap(\.index).map { MenuItem.all[$0] } == .convert)
    state.reduce(.menu(.next))
    #expect(state.menu.selection.flatMap(\.index).map { MenuItem.all[$0] } == .keepOnTop)
    state.reduce(.menu(.next))
    #expect(state.menu.selection.flatMap(\.index).map { MenuItem.all[$0] } == .keyboardShortcuts)
    state.reduce(.menu(.next))
    #expect(state.menu.selection.flatMap(\.index).map { MenuItem.all[$0] } == .copyTape)
    state.reduce(.menu(.next))
    #expect(state.menu.selection.flatMap(\.index).map { MenuItem.all[$0] } == .clearHistory)
    state.reduce(.menu(.next))  // wraps
    #expect(state.menu.selection?.index == 0)
    for _ in 0..<9 { state.reduce(.menu(.previous)) }
    #expect(state.menu.selection.flatMap(\.index).map { MenuItem.all[$0] } == .mode(.scientific))
    state.reduce(.menu(.choose))
    #expect(state.mode == .scientific)
    #expect(state.menu.selection == nil)
  }

  @Test func escapeClosesTheMenuAndClearsNothing() {
    var state = state(after: "4")
    state.reduce(.toggleMenu)
    state.reduce(.typeKey(.allClear, keycode: 9))
    #expect(state.menu.selection == nil)
    #expect(state.calculator == TestSupport.calculator(after: "4"))
  }

  @Test func switchingModesKeepsTheCalculatorAndTheUsersSize() {
    var state = state(after: "4[m+]")
    #expect(state.reduce(.app(.mode(.basic), keycode: 0)) == [])  // already basic: nothing to do
    // 360 × 640 is above every mode's minimum: the window keeps it.
    #expect(requestedSize(state.reduce(.app(.mode(.scientific), keycode: 0))) == nil)
    if let cell = state.layout.keypad.position(of: KeypadAction.secondFunctions) {
      state.reduce(.click(cell))
    }
    #expect(state.showsSecond)
    #expect(requestedSize(state.reduce(.app(.mode(.basic), keycode: 0))) == nil)
    #expect(!state.showsSecond)
    #expect(state.calculator.memory == RealNumber(4))
    // The basic minimum, 200 × 350, is below the scientific one, 360 × 350: the window grows
    // across only; at 192 dpi each minimum doubles.
    var small = WindowState(calculator: Calculator(), width: 200, height: 350)
    #expect(
      requestedSize(small.reduce(.app(.mode(.scientific), keycode: 0)))
        == PixelSize(width: 360, height: 350))
    var hidpi = WindowState(calculator: Calculator(), width: 400, height: 2000, scale: 2)
    #expect(
      requestedSize(hidpi.reduce(.app(.mode(.scientific), keycode: 0)))
        == PixelSize(width: 720, height: 2000))
    #expect(
      requestedSize(hidpi.reduce(.app(.mode(.tip), keycode: 0)))
        == PixelSize(width: 544, height: 2000))
  }

  @Test func secondSwapsTheAlternatesOnTheScientificKeypad() throws {
    var state = WindowState(calculator: Calculator(), mode: .scientific, width: 852, height: 393)
    let layout = state.layout
    let second = try #require(layout.keypad.position(of: KeypadAction.secondFunctions))
    let exponential = try #require(layout.keypad.position(of: .function(.exponential)))
    let point = layout.circle(at: exponential).center
    state.reduce(.pointerPressed(at: layout.circle(at: second).center))
    state.reduce(.pointerReleased(at: layout.circle(at: second).center))
    #expect(state.frame.face.showsSecond)
    for key: Key in [.digit(.one), .edit(.point), .digit(.five)] {
      state.reduce(.typeKey(key, keycode: 10))
    }
    state.reduce(.pointerPressed(at: point))
    state.reduce(.pointerReleased(at: point))
    #expect(state.calculator.pendingOperation == .reversePower)  // eˣ's alternate, yˣ
  }

  @Test func aTypedKeyLightsItsCircleUntilItsOwnRelease() {
    var state = state()
    state.reduce(.typeKey(.digit(.five), keycode: 14))
    #expect(state.frame.pressed == Keypad.basic.position(of: .digit(.five)))
    state.reduce(.keyReleased(keycode: 50))  // Shift, say
    #expect(state.frame.pressed == Keypad.basic.position(of: .digit(.five)))
    state.reduce(.keyReleased(keycode: 14))
    #expect(state.frame.pressed == nil)
    #expect(state.calculator == TestSupport.calculator(after: "5"))
  }

  @Test func clearKeysLightTheClearCellAndBackspaceLightsNothing() {
    var state = state(after: "12")
    state.reduce(.typeKey(.clearEntry, keycode: 119))
    #expect(state.frame.pressed == Keypad.basic.position(of: .clear))
    state.reduce(.typeKey(.backspace, keycode: 22))
    #expect(state.frame.pressed == nil)
  }

  @Test func losingFocusUnlightsATypedKey() {
    var state = state()
    state.reduce(.typeKey(.digit(.five), keycode: 14))
    state.reduce(.focusLost)
    #expect(state.frame.pressed == nil)
  }

  @Test func escapeOnlyClosesTheOverlay() {
    var state = state(after: "4")
    state.reduce(.app(.toggleShortcuts, keycode: 0))
    state.reduce(.typeKey(.allClear, keycode: 9))
    #expect(state.frame.shortcuts == nil)
    #expect(state.calculator == TestSupport.calculator(after: "4"))
  }

  @Test func otherKeysCloseTheOverlayAndAct() {
    var state = state()
    state.reduce(.app(.toggleShortcuts, keycode: 0))
    #expect(state.frame.shortcuts == KeyBinding.shortcutLines(for: .basic))
    state.reduce(.typeKey(.digit(.four), keycode: 13))
    #expect(state.frame.shortcuts == nil)
    #expect(state.calculator == TestSupport.calculator(after: "4"))
  }

  @Test func scrollingStaysWithinTheHistory() {
    var state = state(after: String(repeating: "1+", count: 30))
    let maximum = layout.maxHistoryOffset(rowCount: state.calculator.history.count)
    state.reduce(.scrollHistory(olderBy: -1))
    #expect(state.frame.tape.offset == 0)
    for _ in 0..<100 { state.reduce(.scrollHistory(olderBy: 1)) }
    #expect(state.frame.tape.offset == maximum)
    state.reduce(.scrollHistory(olderBy: -1))
    #expect(state.frame.tape.offset == max(0, maximum - 1))
  }

  /// "1+2+3+4+5+6+7+8": seven rows, four of which fit at 360 × 640; three wheel ticks reach the
  /// first row, at the top, and a fourth changes nothing (an old bug reached it in two ticks,
  /// then scrolled on to an empty row).
  @Test func theWheelStopsWithTheOldestRowAtTheTop() throws {
    var state = state(after: "1+2+3+4+5+6+7+8")
    #expect(layout.visibleHistoryRows == 4)
    #expect(state.calculator.historyCount == 7)
    // The current calculation's rows the strip shows (0 = oldest).
    func shownRows(_ frame: Frame) -> Range<Int> {
      let rows = frame.shownHistoryRows.compactMap {
        if case .current(let row) = $0.source { row } else { nil }
      }
      return (rows.first ?? 0)..<((rows.last ?? -1) + 1)
    }
    var shown: [Range<Int>] = []
    for _ in 0..<5 {
      shown.append(shownRows(state.frame))
      state.reduce(.scrollHistory(olderBy: 1))
    }
    #expect(shown == [3..<7, 2..<6, 1..<5, 0..<4, 0..<4])
    let stopped = state.frame
    state.reduce(.scrollHistory(olderBy: 1))
    #expect(state.frame == stopped)
    for _ in 0..<9 { state.reduce(.scrollHistory(olderBy: -1)) }
    #expect(shownRows(state.frame) == 3..<7)
  }

  /// A key, a click anywhere, a resize or a new row each return the strip to the newest row.
  @Test func keysClicksAndResizesReturnToTheNewestRow() {
    var state = state(after: String(repeating: "1+", count: 30))
    let acts: [(String, (inout WindowState) -> Void)] = [
      ("key", { $0.reduce(.userActed) }),
      ("typed key", { $0.reduce(.typeKey(.digit(.two), keycode: 11)) }),
      ("click on the strip", { $0.reduce(.pointerPressed(at: Point(x: 200, y: 30))) }),
      ("resize", { $0.reduce(.resize(width: 400, height: 700)) }),
      ("paste", { $0.reduce(.paste("5")) }),
    ]
    for (name, act) in acts {
      state.reduce(.scrollHistory(olderBy: 3))
      #expect(state.frame.tape.offset == 3, "\(name)")
      act(&state)
      #expect(state.frame.tape.offset == 0, "\(name)")
    }
  }

  /// A point on the display's right half, where a swipe starts.
  var onTheDisplay: Point {
    Point(
      x: layout.displayRect.maxX - 20, y: (layout.displayRect.minY + layout.displayRect.height / 2))
  }

  @Test(arguments: [-1.0, 1.0])
  func aSwipeAcrossTheDisplayDeletesTheLastDigit(direction: Double) {
    var state = state(after: "123")
    let start = onTheDisplay
    state.reduce(.pointerPressed(at: start))
    #expect(state.frame.pressed == nil)
    let eighth = layout.displayRect.width / 8 + 0.5
    state.reduce(.pointerReleased(at: Point(x: start.x + direction * eighth, y: start.y + 3)))
    #expect(state.calculator == TestSupport.calculator(after: "12"))
  }

  @Test(arguments: [
    (0.12, 0.0),  // not far enough
    (0.2, 0.25),  // more down than across
    (0.0, 0.0),  // a click
  ])
  func shortOrUprightMovesOnTheDisplayDoNothing(across: Double, down: Double) {
    let typed = "123"
    var state = state(after: typed)
    let start = onTheDisplay
    state.reduce(.pointerPressed(at: start))
    state.reduce(
      .pointerReleased(
        at: Point(
          x: start.x - across * layout.displayRect.width,
          y: start.y + down * layout.displayRect.width)))
    #expect(state.calculator == TestSupport.calculator(after: typed))
  }

  @Test func aSwipeMustStartOnTheDisplay() {
    let typed = "12"
    var state = state(after: typed)
    let onTheStrip = Point(
      x: layout.displayRect.maxX - 20, y: (layout.historyRect.minY + layout.historyRect.height / 2))
    state.reduce(.pointerPressed(at: onTheStrip))
    state.reduce(
      .pointerReleased(
        at: Point(x: 20, y: (layout.historyRect.minY + layout.historyRect.height / 2))))
    #expect(state.calculator == TestSupport.calculator(after: typed))
    // A press on a circle dragged across the display is a cancelled press, not a swipe.
    state.reduce(.pointerPressed(at: center(of: .digit(.nine))))
    state.reduce(.pointerMoved(to: onTheDisplay))
    state.reduce(.pointerReleased(at: Point(x: 20, y: onTheDisplay.y)))
    #expect(state.calculator == TestSupport.calculator(after: typed))
  }

  @Test func aCueShowsForItsTimeAndAKeyOrClickEndsIt() {
    let now = Instant.now
    var state = state(after: "4")
    #expect(state.frame.displayCue == nil && state.cues.deadlines.nearest == nil)
    state.reduce(.showCue(.copied, at: now))
    #expect(state.frame.displayCue == .copied)
    #expect(state.cues.deadlines.nearest == now + .milliseconds(200))
    state.reduce(.expireDeadlines(at: now + .milliseconds(199)))
    #expect(state.frame.displayCue == .copied)
    state.reduce(.expireDeadlines(at: now + .milliseconds(200)))
    #expect(state.frame.displayCue == nil && state.cues.deadlines.nearest == nil)
    // A refused paste replaces the copy cue, and a second one restarts its 0.6 s.
    state.reduce(.showCue(.copied, at: now))
    state.reduce(.showCue(.refused, at: now + .milliseconds(100)))
    #expect(state.frame.displayCue == .refused)
    state.reduce(.showCue(.refused, at: now + .milliseconds(500)))
    #expect(state.cues.deadlines.nearest == now + .milliseconds(1100))
    state.reduce(.userActed)
    #expect(state.frame.displayCue == nil && state.cues.deadlines.nearest == nil)
    state.reduce(.showCue(.refused, at: now))
    state.reduce(.pointerPressed(at: center(of: .digit(.one))))
    #expect(state.frame.displayCue == nil)
  }

  @Test func deadlinesEndInOrderAndOnlyWhenDue() {
    let now = Instant.now
    var deadlines = Deadlines()
    deadlines.start(.pasteReply, at: now)
    deadlines.start(.copiedCue, at: now + .milliseconds(50))
    #expect(deadlines.nearest == now + .milliseconds(250))
    #expect(deadlines.end(of: .pasteReply) == now + .seconds(1))
    deadlines.expire(at: now + .milliseconds(250))
    #expect(!deadlines.isRunning(.copiedCue) && deadlines.isRunning(.pasteReply))
    #expect(deadlines.nearest == now + .seconds(1))
    deadlines.cancel(.pasteReply)
    #expect(deadlines == Deadlines())
  }

  @Test func aNewHistoryRowScrollsBackToTheNewest() {
    var state = state(after: String(repeating: "1+", count: 30))
    state.reduce(.scrollHistory(olderBy: 5))
    state.reduce(.typeKey(.digit(.two), keycode: 11))
    state.reduce(.typeKey(.operation(.add), keycode: 21))
    #expect(state.frame.tape.offset == 0)
  }

  @Test(arguments: [(1, 1), (0, 0), (1, 640), (360, 1), (2, 3)])
  func tinyWindowsNeverTrap(width: Int, height: Int) {
    var state = state()
    state.reduce(.resize(width: width, height: height))
    for x in -1...2 {
      for y in -1...2 {
        let point = Point(x: Double(x), y: Double(y))
        state.reduce(.pointerPressed(at: point))
        state.reduce(.pointerMoved(to: point))
        state.reduce(.pointerReleased(at: point))
        #expect(!state.isAboveKeypad(point))  // no display to paste into
      }
    }
    state.reduce(.scrollHistory(olderBy: 3))
    #expect(state.frame.width == width)
    #expect(state.frame.pressed == nil)
    #expect(state.frame.tape.offset == 0)
  }

  @Test func pointsAboveTheKeypadsTopEdgeAreAboveIt() {
    let state = state()
    // 360 × 640, u = 640 / 746.25: the keypad's top is 640 − 30u − (5 × 67 + 4 × 12u) =
    // 238.11.
    #expect(state.isAboveKeypad(Point(x: 180, y: 0)))
    #expect(state.isAboveKeypad(Point(x: 180, y: 238)))
    #expect(!state.isAboveKeypad(Point(x: 180, y: 239)))
    #expect(!state.isAboveKeypad(center(of: .digit(.seven))))
  }

  @Test func aResizeDropsAPointerPress() {
    var state = state()
    state.reduce(.pointerPressed(at: center(of: .digit(.seven))))
    state.reduce(.resize(width: 500, height: 900))
    #expect(state.frame.pressed == nil)
  }
}
