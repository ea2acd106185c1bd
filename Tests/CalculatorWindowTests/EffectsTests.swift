import CalculatorCore
import CalculatorLayout
import Testing

@testable import CalculatorWindow

/// What the window's logic asks of the outside world, input by input: each effect the front
/// end performs comes from one place, so these are the whole contract between the two.
@Suite struct EffectsTests {
  func state(after keys: String = "", width: Int = 360, height: Int = 640) -> WindowState {
    var state = WindowState(calculator: Calculator(), width: width, height: height)
    state.type(keys)
    return state
  }

  /// The keystroke of a keysym name, as `type(keysyms:)` makes it.
  func key(_ name: String, _ modifiers: KeyModifiers = []) -> WindowAction {
    .keyPressed(Keystroke(KeySymbol(named: name) ?? KeySymbol(0), modifiers: modifiers, keycode: 9))
  }

  @Test func copyPasteAndQuitAreTheFrontEndsToDo() {
    var state = state(after: "1234.5")
    #expect(state.send(key("c", .control)) == [.copy("1234.5")])
    #expect(state.cues.shown == nil)  // until the front end says the clipboard is ours
    #expect(state.send(.copied(true)) == [])
    #expect(state.cues.shown == .copied)
    #expect(state.send(key("v", .control)) == [.paste(.clipboard)])
    #expect(state.send(key("Insert", .shift)) == [.paste(.clipboard)])
    #expect(state.send(key("q", .control)) == [.quit])
    #expect(state.send(key("w", .control)) == [.quit])
    // Nothing to copy: the red cue at once, no effect.
    var empty = self.state(after: "1/0=")
    #expect(empty.send(key("c", .control)) == [])
    #expect(empty.cues.shown == .refused)
    var none = self.state()
    #expect(none.send(key("C", [.control, .shift])) == [])  // no calculation on the tape
    #expect(none.cues.shown == .refused)
  }

  @Test func aPastedTextArrivesAsItsOwnInput() {
    var state = state()
    #expect(state.send(.pasted("42")) == [])
    #expect(state.calculator.display == "42")
    state.send(.pasted(nil))  // no owner answered
    #expect(state.cues.shown == .refused && state.calculator.display == "42")
  }

  /// The middle button pastes PRIMARY above the keypad only, or closes what is open.
  @Test func theMiddleButtonPastesPrimaryOnTheDisplay() {
    var state = state()
    let display = state.layout.displayRect
    let onDisplay = Point(x: display.minX + 20, y: display.minY + display.height / 2)
    #expect(state.send(.pointer(.pressed(.middle, at: onDisplay))) == [.paste(.primary)])
    let keypad = state.layout.circle(at: GridPosition(row: 2, column: 1)).center
    #expect(state.send(.pointer(.pressed(.middle, at: keypad))) == [])
    state.send(key("question"))
    #expect(state.send(.pointer(.pressed(.middle, at: onDisplay))) == [])
    #expect(state.frame.shortcuts == nil)
  }

  /// A finished calculation, an edit, Clear History and an undo ask for the tape to be saved;
  /// a digit typed, a move of the row cursor, what other windows saved do not.
  @Test func aChangeOfTheTapeAsksForItToBeSaved() {
    var state = state(after: "1+")
    #expect(state.send(key("2")) == [])
    #expect(state.send(key("Return")) == [.saveTape])
    #expect(state.send(key("z", .control)) == [.saveTape])
    #expect(state.send(key("y", .control)) == [.saveTape])
    #expect(state.send(key("Up")) == [])
    #expect(state.send(key("Up")) == [])
    #expect(state.send(key("F2")) == [])
    #expect(state.send(key("BackSpace")) == [])
    #expect(state.send(key("5")) == [])
    #expect(state.send(key("Return")) == [.saveTape])  // the edit committed
    #expect(state.tape.calculations.map(\.line) == ["1 + 5 = 6"])
    var saved = state.tape
    saved.append(Calculation(rows: ["7", "× 6"], result: "42"), at: 10)
    #expect(state.send(.tapeSaved(saved)) == [])
    #expect(state.tape == saved)
    #expect(state.send(key("F10")) == [])
    #expect(
      state.send(key("End")) == [] && state.send(key("Return")) == [.saveTape])  // Clear History
    #expect(state.tape.count == 0)
  }

  /// The wheel leaving the newest row first asks for what other windows saved, then scrolls
  /// when that comes back; away from rest it scrolls at once.
  @Test func theWheelAtRestReadsTheSavedTapeFirst() {
    var state = state(after: "1+2=3+4=5")
    let point = Point(x: 100, y: 10)
    #expect(state.send(.pointer(.pressed(.wheelUp, at: point))) == [.reloadTape(wheelAt: point)])
    #expect(state.browser.historyOffset == 0)
    var saved = state.tape  // and another window's calculation
    saved.append(Calculation(rows: ["7", "× 6"], result: "42"), at: 10)
    #expect(state.send(.tapeReloaded(saved, wheelAt: point)) == [])
    #expect(state.browser.historyOffset == 1)
    #expect(state.tape.count == 3)
    #expect(state.send(.pointer(.pressed(.wheelUp, at: point))) == [])
    #expect(state.browser.historyOffset == 2)
  }

  /// A mode switch tells the window manager its minimum, and asks to grow a window below it.
  @Test func aModeSwitchAsksForItsMinimumSize() {
    var state = state(width: 200, height: 350)
    #expect(
      state.send(key("2", .control)) == [
        .minimumSize(PixelSize(width: 360, height: 350)),
        .resize(PixelSize(width: 360, height: 350)),
      ])
    #expect(state.send(key("1", .control)) == [.minimumSize(PixelSize(width: 200, height: 350))])
    #expect(state.send(key("1", .control)) == [])
  }

  /// Currencies shown ask for the stored rates once; then, with none, for an update whatever
  /// the file; with rates, for one only when their file is a day old; none while one runs or
  /// within a day of the last attempt (docs/SPEC.md section 10.4).
  @Test func currenciesAskForTheRatesAndTheirUpdate() {
    var state = state(after: "100")
    state.convert.category = .currency
    let day: UInt64 = 86_400
    let noon = WindowTime(instant: .now, wallClock: 20_000 * day * 1_000_000_000)
    #expect(state.reduce(.keyboardFocus(true), at: noon) == [])  // Convert is off
    #expect(state.reduce(key("4", .control), at: noon) == [.readRates])
    #expect(state.reduce(.ratesRead(nil), at: noon) == [.startRatesUpdate(unlessStoredAfter: nil)])
    #expect(state.reduce(.ratesUpdateStarted(isRunning: true), at: noon) == [])
    #expect(state.reduce(.tick, at: noon) == [])  // it runs
    let rates = CurrencyRates(
      date: "2026-12-04", rates: [CurrencyRates.Rate(code: "USD", perEuro: DecimalNumber(2))])
    // Today's; the result is said (docs/SPEC.md section 14.6).
    #expect(
      state.reduce(.ratesUpdateEnded(rates, succeeded: true), at: noon)
        == [.announce("Rates of 2026-12-04 (ECB)")])
    let tomorrow = WindowTime(instant: .now, wallClock: 20_001 * day * 1_000_000_000)
    #expect(
      state.reduce(.tick, at: tomorrow)
        == [.startRatesUpdate(unlessStoredAfter: Int(20_000 * day))])
  }

  /// One key is one input: a refused key in Tip & Split gives the red cue and its refusal is
  /// said once, after the turn, with the lines that changed.
  @Test func aRefusalIsAnnouncedOnceAfterItsTurn() {
    var state = state()
    state.send(key("3", .control))
    #expect(state.send(.presented(state.frame)) == [])  // the first frame: nothing to compare
    state.send(key("minus"))
    state.send(key("minus"))  // already 1 person
    #expect(state.send(.presented(state.frame)) == [.announce("Not accepted")])
    #expect(state.send(.presented(state.frame)) == [])
  }
}
