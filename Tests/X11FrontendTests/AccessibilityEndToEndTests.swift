import CalculatorCore
import CalculatorLayout
import Foundation
import TestSupport
import Testing

/// The window as a screen reader and a keyboard-only user meet it (DESIGN.md section 9):
/// Xvfb, `dbus-run-session` with at-spi2-core, and `atspi-client.py` (Debian's python3-pyatspi
/// under the system Python) reporting what AT-SPI shows; the expectations are here. Under
/// `make test` and CI a missing tool fails every test, naming it (`TestSupport.needs`).
@Suite(
  "Accessibility, end to end",
  TestSupport.needs(
    "X tools, dbus, at-spi2-core, python3-pyatspi and the accessibility library",
    missing: missingAccessibilityTools))
struct AccessibilityEndToEndTests {
  static let client = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("atspi-client.py").path
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

  /// The keypad, row by row, as a screen reader names it.
  static let basicKeyNames = [
    "all clear", "plus minus", "percent", "divided by",
    "seven", "eight", "nine", "times",
    "four", "five", "six", "minus",
    "one", "two", "three", "plus",
    "modes", "zero", "decimal point", "equals",
  ]

  @Test func aScreenReaderFindsTheKeysClicksThemAndReadsTheDisplay() throws {
    let server = try XvfbServer()
    let report = try runClient(
      [
        "--move", "50,70", "--click", "seven", "--click", "plus", "--click", "eight", "--click",
        "equals", "--focus", "nine", "--idle", "2",
      ], arguments: ["--size", "360x640"], server: server)
    #expect(report.error == nil)
    #expect(report.application == .init(name: "CircleCalc", role: "application"))
    #expect(report.frame?.name == "CircleCalc")
    #expect(report.frame?.role == "frame")
    #expect(report.frame?.screen == [50, 70, 360, 640])
    #expect(report.roles == ["label", "list"] + Array(repeating: "push button", count: 20))

    let keys = try #require(report.keys)
    #expect(keys.map(\.name) == Self.basicKeyNames)
    for key in keys {
      #expect(key.actions == ["click"], "\(key.name)")
      #expect(key.states == ["enabled", "focusable", "sensitive", "showing", "visible"])
    }
    // Each key's box is its circle's, in window and (moved by 50, 70) screen coordinates.
    let layout = Layout(width: 360, height: 640)
    for (key, position) in zip(keys, Keypad.basic.positions) {
      let box = layout.circle(at: position).bounds
      let x = Int(box.minX.rounded())
      let y = Int(box.minY.rounded())
      let size = [Int(box.maxX.rounded()) - x, Int(box.maxY.rounded()) - y]
      #expect(key.window == [x, y] + size, "\(key.name)")
      #expect(key.screen == [x + 50, y + 70] + size, "\(key.name)")
    }
    #expect(keys.first { $0.name == "seven" }?.window == [20, 292, 72, 72])

    #expect(report.display == "0")
    #expect(report.steps?.map(\.click) == ["seven", "plus", "eight", "equals"])
    #expect(report.steps?.map(\.display) == ["7", "0", "8", "15"])
    #expect(report.steps?.map(\.checked) == [[], ["plus"], ["plus"], []])
    #expect(report.history == ["7", "+ 8"])

    // Every change was announced, once.
    let events = report.events ?? []
    let displayNames = events.filter {
      $0.type == "object:property-change:accessible-name" && $0.role == "label"
    }
    #expect(displayNames.map(\.data) == ["7", "0", "8", "15"])
    let announcements = events.filter { $0.type == "object:announcement" }
    #expect(announcements.map(\.data) == ["7", "0", "8", "15"])
    #expect(announcements.allSatisfy { $0.role == "label" })
    let checked = events.filter { $0.type == "object:state-changed:checked" }
    #expect(checked.map(\.source) == ["plus", "plus"])
    #expect(checked.map(\.detail1) == [1, 0])

    #expect(report.focused == ["nine"])
    let focusEvents = events.filter { $0.type == "object:state-changed:focused" }
    #expect(focusEvents.map(\.source) == ["nine"])
    #expect(focusEvents.map(\.detail1) == [1])

    #expect(report.idleWakeUps == 0)
    #expect(report.status == 0)
    #expect(report.stderr == "")
  }

  @Test func tipModeNamesItsFieldsAndKeys() throws {
    let server = try XvfbServer()
    let report = try runClient(
      [
        "--click", "eight", "--click", "four", "--click", "twenty percent tip", "--click",
        "more people",
      ], arguments: ["--mode", "tip", "--size", "360x640"], server: server)
    #expect(report.error == nil)
    // The fields and results are labels, the first the Bill field; then the 21 keys.
    #expect(
      report.roles == Array(repeating: "label", count: 6)
        + Array(repeating: "push button", count: 21))
    #expect(report.display == "Bill, 0.00")
    let steps = try #require(report.steps)
    #expect(steps.map(\.display) == ["Bill, 8", "Bill, 84", "Bill, 84", "Bill, 84"])
    #expect(
      report.finalKeys == [
        "ten percent tip", "fifteen percent tip", "eighteen percent tip", "twenty percent tip",
        "twenty-five percent tip", "seven", "eight", "nine", "all clear", "four", "five", "six",
        "delete", "one", "two", "three", "fewer people", "modes", "zero", "decimal point",
        "more people",
      ])
    #expect(report.stderr == "")
  }

  @Test func theModeMenuSwitchesToScientificKeysWithSpokenNames() throws {
    let server = try XvfbServer()
    let report = try runClient(
      ["--click", "modes", "--click", "Scientific", "--click", "second functions"],
      arguments: ["--mode", "basic", "--size", "360x640"], server: server)
    #expect(report.error == nil)
    let steps = try #require(report.steps)
    #expect(steps.map(\.click) == ["modes", "Scientific", "second functions"])
    // The menu: its lines, the current mode checked; gone once a line is chosen.
    let menu = ["Basic", "Scientific", "Tip & Split", "Keyboard Shortcuts", "Clear History"]
    #expect(steps.map(\.menu) == [menu, [], []])
    #expect(steps.map(\.checked) == [["Basic"], [], ["second functions"]])
    let names = try #require(report.finalKeys)
    #expect(names.count == 50)
    for row in 0..<5 {  // the right four columns are the basic keypad
      #expect(names[row * 10 + 6..<row * 10 + 10] == Self.basicKeyNames[row * 4..<row * 4 + 4])
    }
    #expect(names.contains("square root"))
    // 2nd on: the alternates' names.
    #expect(names.contains("inverse sine") && !names.contains("sine"))
    #expect(names.contains("log base two") && !names.contains("log base ten"))
    #expect(report.status == 0)
    #expect(report.stderr == "")
  }

  @Test func theInstalledBinaryLoadsTheInstalledLibrary() throws {
    let destination = TestSupport.temporaryPath("install")
    try FileManager.default.createDirectory(atPath: destination, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: destination) }
    let install = try TestSupport.run(
      "make",
      [
        "-C", Self.root, "DESTDIR=\(destination)", "PREFIX=/usr", "BIN=\(TestSupport.binary)",
        "NO_BUILD=1", "install",
      ], timeout: 300)
    try #require(install.status == 0, "\(install.stderr)")
    let server = try XvfbServer()
    let report = try runClient(
      ["--click", "nine"], arguments: ["--size", "360x640"], server: server,
      binary: destination + "/usr/bin/circlecalc")
    #expect(report.error == nil)
    #expect(report.keys?.map(\.name) == Self.basicKeyNames)
    #expect(report.steps?.map(\.display) == ["9"])
    #expect(report.stderr == "")
  }

  @Test func tabAndSpaceReachTheResultWithoutAMouse() throws {
    let server = try XvfbServer()
    let window = try CalculatorWindow(server: server)
    func cell(_ action: KeypadAction) -> GridPosition? { Keypad.basic.position(of: action) }
    let seven = cell(.key(.digit(.seven)))
    try window.type(Array(repeating: "Tab", count: 5))
    #expect(try window.differingPixels(from: window.render(Calculator(), focused: seven)) == 0)
    try window.type("space")
    var expected = window.render(TestSupport.calculator(after: "7"), focused: seven)
    #expect(try window.differingPixels(from: expected) == 0)
    try window.type(Array(repeating: "Tab", count: 11) + ["space"])
    expected = window.render(
      TestSupport.calculator(after: "7+"), focused: cell(.key(.operation(.add))))
    #expect(try window.differingPixels(from: expected) == 0)
    try window.type(Array(repeating: "shift+Tab", count: 10) + ["space"])
    expected = window.render(
      TestSupport.calculator(after: "7+8"), focused: cell(.key(.digit(.eight))))
    #expect(try window.differingPixels(from: expected) == 0)
    try window.type(Array(repeating: "shift+Tab", count: 6) + ["space"])
    let result = TestSupport.calculator(after: "7+8=")
    #expect(result.display == "15")
    expected = window.render(result, focused: cell(.key(.equals)))
    #expect(try window.differingPixels(from: expected) == 0)
    #expect(window.errorOutput == "")
  }

  @Test(
    arguments: [
      [:],
      // Addresses nobody listens at: an old session's, a stale accessibility bus.
      ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/bus"],
      ["AT_SPI_BUS_ADDRESS": "unix:abstract=/tmp/circlecalc-no-such-bus,guid=0"],
    ] as [[String: String]])
  func withoutABusNothingIsLoadedAndNothingPrinted(environment: [String: String]) throws {
    let server = try XvfbServer()
    // A root window property left behind by an accessibility bus that is gone.
    try server.run(
      "xprop", ["-root", "-f", "AT_SPI_BUS", "8s", "-set", "AT_SPI_BUS", "unix:path=/nonexistent"])
    let window = try CalculatorWindow(server: server, environment: environment)
    try window.click(.key(.digit(.seven)), .key(.operation(.add)), .key(.digit(.eight)))
    try window.click(.key(.equals))
    #expect(try window.differingPixels(from: window.render(keys: "7+8=")) == 0)
    let maps = try String(contentsOfFile: "/proc/\(window.process.pid)/maps", encoding: .utf8)
    for library in ["libcirclecalc-accessibility", "libatk", "libglib", "libdbus"] {
      #expect(!maps.contains(library), "\(library) is mapped")
    }
    try window.sendDeleteWindow()
    let exit = window.exit(timeout: 5)
    #expect(exit?.status == 0)
    #expect(exit?.error == "")
  }

  // MARK: - The client and its report

  /// What `atspi-client.py` saw.
  struct Report: Decodable {
    struct Named: Decodable, Equatable {
      var name: String
      var role: String
    }
    struct Frame: Decodable {
      var name: String
      var role: String
      var screen: [Int]
    }
    struct Key: Decodable {
      var name: String
      var actions: [String]
      var screen: [Int]
      var window: [Int]
      var states: [String]
    }
    struct Step: Decodable {
      var click: String
      var display: String
      var checked: [String]
      var menu: [String]
    }
    struct Event: Decodable {
      var type: String
      var source: String?
      var role: String?
      var detail1: Int
      var data: String?
    }
    var error: String?
    var application: Named?
    var frame: Frame?
    var roles: [String]?
    var keys: [Key]?
    var display: String?
    var steps: [Step]?
    var finalKeys: [String]?
    var history: [String]?
    var focused: [String]?
    var idleWakeUps: Int?
    var status: Int?
    var stderr: String
    var events: [Event]?

    enum CodingKeys: String, CodingKey {
      case error, application, frame, roles, keys, display, steps, history, focused, status
      case stderr, events
      case idleWakeUps = "idle_wake_ups"
      case finalKeys = "final_keys"
    }
  }

  /// Runs the client in a D-Bus session of its own on `server`, with circlecalc (`binary`, by
  /// default the one under test) started by the client with `arguments`.
  func runClient(
    _ options: [String], arguments: [String], server: XvfbServer,
    binary: String = TestSupport.binary
  ) throws -> Report {
    let scratch = TestSupport.temporaryPath("atspi")
    try FileManager.default.createDirectory(
      atPath: scratch, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    var environment = server.environment
    environment["XDG_RUNTIME_DIR"] = scratch  // at-spi-bus-launcher's socket goes here
    environment["XDG_STATE_HOME"] = scratch
    for name in ["DBUS_SESSION_BUS_ADDRESS", "AT_SPI_BUS_ADDRESS", "NO_AT_BRIDGE"] {
      environment[name] = nil
    }
    let file = scratch + "/report.json"
    let result = try TestSupport.run(
      "dbus-run-session",
      ["--", "/usr/bin/python3", Self.client, "--report", file] + options + ["--", binary]
        + arguments,
      environment: environment, timeout: 120)
    guard result.status == 0, !result.timedOut,
      let data = FileManager.default.contents(atPath: file)
    else {
      throw TestFailure("atspi-client.py (status \(result.status)): \(result.stderr)")
    }
    return try JSONDecoder().decode(Report.self, from: data)
  }
}

/// What the accessibility tests need and this machine lacks.
@Sendable private func missingAccessibilityTools() -> [String] {
  var missing = (TestSupport.xTools + ["dbus-run-session"]).filter { TestSupport.find($0) == nil }
  if !FileManager.default.isExecutableFile(atPath: "/usr/libexec/at-spi-bus-launcher") {
    missing.append("at-spi-bus-launcher (at-spi2-core)")
  }
  let pyatspi = try? TestSupport.run("/usr/bin/python3", ["-c", "import pyatspi"])
  if pyatspi?.status != 0 { missing.append("pyatspi for /usr/bin/python3 (python3-pyatspi)") }
  let library = URL(fileURLWithPath: TestSupport.binary).deletingLastPathComponent()
    .appendingPathComponent("libcirclecalc-accessibility.so").path
  if !FileManager.default.fileExists(atPath: library) {
    missing.append("\(library) (make test builds it)")
  }
  return missing
}
