import CalculatorCore
import CalculatorLayout
import CalculatorRender

extension WindowState {
  /// What happened to the window, as the front end decoded it.
  ///
  /// The one way its state changes (`reduce(_:stamp:)`). The cases that take a time take it as
  /// `now` for the cues and the double click (tests pass their own).
  enum Action {
    // The keyboard.
    /// Any key or a click (not the wheel): the cue comes down, the tape returns to rest.
    case userActed
    /// A bound calculator key went down (`typeKey`).
    case typeKey(Key, keycode: UInt32, at: Instant = .now)
    /// A key went up.
    case keyReleased(keycode: UInt32)
    /// The keyboard focus left the window.
    case focusLost
    /// A key of the open menu.
    case menu(MenuCommand)
    /// A key of the selected tape row.
    case tape(TapeCommand, at: Instant = .now)
    /// A window action of the bindings table (copying, pasting and quitting are the App's).
    case app(AppAction, keycode: UInt32, at: Instant = .now)
    // The pointer.
    /// Button 1 went down (the focus ring hides).
    case mousePressed(
      at: Point, panelRow: (calculation: Int, row: Int)? = nil,
      now: Instant = .now)
    /// A press as Space and a screen reader's click make it (the ring stays).
    case pointerPressed(
      at: Point, panelRow: (calculation: Int, row: Int)? = nil,
      now: Instant = .now)
    /// The pointer moved with button 1 down.
    case pointerMoved(to: Point)
    /// Button 1 went up.
    case pointerReleased(at: Point, now: Instant = .now)
    /// A click on a cell's centre, down and up (a screen reader's, Space's).
    case click(GridPosition)
    /// The wheel: rows older (positive) or newer, over the side panel or the strip.
    case scrollHistory(olderBy: Int, at: Point? = nil)
    /// The middle or right button: the overlay, the menu or the unit picker closes.
    case dismissOverlays
    // The menu, the overlay and the focus ring.
    /// The ⋯ key: the mode menu opens with nothing selected, or closes.
    case toggleMenu
    /// A menu line chosen (a click, a screen reader).
    case choose(MenuItem)
    /// A menu line selected by a screen reader's focus.
    case selectMenuItem(MenuItem)
    /// A screen reader's focus on a key or a field: the focus ring moves there and shows.
    case focus(FocusStop)
    /// A screen reader clicked a Tip & Split field: it becomes the active one.
    case activateField(TipField)
    // Convert (docs/SPEC.md section 10.4).
    /// A key of the open unit picker.
    case picker(PickerCommand)
    /// A unit's button pressed by a screen reader: the picker opens on its side.
    case openPicker(UnitSide)
    /// A picker tab pressed by a screen reader.
    case pickerTab(UnitSide)
    /// A picker line pressed by a screen reader.
    case choosePickerRow(Int)
    /// A picker line focused by a screen reader: it becomes the selection.
    case selectPickerRow(Int)
    /// The stored currency rates were read (when currencies first show).
    case ratesRead(CurrencyRates?)
    /// A background update of the rates started at `at` (seconds since 1970), or could not.
    case ratesUpdateStarted(at: Int, isRunning: Bool)
    /// The update ended: the rates stored now (the new ones, or the old ones kept).
    case ratesUpdateEnded(CurrencyRates?, succeeded: Bool)
    // The tape.
    /// The tape as saved, with other windows' changes: shown, and brought into undo's states.
    case absorb(saved: HistoryTape)
    // The clipboard and the clock.
    /// A paste's text: one number becomes the entry; nil (no owner, no answer) or anything
    /// else gives the red cue.
    case paste(String?, at: Instant = .now)
    /// A cue on the display (a copy's dimming, a refused copy's red).
    case showCue(DisplayCue, at: Instant = .now)
    /// The deadlines due at `now` end (the cues come down).
    case expireDeadlines(at: Instant = .now)
    // The window.
    /// The window's new size.
    case resize(width: Int, height: Int)
    /// The front end asked the window manager for `requestedSize`.
    case sizeRequestTaken
    /// The window opened: the saved tape, with the calculations `--keys` finished going on it
    /// as if typed here; the state to start from, with nothing to undo.
    case open(saved: HistoryTape, finished: HistoryTape)
  }
}

extension WindowState.Action {
  /// Whether the action can change the document (the calculator, Tip & Split, the tape): the
  /// others (a cue taken down, a key's light, the pointer's move) leave undo nothing to settle,
  /// and a key press does not compare the whole document an extra time.
  var touchesDocument: Bool {
    switch self {
    case .userActed, .keyReleased, .focusLost, .pointerMoved: false
    default: true
    }
  }
}
