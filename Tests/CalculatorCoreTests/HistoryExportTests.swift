import CalculatorCore
import TestSupport
import Testing

/// `--history --format` (docs/SPEC.md section 8.4): text, CSV (RFC 4180) and JSON, oldest first.
@Suite struct HistoryExportTests {
  static func export(_ tape: HistoryTape, _ format: HistoryFormat) -> String {
    var text = ""
    tape.export(as: format, localTime: { $0.localTime { _ in 3_600 } }) { text += $0 }
    return text
  }

  static let tape: HistoryTape = {
    var document = Document()
    let stamps: [UInt64] = [1_796_284_385_284_144_330, 1_796_284_391_002_537_112]
    let keys = (try? Key.sequence("1200*1.08+49.9=*2=")) ?? []
    for (index, key) in keys.enumerated() {
      document.press(key, at: index == 14 ? stamps[0] : stamps[1])
    }
    return document.tape
  }()

  @Test func text() {
    #expect(
      Self.export(Self.tape, .text)
        == "1,200 × 1.08 + 49.9 = 1,345.9\n1,345.9 × 2 = 2,691.8\n")
    #expect(Self.export(HistoryTape(), .text) == "")
  }

  @Test func csv() {
    #expect(
      Self.export(Self.tape, .csv)
        == "time,expression,result\r\n"
        + "2026-12-03T08:53:05+01:00,\"1,200 × 1.08 + 49.9\",\"1,345.9\"\r\n"
        + "2026-12-03T08:53:11+01:00,\"1,345.9 × 2\",\"2,691.8\"\r\n")
    #expect(Self.export(HistoryTape(), .csv) == "time,expression,result\r\n")
  }

  @Test func json() {
    #expect(
      Self.export(Self.tape, .json)
        == "[\n"
        + "{\"id\":\"1796284385284144330\",\"time\":\"2026-12-03T08:53:05+01:00\","
        + "\"rows\":[\"1,200\",\"× 1.08\",\"+ 49.9\"],\"result\":\"1,345.9\",\"order\":\"left\","
        + "\"continues\":null},\n"
        + "{\"id\":\"1796284391002537112\",\"time\":\"2026-12-03T08:53:11+01:00\","
        + "\"rows\":[\"1,345.9\",\"× 2\"],\"result\":\"2,691.8\",\"order\":\"left\","
        + "\"continues\":\"1796284385284144330\"}\n"
        + "]\n")
    #expect(Self.export(HistoryTape(), .json) == "[]\n")
  }

  /// A calculation of a first-version tape has no time; quotes and line breaks in a field (no
  /// calculation of the calculator has them) are quoted as RFC 4180 says.
  @Test func fieldsWithoutATimeOrWithQuotes() {
    var tape = HistoryTape()
    tape.append(Calculation(rows: ["say \"1\"", "+ 2"], result: "3"))
    var math = Calculation(rows: ["2", "+ 3", "× 4"], result: "14")
    math.order = .math
    tape.append(math)
    #expect(
      Self.export(tape, .csv)
        == "time,expression,result\r\n,\"say \"\"1\"\" + 2\",3\r\n,2 + 3 × 4,14\r\n")
    #expect(
      Self.export(tape, .json)
        == "[\n{\"id\":\"1\",\"time\":null,\"rows\":[\"say \\\"1\\\"\",\"+ 2\"],\"result\":\"3\","
        + "\"order\":\"left\",\"continues\":null},\n"
        + "{\"id\":\"2\",\"time\":null,\"rows\":[\"2\",\"+ 3\",\"× 4\"],\"result\":\"14\","
        + "\"order\":\"math\",\"continues\":null}\n]\n")
  }
}
