/// The calculator's modes (DESIGN.md section 5): which keypad the window shows.
///
/// Basic and scientific share one `Calculator`; the mode only changes the keypad.
public enum Mode: String, CaseIterable, Hashable, Sendable {
  /// The 4 × 5 keypad.
  case basic
  /// The 10 × 5 keypad: the basic one and six columns of functions.
  case scientific
}
