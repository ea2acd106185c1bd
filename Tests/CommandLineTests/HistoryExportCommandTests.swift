import CalculatorCore
import Foundation
import TestSupport
import Testing

/// `circlecalc --history --format` (docs/SPEC.md section 8.4) and a tape of years (section 15):
/// a generated tape of 100,000 calculations loads, is searched and exported, the CSV read back
/// with Python's csv module and the JSON with its json module, both compared with `--history`
/// and with the file.
@Suite("circlecalc --history --format")
struct HistoryExportCommandTests {
  typealias State = HistoryCommandTests.State

  static let root = TestSupport.repositoryRoot
  static let generator = root.appendingPathComponent("bench/tape.py").path
  static let checker = root.appendingPathComponent("Tests/CommandLineTests/history-export.py").path

  /// A state folder holding `bench/tape.py`'s tape of `count` calculations, its last 1,000 a
  /// chain.
  static func generated(_ count: Int) throws -> State {
    let state = try State()
    let tape = try TestSupport.run(
      "python3", [generator, "\(count)", "--chain", "1000"], timeout: 600)
    #expect(tape.status == 0, "\(tape.stderr)")
    try Data(tape.stdoutBytes).write(to: URL(fileURLWithPath: state.file))
    return state
  }

  @Test func aTapeOfAHundredThousandLoadsSearchesAndExports() throws {
    let state = try Self.generated(100_000)
    var environment = state.environment
    environment["TZ"] = "Europe/Paris"
    var outputs: [String] = []
    for format in [[], ["--format", "csv"], ["--format", "json"]] {
      let run = try TestSupport.circlecalc(
        ["--history"] + format, environment: environment, timeout: 600)
      #expect(run.status == 0 && run.stderr.isEmpty, "\(format): \(run.stderr)")
      let path = state.root + "/export-\(outputs.count)"
      try Data(run.stdoutBytes).write(to: URL(fileURLWithPath: path))
      outputs.append(path)
    }
    let check = try TestSupport.run(
      "python3", [Self.checker, state.file] + outputs + ["Europe/Paris"], timeout: 600)
    #expect(check.stdout == "ok 100000\n", "\(check.stdout)\(check.stderr)")

    // The search (docs/SPEC.md section 15.3) over the tape as the window reads it, against the
    // rules written again on the printed lines.
    let tape = try HistoryTape(
      fileBytes: Array(try Data(contentsOf: URL(fileURLWithPath: state.file))))
    #expect(tape.count == 100_000)
    let lines = try String(contentsOfFile: outputs[0], encoding: .utf8).split(separator: "\n")
    func comparable(_ text: Substring) -> String {
      var text = text.lowercased()
      for (glyph, ascii) in [("−", "-"), ("×", "*"), ("÷", "/"), (" ", ""), (",", "")] {
        text = text.replacingOccurrences(of: glyph, with: ascii)
      }
      return text
    }
    let readable = lines.map(comparable)
    var search: TapeSearch?
    for query in ["1", "13", "134", "1345", "1,345", "1345.", "= 1,00", "/ 1", "× 2 =", "nan"] {
      search = TapeSearch(query, in: tape, narrowing: search)
      let text = comparable(query[...])
      let expected = readable.indices.reversed().filter { readable[$0].contains(text) }
      #expect(search?.matches == expected, "\(query)")
      #expect(search?.countText == (expected.isEmpty ? "0 of 0" : "1 of \(expected.count)".grouped))
    }
    // The chain's first number, 1, edited to 1,001: all 1,000 computed again, the last 1,000
    // more.
    var edited = tape
    edited.edit(row: 0, of: tape.calculations.id(at: 99_000), to: .success(RealNumber(1_001)))
    #expect(edited.calculations.last?.line == "2,000 + 1 = 2,001")
    #expect(tape.calculations.last?.line == "1,000 + 1 = 1,001")
  }

  @Test func anUnknownFormatIsABadCommandLine() throws {
    let state = try State(history: HistoryCommandTests.saved)
    let run = try TestSupport.circlecalc(
      ["--history", "--format", "xml"], environment: state.environment)
    #expect(run.status == 2)
    #expect(run.stdout.isEmpty)
    #expect(
      run.stderr
        == "circlecalc: unknown format 'xml' for --format: expected text, csv, json"
        + " (see circlecalc --help)\n")
    for arguments in [
      ["--format", "csv"], ["--format"], ["--format=json", "--print"],
      ["--history", "--format", "csv", "--keys", "1"],
    ] {
      let run = try TestSupport.circlecalc(arguments, environment: state.environment)
      #expect(run.status == 2 && run.stdout.isEmpty, "\(arguments)")
      #expect(run.stderr.filter { $0 == "\n" }.count == 1, "\(arguments): \(run.stderr)")
    }
    #expect(state.files == ["history": HistoryCommandTests.saved])
  }

  /// Times on the local clock, daylight saving included: winter and summer in Paris.
  @Test func timesAreTheLocalClocks() throws {
    let state = try State(
      history: "circlecalc history 3\n1796284385284144330\tleft\t1,200\t× 1.08\t= 1,296\n"
        + "1812000000000000000^1796284385284144330\tmath\t1,296\t+ 4\t× 2\t= 1,304\n")
    var environment = state.environment
    environment["TZ"] = "Europe/Paris"
    let csv = try TestSupport.circlecalc(["--history", "--format=csv"], environment: environment)
    #expect(
      csv.stdout
        == "time,expression,result\r\n2026-12-03T08:53:05+01:00,\"1,200 × 1.08\",\"1,296\"\r\n"
        + "2027-06-03T07:20:00+02:00,\"1,296 + 4 × 2\",\"1,304\"\r\n")
    environment["TZ"] = "UTC"
    let json = try TestSupport.circlecalc(
      ["--history", "--format", "json"], environment: environment)
    #expect(
      json.stdout
        == "[\n{\"id\":\"1796284385284144330\",\"time\":\"2026-12-03T07:53:05Z\","
        + "\"rows\":[\"1,200\",\"× 1.08\"],\"result\":\"1,296\",\"order\":\"left\","
        + "\"continues\":null},\n"
        + "{\"id\":\"1812000000000000000\",\"time\":\"2027-06-03T05:20:00Z\",\"rows\":[\"1,296\","
        + "\"+ 4\",\"× 2\"],\"result\":\"1,304\",\"order\":\"math\","
        + "\"continues\":\"1796284385284144330\"}\n]\n")
  }

  /// A last line cut short: dropped with one line on stderr, the rest printed, status 0; the
  /// file is only read.
  @Test func aLastLineCutShortIsDroppedWithOneLine() throws {
    let history = "circlecalc history 3\n5\tleft\t1\t+ 1\t= 2\n6\tleft\t2\t+ 2"
    let state = try State(history: history)
    let run = try TestSupport.circlecalc(["--history"], environment: state.environment)
    #expect(run.status == 0)
    #expect(run.stdout == "1 + 1 = 2\n")
    #expect(
      run.stderr
        == "circlecalc: the history file \(state.file) ends in the middle of a line (cut short);"
        + " that line was dropped\n")
    #expect(state.files == ["history": history])
  }

  /// Files too large or with lines too long are refused at once, with bounded memory: 200 MB
  /// (sparse, never read), 10 million tiny lines (60 MB, refused from its size), a line of
  /// 1 MB (refused at the line).
  @Test(arguments: ["huge", "tiny lines", "long line"])
  func largeFilesAreRefusedAtOnce(kind: String) throws {
    let state = try State()
    switch kind {
    case "huge":
      let descriptor = open(state.file, O_WRONLY | O_CREAT, 0o600)
      ftruncate(descriptor, 200_000_000)
      close(descriptor)
    case "tiny lines":
      var bytes = Array("circlecalc history 1\n".utf8)
      bytes += [UInt8](repeating: 0, count: 10_000_000 * 6)
      for line in 0..<10_000_000 {
        let base = 21 + line * 6
        bytes[base] = 0x31  // 1<TAB>= 1<NEWLINE>
        bytes[base + 1] = 0x09
        bytes[base + 2] = 0x3D
        bytes[base + 3] = 0x20
        bytes[base + 4] = 0x31
        bytes[base + 5] = 0x0A
      }
      try Data(bytes).write(to: URL(fileURLWithPath: state.file))
    default:
      try ("circlecalc history 3\n1\tleft\t" + String(repeating: "1", count: 1 << 20) + "\t= 1\n")
        .write(toFile: state.file, atomically: false, encoding: .utf8)
    }
    let run = try TestSupport.circlecalc(["--history"], environment: state.environment, timeout: 60)
    #expect(!run.timedOut)
    #expect(run.status == 1 && run.stdout.isEmpty)
    let expected =
      switch kind {
      case "huge": "is 200000000 bytes, over the 33554432 a history may hold"
      case "tiny lines": "is 60000021 bytes, over the 33554432 a history may hold"
      default: "has a line (2) over the 65536 bytes a line may hold"
      }
    #expect(run.stderr == "circlecalc: the history file \(state.file) \(expected)\n")
  }
}

extension String {
  /// `"1 of 12345"` → `"1 of 12,345"`: the count as the search line shows it.
  fileprivate var grouped: String {
    let parts = split(separator: " ")
    guard let last = parts.last, let number = Int(last) else { return self }
    let digits = String(number)
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { result += "," }
      result.append(digit)
    }
    return parts.dropLast().joined(separator: " ") + " " + result
  }
}
