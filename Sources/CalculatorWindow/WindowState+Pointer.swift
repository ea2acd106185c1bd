import CalculatorCore
import CalculatorLayout

/// What button 1 started: a circle held (the window's `highlight`) or a swipe on the display.
struct Pointer: Equatable, Sendable {
  /// Where button 1 went down on the display: a swipe may start there.
  var swipeStart: Point?
  /// When and where the last click on the display (not a swipe) ended: a second click soon
  /// after there is a double click (docs/SPEC.md section 14.3).
  var displayPress: (time: Instant, point: Point)?

  static func == (lhs: Pointer, rhs: Pointer) -> Bool {
    lhs.swipeStart == rhs.swipeStart && lhs.displayPress?.time == rhs.displayPress?.time
      && lhs.displayPress?.point == rhs.displayPress?.point
  }

  /// A swipe on the display (iOS 17): sideways by at least an eighth of the display's width,
  /// more across than down.
  static func isSwipe(from start: Point, to end: Point, display: Rect) -> Bool {
    let across = abs(end.x - start.x)
    return across >= display.width / 8 && across > abs(end.y - start.y)
  }
}

extension WindowState {
  /// The pointer: button 1 presses, drags and releases; the middle button pastes PRIMARY above
  /// the keypad; the middle and right buttons close what shows over the keypad; the wheel
  /// scrolls the tape (reading what other windows saved when it leaves the newest row).
  mutating func pointerEvent(_ event: PointerEvent, at now: Instant) -> [WindowEffect] {
    switch event {
    case .pressed(.primary, let point):
      speech.typedEcho = false
      // The focus ring hides until the next Tab, as it rings a key only for the keyboard
      // (shown after a click, it looked like a pending operator).
      focus.reduce(.hide)
      return pointerPressed(at: point, now: now)
    case .pressed(.middle, let point):
      guard !hasOverlay else { return dismissOverlays() }
      userActed()
      if isAboveKeypad(point) { return [.paste(.primary)] }
    case .pressed(.secondary, _): return dismissOverlays()
    case .pressed(.wheelUp, let point):
      // Leaving the newest row: first read what other windows have saved since.
      if browser.isAtRest { return [.reloadTape(wheelAt: point)] }
      scrollHistory(olderBy: 1, at: point)
    case .pressed(.wheelDown, let point): scrollHistory(olderBy: -1, at: point)
    case .released(.primary, let point): pointerReleased(at: point, now: now)
    case .released: break
    case .moved(let point):
      guard case .pointer(let cell, _) = highlight else { break }
      highlight = .pointer(cell: cell, isInside: layout.cell(at: point) == cell)
    }
    return []
  }

  /// The middle or right button: the overlay, the menu or the unit picker closes.
  private mutating func dismissOverlays() -> [WindowEffect] {
    userActed()
    closeOverlays()
    return []
  }

  /// Button 1 went down; a click while the overlay shows only closes it, and while the menu
  /// shows it chooses a line or, outside the panel, closes the menu.
  ///
  /// On a circle it lights the circle; on the display it may start a swipe; on a row of the
  /// history strip it puts that row's number in the display as a result (`NaN`, or a number
  /// right after `)`, give the red cue from `now` instead), on a line of the side panel its
  /// calculation's result; a second click on a past row soon after edits its number instead
  /// (`editOnDoubleClick`). Which row of a panel line is under the point is where its glyphs
  /// are drawn (`TapeMetrics`).
  @discardableResult
  mutating func pointerPressed(at point: Point, now: Instant) -> [WindowEffect] {
    let frame = tapeFrame
    let stripRow = frame.historyRow(at: point)
    let panelLine = frame.tapeLine(at: point)
    let panelRow = panelLine == nil ? nil : metrics.panelRow(at: point, in: frame)
    let click = browser.click
    userActed()
    pointer.swipeStart = nil
    // Only a circle pressed lights (the last step).
    highlight = nil
    if picker != nil {
      if let panel = layout.picker { picker(.press(point, panel)) }
      return []
    }
    if menu.showsShortcuts {
      menu.reduce(.closeAll)
      return []
    }
    if menu.selection != nil {
      return menu.reduce(.press(point, layout.menu)).map { choose($0, at: now) } ?? []
    }
    if search != nil, layout.searchArea.contains(point) {
      // A match recalls its result, as Return does (docs/SPEC.md section 15.3).
      if let slot = layout.searchMatchSlot(at: point, count: searchPage) {
        search(.click(slot: slot, page: searchPage), at: now)
      }
      return []
    }
    if let click, editOnDoubleClick(at: point, after: click, now: now) { return [] }
    if convertPressed(at: point) { return [] }
    if let stripRow {
      clickTape(
        recalling: numbers.reading(Calculation.number(inRow: stripRow.text)),
        row: stripRow.source.pastRow, at: point, now: now)
      return []
    }
    if let panelLine, tape.calculations.indices.contains(panelLine.calculation) {
      // A line of the side panel recalls its calculation's result.
      clickTape(
        recalling: tape.calculations[panelLine.calculation].result,
        row: panelRow.flatMap { $0.calculation == panelLine.calculation ? $0 : nil }, at: point,
        now: now)
      return []
    }
    if browser.cursor?.edit == nil { endSelection() }  // (the keypad types into an edit)
    if let field = layout.tipLayout?.field(at: point) {
      // The field clicked is active and holds the hidden ring: the next Tab moves on from it.
      document.split.press(.field(field))
      focus.reduce(.fieldClicked)
      return []
    }
    highlight = layout.cell(at: point).map { .pointer(cell: $0, isInside: true) }
    if highlight == nil, layout.tipLayout == nil, layout.displayRect.contains(point) {
      pointer.swipeStart = point
    }
    return []
  }

  mutating func pointerReleased(at point: Point, now: Instant) {
    if let start = pointer.swipeStart {
      pointer.swipeStart = nil
      if Pointer.isSwipe(from: start, to: point, display: layout.displayRect) {
        pointer.displayPress = nil
        press(Key.backspace, at: now)
      } else {
        selectDisplayOnDoubleClick(at: start, now: now)
      }
      return
    }
    guard case .pointer(let cell, _) = highlight else { return }
    highlight = nil
    guard layout.cell(at: point) == cell else { return }
    switch layout.keypad.action(at: cell, second: showsSecond) {
    case .key(let key): press(key, at: now)
    case .clear: press(calculator.clearLabel.key, at: now)
    case .modes: toggleMenu()
    case .secondFunctions: showsSecond.toggle()
    case .tip(let key): press(key, at: now)
    case nil: break
    }
  }

  /// A click on the centre of a cell, down and up; true when the cell acted.
  ///
  /// Space on the focused key and a screen reader's `click` come here, so they act exactly as
  /// the mouse does (a click while the overlay or the menu shows only closes it).
  @discardableResult
  mutating func click(_ cell: GridPosition, at now: Instant) -> Bool {
    let center = layout.circle(at: cell).center
    pointerPressed(at: center, now: now)
    guard case .pointer(cell, _) = highlight else { return false }
    pointerReleased(at: center, now: now)
    return true
  }

  /// Wheel: positive ticks scroll back to older rows, one a tick, negative towards the newest.
  ///
  /// It stops with the tape's oldest row at the top and with the newest row at the bottom. Over
  /// the side panel it scrolls the panel's lines, elsewhere the strip; over the open picker, its
  /// list.
  mutating func scrollHistory(olderBy rows: Int, at point: Point? = nil) {
    if picker != nil { return picker(.scroll(by: -rows)) }  // older is up the list
    if menu.showsShortcuts { return scrollShortcuts(.lines(-rows)) }
    guard mode != .tip else { return }  // no tape to scroll
    if search != nil, point.map(layout.searchArea.contains) ?? true {
      return search(.scroll(by: -rows, page: searchPage), at: Instant(nanoseconds: 0))
    }
    let frame = tapeFrame
    if let point, layout.tapePanel.contains(point) {
      browser.panelOffset = frame.clampedTapePanelOffset(
        frame.clampedTapePanelOffset(browser.panelOffset) + rows)
    } else {
      let maximum = frame.maxHistoryOffset
      browser.historyOffset = min(max(min(browser.historyOffset, maximum) + rows, 0), maximum)
    }
  }

  /// A screen reader's click or focus request on an element.
  ///
  /// A click acts as the pointer does on it (a key's centre pressed and released, a menu line
  /// chosen, a field made active, a unit's button, the swap key, a picker's tab or line); a
  /// focus request moves the focus ring there, or selects the line.
  mutating func screenReader(_ request: ScreenReaderRequest, at now: Instant) -> [WindowEffect] {
    switch request {
    case .click(let target):
      speech.typedEcho = false
      switch target {
      case .cell(let cell): click(cell, at: now)
      case .menuItem(let item):
        if let item = menu.reduce(.choose(item)) { return choose(item, at: now) }
      case .field(let field): document.split.press(.field(field))
      case .convert(.unit(let side)): openPicker(side)
      case .convert(.swap): return perform(.swapUnits, keycode: 0, at: now)
      case .convert(.caption): if rates.offersDownload(at: seconds) { downloadRates() }
      case .pickerTab(let side): if picker?.side != side { picker(.command(.switchSide)) }
      case .pickerLine(let index): picker(.choose(row: index))
      }
    case .focus(let target):
      switch target {
      case .cell(let cell): focus(.cell(cell))
      case .field(let field): focus(.field(field))
      case .menuItem(let item): menu.reduce(.select(item))
      case .pickerLine(let index): picker?.selection = index
      case .convert, .pickerTab: break
      }
    }
    return []
  }
}
