import CalculatorCore
import TestSupport

/// The subjects of the cross-check and how their operands are drawn: over the whole range, and
/// weighted toward what is hard (huge and tiny magnitudes, the edges of each domain, the points
/// with exact results, arguments near the poles and zeros).
extension FunctionCrossCheckTests {
  typealias Random = TestSupport.SeededGenerator

  static let subjects: [Subject] = unarySubjects + angleSubjects + binarySubjects

  private static func unary(
    _ name: String, _ function: Function,
    _ draw: @escaping @Sendable (inout Random) -> DecimalNumber
  ) -> Subject {
    Subject(
      name: name,
      compute: { x, _ throws(ArithmeticError) in try x.applying(function, angle: .radians) },
      draw: { random in (draw(&random), .zero) })
  }

  private static let unarySubjects: [Subject] = [
    unary("sq", .square) { pick(&$0, [(4, any), (1, moderate)]) },
    unary("cube", .cube) { pick(&$0, [(4, any), (1, moderate)]) },
    unary("recip", .reciprocal) { pick(&$0, [(8, any), (2, moderate), (1, { _ in .zero })]) },
    unary("sqrt", .squareRoot) {
      pick(
        &$0,
        [
          (6, positive), (3, { square(&$0) }), (1, negativeNumber),
          (1, { near(DecimalNumber(1), &$0) }),
        ])
    },
    unary("cbrt", .cubeRoot) { pick(&$0, [(6, any), (3, { cube(&$0) }), (1, moderate)]) },
    unary("exp", .exponential) {
      pick(&$0, [(6, { bounded(250, &$0) }), (1, tiny), (1, huge), (2, { nearLogOfTop(&$0) })])
    },
    unary("pow10", .powerOfTen) {
      pick(&$0, [(5, { bounded(110, &$0) }), (3, { integer(-110...110, &$0) }), (1, tiny)])
    },
    unary("pow2", .powerOfTwo) {
      pick(&$0, [(5, { bounded(340, &$0) }), (3, { integer(-340...340, &$0) }), (1, tiny)])
    },
    unary("ln", .naturalLogarithm) { logarithmArgument(&$0) },
    unary("log10", .commonLogarithm) {
      pick(&$0, [(6, logarithmArgument), (2, { power(10, integer(-99...99, &$0)) })])
    },
    unary("log2", .binaryLogarithm) {
      pick(&$0, [(6, logarithmArgument), (2, { power(2, integer(-54...126, &$0)) })])
    },
    unary("fact", .factorial) {
      pick(
        &$0,
        [
          (3, { integer(0...75, &$0) }), (1, { integer(-20...(-1), &$0) }),
          (4, { bounded(200, &$0) }), (2, { nearNegativeInteger(&$0) }), (1, tiny), (1, huge),
        ])
    },
    unary("sinh", .hyperbolicSine) {
      pick(&$0, [(5, { bounded(250, &$0) }), (2, moderate), (1, tiny), (1, huge)])
    },
    unary("cosh", .hyperbolicCosine) {
      pick(&$0, [(5, { bounded(250, &$0) }), (2, moderate), (1, tiny), (1, huge)])
    },
    unary("tanh", .hyperbolicTangent) {
      pick(&$0, [(4, any), (3, moderate), (2, { bounded(200, &$0) }), (1, tiny)])
    },
    unary("asinh", .inverseHyperbolicSine) { pick(&$0, [(4, any), (2, moderate), (1, tiny)]) },
    unary("acosh", .inverseHyperbolicCosine) {
      pick(&$0, [(4, positive), (3, { near(DecimalNumber(1), &$0) }), (2, moderate), (1, any)])
    },
    unary("atanh", .inverseHyperbolicTangent) {
      pick(
        &$0,
        [
          (4, unit),
          (
            3,
            {
              near(
                pick(&$0, [(1, { _ in DecimalNumber(1) }), (1, { _ in DecimalNumber(-1) })]), &$0)
            }
          ),
          (1, tiny), (1, any),
        ])
    },
  ]

  private static func angle(
    _ name: String, _ function: Function, _ unit: AngleUnit,
    _ draw: @escaping @Sendable (inout Random) -> DecimalNumber
  ) -> Subject {
    Subject(
      name: name,
      compute: { x, _ throws(ArithmeticError) in try x.applying(function, angle: unit) },
      draw: { random in (draw(&random), .zero) })
  }

  private static let angleSubjects: [Subject] =
    [Function.sine, .cosine, .tangent].flatMap {
      function -> [Subject] in
      let name = ["sin", "cos", "tan"][
        [Function.sine, .cosine, .tangent].firstIndex(of: function)!]
      return [
        angle(name + ".rad", function, .radians) {
          pick(
            &$0,
            [
              (4, any), (3, moderate), (3, nearHalfTurns), (1, tiny), (1, huge),
              (1, { _ in .zero }),
            ])
        },
        angle(name + ".deg", function, .degrees) {
          pick(
            &$0,
            [
              (3, { DecimalNumber(15 * Int.random(in: -60...60, using: &$0)) }), (3, any),
              (2, { integer(-1000...1000, &$0) }), (2, nearRightAngles),
              (1, { power(10, integer(20...99, &$0)) }), (1, moderate),
            ])
        },
      ]
    }
    + [Function.arcsine, .arccosine, .arctangent].flatMap { function -> [Subject] in
      let name = ["asin", "acos", "atan"][
        [Function.arcsine, .arccosine, .arctangent].firstIndex(of: function)!]
      let draw: @Sendable (inout Random) -> DecimalNumber = {
        pick(
          &$0,
          [
            (4, unit),
            (
              2,
              {
                near(
                  pick(&$0, [(1, { _ in DecimalNumber(1) }), (1, { _ in DecimalNumber(-1) })]), &$0)
              }
            ),
            (
              2,
              { random in
                [0, 1, -1, 5, -5].map { DecimalNumber($0) }[Int.random(in: 0...4, using: &random)]
                  .halvedIfFive
              }
            ),
            (1, tiny), (1, any),
          ])
      }
      return [
        angle(name + ".rad", function, .radians, draw),
        angle(name + ".deg", function, .degrees, draw),
      ]
    }

  private static func binary(
    _ name: String, _ operation: Operation,
    _ draw: @escaping @Sendable (inout Random) -> (DecimalNumber, DecimalNumber)
  ) -> Subject {
    Subject(
      name: name, compute: { x, y throws(ArithmeticError) in try x.applying(operation, y) },
      draw: draw)
  }

  private static let binarySubjects: [Subject] = [
    binary("add", .add) { (any(&$0), any(&$0)) },
    binary("sub", .subtract) { (any(&$0), any(&$0)) },
    binary("mul", .multiply) { (any(&$0), any(&$0)) },
    binary("div", .divide) { (any(&$0), pick(&$0, [(30, any), (1, { _ in .zero })])) },
    binary("pow", .power) { powerOperands(&$0) },
    binary("ypow", .reversePower) { random in
      let (x, y) = powerOperands(&random)
      return (y, x)
    },
    binary("root", .root) { random in
      let index = pick(
        &random,
        [
          (4, { integer(2...10, &$0) }), (1, { integer(-10...(-1), &$0) }),
          (2, moderate), (1, any), (1, { _ in .zero }),
        ])
      let x = pick(
        &random,
        [
          (4, any), (2, moderate),
          (
            3,
            { random in
              (try? integer(1...1000, &random).applying(.power, index)) ?? .zero
            }
          ),
        ])
      return (x, index)
    },
    binary("logy", .logarithm) { random in
      let base = pick(
        &random,
        [
          (5, positive), (2, { integer(2...20, &$0) }), (2, { near(DecimalNumber(1), &$0) }),
          (1, { _ in DecimalNumber(1) }), (1, negativeNumber), (1, { _ in .zero }),
        ])
      let x = pick(
        &random,
        [
          (5, positive),
          (
            4,
            { random in
              (try? base.applying(
                .power,
                pick(
                  &random,
                  [
                    (3, { integer(-6...6, &$0) }),
                    (
                      1,
                      { random in
                        (try? integer(-9...9, &random).applying(.divide, DecimalNumber(2)))
                          ?? DecimalNumber(1)
                      }
                    ),
                  ]))) ?? DecimalNumber(1)
            }
          ),
          (1, negativeNumber),
        ])
      return (x, base)
    },
    binary("ee", .ee) { random in
      (
        any(&random),
        pick(&random, [(6, { integer(-200...200, &$0) }), (2, moderate), (1, any)])
      )
    },
  ]

  // MARK: - Operands

  /// One of the generators, chosen with the weights given.
  static func pick<T>(
    _ random: inout Random, _ choices: [(Int, (inout Random) -> T)]
  ) -> T {
    var roll = Int.random(in: 0..<choices.reduce(0) { $0 + $1.0 }, using: &random)
    for (weight, choice) in choices {
      if roll < weight { return choice(&random) }
      roll -= weight
    }
    return choices[0].1(&random)
  }

  /// 1 to 38 random digits with the first at a power of ten from `magnitudes`.
  static func number(
    _ random: inout Random, magnitudes: ClosedRange<Int>, negative: Bool? = nil
  ) -> DecimalNumber {
    let count = Int.random(in: 1...38, using: &random)
    let digits = (0..<count).map { UInt8.random(in: ($0 == 0 ? 1 : 0)...9, using: &random) }
    let magnitude = Int.random(in: magnitudes, using: &random)
    let parts = DecimalParts(
      negative: negative ?? Bool.random(using: &random), digits: digits,
      exponent: magnitude - count + 1)
    return DecimalNumber(parts) ?? .zero
  }

  static func any(_ random: inout Random) -> DecimalNumber {
    number(&random, magnitudes: -99...99)
  }

  static func moderate(_ random: inout Random) -> DecimalNumber {
    number(&random, magnitudes: -3...2)
  }

  static func positive(_ random: inout Random) -> DecimalNumber {
    number(&random, magnitudes: -99...99, negative: false)
  }

  static func negativeNumber(_ random: inout Random) -> DecimalNumber {
    number(&random, magnitudes: -99...99, negative: true)
  }

  static func tiny(_ random: inout Random) -> DecimalNumber {
    number(&random, magnitudes: -99...(-20))
  }

  static func huge(_ random: inout Random) -> DecimalNumber {
    number(&random, magnitudes: 20...99)
  }

  /// In (−1, 1).
  static func unit(_ random: inout Random) -> DecimalNumber {
    number(&random, magnitudes: -4...(-1))
  }

  /// Below `limit` in magnitude, mostly near it.
  static func bounded(_ limit: Int, _ random: inout Random) -> DecimalNumber {
    let value = number(&random, magnitudes: -3...2)
    return value.isBelow(limit) ? value : number(&random, magnitudes: -3...1)
  }

  static func integer(_ range: ClosedRange<Int>, _ random: inout Random) -> DecimalNumber {
    DecimalNumber(Int.random(in: range, using: &random))
  }

  /// `center` moved by 10^-1 to 10^-37 of itself, either way.
  static func near(_ center: DecimalNumber, _ random: inout Random) -> DecimalNumber {
    let magnitude = center.parts.magnitude ?? 0
    let offset = number(&random, magnitudes: (magnitude - 37)...(magnitude - 1))
    return (try? center.applying(.add, offset)) ?? center
  }

  /// The square of up to 19 digits: an exact square root.
  static func square(_ random: inout Random) -> DecimalNumber {
    let root = DecimalNumber(
      DecimalParts(
        negative: false,
        digits: number(&random, magnitudes: -49...49).parts.digits.prefix(19).map { $0 },
        exponent: Int.random(in: -49...30, using: &random)))
    return root.flatMap { try? $0.applying(.multiply, $0) } ?? DecimalNumber(4)
  }

  /// The cube of up to 12 digits, either sign.
  static func cube(_ random: inout Random) -> DecimalNumber {
    let root = DecimalNumber(
      DecimalParts(
        negative: Bool.random(using: &random),
        digits: number(&random, magnitudes: 0...0).parts.digits.prefix(12).map { $0 },
        exponent: Int.random(in: -33...20, using: &random)))
    return root.flatMap { try? $0.applying(.multiply, $0).applying(.multiply, $0) }
      ?? DecimalNumber(8)
  }

  static func power(_ base: Int, _ exponent: DecimalNumber) -> DecimalNumber {
    (try? DecimalNumber(base).applying(.power, exponent)) ?? DecimalNumber(1)
  }

  static func logarithmArgument(_ random: inout Random) -> DecimalNumber {
    pick(
      &random,
      [(6, positive), (2, { near(DecimalNumber(1), &$0) }), (1, moderate), (1, { _ in .zero })])
  }

  /// Near ln 1e100 = 230.258…, where eˣ leaves the range.
  static func nearLogOfTop(_ random: inout Random) -> DecimalNumber {
    let top = NumberFormat.parse("230.25850929940456840179914546843642076")!
    return near(Bool.random(using: &random) ? top : top.negated, &random)
  }

  /// Just beside −1 … −200, where Γ has its poles.
  static func nearNegativeInteger(_ random: inout Random) -> DecimalNumber {
    near(integer(-200...(-1), &random), &random)
  }

  /// Near k·π/2 in radians, where sin, cos or tan is 0 or has a pole.
  static func nearHalfTurns(_ random: inout Random) -> DecimalNumber {
    let halfPi = NumberFormat.parse("1.5707963267948966192313216916397514421")!
    let turns = integer(-1_000_000...1_000_000, &random)
    let point = (try? halfPi.applying(.multiply, turns)) ?? halfPi
    return pick(&random, [(1, { _ in point }), (2, { near(point, &$0) })])
  }

  /// Near 90° + k·180° (tan's poles) and 180°·k (the zeros), either way.
  static func nearRightAngles(_ random: inout Random) -> DecimalNumber {
    near(DecimalNumber(90 * Int.random(in: -40...40, using: &random)), &random)
  }

  /// Base and exponent for xʸ: results often in range, exact powers and roots among them.
  static func powerOperands(_ random: inout Random) -> (DecimalNumber, DecimalNumber) {
    let exponent = pick(
      &random,
      [
        (3, { integer(-20...20, &$0) }), (2, moderate),
        (
          2,
          { random in
            let denominator = DecimalNumber(
              [2, 3, 4, 5, 8, 10][Int.random(in: 0...5, using: &random)])
            return (try? integer(-12...12, &random).applying(.divide, denominator))
              ?? DecimalNumber(1)
          }
        ),
        (1, any), (1, { integer(-300...300, &$0) }),
      ])
    let base = pick(
      &random,
      [
        (3, positive), (2, moderate), (2, { integer(-30...30, &$0) }),
        (1, { near(DecimalNumber(1), &$0) }),
        (1, any),
      ])
    return (base, exponent)
  }
}

extension DecimalNumber {
  /// 5 and −5 as ±0.5; other values unchanged.
  fileprivate var halvedIfFive: DecimalNumber {
    guard parts.digits == [5], parts.exponent == 0 else { return self }
    return (try? applying(.divide, DecimalNumber(10))) ?? self
  }

  /// Whether |self| < limit.
  fileprivate func isBelow(_ limit: Int) -> Bool {
    guard let magnitude = parts.magnitude else { return true }
    if magnitude < 0 { return true }
    let absolute = parts.negative ? negated : self
    let difference = try? absolute.applying(.subtract, DecimalNumber(limit))
    return difference.map { $0.parts.negative } ?? false
  }
}
