/// The unary functions (docs/SPEC.md sections 6.3 and 16): exact where the exact value is a
/// fraction or a multiple of π (`√2.25 = 1.5`, `log₁₀ 1000 = 3`, `5! = 120`, `sin⁻¹ 0.5 = π/6`),
/// a function undone by its inverse exactly (`(√2)² = 2`, `ln e = 1`), NaN (a thrown
/// `ArithmeticError`) for domain errors and results out of range, and otherwise the function
/// itself, kept exactly.
extension RealNumber {
  /// `function` of `self`, angles in `angle`: `0.5.applying(.arcsine, angle: .degrees)` is 30.
  public func applying(_ function: Function, angle: AngleUnit) throws(ArithmeticError)
    -> RealNumber
  {
    switch function {
    case .square: return try power(RealNumber(2))
    case .cube: return try power(RealNumber(3))
    case .reciprocal:
      guard !isZero else { throw .domain }
      return try power(RealNumber(-1))
    case .squareRoot:
      guard !isNegative else { throw .domain }
      return try root(RealNumber(2))
    case .cubeRoot: return try root(RealNumber(3))
    case .exponential:
      if isZero { return RealNumber(1) }
      return try elementary(.exponential, extraBits: integerBits)
    case .powerOfTen: return try powerOf(10, .powerOfTen, limit: 300)
    case .powerOfTwo: return try powerOf(2, .powerOfTwo, limit: 1_000)
    case .naturalLogarithm: return try logarithm(.naturalLogarithm, base: nil)
    case .commonLogarithm: return try logarithm(.commonLogarithm, base: Rational(10))
    case .binaryLogarithm: return try logarithm(.binaryLogarithm, base: Rational(2))
    case .factorial: return try factorial()
    case .sine, .cosine, .tangent: return try trigonometric(function, angle: angle)
    case .arcsine, .arccosine, .arctangent: return try inverseTrigonometric(function, angle: angle)
    case .hyperbolicSine:
      if isZero { return .zero }
      return try elementary(.hyperbolicSine, extraBits: integerBits)
    case .hyperbolicCosine:
      if isZero { return RealNumber(1) }
      return try elementary(.hyperbolicCosine, extraBits: integerBits)
    case .hyperbolicTangent:
      if isZero { return .zero }
      return try elementary(.hyperbolicTangent)
    case .inverseHyperbolicSine:
      if isZero { return .zero }
      return try elementary(.inverseHyperbolicSine)
    case .inverseHyperbolicCosine:
      let sign = try compared(to: 1)
      guard sign >= 0 else { throw .domain }
      if sign == 0 { return .zero }
      return try elementary(.inverseHyperbolicCosine)
    case .inverseHyperbolicTangent:
      guard try absolute.compared(to: 1) < 0 else { throw .domain }
      if isZero { return .zero }
      return try elementary(.inverseHyperbolicTangent)
    }
  }

  /// `function` of `self` kept as a node, or, where `self` is `function`'s inverse of some z,
  /// z itself (or |z|): ln eᶻ = z, cosh⁻¹ (cosh z) = |z|.
  func elementary(_ function: Elementary, extraBits: Int = 0) throws(ArithmeticError)
    -> RealNumber
  {
    if case .computed(let node) = form, case .elementary(let inner) = node.operation,
      let absolute = function.undoes(inner)
    {
      let z = try RealNumber(node.operands[0])
      return absolute ? z.absolute : z
    }
    return try RealNumber(.computed(Node(.elementary(function), [form], extraBits: extraBits)))
  }

  /// 10ˣ or 2ˣ: exact for a whole x (out of range past `limit`), else the function.
  private func powerOf(_ base: Int, _ function: Elementary, limit: Int) throws(ArithmeticError)
    -> RealNumber
  {
    if let fraction = rational, fraction.isInteger {
      guard let n = fraction.integer, abs(n) <= limit, let exact = Rational(base).power(n) else {
        throw .outOfRange
      }
      return try RealNumber(exact)
    }
    return try elementary(function, extraBits: integerBits)
  }

  /// ln, log₁₀ or log₂ (`base` nil for e): exact where it is a fraction.
  private func logarithm(_ function: Elementary, base: Rational?) throws(ArithmeticError)
    -> RealNumber
  {
    guard !isNegative, !isZero else { throw .domain }
    if try compared(to: 1) == 0 { return .zero }
    if let x = rational, let base, let exact = Rational.logarithm(x, base: base) {
      return try RealNumber(exact)
    }
    return try elementary(function)
  }

  // MARK: - Factorial

  /// n! for whole n from 0 to 69, exactly; Γ(x + 1) for any other x; NaN for negative whole
  /// numbers.
  func factorial() throws(ArithmeticError) -> RealNumber {
    if let n = try wholeNumber {
      guard n.sign >= 0 else { throw .domain }
      guard let count = n.integer, count <= RealNumber.largestFactorial else {
        throw .outOfRange
      }
      return try RealNumber(Rational(BigInteger.factorial(UInt(count))))
    }
    // Γ(x + 1) ≥ 70! above 70; below −200 it is under 1e-340 (|Γ(t)| = π ÷ |sin πt · Γ(1 − t)|).
    if try compared(to: RealNumber.largestFactorial + 1) > 0 { throw .outOfRange }
    if try compared(to: -200) < 0 { throw .outOfRange }
    let argument = Node(.sum, [form, .rational(.one)])
    return try RealNumber(.computed(Node(.gamma, [.computed(argument)])))
  }

  /// 69! < 1e100 ≤ 70!.
  static let largestFactorial = 69
}

extension Elementary {
  /// Whether `self` undoes `inner` (self(inner(z)) = z for every z `inner` takes): false when
  /// it gives z, true when it gives |z|, nil when it does not undo it.
  func undoes(_ inner: Elementary) -> Bool? {
    switch (self, inner) {
    case (.exponential, .naturalLogarithm), (.naturalLogarithm, .exponential),
      (.powerOfTen, .commonLogarithm), (.commonLogarithm, .powerOfTen),
      (.powerOfTwo, .binaryLogarithm), (.binaryLogarithm, .powerOfTwo),
      (.hyperbolicSine, .inverseHyperbolicSine), (.inverseHyperbolicSine, .hyperbolicSine),
      (.hyperbolicTangent, .inverseHyperbolicTangent),
      (.inverseHyperbolicTangent, .hyperbolicTangent),
      (.hyperbolicCosine, .inverseHyperbolicCosine):
      return false
    case (.inverseHyperbolicCosine, .hyperbolicCosine): return true
    default: return nil
    }
  }
}
