/// sin, cos, tan and their inverses, in degrees or radians (docs/SPEC.md section 16).
///
/// An angle that is a fraction of a turn (a fraction of degrees, or a fraction times π in
/// radians) is reduced exactly, and sin, cos and tan are decided exactly where they are
/// fractions (0, ±½, ±1: by Niven's theorem the only ones) and where tan has a pole, so
/// `sin(π × 10¹⁰)` is 0, `sin 30°` is 0.5 and `tan(π ÷ 2)` is NaN. The inverses give exact
/// angles at 0, ±½ and ±1 (`sin⁻¹ 0.5` is 30° or π/6).
extension RealNumber {
  func trigonometric(_ function: Function, angle: AngleUnit) throws(ArithmeticError)
    -> RealNumber
  {
    // The angle as a multiple of π radians, when it is a fraction times π.
    let turns: Rational?
    switch (form, angle) {
    case (.rational(let degrees), .degrees): turns = degrees.divided(by: Rational(180))
    case (.rational(let radians), .radians): turns = radians.isZero ? .zero : nil
    case (.piMultiple(let factor), .radians): turns = factor
    default: turns = nil
    }
    if let turns { return try RealNumber.ofPiMultiple(function, turns) }
    let elementary: Elementary
    switch function {
    case .sine: elementary = .sine(angle)
    case .cosine: elementary = .cosine(angle)
    default:
      // A pole within 1e-99 of the angle: |tan| would pass 1e100 even were it not the pole.
      if try nearestPoleDistance(angle).isZero { throw .domain }
      elementary = .tangent(angle)
    }
    // A large angle is reduced by a turn: its integer bits come on top of the digits.
    return try RealNumber(
      .computed(Node(.elementary(elementary), [form], extraBits: integerBits)))
  }

  /// sin, cos or tan of `turns` × π.
  private static func ofPiMultiple(_ function: Function, _ turns: Rational)
    throws(ArithmeticError) -> RealNumber
  {
    let reduced = turns.remainder(modulo: Rational(2))  // in [0, 2)
    // The sine where it is a fraction: at whole sixths of π.
    func exact(sixths angle: Rational) -> RealNumber? {
      guard let sixths = angle.multiplied(by: Rational(6)), let k = sixths.integer else {
        return nil
      }
      // sin(kπ/6) in halves, for k = 0…11; nil where it is ±√3/2.
      let halves: [Int?] = [0, 1, nil, 2, nil, 1, 0, -1, nil, -2, nil, -1]
      return halves[k].flatMap {
        try? RealNumber(Rational(reducing: BigInteger($0), BigInteger(2)))
      }
    }
    let halfTurn = Rational(reducing: BigInteger(1), BigInteger(2))
    switch function {
    case .sine:
      if let value = exact(sixths: reduced) { return value }
    case .cosine:
      // cos x = sin(x + π/2).
      if let shifted = reduced.adding(halfTurn)?.remainder(modulo: Rational(2)),
        let value = exact(sixths: shifted)
      {
        return value
      }
    default:
      let half = reduced.remainder(modulo: .one)  // tan has period π
      if let quarters = half.multiplied(by: Rational(4)), let k = quarters.integer {
        switch k {
        case 0: return .zero
        case 1: return RealNumber(1)
        case 2: throw .domain  // tan(π/2): a pole
        default: return RealNumber(-1)
        }
      }
    }
    let elementary: Elementary
    switch function {
    case .sine: elementary = .sine(.radians)
    case .cosine: elementary = .cosine(.radians)
    default: elementary = .tangent(.radians)
    }
    return try RealNumber(.computed(Node(.elementary(elementary), [.piMultiple(reduced)])))
  }

  /// The angle less the nearest pole of tan (90° + k·180°, or π/2 + kπ), decided as a value
  /// is: 0 when within 1e-99.
  private func nearestPoleDistance(_ angle: AngleUnit) throws(ArithmeticError) -> RealNumber {
    let halfTurn: Double = angle == .degrees ? 180 : Double.pi
    let k = ((approximation - halfTurn / 2) / halfTurn).rounded()
    guard k.isFinite, abs(k) < 1e15 else { return RealNumber(1) }
    let pole = Rational(reducing: BigInteger(Int(k) * 2 + 1), BigInteger(2))
    let distance: Form
    switch angle {
    case .degrees:
      guard let degrees = pole.multiplied(by: Rational(180)) else { return RealNumber(1) }
      distance = .computed(Node(.difference, [form, .rational(degrees)]))
    case .radians:
      distance = .computed(Node(.difference, [form, .piMultiple(pole)]))
    }
    return try Engine.compare(distance, .zero) == 0 ? .zero : RealNumber(1)
  }

  // MARK: - Inverses

  func inverseTrigonometric(_ function: Function, angle: AngleUnit) throws(ArithmeticError)
    -> RealNumber
  {
    if function != .arctangent {
      guard try absolute.compared(to: 1) <= 0 else { throw .domain }
    }
    if let exact = try exactInverse(function, angle: angle) { return exact }
    let elementary: Elementary
    switch function {
    case .arcsine: elementary = .arcsine(angle)
    case .arccosine: elementary = .arccosine(angle)
    default: elementary = .arctangent(angle)
    }
    return try self.elementary(elementary)
  }

  /// The inverses where they are exact: at 0, ±0.5 and ±1 (±0.5 not for tan⁻¹), a whole
  /// number of degrees or that many 180ths of π.
  private func exactInverse(_ function: Function, angle: AngleUnit) throws(ArithmeticError)
    -> RealNumber?
  {
    // The argument in halves, when it is 0, ±½ or ±1 (or within 1e-99 of one).
    var halves: Int?
    for candidate in -2...2 where function != .arctangent || candidate % 2 == 0 {
      let value = Rational(reducing: BigInteger(candidate), BigInteger(2))
      if rational == value {
        halves = candidate
        break
      }
      if case .computed = form, Rational(shown) == value, try compared(to: value) == 0 {
        halves = candidate
        break
      }
    }
    guard let halves else { return nil }
    let degrees: Int
    switch function {
    case .arcsine: degrees = [-90, -30, 0, 30, 90][halves + 2]
    case .arccosine: degrees = [180, 120, 90, 60, 0][halves + 2]
    default: degrees = [-45, 0, 45][halves / 2 + 1]
    }
    switch angle {
    case .degrees: return RealNumber(degrees)
    case .radians:
      if degrees == 0 { return .zero }
      return try RealNumber(.piMultiple(Rational(reducing: BigInteger(degrees), BigInteger(180))))
    }
  }
}
