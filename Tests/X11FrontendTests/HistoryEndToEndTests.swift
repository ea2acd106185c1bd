import CalculatorCore
import CalculatorLayout
import CalculatorRender
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The tape in the real window (docs/SPEC.md section 8): the tape survives a restart, one wheel
/// tick shows the last calculation, a click on an old result puts it in the display, two windows
/// share the file, Clear History empties it and a bad file never stops the window. After each step
/// a capture equals the renderer's frame of the same state, pixel for pixel.
@Suite(TestSupport.needs(TestSupport.xTools))
struct HistoryEndToEndTests {
  /// A state folder of the test's own, removed afterwards.
  final class State {
    let url = URL(fileURLWithPath: TestSupport.temporaryPath("tape"))
    var file: String { url.path + "/circlecalc/history" }
    deinit { try? FileManager.default.removeItem(at: url) }

    /// The saved text; nil when there is no file.
    var text: String? { try? String(contentsOfFile: file, encoding: .utf8) }

    /// The calculations the file holds, each `rows<TAB>…<TAB>= result` (its identity left
    /// out); nil when there is no file or it is not a history.
    var lines: [String]? {
      guard let text, let tape = try? HistoryTape(fileBytes: Array(text.utf8)) else { return nil }
      return tape.calculations.map { ($0.rows + ["= " + $0.result]).joined(separator: "\t") }
    }

    /// Waits until the file holds `lines` (each `rows<TAB>…<TAB>= result`) or `timeout` passes,
    /// and returns the calculations it holds then (a file that is not a history throws).
    @discardableResult
    func waitFor(_ lines: [String], timeout: Double = TestSupport.patience) throws -> [Calculation]
    {
      let deadline = TestSupport.now() + timeout
      while self.lines != lines, TestSupport.now() < deadline { usleep(20_000) }
      return Array(try HistoryTape(fileBytes: Array((text ?? "").utf8)).calculations)
    }
  }

  /// `--keys` tokens as the keysyms xdotool types.
  static func keysyms(_ keys: String) -> [String] {
    let names: [Character: String] = [
      "+": "plus", "-": "minus", "*": "asterisk", "/": "slash", "=": "Return", ".": "period",
    ]
    return keys.map { names[$0] ?? String($0) }
  }

  /// The three calculations the tests make, oldest first, as the strip shows them.
  static let three = HistoryTape([
    Calculation(rows: ["2", "+ 3", "× 4"], result: "20"),
    Calculation(rows: ["7", "÷ 0"], result: "NaN"),
    Calculation(rows: ["1,200", "× 1.08", "+ 49.9"], result: "1,345.9"),
  ])
  static let threeLines = [
    "2\t+ 3\t× 4\t= 20", "7\t÷ 0\t= NaN", "1,200\t× 1.08\t+ 49.9\t= 1,345.9",
  ]

  /// Moves the pointer over the history strip and turns the wheel up `ticks` times.
  static func scrollUp(_ window: CalculatorWindow, ticks: Int) throws {
    let strip = window.layout.historyRect
    try window.xdotool(
      "mousemove", "--window", window.window, "\(Int(strip.maxX) - 20)", "\(Int(strip.maxY) - 5)",
      "click", "--repeat", "\(ticks)", "--delay", "20", "4")
  }

  @Test func threeCalculationsSurviveARestartAndAClickRecallsAnOldResult() throws {
    let server = try XvfbServer()
    let state = State()
    do {
      let window = try CalculatorWindow(server: server, stateDirectory: state.url)
      try window.type(Self.keysyms("2+3*4=7/0=1200*1.08+49.9="))
      #expect(
        try window.differingPixels(from: window.render(keys: "2+3*4=7/0=1200*1.08+49.9=")) == 0)
      try state.waitFor(Self.threeLines)
      try window.type("ctrl+q")
      #expect(window.exit()?.status == 0)
    }
    #expect(try state.waitFor(Self.threeLines).map(\.line) == Self.three.calculations.map(\.line))
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_STATE_HOME"] = state.url.path
    let printed = try TestSupport.circlecalc(["--history"], environment: environment)
    #expect(
      printed.stdout == "2 + 3 × 4 = 20\n7 ÷ 0 = NaN\n1,200 × 1.08 + 49.9 = 1,345.9\n")

    // Started again: at rest the strip shows the tape's newest rows above the (empty) current
    // calculation (docs/SPEC.md section 8): six past rows fit at 360 × 640.
    let window = try CalculatorWindow(server: server, stateDirectory: state.url)
    var frame = Frame(calculator: Calculator(), width: window.width, height: window.height)
    frame.tape.past = Self.three
    #expect(
      frame.shownHistoryRows.map(\.text) == [
        "÷ 0", "= NaN", "1,200", "× 1.08", "+ 49.9", "= 1,345.9",
      ])
    #expect(
      try window.differingPixels(from: window.render(Calculator(), tape: Self.three)) == 0)
    // A row a tick, up to the oldest at the top: five ticks.
    #expect(frame.maxHistoryOffset == 5)
    try Self.scrollUp(window, ticks: 6)
    frame.tape.offset = 5
    #expect(
      frame.shownHistoryRows.map(\.text) == ["2", "+ 3", "× 4", "= 20", "7", "÷ 0"])
    #expect(
      try window.differingPixels(
        from: window.render(Calculator(), historyOffset: 5, tape: Self.three)) == 0)
    // Click the oldest calculation's result.
    let twenty = try #require(frame.shownHistoryRows.first { $0.text == "= 20" }).rect
    try window.xdotool(
      "mousemove", "--window", window.window, "\(Int(twenty.maxX) - 10)",
      "\(Int(twenty.minY + twenty.height / 2))",
      "click", "1")
    var recalled = Calculator()
    var tape = Self.three
    let isNumber = recalled.recall("20")
    #expect(isNumber)
    #expect(try window.differingPixels(from: window.render(recalled, tape: tape)) == 0)
    // It is a result: a digit starts a new number; an operator goes on from it.
    try window.type(Self.keysyms("*2="))
    recalled.press(.operation(.multiply), recordingOn: &tape)
    recalled.press(.digit(.two), recordingOn: &tape)
    recalled.press(.equals, recordingOn: &tape)
    #expect(try window.differingPixels(from: window.render(recalled, tape: tape)) == 0)
    try state.waitFor(Self.threeLines + ["20\t× 2\t= 40"])
    #expect(window.errorOutput.isEmpty)
  }

  /// Two windows on two X servers, one state folder: turns first, then both typing at once.
  /// The file is a history at every moment and ends with every calculation of both, each
  /// window's in its order (merge on write).
  @Test func twoWindowsWritingAtOnceKeepEveryCalculation() throws {
    let servers = [try XvfbServer(), try XvfbServer()]
    let state = State()
    let windows = try servers.map { try CalculatorWindow(server: $0, stateDirectory: state.url) }
    var lines: [String] = []
    for (turn, window) in [0, 1, 0, 1].map({ (turn: $0, window: windows[$0]) }) {
      let number = lines.count + 1
      try window.type(Self.keysyms("\(number)+\(turn)="))
      lines.append("\(number)\t+ \(turn)\t= \(number + turn)")
      #expect(try state.waitFor(lines).count == lines.count, "after \(lines.count)")
    }
    // Both at once: 40 calculations each, typed with no delay, while a reader checks the file.
    let keys = (0..<2).map { window in
      (0..<40).map { "\(window + 1)\($0)*\(window + 2)=" }.joined()
    }
    let typists = try (0..<2).map { index in
      try ChildProcess(
        ["xdotool", "key", "--delay", "0"] + Self.keysyms(keys[index]),
        environment: servers[index].environment)
    }
    var seenBad = 0
    while typists.contains(where: \.isRunning) {
      if let text = state.text, (try? HistoryTape(fileBytes: Array(text.utf8))) == nil {
        seenBad += 1
      }
      usleep(2_000)
    }
    #expect(seenBad == 0, "the file was not a history \(seenBad) times")
    #expect(typists.allSatisfy { $0.status == 0 })
    let deadline = TestSupport.now() + TestSupport.patience
    var saved: [Calculation] = []
    while saved.count < 84, TestSupport.now() < deadline {
      let tape = try? HistoryTape(fileBytes: Array((state.text ?? "").utf8))
      saved = tape.map { Array($0.calculations) } ?? []
      usleep(20_000)
    }
    #expect(saved.count == 84)
    #expect(saved.prefix(4).map(\.line) == ["1 + 0 = 1", "2 + 1 = 3", "3 + 0 = 3", "4 + 1 = 5"])
    for window in 0..<2 {
      let own = saved.dropFirst(4).filter { $0.rows.last == "× \(window + 2)" }
      let operands = (0..<40).map { String("\(window + 1)\($0)") }
      #expect(own.map { $0.rows[0] } == operands, "window \(window + 1)")
    }
    // Each window shows the other's calculations once it scrolls: the first window's strip
    // one tick up holds the newest of all.
    let last = try #require(saved.last)
    try Self.scrollUp(windows[0], ticks: 1)
    let tape = HistoryTape(saved)
    let calculator = TestSupport.calculator(after: keys[0])
    #expect(
      try windows[0].differingPixels(
        from: windows[0].render(calculator, historyOffset: 1, tape: tape)) == 0, "\(last.line)")
  }

  @Test func clearHistoryInTheMenuEmptiesTheTapeAndTheFile() throws {
    let server = try XvfbServer()
    let state = State()
    let window = try CalculatorWindow(server: server, stateDirectory: state.url)
    try window.type(Self.keysyms("2+3*4=7/0=1200*1.08+49.9="))
    try state.waitFor(Self.threeLines)
    try window.click(.modes)
    try window.click(.clearHistory)
    try state.waitFor([])
    #expect(state.text == "circlecalc history 3\n")
    // Nothing to scroll back to; the current calculation is still there.
    try Self.scrollUp(window, ticks: 1)
    let current = TestSupport.calculator(after: "1200*1.08+49.9=")
    let offset = window.layout.maxHistoryOffset(rowCount: current.historyCount)
    #expect(try window.differingPixels(from: window.render(current, historyOffset: offset)) == 0)
    try window.type(Self.keysyms("1+1="))
    try state.waitFor(["1\t+ 1\t= 2"])
  }

  enum BadFile: String, CaseIterable, Sendable {
    case corrupt, truncated, huge, longLine, folder
  }

  /// A bad file: one line on stderr, the window opens and works; the file is kept as
  /// `history.bad` and a new history starts (a folder is left alone and nothing is saved). A
  /// file whose last line was cut short (a crash while appending) loads without it, says so,
  /// and is rewritten whole at the next save (docs/SPEC.md section 8.3).
  @Test(arguments: BadFile.allCases)
  func aBadFileIsOneLineOnStderrAndTheWindowOpens(bad: BadFile) throws {
    let server = try XvfbServer()
    let state = State()
    try FileManager.default.createDirectory(
      atPath: state.url.path + "/circlecalc", withIntermediateDirectories: true)
    let original = "circlecalc history 1\n1\t+ 1\t= 2\n1\t+ 1"
    switch bad {
    case .corrupt: try "\u{89}PNG\r\n".write(toFile: state.file, atomically: false, encoding: .utf8)
    case .truncated: try original.write(toFile: state.file, atomically: false, encoding: .utf8)
    case .huge:  // 200 MB, refused from its size
      let descriptor = open(state.file, O_WRONLY | O_CREAT, 0o600)
      #expect(ftruncate(descriptor, 200_000_000) == 0)
      close(descriptor)
    case .longLine:  // a line of 1 MB
      try ("circlecalc history 3\n1\tleft\t" + String(repeating: "1", count: 1 << 20) + "\t= 1\n")
        .write(toFile: state.file, atomically: false, encoding: .utf8)
    case .folder:
      try FileManager.default.createDirectory(atPath: state.file, withIntermediateDirectories: true)
    }
    let window = try CalculatorWindow(server: server, stateDirectory: state.url)
    let kept =
      bad == .truncated
      ? HistoryTape([Calculation(rows: ["1", "+ 1"], result: "2")]) : HistoryTape()
    #expect(try window.differingPixels(from: window.render(Calculator(), tape: kept)) == 0)
    let message = window.errorOutput
    #expect(message.hasPrefix("circlecalc: the history file \(state.file) "), "\(message)")
    #expect(message.filter { $0 == "\n" }.count == 1, "\(message)")
    try window.type(Self.keysyms("6*7="))
    let after = HistoryTape(
      Array(kept.calculations) + [Calculation(rows: ["6", "× 7"], result: "42")])
    #expect(
      try window.differingPixels(
        from: window.render(TestSupport.calculator(after: "6*7="), tape: after)) == 0)
    try window.type("ctrl+q")
    #expect(window.exit()?.status == 0)
    #expect(window.errorOutput == message)  // nothing more said
    let aside = state.file + ".bad"
    switch bad {
    case .folder:
      var isFolder: ObjCBool = false
      #expect(FileManager.default.fileExists(atPath: state.file, isDirectory: &isFolder))
      #expect(isFolder.boolValue)
      #expect(!FileManager.default.fileExists(atPath: aside))
    case .truncated:
      #expect(
        message.hasSuffix(" ends in the middle of a line (cut short); that line was dropped\n"))
      #expect(!FileManager.default.fileExists(atPath: aside))
      #expect(state.lines == ["1\t+ 1\t= 2", "6\t× 7\t= 42"])
      #expect(state.text?.hasPrefix("circlecalc history 3\n1\tleft\t1\t+ 1\t= 2\n") == true)
    case .corrupt, .huge, .longLine:
      #expect(FileManager.default.fileExists(atPath: aside))
      #expect(state.lines == ["6\t× 7\t= 42"])
    }
  }
}
