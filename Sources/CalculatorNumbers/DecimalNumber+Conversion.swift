/// Unit conversions (docs/SPEC.md section 10.1): one exact value, cut toward zero to 38 digits
/// once, so the display's half-up rounding shows it correctly rounded.
extension DecimalNumber {
  /// `(self + offset) × ratio − shift`, exactly, cut toward zero to 38 digits.
  ///
  /// -40 °F in °C is `(-40 + 459.67) × 5/9 − 273.15`, exactly -40; 1 m in feet is
  /// `1 × 1/0.3048`, 3.2808398950131233595800524934383202099… cut to 38 digits, which the
  /// display rounds to 3.2808398950131233596. With π in the ratio (degrees and radians) the
  /// value is a multiple of π, whose digits the engine decides as every other value's. Throws
  /// `.outOfRange` for a result outside 1e-99 ≤ |x| < 1e100.
  public func converted(
    adding offset: DecimalParts, times ratio: Ratio, subtracting shift: DecimalParts
  ) throws(ArithmeticError) -> DecimalNumber {
    guard let shifted = Rational(parts).adding(Rational(offset)),
      let scaled = shifted.multiplied(by: ratio.rational),
      let result = scaled.subtracting(Rational(shift))
    else { throw .outOfRange }
    return try DecimalNumber.converted(result, piPower: ratio.piPower, exact: isExact)
  }

  /// `ratio ÷ self`, exactly, cut toward zero to 38 digits.
  ///
  /// A reciprocal unit: litres per 100 km to km per litre is `100 ÷ v`. Throws
  /// `.divisionByZero` for 0 and `.outOfRange` for a result outside the range.
  public func converted(dividing ratio: Ratio) throws(ArithmeticError) -> DecimalNumber {
    guard !isZero else { throw .divisionByZero }
    guard let result = ratio.rational.divided(by: Rational(parts)) else { throw .outOfRange }
    return try DecimalNumber.converted(result, piPower: ratio.piPower, exact: isExact)
  }

  /// `value × π^piPower` cut to 38 digits.
  private static func converted(_ value: Rational, piPower: Int, exact: Bool)
    throws(ArithmeticError) -> DecimalNumber
  {
    var form = RealNumber.Form.rational(value)
    if piPower > 0 && !value.isZero {
      form = .piMultiple(value)
      for _ in 1..<piPower { form = .computed(Node(.product, [form, .piMultiple(.one)])) }
    } else if piPower < 0 && !value.isZero {
      for _ in 0..<(-piPower) { form = .computed(Node(.quotient, [form, .piMultiple(.one)])) }
    }
    switch try Engine.digits(of: form, .truncated(storedDigits)) {
    case .zero: return DecimalNumber(0)
    case .digits(let parts, let whole): return try inRange(parts, exact: exact && whole)
    }
  }
}

extension Ratio {
  /// The ratio without its power of π, as a fraction.
  var rational: Rational {
    let (top, bottom) = (Rational(numerator), Rational(denominator))
    return Rational(
      reducing: top.numerator.times(bottom.denominator),
      top.denominator.times(bottom.numerator))
  }
}
