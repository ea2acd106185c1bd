import CalculatorCore
import CalculatorLayout

/// Tip & Split's part of the window (docs/SPEC.md section 7).
///
/// Which calculator's result was last offered as the bill. The fields themselves are the
/// document's `split`; the focus ring's stops over them are `FocusRing`'s.
struct TipFields: Equatable, Sendable {
  /// The calculator when tip mode was last entered: its result was offered as the bill then.
  var offeredCalculator: Calculator?

  /// Entering tip mode: a positive result becomes the bill, once; coming back without a new
  /// calculation keeps the bill the user has since typed (docs/SPEC.md section 7.3).
  mutating func offerBill(from calculator: Calculator, to document: inout Document) {
    guard calculator != offeredCalculator else { return }
    document.split.takeBill(from: calculator)
    offeredCalculator = calculator
  }
}

extension WindowState {
  /// Presses a Tip & Split key; a key past a field's limits shows the red cue from `now`.
  mutating func press(_ key: TipKey, at now: Instant) {
    if !document.split.press(key) { showCue(.refused, at: now) }
  }
}
