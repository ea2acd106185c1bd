/// The unit of the angles that trigonometric functions take and their inverses give.
public enum AngleUnit: Hashable, Sendable {
  /// A full turn is 360.
  case degrees
  /// A full turn is 2π.
  case radians
}

/// The unary functions of the scientific keypad.
public enum Function: CaseIterable, Hashable, Sendable {
  /// x².
  case square
  /// x³.
  case cube
  /// ¹/x.
  case reciprocal
  /// ²√x.
  case squareRoot
  /// ³√x, negative for a negative x.
  case cubeRoot
  /// eˣ.
  case exponential
  /// 10ˣ.
  case powerOfTen
  /// 2ˣ.
  case powerOfTwo
  /// ln x.
  case naturalLogarithm
  /// log₁₀ x.
  case commonLogarithm
  /// log₂ x.
  case binaryLogarithm
  /// x!: n! for whole n, Γ(x + 1) otherwise.
  case factorial
  /// sin x.
  case sine
  /// cos x.
  case cosine
  /// tan x.
  case tangent
  /// sin⁻¹ x.
  case arcsine
  /// cos⁻¹ x.
  case arccosine
  /// tan⁻¹ x.
  case arctangent
  /// sinh x.
  case hyperbolicSine
  /// cosh x.
  case hyperbolicCosine
  /// tanh x.
  case hyperbolicTangent
  /// sinh⁻¹ x.
  case inverseHyperbolicSine
  /// cosh⁻¹ x.
  case inverseHyperbolicCosine
  /// tanh⁻¹ x.
  case inverseHyperbolicTangent
}
