import Foundation
import TestSupport
import Testing

/// What a blind user hears (docs/SPEC.md section 9): Orca itself, as Debian 12 ships it, on a
/// private Xvfb with metacity, in a D-Bus session of its own with at-spi2-core, its debug log
/// the transcript. `orca-session.py` types each flow's keys with xdotool and reports what Orca
/// spoke; the expectations are here, written from the rules, not from a run: the key echo is
/// Orca's own words for each key (`7`, `left shift`, `plus`), the results are the display's
/// (7 + 8 = 15, √2 to 20 digits 1.4142135623730950488, docs/SPEC.md section 2), and Orca adds a
/// period after an utterance that ends in a letter or digit.
@Suite(
  "Orca, end to end",
  TestSupport.needs(
    "X tools, dbus, at-spi2-core, metacity, orca and the accessibility library",
    missing: missingOrcaTools))
struct OrcaEndToEndTests {
  static let session = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("orca-session.py").path

  /// Keys typed, everything Orca says for them (the last line ends the flow), and the lines it
  /// may leave out: Orca drops an announcement that a newer one replaced before it was spoken
  /// (a share per person while the bill is still being typed).
  struct Flow {
    var name: String
    var keys: String
    var expected: [String]
    var optional: Set<String> = []
  }

  // docs/SPEC.md section 7 by hand: 84.5 at 15% tips 12.675, half up 12.68: 97.18 (84 tips
  // 12.60: 96.60; 8 tips 1.20: 9.20); at 18% 15.21: 99.71; for 2 people 49.855, rounded up
  // 49.86.
  static let flows: [Flow] = [
    Flow(name: "the window", keys: "", expected: ["CircleCalc frame.", "0 label."]),
    Flow(
      name: "7 + 8 =", keys: "7 plus 8 equal",
      expected: ["7", "left shift", "plus", "8", "equals", "15."]),
    Flow(name: "Escape", keys: "Escape", expected: ["escape", "0."]),
    Flow(name: "7 + 8", keys: "7 plus 8", expected: ["7", "left shift", "plus", "8"]),
    // Orca takes KP_Enter (where-am-I) and reads the display: 8, not evaluated.
    Flow(name: "where-am-I", keys: "KP_Enter", expected: ["8 label."]),
    Flow(name: "Return", keys: "Return", expected: ["return", "15."]),
    Flow(
      name: "BackSpace after 123", keys: "Escape 1 2 3 BackSpace",
      expected: ["escape", "0.", "1", "2", "3", "backspace", "12."]),
    // Flat review's current line (KP_Up without NumLock) is the display's; KP_Subtract leaves.
    Flow(name: "flat review", keys: "KP_Up", expected: ["12"]),
    Flow(name: "flat review off", keys: "KP_Subtract", expected: ["dash", "Leaving flat review."]),
    Flow(name: "Ctrl+2", keys: "ctrl+2", expected: ["left control", "2", "Scientific."]),
    Flow(
      name: "2 r", keys: "Escape 2 r",
      expected: ["escape", "0.", "2", "r", "1.4142135623730950488."]),
    Flow(
      name: "1 ÷ 0 =", keys: "Escape 1 slash 0 equal",
      expected: ["escape", "0.", "1", "slash", "0", "equals", "NaN."]),
    // The tape (docs/SPEC.md section 8.6 by hand: 1,200 × 1.08 + 49.9 is 1,345.9, with 50.1
    // 1,346.1): Up onto it says the newest row and its calculation, the next Up the row; the
    // edit says what ⌫ leaves (a number's last digit leaves 0), Return the calculation again,
    // Ctrl+Z the calculation that came back.
    Flow(
      name: "a calculation", keys: "Escape 1 2 0 0 asterisk 1 period 0 8 plus 4 9 period 9 Return",
      expected: [
        "escape", "0.", "1", "2", "0", "0", "left shift", "star", "1", "dot", "0", "8",
        "left shift", "plus", "4", "9", "dot", "9", "return", "1,345.9.",
      ]),
    Flow(
      name: "Up, Up", keys: "Up Up",
      expected: ["= 1,345.9, 1,200 × 1.08 + 49.9 = 1,345.9.", "+ 49.9."]),
    Flow(name: "F2", keys: "F2", expected: ["F2", "Editing."]),
    Flow(
      name: "the edit", keys: "BackSpace BackSpace BackSpace BackSpace 5 0 period 1",
      expected: [
        "backspace", "+ 49.", "backspace", "+ 49.", "backspace", "+ 4.", "backspace", "+ 0.",
        "5", "0", "dot", "1",
      ]),
    Flow(
      name: "the edit's Return", keys: "Return",
      expected: ["return", "1,200 × 1.08 + 50.1 = 1,346.1."]),
    Flow(
      name: "the edit undone", keys: "ctrl+z",
      expected: ["left control", "+ 49.9, 1,200 × 1.08 + 49.9 = 1,345.9."]),
    Flow(name: "off the tape", keys: "Escape", expected: ["escape"]),
    // Nothing on the clipboard to paste: refused when no owner answers (1 s).
    Flow(name: "a refused paste", keys: "ctrl+v", expected: ["left control", "Not accepted."]),
    // Orca may also present the focus the mode gives the Bill field before the mode's
    // announcement (once in five runs, with other work on the machine).
    Flow(
      name: "Ctrl+3", keys: "Escape ctrl+3",
      expected: [
        "escape", "0.", "left control", "Bill entry 0.00.",
        "Tip & Split, Bill, 0.00, Tip, 15 percent, People, 1, Per person, 0.00.",
      ],
      optional: ["Bill entry 0.00."]),
    Flow(
      name: "the bill typed", keys: "8 4 period 5",
      expected: [
        "8", "Per person, 9.20.", "4", "Per person, 96.60.", "dot", "5",
        "Per person, 97.18.",
      ],
      optional: ["Per person, 9.20.", "Per person, 96.60."]),
    // The first Tab rings the Bill field, which has the focus already and stays as typed.
    Flow(name: "Tab to the tip", keys: "Tab Tab", expected: ["tab", "tab", "Tip entry 15%"]),
    Flow(
      name: "Tab to 18%", keys: "Tab Tab Tab Tab",
      expected: [
        "tab", "People entry 1.", "tab", "ten percent tip push button.", "tab",
        "fifteen percent tip push button.", "tab", "eighteen percent tip push button.",
      ]),
    Flow(name: "18%", keys: "space", expected: ["space", "Tip, 18 percent, Per person, 99.71."]),
    Flow(
      name: "more people", keys: "plus",
      expected: ["left shift", "plus", "People, 2, Per person, 49.86."]),
    Flow(name: "Ctrl+1", keys: "ctrl+1", expected: ["left control", "1", "0 label.", "Basic, 0."]),
    Flow(
      name: "Shift+Tab to modes", keys: "shift+Tab shift+Tab shift+Tab shift+Tab",
      expected: [
        "left shift", "equals push button.", "left shift", "decimal point push button.",
        "left shift", "zero push button.", "left shift", "modes push button.",
      ]),
    Flow(name: "the menu", keys: "space", expected: ["space", "modes menu."]),
    Flow(
      name: "the menu's lines", keys: "Down Down Down Down Down Down Down",
      expected: [
        "Basic selected radio menu item.", "Scientific not selected radio menu item.",
        "Tip & Split not selected radio menu item.", "Convert check menu item not checked.",
        "Keep on Top check menu item not checked.", "Keyboard Shortcuts.", "Clear History.",
      ]),
    Flow(name: "the menu closed", keys: "Escape", expected: ["escape", "modes push button."]),
    // A click (on the display, which it leaves alone) hides the ring: the focus is the
    // display's again.
    Flow(name: "a click", keys: "click:180,150", expected: ["0 label."]),
    Flow(name: "typing again", keys: "5", expected: ["5"]),
  ]

  @Test func orcaSpeaksEveryFlow() throws {
    let server = try XvfbServer()
    let report = try Self.runSession(
      flows: Self.flows, command: [TestSupport.binary, "--mode", "basic", "--size", "360x640"],
      server: server)
    #expect(report.error == nil)
    try #require(report.flows.count == Self.flows.count, "\(report.transcript)")
    for (flow, heard) in zip(Self.flows, report.flows) {
      // In any order: a key's echo may come before what the key before it made Orca say.
      let spoken = heard.spoken.filter { !flow.optional.contains($0) }
      #expect(
        spoken.sorted() == flow.expected.filter { !flow.optional.contains($0) }.sorted(),
        "\(flow.name): \(heard.spoken)")
      #expect(heard.spoken.allSatisfy(flow.expected.contains), "\(flow.name): \(heard.spoken)")
      #expect(heard.heard, "\(flow.name): \(heard.spoken); Orca received \(heard.events)")
    }
    // An idle window with Orca attached sleeps. It wakes while Orca reads what the last key
    // changed, and when atk-bridge ends the leases it took on objects outside its cache (the
    // application, nodes gone), each 15 s after the event that sent it; from then on, second
    // after second, no wake-up and no CPU time at all (24 s: the last lease ends as late as
    // the 17th second when Orca reads the last flow slowly).
    let wakeUps = report.idleWakeUps ?? []
    let cpu = report.idleCPU ?? []
    #expect(wakeUps.count == 24 && wakeUps.suffix(4) == [0, 0, 0, 0], "\(wakeUps)")
    #expect(cpu.count == 24 && cpu.suffix(4) == [0, 0, 0, 0], "\(cpu)")
    #expect(report.running == true)
    #expect(report.stderr == "")
  }

  /// In German (docs/SPEC.md section 13.4), Orca says the keys' translated names, with its own
  /// German words around them (at-spi2-core's catalog: `Rahmen` for a frame, `Beschriftung`
  /// for a label, `Druckknopf` for a push button; Orca's: `Umschalt links` for Shift).
  @Test func orcaSpeaksGerman() throws {
    let server = try XvfbServer()
    let flows = [
      Flow(name: "the window", keys: "", expected: ["CircleCalc Rahmen.", "0 Beschriftung."]),
      Flow(
        name: "Shift+Tab", keys: "shift+Tab", expected: ["Umschalt links", "gleich Druckknopf."]),
      Flow(
        name: "Shift+Tab again", keys: "shift+Tab",
        expected: ["Umschalt links", "Dezimaltrennzeichen Druckknopf."]),
    ]
    let report = try Self.runSession(
      flows: flows, command: [TestSupport.binary, "--mode", "basic", "--size", "360x640"],
      server: server, environment: ["LC_ALL": "de_DE.UTF-8", "LANGUAGE": "", "LANG": ""],
      ready: "Bildschirmleser an.", idle: 4)
    #expect(report.error == nil)
    try #require(report.flows.count == flows.count, "\(report.transcript)")
    for (flow, heard) in zip(flows, report.flows) {
      #expect(heard.spoken.sorted() == flow.expected.sorted(), "\(flow.name): \(heard.spoken)")
    }
    #expect(report.stderr == "")
  }

  /// What `orca-session.py` reports.
  struct Report: Decodable {
    struct Heard: Decodable {
      var name: String
      var spoken: [String]
      var heard: Bool
      /// When nothing expected was heard: the events Orca received meanwhile (at most 20).
      var events: [String]
    }
    var flows: [Heard]
    var error: String?
    var transcript: [String]
    /// Second by second, the window's context switches and its CPU time in nanoseconds.
    var idleWakeUps: [Int]?
    var idleCPU: [Int]?
    var running: Bool?
    var stderr: String

    enum CodingKeys: String, CodingKey {
      case flows, error, transcript, running, stderr
      case idleWakeUps = "idle_wake_ups"
      case idleCPU = "idle_cpu_ns"
    }
  }

  /// Runs the session in a D-Bus session of its own on `server`, Orca's files in a fresh folder.
  static func runSession(
    flows: [Flow], command: [String], server: XvfbServer, environment extra: [String: String] = [:],
    ready: String = "Screen reader on.", idle: Int = 24
  ) throws -> Report {
    let scratch = TestSupport.temporaryPath("orca")
    try FileManager.default.createDirectory(
      atPath: scratch, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    var environment = server.environment
    // at-spi-bus-launcher's socket, the window's saved state and Orca's files go here.
    for name in ["XDG_RUNTIME_DIR", "XDG_STATE_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "HOME"] {
      environment[name] = scratch
    }
    for name in ["DBUS_SESSION_BUS_ADDRESS", "AT_SPI_BUS_ADDRESS", "NO_AT_BRIDGE"] {
      environment[name] = nil
    }
    environment.merge(extra) { $1 }
    let file = scratch + "/report.json"
    let arguments =
      flows.flatMap { ["--flow", $0.name, $0.keys, $0.expected.last ?? ""] }
      + ["--idle", "\(idle)", "--ready", ready]
    let result = try TestSupport.run(
      "dbus-run-session",
      ["--", "/usr/bin/python3", session, "--report", file, "--folder", scratch] + arguments
        + ["--"] + command,
      environment: environment, timeout: 900)
    guard result.status == 0, !result.timedOut,
      let data = FileManager.default.contents(atPath: file)
    else {
      throw TestFailure("orca-session.py (status \(result.status)): \(result.stderr)")
    }
    return try JSONDecoder().decode(Report.self, from: data)
  }
}

/// What the Orca test needs and this machine lacks.
@Sendable private func missingOrcaTools() -> [String] {
  var missing = (TestSupport.xTools + ["dbus-run-session", "metacity", "orca"]).filter {
    TestSupport.find($0) == nil
  }
  if !FileManager.default.isExecutableFile(atPath: "/usr/libexec/at-spi-bus-launcher") {
    missing.append("at-spi-bus-launcher (at-spi2-core)")
  }
  let library = URL(fileURLWithPath: TestSupport.binary).deletingLastPathComponent()
    .appendingPathComponent("libcirclecalc-accessibility.so").path
  if !FileManager.default.fileExists(atPath: library) {
    missing.append("\(library) (make test builds it)")
  }
  return missing
}
