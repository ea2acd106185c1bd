/// Why an operation or function has no number for its operands; the calculator shows `NaN`.
public enum ArithmeticError: Error, Hashable, Sendable {
  /// A division by zero: `5 ÷ 0`.
  case divisionByZero
  /// A result outside 1e-99 ≤ |x| < 1e100 (0 is in range): `1e60 × 1e60`.
  case outOfRange
  /// Operands outside the function's domain: `√−1`, `ln 0`, `sin⁻¹ 2`.
  case domain
  /// No working precision up to the engine's last decides the digits (docs/SPEC.md section
  /// 16): a value exactly on a rounding boundary whose exact form is not known. The window
  /// gives the red cue with its `NaN`.
  case undecidable
}
