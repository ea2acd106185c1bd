import CalculatorCore
import CalculatorLayout
import Foundation
import TestSupport
import Testing

/// The window as a screen reader and a keyboard-only user meet it (docs/SPEC.md section 9):
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
        // Each spoken step heard before the next, whose text would rename the notification
        // first on a busy machine; the operator says nothing.
        "--move", "50,70", "--click", "seven", "--until-announced", "--click", "plus", "--click",
        "eight", "--until-announced", "--click", "equals", "--focus", "nine", "--idle", "2",
      ], arguments: ["--size", "360x640"], server: server, announcements: 3)
    #expect(report.error == nil)
    #expect(report.application == .init(name: "CircleCalc", role: "application"))
    #expect(report.frame?.name == "CircleCalc")
    #expect(report.frame?.role == "frame")
    #expect(report.frame?.screen == [50, 70, 360, 640])
    #expect(
      report.roles
        == ["label", "list"] + Array(repeating: "push button", count: 20) + ["status bar"])

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
      // A key is its circle, for a screen reader's pointer as for a click (docs/SPEC.md section
      // 3.1).
      #expect(key.atCentre == key.name)
      #expect(key.atCorner == nil, "\(key.name)")  // no child there: between the circles
    }
    // 360 × 640: u = 640 / 746.25, circles ⌊79.25u⌋ = 67 with gaps of 12u, the keypad's top
    // at 640 − 30u − (5 × 67 + 4 × 12u) = 238.1 and its left at (360 − 4 × 67 − 36u) / 2 =
    // 30.6: seven, row 1, at (30.6, 315.4).
    #expect(keys.first { $0.name == "seven" }?.window == [31, 315, 67, 67])

    #expect(report.display == "0")
    #expect(report.steps?.map(\.click) == ["seven", "plus", "eight", "equals"])
    #expect(report.steps?.map(\.display) == ["7", "0", "8", "15"])
    #expect(report.steps?.map(\.checked) == [[], ["plus"], ["plus"], []])
    #expect(report.history == ["7", "+ 8"])

    // Every change renames the display; each is spoken once from the notification, but the 0
    // of an operand not yet begun (the clicked operator is what happened).
    let events = report.events ?? []
    let displayNames = events.filter {
      $0.type == "object:property-change:accessible-name" && $0.role == "label"
    }
    #expect(displayNames.map(\.data) == ["7", "0", "8", "15"])
    #expect(Self.announcements(events) == ["7", "8", "15"])
    let checked = events.filter { $0.type == "object:state-changed:checked" }
    #expect(checked.map(\.source) == ["plus", "plus"])
    #expect(checked.map(\.detail1) == [1, 0])

    // The display has the focus, said once a screen reader listens, until the request moves
    // it to a key.
    #expect(report.focused == ["nine"])
    let focusEvents = events.filter { $0.type == "object:state-changed:focused" }
    #expect(focusEvents.map(\.source) == ["0", "15", "nine"])
    #expect(focusEvents.map(\.detail1) == [1, 0, 1])

    // At most one wake-up: atk-bridge ends the leases it took 15 s after, which may fall here
    // (OrcaEndToEndTests waits them out and finds no wake-up at all).
    #expect((report.idleWakeUps ?? 99) <= 1)
    #expect(report.status == 0)
    #expect(report.stderr == "")
  }

  /// Tip & Split, reached with Ctrl+3 from a basic result: its fields are entries labelled by
  /// their titles, the results labels, the presets and people keys buttons.
  @Test func tipModeReadsItsFieldsAndTheShareAfterClicks() throws {
    let server = try XvfbServer()
    // Each step waits for its announcement: its text is the notification's name as the client
    // reads it, which the next step's would have replaced on a busy machine.
    let report = try runClient(
      [
        "--key", "ctrl+3", "--click", "ten percent tip", "--click", "more people", "--focus",
        "People", "--each-announces",
      ], arguments: ["--mode", "basic", "--keys", "80+4.5=", "--size", "360x640"], server: server,
      announcements: 3)
    #expect(report.error == nil)
    #expect(report.display == "84.5")
    let steps = try #require(report.steps)
    #expect(steps.map(\.key) == ["ctrl+3", nil, nil])
    #expect(steps.map(\.click) == [nil, "ten percent tip", "more people"])
    // Three fields, each a label and the entry it labels; the results; the 21 keys.
    let fields = ["label", "entry", "label", "entry", "label", "entry"]
    let keys = Array(repeating: "push button", count: 21) + ["status bar"]
    #expect(steps[0].roles == fields + ["label", "label", "label"] + keys)
    // 100 ÷ 2 = 46.475 is rounded up to 46.48, so the shares line shows: one label more.
    #expect(steps[2].roles == fields + ["label", "label", "label", "label"] + keys)
    // docs/SPEC.md section 7.2: 84.50 at 15% is 12.675, half-up 12.68; at 10% 8.45; 92.95 ÷ 2 up.
    #expect(
      steps.map(\.fields) == [
        ["84.50", "15%", "1"], ["84.50", "10%", "1"], ["84.50", "10%", "2"],
      ])
    #expect(
      steps.map(\.display) == ["Per person, 97.18", "Per person, 92.95", "Per person, 46.48"])
    #expect(
      steps[2].labels == [
        "Bill", "Tip", "People", "Tip, 8.45", "Total, 92.95", "Per person, 46.48",
        "+0.01, 2 × 46.48 = 92.96",
      ])
    // Presets and people keys leave the Bill field active, and the focus where typing goes.
    #expect(steps.map(\.selected) == [["Bill"], ["Bill"], ["Bill"]])
    #expect(steps.map(\.focused) == Array(repeating: [["entry", "Bill"]], count: 3))
    #expect(report.finalKeys?.prefix(5).last == "twenty-five percent tip")
    #expect(report.finalKeys?.last == "more people")

    // The focus request rings the People field, which becomes the active one.
    #expect(report.focused == ["People"])
    let entries = try #require(report.focusedEntries)
    #expect(entries.map(\.name) == ["Bill", "Tip", "People"])
    #expect(entries.map(\.text) == ["84.50", "10%", "2"])
    #expect(entries.map(\.characters) == [5, 3, 1])
    #expect(entries.map(\.caret) == [5, 3, 1])  // typing appends
    #expect(entries.map(\.line) == ["84.50", "10%", "2"])
    #expect(
      entries.map(\.labelledBy)
        == [["label", "Bill"], ["label", "Tip"], ["label", "People"]].map { [$0] })
    #expect(entries.map(\.labelFor) == [["Bill"], ["Tip"], ["People"]])
    let common = ["editable", "enabled", "focusable", "selectable", "sensitive", "showing"]
    let line = ["single line", "visible"]
    #expect(entries[0].states == common + line)
    #expect(entries[1].states == common + line)
    #expect(
      entries[2].states == [
        "editable", "enabled", "focusable", "focused", "selectable", "selected", "sensitive",
        "showing",
      ] + line)
    // Each entry is its field's box on the screen, and what lies at its centre.
    let layout = try #require(Layout(width: 360, height: 640, keypad: .of(.tip)).tipLayout)
    for (entry, field) in zip(entries, TipField.allCases) {
      let box = layout.rect(of: field)
      let x = Int(box.minX.rounded())
      let y = Int(box.minY.rounded())
      #expect(
        entry.window == [x, y, Int(box.maxX.rounded()) - x, Int(box.maxY.rounded()) - y],
        "\(entry.name)")
      #expect(entry.atCentre == ["entry", entry.name])
    }

    let events = report.events ?? []
    // A new entry's text is inserted; each change removes the old text and inserts the new one,
    // as typing over a selected text does.
    func textEvents(_ field: String) -> [String] {
      events.filter { $0.type.hasPrefix("object:text-changed:") && $0.source == field }
        .map { "\($0.type.dropFirst(20)) \($0.detail1) \($0.detail2) \($0.data ?? "")" }
    }
    #expect(textEvents("Tip") == ["insert 0 3 15%", "delete 0 3 15%", "insert 0 3 10%"])
    #expect(textEvents("People") == ["insert 0 1 1", "delete 0 1 1", "insert 0 1 2"])
    #expect(textEvents("Bill") == ["insert 0 5 84.50"])
    let selected = events.filter { $0.type == "object:state-changed:selected" }
    #expect(
      selected.map { "\($0.source ?? "") \($0.detail1)" } == ["Bill 1", "Bill 0", "People 1"])
    // The mode and its fields are spoken when it shows, then what each click changed.
    #expect(
      Self.announcements(events) == [
        "Tip & Split, Bill, 84.50, Tip, 15 percent, People, 1, Per person, 97.18",
        "Tip, 10 percent, Per person, 92.95", "People, 2, Per person, 46.48",
      ])
    let focus = events.filter { $0.type == "focus:" }
    #expect(
      focus.map { [$0.role ?? "", $0.source ?? ""] } == [
        ["label", "84.5"], ["entry", "Bill"], ["entry", "People"],
      ])
    #expect(report.status == 0)
    #expect(report.stderr == "")
  }

  @Test func theModeMenuSwitchesToScientificKeysWithSpokenNames() throws {
    let server = try XvfbServer()
    let clicks = [
      "modes", "Keyboard Shortcuts", "modes", "modes", "Scientific", "second functions",
    ]
    let report = try runClient(
      clicks.flatMap { ["--click", $0] }, arguments: ["--mode", "basic", "--size", "360x640"],
      server: server, announcements: 1)
    #expect(report.error == nil)
    let steps = try #require(report.steps)
    #expect(steps.map(\.click) == clicks)
    // The menu: its lines, the modes and the orders radio items with the current ones checked
    // (docs/SPEC.md section 12.7); gone once a line is chosen. The overlay goes at the next
    // click, which does nothing else.
    let menu = [
      "Basic", "Scientific", "Tip & Split", "Left to Right", "Math Order", "Convert",
      "Keep on Top", "Keyboard Shortcuts", "Copy Tape", "Clear History",
    ]
    #expect(steps.map(\.menu) == [menu, [], [], menu, [], []])
    let radio = "radio menu item"
    #expect(
      steps[0].menuRoles == [
        radio, radio, radio, radio, radio, "check menu item", "check menu item", "menu item",
        "menu item", "menu item",
      ])
    let checked = ["Basic", "Left to Right"]
    #expect(steps.map(\.checked) == [checked, [], [], checked, [], ["second functions"]])
    // The open menu has the focus while no line is selected, the overlay while it shows, the
    // display otherwise.
    let menuFocus = ["menu", "modes"]
    let overlayFocus = ["list", "Keyboard Shortcuts"]
    let displayFocus = ["label", "0"]
    #expect(
      steps.map(\.focused) == [
        [menuFocus], [overlayFocus], [displayFocus], [menuFocus], [displayFocus], [displayFocus],
      ])
    let focus = (report.events ?? []).filter { $0.type == "focus:" }
    #expect(
      focus.map { [$0.role ?? "", $0.source ?? ""] } == [
        displayFocus, menuFocus, overlayFocus, displayFocus, menuFocus, displayFocus,
      ])
    #expect(Self.announcements(report.events ?? []) == ["Scientific"])
    let names = try #require(report.finalKeys)
    #expect(names.count == 50)
    // In reading order: a portrait window stacks the 30 functions above the basic keypad.
    #expect(names[30..<50] == Self.basicKeyNames[0..<20])
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

  /// A refusal only turns the display red: it is spoken, once each time.
  @Test func aRefusalIsSpoken() throws {
    let server = try XvfbServer()
    let report = try runClient(
      ["--key", "ctrl+c", "--key", "ctrl+c"], arguments: ["--keys", "5/0=", "--size", "360x640"],
      server: server, announcements: 2)
    #expect(report.error == nil)
    #expect(report.display == "NaN")  // NaN is not copied
    #expect(Self.announcements(report.events ?? []) == ["Not accepted", "Not accepted"])
    #expect(report.stderr == "")
  }

  /// Convert (docs/SPEC.md section 10.4) through AT-SPI: Ctrl+4, 36 typed, both units picked
  /// by clicking their buttons and typing into the picker, then the swap key clicked. Both
  /// lines are labels named with their units; the picker is a menu whose selected line has the
  /// focus; each change of units is spoken once. By hand: 36 m = 36 / 0.3048 ft, 36 km =
  /// 36 / 1.609344 mi, 36 mi = 36 × 1.609344 km.
  @Test func convertPicksUnitsAndSwapsThroughTheScreenReader() throws {
    let server = try XvfbServer()
    let steps = [
      ("--key", "ctrl+4"), ("--key", "3 6"), ("--click", "convert from metres"),
      ("--key", "k m Return"), ("--click", "convert to feet"), ("--key", "m i"),
      ("--key", "Return"), ("--click", "swap units"),
    ]
    // What keys typed together end with: the client waits for it before it reads the step.
    let until = [1: "36 metres", 3: "36 kilometres", 5: "mi, mile"]
    let options = steps.enumerated().flatMap { index, step in
      [step.0, step.1] + (until[index].map { ["--until", $0] } ?? [])
    }
    let report = try runClient(
      options, arguments: ["--size", "360x640"], server: server, announcements: 4)
    #expect(report.error == nil)
    let taken = try #require(report.steps)
    #expect(taken.count == steps.count)
    guard taken.count == steps.count else { return }
    #expect(taken[0].labels.prefix(2) == ["0 metres", "0 feet"])
    #expect(taken[1].labels.prefix(2) == ["36 metres", "118.11023622047244094 feet"])
    // The picker: a menu, its tabs, back, the length units; the unit in use has the focus,
    // then the best match of what was typed.
    #expect(
      taken[2].menu.prefix(4) == ["from m", "to ft", "back to the categories", "m, metre"])
    #expect(taken[2].focused == [["radio menu item", "m, metre"]])
    #expect(taken[3].menu.isEmpty)
    #expect(taken[3].labels.prefix(2) == ["36 kilometres", "118,110.23622047244094 feet"])
    #expect(taken[4].focused == [["radio menu item", "ft, foot"]])
    #expect(taken[5].focused == [["radio menu item", "mi, mile"]])
    #expect(taken[6].labels.prefix(2) == ["36 kilometres", "22.369362920544022906 miles"])
    #expect(taken[7].labels.prefix(2) == ["36 miles", "57.936384 kilometres"])
    // Spoken once each: the lines appearing, each change of units; the typed 3 and 6 are left
    // to the key echo.
    #expect(
      Self.announcements(report.events ?? []) == [
        "Convert, metres to feet, 0 metres, 0 feet",
        "Convert, kilometres to feet, 36 kilometres, 118,110.23622047244094 feet",
        "Convert, kilometres to miles, 22.369362920544022906 miles",
        "Convert, miles to kilometres, 36 miles, 57.936384 kilometres",
      ])
    #expect(report.status == 0)
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
    let exit = window.exit()
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
      /// The name of what lies at the centre of its box, and just inside the box's corner.
      var atCentre: String?
      var atCorner: String?

      enum CodingKeys: String, CodingKey {
        case name, actions, screen, window, states
        case atCentre = "at_centre"
        case atCorner = "at_corner"
      }
    }
    struct Step: Decodable {
      var click: String?
      var key: String?
      var display: String?
      var checked: [String]
      var menu: [String]
      var menuRoles: [String]
      var roles: [String]
      var fields: [String]
      var selected: [String]
      /// Role and name of each focused element.
      var focused: [[String]]
      var labels: [String]

      enum CodingKeys: String, CodingKey {
        case click, key, display, checked, menu, roles, fields, selected, focused, labels
        case menuRoles = "menu_roles"
      }
    }
    struct Entry: Decodable {
      var name: String
      var text: String
      var characters: Int
      var caret: Int
      var line: String
      /// Role and name of each label.
      var labelledBy: [[String]]
      var labelFor: [String]
      var states: [String]
      var window: [Int]
      var atCentre: [String]?

      enum CodingKeys: String, CodingKey {
        case name, text, characters, caret, line, states, window
        case labelledBy = "labelled_by"
        case labelFor = "label_for"
        case atCentre = "at_centre"
      }
    }
    struct Event: Decodable {
      var type: String
      var source: String?
      var role: String?
      var detail1: Int
      var detail2: Int
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
    var focusedEntries: [Entry]?
    var idleWakeUps: Int?
    var status: Int?
    var stderr: String
    var events: [Event]?

    enum CodingKeys: String, CodingKey {
      case error, application, frame, roles, keys, display, steps, history, focused
      case status, stderr, events
      case idleWakeUps = "idle_wake_ups"
      case finalKeys = "final_keys"
      case focusedEntries = "focused_entries"
    }
  }

  /// What the window's notification spoke (`Accessibility.announce`): its name as it shows.
  static func announcements(_ events: [Report.Event]) -> [String?] {
    events.filter { $0.type == "object:state-changed:showing" && $0.role == "notification" }
      .map(\.source)
  }

  /// Runs the client in a D-Bus session of its own on `server`, with circlecalc (`binary`, by
  /// default the one under test) started by the client with `arguments`; the client waits for
  /// `announcements` announcements before it closes the window.
  func runClient(
    _ options: [String], arguments: [String], server: XvfbServer,
    binary: String = TestSupport.binary, announcements: Int = 0
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
      ["--", "/usr/bin/python3", Self.client, "--report", file] + options
        + ["--announcements", "\(announcements)", "--", binary] + arguments,
      environment: environment, timeout: 600)
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
