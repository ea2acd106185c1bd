import CalculatorNumbers
import Testing

/// The scientific functions and operations at chosen points: values, exact results, domain
/// errors and range edges (docs/SPEC.md section 6.3). Every expected display was computed
/// with Python's mpmath at 60 or more digits (fuzz/functions.py's rules: the exact value,
/// rounded half-up to 20 digits), not with this code; exact means the engine must mark the
/// result exact, as when it is a decimal of at most 38 digits.
@Suite("Scientific functions and operations")
struct FunctionTests {
  /// What a case must give.
  enum Expected: Sendable, CustomStringConvertible {
    /// An exact result, as displayed.
    case exact(String)
    /// A result with digits cut, as displayed.
    case inexact(String)
    /// NaN, for this reason.
    case error(ArithmeticError)

    var description: String {
      switch self {
      case .exact(let shown): "exactly \(shown)"
      case .inexact(let shown): "\(shown) (inexact)"
      case .error(let error): "NaN (\(error))"
      }
    }
  }

  static let functions: [String: (Function, AngleUnit)] = [
    "sq": (.square, .radians), "cube": (.cube, .radians), "recip": (.reciprocal, .radians),
    "sqrt": (.squareRoot, .radians), "cbrt": (.cubeRoot, .radians),
    "exp": (.exponential, .radians), "pow10": (.powerOfTen, .radians),
    "pow2": (.powerOfTwo, .radians), "ln": (.naturalLogarithm, .radians),
    "log10": (.commonLogarithm, .radians), "log2": (.binaryLogarithm, .radians),
    "fact": (.factorial, .radians), "sin.rad": (.sine, .radians), "cos.rad": (.cosine, .radians),
    "tan.rad": (.tangent, .radians), "asin.rad": (.arcsine, .radians),
    "acos.rad": (.arccosine, .radians), "atan.rad": (.arctangent, .radians),
    "sin.deg": (.sine, .degrees), "cos.deg": (.cosine, .degrees), "tan.deg": (.tangent, .degrees),
    "asin.deg": (.arcsine, .degrees), "acos.deg": (.arccosine, .degrees),
    "atan.deg": (.arctangent, .degrees), "sinh": (.hyperbolicSine, .radians),
    "cosh": (.hyperbolicCosine, .radians), "tanh": (.hyperbolicTangent, .radians),
    "asinh": (.inverseHyperbolicSine, .radians), "acosh": (.inverseHyperbolicCosine, .radians),
    "atanh": (.inverseHyperbolicTangent, .radians),
  ]

  static let operations: [String: Operation] = [
    "pow": .power, "ypow": .reversePower, "root": .root, "logy": .logarithm, "ee": .ee,
  ]

  @Test(
    "Functions: values, exact results, domain errors and range edges",
    arguments: [
      ("sq", "1.1", .exact("1.21")),
      ("sq", "-3", .exact("9")),
      ("sq", "1e50", .error(.outOfRange)),
      ("sq", "1.2345678901234567890123", .inexact("1.524157875323883675")),
      ("cube", "1.1", .exact("1.331")),
      ("cube", "-2", .exact("-8")),
      ("cube", "5e33", .error(.outOfRange)),
      ("cube", "1.23456789012345", .inexact("1.88167637235362673")),
      ("recip", "3", .inexact("0.33333333333333333333")),
      ("recip", "0", .error(.domain)),
      ("recip", "-0.25", .exact("-4")),
      ("recip", "9.99e99", .error(.outOfRange)),
      ("sqrt", "2.25", .exact("1.5")),
      ("sqrt", "2", .inexact("1.4142135623730950488")),
      ("sqrt", "-1", .error(.domain)),
      ("sqrt", "1e-99", .inexact("3.162277660168379332e-50")),
      ("sqrt", "0", .exact("0")),
      ("cbrt", "-27", .exact("-3")),
      ("cbrt", "2", .inexact("1.2599210498948731648")),
      ("cbrt", "1e-99", .exact("1e-33")),
      ("cbrt", "0.001", .exact("0.1")),
      ("exp", "0", .exact("1")),
      ("exp", "1", .inexact("2.7182818284590452354")),
      ("exp", "-1", .inexact("0.3678794411714423216")),
      ("exp", "230", .inexact("7.7220184999838357176e99")),
      ("exp", "231", .error(.outOfRange)),
      ("exp", "-228", .error(.outOfRange)),
      ("exp", "1e-50", .inexact("1")),
      ("pow10", "3", .exact("1,000")),
      ("pow10", "-5", .exact("0.00001")),
      ("pow10", "0.5", .inexact("3.162277660168379332")),
      ("pow10", "100", .error(.outOfRange)),
      ("pow10", "99.99", .inexact("9.772372209558106827e99")),
      ("pow2", "10", .exact("1,024")),
      ("pow2", "-3", .exact("0.125")),
      ("pow2", "0.5", .inexact("1.4142135623730950488")),
      ("pow2", "-60", .inexact("8.6736173798840354721e-19")),
      ("pow2", "333", .error(.outOfRange)),
      ("ln", "1", .exact("0")),
      ("ln", "2", .inexact("0.69314718055994530942")),
      ("ln", "0", .error(.domain)),
      ("ln", "-1", .error(.domain)),
      ("ln", "1e-99", .inexact("-227.95592420641052272")),
      ("log10", "1000", .exact("3")),
      ("log10", "0.001", .exact("-3")),
      ("log10", "2", .inexact("0.30102999566398119521")),
      ("log10", "0", .error(.domain)),
      ("log10", "-5", .error(.domain)),
      ("log2", "8", .exact("3")),
      ("log2", "0.125", .exact("-3")),
      ("log2", "3", .inexact("1.5849625007211561815")),
      ("log2", "0", .error(.domain)),
      ("fact", "0", .exact("1")),
      ("fact", "5", .exact("120")),
      ("fact", "25", .exact("1.5511210043330985984e25")),
      ("fact", "69", .inexact("1.7112245242814131137e98")),
      ("fact", "70", .error(.outOfRange)),
      ("fact", "-1", .error(.domain)),
      ("fact", "0.5", .inexact("0.88622692545275801365")),
      ("fact", "-0.5", .inexact("1.7724538509055160273")),
      ("fact", "-1.5", .inexact("-3.5449077018110320546")),
      ("fact", "69.5", .inexact("1.4291588283032468466e99")),
      ("sin.rad", "1", .inexact("0.84147098480789650665")),
      // docs/SPEC.md section 16: the true value of what was typed, not 0 (38 digits of π are
      // not π).
      ("sin.rad", "3.1415926535897932384626433832795028841", .inexact("9.7169399375105820975e-38")),
      ("sin.rad", "1e99", .inexact("-0.27251160193436596503")),
      ("sin.rad", "1e-20", .inexact("1e-20")),
      ("cos.rad", "1", .inexact("0.5403023058681397174")),
      ("cos.rad", "1.5707963267948966192313216916397514420", .inexact("9.8584699687552910487e-38")),
      ("cos.rad", "0", .exact("1")),
      ("tan.rad", "1", .inexact("1.5574077246549022305")),
      (
        "tan.rad", "3.1415926535897932384626433832795028841", .inexact("-9.7169399375105820975e-38")
      ),
      ("tan.rad", "1.5707963267948966192313216916397514420", .inexact("1.0143561862736574553e37")),
      ("asin.rad", "0.5", .inexact("0.52359877559829887308")),
      ("asin.rad", "1", .inexact("1.5707963267948966192")),
      ("asin.rad", "1.5", .error(.domain)),
      ("acos.rad", "0.5", .inexact("1.0471975511965977462")),
      ("acos.rad", "1", .exact("0")),
      ("acos.rad", "-2", .error(.domain)),
      ("atan.rad", "1", .inexact("0.78539816339744830962")),
      ("atan.rad", "1e99", .inexact("1.5707963267948966192")),
      ("atan.rad", "0", .exact("0")),
      ("asin.deg", "0.5", .exact("30")),
      ("asin.deg", "-1", .exact("-90")),
      ("asin.deg", "0.1", .inexact("5.7391704772667863125")),
      ("acos.deg", "0.5", .exact("60")),
      ("acos.deg", "-0.5", .exact("120")),
      ("acos.deg", "0", .exact("90")),
      ("acos.deg", "1.0000001", .error(.domain)),
      ("atan.deg", "1", .exact("45")),
      ("atan.deg", "-1", .exact("-45")),
      ("atan.deg", "1e99", .inexact("90")),
      ("atan.deg", "2", .inexact("63.434948822922010648")),
      ("sinh", "1", .inexact("1.1752011936438014569")),
      ("sinh", "0", .exact("0")),
      ("sinh", "231", .error(.outOfRange)),
      ("sinh", "-1e-10", .inexact("-1e-10")),
      ("cosh", "1", .inexact("1.5430806348152437785")),
      ("cosh", "0", .exact("1")),
      ("cosh", "-2", .inexact("3.7621956910836314596")),
      ("cosh", "231", .error(.outOfRange)),
      ("tanh", "1", .inexact("0.76159415595576488812")),
      ("tanh", "1e50", .inexact("1")),
      ("tanh", "-50", .inexact("-1")),
      ("tanh", "0", .exact("0")),
      ("asinh", "1", .inexact("0.88137358701954302523")),
      ("asinh", "-1e99", .inexact("-228.64907138697046803")),
      ("asinh", "0", .exact("0")),
      ("acosh", "1", .exact("0")),
      ("acosh", "2", .inexact("1.3169578969248167086")),
      ("acosh", "0.5", .error(.domain)),
      ("acosh", "1e99", .inexact("228.64907138697046803")),
      ("atanh", "0.5", .inexact("0.5493061443340548457")),
      ("atanh", "1", .error(.domain)),
      ("atanh", "-0.99999999999999999999999999999999999999", .inexact("-44.095690357166840651")),
      ("atanh", "0", .exact("0")),
    ] as [(String, String, Expected)])
  func function(name: String, argument: String, expected: Expected) throws {
    let (function, unit) = try #require(FunctionTests.functions[name])
    let x = try #require(NumberFormat.parse(argument))
    check(Result { () throws(ArithmeticError) in try x.applying(function, angle: unit) }, expected)
  }

  @Test(
    "Binary operations: x op y",
    arguments: [
      ("2", "pow", "10", .exact("1,024")),
      ("2.25", "pow", "1.5", .exact("3.375")),
      ("1024", "pow", "0.1", .exact("2")),
      ("-8", "pow", "3", .exact("-512")),
      ("-8", "pow", "0.5", .error(.domain)),
      ("0", "pow", "-1", .error(.domain)),
      ("0", "pow", "0", .exact("1")),
      ("10", "pow", "100", .error(.outOfRange)),
      ("2", "pow", "0.5", .inexact("1.4142135623730950488")),
      (
        "1.0000000000000000000000000000000000001", "pow", "10000000000000000000000000000000000000",
        .inexact("2.7182818284590452354")
      ),
      ("10", "ypow", "3", .exact("59,049")),
      ("0.5", "ypow", "4", .exact("2")),
      ("0.5", "ypow", "-4", .error(.domain)),
      ("8", "root", "3", .exact("2")),
      ("-8", "root", "3", .exact("-2")),
      ("-8", "root", "2", .error(.domain)),
      ("2", "root", "2", .inexact("1.4142135623730950488")),
      ("16", "root", "0", .error(.domain)),
      ("1024", "root", "10", .exact("2")),
      ("0", "root", "-2", .error(.domain)),
      ("27", "logy", "3", .exact("3")),
      ("8", "logy", "4", .exact("1.5")),
      ("2", "logy", "8", .inexact("0.33333333333333333333")),
      ("5", "logy", "1", .error(.domain)),
      ("5", "logy", "-2", .error(.domain)),
      ("-5", "logy", "2", .error(.domain)),
      ("100", "logy", "10", .exact("2")),
      ("10", "logy", "2", .inexact("3.3219280948873623479")),
      ("2", "ee", "3", .exact("2,000")),
      ("1.5", "ee", "-20", .exact("1.5e-20")),
      ("1", "ee", "100", .error(.outOfRange)),
      ("9.99", "ee", "99", .exact("9.99e99")),
      ("2", "ee", "0.5", .inexact("6.324555320336758664")),
    ] as [(String, String, String, Expected)])
  func operation(left: String, name: String, right: String, expected: Expected) throws {
    let operation = try #require(FunctionTests.operations[name])
    let (x, y) = (try #require(NumberFormat.parse(left)), try #require(NumberFormat.parse(right)))
    check(Result { () throws(ArithmeticError) in try x.applying(operation, y) }, expected)
  }

  /// sin, cos and tan every 15° from 0° to 360°: exact at multiples of 30° and 45° where the
  /// value is 0, ±0.5 or ±1 (a `~` marks an inexact value), NaN for tan 90° and 270°.
  @Test(
    "Degrees every 15°",
    arguments: [
      (
        Function.sine,
        [
          "0", "~0.25881904510252076235", "0.5", "~0.7071067811865475244",
          "~0.86602540378443864676", "~0.96592582628906828675", "1", "~0.96592582628906828675",
          "~0.86602540378443864676", "~0.7071067811865475244", "0.5", "~0.25881904510252076235",
          "0", "~-0.25881904510252076235", "-0.5", "~-0.7071067811865475244",
          "~-0.86602540378443864676", "~-0.96592582628906828675", "-1", "~-0.96592582628906828675",
          "~-0.86602540378443864676", "~-0.7071067811865475244", "-0.5", "~-0.25881904510252076235",
          "0",
        ]
      ),
      (
        Function.cosine,
        [
          "1", "~0.96592582628906828675", "~0.86602540378443864676", "~0.7071067811865475244",
          "0.5", "~0.25881904510252076235", "0", "~-0.25881904510252076235", "-0.5",
          "~-0.7071067811865475244", "~-0.86602540378443864676", "~-0.96592582628906828675", "-1",
          "~-0.96592582628906828675", "~-0.86602540378443864676", "~-0.7071067811865475244", "-0.5",
          "~-0.25881904510252076235", "0", "~0.25881904510252076235", "0.5",
          "~0.7071067811865475244", "~0.86602540378443864676", "~0.96592582628906828675", "1",
        ]
      ),
      (
        Function.tangent,
        [
          "0", "~0.26794919243112270647", "~0.57735026918962576451", "1", "~1.7320508075688772935",
          "~3.7320508075688772935", "NaN", "~-3.7320508075688772935", "~-1.7320508075688772935",
          "-1", "~-0.57735026918962576451", "~-0.26794919243112270647", "0",
          "~0.26794919243112270647", "~0.57735026918962576451", "1", "~1.7320508075688772935",
          "~3.7320508075688772935", "NaN", "~-3.7320508075688772935", "~-1.7320508075688772935",
          "-1", "~-0.57735026918962576451", "~-0.26794919243112270647", "0",
        ]
      ),
    ])
  func degrees(function: Function, shown: [String]) throws {
    #expect(shown.count == 25)
    for (step, text) in shown.enumerated() {
      let expected: Expected =
        text == "NaN"
        ? .error(.domain) : text.hasPrefix("~") ? .inexact(String(text.dropFirst())) : .exact(text)
      let angle = DecimalNumber(15 * step)
      check(
        Result { () throws(ArithmeticError) in try angle.applying(function, angle: .degrees) },
        expected, "\(function) \(15 * step)°")
      // The same angle a whole number of turns away, either way, shows the same.
      let far = DecimalNumber(15 * step + 360 * 1_000_003)
      check(
        Result { () throws(ArithmeticError) in try far.applying(function, angle: .degrees) },
        expected, "\(function) \(15 * step)° + 1,000,003 turns")
    }
  }

  @Test("π, e and Rand")
  func constants() {
    // mpmath: π = 3.14159265358979323846264338327950288419716…, e = 2.71828182845904523536028…
    #expect(DecimalNumber.pi.description == "3.1415926535897932384626433832795028841")
    #expect(DecimalNumber.e.description == "2.7182818284590452353602874713526624977")
    #expect(!DecimalNumber.pi.isExact && !DecimalNumber.e.isExact)
    var generator = SystemRandomNumberGenerator()
    var seen = Set<String>()
    for _ in 0..<1_000 {
      let value = DecimalNumber.random(using: &generator)
      let parts = value.parts
      #expect(!parts.negative && (parts.magnitude ?? -1) < 0, "\(value) in [0, 1)")
      #expect(parts.exponent >= -20, "\(value) a multiple of 1e-20")
      seen.insert(value.description)
    }
    #expect(seen.count > 990)
  }

  @Test("A function of an inexact number is inexact, even where the function is exact")
  func inexactOperands() throws {
    let third = try DecimalNumber(1).applying(.divide, DecimalNumber(3))
    let tripled = try third.applying(.multiply, DecimalNumber(3))  // 0.999…9, inexact
    #expect(try !tripled.applying(.square, angle: .degrees).isExact)
    #expect(try DecimalNumber(4).applying(.squareRoot, angle: .degrees).isExact)
    #expect(try !DecimalNumber(4).applying(.root, third).isExact)
  }

  private func check(
    _ result: Result<DecimalNumber, ArithmeticError>, _ expected: Expected, _ label: String = ""
  ) {
    switch (result, expected) {
    case (.success(let value), .exact(let shown)):
      #expect(NumberFormat.string(value) == shown && value.isExact, "\(label) \(value)")
      // The value itself, not only its text: an exact 1 equals 1 (a result stored as 10 × 10⁻¹
      // shows 1 but is neither whole nor equal to 1).
      #expect(value == NumberFormat.parse(shown), "\(label) \(value)")
    case (.success(let value), .inexact(let shown)):
      #expect(NumberFormat.string(value) == shown && !value.isExact, "\(label) \(value)")
    case (.failure(let error), .error(let expectedError)):
      #expect(error == expectedError, "\(label)")
    default:
      Issue.record("\(label) \(result), expected \(expected)")
    }
  }
}
