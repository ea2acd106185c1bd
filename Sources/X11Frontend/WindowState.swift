import CalculatorCore
import CalculatorLayout
import CalculatorRender

/// Everything the window shows, changed by input that the X handlers have already decoded.
///
/// Pure: no X calls, so clicks, key flashes and scrolling are tested without a server.
struct WindowState: Equatable, Sendable {
  /// The lightened circle and what holds it down.
  enum Highlight: Equatable, Sendable {
    /// Button 1 went down on `cell`; lit only while the pointer is still inside it.
    case pointer(cell: GridPosition, isInside: Bool)
    /// A typed key, lit from KeyPress until the KeyRelease of the same keycode.
    case keyboard(cell: GridPosition, keycode: UInt32)
  }

  var calculator: Calculator
  var width: Int
  var height: Int
  /// The HiDPI scale the window opened with; the size saved for the next start is divided by it.
  var scale: Double
  var highlight: Highlight?
  /// Where button 1 went down on the display: a swipe may start there.
  var swipeStart: Point?
  var showsShortcuts = false
  /// Rows scrolled back from the newest; kept within 0…`maxHistoryOffset` by `scrollHistory`.
  private(set) var historyOffset = 0
  /// The cues and the paste's wait, each with its end.
  var deadlines = Deadlines()

  init(calculator: Calculator, width: Int, height: Int, scale: Double = 1) {
    self.calculator = calculator
    self.width = width
    self.height = height
    self.scale = scale
  }

  var layout: Layout { Layout(width: width, height: height) }

  /// The frame to draw for this state.
  var frame: Frame {
    var frame = Frame(calculator: calculator, width: width, height: height)
    frame.pressed = litCell
    frame.showsShortcuts = showsShortcuts
    frame.historyOffset = clampedHistoryOffset
    frame.displayCue = displayCue
    return frame
  }

  /// The cue the display shows, from the running deadlines.
  var displayCue: DisplayCue? {
    if deadlines.isRunning(.refusedCue) { return .refused }
    if deadlines.isRunning(.copiedCue) { return .copied }
    return nil
  }

  private var litCell: GridPosition? {
    switch highlight {
    case .pointer(let cell, isInside: true): cell
    case .keyboard(let cell, _): cell
    case .pointer(_, isInside: false), nil: nil
    }
  }

  private var clampedHistoryOffset: Int {
    let maximum = layout.maxHistoryOffset(rowCount: calculator.historyCount)
    return min(max(historyOffset, 0), max(maximum, 0))
  }

  /// A new size: a pointer press is dropped and the strip returns to the newest row.
  mutating func resize(width: Int, height: Int) {
    self.width = width
    self.height = height
    if case .pointer = highlight { highlight = nil }
    swipeStart = nil
    historyOffset = 0
  }

  /// Any key or a click (not the wheel): the cue comes down and the strip returns to the
  /// newest row (DESIGN.md section 3).
  mutating func userActed() {
    endCue()
    historyOffset = 0
  }

  /// Shows `cue` on the display for its full time from `now`, in place of any other cue.
  mutating func showCue(_ cue: DisplayCue, at now: ContinuousClock.Instant) {
    endCue()
    deadlines.start(cue == .refused ? .refusedCue : .copiedCue, at: now)
  }

  private mutating func endCue() {
    deadlines.cancel(.refusedCue)
    deadlines.cancel(.copiedCue)
  }

  /// Presses a calculator key; the strip scrolls back to the newest row, where a new row shows.
  mutating func press(_ key: Key) {
    calculator.press(key)
    historyOffset = 0
  }

  /// A bound keyboard key went down: lighten its circle (none for ⌫) and press it.
  ///
  /// While the overlay shows, Escape only closes it; any other key closes it and acts.
  mutating func typeKey(_ key: Key, keycode: UInt32) {
    if showsShortcuts {
      showsShortcuts = false
      if key == .allClear { return }
    }
    highlight = Keypad.position(of: key).map { .keyboard(cell: $0, keycode: keycode) }
    press(key)
  }

  /// Any key went up: un-lighten the circle it lit.
  mutating func keyReleased(keycode: UInt32) {
    if case .keyboard(_, keycode) = highlight { highlight = nil }
  }

  /// The keyboard focus left: a key release may never arrive.
  mutating func focusLost() {
    if case .keyboard = highlight { highlight = nil }
  }

  mutating func toggleShortcuts() {
    showsShortcuts.toggle()
    highlight = nil
  }

  /// Button 1 went down; a click while the overlay shows only closes it.
  ///
  /// On a circle it lights the circle; on the display it may start a swipe.
  mutating func pointerPressed(at point: Point) {
    userActed()
    swipeStart = nil
    if showsShortcuts {
      showsShortcuts = false
      highlight = nil
      return
    }
    let layout = layout
    highlight = layout.cell(at: point).map { .pointer(cell: $0, isInside: true) }
    if highlight == nil, layout.displayRect.contains(point) { swipeStart = point }
  }

  /// The pointer moved with button 1 down: the circle stays lit only while the pointer is on it.
  mutating func pointerMoved(to point: Point) {
    guard case .pointer(let cell, _) = highlight else { return }
    highlight = .pointer(cell: cell, isInside: layout.cell(at: point) == cell)
  }

  /// Button 1 went up: inside the circle where it went down, that circle acts; a swipe across the
  /// display deletes the last typed character; elsewhere nothing.
  mutating func pointerReleased(at point: Point) {
    if let start = swipeStart {
      swipeStart = nil
      if isSwipe(from: start, to: point) { press(.backspace) }
      return
    }
    guard case .pointer(let cell, _) = highlight else { return }
    highlight = nil
    guard layout.cell(at: point) == cell else { return }
    switch Keypad.action(at: cell) {
    case .key(let key): press(key)
    case .clear: press(calculator.clearLabel.key)
    case .shortcuts: showsShortcuts = true
    }
  }

  /// Wheel: positive rows scroll back to older history rows, negative towards the newest; it
  /// stops with the oldest row at the top of the strip and with the newest at its bottom.
  mutating func scrollHistory(olderBy rows: Int) {
    let maximum = layout.maxHistoryOffset(rowCount: calculator.historyCount)
    historyOffset = min(max(clampedHistoryOffset + rows, 0), maximum)
  }

  /// A swipe on the display (iOS 17): sideways by at least an eighth of the display's width,
  /// more across than down.
  private func isSwipe(from start: Point, to end: Point) -> Bool {
    let across = abs(end.x - start.x)
    return across >= layout.displayRect.width / 8 && across > abs(end.y - start.y)
  }

  /// Whether a point lies above the keypad: on the display or the history strip.
  func isAboveKeypad(_ point: Point) -> Bool {
    let layout = layout
    return !layout.isEmpty && point.y < layout.keypadRect.minY
  }
}

extension WindowState {
  /// Pastes one number as the entry; false, changing nothing, when the core refuses the text.
  mutating func paste(_ text: String) -> Bool {
    showsShortcuts = false
    highlight = nil
    guard calculator.paste(text) else { return false }
    historyOffset = 0
    return true
  }
}
