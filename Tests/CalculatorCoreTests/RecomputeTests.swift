import CalculatorCore
import Foundation
import TestSupport
import Testing

/// Edit and recompute (docs/SPEC.md section 8): a past operand gets a new number and its
/// calculation, and every calculation continued from it, is computed again. The expected tapes
/// come from `fuzz/tape.py`, the rules written again in Python over `decimal`.
@Suite struct RecomputeTests {
  static let script = TestSupport.repositoryRoot.appendingPathComponent("fuzz/tape.py").path

  /// Keys typed, then the calculation (0 is the oldest) and row edited, and its new number.
  typealias Case = (keys: String, calculation: Int, row: Int, number: String)

  // swift-format-ignore
  static let cases: [Case] = [
    // The first number, a middle one and the last one.
    ("1200*1.08+49.9=",           0, 2, "50.1"),
    ("1200*1.08+49.9=",           0, 0, "1000"),
    ("1200*1.08+49.9=",           0, 1, "1.1"),
    ("1+2+3+4+5+6=",              0, 3, "40"),
    ("2+3*4=",                    0, 1, "0.5"),
    ("0.1+0.2=",                  0, 1, "0.3"),
    ("5n+2=",                     0, 0, "-7"),
    ("5*2n=",                     0, 1, "-3"),
    ("99999999999*99999999999=",  0, 0, "1"),
    ("12345678901234567890*10=",  0, 1, "100"),
    ("1/1000000000=",             0, 1, "10"),
    ("1/3=",                      0, 1, "8"),
    // Percent: the row holds the number % made.
    ("200+10%=",                  0, 1, "5"),
    ("50%*4=",                    0, 0, "2"),
    ("2*3%=",                     0, 1, "0.5"),
    // NaN from the edit, and NaN edited away.
    ("8/2=",                      0, 1, "0"),
    ("8/2=+1=-3=",                0, 1, "0"),
    ("7/0=+1=",                   0, 1, "7"),
    // Linked chains: two, three, four; an edit in the middle; `=` twice before the operator.
    ("2*3=+4=",                   0, 1, "5"),
    ("2*3=+4=*5=",                0, 0, "7"),
    ("2*3=+4=*5=",                1, 1, "10"),
    ("2*3=+4=*5=",                2, 1, "0.1"),
    ("10-5=+5=+5=+5=",            0, 0, "100"),
    ("1.5+1.5=*2=",               0, 0, "2.5"),
    ("3*3=*3=*3=",                0, 0, "2"),
    ("1/7=*7=",                   0, 1, "3"),
    ("100-1=-1=-1=",              1, 1, "50"),
    ("2*3==+4=",                  0, 1, "5"),
    // Not linked: a new number after `=`, ± or % on the result; an unrelated one between.
    ("2+3=4*5=",                  0, 1, "1"),
    ("2+3=n+1=",                  0, 1, "4"),
    ("2+3=%+1=",                  0, 1, "4"),
    ("2+3=a9-3=",                 0, 0, "10"),
    // An edit that keeps the result: the chain stays.
    ("2*3=+4=",                   0, 0, "3"),
    // Not editable: the `= result` row, a carried first row.
    ("2*3=+4=",                   0, 2, "7"),
    ("2*3=+4=",                   1, 0, "7"),
  ]

  /// A number as typed, as a value.
  static func value(_ text: String) -> CalculatorValue {
    NumberFormat.parse(text).map { .success(RealNumber($0)) } ?? .failure(.outOfRange)
  }

  /// The tape as the script writes it: each calculation's line, after `^N ` when it continues
  /// calculation N.
  static func lines(_ tape: HistoryTape) -> [String] {
    tape.calculations.map { calculation in
      let link = calculation.source.flatMap(tape.index(of:)).map { "^\($0) " } ?? ""
      return link + calculation.line
    }
  }

  @Test("35 edits recomputed as Python's decimal computes them") func editsAsPythonComputes()
    throws
  {
    #expect(Self.cases.count >= 30)
    let arguments = Self.cases.map {
      [$0.keys, "\($0.calculation)", "\($0.row)", $0.number].joined(separator: "\t")
    }
    let finished = try TestSupport.run("python3", [Self.script] + arguments)
    #expect(finished.status == 0, "\(finished.stderr)")
    let expected = finished.stdout.split(separator: "\n").map {
      $0.split(separator: "\t").map(String.init)
    }
    #expect(expected.count == Self.cases.count)
    for (test, fields) in zip(Self.cases, expected) {
      #expect(fields.first == "stable", "\(test): 38 digits do not decide it")
      var tape = TestSupport.tape(after: test.keys)
      let before = tape
      let id = tape.calculations[test.calculation].id
      let edited = tape.edit(
        row: test.row, of: id, to: Self.value(test.number))
      if fields.dropFirst() == ["refused"] {
        #expect(!edited && tape == before, "\(test)")
      } else {
        #expect(edited, "\(test)")
        #expect(Self.lines(tape) == Array(fields.dropFirst()), "\(test)")
        #expect(tape.fileSize == tape.fileText.utf8.count)
      }
    }
  }

  @Test func theIssuesExamples() {
    var tape = TestSupport.tape(after: "1200*1.08+49.9=")
    let first = tape.calculations[0].id
    let example = tape.edit(row: 2, of: first, to: Self.value("50.1"))
    #expect(example)
    #expect(tape.calculations.map(\.line) == ["1,200 × 1.08 + 50.1 = 1,346.1"])

    var chain = TestSupport.tape(after: "2*3=+4=")
    #expect(chain.calculations.map(\.rows) == [["2", "× 3"], ["6", "+ 4"]])
    #expect(chain.calculations[1].source == chain.calculations[0].id)
    let chained = chain.edit(row: 1, of: chain.calculations[0].id, to: .success(RealNumber(5)))
    #expect(chained)
    #expect(chain.calculations.map(\.line) == ["2 × 5 = 10", "10 + 4 = 14"])
  }

  /// Rows with parentheses run again with them (hand-derived: 2 × (5 + 4) = 18, 18 − 1 = 17).
  @Test func groupsAreReplayedWithTheirParentheses() {
    var tape = TestSupport.tape(after: "2*(3+4)=-1=")
    #expect(tape.calculations.map(\.line) == ["2 × (3 + 4) = 14", "14 − 1 = 13"])
    let grouped = tape.edit(row: 1, of: tape.calculations[0].id, to: .success(RealNumber(5)))
    #expect(grouped)
    #expect(tape.calculations.map(\.line) == ["2 × (5 + 4) = 18", "18 − 1 = 17"])
    #expect(tape.calculations[0].rows == ["2", "× (5", "+ 4)"])
  }

  @Test func theSameNumberChangesNothing() {
    var tape = TestSupport.tape(after: "1200*1.08+49.9=")
    let before = tape
    let id = tape.calculations[0].id
    let same = tape.edit(row: 0, of: id, to: .success(RealNumber(1200)))
    #expect(!same)
    let beyond = tape.edit(row: 9, of: id, to: .success(RealNumber(1)))
    #expect(!beyond)
    let missing = tape.edit(row: 0, of: CalculationID(rawValue: 99), to: .success(RealNumber(1)))
    #expect(!missing)
    #expect(tape == before)
  }

  /// An edited tape is saved and read back with its links; a recompute after the restart is
  /// the same as before it.
  @Test func anEditedChainReadsBackAndRecomputesTheSame() throws {
    var tape = TestSupport.tape(after: "2*3=+4=*5=")
    let first = tape.calculations[0].id
    tape.edit(row: 1, of: first, to: .success(RealNumber(5)))
    var read = try HistoryTape(fileBytes: Array(tape.fileText.utf8))
    #expect(read == tape)
    tape.edit(row: 0, of: first, to: Self.value("0.33333333333333333333"))
    read.edit(row: 0, of: first, to: Self.value("0.33333333333333333333"))
    #expect(read == tape)
    #expect(
      tape.calculations.map(\.line) == [
        "0.33333333333333333333 × 5 = 1.6666666666666666667",
        "1.6666666666666666667 + 4 = 5.6666666666666666667",
        "5.6666666666666666667 × 5 = 28.333333333333333334",
      ])
  }
}

/// F2's number: typed with the calculator's own rules, refusing what they refuse.
@Suite struct OperandEditTests {
  static func edit(_ number: String, keys: String) -> (OperandEdit, [Bool]) {
    var edit = OperandEdit(number: number)
    let taken = ((try? Key.sequence(keys)) ?? []).map { edit.press($0) }
    return (edit, taken)
  }

  @Test(
    arguments: [
      ("49.9", "bbbb50.1", "50.1"), ("1,200", "b", "120"), ("1,200", "5", "12,005"),
      ("0.5", "n", "-0.5"), ("-3", "n", "3"), ("7", "c", "0"), ("1.5e25", "3", "3"),
      ("NaN", "4.", "4."), ("0", ".5", "0.5"), ("12", "b.", "1."),
    ])
  func typingFollowsTheCalculatorsRules(number: String, keys: String, text: String) {
    let (edit, taken) = Self.edit(number, keys: keys)
    #expect(edit.text == text)
    #expect(taken.allSatisfy { $0 })
  }

  @Test func aSecondPointATwentyFirstDigitAndOtherKeysAreRefused() {
    let (point, taken) = Self.edit("1.5", keys: ".")
    #expect(point.text == "1.5" && taken == [false])
    let twenty = "12345678901234567890"
    let (digits, more) = Self.edit(twenty, keys: "1")
    #expect(digits.text == "12,345,678,901,234,567,890" && more == [false])
    for keys in ["+", "=", "%", "a", "(", "[sqrt]"] {
      let (other, refused) = Self.edit("5", keys: keys)
      #expect(other.text == "5" && refused == [false], "\(keys)")
    }
    let (zero, nothing) = Self.edit("0", keys: "nb")
    #expect(zero.text == "0" && nothing == [false, false])
  }

  @Test func itsValueIsTheNumberShown() {
    #expect(Self.edit("49.9", keys: "bbbb50.1").0.value == RecomputeTests.value("50.1"))
    #expect(Self.edit("12", keys: ".").0.value == .success(RealNumber(12)))
    #expect((try? Self.edit("NaN", keys: "").0.value.get()) == nil)
  }
}
