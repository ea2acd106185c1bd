import CalculatorCore
import CalculatorLayout
import TestSupport
import Testing

@testable import CalculatorWindow

/// Desktop habits in the window's logic (docs/SPEC.md section 14): Keep on Top asked for and
/// following the window manager, the menu's shortcuts, the display selected on a double click,
/// what is kept across a restart, where the window reopens, Download rates and the picker's
/// filter over every category. Expected values by hand from the contract's words.
@Suite struct DesktopHabitsTests {
  func state(after keys: String = "", mode: Mode = .basic) -> WindowState {
    WindowState(
      calculator: TestSupport.calculator(after: keys), mode: mode, width: 360, height: 640)
  }

  func middle(_ rect: Rect) -> Point {
    Point(x: rect.minX + rect.width / 2, y: rect.minY + rect.height / 2)
  }

  let rates = CurrencyRates(
    date: "2026-12-04",
    rates: [
      CurrencyRates.Rate(code: "USD", perEuro: DecimalNumber(2)),
      CurrencyRates.Rate(code: "GBP", perEuro: DecimalNumber(1)),
    ])

  // MARK: - Keep on Top (section 14.1)

  @Test func ctrlTAndTheMenuAskTheWindowManagerAndTheCheckFollowsItsAnswer() throws {
    var state = state()
    #expect(state.send(key("t", .control)) == [.keepOnTop(true)])
    // No answer (no window manager): nothing changed, no check mark.
    #expect(!state.keepsOnTop && !state.frame.keepsOnTop)
    #expect(state.send(.windowManagerState(keepsOnTop: true)) == [])
    #expect(state.frame.keepsOnTop)
    // The menu's line asks for the other state, and the menu closes.
    state.reduce(.toggleMenu)
    #expect(state.frame.isChecked(.keepOnTop))
    let index = try #require(MenuItem.all.firstIndex(of: .keepOnTop))
    let row = try #require(state.layout.menu).rows[index]
    #expect(state.send(.pointer(.pressed(.primary, at: middle(row)))) == [.keepOnTop(false)])
    #expect(state.menu.selection == nil)
    // The title bar's own toggle: the state follows.
    state.send(.windowManagerState(keepsOnTop: false))
    #expect(!state.frame.keepsOnTop)
  }

  @Test func everyShortcutTheMenuShowsIsTheBindingOfItsLine() {
    #expect(
      MenuItem.all.map(\.shortcut) == [
        "Ctrl+1", "Ctrl+2", "Ctrl+3", nil, nil, nil, nil, "Ctrl+4", "Ctrl+T", "F1", nil, nil,
      ])
    for item in MenuItem.all {
      guard let shortcut = item.shortcut else { continue }
      let binding = keyBindings.first { $0.shown == shortcut }
      #expect(binding?.command == item.action.map(KeyCommand.action), "\(item)")
    }
    // Listed in the shortcuts overlay.
    #expect(
      KeyBinding.shortcutLines(for: .basic).contains {
        $0.keys == "Ctrl+T" && $0.action == "keep the window on top"
      })
  }

  // MARK: - PRIMARY (section 14.3)

  @Test func aDoubleClickOnTheDisplaySelectsTheNumberAsCtrlCWritesIt() {
    var state = state(after: "1234.5")
    let point = middle(state.layout.displayRect)
    let start = Instant.now
    #expect(state.send(.pointer(.pressed(.primary, at: point)), at: start) == [])
    state.send(.pointer(.released(.primary, at: point)), at: start)
    #expect(!state.frame.displaySelected)
    let second = start + .milliseconds(200)
    #expect(state.send(.pointer(.pressed(.primary, at: point)), at: second) == [])
    #expect(
      state.send(.pointer(.released(.primary, at: point)), at: second) == [.ownPrimary("1234.5")])
    #expect(state.frame.displaySelected)
    #expect(state.calculator == TestSupport.calculator(after: "1234.5"))  // no swipe
    // Another program takes PRIMARY: the look goes, nothing is asked again (no loop).
    #expect(state.send(.selectionLost) == [])
    #expect(!state.frame.displaySelected)
  }

  @Test func twoClicksFarApartInTimeOrPlaceSelectNothing() {
    var state = state(after: "7")
    let point = middle(state.layout.displayRect)
    let start = Instant.now
    state.send(.pointer(.pressed(.primary, at: point)), at: start)
    state.send(.pointer(.released(.primary, at: point)), at: start)
    let late = start + .milliseconds(401)
    state.send(.pointer(.pressed(.primary, at: point)), at: late)
    #expect(state.send(.pointer(.released(.primary, at: point)), at: late) == [])
    let moved = Point(x: point.x + 5, y: point.y)
    #expect(
      state.send(.pointer(.pressed(.primary, at: moved)), at: late + .milliseconds(100)) == [])
  }

  @Test func twoSwipesInARowDeleteTwoDigitsAndSelectNothing() {
    var state = state(after: "123")
    let display = state.layout.displayRect
    let right = Point(x: display.maxX - 10, y: display.minY + display.height / 2)
    let left = Point(x: right.x - display.width / 2, y: right.y)
    let start = Instant.now
    for time in [start, start + .milliseconds(100)] {
      state.send(.pointer(.pressed(.primary, at: right)), at: time)
      #expect(state.send(.pointer(.released(.primary, at: left)), at: time) == [])
    }
    #expect(state.calculator == TestSupport.calculator(after: "1"))
    #expect(!state.frame.displaySelected)
  }

  @Test func aKeyEndsTheSelectedLook() {
    var state = state(after: "42")
    let point = middle(state.layout.displayRect)
    let start = Instant.now
    for time in [start, start + .milliseconds(100)] {
      state.send(.pointer(.pressed(.primary, at: point)), at: time)
      state.send(.pointer(.released(.primary, at: point)), at: time)
    }
    #expect(state.frame.displaySelected)
    state.type(keysyms: ["plus"])
    #expect(!state.frame.displaySelected)
  }

  // MARK: - Kept across a restart (section 14.4)

  @Test func theHabitsAreSavedAsLinesAndReadBack() {
    var state = state(after: "[rad]12.5[m+]")
    state.send(.windowManagerState(keepsOnTop: true))
    let position = SavedPosition(
      monitor: "DP-1", x: 1200, y: 80, frame: FrameExtents(left: 1, right: 2, top: 27, bottom: 3))
    let habits = SavedHabits(state, position: position)
    #expect(
      habits.lines == [
        "above on", "position 1200 80 DP-1", "frame 1 2 27 3", "angle radians", "memory 12.5",
      ])
    var read = SavedHabits()
    for line in habits.lines {
      let known = read.read(line[...])
      #expect(known)
    }
    #expect(read == habits)
    let restored = read.restored(into: Calculator())
    #expect(restored.angle == .radians)
    #expect(restored.memory == TestSupport.calculator(after: "12.5[m+]").memory)
    // A calculator `--keys` changed keeps its own.
    let typed = TestSupport.calculator(after: "3[m+]")
    #expect(read.restored(into: typed) == typed)
  }

  @Test func aFirstLaunchSavesNothingAndBadLinesAreSkipped() {
    #expect(SavedHabits(state(), position: nil).lines == [])
    var habits = SavedHabits()
    for line in [
      "above maybe", "position 1 x DP-1", "position 1 2", "frame 1 2 3 4", "angle grads",
      "memory twelve", "memory 1e999", "colour red",
    ] {
      let known = habits.read(line[...])
      #expect(!known, "\(line)")
    }
    #expect(habits == SavedHabits())
    // A memory of a third keeps 38 digits: its 20 shown are the same.
    let third = state(after: "1/3=[m+]")
    let saved = SavedHabits(third, position: nil)
    #expect(saved.memory == "0." + String(repeating: "3", count: 38))
  }

  // MARK: - Where the window reopens (section 14.2)

  let monitors = [
    Monitor(name: "DP-1", isPrimary: false, x: 0, y: 0, width: 1920, height: 1080),
    Monitor(name: "HDMI-1", isPrimary: true, x: 1920, y: 0, width: 1280, height: 1024),
  ]

  @Test func theWindowReopensWhereItWasOnItsMonitor() {
    let size = PixelSize(width: 360, height: 640)
    let saved = SavedPosition(monitor: "HDMI-1", x: 100, y: 50, frame: FrameExtents(top: 30))
    #expect(
      WindowPlacement.origin(saved: saved, size: size, monitors: monitors, workArea: nil)!
        == (2020, 50))
    // Without a saved place or monitors, the window manager places it.
    #expect(
      WindowPlacement.origin(saved: nil, size: size, monitors: monitors, workArea: nil) == nil)
  }

  @Test func aPlaceOffTheShrunkScreenIsMovedInsideTheWorkArea() {
    let size = PixelSize(width: 360, height: 640)
    let saved = SavedPosition(monitor: "screen", x: 1500, y: 900, frame: FrameExtents(top: 37))
    let small = [Monitor(name: "screen", isPrimary: true, x: 0, y: 0, width: 800, height: 600)]
    // 800 − 360 = 440; the work area (a panel of 24 at the top) leaves 600 − 24 = 576 rows for a
    // window 677 tall: its top at the work area's.
    #expect(
      WindowPlacement.origin(
        saved: saved, size: size, monitors: small, workArea: (0, 24, 800, 576))! == (440, 24))
    #expect(
      WindowPlacement.origin(saved: saved, size: size, monitors: small, workArea: nil)! == (440, 0))
  }

  @Test func aMonitorThatIsGoneGivesThePrimaryOne() {
    let size = PixelSize(width: 360, height: 640)
    let saved = SavedPosition(monitor: "DP-3", x: 100, y: 50)
    #expect(
      WindowPlacement.origin(saved: saved, size: size, monitors: monitors, workArea: nil)!
        == (2020, 50))
  }

  // MARK: - Download rates (section 14.6)

  func currencyPicker(rates stored: CurrencyRates?, storedAt: Int? = nil) -> WindowState {
    var state = state(after: "100")
    state.convert.isOn = true
    state.convert.category = .currency
    state.layOut(.basic)
    state.send(.ratesRead(stored, storedAt: storedAt))
    state.send(.ratesUpdateStarted(isRunning: false))  // the automatic one could not start
    state.send(.ratesUpdateEnded(stored, succeeded: true))
    state.type(keysyms: ["ctrl+u"])
    return state
  }

  @Test func withoutRatesThePickerOffersTheDownloadAndListsTheKnownCurrencies() throws {
    var state = currencyPicker(rates: nil)
    let view = try #require(state.pickerView)
    #expect(view.lines.prefix(3).map(\.text) == ["Categories", "Download rates", "euro"])
    #expect(view.lines.first { $0.symbol == "USD" }?.detail == "no rate yet")
    #expect(state.frame.convert?.units.caption == "No rates yet: Download rates")
    // Chosen: the same download as --update-rates, in the background.
    let effects = state.send(.screenReader(.click(.pickerLine(1))))
    #expect(effects == [.startRatesUpdate(unlessStoredAfter: nil)])
    state.send(.ratesUpdateStarted(isRunning: true))
    #expect(state.pickerView?.lines[1].text == "Downloading rates…")
    #expect(state.frame.convert?.units.caption == "No rates yet: downloading the ECB's…")
    #expect(state.send(.screenReader(.click(.pickerLine(1)))) == [])  // it runs
    // Keys go on meanwhile.
    state.type(keysyms: ["Escape", "Escape", "7"])
    #expect(state.calculator == TestSupport.calculator(after: "1007"))
    // A failure says what failed, and can be tried again.
    let said = state.send(
      .ratesUpdateEnded(
        nil, succeeded: false, failure: "the server answered HTTP status 404"))
    #expect(said == [.announce("Download rates (failed: the server answered HTTP status 404)")])
    #expect(
      state.frame.convert?.units.caption
        == "Download rates (failed: the server answered HTTP status 404)")
    state.type(keysyms: ["ctrl+u"])
    #expect(state.pickerView?.lines[1].detail == "the server answered HTTP status 404")
    #expect(
      state.send(.screenReader(.click(.pickerLine(1))))
        == [.startRatesUpdate(unlessStoredAfter: nil)])
  }

  @Test func ratesOfTodayOfferNoDownloadAndADayOldOnesDo() {
    let now = 20_000 * 86_400
    var state = state(after: "1")
    state.convert.isOn = true
    state.convert.category = .currency
    state.layOut(.basic)
    let noon = WindowTime(instant: .now, wallClock: UInt64(now) * 1_000_000_000)
    _ = state.reduce(.ratesRead(rates, storedAt: now - 3600), at: noon)
    #expect(state.frame.convert?.units.caption == "Rates of 2026-12-04 (ECB)")
    let later = WindowTime(instant: .now, wallClock: UInt64(now + 90_000) * 1_000_000_000)
    _ = state.reduce(.tick, at: later)
    #expect(state.frame.convert?.units.caption == "Rates of 2026-12-04 (ECB); Download rates")
  }

  @Test func aClickOnTheCaptionThatOffersItDownloads() throws {
    var state = currencyPicker(rates: nil)
    state.type(keysyms: ["Escape", "Escape"])
    let lines = try #require(state.layout.convert)
    let point = Point(x: lines.toLine.minX + 10, y: lines.toLine.minY + lines.toLine.height / 2)
    #expect(
      state.send(.pointer(.pressed(.primary, at: point)))
        == [.startRatesUpdate(unlessStoredAfter: nil)])
  }

  // MARK: - The picker (section 14.7)

  @Test func theFilterSearchesEveryCategoryFromAnyAndSaysWhenNothingMatches() throws {
    var state = currencyPicker(rates: rates)
    state.type(keysyms: ["k", "m"])
    let view = try #require(state.pickerView)
    #expect(view.lines.first { $0.symbol == "km" }?.detail == "Length")
    #expect(view.lines[state.picker?.selection ?? -1].symbol == "km")
    state.type(keysyms: ["Return"])
    #expect(state.convert.category == .length)
    state.type(keysyms: ["ctrl+u", "q", "q", "q", "q"])
    #expect(state.pickerView?.lines.map(\.text) == ["Categories", "No unit matches"])
    #expect(state.send(.screenReader(.click(.pickerLine(1)))) == [])
    #expect(state.picker != nil)
  }

  @Test func checkMarksSitOnlyOnTheTwoUnitsInUse() throws {
    var state = currencyPicker(rates: rates)
    state.type(keysyms: ["Escape", "Escape", "ctrl+u"])
    var view = try #require(state.pickerView)
    #expect(view.lines.filter(\.isChecked).map(\.symbol) == ["EUR", "USD"])
    // Over the categories, typing `e` lists units of every category: only EUR and USD checked.
    state.type(keysyms: ["Escape", "e"])
    view = try #require(state.pickerView)
    #expect(view.lines.filter { $0.isChecked && $0.kind == .unit }.map(\.symbol) == ["EUR"])
    // Length's list, not in use: no unit checked.
    state.type(keysyms: ["BackSpace"])
    let length = try #require(state.pickerRows.firstIndex(of: .category(.length)))
    state.send(.screenReader(.click(.pickerLine(length))))
    #expect(try #require(state.pickerView).lines.filter(\.isChecked).isEmpty)
  }
}

/// The keystroke of a letter or digit with `modifiers`.
private func key(_ character: Character, _ modifiers: KeyModifiers) -> WindowAction {
  .keyPressed(
    Keystroke(KeySymbol(character.unicodeScalars.first!), modifiers: modifiers, keycode: 10))
}
