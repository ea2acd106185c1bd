/// A binary operation: `self` is the left operand, `other` the right one.
///
/// All share one precedence and run left to right (docs/SPEC.md section 6.2): `2 + 3 × 4` is 20.
public enum Operation: CaseIterable, Hashable, Sendable {
  /// `x + y`.
  case add
  /// `x − y`.
  case subtract
  /// `x × y`.
  case multiply
  /// `x ÷ y`.
  case divide
  /// xʸ: x to the power y.
  case power
  /// yˣ: y to the power x, the operands of `power` swapped.
  case reversePower
  /// ʸ√x: the y-th root of x.
  case root
  /// logᵧ: the logarithm of x to base y.
  case logarithm
  /// EE: x × 10^y.
  case ee
}
