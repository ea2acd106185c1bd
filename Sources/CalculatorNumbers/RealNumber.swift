import CMPFR

/// A real number the calculator holds exactly, and the digits it shows of it
/// (docs/SPEC.md section 16).
///
/// The value is kept in one of three forms: a fraction (`Rational`: everything typed, and
/// what + − × ÷, %, whole powers and exact roots make of fractions), a fraction times π (π,
/// 2π, π ÷ 6: sin, cos and tan of these are decided exactly), or an operation or function of
/// other real numbers (`Node`), kept as such, never as digits. A calculation carried on from a
/// result carries this exact value, not the digits shown.
///
/// Every value is made through `Engine.digits(of:_:)`, which decides its 20 shown digits for
/// certain (`shown`), or that it is 0, or that it is out of range, or that no precision decides
/// it: an operation or function that cannot give a value throws an `ArithmeticError`, and
/// the calculator shows `NaN`.
public struct RealNumber: Equatable, Sendable, CustomStringConvertible {
  /// What the number is exactly.
  enum Form: Equatable, Sendable {
    /// A fraction.
    case rational(Rational)
    /// A fraction (not 0) times π.
    case piMultiple(Rational)
    /// An operation or function of other real numbers.
    case computed(Node)

    static func == (left: Form, right: Form) -> Bool {
      switch (left, right) {
      case (.rational(let x), .rational(let y)), (.piMultiple(let x), .piMultiple(let y)):
        x == y
      case (.computed(let x), .computed(let y)): x.isSame(as: y)
      default: false
      }
    }

    /// Whether the value cannot be 0, however close to it it is.
    ///
    /// A fraction or multiple of π that is not 0, or a node whose operation is 0 only where it
    /// was decided exactly before the node was made (ln at 1, sinh at 0, a product of numbers
    /// that are not 0). Sums, differences and sin, cos and tan of angles not known exactly
    /// may be 0.
    var isNeverZero: Bool {
      switch self {
      case .rational(let value): !value.isZero
      case .piMultiple: true
      case .computed(let node):
        switch node.operation {
        case .sum, .difference: false
        case .elementary(.sine), .elementary(.cosine), .elementary(.tangent): false
        default: true
        }
      }
    }

    /// The bound b the value lies strictly inside (−b, b) of, for a function whose value can
    /// come closer to b than any precision shows: tanh, tan⁻¹ in degrees.
    var openBound: Int? {
      guard case .computed(let node) = self, case .elementary(let function) = node.operation
      else { return nil }
      return function.openBound
    }

    /// Bits the first evaluation needs above the engine's base precision.
    var extraBits: Int {
      if case .computed(let node) = self { return node.extraBits }
      return 0
    }

    /// An interval that holds the exact value, at `precision` bits; nil when the value's
    /// operation is not defined over its operands' intervals at that precision.
    func enclosure(precision: Int) -> Interval? {
      switch self {
      case .rational(let value): Interval(value, precision: precision)
      case .piMultiple(let factor):
        Interval.corners(
          Interval(factor, precision: precision), .pi(precision: precision),
          precision: precision, mpfr_mul)
      case .computed(let node): node.enclosure(precision: precision)
      }
    }
  }

  /// The exact value.
  let form: Form
  /// The value as every display shows it: rounded half-up to 20 significant digits
  /// (`NumberFormat.significantDigits`); no digits for 0.
  public let shown: DecimalParts

  private init(form: Form, shown: DecimalParts) {
    self.form = form
    self.shown = shown
  }

  /// The number `form` is, with its digits decided; throws when it has none (out of range,
  /// undecidable).
  init(_ form: Form) throws(ArithmeticError) {
    switch try Engine.digits(of: form, .rounded(NumberFormat.significantDigits)) {
    case .zero: self.init(form: .rational(.zero), shown: .zero)
    case .digits(let parts, _): self.init(form: form, shown: parts)
    }
  }

  /// A fraction, which must be in range.
  init(_ value: Rational) throws(ArithmeticError) {
    try self.init(.rational(value))
  }

  /// An integer, `RealNumber(12)`.
  public init(_ integer: Int) {
    self = (try? RealNumber(Rational(integer))) ?? .zero
  }

  /// The exact value of a decimal number.
  public init(_ decimal: DecimalNumber) {
    self = (try? RealNumber(Rational(decimal.parts))) ?? .zero
  }

  /// Zero.
  public static let zero = RealNumber(form: .rational(.zero), shown: .zero)

  /// π itself.
  public static let pi = (try? RealNumber(.piMultiple(.one))) ?? .zero

  /// e itself: e¹.
  public static let e =
    (try? RealNumber(.computed(Node(.elementary(.exponential), [.rational(.one)])))) ?? .zero

  /// A random number in [0, 1), a whole multiple of 1e-20, each equally likely.
  public static func random<G: RandomNumberGenerator>(using generator: inout G) -> RealNumber {
    RealNumber(DecimalNumber.random(using: &generator))
  }

  /// Whether the value is zero.
  public var isZero: Bool { form == .rational(.zero) }

  /// The value with its sign flipped; zero stays zero.
  public var negated: RealNumber {
    switch form {
    case .rational(let value): RealNumber(form: .rational(value.negated), shown: shown.negated)
    case .piMultiple(let factor):
      RealNumber(form: .piMultiple(factor.negated), shown: shown.negated)
    case .computed(let node):
      // −(−x) is x.
      if node.operation == .negation {
        RealNumber(form: node.operands[0], shown: shown.negated)
      } else {
        RealNumber(form: .computed(Node(.negation, [form])), shown: shown.negated)
      }
    }
  }

  /// Whether the value is below zero.
  var isNegative: Bool { shown.negative }

  /// |self|.
  var absolute: RealNumber { isNegative ? negated : self }

  /// The shown digits in plain notation: `"-12.5"`.
  public var description: String { NumberFormat.plain(shown, grouped: false) }

  /// The value cut toward zero to `count` significant digits, and whether they are the whole
  /// value; throws as an operation does when there are none.
  public func truncated(toSignificantDigits count: Int) throws(ArithmeticError) -> (
    parts: DecimalParts, exact: Bool
  ) {
    switch try Engine.digits(of: form, .truncated(count)) {
    case .zero: (.zero, true)
    case .digits(let parts, let exact): (parts, exact)
    }
  }

  /// The value rounded half-up to `places` decimal places, from its exact value (a tip's
  /// bill to the cent: docs/SPEC.md section 7.2); throws as an operation does when its digits
  /// are undecidable.
  public func rounded(toPlaces places: Int) throws(ArithmeticError) -> DecimalParts {
    guard let magnitude = shown.magnitude else { return .zero }
    // One digit past the place is all half-up looks at; the shown magnitude may be one too
    // high (9.99…95 shows 10), which only adds a digit.
    let cut = try truncated(toSignificantDigits: max(magnitude + 2 + places, 1))
    return cut.parts.rounded(toPlaces: places)
  }

  /// The fraction the value is, if it is one.
  var rational: Rational? {
    if case .rational(let value) = form { return value }
    return nil
  }

  /// -1, 0 or 1 as `self` is below, at (or within 1e-99 of) or above `value`.
  func compared(to value: Rational) throws(ArithmeticError) -> Int {
    if value.isZero { return isZero ? 0 : (isNegative ? -1 : 1) }
    return try Engine.compare(form, value)
  }

  /// -1, 0 or 1 as `self` is below, at or above the integer `value`.
  func compared(to value: Int) throws(ArithmeticError) -> Int {
    try compared(to: Rational(value))
  }
}

extension DecimalParts {
  /// The same number with the other sign; zero stays zero.
  var negated: DecimalParts {
    DecimalParts(negative: !negative, digits: digits, exponent: exponent)
  }
}
