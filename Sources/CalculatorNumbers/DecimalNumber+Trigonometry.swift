import CMPFR

/// sin, cos, tan and their inverses, in degrees or radians (docs/SPEC.md section 6.3): degrees are
/// exact (sin 30° = 0.5, sin⁻¹ 0.5 = 30°); in radians a result below 1e-30 for an argument of
/// at least 1e-10 is 0 (sin π).
extension DecimalNumber {
  func trigonometric(_ function: Function, angle: AngleUnit) throws(ArithmeticError)
    -> DecimalNumber
  {
    switch angle {
    case .radians: return try radians(function)
    case .degrees:
      // sin and tan are odd, cos is even: work on |x| reduced to [0, 360).
      let turn = absolute.degreesInTurn
      let sign = negative && function != .cosine
      let value = try DecimalNumber.degrees(function, turn)
      return sign ? value.negated : value
    }
  }

  private func radians(_ function: Function) throws(ArithmeticError) -> DecimalNumber {
    if isZero { return function == .cosine ? DecimalNumber(1) : .zero }
    // docs/SPEC.md section 6.3: sin π, cos(π ÷ 2), tan π are 0, not what the 38-digit π leaves
    // over.
    let zeroRule = (parts.magnitude ?? 0) >= -10 ? -30 : nil
    // A large argument is reduced by 2π: its integer bits come on top of the 38 digits.
    let precision = Engine.basePrecision + magnitudeBits
    let parts = self.parts
    switch function {
    case .sine, .cosine:
      let rules = Engine.Rules(openBound: 1, zeroBelowMagnitude: zeroRule)
      return try Engine.evaluate(precision: precision, rules: rules) { precision in
        Interval(parts, precision: precision).slow(
          precision: precision, function == .sine ? mpfr_sin : mpfr_cos)
      }
    default:
      let rules = Engine.Rules(zeroBelowMagnitude: zeroRule)
      return try Engine.evaluate(precision: precision, rules: rules) { precision in
        Interval(parts, precision: precision).increasingBetweenPoles(
          precision: precision, mpfr_tan)
      }
    }
  }

  /// `function` of `turn` degrees, 0 ≤ turn < 360.
  private static func degrees(_ function: Function, _ turn: DecimalParts) throws(ArithmeticError)
    -> DecimalNumber
  {
    if let whole = DecimalNumber(turn)?.fraction, whole.denominator == 1,
      let exact = try exactDegrees(function, whole.numerator)
    {
      return exact
    }
    switch function {
    case .sine, .cosine:
      return try Engine.evaluate(rules: Engine.Rules(openBound: 1)) { precision in
        Interval(turn, precision: precision).slow(precision: precision) { result, x, rounding in
          function == .sine
            ? mpfr_sinu(result, x, 360, rounding) : mpfr_cosu(result, x, 360, rounding)
        }
      }
    default:
      return try Engine.evaluate { precision in
        Interval(turn, precision: precision).increasingBetweenPoles(precision: precision) {
          result, x, rounding in mpfr_tanu(result, x, 360, rounding)
        }
      }
    }
  }

  /// sin, cos and tan of a whole number of degrees in [0, 360) where they are 0, ±0.5 or ±1
  /// (by Niven's theorem the only rational values at rational degrees); nil elsewhere.
  private static func exactDegrees(_ function: Function, _ degrees: Int) throws(ArithmeticError)
    -> DecimalNumber?
  {
    // The sine of `degrees`, in halves: 30° → 1.
    func sineHalves(_ degrees: Int) -> Int? {
      switch (degrees % 360 + 360) % 360 {
      case 0, 180: 0
      case 30, 150: 1
      case 90: 2
      case 210, 330: -1
      case 270: -2
      default: nil
      }
    }
    switch function {
    case .sine: return sineHalves(degrees).map(halves)
    case .cosine: return sineHalves(90 - degrees).map(halves)
    default:
      switch degrees % 180 {
      case 0: return .zero
      case 45: return DecimalNumber(1)
      case 90: throw .domain
      case 135: return DecimalNumber(-1)
      default: return nil
      }
    }
  }

  private static func halves(_ count: Int) -> DecimalNumber {
    // 5 × |count| tenths: one digit 5 or two, 1 and 0 (normalized to the single digit 1).
    let tenths = DecimalParts.digits(high: 0, low: UInt128(abs(count) * 5))
    return DecimalNumber(DecimalParts(negative: count < 0, digits: tenths, exponent: -1)) ?? .zero
  }

  /// |self| modulo 360, exactly: 1e99° is 280° (10^k ≡ 280 mod 360 for k ≥ 3).
  private var degreesInTurn: DecimalParts {
    let full: UInt128 = 360
    if exponent >= 0 {
      var power: UInt128 = 1
      for _ in 0..<exponent { power = power * 10 % full }
      let turn = significand % full * power % full
      return DecimalParts(
        negative: false, digits: DecimalParts.digits(high: 0, low: turn), exponent: 0)
    }
    // significand < 10^38, so below 360 already when 10^-exponent ≥ 10^36.
    guard -exponent < 36 else { return absolute.parts }
    var scale: UInt128 = 1
    for _ in 0..<(-exponent) { scale *= 10 }
    let turn = significand % (full * scale)
    return DecimalParts(
      negative: false, digits: DecimalParts.digits(high: 0, low: turn), exponent: exponent)
  }

  // MARK: - Inverses

  func inverseTrigonometric(_ function: Function, angle: AngleUnit) throws(ArithmeticError)
    -> DecimalNumber
  {
    if function != .arctangent {
      guard absolute.compared(to: 1) <= 0 else { throw .domain }
    }
    if let exact = exactInverse(function, angle: angle) { return exact }
    let degrees = angle == .degrees
    switch function {
    case .arcsine:
      return try monotone(increasing: true) { result, x, rounding in
        degrees ? mpfr_asinu(result, x, 360, rounding) : mpfr_asin(result, x, rounding)
      }
    case .arccosine:
      return try monotone(increasing: false) { result, x, rounding in
        degrees ? mpfr_acosu(result, x, 360, rounding) : mpfr_acos(result, x, rounding)
      }
    default:
      // tan⁻¹ 1e99 is 90° less 6e-98°: the bound keeps the loop from chasing 90.
      return try monotone(increasing: true, rules: Engine.Rules(openBound: degrees ? 90 : nil)) {
        result, x, rounding in
        degrees ? mpfr_atanu(result, x, 360, rounding) : mpfr_atan(result, x, rounding)
      }
    }
  }

  /// The inverses where they are rational: 0 in radians (and cos⁻¹ 1); in degrees at 0, ±0.5
  /// and ±1 (Niven's theorem again).
  private func exactInverse(_ function: Function, angle: AngleUnit) -> DecimalNumber? {
    let halves: Int
    switch absolute.parts {
    case DecimalParts(negative: false, digits: [], exponent: 0): halves = 0
    case DecimalParts(negative: false, digits: [5], exponent: -1): halves = 1
    case DecimalParts(negative: false, digits: [1], exponent: 0): halves = 2
    default: return nil
    }
    let signed = negative ? -halves : halves
    let degrees: Int?
    switch function {
    case .arcsine: degrees = [-90, -30, 0, 30, 90][signed + 2]
    case .arccosine: degrees = [180, 120, 90, 60, 0][signed + 2]
    default: degrees = halves == 1 ? nil : [-45, 0, 45][signed / 2 + 1]
    }
    guard let degrees else { return nil }
    switch angle {
    case .degrees: return DecimalNumber(degrees)
    case .radians: return degrees == 0 ? .zero : nil
    }
  }
}

extension Interval {
  /// `function` over the interval, on which it increases except across a pole (tan): nil when
  /// the ends show a pole inside.
  func increasingBetweenPoles(precision: Int, _ function: Engine.Unary) -> Interval? {
    let result = monotone(increasing: true, precision: precision, function)
    if result.lower.isNaN || result.upper.isNaN
      || mpfr_greater_p(result.lower.pointer, result.upper.pointer) != 0
    {
      return nil
    }
    return result
  }
}
