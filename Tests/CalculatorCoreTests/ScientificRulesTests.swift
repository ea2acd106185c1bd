import CalculatorCore
import TestSupport
import Testing

// Key sequence → exact display and strip for the scientific keys of DESIGN.md section 6 that
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
    "( only where a new number may start; ) only with a group open",
    arguments: [
      ("5(", "5", 0), ("5)", "5", 0), ("5)+1=", "6", 0), (")", "0", 0), ("1.5(", "1.5", 0),
      ("(2+3)4", "5", 0), ("(2+3).", "5", 0), ("(2+3)(", "5", 0), ("(2+3))", "5", 0),
      ("(2+3)4+1=", "6", 0), ("2+3=(", "0", 1), ("5[sqrt](", "0", 1), ("2+9%(", "0", 1),
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
    #expect(calculator("(2+3)[m+]4").display == "5")
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
