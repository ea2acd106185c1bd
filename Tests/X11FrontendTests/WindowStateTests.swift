import CalculatorCore
import CalculatorLayout
import Testing

@testable import X11Frontend

/// Clicks, key flashes, the overlay and scrolling, decided without an X server.
@Suite struct WindowStateTests {
  static let width = 360
  static let height = 640
  let layout = Layout(width: WindowStateTests.width, height: WindowStateTests.height)

  func center(of key: Key) -> Point {
    guard let cell = Keypad.position(of: key) else { return Point(x: -1, y: -1) }
    return layout.circle(at: cell).center
  }

  func center(of action: KeypadAction) -> Point {
    guard let cell = Keypad.position(of: action) else { return Point(x: -1, y: -1) }
    return layout.circle(at: cell).center
  }

  func state(after keys: [Key] = []) -> WindowState {
    WindowState(calculator: calculator(after: keys), width: Self.width, height: Self.height)
  }

  func calculator(after keys: [Key]) -> Calculator {
    var calculator = Calculator()
    for key in keys { calculator.press(key) }
    return calculator
  }

  @Test func pressLightensTheCircleAndReleaseInsideActs() {
    var state = state()
    state.pointerPressed(at: center(of: .digit(.seven)))
    #expect(state.frame.pressed == Keypad.position(of: .digit(.seven)))
    #expect(state.calculator == Calculator())
    state.pointerReleased(at: center(of: .digit(.seven)))
    #expect(state.frame.pressed == nil)
    #expect(state.calculator == calculator(after: [.digit(.seven)]))
  }

  @Test func releaseOnAnotherCircleCancels() {
    var state = state()
    state.pointerPressed(at: center(of: .digit(.seven)))
    state.pointerMoved(to: center(of: .digit(.eight)))
    #expect(state.frame.pressed == nil)
    state.pointerReleased(at: center(of: .digit(.eight)))
    #expect(state.frame.pressed == nil)
    #expect(state.calculator == Calculator())
  }

  @Test func draggingOffAndBackOnKeepsThePress() {
    var state = state()
    let seven = center(of: .digit(.seven))
    state.pointerPressed(at: seven)
    state.pointerMoved(to: Point(x: 0, y: 0))
    #expect(state.frame.pressed == nil)
    state.pointerMoved(to: seven)
    #expect(state.frame.pressed == Keypad.position(of: .digit(.seven)))
    state.pointerReleased(at: seven)
    #expect(state.calculator == calculator(after: [.digit(.seven)]))
  }

  @Test func theCornerOfACirclesBoxIsNotTheCircle() {
    var state = state()
    let circle = layout.circle(at: GridPosition(row: 1, column: 0))
    let corner = Point(
      x: circle.center.x - circle.radius * 0.9, y: circle.center.y - circle.radius * 0.9)
    state.pointerPressed(at: corner)
    #expect(state.frame.pressed == nil)
    state.pointerReleased(at: corner)
    #expect(state.calculator == Calculator())
  }

  @Test func theClearCellPressesWhatItShows() {
    let typed: [Key] = [.digit(.one), .operation(.add), .digit(.two)]
    var state = state(after: typed)
    let expectedKey: Key = state.calculator.clearLabel == .allClear ? .allClear : .clearEntry
    state.pointerPressed(at: center(of: .clear))
    state.pointerReleased(at: center(of: .clear))
    #expect(state.calculator == calculator(after: typed + [expectedKey]))
  }

  @Test func theKeyboardCellTogglesTheOverlayAndAnyClickClosesIt() {
    var state = state()
    state.pointerPressed(at: center(of: .shortcuts))
    state.pointerReleased(at: center(of: .shortcuts))
    #expect(state.frame.showsShortcuts)
    state.pointerPressed(at: center(of: .digit(.seven)))
    #expect(!state.frame.showsShortcuts)
    #expect(state.frame.pressed == nil)
    state.pointerReleased(at: center(of: .digit(.seven)))
    #expect(state.calculator == Calculator())
  }

  @Test func aTypedKeyLightsItsCircleUntilItsOwnRelease() {
    var state = state()
    state.typeKey(.digit(.five), keycode: 14)
    #expect(state.frame.pressed == Keypad.position(of: .digit(.five)))
    state.keyReleased(keycode: 50)  // Shift, say
    #expect(state.frame.pressed == Keypad.position(of: .digit(.five)))
    state.keyReleased(keycode: 14)
    #expect(state.frame.pressed == nil)
    #expect(state.calculator == calculator(after: [.digit(.five)]))
  }

  @Test func clearKeysLightTheClearCellAndBackspaceLightsNothing() {
    var state = state(after: [.digit(.one), .digit(.two)])
    state.typeKey(.clearEntry, keycode: 119)
    #expect(state.frame.pressed == Keypad.position(of: .clear))
    state.typeKey(.backspace, keycode: 22)
    #expect(state.frame.pressed == nil)
  }

  @Test func losingFocusUnlightsATypedKey() {
    var state = state()
    state.typeKey(.digit(.five), keycode: 14)
    state.focusLost()
    #expect(state.frame.pressed == nil)
  }

  @Test func escapeOnlyClosesTheOverlay() {
    var state = state(after: [.digit(.four)])
    state.toggleShortcuts()
    state.typeKey(.allClear, keycode: 9)
    #expect(!state.frame.showsShortcuts)
    #expect(state.calculator == calculator(after: [.digit(.four)]))
  }

  @Test func otherKeysCloseTheOverlayAndAct() {
    var state = state()
    state.toggleShortcuts()
    state.typeKey(.digit(.four), keycode: 13)
    #expect(!state.frame.showsShortcuts)
    #expect(state.calculator == calculator(after: [.digit(.four)]))
  }

  @Test func scrollingStaysWithinTheHistory() {
    let keys: [Key] = Array(repeating: [.digit(.one), .operation(.add)], count: 30).flatMap { $0 }
    var state = state(after: keys)
    let maximum = layout.maxHistoryOffset(rowCount: state.calculator.history.count)
    state.scrollHistory(olderBy: -1)
    #expect(state.frame.historyOffset == 0)
    for _ in 0..<100 { state.scrollHistory(olderBy: 1) }
    #expect(state.frame.historyOffset == maximum)
    state.scrollHistory(olderBy: -1)
    #expect(state.frame.historyOffset == max(0, maximum - 1))
  }

  @Test func aNewHistoryRowScrollsBackToTheNewest() {
    let keys: [Key] = Array(repeating: [.digit(.one), .operation(.add)], count: 30).flatMap { $0 }
    var state = state(after: keys)
    state.scrollHistory(olderBy: 5)
    state.typeKey(.digit(.two), keycode: 11)
    state.typeKey(.operation(.add), keycode: 21)
    #expect(state.frame.historyOffset == 0)
  }

  @Test(arguments: [(1, 1), (0, 0), (1, 640), (360, 1), (2, 3)])
  func tinyWindowsNeverTrap(width: Int, height: Int) {
    var state = state()
    state.resize(width: width, height: height)
    for x in -1...2 {
      for y in -1...2 {
        let point = Point(x: Double(x), y: Double(y))
        state.pointerPressed(at: point)
        state.pointerMoved(to: point)
        state.pointerReleased(at: point)
        _ = state.isAboveKeypad(point)
      }
    }
    state.scrollHistory(olderBy: 3)
    #expect(state.frame.width == width)
    #expect(state.frame.pressed == nil)
    #expect(state.frame.historyOffset == 0)
  }

  @Test func aResizeDropsAPointerPress() {
    var state = state()
    state.pointerPressed(at: center(of: .digit(.seven)))
    state.resize(width: 500, height: 900)
    #expect(state.frame.pressed == nil)
  }
}
