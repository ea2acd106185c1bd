import CMPFR

/// What a `Node` computes from its operands, and how an interval that holds the exact result
/// follows from intervals that hold the operands.
///
/// Every bound is computed by MPFR, which rounds correctly, in the direction that keeps the
/// exact value inside: down for the lower bound, up for the upper one. A function that
/// increases gives its bounds at the operand's bounds; one that does not is widened by its
/// largest slope over the interval (sin, cos) or bounded another way (Γ). Where the interval
/// is not good enough to say (a divisor's interval holding 0, a pole inside, an end outside
/// the domain), the result is nil and the engine asks again at a higher precision.
enum Operator: Equatable, Sendable {
  /// x + y.
  case sum
  /// x − y.
  case difference
  /// x × y.
  case product
  /// x ÷ y.
  case quotient
  /// x^y for x above 0.
  case power
  /// −x.
  case negation
  /// An elementary function of one operand.
  case elementary(Elementary)
  /// Γ(x).
  case gamma

  /// An interval that holds the exact result for operands in `operands`, at `precision` bits;
  /// nil when it cannot be told at this precision.
  func enclose(_ operands: [Interval], precision: Int) -> Interval? {
    if operands.contains(where: \.hasNaN) { return nil }
    let x = operands[0]
    switch self {
    case .sum:
      return Interval(
        lower: BigFloat(precision: precision) {
          _ = mpfr_add($0, x.lower.pointer, operands[1].lower.pointer, MPFR_RNDD)
        },
        upper: BigFloat(precision: precision) {
          _ = mpfr_add($0, x.upper.pointer, operands[1].upper.pointer, MPFR_RNDU)
        })
    case .difference:
      return Interval(
        lower: BigFloat(precision: precision) {
          _ = mpfr_sub($0, x.lower.pointer, operands[1].upper.pointer, MPFR_RNDD)
        },
        upper: BigFloat(precision: precision) {
          _ = mpfr_sub($0, x.upper.pointer, operands[1].lower.pointer, MPFR_RNDU)
        })
    case .product:
      return Interval.corners(x, operands[1], precision: precision, mpfr_mul)
    case .quotient:
      if operands[1].containsZero { return nil }
      return Interval.corners(x, operands[1], precision: precision, mpfr_div)
    case .power:
      // x^y = e^(y ln x) is monotone in each operand over a box: its extremes are at corners.
      guard x.isPositive else { return nil }
      return Interval.corners(x, operands[1], precision: precision, mpfr_pow)
    case .negation:
      return x.negated(precision: precision)
    case .elementary(let function):
      return function.enclose(x, precision: precision)
    case .gamma:
      return Interval.gamma(x, precision: precision)
    }
  }
}

/// The elementary functions a node may apply, each with MPFR's function and its shape.
enum Elementary: Equatable, Sendable {
  /// xⁿ for a whole n other than 0 and 1.
  case integerPower(Int)
  /// The n-th root, n ≥ 2: √ is `root(2)`, ∛ is `root(3)`; of a negative x for an odd n.
  case root(Int)
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
  /// sin x, x in the unit.
  case sine(AngleUnit)
  /// cos x.
  case cosine(AngleUnit)
  /// tan x.
  case tangent(AngleUnit)
  /// sin⁻¹ x, in the unit.
  case arcsine(AngleUnit)
  /// cos⁻¹ x.
  case arccosine(AngleUnit)
  /// tan⁻¹ x.
  case arctangent(AngleUnit)
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

  /// How a function's bounds follow from its operand's.
  enum Shape {
    /// Increasing (or decreasing) over its domain: the bounds at the operand's bounds.
    case monotone(increasing: Bool)
    /// Even, and increasing (or decreasing) in |x|: cosh, x².
    case even(increasing: Bool)
    /// Changing by at most `slope` times the operand's change: sin and cos.
    case lipschitz(slope: Int)
    /// Increasing between poles: tan; nil when the interval holds a pole.
    case increasingBetweenPoles
  }

  /// The shape of the function over its domain.
  var shape: Shape {
    switch self {
    case .integerPower(let n):
      // Odd powers increase (1/x decreases on each side of 0); even ones are even.
      if n % 2 != 0 { return .monotone(increasing: n > 0) }
      return .even(increasing: n > 0)
    case .hyperbolicCosine: return .even(increasing: true)
    case .arccosine: return .monotone(increasing: false)
    // |sin′| ≤ 1 in radians, 2π/360 in degrees.
    case .sine, .cosine: return .lipschitz(slope: 1)
    case .tangent: return .increasingBetweenPoles
    default: return .monotone(increasing: true)
    }
  }

  /// The result lies strictly inside (−bound, bound): tanh, tan⁻¹ in degrees.
  var openBound: Int? {
    switch self {
    case .hyperbolicTangent: 1
    case .arctangent(.degrees): 90
    default: nil
    }
  }

  /// f(x) at one point, rounded as `rounding` says.
  func evaluate(
    _ result: UnsafeMutablePointer<__mpfr_struct>, _ x: UnsafePointer<__mpfr_struct>,
    _ rounding: mpfr_rnd_t
  ) {
    switch self {
    case .integerPower(let n): _ = mpfr_pow_si(result, x, n, rounding)
    case .root(let n): _ = mpfr_rootn_ui(result, x, UInt(n), rounding)
    case .exponential: _ = mpfr_exp(result, x, rounding)
    case .powerOfTen: _ = mpfr_exp10(result, x, rounding)
    case .powerOfTwo: _ = mpfr_exp2(result, x, rounding)
    case .naturalLogarithm: _ = mpfr_log(result, x, rounding)
    case .commonLogarithm: _ = mpfr_log10(result, x, rounding)
    case .binaryLogarithm: _ = mpfr_log2(result, x, rounding)
    case .sine(.radians): _ = mpfr_sin(result, x, rounding)
    case .sine(.degrees): _ = mpfr_sinu(result, x, 360, rounding)
    case .cosine(.radians): _ = mpfr_cos(result, x, rounding)
    case .cosine(.degrees): _ = mpfr_cosu(result, x, 360, rounding)
    case .tangent(.radians): _ = mpfr_tan(result, x, rounding)
    case .tangent(.degrees): _ = mpfr_tanu(result, x, 360, rounding)
    case .arcsine(.radians): _ = mpfr_asin(result, x, rounding)
    case .arcsine(.degrees): _ = mpfr_asinu(result, x, 360, rounding)
    case .arccosine(.radians): _ = mpfr_acos(result, x, rounding)
    case .arccosine(.degrees): _ = mpfr_acosu(result, x, 360, rounding)
    case .arctangent(.radians): _ = mpfr_atan(result, x, rounding)
    case .arctangent(.degrees): _ = mpfr_atanu(result, x, 360, rounding)
    case .hyperbolicSine: _ = mpfr_sinh(result, x, rounding)
    case .hyperbolicCosine: _ = mpfr_cosh(result, x, rounding)
    case .hyperbolicTangent: _ = mpfr_tanh(result, x, rounding)
    case .inverseHyperbolicSine: _ = mpfr_asinh(result, x, rounding)
    case .inverseHyperbolicCosine: _ = mpfr_acosh(result, x, rounding)
    case .inverseHyperbolicTangent: _ = mpfr_atanh(result, x, rounding)
    }
  }

  /// An interval that holds f(x) for every x in `x`; nil when it cannot be told.
  func enclose(_ x: Interval, precision: Int) -> Interval? {
    func at(_ point: BigFloat, _ rounding: mpfr_rnd_t) -> BigFloat {
      BigFloat(precision: precision) { evaluate($0, point.pointer, rounding) }
    }
    let result: Interval
    switch shape {
    case .monotone(let increasing):
      if case .integerPower(let n) = self, n < 0, x.containsZero { return nil }
      result = Interval(
        lower: at(increasing ? x.lower : x.upper, MPFR_RNDD),
        upper: at(increasing ? x.upper : x.lower, MPFR_RNDU))
    case .even(let increasing):
      if !increasing && x.containsZero { return nil }
      let magnitude = x.absolute(precision: precision)
      result = Interval(
        lower: at(increasing ? magnitude.lower : magnitude.upper, MPFR_RNDD),
        upper: at(increasing ? magnitude.upper : magnitude.lower, MPFR_RNDU))
    case .lipschitz(let slope):
      var (lower, upper) = (at(x.lower, MPFR_RNDD), at(x.lower, MPFR_RNDU))
      if !x.isPoint {
        let change = BigFloat(precision: precision) {
          _ = mpfr_sub($0, x.upper.pointer, x.lower.pointer, MPFR_RNDU)
          _ = mpfr_mul_ui($0, $0, UInt(slope), MPFR_RNDU)
        }
        lower = BigFloat(precision: precision) {
          _ = mpfr_sub($0, lower.pointer, change.pointer, MPFR_RNDD)
        }
        upper = BigFloat(precision: precision) {
          _ = mpfr_add($0, upper.pointer, change.pointer, MPFR_RNDU)
        }
      }
      result = Interval(lower: lower, upper: upper)
    case .increasingBetweenPoles:
      result = Interval(lower: at(x.lower, MPFR_RNDD), upper: at(x.upper, MPFR_RNDU))
      // Across a pole the ends come out of order.
      if !result.hasNaN && mpfr_greater_p(result.lower.pointer, result.upper.pointer) != 0 {
        return nil
      }
    }
    return result.hasNaN ? nil : result
  }
}

extension Interval {
  /// `operation` over every pair of points of the two intervals, when it is monotone in each
  /// operand over them (a product, a quotient by an interval without 0, a power of a base
  /// above 0): its smallest and largest values are at corners.
  static func corners(
    _ left: Interval, _ right: Interval, precision: Int,
    _ operation: (
      UnsafeMutablePointer<__mpfr_struct>?, UnsafePointer<__mpfr_struct>?,
      UnsafePointer<__mpfr_struct>?, mpfr_rnd_t
    ) -> Int32
  ) -> Interval {
    let lower = BigFloat(precision: precision)
    let upper = BigFloat(precision: precision)
    let candidate = BigFloat(precision: precision)
    var first = true
    for x in left.isPoint ? [left.lower] : [left.lower, left.upper] {
      for y in right.isPoint ? [right.lower] : [right.lower, right.upper] {
        _ = operation(candidate.pointer, x.pointer, y.pointer, MPFR_RNDD)
        if first || mpfr_less_p(candidate.pointer, lower.pointer) != 0 {
          mpfr_set(lower.pointer, candidate.pointer, MPFR_RNDN)
        }
        _ = operation(candidate.pointer, x.pointer, y.pointer, MPFR_RNDU)
        if first || mpfr_greater_p(candidate.pointer, upper.pointer) != 0 {
          mpfr_set(upper.pointer, candidate.pointer, MPFR_RNDN)
        }
        first = false
      }
    }
    return Interval(lower: lower, upper: upper)
  }

  /// Γ over an interval without a pole: Γ at the lower end, widened by its possible change;
  /// nil when a pole may be inside or the interval is too wide to bound it.
  ///
  /// log|Γ| has the derivative ψ (digamma), which increases between poles, so over the
  /// interval |log|Γ(t)| − log|Γ(a)|| ≤ M·w with M the larger |ψ| at the ends and w the width:
  /// Γ(t) lies within Γ(a)·e^(±M·w).
  static func gamma(_ t: Interval, precision: Int) -> Interval? {
    let lower = BigFloat(precision: precision) { _ = mpfr_gamma($0, t.lower.pointer, MPFR_RNDD) }
    let upper = BigFloat(precision: precision) { _ = mpfr_gamma($0, t.lower.pointer, MPFR_RNDU) }
    if lower.isNaN || upper.isNaN { return nil }
    if t.isPoint { return Interval(lower: lower, upper: upper) }
    // No pole inside: both ends between the same two integers (or both above 0).
    if t.lower.sign <= 0 || t.upper.sign <= 0 {
      let floors = (
        BigFloat(precision: precision) { _ = mpfr_floor($0, t.lower.pointer) },
        BigFloat(precision: precision) { _ = mpfr_floor($0, t.upper.pointer) }
      )
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
    let delta = BigFloat(precision: 64) {
      _ = mpfr_sub($0, t.upper.pointer, t.lower.pointer, MPFR_RNDU)
      _ = mpfr_mul($0, $0, bound.pointer, MPFR_RNDU)
    }
    guard !delta.isNaN, mpfr_cmp_d(delta.pointer, 0.5) < 0 else { return nil }
    let shrink = BigFloat(precision: precision) { _ = mpfr_ui_sub($0, 1, delta.pointer, MPFR_RNDD) }
    let grow = BigFloat(precision: precision) {
      _ = mpfr_mul_2ui($0, delta.pointer, 1, MPFR_RNDU)
      _ = mpfr_add_ui($0, $0, 1, MPFR_RNDU)
    }
    let positive = lower.sign > 0
    return Interval(
      lower: BigFloat(precision: precision) {
        _ = mpfr_mul($0, lower.pointer, (positive ? shrink : grow).pointer, MPFR_RNDD)
      },
      upper: BigFloat(precision: precision) {
        _ = mpfr_mul($0, upper.pointer, (positive ? grow : shrink).pointer, MPFR_RNDU)
      })
  }
}
