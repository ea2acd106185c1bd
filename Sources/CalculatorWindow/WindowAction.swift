import CalculatorCore
import CalculatorLayout

/// One input to the window, as the front end decoded it: the one way its state changes
/// (`WindowState.reduce(_:at:)`).
public enum WindowAction: Sendable {
  /// The window opened: the saved tape, with the calculations `--keys` finished going on it as
  /// if typed here; the state to start from, with nothing to undo.
  case opened(saved: HistoryTape, finished: HistoryTape)
  /// A key went down (auto-repeat sends more of these before its release).
  case keyPressed(Keystroke)
  /// A key went up.
  case keyReleased(keycode: UInt32)
  /// A pointer button or the pointer's move with button 1 down.
  case pointer(PointerEvent)
  /// The window got (true) or lost the keyboard focus.
  case keyboardFocus(Bool)
  /// The window's new size.
  case resized(width: Int, height: Int)
  /// The clock: the deadlines due end (the cues come down).
  case tick
  /// The answer to `.copy`: whether the window owns the clipboard now.
  case copied(Bool)
  /// The answer to `.paste`: the selection's text, nil when no owner answered in time.
  case pasted(String?)
  /// A screen reader's request through the accessibility bridge.
  case screenReader(ScreenReaderRequest)
  /// The tape as saved, with what other windows changed since this one last read or wrote it.
  case tapeSaved(HistoryTape)
  /// The answer to `.reloadTape`: the tape as saved when other windows changed it (nil when
  /// none did), then the wheel tick that asked for it.
  case tapeReloaded(HistoryTape?, wheelAt: Point)
  /// The answer to `.readRates`: the stored currency rates (nil without them) and when their
  /// file was written (seconds since 1970; nil: unknown).
  case ratesRead(CurrencyRates?, storedAt: Int? = nil)
  /// The answer to `.startRatesUpdate`: the background update started, or could not.
  case ratesUpdateStarted(isRunning: Bool)
  /// The background update ended: the rates stored now (the new ones, or the old ones kept),
  /// when their file was written, and what failed (`failure`, the download's reason).
  case ratesUpdateEnded(
    CurrencyRates?, succeeded: Bool, storedAt: Int? = nil, failure: String? = nil)
  /// The window manager's `_NET_WM_STATE` changed: whether it keeps the window above the others
  /// (docs/SPEC.md section 14.1), whoever asked.
  case windowManagerState(keepsOnTop: Bool)
  /// Another program took PRIMARY: the display's number is no longer selected (section 14.3).
  case selectionLost
  /// After a turn of events, with a screen reader listening: the frame now on the window, whose
  /// changed lines are said (`.announce`).
  case presented(Frame)
}

/// When an input came: the monotonic clock for the cues and the double click, the wall clock
/// for the identity of a calculation it finishes.
public struct WindowTime: Sendable {
  /// The monotonic clock.
  public var instant: Instant
  /// The wall clock, in nanoseconds since 1970.
  public var wallClock: UInt64

  /// The time of an input.
  public init(instant: Instant, wallClock: UInt64) {
    self.instant = instant
    self.wallClock = wallClock
  }
}

/// What the pointer did, in window pixels.
public enum PointerEvent: Sendable {
  /// A button went down (the wheel's ticks are buttons too).
  case pressed(PointerButton, at: Point)
  /// A button went up.
  case released(PointerButton, at: Point)
  /// The pointer moved with button 1 down.
  case moved(to: Point)
}

/// The pointer's buttons, as X numbers them 1 to 5.
public enum PointerButton: Int, Sendable {
  /// Button 1: presses circles, chooses lines, recalls rows.
  case primary = 1
  /// Button 2: pastes PRIMARY on the display, or closes an overlay.
  case middle = 2
  /// Button 3: closes an overlay.
  case secondary = 3
  /// Button 4, the wheel turned up: one row older.
  case wheelUp = 4
  /// Button 5, the wheel turned down: one row newer.
  case wheelDown = 5
}

/// What a screen reader asks of an element (`AccessibleElement.Target`).
public enum ScreenReaderRequest: Sendable {
  /// Its `click` action: a key pressed, a menu line chosen, a field made active…
  case click(AccessibleElement.Target)
  /// A focus request: the focus ring moves to a key or a field, or a line is selected.
  case focus(AccessibleElement.Target)
}

/// What the window asks of the outside world; the front end performs each, in order, and
/// answers some with an action.
public enum WindowEffect: Equatable, Sendable {
  /// Own CLIPBOARD with this text; answered with `.copied`.
  case copy(String)
  /// Ask a selection's owner for its text; answered with `.pasted`.
  case paste(Selection)
  /// Close the window (exit status 0).
  case quit
  /// Tell the window manager the window's new minimum size.
  case minimumSize(PixelSize)
  /// Ask the window manager for this size (a mode whose minimum is larger than the window).
  case resize(PixelSize)
  /// Say this through the screen reader's notification, wherever the focus is.
  case announce(String)
  /// The tape changed: save it after the frame that shows it; answered with `.tapeSaved`
  /// when other windows' changes came with the file.
  case saveTape
  /// Read the saved tape again if another window changed it; answered with `.tapeReloaded`.
  case reloadTape(wheelAt: Point)
  /// Read the stored currency rates; answered with `.ratesRead`.
  case readRates
  /// Start the background update of the rates, unless their file was replaced after
  /// `unlessStoredAfter` (seconds since 1970; nil: whatever the file); answered with
  /// `.ratesUpdateStarted` when started.
  case startRatesUpdate(unlessStoredAfter: Int?)
  /// Ask the window manager to keep the window above the others, or no longer (EWMH's
  /// `_NET_WM_STATE_ABOVE`); the answer, if any, is `.windowManagerState`.
  case keepOnTop(Bool)
  /// Own PRIMARY with this text (the display's number selected, docs/SPEC.md section 14.3);
  /// `.selectionLost` when another program takes it.
  case ownPrimary(String)
}

/// The X selections a paste reads.
public enum Selection: Sendable {
  /// Ctrl+C's and Ctrl+V's.
  case clipboard
  /// What another program has selected (the middle button).
  case primary
}

extension WindowAction {
  /// Whether the action can change the document (the calculator, Tip & Split, the tape): the
  /// others (a cue taken down, a key's light, the pointer's move) leave undo nothing to settle,
  /// and a key press does not compare the whole document an extra time.
  var mayChangeDocument: Bool {
    switch self {
    case .keyReleased, .keyboardFocus, .pointer(.moved), .tick, .copied, .presented,
      .ratesRead, .ratesUpdateStarted, .ratesUpdateEnded, .resized, .windowManagerState,
      .selectionLost:
      false
    default: true
    }
  }

  /// Whether the action brings the tape as saved (what other windows changed): the tape it
  /// leaves needs no saving.
  var bringsSavedTape: Bool {
    switch self {
    case .tapeSaved, .tapeReloaded: true
    default: false
    }
  }
}
