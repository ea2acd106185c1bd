@testable import CalculatorCore
import TestSupport
import Testing

/// The history tape (docs/SPEC.md section 8). What `=` puts on it, its caps, its file format and
/// the files it refuses. Expected lines are written by hand from docs/SPEC.md sections 2, 6 and 8.
@Suite struct HistoryTapeTests {
  static func tape(after keys: String) -> HistoryTape { TestSupport.tape(after: keys) }

  @Test(
    arguments: [
      // The example, and the order of the strip kept.
      ("1200*1.08+49.9=", ["1,200 × 1.08 + 49.9 = 1,345.9"]),
      ("2+3*4=", ["2 + 3 × 4 = 20"]),
      // NaN results are kept.
      ("5/0=", ["5 ÷ 0 = NaN"]),
      ("5/0=+1=", ["5 ÷ 0 = NaN", "NaN + 1 = NaN"]),
      // Nothing without an operator, or when = changes nothing.
      ("=", []), ("5=", []), ("5+=", []), ("1+2c=", []), ("2+3==", ["2 + 3 = 5"]),
      ("2+3=c=", ["2 + 3 = 5"]), ("(5)=", []), ("9[sqrt]=", []),
      // Chains: an operator after a result continues from it; a digit starts anew.
      ("2+3=*4=", ["2 + 3 = 5", "5 × 4 = 20"]),
      ("2+3=4*5=", ["2 + 3 = 5", "4 × 5 = 20"]),
      ("1/3=*3=", ["1 ÷ 3 = 0.33333333333333333333", "0.33333333333333333333 × 3 = 1"]),
      ("1+2+3+4+5+6=", ["1 + 2 + 3 + 4 + 5 + 6 = 21"]),
      ("7+8=a", ["7 + 8 = 15"]),
      // Rows as the strip shows them: typed text normalized, signs, percent, functions.
      ("12.50+0.5=", ["12.5 + 0.5 = 13"]),
      ("5n+2=", ["-5 + 2 = -3"]),
      ("50%+1=", ["0.5 + 1 = 1.5"]),
      ("3[m+]a[mr]+1=", ["3 + 1 = 4"]),
      ("2*3%=", ["2 × 0.03 = 0.06"]),
      ("[pi]*2=", ["3.1415926535897932385 × 2 = 6.2831853071795864769"]),
      ("99999999999*99999999999=", ["99,999,999,999 × 99,999,999,999 = 9.9999999998e21"]),
      ("5[m+]+1=", ["5 + 1 = 6"]),
      // Scientific groups keep their parentheses.
      ("2*(3+4)=", ["2 × (3 + 4) = 14"]),
      ("(2+3)*4=", ["(2 + 3) × 4 = 20"]),
      ("2*((3+4)*5)=", ["2 × ((3 + 4) × 5) = 70"]),
      ("2*(3+4=", ["2 × (3 + 4) = 14"]),
    ] as [(String, [String])])
  func equalsKeepsTheCalculation(keys: String, lines: [String]) {
    #expect(Self.tape(after: keys).calculations.map(\.line) == lines, "\(keys)")
  }

  @Test func aCalculationShowsItsRowsThenItsResult() {
    let calculation = Self.tape(after: "2*(3+4)=").calculations.first
    #expect(calculation?.rows == ["2", "× (3", "+ 4)"])
    #expect(calculation?.result == "14")
    #expect(calculation?.shownRowCount == 4)
    #expect((0..<4).map { calculation?.shownRow($0) } == ["2", "× (3", "+ 4)", "= 14"])
  }

  @Test(arguments: [
    ("= 1,345.9", "1,345.9"), ("× (3", "3"), ("+ 4)", "4"), ("((12", "12"), ("− 5))", "5"),
    ("logᵧ 2", "2"), ("= NaN", "NaN"), ("-2e-9", "-2e-9"), ("ʸ√ 1.5e25", "1.5e25"),
  ])
  func theNumberOfARow(row: String, number: String) {
    #expect(Calculation.number(inRow: row) == number)
  }

  @Test func theTapeKeepsTheNewestThousand() {
    var tape = HistoryTape()
    for index in 1...1_005 {
      tape.append(Calculation(rows: ["\(index)", "+ 1"], result: "\(index + 1)"))
    }
    #expect(tape.count == 1_000)
    #expect(tape.calculations.first?.rows.first == "6")
    #expect(tape.calculations.last?.rows.first == "1005")
    #expect(tape.fileSize == tape.fileText.utf8.count)
  }

  @Test func aHugeCalculationDropsOlderOnesToStayUnderTheFileLimit() {
    // 1,000,000 rows of "+ 1" (4 bytes with the tab) is most of the 4 MiB limit.
    let small = Calculation(rows: ["1", "+ 1"], result: "2")
    let big = Calculation(rows: ["1"] + [String](repeating: "+ 1", count: 999_999), result: "1e6")
    var tape = HistoryTape([small, small, big])
    #expect(tape.count == 3)
    tape.append(big)  // two bigs do not fit: the first goes, and the small ones before it
    #expect(tape.calculations.map(\.rows) == [big.rows])
    #expect(tape.calculations.map(\.id) == [CalculationID(rawValue: 4)])
    #expect(tape.fileSize == tape.fileText.utf8.count)
    #expect(tape.fileSize <= HistoryTape.maximumFileSize)
    let tooBig = Calculation(rows: [String](repeating: "+ 1", count: 1_100_000), result: "1")
    tape.append(tooBig)  // more than a whole file: nothing can be kept
    #expect(tape.isEmpty)
  }

  @Test func theFileFormat() throws {
    let tape = Self.tape(after: "1200*1.08+49.9=2*(3+4)=/0=")
    let text = """
      circlecalc history 2
      1\t1,200\t× 1.08\t+ 49.9\t= 1,345.9
      2\t2\t× (3\t+ 4)\t= 14
      3^2\t14\t÷ 0\t= NaN

      """
    #expect(tape.fileText == text)
    #expect(tape.fileSize == text.utf8.count)
    let read = try HistoryTape(fileBytes: Array(text.utf8))
    #expect(read == tape)
    #expect(read.calculations.map(\.source) == [nil, nil, CalculationID(rawValue: 2)])
  }

  /// Identities from the window's clock are written as they are, links with them.
  @Test func identitiesFromTheClockAndTheirLinksRoundTrip() throws {
    var document = Document()
    let stamps: [UInt64] = [1_764_700_000_123_456_789, 1_764_700_005_000_000_000]
    for (key, stamp) in zip(try Key.sequence("2*3=+4="), [0, 0, 0, stamps[0], 0, 0, stamps[1]]) {
      document.press(key, at: stamp)
    }
    let tape = document.tape
    let text =
      "circlecalc history 2\n1764700000123456789\t2\t× 3\t= 6\n"
      + "1764700005000000000^1764700000123456789\t6\t+ 4\t= 10\n"
    #expect(tape.fileText == text)
    #expect(tape.fileSize == text.utf8.count)
    #expect(try HistoryTape(fileBytes: Array(text.utf8)) == tape)
  }

  /// A file of the first version (no identities, no links) reads, its calculations numbered
  /// from 1, and is written in the current version.
  @Test func aFileOfTheFirstVersionReads() throws {
    let old = """
      circlecalc history 1
      1,200\t× 1.08\t+ 49.9\t= 1,345.9
      5\t÷ 0\t= NaN

      """
    let tape = try HistoryTape(fileBytes: Array(old.utf8))
    #expect(tape.calculations.map(\.line) == ["1,200 × 1.08 + 49.9 = 1,345.9", "5 ÷ 0 = NaN"])
    #expect(tape.calculations.map(\.id.rawValue) == [1, 2])
    #expect(tape.calculations.allSatisfy { $0.source == nil })
    #expect(tape.fileSize == tape.fileText.utf8.count)
    #expect(
      tape.fileText
        == "circlecalc history 2\n1\t1,200\t× 1.08\t+ 49.9\t= 1,345.9\n2\t5\t÷ 0\t= NaN\n")
  }

  @Test func everyCalculationOfAFuzzedSessionReadsBack() throws {
    var random = TestSupport.SeededGenerator(seed: 12)
    let tokens = "0123456789.+-*/=%nacb()".map(String.init) + ["[sqrt]", "[pi]", "[sq]", "[pow]"]
    let keys = (0..<20_000).map { _ in tokens.randomElement(using: &random) ?? "1" }
    let tape = Self.tape(after: keys.joined())
    #expect(tape.count > 300)
    let read = try HistoryTape(fileBytes: Array(tape.fileText.utf8))
    #expect(read == tape)
    #expect(read.fileSize == tape.fileSize)
  }

  @Test(arguments: [
    ("", 0), ("circlecalc history 1\n", 0), ("circlecalc history 1\n1\t+ 1\t= 2\n", 1),
    ("circlecalc history 1\n1\t= 1\n-1e-9\t× NaN\t= NaN\n", 2),
    ("circlecalc history 2\n", 0), ("circlecalc history 2\n7\t1\t+ 1\t= 2\n", 1),
    ("circlecalc history 2\n7\t1\t= 1\n9^7\t1\t× NaN\t= NaN\n", 2),
    ("circlecalc history 2\n18446744073709551615\t1\t+ 1\t= 2\n", 1),
  ])
  func goodFiles(text: String, count: Int) throws {
    #expect(try HistoryTape(fileBytes: Array(text.utf8)).count == count)
  }

  @Test(arguments: [HistoryTape.firstVersionHeader, HistoryTape.header])
  func aFileOfMoreThanAThousandKeepsTheNewest(header: String) throws {
    let identity = { (line: Int) in header == HistoryTape.header ? "\(line)\t" : "" }
    let lines = (1...1_200).map { "\(identity($0))\($0)\t+ 1\t= \($0 + 1)\n" }
    let tape = try HistoryTape(fileBytes: Array((header + "\n" + lines.joined()).utf8))
    #expect(tape.count == 1_000)
    #expect(tape.calculations.first?.rows == ["201", "+ 1"])
    #expect(tape.calculations.first?.id.rawValue == 201)
    #expect(tape.fileSize == tape.fileText.utf8.count)
  }

  static let header = "circlecalc history 1\n"
  static let current = "circlecalc history 2\n"

  static let badTexts: [(String, HistoryFileError)] = [
    ("hello\n", .notAHistory),
    ("circlecalc history 3\n1\t1\t+ 1\t= 2\n", .notAHistory),
    ("circlecalc history 2", .truncated),
    ("circlecalc history 1", .truncated),
    (header + "1\t+ 1\t= 2\n3\t+ 4", .truncated),
    (header + "1\t+ 1\t= ", .truncated),
    ("{\"display\": \"3\"}", .notAHistory),
    (header + "1\t+ 1\t= 2\n\n", .badLine(3)),
    (header + "1 + 1 = 2\n", .badLine(2)),
    (header + "1\t+ 1\n", .badLine(2)),
    (header + "1\t+ 1\t=2\n", .badLine(2)),
    (header + "1\t* 1\t= 1\n", .badLine(2)),
    (header + "1\t+ one\t= 2\n", .badLine(2)),
    (header + "1\t\t= 1\n", .badLine(2)),
    (header + "= 1\n", .badLine(2)),
    (header + "1\t+ 1\t= 2\t\n", .badLine(2)),
    (header + "1\t+ 1\t= 2\r\n", .badLine(2)),
    (header + "1\t+  1\t= 2\n", .badLine(2)),
    (header + "1\t+ 1\t= 1e\n", .badLine(2)),
    (header + "1\t+ 1\t= --1\n", .badLine(2)),
    (header + "1\t+ 1\t= 2\n1\t+ 1\t= 2\nx\n", .badLine(4)),
    // The current version: an identity, newer than the line before's, links to older ones.
    (current + "1 + 1\t= 2\n", .badLine(2)),
    (current + "0\t1\t+ 1\t= 2\n", .badLine(2)),
    (current + "01\t1\t+ 1\t= 2\n", .badLine(2)),
    (current + "5\t1\t+ 1\t= 2\n5\t1\t+ 1\t= 2\n", .badLine(3)),
    (current + "5\t1\t+ 1\t= 2\n4\t1\t+ 1\t= 2\n", .badLine(3)),
    (current + "5^5\t1\t+ 1\t= 2\n", .badLine(2)),
    (current + "5^6\t1\t+ 1\t= 2\n", .badLine(2)),
    (current + "5^\t1\t+ 1\t= 2\n", .badLine(2)),
    (current + "^5\t1\t+ 1\t= 2\n", .badLine(2)),
    (current + "5x\t1\t+ 1\t= 2\n", .badLine(2)),
    (current + "18446744073709551616\t1\t+ 1\t= 2\n", .badLine(2)),
    (current + "7\t= 1\n", .badLine(2)),
  ]

  @Test(arguments: badTexts)
  func badFiles(text: String, error: HistoryFileError) {
    let bytes = Array(text.utf8)
    #expect(throws: error) { _ = try HistoryTape(fileBytes: bytes) }
  }

  @Test func invalidUTF8AndNULAreRefused() {
    for bytes: [UInt8] in [
      [0xC3, 0x20, 0x31], [0xFF, 0x20, 0x31], [0x31, 0x00], [0x97, 0x20, 0x31],
    ] {
      let file = Array(Self.header.utf8) + [0x31, 0x09] + bytes + Array("\t= 1\n".utf8)
      #expect(throws: HistoryFileError.badLine(2)) { _ = try HistoryTape(fileBytes: file) }
    }
    // "× 1" in UTF-8 reads.
    let good = Array(Self.header.utf8) + Array("1\t".utf8) + [0xC3, 0x97, 0x20, 0x31]
    #expect((try? HistoryTape(fileBytes: good + Array("\t= 1\n".utf8)))?.count == 1)
  }

  @Test func aFileOverTheLimitIsTooLarge() {
    let bytes =
      Array(Self.header.utf8) + [UInt8](repeating: 0x31, count: HistoryTape.maximumFileSize)
    #expect(throws: HistoryFileError.tooLarge(bytes: bytes.count)) {
      _ = try HistoryTape(fileBytes: bytes)
    }
  }
}

/// docs/SPEC.md section 8.2: a number clicked in the strip goes to the display as a result.
@Suite struct RecallTests {
  @Test func aRecalledNumberIsAResult() {
    var calculator = Calculator()
    let recalled = calculator.recall("1,345.9")
    #expect(recalled)
    #expect(calculator.display == "1,345.9")
    #expect(calculator.clearLabel == .clearEntry)
    #expect(calculator.history.isEmpty)
    calculator.press(.digit(.three))  // a digit starts a new number, as after any result
    #expect(calculator.display == "3")
  }

  @Test func afterAnOperatorItIsTheRightOperand() {
    var calculator = TestSupport.calculator(after: "2+")
    let recalled = calculator.recall("1.5e25")
    #expect(recalled)
    calculator.press(.equals)
    #expect(calculator.display == "1.5e25")
    #expect(calculator.history == ["2", "+ 1.5e25"])
  }

  @Test func afterAResultItStartsANewCalculation() {
    var calculator = TestSupport.calculator(after: "2+3=")
    let recalled = calculator.recall("-7")
    #expect(recalled)
    #expect(calculator.history.isEmpty)
    calculator.press(.operation(.multiply))
    calculator.press(.digit(.two))
    calculator.press(.equals)
    #expect(calculator.display == "-14")
  }

  @Test(arguments: ["NaN", "", "abc", "1e200", "1 2", "× 3"])
  func notANumberChangesNothing(text: String) {
    var calculator = TestSupport.calculator(after: "2+3")
    let before = calculator
    let recalled = calculator.recall(text)
    #expect(!recalled)
    #expect(calculator == before)
  }

  @Test func rightAfterAClosingParenthesisItChangesNothing() {
    var calculator = TestSupport.calculator(after: "(2+3)")
    let before = calculator
    let recalled = calculator.recall("4")
    #expect(!recalled)
    #expect(calculator == before)
  }
}

/// The tape's calculations in chunks: the same as an array through random appends, drops and
/// edits, and equal to an array's however chunked.
@Suite struct CalculationListTests {
  static func calculation(_ number: Int) -> Calculation {
    Calculation(rows: ["\(number)", "+ 1"], result: "\(number + 1)")
  }

  @Test(arguments: 1...10 as ClosedRange<UInt64>)
  func itBehavesAsAnArray(seed: UInt64) {
    var random = TestSupport.SeededGenerator(seed: seed)
    var list = CalculationList()
    var array: [Calculation] = []
    for step in 0..<2_000 {
      switch Int.random(in: 0..<10, using: &random) {
      case 0...5:
        list.append(Self.calculation(step))
        array.append(Self.calculation(step))
      case 6, 7:
        let dropped = Int.random(in: 0...min(array.count, 150), using: &random)
        list.removeFirst(dropped)
        array.removeFirst(dropped)
      default:
        guard !array.isEmpty else { continue }
        let index = Int.random(in: array.indices, using: &random)
        list[index] = Self.calculation(-step)
        array[index] = Self.calculation(-step)
      }
      #expect(list.count == array.count)
      #expect(Array(list) == array, "seed \(seed), step \(step)")
      #expect(list == CalculationList(array))  // chunked from the start: equal all the same
    }
    #expect(list != CalculationList(array + [Self.calculation(0)]))
  }
}
