import Glibc

/// The binary operations (docs/SPEC.md sections 6.2 and 16): fractions and multiples of π stay
/// exact, powers, roots and logarithms are exact where the exact value is a fraction
/// (`√2.25 = 1.5`, `1024 ʸ√ 10 = 2`, `27 logᵧ 3 = 3`), and anything else is kept as the
/// operation itself.
extension RealNumber {
  /// The result of `operation` with `self` on the left: `2.applying(.power, 10)` is 1024.
  ///
  /// Every operation of the calculator, in either order of operations, comes through here.
  public func applying(_ operation: Operation, _ other: RealNumber) throws(ArithmeticError)
    -> RealNumber
  {
    switch operation {
    case .add: return try plus(other)
    case .subtract: return try plus(other.negated)
    case .multiply: return try times(other)
    case .divide: return try divided(by: other)
    case .power: return try power(other)
    case .reversePower: return try other.power(self)
    case .root: return try root(other)
    case .logarithm: return try logarithm(base: other)
    case .ee: return try timesPowerOfTen(other)
    }
  }

  /// `self + other`.
  func plus(_ other: RealNumber) throws(ArithmeticError) -> RealNumber {
    if other.isZero { return self }
    if isZero { return other }
    if case .computed = other.form, negated.form == other.form { return .zero }  // x + (−x)
    switch (form, other.form) {
    case (.rational(let x), .rational(let y)):
      if let sum = x.adding(y) { return try RealNumber(sum) }
    case (.piMultiple(let x), .piMultiple(let y)):
      if let sum = x.adding(y) { return sum.isZero ? .zero : try RealNumber(.piMultiple(sum)) }
    default: break
    }
    return try RealNumber(.computed(Node(.sum, [form, other.form])))
  }

  /// `self × other`.
  func times(_ other: RealNumber) throws(ArithmeticError) -> RealNumber {
    if isZero || other.isZero { return .zero }
    if case .computed = form, form == other.form { return try power(RealNumber(2)) }  // x × x
    switch (form, other.form) {
    case (.rational(let x), .rational(let y)):
      if let product = x.multiplied(by: y) { return try RealNumber(product) }
    case (.piMultiple(let x), .rational(let y)), (.rational(let y), .piMultiple(let x)):
      if let product = x.multiplied(by: y) { return try RealNumber(.piMultiple(product)) }
    default: break
    }
    return try RealNumber(.computed(Node(.product, [form, other.form])))
  }

  /// `self ÷ other`.
  func divided(by other: RealNumber) throws(ArithmeticError) -> RealNumber {
    if other.isZero { throw .divisionByZero }
    if isZero { return .zero }
    if case .computed = form, form == other.form { return RealNumber(1) }  // x ÷ x
    switch (form, other.form) {
    case (.rational(let x), .rational(let y)):
      if let quotient = x.divided(by: y) { return try RealNumber(quotient) }
    case (.piMultiple(let x), .rational(let y)):
      if let quotient = x.divided(by: y) { return try RealNumber(.piMultiple(quotient)) }
    case (.piMultiple(let x), .piMultiple(let y)):
      if let quotient = x.divided(by: y) { return try RealNumber(quotient) }
    default: break
    }
    return try RealNumber(.computed(Node(.quotient, [form, other.form])))
  }

  // MARK: - Powers and roots

  /// `self` to the power `exponent` (xʸ), as docs/SPEC.md section 6.3 defines it: 0⁰ = 1, 0 to
  /// a negative power and a negative base with a non-whole exponent are domain errors.
  func power(_ exponent: RealNumber) throws(ArithmeticError) -> RealNumber {
    if exponent.isZero { return RealNumber(1) }
    if isZero {
      guard !exponent.isNegative else { throw .domain }
      return .zero
    }
    if isNegative {
      guard let whole = try exponent.wholeNumber else { throw .domain }
      let magnitude = try negated.power(RealNumber(whole))
      return whole.numerator.isOdd ? magnitude.negated : magnitude
    }
    if rational == .one { return self }
    if let fraction = exponent.rational {
      if let n = fraction.integer, n.magnitude <= UInt(Rational.maximumBits) {
        return try power(n)
      }
      // x^(p/q) is a fraction when x's q-th root is one.
      if let x = rational, let q = fraction.denominator.integer, q <= Rational.maximumBits,
        let root = x.root(q), let p = fraction.numerator.integer,
        let exact = root.power(p)
      {
        return try RealNumber(exact)
      }
    }
    // A result near 2^(±n) loses log2(n) bits to the rounding of its operands.
    let scale = abs(exponent.approximation) * (1 + abs(log(approximation)))
    let extraBits = scale > 1 ? Int(log2(scale).rounded(.up)) : 0
    return try RealNumber(.computed(Node(.power, [form, exponent.form], extraBits: extraBits)))
  }

  /// `self` to the whole power `n` (|n| within `Rational.maximumBits`), for `self` above 0.
  private func power(_ n: Int) throws(ArithmeticError) -> RealNumber {
    if n == 1 { return self }
    switch form {
    case .rational(let x):
      // Far outside the range, whatever the digits: 2^30000.
      if abs(Double(n) * x.logarithm2) > 4_000 { throw .outOfRange }
      if let exact = x.power(n) { return try RealNumber(exact) }
    case .computed(let node):
      // (ⁿ√x)ⁿ is x, and 1 ÷ (1 ÷ x) is x.
      if node.operation == .elementary(.root(n))
        || (n == -1 && node.operation == .elementary(.integerPower(-1)))
      {
        return try RealNumber(node.operands[0])
      }
    case .piMultiple: break
    }
    return try RealNumber(.computed(Node(.elementary(.integerPower(n)), [form])))
  }

  /// The `index`-th root of `self` (ʸ√x): `self` to the power 1 ÷ `index`; a negative `self`
  /// has a real root only for an odd whole index.
  func root(_ index: RealNumber) throws(ArithmeticError) -> RealNumber {
    guard !index.isZero else { throw .domain }
    if isZero {
      guard !index.isNegative else { throw .domain }
      return .zero
    }
    if isNegative {
      guard let whole = try index.wholeNumber, whole.numerator.isOdd else { throw .domain }
      return try negated.root(RealNumber(whole)).negated
    }
    if rational == .one { return self }
    if let fraction = index.rational {
      // x^(1 ÷ (p/q)) = x^(q/p), the sign moved to the numerator.
      let flipped = Rational(reducing: fraction.denominator, fraction.numerator)
      if let x = rational, let p = flipped.denominator.integer, p <= Rational.maximumBits,
        let root = x.root(p), let q = flipped.numerator.integer, let exact = root.power(q)
      {
        return try RealNumber(exact)
      }
      if let n = fraction.integer, n >= 2, n <= Rational.maximumBits {
        if case .computed(let node) = form, node.operation == .elementary(.integerPower(n)) {
          // ⁿ√(xⁿ) is x, or |x| for an even n.
          let inner = try RealNumber(node.operands[0])
          return n % 2 == 0 ? inner.absolute : inner
        }
        return try RealNumber(.computed(Node(.elementary(.root(n)), [form])))
      }
    }
    // 1 ÷ index alone may be out of range: it stays inside the node.
    let reciprocal: Form =
      if let fraction = index.rational, let flipped = Rational.one.divided(by: fraction) {
        .rational(flipped)
      } else {
        .computed(Node(.quotient, [.rational(.one), index.form]))
      }
    return try RealNumber(.computed(Node(.power, [form, reciprocal])))
  }

  /// The whole number the value is (or is within 1e-99 of, as for a zero); nil when it is
  /// not one.
  var wholeNumber: Rational? {
    get throws(ArithmeticError) {
      if let fraction = rational { return fraction.isInteger ? fraction : nil }
      guard case .computed = form else { return nil }
      let nearest = Rational(Rational(shown).nearestInteger)
      return try compared(to: nearest) == 0 ? nearest : nil
    }
  }

  // MARK: - Logarithms and EE

  /// The logarithm to `base` (logᵧ), exact where it is a fraction: 1000 logᵧ 10 = 3.
  func logarithm(base: RealNumber) throws(ArithmeticError) -> RealNumber {
    guard !isNegative, !isZero else { throw .domain }
    guard !base.isNegative, !base.isZero, try base.compared(to: 1) != 0 else { throw .domain }
    if try compared(to: 1) == 0 { return .zero }
    if let x = rational, let b = base.rational, let exact = Rational.logarithm(x, base: b) {
      return try RealNumber(exact)
    }
    if base.rational == Rational(10) { return try elementary(.commonLogarithm) }
    if base.rational == Rational(2) { return try elementary(.binaryLogarithm) }
    func natural(_ x: RealNumber) -> RealNumber.Form {
      if case .computed(let node) = x.form, node.operation == .elementary(.exponential) {
        return node.operands[0]  // ln eᶻ is z
      }
      return .computed(Node(.elementary(.naturalLogarithm), [x.form]))
    }
    return try RealNumber(.computed(Node(.quotient, [natural(self), natural(base)])))
  }

  /// EE: `self × 10^exponent`, an exact shift for a whole exponent.
  func timesPowerOfTen(_ exponent: RealNumber) throws(ArithmeticError) -> RealNumber {
    if isZero { return .zero }
    if let fraction = exponent.rational, fraction.isInteger {
      // Beyond ±300 the shift leaves the range whatever the digits.
      guard let shift = fraction.integer, abs(shift) <= 300,
        let scale = Rational(10).power(shift)
      else { throw .outOfRange }
      // 10^shift alone may be out of range where the product is not.
      switch form {
      case .rational(let x):
        if let product = x.multiplied(by: scale) { return try RealNumber(product) }
      case .piMultiple(let x):
        if let product = x.multiplied(by: scale) { return try RealNumber(.piMultiple(product)) }
      case .computed: break
      }
      return try RealNumber(.computed(Node(.product, [form, .rational(scale)])))
    }
    // 10^y alone may be out of range where the product is not: it stays inside the node.
    let scale = Node(.elementary(.powerOfTen), [exponent.form], extraBits: exponent.integerBits)
    return try RealNumber(.computed(Node(.product, [form, .computed(scale)])))
  }

  // MARK: - Estimates

  /// The value as a `Double`, for estimates only.
  var approximation: Double {
    let value = Double(NumberFormat.plain(shown, grouped: false)) ?? 0
    return value
  }

  /// Bits of the integer part, about: 0 below 2.
  var integerBits: Int {
    guard let magnitude = shown.magnitude, magnitude > 0 else { return 0 }
    return Int(Double(magnitude + 1) * 3.33) + 1
  }
}

extension Rational {
  /// logᵦ x when it is a fraction p ÷ q (then x^q = b^p), for x and b above 0 and b not 1;
  /// nil when it is irrational.
  static func logarithm(_ x: Rational, base b: Rational) -> Rational? {
    let estimate = x.logarithm2 / b.logarithm2
    guard let (p, q) = nearFraction(estimate), q > 0 else { return nil }
    guard let left = x.power(q), let right = b.power(p), left == right else { return nil }
    return Rational(reducing: BigInteger(p), BigInteger(q))
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
}
