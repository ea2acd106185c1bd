/// The calculator's modes (docs/SPEC.md section 5): which keypad the window shows.
///
/// Basic and scientific share one `Calculator`; the mode only changes the keypad. Tip & Split
/// has its own `TipCalculator`.
public enum Mode: String, CaseIterable, Hashable, Sendable {
  /// The 4 × 5 keypad.
  case basic
  /// The 10 × 5 keypad: the basic one and six columns of functions.
  case scientific
  /// Tip & Split: a bill, a tip and people (docs/SPEC.md section 7).
  case tip
}
