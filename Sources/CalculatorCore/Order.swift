/// The two orders of operations (docs/SPEC.md section 12): how `=` evaluates a calculation's
/// binary operators.
///
///     2 + 3 × 4 =   // leftToRight: 20; math: 14
public enum Order: String, CaseIterable, Hashable, Sendable {
  /// Strictly left to right, as a pocket calculator: every binary operator on one level.
  case leftToRight = "left"
  /// Written maths: `EE`, then powers and roots (right-associative), then × ÷, then + −.
  case math
}
