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

  /// docs/SPEC.md section 15.1: at least 100,000 kept; past 110,000 the oldest go, down to
  /// 100,000, so the file is rewritten once in ten thousand calculations.
  @Test func theTapeKeepsAtLeastAHundredThousand() {
    var tape = HistoryTape()
    for index in 1...110_000 {
      tape.append(Calculation(rows: ["\(index)", "+ 1"], result: "\(index + 1)"))
    }
    #expect(tape.count == 110_000)
    tape.append(Calculation(rows: ["110001", "+ 1"], result: "110002"))
    #expect(tape.count == 100_000)
    #expect(tape.calculations.first?.rows.first == "10002")
    #expect(tape.calculations.first?.id == CalculationID(rawValue: 10_002))
    #expect(tape.calculations.last?.rows.first == "110001")
    #expect(tape.fileSize == tape.fileText.utf8.count)
  }

  /// Past 32 MiB of file the oldest go down to 28 MiB; a calculation whose line would pass
  /// 64 KiB is not kept (docs/SPEC.md section 15.1).
  @Test func longCalculationsDropOlderOnesToStayUnderTheFileLimit() {
    // One row of 60,000 digits: lines of 60,012 to 60,014 bytes with their identities.
    let big = Calculation(rows: [String(repeating: "1", count: 60_000)], result: "1")
    var tape = HistoryTape()
    for _ in 0..<559 { tape.append(big) }
    #expect(tape.count == 559)  // 33,547,739 bytes: under 32 MiB (33,554,432)
    #expect(tape.fileSize == tape.fileText.utf8.count)
    tape.append(big)  // 33,607,753 bytes: the oldest 71 go, under 28 MiB (29,360,128)
    #expect(tape.count == 489)
    #expect(tape.calculations.first?.id == CalculationID(rawValue: 72))
    #expect(tape.fileSize <= 28 << 20)
    #expect(tape.fileSize == tape.fileText.utf8.count)
    let tooLong = Calculation(rows: [String(repeating: "1", count: 65_536)], result: "1")
    tape.append(tooLong)  // a line over 64 KiB: not kept
    #expect(tape.count == 489)
    #expect(tape.calculations.last?.rows == big.rows)
  }

  @Test func theFileFormat() throws {
    let tape = Self.tape(after: "1200*1.08+49.9=2*(3+4)=/0=")
    let text = """
      circlecalc history 3
      1\tleft\t1,200\t× 1.08\t+ 49.9\t= 1,345.9
      2\tleft\t2\t× (3\t+ 4)\t= 14
      3^2\tleft\t14\t÷ 0\t= NaN

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
      "circlecalc history 3\n1764700000123456789\tleft\t2\t× 3\t= 6\n"
      + "1764700005000000000^1764700000123456789\tleft\t6\t+ 4\t= 10\n"
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
        == "circlecalc history 3\n1\tleft\t1,200\t× 1.08\t+ 49.9\t= 1,345.9\n"
        + "2\tleft\t5\t÷ 0\t= NaN\n")
  }

  /// A file of the second version (no orders) reads, every calculation left to right, and is
  /// written in the current version.
  @Test func aFileOfTheSecondVersionReads() throws {
    let old = "circlecalc history 2\n7\t1,200\t× 1.08\t= 1,296\n9^7\t1,296\t+ 4\t= 1,300\n"
    let contents = try Self.contents(old)
    #expect(contents.version == 2 && !contents.isCurrent)
    #expect(contents.tape.calculations.map(\.order) == [.leftToRight, .leftToRight])
    #expect(contents.tape.calculations.map(\.source) == [nil, CalculationID(rawValue: 7)])
    #expect(
      contents.tape.fileText
        == "circlecalc history 3\n7\tleft\t1,200\t× 1.08\t= 1,296\n"
        + "9^7\tleft\t1,296\t+ 4\t= 1,300\n")
  }

  /// Each calculation keeps its order (docs/SPEC.md section 12) through the file.
  @Test func theOrderOfEachCalculationRoundTrips() throws {
    var math = Calculation(rows: ["2", "+ 3", "× 4"], result: "14")
    math.order = .math
    var tape = HistoryTape()
    tape.append(math)
    tape.append(Calculation(rows: ["2", "+ 3", "× 4"], result: "20"))
    #expect(
      tape.fileText
        == "circlecalc history 3\n1\tmath\t2\t+ 3\t× 4\t= 14\n2\tleft\t2\t+ 3\t× 4\t= 20\n")
    let read = try HistoryTape(fileBytes: Array(tape.fileText.utf8))
    #expect(read == tape)
    #expect(read.calculations.map(\.order) == [.math, .leftToRight])
  }

  static func contents(_ text: String) throws -> HistoryFileContents {
    var reader = HistoryFileReader()
    try Array(text.utf8).withUnsafeBufferPointer { try reader.read($0) }
    return try reader.finish()
  }

  /// A file cut in the middle of its last line (a crash while a line was appended): the line
  /// is dropped and the rest reads (docs/SPEC.md section 8.3).
  @Test(arguments: [
    ("circlecalc history 3\n1\tleft\t1\t+ 1\t= 2\n2\tleft\t3\t+ 4", 1),
    ("circlecalc history 3\n1\tleft\t1\t+ 1\t= 2\n2\tle", 1),
    ("circlecalc history 3\n1\tleft\t1\t+ 1\t= ", 0),
    ("circlecalc history 1\n1\t+ 1\t= 2\n3\t+ 4", 1),
    ("circlecalc history 2\n5\t1\t+ 1\t= 2\n6", 1),
  ])
  func aLastLineCutShortIsDropped(text: String, count: Int) throws {
    let contents = try Self.contents(text)
    #expect(contents.droppedPartialLine)
    #expect(!contents.isCurrent)
    #expect(contents.tape.count == count)
  }

  /// A file just as the program writes it can be appended to; anything else is rewritten.
  @Test func aFileAsWrittenIsCurrent() throws {
    let tape = Self.tape(after: "1200*1.08+49.9=2*(3+4)=/0=")
    #expect(try Self.contents(tape.fileText).isCurrent)
    #expect(try Self.contents(tape.fileText).tape == tape)
    #expect(try Self.contents(HistoryTape.header + "\n").isCurrent)
    #expect(try !Self.contents(HistoryTape.header).isCurrent)  // its newline missing
    #expect(try !Self.contents("").isCurrent)
    // Appended in blocks cut anywhere, the same.
    let bytes = Array(tape.fileText.utf8)
    for cut in [1, 7, 22, 40, bytes.count - 1] {
      var reader = HistoryFileReader()
      try bytes.withUnsafeBufferPointer { buffer in
        try reader.read(UnsafeBufferPointer(rebasing: buffer[..<cut]))
        try reader.read(UnsafeBufferPointer(rebasing: buffer[cut...]))
      }
      let contents = try reader.finish()
      #expect(contents.tape == tape && contents.isCurrent, "cut at \(cut)")
    }
    // Lines appended by another window read on from the tape.
    var longer = tape
    longer.append(Calculation(rows: ["5", "+ 5"], result: "10"), at: 99)
    var reader = HistoryFileReader(continuing: tape)
    try longer.lineBytes(from: tape.count).withUnsafeBufferPointer { try reader.read($0) }
    let appended = try reader.finish()
    #expect(appended.tape == longer && appended.isCurrent)
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
    ("circlecalc history 1", 0), ("circlecalc history 2", 0), ("circlecalc history 3", 0),
    ("circlecalc history 3\n7\tleft\t1\t+ 1\t= 2\n9^7\tmath\t2\t+ 1\t× 2\t= 4\n", 2),
    ("circlecalc history 1\n1\t= 1\n-1e-9\t× NaN\t= NaN\n", 2),
    ("circlecalc history 2\n", 0), ("circlecalc history 2\n7\t1\t+ 1\t= 2\n", 1),
    ("circlecalc history 2\n7\t1\t= 1\n9^7\t1\t× NaN\t= NaN\n", 2),
    ("circlecalc history 2\n18446744073709551615\t1\t+ 1\t= 2\n", 1),
  ])
  func goodFiles(text: String, count: Int) throws {
    #expect(try HistoryTape(fileBytes: Array(text.utf8)).count == count)
  }

  @Test(arguments: HistoryTape.headers)
  func aFileOfMoreThanTheMostKeepsTheNewest(header: String) throws {
    let fields = { (line: Int) in
      switch header {
      case HistoryTape.headers[0]: ""
      case HistoryTape.headers[1]: "\(line)\t"
      default: "\(line)\tleft\t"
      }
    }
    let lines = (1...110_001).map { "\(fields($0))\($0)\t+ 1\t= \($0 + 1)\n" }
    let contents = try Self.contents(header + "\n" + lines.joined())
    let tape = contents.tape
    #expect(tape.count == 100_000)
    #expect(tape.calculations.first?.rows == ["10002", "+ 1"])
    #expect(tape.calculations.first?.id.rawValue == 10_002)
    #expect(tape.fileSize == tape.fileText.utf8.count)
    #expect(!contents.isCurrent)  // rewritten at the next save
  }

  static let header = "circlecalc history 1\n"
  static let second = "circlecalc history 2\n"
  static let current = "circlecalc history 3\n"

  static let badTexts: [(String, HistoryFileError)] = [
    ("hello\n", .notAHistory),
    ("circlecalc history 4\n1\tleft\t1\t+ 1\t= 2\n", .notAHistory),
    ("circlecalc history 3 \n", .notAHistory),
    ("circlecalc history", .notAHistory),
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
    // The second version: an identity, newer than the line before's, links to older ones.
    (second + "1 + 1\t= 2\n", .badLine(2)),
    (second + "0\t1\t+ 1\t= 2\n", .badLine(2)),
    (second + "01\t1\t+ 1\t= 2\n", .badLine(2)),
    (second + "5\t1\t+ 1\t= 2\n5\t1\t+ 1\t= 2\n", .badLine(3)),
    (second + "5\t1\t+ 1\t= 2\n4\t1\t+ 1\t= 2\n", .badLine(3)),
    (second + "5^5\t1\t+ 1\t= 2\n", .badLine(2)),
    (second + "5^6\t1\t+ 1\t= 2\n", .badLine(2)),
    (second + "5^\t1\t+ 1\t= 2\n", .badLine(2)),
    (second + "^5\t1\t+ 1\t= 2\n", .badLine(2)),
    (second + "5x\t1\t+ 1\t= 2\n", .badLine(2)),
    (second + "18446744073709551616\t1\t+ 1\t= 2\n", .badLine(2)),
    (second + "7\t= 1\n", .badLine(2)),
    // The current version: an identity, then the order.
    (current + "1\t1\t+ 1\t= 2\n", .badLine(2)),
    (current + "1\tLeft\t1\t+ 1\t= 2\n", .badLine(2)),
    (current + "1\tleft \t1\t+ 1\t= 2\n", .badLine(2)),
    (current + "1\tleft\n", .badLine(2)),
    (current + "1\tmath\t= 2\n", .badLine(2)),
    (current + "1\tleft\t1\t+ 1\t= 2\n1\tleft\t1\t+ 1\t= 2\n", .badLine(3)),
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

  /// The longest line a file may hold reads (64 KiB with its newline); a byte more does not,
  /// nor a first line that long, without reading on (docs/SPEC.md section 8.3).
  @Test func theLongestLineReadsAndNoLongerOne() throws {
    let line = { (bytes: Int) in
      "1\tleft\t" + String(repeating: "1", count: bytes - 12) + "\t= 1\n"
    }
    #expect(line(65_536).utf8.count == 65_536)
    #expect(try HistoryTape(fileBytes: Array((Self.current + line(65_536)).utf8)).count == 1)
    #expect(throws: HistoryFileError.lineTooLong(2)) {
      _ = try HistoryTape(fileBytes: Array((Self.current + line(65_537)).utf8))
    }
    #expect(throws: HistoryFileError.lineTooLong(3)) {
      _ = try HistoryTape(fileBytes: Array((Self.current + line(99) + line(1 << 20)).utf8))
    }
    #expect(throws: HistoryFileError.notAHistory) {
      _ = try HistoryTape(fileBytes: [UInt8](repeating: 0x63, count: 70_000))
    }
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
