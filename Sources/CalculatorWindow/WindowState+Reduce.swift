import CalculatorCore
import CalculatorLayout

extension WindowState {
  /// Changes the state by one input at `time`, the one way it changes; what the outside world
  /// must do, in order.
  ///
  /// Each input goes to the parts it concerns (TCA's Scope): a key to `keyPressed` (which
  /// decides what it means), the pointer to `pointerEvent` (which decides where it lands), a
  /// screen reader's request to `screenReader`. What the action changed of the document becomes
  /// one level of undo.
  public mutating func reduce(_ action: WindowAction, at time: WindowTime) -> [WindowEffect] {
    stamp = time.wallClock
    let now = time.instant
    let tapeBefore = action.mayChangeDocument ? document.tape : nil
    let modeBefore = mode
    var effects: [WindowEffect]
    switch action {
    case .opened(let saved, let finished):
      document.tape = saved
      document.adopt(finished, at: stamp)
      undo = UndoStack(document)
      effects = []
    case .keyPressed(let stroke): effects = keyPressed(stroke, at: now)
    case .keyReleased(let keycode):
      if case .keyboard(_, keycode) = highlight { highlight = nil }
      effects = []
    case .pointer(let event): effects = pointerEvent(event, at: now)
    case .keyboardFocus(let hasFocus):
      hasInputFocus = hasFocus
      if !hasFocus, case .keyboard = highlight { highlight = nil }
      effects = []
    case .resized(let width, let height):
      if width != self.width || height != self.height { resized(width: width, height: height) }
      effects = []
    case .tick:
      cues.reduce(.expire(at: now))
      effects = []
    case .copied(let owns):
      cues.reduce(.show(owns ? .copied : .refused, at: now))
      effects = []
    case .pasted(let text):
      do throws(RefusedPaste) {
        try paste(text ?? "")
      } catch {
        cues.reduce(.refuse(reason: error.reason, at: now))
      }
      effects = []
    case .screenReader(let request): effects = screenReader(request, at: now)
    case .tapeSaved(let saved):
      absorb(saved: saved)
      effects = []
    case .tapeReloaded(let saved, let point):
      if let saved { absorb(saved: saved) }
      scrollHistory(olderBy: 1, at: point)
      effects = []
    case .ratesRead(let stored, let storedAt):
      rates.reduce(.read(stored, storedAt: storedAt))
      effects = []
    case .ratesUpdateStarted(let isRunning):
      rates.reduce(.updateStarted(at: Int(stamp / 1_000_000_000), isRunning: isRunning))
      effects = []
    case .ratesUpdateEnded(let stored, let succeeded, let storedAt, let failure):
      rates.reduce(
        .updateEnded(stored, storedAt: storedAt, succeeded: succeeded, failure: failure))
      // The result said (docs/SPEC.md section 14.6): the rates' date, or what failed.
      effects = [
        .announce(
          ConvertUnits.ratesCaption(rates.stored, update: rates.update, failure: rates.failure))
      ]
    case .presented(let frame):
      effects = speech.reduce(frame, refusals: cues.refusals, reason: cues.refusalReason)
    case .windowManagerState(let keepsOnTop):
      self.keepsOnTop = keepsOnTop
      effects = []
    case .selectionLost:
      displaySelected = false
      effects = []
    }
    if !menu.showsShortcuts { shortcutsOffset = 0 }
    if mode != modeBefore { effects += sizeRequests() }
    if let tapeBefore {
      undo.settle(document)
      // (The tape as saved, from other windows, needs no saving.)
      if document.tape != tapeBefore, !action.bringsSavedTape { effects.append(.saveTape) }
      searchFollowsTape()
    }
    if let rates = ratesEffect() { effects.append(rates) }
    effects += requested
    requested = []
    return effects
  }

  /// A new size: a pointer press is dropped, the tape returns to the newest row, or to the row
  /// cursor's row, and the open picker's list scrolls within its rows.
  private mutating func resized(width: Int, height: Int) {
    resize(width: width, height: height)
    if case .pointer = highlight { highlight = nil }
    pointer.swipeStart = nil
    browser.toRest()
    scrollToCursor()
    picker(.resized)
  }

  /// Any key or a click (not the wheel): the cue comes down and the tape returns to the
  /// newest row (docs/SPEC.md section 3.4), unless the row cursor holds the strip and the side
  /// panel on its row.
  mutating func userActed() {
    cues.reduce(.end)
    displaySelected = false
    browser.click = nil
    if browser.cursor == nil { browser.toRest() }
  }

  /// Shows `cue` on the display for its full time from `now`, in place of any other cue.
  mutating func showCue(_ cue: DisplayCue, at now: Instant) {
    cues.reduce(.show(cue, at: now))
  }

  /// Presses a calculator key; the strip scrolls back to the newest row, where a new row shows.
  ///
  /// A calculation it finishes goes on the tape. While a past number is edited, the key goes
  /// to the edit instead (`editKey`); with a row selected, the selection ends first.
  mutating func press(_ key: Key, at now: Instant) {
    if browser.cursor?.edit != nil { return editKey(key, at: now) }
    endSelection()
    document.press(key, at: stamp)
    browser.toRest()
    // A NaN that no precision decided (docs/SPEC.md section 16), or a temperature below
    // absolute zero on the Convert lines (section 10.4): the red cue.
    let calculator = document.calculator
    if calculator.showsUndecidable
      || convertUnits.map({ units in
        calculator.displayText.number.map(units.from.isBelowAbsoluteZero) ?? false
      }) ?? false
    {
      showCue(.refused, at: now)
    }
  }

  /// Closes the shortcuts overlay, the mode menu and the unit picker; true when one was open.
  @discardableResult
  mutating func closeOverlays() -> Bool {
    defer {
      menu.reduce(.closeAll)
      picker = nil
    }
    return hasOverlay
  }

  /// The shortcuts overlay, the mode menu or the unit picker shows over the keypad.
  var hasOverlay: Bool { menu.isOpen || picker != nil }

  /// Acts on a menu line (the menu has closed); what the outside world must do for it.
  @discardableResult
  mutating func choose(_ item: MenuItem, at now: Instant) -> [WindowEffect] {
    switch item {
    case .mode(let mode): switchMode(to: mode)
    case .order(let order): switchOrder(to: order)
    case .convert: toggleConvert()
    case .keepOnTop: toggleKeepOnTop()
    case .keyboardShortcuts: menu.reduce(.showShortcuts)
    case .copyTape: return copyTape(at: now)
    case .clearHistory: clearHistory()
    case .separator: break
    }
    return []
  }

  /// Copy Tape: the whole tape goes to the clipboard as `circlecalc --history` prints it, a
  /// calculation a line (docs/SPEC.md section 15.5); an empty tape gives the red cue.
  private mutating func copyTape(at now: Instant) -> [WindowEffect] {
    guard !tape.isEmpty else {
      showCue(.refused, at: now)
      return []
    }
    var text = ""
    tape.export(as: .text, numbers: numbers, localTime: { _ in nil }) { text += $0 }
    return [.copy(text)]
  }

  /// Clear History: empties the tape, saved file included; Ctrl+Z brings it back.
  private mutating func clearHistory() {
    document.clearHistory()
    endSelection()
    browser.toRest()
  }

  /// Shows another keypad with the same calculator (Ctrl+1, Ctrl+2 or the menu).
  ///
  /// The window keeps the size the user gave it, unless it is below the new mode's minimum
  /// (`sizeRequests`).
  mutating func switchMode(to mode: Mode) {
    closeOverlays()
    highlight = nil
    guard mode != self.mode else { return }
    if mode == .tip { search = nil }  // no tape there
    // The ring stays on the same key when the new keypad has it (the basic keys all are).
    let ringed = focus.cell.flatMap { layout.keypad.action(at: $0, second: showsSecond) }
    layOut(mode)
    showsSecond = false
    focus.reduce(.keypadChanged(ringed.flatMap { layout.keypad.position(of: $0) }))
    if mode == .tip { tip.offerBill(from: calculator, to: &document) }
  }

  /// After a mode switch: the new mode's minimum size for the window manager and, when the
  /// window is below it (docs/SPEC.md section 3), a request to grow to it, each side as needed.
  private func sizeRequests() -> [WindowEffect] {
    let minimum = minimumSize
    guard width < minimum.width || height < minimum.height else { return [.minimumSize(minimum)] }
    return [
      .minimumSize(minimum),
      .resize(PixelSize(width: max(width, minimum.width), height: max(height, minimum.height))),
    ]
  }

  /// Whether a point lies above the keypad: on the display or the history strip; in tip mode,
  /// on the fields and results.
  func isAboveKeypad(_ point: Point) -> Bool {
    if let tip = layout.tipLayout { return tip.panel.contains(point) }
    return !layout.isEmpty && point.y < layout.keypadRect.minY
  }
}
