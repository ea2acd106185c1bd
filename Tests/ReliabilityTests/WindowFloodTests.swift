import CalculatorCore
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The real window under floods and faults (docs/SPEC.md section 1.2): keys and clicks as fast as
/// xdotool sends them, resize storms, signals and a vanishing X server. After a flood the window
/// must show exactly what `circlecalc --keys <the same keys> --render` draws at its size, so no key
/// was lost, doubled or reordered. Each test has its own Xvfb.
@Suite("Window floods and faults", TestSupport.needs(TestSupport.xTools))
struct WindowFloodTests {
  /// `--keys` token → keysym, for the keys the window binds (Escape is AC, Delete is C).
  static let keysyms: [Character: String] = [
    "0": "0", "1": "1", "2": "2", "3": "3", "4": "4", "5": "5", "6": "6", "7": "7", "8": "8",
    "9": "9", ".": "period", "+": "plus", "-": "minus", "*": "asterisk", "/": "slash",
    "=": "equal", "%": "percent", "n": "n", "a": "Escape", "c": "Delete", "b": "BackSpace",
  ]

  /// Random tokens weighted toward digits, with every key the window binds.
  static func tokens(_ count: Int, seed: UInt64) -> String {
    var random = TestSupport.SeededGenerator(seed: seed)
    let weighted = Array("0123456789012345678901234567890123456789+-*/+-*/==.%nabbbbc")
    return String((0..<count).map { _ in weighted.randomElement(using: &random) ?? "1" })
  }

  /// The history file's lines for the calculations `keys` finish (docs/SPEC.md section 8.1): each
  /// `=` that changed the calculator and leaves two rows or more, as the strip's rows and
  /// `= display`, tab-separated; the newest thousand.
  static func finishedCalculations(_ keys: String) throws -> [String] {
    var calculator = Calculator()
    var lines: [String] = []
    for key in try Key.sequence(keys) {
      let before = calculator
      calculator.press(key)
      if key == .equals, calculator != before, calculator.history.count >= 2 {
        lines.append((calculator.history + ["= " + calculator.display]).joined(separator: "\t"))
      }
    }
    return Array(lines.suffix(1_000))
  }

  @Test("5,000 keys as fast as xdotool sends them: none lost, doubled or reordered, all saved")
  func keyFlood() throws {
    // soak/run asks for 50,000 (WINDOW_FLOOD_KEYS) and a memory check.
    let count = TestSupport.environment("WINDOW_FLOOD_KEYS").flatMap(Int.init) ?? 5_000
    let server = try XvfbServer()
    let state = URL(fileURLWithPath: TestSupport.temporaryPath("flood-state"))
    defer { try? FileManager.default.removeItem(at: state) }
    let window = try CalculatorWindow(server: server, stateDirectory: state)
    let keys = WindowFloodTests.tokens(count, seed: 5_000)
    var sent = ""
    var busy = 0.0  // from the first key of a batch until the window shows its last
    var slowest = Double.infinity
    var startKiB: Int?
    for (index, batch) in stride(from: 0, to: keys.count, by: 1_000).enumerated() {
      let chunk = keys.dropFirst(batch).prefix(1_000)
      let expected = try window.render(keys: sent + chunk)
      let start = TestSupport.now()
      try window.type(chunk.compactMap { WindowFloodTests.keysyms[$0] }, delay: 0)
      sent += chunk
      let difference = try window.differingPixels(from: expected)
      #expect(
        difference == 0, "after \(sent.count) keys the window differs in \(difference) pixels")
      if difference != 0 { return }
      let elapsed = TestSupport.now() - start
      busy += elapsed
      slowest = min(slowest, Double(chunk.count) / elapsed)
      if index == 4 || (startKiB == nil && batch + 1_000 >= keys.count) {
        startKiB = window.process.residentKiB
      }
    }
    let endKiB = window.process.residentKiB ?? -1
    // The history file holds exactly the calculations the keys made (docs/SPEC.md section 8.1).
    let expected = try WindowFloodTests.finishedCalculations(keys)
    let history = state.path + "/circlecalc/history"
    var saved: [String] = []
    let deadline = TestSupport.now() + TestSupport.patience
    repeat {
      let text = (try? String(contentsOfFile: history, encoding: .utf8)) ?? ""
      let tape = try? HistoryTape(fileBytes: Array(text.utf8))
      saved = (tape?.calculations ?? []).map {
        ($0.rows + ["= " + $0.result]).joined(separator: "\t")
      }
      if saved != expected { usleep(50_000) }
    } while saved != expected && TestSupport.now() < deadline
    #expect(expected.count > 50)
    #expect(saved == expected, "\(saved.count) calculations saved of \(expected.count)")
    print(
      "window key flood: \(keys.count) keys, every one shown, \(saved.count) calculations saved,"
        + " \(Int(Double(keys.count) / busy))"
        + " keys/s from the first key sent to the last shown (slowest batch \(Int(slowest)) keys/s,"
        + " screenshots included); circlecalc VmRSS KiB after 5,000 keys \(startKiB ?? -1),"
        + " at the end \(endKiB)")
    #expect(window.process.isRunning)
    if keys.count > 5_000, let startKiB {
      #expect(endKiB - startKiB <= 4 * 1_024, "VmRSS grew from \(startKiB) to \(endKiB) KiB")
    }
  }

  @Test("2,000 clicks on circles with no delay: every click counts, in order")
  func clickFlood() throws {
    let count = TestSupport.environment("WINDOW_FLOOD_CLICKS").flatMap(Int.init) ?? 2_000
    let server = try XvfbServer()
    let window = try CalculatorWindow(server: server)
    let centres = try window.circleCentres()
    // The keypad, row by row; (4, 0) is the shortcuts key, left out.
    let grid: [[Key?]] = [
      [nil, .toggleSign, .percent, .operation(.divide)],
      [.digit(.seven), .digit(.eight), .digit(.nine), .operation(.multiply)],
      [.digit(.four), .digit(.five), .digit(.six), .operation(.subtract)],
      [.digit(.one), .digit(.two), .digit(.three), .operation(.add)],
      [nil, .digit(.zero), .decimalPoint, .equals],
    ]
    var random = TestSupport.SeededGenerator(seed: 2_000)
    var calculator = Calculator()
    var tokens = ""
    var arguments: [String] = []
    let start = TestSupport.now()
    for index in 0..<count {
      var row = 0
      var column = 0
      repeat {
        row = Int.random(in: 0..<5, using: &random)
        column = Int.random(in: 0..<4, using: &random)
      } while row == 4 && column == 0
      // The AC/C key sends what it shows.
      let key = grid[row][column] ?? calculator.clearLabel.key
      calculator.press(key)
      tokens.append(key.token)
      let centre = centres[row][column]
      arguments += [
        "mousemove", "--window", window.window, "\(centre.x)", "\(centre.y)", "click", "--delay",
        "0", "1",
      ]
      if (index + 1) % 500 == 0 {
        try window.xdotool(arguments)
        arguments = []
        let expected = try window.render(keys: tokens)
        let difference = try window.differingPixels(from: expected)
        #expect(
          difference == 0, "after \(index + 1) clicks the window differs in \(difference) pixels")
        if difference != 0 { return }
      }
    }
    let seconds = String(format: "%.1f", TestSupport.now() - start)
    print("window click flood: \(count) clicks shown after \(seconds) s including checks")
  }

  @Test("1,000 resizes in a burst, 1×1 and 8000×8000 among them: the last size is drawn, at once")
  func resizeStorm() throws {
    // A screen big enough to see a whole 8000 × 8000 window.
    let server = try XvfbServer(width: 8192, height: 8192)
    let keys = "1/7=*3+"
    let window = try CalculatorWindow(server: server, keys: keys)
    var random = TestSupport.SeededGenerator(seed: 1_000)
    var sizes: [(width: Int, height: Int)] = []
    for index in 0..<999 {
      switch index % 100 {
      case 0: sizes.append((1, 1))
      case 50: sizes.append((8000, 8000))
      default:
        sizes.append(
          (Int.random(in: 1...1_200, using: &random), Int.random(in: 1...1_000, using: &random)))
      }
    }
    sizes.append((420, 760))
    let expected = try window.render(keys: keys, width: 420, height: 760)
    let start = TestSupport.now()
    try window.resize(sizes)
    let sent = TestSupport.now() - start
    let difference = try window.differingPixels(from: expected)
    let shown = TestSupport.now() - start - sent
    #expect(difference == 0, "the last size is not drawn: \(difference) pixels differ")
    #expect(window.process.isRunning, "\(window.errorOutput)")
    print(
      "window resize storm: 1,000 resizes sent in \(String(format: "%.2f", sent)) s, the last size"
        + " shown \(String(format: "%.2f", difference == 0 ? shown : -1)) s after the last was sent"
    )
    // The extremes themselves, drawn and compared: 8000 × 8000 (a grid of one pixel in 64, so a
    // capture takes about as long as a small one to compare) and 1 × 1.
    try window.resize([(8000, 8000)])
    let big = try window.render(keys: keys)
    let bigDifference = try window.differingPixels(from: big, sampledTo: 1_000)
    #expect(bigDifference == 0, "8000 × 8000 differs in \(bigDifference) sampled pixels")
    try window.resize([(1, 1)])
    let tiny = try window.render(keys: keys)
    #expect(try window.differingPixels(from: tiny) == 0, "1 × 1 is not drawn")
    // Still answering: a key after the storm shows.
    try window.resize([(360, 640)])
    try window.type(["5", "equal"], delay: 0)
    let after = try window.render(keys: keys + "5=")
    #expect(try window.differingPixels(from: after) == 0)
  }

  @Test(
    "SIGTERM and SIGINT end the window at once, without a message or a core dump",
    arguments: [SIGTERM, SIGINT])
  func signals(signal: Int32) throws {
    let server = try XvfbServer()
    let window = try CalculatorWindow(server: server, keys: "12+3")
    kill(window.process.pid, signal)
    #expect(
      window.process.wait(timeout: TestSupport.patience), "still running after signal \(signal)")
    let status = window.process.status ?? -1
    // Ended by that signal (128 + n) or exited cleanly; never SIGABRT, SIGSEGV, SIGILL, SIGTRAP.
    #expect(status == 128 + signal || status == 0, "status \(status)")
    #expect(window.errorOutput.isEmpty, "\(window.errorOutput)")
  }

  @Test("The X server killed under the window: a one-line message, status 1, no hang")
  func serverKilled() throws {
    var server: XvfbServer? = try XvfbServer()
    let window = try CalculatorWindow(server: try #require(server), keys: "12+3")
    let process = window.process
    kill(try #require(server).process.pid, SIGKILL)
    #expect(process.wait(timeout: TestSupport.patience), "still running after the X server died")
    #expect(process.status == 1, "status \(process.status ?? -1)")
    let message = window.errorOutput
    #expect(
      message.hasPrefix("circlecalc: ") && message.filter { $0 == "\n" }.count == 1, "\(message)")
    server = nil
  }

  @Test(
    "No DISPLAY, or a DISPLAY pointing nowhere: a one-line message naming it, status 1",
    arguments: [nil, ":9876", "nowhere:0", "/tmp/no-such-socket:0"])
  func noDisplay(display: String?) throws {
    var environment = ["PATH": "/usr/bin:/bin"]
    environment["DISPLAY"] = display
    let run = try TestSupport.run(
      TestSupport.binary, [], environment: environment, timeout: TestSupport.patience)
    let message = run.stderr
    #expect(run.status == 1 && !run.timedOut, "status \(run.status)")
    #expect(
      message.hasPrefix("circlecalc: ") && message.filter { $0 == "\n" }.count == 1, "\(message)")
    #expect(message.contains("DISPLAY") || message.contains(display ?? "DISPLAY"), "\(message)")
  }
}
