import CalculatorCore
import CalculatorLayout
import CalculatorRender

/// Everything the window shows, changed by input that the X handlers have already decoded.
///
/// It changes only in `reduce(_:stamp:)`, by an `Action` saying what happened; the methods that
/// reduce calls are its helpers (private here; the tape's and Convert's, in their own files,
/// internal only because Swift's `private` ends at the file). Pure: no X calls, so clicks, key
/// flashes and scrolling are tested without a server.
struct WindowState: Equatable, Sendable {
  /// The lightened circle and what holds it down.
  enum Highlight: Equatable, Sendable {
    /// Button 1 went down on `cell`; lit only while the pointer is still inside it.
    case pointer(cell: GridPosition, isInside: Bool)
    /// A typed key, lit from KeyPress until the KeyRelease of the same keycode.
    case keyboard(cell: GridPosition, keycode: UInt32)
  }

  /// The calculator, Tip & Split and the tape: what Ctrl+Z takes back.
  var document: Document
  /// The states before each change of `document`, settled after each event (`settle()`).
  var undo: UndoStack<Document>
  /// The wall clock when the event being handled came, in nanoseconds since 1970: the identity
  /// of a calculation it finishes (0 in tests: 1, 2, 3…).
  private(set) var stamp: UInt64 = 0
  /// The window's geometry, laid out again only when the size or the mode changes.
  private(set) var layout: Layout
  /// The HiDPI scale the window opened with; the size saved for the next start is divided by it,
  /// and each mode's minimum size is multiplied by it.
  private(set) var scale: Double
  var highlight: Highlight?
  /// `2nd` is on: the scientific keys show and do their alternates.
  private(set) var showsSecond = false
  /// The mode menu is open; the line the keyboard has selected, if any.
  var menu: MenuSelection?
  /// Where button 1 went down on the display: a swipe may start there.
  private(set) var swipeStart: Point?
  var showsShortcuts = false
  /// A size to ask the window manager for (a mode whose minimum is larger than the window),
  /// taken by the front end with the new minimum size hint.
  private(set) var requestedSize: PixelSize?
  /// Rows the strip is scrolled back from rest; kept within 0…`Frame.maxHistoryOffset` by
  /// `scrollHistory`, or on the row cursor's row (`scrollToCursor`).
  var historyOffset = 0
  /// Lines the side tape panel is scrolled back from the newest; kept within
  /// 0…`Frame.maxTapePanelOffset` by `scrollHistory`, or on the row cursor's line
  /// (`scrollToCursor`).
  var panelOffset = 0
  /// The tape's row under the keyboard's row cursor (Up, Down…) and its edit (F2), if any.
  var tapeCursor: TapeCursor?
  /// The last click on a past row of the strip or the side panel, which a second one soon after
  /// makes an edit.
  var tapeClick: TapeClick?
  /// The cues on the display, each with its end.
  private(set) var deadlines = Deadlines()
  /// How many refusals (the red cue) there have been: each is spoken to a screen reader once.
  private(set) var refusals = 0
  /// The key inside the focus ring (Tab, Shift+Tab), which Space presses; nil before any Tab.
  private(set) var focusedCell: GridPosition?
  /// In tip mode, the focus ring is on the active field (which field is the core's `active`).
  private(set) var focusesField = false
  /// The focus ring follows the keyboard only: a mouse click hides it, the next Tab (or a screen
  /// reader's focus request) shows it again.
  private(set) var showsFocusRing = true
  /// The calculator when tip mode was last entered: its result was offered as the bill then.
  private var offeredCalculator: Calculator?
  /// Convert: whether its lines show, their category and the pairs of units chosen
  /// (docs/SPEC.md section 10.4); the layout follows.
  var convert = ConvertSettings() {
    didSet { if convert.isOn != oldValue.isOn { layOut(mode) } }
  }
  /// The open unit picker.
  var picker: UnitPicker?
  /// The currency rates stored in the cache folder, once read (nil without them).
  private(set) var rates: CurrencyRates?
  /// Whether the stored rates have been read (the window reads them when currencies show).
  private(set) var hasReadRates = false
  /// The background update of the rates: none, running, or the last one failed.
  private(set) var ratesUpdate = RatesUpdateStatus.idle
  /// When this window last started an update, in seconds since 1970.
  private(set) var ratesAttempt: Int?

  init(
    calculator: Calculator, split: TipCalculator = TipCalculator(),
    convert: ConvertSettings = ConvertSettings(), mode: Mode = .basic, width: Int, height: Int,
    scale: Double = 1
  ) {
    document = Document(calculator: calculator, split: split)
    undo = UndoStack(document)
    self.convert = convert
    layout = Layout(
      width: width, height: height, keypad: .of(mode), scale: scale,
      converts: convert.isOn && mode != .tip)
    self.scale = scale
  }

  /// The calculator of the basic and scientific keypads (the document's).
  var calculator: Calculator {
    get { document.calculator }
    set { document.calculator = newValue }
  }

  /// The Tip & Split calculator; switching modes keeps it, as it keeps `calculator`.
  var split: TipCalculator {
    get { document.split }
    set { document.split = newValue }
  }

  /// The calculations finished with `=`, shown above the strip's rows when scrolled back.
  var tape: HistoryTape {
    get { document.tape }
    set { document.tape = newValue }
  }

  /// Which keypad shows; switching keeps the calculator.
  var mode: Mode {
    get { layout.keypad.mode }
    set { layOut(newValue) }
  }

  /// Lays the window out again for `mode`, with the Convert lines when they show there.
  private mutating func layOut(_ mode: Mode) {
    layout = Layout(
      width: width, height: height, keypad: .of(mode), scale: scale,
      converts: convert.isOn && mode != .tip)
  }

  /// The window's width in pixels.
  var width: Int { layout.width }

  /// The window's height in pixels.
  var height: Int { layout.height }

  /// The frame to draw for this state.
  var frame: Frame {
    var frame = tapeFrame
    frame.menuSelection = menu
    frame.picker = pickerView
    frame.pressed = litCell
    frame.shortcuts = showsShortcuts ? KeyBinding.shortcutLines(for: mode) : nil
    frame.displayCue = displayCue
    // The open menu or picker has it.
    frame.focused = menu == nil && picker == nil && showsFocusRing ? focusedCell : nil
    frame.focusedField = mode == .tip && focusesField && showsFocusRing ? split.active : nil
    return frame
  }

  /// The frame as far as what the calculators show, the row cursor and the tape's scrolling go.
  var tapeFrame: Frame {
    var frame = Frame(
      layout: layout, calculator: calculator, tape: tape, split: split, showsSecond: showsSecond,
      units: convertUnits)
    frame.tape.selection = tapeSelection
    frame.tape.offset = historyOffset
    frame.tape.panelOffset = panelOffset
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

  /// Changes the state by what happened: the one way it changes.
  ///
  /// `stamp` is the wall clock of the event, in nanoseconds since 1970: the identity of a
  /// calculation it finishes (0 in tests: 1, 2, 3…). What the action changed of the document
  /// becomes one level of undo.
  mutating func reduce(_ action: Action, stamp: UInt64 = 0) {
    self.stamp = stamp
    defer { if action.touchesDocument { undo.settle(document) } }
    switch action {
    case .userActed: userActed()
    case .typeKey(let key, let keycode, let now): typeKey(key, keycode: keycode, at: now)
    case .keyReleased(let keycode): if case .keyboard(_, keycode) = highlight { highlight = nil }
    case .focusLost: if case .keyboard = highlight { highlight = nil }
    case .menu(let command): perform(command)
    case .tape(let command, let now): perform(command, at: now)
    case .app(let action, let keycode, let now): perform(action, keycode: keycode, at: now)
    case .mousePressed(let point, let panelRow, let now):
      // The focus ring hides until the next Tab, as it rings a key only for the keyboard
      // (shown after a click, it looked like a pending operator).
      showsFocusRing = false
      pointerPressed(at: point, panelRow: panelRow, now: now)
    case .pointerPressed(let point, let panelRow, let now):
      pointerPressed(at: point, panelRow: panelRow, now: now)
    case .pointerMoved(let point):
      guard case .pointer(let cell, _) = highlight else { return }
      highlight = .pointer(cell: cell, isInside: layout.cell(at: point) == cell)
    case .pointerReleased(let point, let now): pointerReleased(at: point, now: now)
    case .click(let cell): click(cell)
    case .scrollHistory(let rows, let point): scrollHistory(olderBy: rows, at: point)
    case .dismissOverlays:
      userActed()
      closeOverlays()
    case .toggleMenu: toggleMenu()
    case .choose(let item): choose(item)
    case .selectMenuItem(let item): menu = MenuSelection(index: MenuItem.all.firstIndex(of: item))
    case .focus(let stop): focus(stop)
    case .activateField(let field): document.split.press(.field(field))
    case .picker(let command): perform(command)
    case .openPicker(let side): openPicker(side)
    case .pickerTab(let side): if picker?.side != side { perform(PickerCommand.switchSide) }
    case .choosePickerRow(let index): choosePickerRow(index)
    case .selectPickerRow(let index): picker?.selection = index
    case .ratesRead(let stored):
      hasReadRates = true
      rates = stored
    case .ratesUpdateStarted(let now, let isRunning):
      ratesAttempt = now
      ratesUpdate = isRunning ? .running : .failed
    case .ratesUpdateEnded(let stored, let succeeded):
      if let stored { rates = stored }
      ratesUpdate = succeeded ? .idle : .failed
    case .absorb(let saved): absorb(saved: saved)
    case .paste(let text, let now):
      if let text, paste(text) { return }
      showCue(.refused, at: now)
    case .showCue(let cue, let now): showCue(cue, at: now)
    case .expireDeadlines(let now): deadlines.expire(at: now)
    case .resize(let width, let height): resize(width: width, height: height)
    case .sizeRequestTaken: requestedSize = nil
    case .open(let saved, let finished):
      document.tape = saved
      document.adopt(finished, at: stamp)
      undo = UndoStack(document)
    }
  }

  /// A key of the open menu: Up and Down move the selection over the choosable lines, wrapping
  /// (from none, to the first or the last), Home and End select the first or the last, Return
  /// chooses the selected line (nothing when none is), Escape closes the menu.
  private mutating func perform(_ command: MenuCommand) {
    guard let selection = menu else { return }
    let choosable = MenuItem.all.indices.filter { MenuItem.all[$0].isChoosable }
    switch command {
    case .previous, .next:
      let step = command == .next ? 1 : -1
      let current = selection.index.flatMap { choosable.firstIndex(of: $0) }
      let next =
        current.map { ($0 + step + choosable.count) % choosable.count }
        ?? (step > 0 ? 0 : choosable.count - 1)
      menu = MenuSelection(index: choosable[next])
    case .first: menu = MenuSelection(index: choosable.first)
    case .last: menu = MenuSelection(index: choosable.last)
    case .choose: if let index = selection.index { choose(MenuItem.all[index]) }
    case .close: toggleMenu()
    }
  }

  /// A key of the selected row.
  private mutating func perform(_ command: TapeCommand, at now: Instant = .now) {
    switch command {
    case .choose: chooseTapeRow(at: now)
    case .end: escapeTapeCursor()
    }
  }

  /// A window action that needs no X: all but copying, pasting and quitting, which the window
  /// does itself (they do nothing here).
  private mutating func perform(
    _ action: AppAction, keycode: UInt32, at now: Instant = .now
  ) {
    if action != .pickUnit { picker = nil }  // like any key, it closes the picker
    switch action {
    case .toggleShortcuts: toggleShortcuts()
    case .mode(let mode): switchMode(to: mode)
    case .focusNext: moveFocus(by: 1)
    case .focusPrevious: moveFocus(by: -1)
    case .pressFocused: pressFocused(keycode: keycode)
    case .tape(let move): moveTapeCursor(move, at: now)
    case .editRow: editSelectedRow(at: now)
    case .undo: undoChange(at: now)
    case .redo: undoChange(redo: true, at: now)
    case .openMenu: openMenuFromKeyboard()
    case .convert: toggleConvert()
    case .pickUnit: togglePicker()
    case .swapUnits: swapUnits()
    case .copy, .copyCalculation, .paste, .quit: break
    }
  }

  /// A new size: a pointer press is dropped and the tape returns to the newest row, or to the
  /// row cursor's row.
  private mutating func resize(width: Int, height: Int) {
    layout = layout.resized(width: width, height: height)
    if case .pointer = highlight { highlight = nil }
    swipeStart = nil
    historyOffset = 0
    panelOffset = 0
    scrollToCursor()
  }

  /// Any key or a click (not the wheel): the cue comes down and the tape returns to the
  /// newest row (docs/SPEC.md section 3.4), unless the row cursor holds the strip and the side
  /// panel on its row.
  private mutating func userActed() {
    endCue()
    tapeClick = nil
    guard tapeCursor == nil else { return }
    historyOffset = 0
    panelOffset = 0
  }

  /// Shows `cue` on the display for its full time from `now`, in place of any other cue.
  mutating func showCue(_ cue: DisplayCue, at now: Instant) {
    endCue()
    deadlines.start(cue == .refused ? .refusedCue : .copiedCue, at: now)
    if cue == .refused { refusals += 1 }
  }

  private mutating func endCue() {
    deadlines.cancel(.refusedCue)
    deadlines.cancel(.copiedCue)
  }

  /// Presses a calculator key; the strip scrolls back to the newest row, where a new row shows.
  ///
  /// A calculation it finishes goes on the tape. While a past number is edited, the key goes
  /// to the edit instead (`editKey`); with a row selected, the selection ends first.
  private mutating func press(_ key: Key, at now: Instant = .now) {
    if tapeCursor?.edit != nil { return editKey(key, at: now) }
    endSelection()
    document.press(key, at: stamp)
    historyOffset = 0
    panelOffset = 0
  }

  /// Clear History: empties the tape, saved file included; Ctrl+Z brings it back.
  private mutating func clearHistory() {
    document.clearHistory()
    endSelection()
    historyOffset = 0
    panelOffset = 0
  }

  /// Presses a Tip & Split key; a key past a field's limits shows the red cue from `now`.
  private mutating func press(_ key: TipKey, at now: Instant) {
    if !document.split.press(key) { showCue(.refused, at: now) }
  }

  /// A bound keyboard key went down: lighten its circle (none for ⌫) and press it; in tip mode
  /// the keys that mean something there (`TipKey(_:)`) press those.
  ///
  /// While the overlay or the menu shows, Escape only closes it; any other key closes it and
  /// acts.
  private mutating func typeKey(_ key: Key, keycode: UInt32, at now: Instant = .now) {
    if closeOverlays(), key == .allClear { return }
    // Tip & Split takes only the keys it has (`TipKey`).
    let tipKey = mode == .tip ? TipKey(key) : nil
    guard mode != .tip || tipKey != nil else { return }
    highlight = cell(lighting: key).map { .keyboard(cell: $0, keycode: keycode) }
    if let tipKey { press(tipKey, at: now) } else { press(key, at: now) }
  }

  /// The cell a typed key lights on the current keypad, or nil when it has none.
  func cell(lighting key: Key) -> GridPosition? {
    let keypad = layout.keypad
    if mode == .tip {
      return TipKey(key).flatMap { keypad.position(of: KeypadAction.tip($0)) }
    }
    return keypad.position(of: key, second: showsSecond)
  }

  private mutating func toggleShortcuts() {
    showsShortcuts.toggle()
    menu = nil
    picker = nil
    highlight = nil
  }

  /// Opens the mode menu with nothing selected, or closes it.
  private mutating func toggleMenu() {
    menu = menu == nil ? MenuSelection() : nil
    showsShortcuts = false
    picker = nil
    highlight = nil
  }

  /// Closes the shortcuts overlay, the mode menu and the unit picker; true when one was open.
  @discardableResult
  mutating func closeOverlays() -> Bool {
    defer {
      showsShortcuts = false
      menu = nil
      picker = nil
    }
    return hasOverlay
  }

  /// The shortcuts overlay, the mode menu or the unit picker shows over the keypad.
  var hasOverlay: Bool { showsShortcuts || menu != nil || picker != nil }

  /// Button 1 went down; a click while the overlay shows only closes it, and while the menu
  /// shows it chooses a line or, outside the panel, closes the menu.
  ///
  /// On a circle it lights the circle; on the display it may start a swipe; on a row of the
  /// history strip it puts that row's number in the display as a result (`NaN`, or a number
  /// right after `)`, give the red cue from `now` instead), on a line of the side panel its
  /// calculation's result; a second click on a past row soon after edits its number instead
  /// (`editOnDoubleClick`). `panelRow` is the row of the panel's line under the point, as the
  /// renderer placed its glyphs (`Renderer.tapePanelRow(at:in:)`).
  private mutating func pointerPressed(
    at point: Point, panelRow: (calculation: Int, row: Int)? = nil,
    now: Instant = .now
  ) {
    // Every row lies inside the strip or the panel: a click elsewhere formats none.
    let stripRow =
      layout.historyRect.contains(point)
      ? tapeFrame.shownHistoryRows.first { $0.rect.contains(point) } : nil
    let panelLine =
      layout.tapePanel.contains(point)
      ? tapeFrame.shownTapeLines.first { $0.rect.contains(point) } : nil
    let click = tapeClick
    userActed()
    swipeStart = nil
    // Only a circle pressed lights (the last step).
    highlight = nil
    if picker != nil { return pickerPressed(at: point) }
    if showsShortcuts {
      showsShortcuts = false
      return
    }
    let layout = layout
    if menu != nil {
      if let menuLayout = layout.menu, menuLayout.panel.contains(point) {
        if let item = menuLayout.item(at: point) { choose(item) }
      } else {
        menu = nil
      }
      return
    }
    if let click, editOnDoubleClick(at: point, after: click, now: now) { return }
    if convertPressed(at: point) { return }
    if let stripRow {
      clickTape(
        recalling: Calculation.number(inRow: stripRow.text), row: stripRow.source.pastRow,
        at: point, now: now)
      return
    }
    if let panelLine, tape.calculations.indices.contains(panelLine.calculation) {
      // A line of the side panel recalls its calculation's result.
      clickTape(
        recalling: tape.calculations[panelLine.calculation].result,
        row: panelRow.flatMap { $0.calculation == panelLine.calculation ? $0 : nil }, at: point,
        now: now)
      return
    }
    if tapeCursor?.edit == nil { endSelection() }  // (the keypad types into an edit)
    if let field = layout.tipLayout?.field(at: point) {
      // The field clicked is active and holds the hidden ring (`mousePressed`): the next Tab
      // moves on from it.
      document.split.press(.field(field))
      focusedCell = nil
      focusesField = true
      return
    }
    highlight = layout.cell(at: point).map { .pointer(cell: $0, isInside: true) }
    if highlight == nil, layout.tipLayout == nil, layout.displayRect.contains(point) {
      swipeStart = point
    }
  }

  /// Acts on a menu line and closes the menu.
  private mutating func choose(_ item: MenuItem) {
    menu = nil
    switch item {
    case .mode(let mode): switchMode(to: mode)
    case .convert: toggleConvert()
    case .keyboardShortcuts: showsShortcuts = true
    case .clearHistory: clearHistory()
    case .separator: break
    }
  }

  /// F10 or the Menu key: opens the mode menu with the current mode's line selected (closes it
  /// when open).
  private mutating func openMenuFromKeyboard() {
    guard menu == nil else { return toggleMenu() }
    toggleMenu()
    menu = MenuSelection(index: MenuItem.all.firstIndex(of: .mode(mode)))
  }

  /// Shows another keypad with the same calculator (Ctrl+1, Ctrl+2 or the menu).
  ///
  /// The window keeps the size the user gave it, unless it is below the new mode's minimum
  /// (docs/SPEC.md section 3): then it asks to grow to that minimum, each side as needed.
  mutating func switchMode(to mode: Mode) {
    closeOverlays()
    highlight = nil
    guard mode != self.mode else { return }
    // The ring stays on the same key when the new keypad has it (the basic keys all are).
    let ringed = focusedCell.flatMap { layout.keypad.action(at: $0, second: showsSecond) }
    self.mode = mode
    showsSecond = false
    focusedCell = ringed.flatMap { layout.keypad.position(of: $0) }
    focusesField = false
    // docs/SPEC.md section 7.3: a positive result becomes the bill, once; coming back without a
    // new calculation keeps the bill the user has since typed.
    if mode == .tip, calculator != offeredCalculator {
      document.split.takeBill(from: calculator)
      offeredCalculator = calculator
    }
    let minimum = minimumSize
    if width < minimum.width || height < minimum.height {
      requestedSize = PixelSize(
        width: max(width, minimum.width), height: max(height, minimum.height))
    }
  }

  /// The current mode's minimum window size at this window's scale.
  var minimumSize: PixelSize {
    let size = Layout.minimumSize(for: mode)
    return PixelSize(
      width: Int((Double(size.width) * scale).rounded(.up)),
      height: Int((Double(size.height) * scale).rounded(.up)))
  }

  /// Button 1 went up: inside the circle where it went down, that circle acts; a swipe across the
  /// display deletes the last typed character; elsewhere nothing.
  private mutating func pointerReleased(at point: Point, now: Instant = .now) {
    if let start = swipeStart {
      swipeStart = nil
      if isSwipe(from: start, to: point) { press(.backspace) }
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
  /// Space on the focused key and an assistive technology's `click` come here, so they act
  /// exactly as the mouse does (a click while the overlay or the menu shows only closes it).
  @discardableResult
  private mutating func click(_ cell: GridPosition) -> Bool {
    let center = layout.circle(at: cell).center
    pointerPressed(at: center)
    guard case .pointer(cell, _) = highlight else { return false }
    pointerReleased(at: center)
    return true
  }

  /// Where the focus ring can stop: a key, or in tip mode a field (focusing it makes it active).
  enum FocusStop: Equatable, Sendable {
    case field(TipField)
    case cell(GridPosition)
  }

  /// The stops in Tab order: the Tip & Split fields top to bottom, then the keys row by row.
  var focusStops: [FocusStop] {
    (mode == .tip ? TipField.allCases.map(FocusStop.field) : [])
      + layout.positions.map(FocusStop.cell)
  }

  /// Where the focus ring is, or nil before any Tab.
  var focusedStop: FocusStop? {
    if mode == .tip && focusesField { return .field(split.active) }
    return focusedCell.map(FocusStop.cell)
  }

  /// Moves the focus ring to a stop and shows it; a field becomes the active one, its next key
  /// replacing it.
  private mutating func focus(_ stop: FocusStop) {
    showsFocusRing = true
    switch stop {
    case .field(let field):
      focusedCell = nil
      focusesField = true
      document.split.press(.field(field))
    case .cell(let cell):
      focusedCell = cell
      focusesField = false
    }
  }

  /// Tab (`step` 1) or Shift+Tab (-1): the focus ring moves to the next or previous stop.
  ///
  /// One rule in every mode: the stops of `focusStops`, wrapping; the first Tab rings the first
  /// (in tip mode the Bill field), the first Shift+Tab the last key. Like any key, it closes the
  /// overlay and the menu.
  private mutating func moveFocus(by step: Int) {
    closeOverlays()
    let stops = focusStops
    guard let first = stops.first, let last = stops.last else { return }
    guard let current = focusedStop, let index = stops.firstIndex(of: current) else {
      focus(step < 0 ? last : first)
      return
    }
    let count = stops.count
    focus(stops[((index + step) % count + count) % count])
  }

  /// Space: clicks the key inside the focus ring and lights it until the key comes up; nothing
  /// while the ring is hidden.
  private mutating func pressFocused(keycode: UInt32) {
    guard showsFocusRing, let cell = focusedCell, click(cell) else { return }
    highlight = .keyboard(cell: cell, keycode: keycode)
  }

  /// Wheel: positive ticks scroll back to older rows, one a tick, negative towards the newest.
  ///
  /// It stops with the tape's oldest row at the top and with the newest row at the bottom. Over
  /// the side panel it scrolls the panel's lines, elsewhere the strip.
  private mutating func scrollHistory(olderBy rows: Int, at point: Point? = nil) {
    if picker != nil { return scrollPicker(by: -rows) }  // older is up the list
    guard mode != .tip else { return }  // no tape to scroll
    let frame = tapeFrame
    if let point, layout.tapePanel.contains(point) {
      panelOffset = frame.clampedTapePanelOffset(frame.clampedTapePanelOffset(panelOffset) + rows)
    } else {
      let maximum = frame.maxHistoryOffset
      historyOffset = min(max(min(historyOffset, maximum) + rows, 0), maximum)
    }
  }

  /// A swipe on the display (iOS 17): sideways by at least an eighth of the display's width,
  /// more across than down.
  private func isSwipe(from start: Point, to end: Point) -> Bool {
    let across = abs(end.x - start.x)
    return across >= layout.displayRect.width / 8 && across > abs(end.y - start.y)
  }

  /// Whether a point lies above the keypad: on the display or the history strip; in tip mode,
  /// on the fields and results.
  func isAboveKeypad(_ point: Point) -> Bool {
    let layout = layout
    if let tip = layout.tipLayout { return tip.panel.contains(point) }
    return !layout.isEmpty && point.y < layout.keypadRect.minY
  }

  /// What Ctrl+C copies: the displayed number, or in tip mode the per-person amount.
  var copyText: String? { mode == .tip ? split.copyText : calculator.copyText }
}

extension WindowState {
  /// The size a window opens at, in pixels, at `scale` (docs/SPEC.md section 3).
  ///
  /// A size asked for (`--size`, 96-dpi pixels) is scaled as asked. A saved size (the user's,
  /// whatever the mode) is scaled and kept between the mode's minimum and the work area. The
  /// first launch opens at the default size scaled, shrunk to the work area keeping its aspect:
  /// 360 × 640 at 192 dpi on a 1366 × 768 screen is 432 × 768, not 720 × 1280.
  static func openingSize(
    mode: Mode, scale: Double, requested: PixelSize?, saved: PixelSize?, workArea: PixelSize
  ) -> PixelSize {
    func scaled(_ side: Int) -> Int {
      min(max(1, Int((Double(side) * scale).rounded())), Layout.maximumSide)
    }
    let least = Layout.minimumSize(for: mode)
    let minimum = PixelSize(width: scaled(least.width), height: scaled(least.height))
    if let requested {
      return PixelSize(width: scaled(requested.width), height: scaled(requested.height))
    }
    if let saved {
      // A saved size (a window shrunk to 1×1 without a window manager, an edited file) is
      // kept between the minimum size and the work area.
      return PixelSize(
        width: min(max(scaled(saved.width), minimum.width), max(workArea.width, minimum.width)),
        height: min(
          max(scaled(saved.height), minimum.height), max(workArea.height, minimum.height)))
    }
    let size = PixelSize(
      width: scaled(Layout.defaultSize.width), height: scaled(Layout.defaultSize.height))
    let fit = min(
      1, Double(max(workArea.width, 1)) / Double(size.width),
      Double(max(workArea.height, 1)) / Double(size.height))
    return PixelSize(
      width: max(1, Int((Double(size.width) * fit).rounded(.down))),
      height: max(1, Int((Double(size.height) * fit).rounded(.down))))
  }
}

extension WindowState {
  /// Pastes one number as the entry (while a past number is edited, as that number); false,
  /// changing nothing, when the core refuses the text.
  private mutating func paste(_ text: String) -> Bool {
    closeOverlays()
    highlight = nil
    if mode == .tip { return document.split.paste(text) }
    if tapeCursor?.edit != nil {
      guard tapeCursor?.edit?.paste(text) == true else { return false }
      scrollToCursor()  // a longer number may wrap the side panel's line
      return true
    }
    guard (try? document.paste(text, scientific: mode == .scientific)) != nil else { return false }
    endSelection()
    historyOffset = 0
    return true
  }
}
