@testable import CalculatorNumbers
import Testing

/// The exact real numbers of docs/SPEC.md section 16 through their own API: the forms kept
/// exact, the digits decided once, the cap, and the cost of a deep value. Expected digits from
/// Python's mpmath at 50 digits or more (quoted beside them), never from this code.
@Suite("Exact real numbers")
struct RealNumberTests {
  private func number(_ text: String) throws -> RealNumber {
    RealNumber(try #require(NumberFormat.parse(text)))
  }

  @Test("Fractions stay fractions: 1 ÷ 3 × 3 is 1, not 0.999…9")
  func fractions() throws {
    let third = try RealNumber(1).applying(.divide, RealNumber(3))
    #expect(third.rational != nil)
    #expect(try third.applying(.multiply, RealNumber(3)) == RealNumber(1))
    // 1/3 to 38 digits is not exact; 1/4 is.
    #expect(try !third.truncated(toSignificantDigits: 38).exact)
    #expect(
      try RealNumber(1).applying(.divide, RealNumber(4)).truncated(toSignificantDigits: 38).exact)
  }

  @Test("Multiples of π stay multiples of π, and π ÷ π is 1")
  func piMultiples() throws {
    let twoPi = try RealNumber.pi.applying(.multiply, RealNumber(2))
    #expect(twoPi.form == .piMultiple(Rational(2)))
    #expect(try twoPi.applying(.divide, .pi) == RealNumber(2))
    #expect(try twoPi.applying(.subtract, .pi).applying(.subtract, .pi).isZero)
    // mpmath: 2π = 6.283185307179586476925286766559…
    #expect(NumberFormat.string(twoPi) == "6.2831853071795864769")
  }

  @Test(
    "sin, cos and tan of fractions of a turn: exact zeros, halves, ones and poles",
    arguments: [
      (Function.sine, "1e30", "0"), (.cosine, "1e30", "1"), (.tangent, "1e30", "0"),
      (.sine, "0.5", "1"), (.cosine, "0.5", "0"), (.sine, "0.16666666666666666667", nil),
      (.tangent, "0.25", "1"), (.tangent, "0.75", "-1"), (.tangent, "1000000000.5", "NaN"),
      (.cosine, "-1e25", "1"), (.sine, "7", "0"),
    ] as [(Function, String, String?)])
  func turns(function: Function, multiple: String, expected: String?) throws {
    let angle = try number(multiple).applying(.multiply, .pi)
    let value = try? angle.applying(function, angle: .radians)
    if let expected {
      #expect(NumberFormat.string(value) == expected)
      if expected != "NaN" { #expect(value?.rational != nil) }
    } else {
      // π/6 cut to 20 digits is not π/6: sin of it is 0.5 less 2.9e-21, not exactly ½.
      #expect(value?.rational == nil)
    }
  }

  @Test("A value below 1e-99 that no interval tells from 0 is 0; one proven not 0 is NaN")
  func tiny() throws {
    let root = try RealNumber(2).applying(.squareRoot, angle: .radians)
    // √2 × √2 − 2 is kept as (√2)² − 2, which is exactly 0.
    #expect(try root.applying(.multiply, root).applying(.subtract, RealNumber(2)).isZero)
    // e^-300 = 5.1e-131 is not 0: out of range.
    #expect(throws: ArithmeticError.outOfRange) {
      try RealNumber(-300).applying(.exponential, angle: .radians)
    }
  }

  @Test("A tie no interval separates ends at the cap: undecidable, never a guess")
  func cap() throws {
    let tie = try number("1.00000000000000000005")  // 21 digits: the display's tie
    let root = { (n: Int) throws in try RealNumber(n).applying(.squareRoot, angle: .radians) }
    let one = try root(2).applying(.multiply, root(3)).applying(.divide, root(6))
    #expect(throws: ArithmeticError.undecidable) { try one.applying(.multiply, tie) }
    // Known exactly, the tie rounds half-up.
    #expect(NumberFormat.string(tie) == "1.0000000000000000001")
  }

  @Test("A value 10,000 square roots deep costs one square root a key, not the whole chain")
  func deepChains() throws {
    var value = RealNumber(2)
    for _ in 0..<10_000 { value = try value.applying(.squareRoot, angle: .radians) }
    #expect(NumberFormat.string(value) == "1")
    // 2^(2^-10000) − 1 is below 1e-99 and cannot be told from 0 by the intervals.
    #expect(try value.applying(.subtract, RealNumber(1)).isZero)
    for _ in 0..<10_000 { value = try value.applying(.square, angle: .radians) }
    #expect(value == RealNumber(2))
  }

  @Test("Rounded to places from the exact value: 12.345 − 5e-21 is 12.34, not the shown 12.35")
  func places() throws {
    let value = try number("12.345").applying(.subtract, number("5e-21"))
    #expect(NumberFormat.string(value) == "12.345")
    #expect(
      try value.rounded(toPlaces: 2)
        == DecimalParts(negative: false, digits: [1, 2, 3, 4], exponent: -2))
  }

  @Test(
    "Values computed the same way are equal; shared values are evaluated safely on many threads")
  func equalityAndThreads() async throws {
    let first = try RealNumber(3).applying(.naturalLogarithm, angle: .radians)
    let second = try RealNumber(3).applying(.naturalLogarithm, angle: .radians)
    #expect(first == second)
    #expect(first != RealNumber.e)
    // e is one value shared by every calculator: its kept intervals are read and written under
    // a lock. mpmath: e^2 = 7.389056098930650227230427460575…
    await withTaskGroup(of: String.self) { group in
      for _ in 0..<16 {
        group.addTask { NumberFormat.string(try? RealNumber.e.applying(.square, angle: .radians)) }
      }
      for await shown in group { #expect(shown == "7.3890560989306502272") }
    }
  }
}
