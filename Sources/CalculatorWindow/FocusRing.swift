import CalculatorCore
import CalculatorLayout

/// Where the focus ring can stop: a key, or in tip mode a field (focusing it makes it active).
public enum FocusStop: Equatable, Sendable {
  /// A Tip & Split field.
  case field(TipField)
  /// A keypad cell.
  case cell(GridPosition)
}

/// The keyboard focus (docs/SPEC.md section 9): the ring that Tab and Shift+Tab move over the
/// keys (and in Tip & Split the fields first), which Space presses.
///
/// The ring follows the keyboard only: a mouse click hides it, the next Tab (or a screen
/// reader's focus request) shows it again. A Tip & Split focus rule is a change of `stops` or
/// of the `.move` it makes.
struct FocusRing: Equatable, Sendable {
  /// What moves the ring.
  enum Action {
    /// Tab, Shift+Tab or a screen reader: the ring moves to `stop` and shows.
    case move(to: FocusStop)
    /// Button 1 went down: the ring hides until the next Tab.
    case hide
    /// A click on a Tip & Split field: it holds the hidden ring, so the next Tab moves on from
    /// it.
    case fieldClicked
    /// Another keypad: the ring stays on the same key when the new one has it.
    case keypadChanged(GridPosition?)
    /// A key typed on the keyboard (not Space on the ringed key): the ring leaves the keys, and
    /// the focus is where typing goes again (the display, or the active field), so that a
    /// screen reader's where-am-I reads what the key changed (docs/SPEC.md section 9.3).
    case typed
  }

  /// The key inside the ring, which Space presses; nil before any Tab.
  var cell: GridPosition?
  /// In tip mode, the ring is on the active field (which field is the core's `active`).
  var isOnField = false
  /// The ring shows (it hides at a click, until the next Tab).
  var isShown = true

  mutating func reduce(_ action: Action) {
    switch action {
    case .move(.field):
      cell = nil
      isOnField = true
      isShown = true
    case .move(.cell(let position)):
      cell = position
      isOnField = false
      isShown = true
    case .hide: isShown = false
    case .fieldClicked:
      cell = nil
      isOnField = true
    case .keypadChanged(let position):
      cell = position
      isOnField = false
    case .typed: cell = nil  // a ringed field is where typing goes already
    }
  }

  /// Where the focus is in `mode`: the ringed key; off the keys, in tip mode the active field
  /// (the one typed into, which has the focus), else nil: the display.
  func stop(in mode: Mode, active: TipField) -> FocusStop? {
    if mode == .tip && (isOnField || cell == nil) { return .field(active) }
    return cell.map(FocusStop.cell)
  }
}

extension WindowState {
  /// The stops in Tab order: the Tip & Split fields top to bottom, then the keys row by row.
  var focusStops: [FocusStop] {
    (mode == .tip ? TipField.allCases.map(FocusStop.field) : [])
      + layout.positions.map(FocusStop.cell)
  }

  /// Where the focus is among the stops, or nil for the display (before any Tab, or after a
  /// key typed).
  var focusedStop: FocusStop? { focus.stop(in: mode, active: split.active) }

  /// Moves the focus ring to a stop and shows it; a field becomes the active one, its next key
  /// replacing it.
  mutating func focus(_ stop: FocusStop) {
    focus.reduce(.move(to: stop))
    if case .field(let field) = stop { document.split.press(.field(field)) }
  }

  /// Tab (`step` 1) or Shift+Tab (-1): the focus ring moves to the next or previous stop.
  ///
  /// One rule in every mode: the stops of `focusStops`, wrapping, from where the focus is. From
  /// the display (no stop) Tab rings the first key, Shift+Tab the last; in tip mode the focus is
  /// always on a stop, the active field when off the keys, so Tab from the Bill field being
  /// typed into rings Tip: each Tab moves the focus, and the screen reader says where
  /// (docs/SPEC.md section 9.3). Like any key, it closes the overlay and the menu.
  mutating func moveFocus(by step: Int) {
    closeOverlays()
    let stops = focusStops
    guard let first = stops.first, let last = stops.last else { return }
    guard let current = focusedStop, let index = stops.firstIndex(of: current) else {
      focus(step < 0 ? last : first)
      return
    }
    let count = stops.count
    var next = ((index + step) % count + count) % count
    // The active field has the focus already while the ring hides on a key: the ring moves on
    // past it, so that the focus moves.
    if focus.cell != nil, !focus.isShown, stops[next] == .field(split.active), count > 1 {
      next = ((next + step) % count + count) % count
    }
    focus(stops[next])
  }

  /// Space: clicks the key inside the focus ring and lights it until the key comes up; nothing
  /// while the ring is hidden.
  mutating func pressFocused(keycode: UInt32, at now: Instant) {
    guard focus.isShown, let cell = focus.cell, click(cell, at: now) else { return }
    highlight = .keyboard(cell: cell, keycode: keycode)
  }
}
