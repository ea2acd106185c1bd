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
  var scale: Double
  var highlight: Highlight?
  var showsShortcuts = false
  /// Rows scrolled back from the newest; clamped whenever the frame is built.
  var historyOffset = 0
  /// Set by a refused paste or copy; cleared by the next key or click, or by the loop after
  /// `App.errorCueDuration`.
  var flashesError = false

  init(calculator: Calculator, width: Int, height: Int, scale: Double = 1) {
    self.calculator = calculator
    self.width = width
    self.height = height
    self.scale = scale
  }

  var layout: Layout { Layout(width: width, height: height, scale: scale) }

  /// The frame to draw for this state.
  var frame: Frame {
    var frame = Frame(calculator: calculator, width: width, height: height)
    frame.scale = scale
    frame.pressed = litCell
    frame.showsShortcuts = showsShortcuts
    frame.historyOffset = clampedHistoryOffset
    frame.flashesError = flashesError
    return frame
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

  mutating func resize(width: Int, height: Int) {
    self.width = width
    self.height = height
    if case .pointer = highlight { highlight = nil }
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
  mutating func pointerPressed(at point: Point) {
    if showsShortcuts {
      showsShortcuts = false
      highlight = nil
      return
    }
    highlight = layout.cell(at: point).map { .pointer(cell: $0, isInside: true) }
  }

  /// The pointer moved with button 1 down: the circle stays lit only while the pointer is on it.
  mutating func pointerMoved(to point: Point) {
    guard case .pointer(let cell, _) = highlight else { return }
    highlight = .pointer(cell: cell, isInside: layout.cell(at: point) == cell)
  }

  /// Button 1 went up: inside the circle where it went down, that circle acts; elsewhere nothing.
  mutating func pointerReleased(at point: Point) {
    guard case .pointer(let cell, _) = highlight else { return }
    highlight = nil
    guard layout.cell(at: point) == cell else { return }
    switch Keypad.action(at: cell) {
    case .key(let key): press(key)
    case .clear: press(calculator.clearLabel.key)
    case .shortcuts: showsShortcuts = true
    }
  }

  /// Wheel: positive rows scroll back to older history rows, negative towards the newest.
  mutating func scrollHistory(olderBy rows: Int) {
    historyOffset = clampedHistoryOffset + rows
    historyOffset = clampedHistoryOffset
  }

  /// Whether a point lies above the keypad: on the display or the history strip.
  func isAboveKeypad(_ point: Point) -> Bool {
    let layout = layout
    return !layout.isEmpty && point.y < layout.keypadRect.minY
  }
}

extension WindowState {
  /// Pastes one number as the entry; false (and the error cue) when the core refuses the text.
  mutating func paste(_ text: String) -> Bool {
    showsShortcuts = false
    highlight = nil
    guard calculator.paste(text) else {
      flashesError = true
      return false
    }
    historyOffset = 0
    return true
  }
}
