import CalculatorCore
import TestSupport
import Testing

// Key sequence → exact display and strip for the scientific keys of docs/SPEC.md section 6.2 that
// the core itself implements: parentheses, memory, the angle unit and the constants. The
// functions' values are CalculatorNumbersTests' and the cross-check's.

private func calculator(_ keys: String) -> Calculator { TestSupport.calculator(after: keys) }

@Suite("Parentheses")
struct ParenthesisRulesTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let keys: String
    let display: String
    let history: [String]
    var openParens = 0
    var operation: Operation? = nil
    var testDescription: String { keys }
  }

  @Test(
    "Groups evaluate left to right inside, and their value is the operand before them",
    arguments: [
      Case(keys: "2*(3+4)=", display: "14", history: ["2", "× (3", "+ 4)"]),
      Case(keys: "(3+4)*2=", display: "14", history: ["(3", "+ 4)", "× 2"]),
      Case(keys: "2+(3*4)=", display: "14", history: ["2", "+ (3", "× 4)"]),
      Case(keys: "2*((3+4)*5)=", display: "70", history: ["2", "× ((3", "+ 4)", "× 5)"]),
      Case(
        keys: "((2+3)*(4-1))=", display: "15", history: ["((2", "+ 3)", "× (4", "− 1))"]),
      Case(keys: "10-(2+3)-1=", display: "4", history: ["10", "− (2", "+ 3)", "− 1"]),
      Case(keys: "(5)=", display: "5", history: ["(5)"]),
      Case(keys: "(((7)))=", display: "7", history: ["(((7)))"]),
      Case(keys: "1/(1-1)=", display: "NaN", history: ["1", "÷ (1", "− 1)"]),
    ])
  func groups(_ expected: Case) {
    let calculator = calculator(expected.keys)
    #expect(calculator.display == expected.display)
    #expect(calculator.history == expected.history)
    #expect(calculator.openParentheses == 0)
    #expect(calculator.pendingOperation == nil)
  }

  @Test(
    "While a group is open: its own pending operator, the count of open groups",
    arguments: [
      Case(keys: "2*(", display: "0", history: ["2"], openParens: 1),
      Case(keys: "2*(3", display: "3", history: ["2"], openParens: 1),
      Case(keys: "2*(3+", display: "0", history: ["2", "× (3"], openParens: 1, operation: .add),
      Case(keys: "2*(3+4", display: "4", history: ["2", "× (3"], openParens: 1, operation: .add),
      Case(
        keys: "2*(3+4)", display: "7", history: ["2", "× (3", "+ 4)"], operation: .multiply),
      Case(keys: "2*((", display: "0", history: ["2"], openParens: 2),
      Case(
        keys: "2*((3+4)", display: "7", history: ["2", "× ((3", "+ 4)"], openParens: 1),
      Case(
        keys: "2*((3+4)-", display: "0", history: ["2", "× ((3", "+ 4)"], openParens: 1,
        operation: .subtract),
      Case(keys: "(", display: "0", history: [], openParens: 1),
      Case(keys: "(+", display: "0", history: ["(0"], openParens: 1, operation: .add),
    ])
  func openGroups(_ expected: Case) {
    let calculator = calculator(expected.keys)
    #expect(calculator.display == expected.display)
    #expect(calculator.history == expected.history)
    #expect(calculator.openParentheses == expected.openParens)
    #expect(calculator.pendingOperation == expected.operation)
  }

  @Test(
    "= closes every open group; a dangling operator in a group is dropped; ( ) holds 0",
    arguments: [
      Case(keys: "2*(3+4=", display: "14", history: ["2", "× (3", "+ 4)"]),
      Case(keys: "2*((3+4=", display: "14", history: ["2", "× ((3", "+ 4))"]),
      Case(keys: "(3+)=", display: "3", history: ["(3)"]),
      Case(keys: "(3+=", display: "3", history: ["(3)"]),
      Case(keys: "()=", display: "0", history: ["(0)"]),
      Case(keys: "5+()=", display: "5", history: ["5", "+ (0)"]),
      Case(keys: "5+(=", display: "5", history: ["5", "+ (0)"]),
      Case(keys: "(=", display: "0", history: ["(0)"]),
    ])
  func closing(_ expected: Case) {
    let calculator = calculator(expected.keys)
    #expect(calculator.display == expected.display)
    #expect(calculator.history == expected.history)
    #expect(calculator.openParentheses == 0)
  }

  @Test(
    "( where a number may start, or after a number or ) as an implied ×; ) with a group open",
    arguments: [
      ("5(", "0", 1), ("5)", "5", 0), ("5)+1=", "6", 0), (")", "0", 0), ("1.5(", "0", 1),
      ("(2+3)4", "4", 0), ("(2+3).", "0.", 0), ("(2+3)(", "0", 1), ("(2+3))", "5", 0),
      ("(2+3)4+1=", "21", 0), ("2+3=(", "0", 1), ("5[sqrt](", "0", 1), ("2+9%(", "0", 1),
      ("2+3)=", "5", 0),
    ] as [(String, String, Int)])
  func whereAccepted(keys: String, display: String, openParens: Int) {
    let calculator = calculator(keys)
    #expect(calculator.display == display)
    #expect(calculator.openParentheses == openParens)
  }

  @Test("Groups nest at most 20 deep")
  func depth() {
    let twenty = String(repeating: "(", count: 20)
    #expect(calculator(twenty).openParentheses == 20)
    #expect(calculator(twenty + "(((").openParentheses == 20)
    #expect(calculator(twenty + "7=").display == "7")
    #expect(calculator(twenty + "7=").history == [twenty + "7" + String(repeating: ")", count: 20)])
  }

  @Test(
    "A result after ( starts a new calculation; C or a function replaces a group's rows",
    arguments: [
      Case(keys: "2+3=(4)", display: "4", history: ["(4)"]),
      Case(keys: "2+3=(4)*2=", display: "8", history: ["(4)", "× 2"]),
      Case(keys: "2+3=c(4)+1=", display: "5", history: ["(4)", "+ 1"]),
      Case(keys: "2*(3+4)c5=", display: "10", history: ["2", "× 5"]),
      Case(keys: "2*(3+4)n=", display: "-14", history: ["2", "× -7"]),
      Case(keys: "2*(3+4)%=", display: "0.14", history: ["2", "× 0.07"]),
      Case(keys: "2*((3+4)%)=", display: "0.14", history: ["2", "× (0.07)"]),
      Case(keys: "(3+4)n", display: "-7", history: []),
      Case(keys: "(3+4)c", display: "0", history: []),
      Case(keys: "2*(3+4)a", display: "0", history: []),
    ])
  func replaced(_ expected: Case) {
    let calculator = calculator(expected.keys)
    #expect(calculator.display == expected.display)
    #expect(calculator.history == expected.history)
  }

  /// ± on a group worth 0 changes nothing, as on a typed 0: the group and its rows stay.
  @Test(
    "± on a group whose value is 0 keeps the group's rows",
    arguments: [
      Case(keys: "2+(1-1)n=", display: "2", history: ["2", "+ (1", "− 1)"]),
      Case(keys: "2+(1-1)n*3=", display: "6", history: ["2", "+ (1", "− 1)", "× 3"]),
      Case(keys: "(5-5)n", display: "0", history: ["(5", "− 5)"]),
      Case(keys: "2*((1-1))n=", display: "0", history: ["2", "× ((1", "− 1))"]),
    ])
  func zeroGroupSign(_ expected: Case) {
    let calculator = calculator(expected.keys)
    #expect(calculator.display == expected.display)
    #expect(calculator.history == expected.history)
  }
}

@Suite("Memory")
struct MemoryRulesTests {
  @Test(
    "m+ and m− add the shown number exactly; mr shows it (0 when empty); mc empties it",
    arguments: [
      ("5[m+][mr]", "5", "5"), ("5[m+]3[m+][mr]", "8", "8"), ("5[m-][mr]", "-5", "-5"),
      ("[mr]", "0", nil), ("5[m+][mc][mr]", "0", nil),
      (
        "2/3=[m+]", "0.66666666666666666667",
        "0.66666666666666666667"
      ),
      ("2/3=[m+][m+][mr]", "1.3333333333333333333", "1.3333333333333333333"),
      ("5[m+]2+[mr]=", "7", "5"), ("1+2[m+]=", "3", "2"), ("5/0=[m+][mr]", "0", nil),
      ("5[m+]a[mr]", "5", "5"), ("5[m+]c[mr]", "5", "5"), ("5[m+]a", "0", "5"),
      // 3 × 99999999999999999999 = 299999999999999999997: 21 digits, shown half-up to 20
      ("99999999999999999999[m+][m+][m+][mr]", "3e20", "3e20"),
      ("1[m+].1[m-][mr]", "0.9", "0.9"),
    ] as [(String, String, String?)])
  func memory(keys: String, display: String, memory: String?) {
    let calculator = calculator(keys)
    #expect(calculator.display == display)
    #expect(calculator.memory.map { NumberFormat.string($0) } == memory)
  }

  @Test("m+ makes the shown number a result: a digit then starts a new number")
  func makesResult() {
    #expect(calculator("12[m+]3").display == "3")
    #expect(calculator("12[m+]").clearLabel == .clearEntry)
    #expect(calculator("2+3=[mr]").history == [])
    #expect(calculator("2+[mr]").pendingOperation == .add)
    // After `)` m+ leaves the group's value, and a number multiplies it (docs/SPEC.md section 12).
    #expect(calculator("(2+3)[m+]4").display == "4")
    #expect(calculator("(2+3)[m+]4=").display == "20")
  }
}

@Suite("Angle unit and constants")
struct ConstantRulesTests {
  @Test("Degrees at first; Rad/Deg toggles; AC and C leave it alone")
  func angle() {
    #expect(calculator("").angle == .degrees)
    #expect(calculator("[rad]").angle == .radians)
    #expect(calculator("[rad][rad]").angle == .degrees)
    #expect(calculator("[rad]a").angle == .radians)
    #expect(calculator("[rad]5c").angle == .radians)
    #expect(calculator("12[rad]").display == "12")
    #expect(calculator("12[rad]3").display == "123")
  }

  @Test(
    "π and e show 20 digits of their 38; they are results, the right operand after an operator",
    arguments: [
      ("[pi]", "3.1415926535897932385"), ("[e]", "2.7182818284590452354"),
      ("2*[pi]=", "6.2831853071795864769"), ("[pi]5", "5"), ("[pi]-[pi]=", "0"),
      ("1+[e]=", "3.7182818284590452354"), ("[pi][e]", "2.7182818284590452354"),
      ("(2+3)[pi]", "5"),
    ])
  func constants(keys: String, display: String) {
    #expect(calculator(keys).display == display)
  }

  @Test("A constant after a result starts a new calculation; after an operator it is an operand")
  func constantHistory() {
    #expect(calculator("2+3=[pi]").history == [])
    #expect(calculator("2+[pi]").history == ["2"])
    #expect(calculator("2+[pi]").pendingOperation == .add)
    #expect(calculator("2+[pi]=").history == ["2", "+ 3.1415926535897932385"])
  }

  @Test("Rand is in [0, 1), a multiple of 1e-20, and not always the same")
  func random() throws {
    var shown: Set<String> = []
    for _ in 0..<200 {
      let calculator = calculator("[rand]")
      let value = try #require(NumberFormat.parse(calculator.display))
      let parts = value.parts
      #expect(!parts.negative)
      #expect((parts.magnitude ?? -1) < 0)
      #expect(parts.exponent >= -20 || parts.digits.isEmpty)
      shown.insert(calculator.display)
    }
    #expect(shown.count > 190)
  }
}

@Suite("Scientific keys through the keypad's rules")
struct FunctionKeyRulesTests {
  // Every key of docs/SPEC.md section 6 with at least three cases: values, exact results, domain
  // errors and range. Expected displays: mpmath at 80 digits, rounded half-up to 20 significant
  // digits and formatted by hand (a Python script, not the code under test).
  @Test(
    "Key sequence → exact display",
    arguments: [
      ("1.1[sq]", "1.21"),
      ("12345678901[sq]", "1.524157875265965678e20"),
      ("5n[sq]", "25"),
      ("1.5[cube]", "3.375"),
      ("3n[cube]", "-27"),
      ("0.2[cube]", "0.008"),
      ("8[recip]", "0.125"),
      ("3[recip]", "0.33333333333333333333"),
      ("0[recip]", "NaN"),
      ("2.25[sqrt]", "1.5"),
      ("2[sqrt]", "1.4142135623730950488"),
      ("4n[sqrt]", "NaN"),
      ("27n[cbrt]", "-3"),
      ("2[cbrt]", "1.2599210498948731648"),
      ("0.001[cbrt]", "0.1"),
      ("0[exp]", "1"),
      ("1[exp]", "2.7182818284590452354"),
      ("231[exp]", "NaN"),
      ("3[pow10]", "1,000"),
      ("0.5[pow10]", "3.162277660168379332"),
      ("100[pow10]", "NaN"),
      ("10[pow2]", "1,024"),
      ("0.5[pow2]", "1.4142135623730950488"),
      ("1n[pow2]", "0.5"),
      ("1[ln]", "0"),
      ("10[ln]", "2.302585092994045684"),
      ("0[ln]", "NaN"),
      ("1000[log]", "3"),
      ("2[log]", "0.30102999566398119521"),
      ("5n[log]", "NaN"),
      ("1024[log2]", "10"),
      ("3[log2]", "1.5849625007211561815"),
      ("0[log2]", "NaN"),
      ("5[fact]", "120"),
      ("20[fact]", "2,432,902,008,176,640,000"),
      ("0.5[fact]", "0.88622692545275801365"),
      ("3n[fact]", "NaN"),
      ("70[fact]", "NaN"),
      ("30[sin]", "0.5"),
      ("45[sin]", "0.7071067811865475244"),
      ("1[sin]", "0.017452406437283512819"),
      ("[rad]1[sin]", "0.84147098480789650665"),
      ("[rad][pi][sin]", "0"),
      ("60[cos]", "0.5"),
      ("90[cos]", "0"),
      ("[rad]1[cos]", "0.5403023058681397174"),
      ("45[tan]", "1"),
      ("90[tan]", "NaN"),
      ("[rad]1[tan]", "1.5574077246549022305"),
      ("0.5[asin]", "30"),
      ("2[asin]", "NaN"),
      ("[rad]1[asin]", "1.5707963267948966192"),
      ("0.5[acos]", "60"),
      ("1n[acos]", "180"),
      ("1.5n[acos]", "NaN"),
      ("1[atan]", "45"),
      ("[rad]1[atan]", "0.78539816339744830962"),
      ("1n[atan]", "-45"),
      ("1[sinh]", "1.1752011936438014569"),
      ("0[sinh]", "0"),
      ("2n[sinh]", "-3.6268604078470187677"),
      ("0[cosh]", "1"),
      ("1[cosh]", "1.5430806348152437785"),
      ("300[cosh]", "NaN"),
      ("1[tanh]", "0.76159415595576488812"),
      ("0.5n[tanh]", "-0.4621171572600097585"),
      ("0[tanh]", "0"),
      ("1[asinh]", "0.88137358701954302523"),
      ("0[asinh]", "0"),
      ("10n[asinh]", "-2.9982229502979697388"),
      ("1[acosh]", "0"),
      ("2[acosh]", "1.3169578969248167086"),
      ("0.5[acosh]", "NaN"),
      ("0.5[atanh]", "0.5493061443340548457"),
      ("1[atanh]", "NaN"),
      ("0[atanh]", "0"),
      ("2[pow]10=", "1,024"),
      ("2[pow]0.5=", "1.4142135623730950488"),
      ("0[pow]1n=", "NaN"),
      ("2[ypow]10=", "100"),
      ("3[ypow]2=", "8"),
      ("0.5[ypow]4=", "2"),
      ("8[root]3=", "2"),
      ("27n[root]3=", "-3"),
      ("8n[pow]90[sin]=", "-8"),  // sin 90° is exactly the whole number 1: an odd power
      ("27n[root]180[cos]n=", "-27"),  // cos 180° = -1, negated: the first root
      ("16n[root]2=", "NaN"),
      ("1000[logy]10=", "3"),
      ("27[logy]3=", "3"),
      ("8[logy]1=", "NaN"),
      ("2[ee]3=", "2,000"),
      ("1.5[ee]2n=", "0.015"),
      ("1[ee]100=", "NaN"),
      ("2*[pi]=", "6.2831853071795864769"),
      ("[e][ln]", "1"),
      ("2*(3+[pi])=", "12.283185307179586477"),
      ("9[sqrt]+16[sqrt]=", "7"),
      ("2[pow]3[sq]=", "512"),
      ("(1+2)[sq]*2=", "18"),
    ])
  func display(keys: String, expected: String) {
    #expect(calculator(keys).display == expected)
  }

  @Test("Degrees show the right values at every multiple of 15°, 0° to 360°, through the keys")
  func degrees() {
    // sin and cos of the multiples of 30° and 45° are 0, ±0.5, ±√2/2 (shown rounded), ±1; tan
    // is 0, ±1 or NaN at 90° and 270°. mpmath gives the other multiples of 15°.
    let sines: [Int: String] = [
      0: "0", 15: "0.25881904510252076235", 30: "0.5", 45: "0.7071067811865475244",
      60: "0.86602540378443864676", 75: "0.96592582628906828675", 90: "1",
    ]
    for step in 0...24 {
      let angle = step * 15
      let reduced = angle % 180 <= 90 ? angle % 180 : 180 - angle % 180
      let sign = angle > 180 && angle < 360 ? "-" : ""
      let sine = sines[reduced] ?? "?"
      #expect(
        calculator("\(angle)[sin]").display == (sine == "0" ? "0" : sign + sine), "sin \(angle)")
      let cosineAngle = (angle + 90) % 360  // cos x = sin(x + 90°)
      let cosReduced =
        cosineAngle % 180 <= 90 ? cosineAngle % 180 : 180 - cosineAngle % 180
      let cosSign = cosineAngle > 180 && cosineAngle < 360 ? "-" : ""
      let cosine = sines[cosReduced] ?? "?"
      #expect(
        calculator("\(angle)[cos]").display == (cosine == "0" ? "0" : cosSign + cosine),
        "cos \(angle)")
    }
    for (angle, tangent) in [
      (0, "0"), (45, "1"), (90, "NaN"), (135, "-1"), (180, "0"), (225, "1"), (270, "NaN"),
      (315, "-1"), (360, "0"),
    ] {
      #expect(calculator("\(angle)[tan]").display == tangent, "tan \(angle)")
    }
  }

  @Test("A function applied after an operator is its right operand; the operator stays")
  func functionAsOperand() {
    #expect(calculator("2+9[sqrt]").pendingOperation == .add)
    #expect(calculator("2+9[sqrt]=").display == "5")
    #expect(calculator("2+9[sqrt]").history == ["2"])
    #expect(calculator("2+9[sqrt]=").history == ["2", "+ 3"])
    #expect(calculator("[cos]").display == "1")  // cos of the 0 shown at the start
    #expect(calculator("9[sqrt]5").display == "5")  // a digit then starts a new number
  }
}
