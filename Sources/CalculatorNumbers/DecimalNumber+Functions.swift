import CMPFR
import Glibc

/// The unary functions (docs/SPEC.md section 6.3): the exact value cut toward zero to
/// 38 digits; exact results exact; NaN (a thrown `ArithmeticError`) for domain errors and
/// results out of range.
extension DecimalNumber {
  /// `function` of `self`, angles in `angle`: `0.5.applying(.arcsine, angle: .degrees)` is 30.
  public func applying(_ function: Function, angle: AngleUnit) throws(ArithmeticError)
    -> DecimalNumber
  {
    try value(of: function, angle: angle).exact(if: isExact)
  }

  private func value(of function: Function, angle: AngleUnit) throws(ArithmeticError)
    -> DecimalNumber
  {
    switch function {
    case .square: return try power(DecimalNumber(2))
    case .cube: return try power(DecimalNumber(3))
    case .reciprocal:
      guard !isZero else { throw .domain }
      return try power(DecimalNumber(-1))
    case .squareRoot:
      guard !negative else { throw .domain }
      return try root(DecimalNumber(2))
    case .cubeRoot: return try root(DecimalNumber(3))
    case .exponential:
      if isZero { return DecimalNumber(1) }
      return try monotone(increasing: true, mpfr_exp)
    case .powerOfTen: return try DecimalNumber(10).power(self)
    case .powerOfTwo: return try DecimalNumber(2).power(self)
    case .naturalLogarithm: return try logarithm(base: nil)
    case .commonLogarithm: return try logarithm(base: DecimalNumber(10))
    case .binaryLogarithm: return try logarithm(base: DecimalNumber(2))
    case .factorial: return try factorial()
    case .sine, .cosine, .tangent: return try trigonometric(function, angle: angle)
    case .arcsine, .arccosine, .arctangent: return try inverseTrigonometric(function, angle: angle)
    case .hyperbolicSine:
      if isZero { return .zero }
      return try monotone(increasing: true, mpfr_sinh)
    case .hyperbolicCosine:
      if isZero { return DecimalNumber(1) }
      return try absolute.monotone(increasing: true, mpfr_cosh)
    case .hyperbolicTangent:
      if isZero { return .zero }
      return try monotone(increasing: true, rules: Engine.Rules(openBound: 1), mpfr_tanh)
    case .inverseHyperbolicSine:
      if isZero { return .zero }
      return try monotone(increasing: true, mpfr_asinh)
    case .inverseHyperbolicCosine:
      guard compared(to: 1) >= 0 else { throw .domain }
      if compared(to: 1) == 0 { return .zero }
      return try monotone(increasing: true, mpfr_acosh)
    case .inverseHyperbolicTangent:
      guard absolute.compared(to: 1) < 0 else { throw .domain }
      if isZero { return .zero }
      return try monotone(increasing: true, mpfr_atanh)
    }
  }

  /// The same value, exact only if it was and `exact` holds: a function of an inexact number
  /// is inexact.
  func exact(if exact: Bool) -> DecimalNumber {
    exact || !isExact ? self : inexact
  }

  /// The same value, marked inexact.
  var inexact: DecimalNumber {
    DecimalNumber(parts, exact: false) ?? .zero
  }

  /// |self|.
  var absolute: DecimalNumber { negative ? negated : self }

  /// -1, 0 or 1 as `self` is below, at or above the integer `other`.
  func compared(to other: Int) -> Int {
    let difference = parts.adding(DecimalNumber(-other).parts)
    return difference.digits.isEmpty ? 0 : difference.negative ? -1 : 1
  }

  /// `function`, increasing (or decreasing) everywhere on its domain, through Ziv's loop.
  func monotone(
    increasing: Bool, precision: Int = Engine.basePrecision, rules: Engine.Rules = .init(),
    _ function: Engine.Unary
  ) throws(ArithmeticError) -> DecimalNumber {
    // A result near 2^n loses log2(n) bits to the rounding of the argument: e^230 ≈ 2^332.
    let extra = magnitudeBits
    return try Engine.evaluate(precision: precision + extra, rules: rules) { precision in
      Interval(parts, precision: precision).monotone(
        increasing: increasing, precision: precision, function)
    }
  }

  /// Bits of the integer part, about: 0 below 2.
  var magnitudeBits: Int {
    guard let magnitude = parts.magnitude, magnitude > 0 else { return 0 }
    return Int(Double(magnitude + 1) * 3.33) + 1
  }

  // MARK: - Logarithms

  /// The logarithm to `base` (nil: e), exact where it is rational: log₁₀ 1000 = 3.
  func logarithm(base: DecimalNumber?) throws(ArithmeticError) -> DecimalNumber {
    guard !negative, !isZero else { throw .domain }
    if let base {
      guard !base.negative, !base.isZero, base.compared(to: 1) != 0 else { throw .domain }
    }
    if compared(to: 1) == 0 { return .zero }
    guard let base else { return try monotone(increasing: true, mpfr_log) }
    if let exact = try exactLogarithm(base: base) { return exact }
    if base == DecimalNumber(10) { return try monotone(increasing: true, mpfr_log10) }
    if base == DecimalNumber(2) { return try monotone(increasing: true, mpfr_log2) }
    return try Engine.evaluate(precision: Engine.basePrecision + base.logarithmBits) {
      precision in
      let numerator = Interval(parts, precision: precision).monotone(
        increasing: true, precision: precision, mpfr_log)
      let denominator = Interval(base.parts, precision: precision).monotone(
        increasing: true, precision: precision, mpfr_log)
      if denominator.containsZero { return nil }
      return Interval.corners(numerator, denominator, precision: precision, mpfr_div)
    }
  }

  /// Bits lost dividing by the logarithm of a base near 1: ln 1.000001 ≈ 2^-20.
  private var logarithmBits: Int {
    let distance = abs(approximation - 1)
    return distance < 0.5 ? Int(-log2(max(distance, 1e-300)).rounded(.up)) : 0
  }

  /// logᵦ x when it is rational, p ÷ q; nil when it is irrational.
  ///
  /// Then x^q = b^p, so x = z^p and b = z^q for some z, and the powers of 2 and 5 and the rest
  /// R of x and b (x = R·2^α·5^β) are in the ratio p : q.
  private func exactLogarithm(base: DecimalNumber) throws(ArithmeticError) -> DecimalNumber? {
    let (x, b) = (factors, base.factors)
    var ratio: (Int, Int)
    if b.twos != 0 {
      ratio = (x.twos, b.twos)
    } else if b.fives != 0 {
      ratio = (x.fives, b.fives)
    } else {
      // b is an integer prime to 10 and at least 3, so x must be one too.
      guard x.twos == 0, x.fives == 0 else { return nil }
      let estimate = log(Double(x.rest)) / log(Double(b.rest))
      guard let fraction = DecimalNumber.nearFraction(estimate) else { return nil }
      ratio = fraction
    }
    var (p, q) = ratio
    if q < 0 { (p, q) = (-p, -q) }
    var (g, h) = (abs(p), q)
    while h != 0 { (g, h) = (h, g % h) }
    guard g != 0 else { return nil }
    (p, q) = (p / g, q / g)
    guard abs(p) <= 1_000, q <= 1_000, x.twos * q == b.twos * p, x.fives * q == b.fives * p
    else { return nil }
    let left = BigInteger(significand: x.rest).power(UInt(q))
    let right = BigInteger(significand: b.rest).power(UInt(abs(p)))
    if p < 0 {
      guard left.isOne, right.isOne else { return nil }
    } else {
      guard left.digits == right.digits else { return nil }
    }
    return try DecimalNumber(p).divided(by: DecimalNumber(q))
  }

  /// The fraction p ÷ q with q ≤ 1000 nearest to `value`, when it is within 1e-9 of it.
  static func nearFraction(_ value: Double) -> (Int, Int)? {
    guard value.isFinite, abs(value) < 1e6 else { return nil }
    // Continued fraction convergents.
    var (p0, q0, p1, q1) = (0, 1, 1, 0)
    var rest = value
    for _ in 0..<40 {
      let whole = rest.rounded(.down)
      let (p2, q2) = (Int(whole) * p1 + p0, Int(whole) * q1 + q0)
      if q2 > 1_000 { break }
      if abs(Double(p2) / Double(q2) - value) < 1e-9 { return (p2, q2) }
      (p0, q0, p1, q1) = (p1, q1, p2, q2)
      let fraction = rest - whole
      if fraction == 0 { break }
      rest = 1 / fraction
    }
    return nil
  }

  // MARK: - Factorial

  /// n! for whole n from 0 to 69, exactly; Γ(x + 1) for any other x; NaN for negative whole
  /// numbers.
  func factorial() throws(ArithmeticError) -> DecimalNumber {
    if isWhole {
      guard !negative else { throw .domain }
      guard compared(to: DecimalNumber.largestFactorial) <= 0 else { throw .outOfRange }
      let product = BigInteger.factorial(UInt(fraction?.numerator ?? 0))
      return try DecimalNumber.cut(product, exponent: 0)
    }
    // Γ(x + 1) ≥ 70! above 70; below −200 it is under 1e-340 (|Γ(t)| = π ÷ |sin πt · Γ(1 − t)|,
    // and t is at least 1e-35 from an integer).
    if compared(to: DecimalNumber.largestFactorial + 1) > 0 { throw .outOfRange }
    let argument = parts.adding(DecimalParts(negative: false, digits: [1], exponent: 0))
    if compared(to: -200) < 0 { throw .outOfRange }
    return try Engine.evaluate { precision in
      DecimalNumber.gamma(Interval(argument, precision: precision), precision: precision)
    }
  }

  /// 69! < 1e100 ≤ 70!.
  static let largestFactorial = 69

  /// Γ over an interval without a pole: Γ at the lower end, widened by its possible change.
  ///
  /// log|Γ| has the derivative ψ (digamma), which increases between poles,
  /// so over the interval |log|Γ(t)| − log|Γ(a)|| ≤ M·w with M the larger |ψ| at the ends and w
  /// the width: Γ(t) lies within Γ(a)·e^(±M·w).
  private static func gamma(_ t: Interval, precision: Int) -> Interval? {
    let lower = BigFloat(precision: precision)
    let upper = BigFloat(precision: precision)
    mpfr_gamma(lower.pointer, t.lower.pointer, MPFR_RNDD)
    mpfr_gamma(upper.pointer, t.lower.pointer, MPFR_RNDU)
    if t.isPoint { return Interval(lower: lower, upper: upper) }
    // No pole inside: both ends between the same two integers (or both above 0).
    if t.lower.sign <= 0 || t.upper.sign <= 0 {
      let floors = (BigFloat(precision: precision), BigFloat(precision: precision))
      mpfr_floor(floors.0.pointer, t.lower.pointer)
      mpfr_floor(floors.1.pointer, t.upper.pointer)
      guard mpfr_equal_p(floors.0.pointer, floors.1.pointer) != 0,
        mpfr_integer_p(t.lower.pointer) == 0
      else { return nil }
    }
    let bound = BigFloat(precision: 64)
    let digamma = BigFloat(precision: 64)
    for end in [t.lower, t.upper] {
      for rounding in [MPFR_RNDD, MPFR_RNDU] {
        mpfr_digamma(digamma.pointer, end.pointer, rounding)
        mpfr_abs(digamma.pointer, digamma.pointer, MPFR_RNDU)
        mpfr_max(bound.pointer, bound.pointer, digamma.pointer, MPFR_RNDU)
      }
    }
    // δ = M·w; e^δ ≤ 1 + 2δ and e^(−δ) ≥ 1 − δ for δ ≤ 1.
    let delta = BigFloat(precision: 64)
    mpfr_sub(delta.pointer, t.upper.pointer, t.lower.pointer, MPFR_RNDU)
    mpfr_mul(delta.pointer, delta.pointer, bound.pointer, MPFR_RNDU)
    guard mpfr_cmp_d(delta.pointer, 0.5) < 0 else { return nil }
    let shrink = BigFloat(precision: precision)
    let grow = BigFloat(precision: precision)
    mpfr_ui_sub(shrink.pointer, 1, delta.pointer, MPFR_RNDD)
    mpfr_mul_2ui(grow.pointer, delta.pointer, 1, MPFR_RNDU)
    mpfr_add_ui(grow.pointer, grow.pointer, 1, MPFR_RNDU)
    let positive = lower.sign > 0
    mpfr_mul(lower.pointer, lower.pointer, (positive ? shrink : grow).pointer, MPFR_RNDD)
    mpfr_mul(upper.pointer, upper.pointer, (positive ? grow : shrink).pointer, MPFR_RNDU)
    return Interval(lower: lower, upper: upper)
  }
}
