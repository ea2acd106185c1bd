import CMPFR

extension DecimalNumber {
  /// `(self + offset) × ratio − shift`, computed as one exact fraction and cut toward zero to
  /// 38 digits once: a unit conversion (docs/SPEC.md section 10.1).
  ///
  /// -40 °F in °C is `(-40 + 459.67) × 5/9 − 273.15`, exactly -40; 1 m in feet is
  /// `1 × 1/0.3048`, 3.2808398950131233595800524934383202099… cut to 38 digits, which the
  /// display rounds to 3.2808398950131233596. With π in the ratio (degrees and radians) the
  /// exact value is irrational: it is enclosed between two fractions made from π's digits
  /// below and above, with more digits until both ends cut to the same 38 digits. Throws
  /// `.outOfRange` for a result outside 1e-99 ≤ |x| < 1e100.
  public func converted(
    adding offset: DecimalParts, times ratio: Ratio, subtracting shift: DecimalParts
  ) throws(ArithmeticError) -> DecimalNumber {
    let shifted = Fraction(parts).adding(Fraction(offset))
    let scaled = shifted.multiplied(by: Fraction(ratio.numerator)).divided(
      by: Fraction(ratio.denominator))
    let negativeShift = Fraction(shift).negated
    guard ratio.piPower != 0, !scaled.isZero else {
      let (digits, exact) = scaled.adding(negativeShift).cut
      return try DecimalNumber.inRange(digits, exact: exact && isExact)
    }
    var precision = Engine.basePrecision
    while true {
      // The scaled value times π^k, for π below and above: the exact result lies between the
      // two, so when both cut to the same 38 digits, those are its digits. Never undecided at
      // the last precision: the result is irrational, so not on a 38-digit boundary.
      let ends = PiDigits.enclosing(precision: precision).map { pi in
        var power = Fraction(DecimalParts.one)
        for _ in 0..<ratio.piPower.magnitude {
          power = ratio.piPower > 0 ? power.multiplied(by: pi) : power.divided(by: pi)
        }
        return scaled.multiplied(by: power).adding(negativeShift).cut.parts
          .truncated(toSignificantDigits: DecimalNumber.storedDigits)
      }
      if ends[0] == ends[1] || precision >= Engine.maximumPrecision {
        return try DecimalNumber.inRange(ends[0], exact: false)
      }
      precision *= 2
    }
  }
}

/// A signed fraction of big integers, never reduced: the few operations of a conversion keep
/// it small.
struct Fraction {
  /// Whether the value is below zero.
  let negative: Bool
  /// |numerator|.
  let numerator: BigInteger
  /// The denominator, above zero.
  let denominator: BigInteger

  /// The decimal `parts` as a fraction: `12.5` is 125/10.
  init(_ parts: DecimalParts) {
    let digits = BigInteger(digits: parts.digits)
    let power = BigInteger.power(10, UInt(parts.exponent.magnitude))
    negative = parts.negative
    numerator = parts.exponent >= 0 ? digits.times(power) : digits
    denominator = parts.exponent >= 0 ? BigInteger(1) : power
  }

  private init(negative: Bool, numerator: BigInteger, denominator: BigInteger) {
    self.negative = negative && !numerator.isZero
    self.numerator = numerator
    self.denominator = denominator
  }

  /// Whether the value is 0.
  var isZero: Bool { numerator.isZero }

  /// `-self`.
  var negated: Fraction {
    Fraction(negative: !negative, numerator: numerator, denominator: denominator)
  }

  /// `self + other`.
  func adding(_ other: Fraction) -> Fraction {
    let left = numerator.times(other.denominator)
    let right = other.numerator.times(denominator)
    let denominator = denominator.times(other.denominator)
    if negative == other.negative {
      return Fraction(
        negative: negative, numerator: left.plus(right), denominator: denominator)
    }
    return left.compare(right) >= 0
      ? Fraction(negative: negative, numerator: left.minus(right), denominator: denominator)
      : Fraction(negative: other.negative, numerator: right.minus(left), denominator: denominator)
  }

  /// `self × other`.
  func multiplied(by other: Fraction) -> Fraction {
    Fraction(
      negative: negative != other.negative, numerator: numerator.times(other.numerator),
      denominator: denominator.times(other.denominator))
  }

  /// `self ÷ other`, for `other` not 0.
  func divided(by other: Fraction) -> Fraction {
    Fraction(
      negative: negative != other.negative, numerator: numerator.times(other.denominator),
      denominator: denominator.times(other.numerator))
  }

  /// The value to `guardedDigits` (39) significant digits cut toward zero, and a final 1 when
  /// anything non-zero lies beyond (as `DecimalParts.divided(by:)`), which is exact for
  /// cutting to 38 digits; and whether those digits are the whole value.
  var cut: (parts: DecimalParts, exact: Bool) {
    guard !isZero else { return (.zero, true) }
    // Scaled by 10^scale, the quotient has at least 39 digits (the estimates may be one over).
    let scale =
      DecimalNumber.guardedDigits + 2
      - (numerator.digitCountEstimate - denominator.digitCountEstimate)
    let power = BigInteger.power(10, UInt(scale.magnitude))
    let (quotient, remainder) =
      scale >= 0
      ? numerator.times(power).quotientAndRemainder(dividingBy: denominator)
      : numerator.quotientAndRemainder(dividingBy: denominator.times(power))
    var digits = quotient.digits
    var exponent = -scale
    var beyond = !remainder.isZero
    if digits.count > DecimalNumber.guardedDigits {
      let dropped = digits.count - DecimalNumber.guardedDigits
      beyond = beyond || digits.suffix(dropped).contains { $0 != 0 }
      digits.removeLast(dropped)
      exponent += dropped
    }
    if beyond {
      digits.append(1)
      exponent -= 1
    }
    return (DecimalParts(negative: negative, digits: digits, exponent: exponent), !beyond)
  }
}

/// π between two decimals, from MPFR rounded down and up.
enum PiDigits {
  /// A fraction below π and one above, about `precision` bits apart.
  static func enclosing(precision: Int) -> [Fraction] {
    let digits = precision * 30103 / 100_000 + 2
    func end(_ rounding: mpfr_rnd_t, else fallback: UInt8) -> Fraction {
      let pi = BigFloat(precision: precision)
      _ = mpfr_const_pi(pi.pointer, rounding)
      var exponent: mpfr_exp_t = 0
      // Rounded the same way again to decimal digits, so the end stays on its side of π.
      guard let text = mpfr_get_str(nil, &exponent, 10, digits, pi.pointer, rounding) else {
        return Fraction(DecimalParts(negative: false, digits: [fallback], exponent: 0))
      }
      defer { mpfr_free_str(text) }
      let bytes = String(cString: text).utf8.map { $0 - 48 }
      return Fraction(
        DecimalParts(negative: false, digits: bytes, exponent: Int(exponent) - bytes.count))
    }
    return [end(MPFR_RNDD, else: 3), end(MPFR_RNDU, else: 4)]
  }
}
