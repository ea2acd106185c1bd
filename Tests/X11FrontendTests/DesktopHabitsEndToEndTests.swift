import CalculatorCore
import CalculatorLayout
import CalculatorRates
import Foundation
import TestSupport
import Testing

/// Desktop habits on a real X server with a real window manager (docs/SPEC.md section 14):
/// Keep on Top read with `xprop`, the place kept across a restart and moved inside a screen that
/// shrank, PRIMARY read with `xclip`, Rad and the memory after a restart, and Download rates
/// against a local HTTP server on 127.0.0.1. Every step waits for what it expects, with a
/// deadline.
@Suite(TestSupport.needs(TestSupport.xTools + ["metacity", "xclip"]))
struct DesktopHabitsEndToEndTests {
  /// metacity on `server`, started and running once it has set `_NET_SUPPORTING_WM_CHECK`.
  final class WindowManager {
    let process: ChildProcess

    init(on server: XvfbServer) throws {
      process = try ChildProcess(
        ["metacity", "--replace", "--sm-disable"], environment: server.environment)
      let running = try TestSupport.waitUntil {
        try server.run("xprop", ["-root", "_NET_SUPPORTING_WM_CHECK"]).stdout.contains("window id")
      }
      guard running else { throw TestFailure("metacity did not start") }
    }

    deinit { process.stop() }
  }

  /// A state folder of the test's own, removed with it.
  final class StateFolder {
    let path = TestSupport.temporaryPath("habits-state")
    var url: URL { URL(fileURLWithPath: path) }
    var sizeFile: String {
      (try? String(contentsOfFile: path + "/circlecalc/window-size", encoding: .utf8)) ?? ""
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }
  }

  /// `xprop -id WINDOW _NET_WM_STATE`'s line.
  static func netWMState(_ window: CalculatorWindow) throws -> String {
    try window.server.run("xprop", ["-id", window.window, "_NET_WM_STATE"]).stdout
  }

  /// Waits until `_NET_WM_STATE` holds `_NET_WM_STATE_ABOVE` (or no longer): its last line.
  @discardableResult
  static func waitForAbove(_ window: CalculatorWindow, _ above: Bool) throws -> String {
    var line = ""
    TestSupport.waitUntil {
      line = (try? netWMState(window)) ?? ""
      return line.contains("_NET_WM_STATE_ABOVE") == above
    }
    #expect(line.contains("_NET_WM_STATE_ABOVE") == above, "\(line)")
    return line
  }

  /// The window's top-left corner on the screen, from `xwininfo`.
  static func position(_ window: CalculatorWindow) throws -> (x: Int, y: Int) {
    let (x, y, _, _) = try geometry(window)
    return (x, y)
  }

  /// The window's place and size on the screen, from `xwininfo`.
  static func geometry(_ window: CalculatorWindow) throws -> (
    x: Int, y: Int, width: Int, height: Int
  ) {
    let lines = try window.server.run("xwininfo", ["-id", window.window]).stdout
      .split(separator: "\n")
    func value(_ name: String) -> Int? {
      lines.first { $0.contains(name) }.flatMap {
        Int($0.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "")
      }
    }
    guard let x = value("Absolute upper-left X"), let y = value("Absolute upper-left Y"),
      let width = value("Width:"), let height = value("Height:")
    else { throw TestFailure("xwininfo: no geometry") }
    return (x, y, width, height)
  }

  /// Gives the window the keyboard focus with a click on its display (metacity focuses on
  /// click) and waits for the server to say so.
  static func focus(_ window: CalculatorWindow) throws {
    let display = window.layout.displayRect
    try window.xdotool(
      "mousemove", "--window", window.window, "\(Int(display.minX) + 4)",
      "\(Int(display.minY) + 4)", "click", "1")
    let focused = try TestSupport.waitUntil {
      try window.server.run("xdotool", ["getwindowfocus"]).stdout
        .trimmingCharacters(in: .whitespacesAndNewlines) == window.window
    }
    #expect(focused)
  }

  /// Closes the window with Ctrl+Q and waits for it to exit with status 0.
  static func close(_ window: CalculatorWindow) throws {
    try window.type("ctrl+q")
    let ended = window.exit()
    #expect(ended?.status == 0)
  }

  @Test func keepOnTopFromTheMenuAndCtrlTIsTheWindowManagersAndKeptAcrossARestart() throws {
    let server = try XvfbServer()
    let manager = try WindowManager(on: server)
    let state = StateFolder()
    let window = try CalculatorWindow(server: server, stateDirectory: state.url)
    try Self.focus(window)
    try Self.waitForAbove(window, false)
    // The menu's line.
    try window.click(.modes)
    try window.click(.keepOnTop)
    try Self.waitForAbove(window, true)
    // Ctrl+T: off, on again.
    try window.type("ctrl+t")
    try Self.waitForAbove(window, false)
    try window.type("ctrl+t")
    let line = try Self.waitForAbove(window, true)
    #expect(line.hasPrefix("_NET_WM_STATE(ATOM) = "))
    try Self.close(window)
    #expect(state.sizeFile.contains("\nabove on\n"))
    // Again after a restart, without a key.
    let again = try CalculatorWindow(server: server, stateDirectory: state.url)
    try Self.waitForAbove(again, true)
    withExtendedLifetime(manager) {}
  }

  @Test func withoutAWindowManagerKeepOnTopChangesNothingAndSaysNothing() throws {
    let server = try XvfbServer()
    let state = StateFolder()
    let window = try CalculatorWindow(server: server, stateDirectory: state.url)
    try window.type("ctrl+t")
    try window.type("ctrl+q")  // after Ctrl+T was handled
    let ended = window.exit()
    #expect(ended?.status == 0 && ended?.error == "")
    #expect(!state.sizeFile.contains("above"))
  }

  @Test func theWindowReopensWhereItWasAndInsideAScreenThatShrank() throws {
    let state = StateFolder()
    do {
      let server = try XvfbServer(width: 1600, height: 1200)
      let manager = try WindowManager(on: server)
      let window = try CalculatorWindow(server: server, stateDirectory: state.url)
      try window.xdotool("windowmove", window.window, "900", "400")
      var before = (x: 0, y: 0)
      let moved = TestSupport.waitUntil {
        before = (try? Self.position(window)) ?? (0, 0)
        return before.x == 900  // metacity puts the frame's corner there: the window's x too
      }
      #expect(moved)
      try Self.focus(window)
      try Self.close(window)
      #expect(state.sizeFile.contains("\nposition 900 400 "))
      let again = try CalculatorWindow(server: server, stateDirectory: state.url)
      var after = (x: 0, y: 0)
      TestSupport.waitUntil {
        after = (try? Self.position(again)) ?? (0, 0)
        return after == before
      }
      #expect(after == before, "before \(before), after \(after)")
      withExtendedLifetime(manager) {}
    }
    // The screen shrank to 800 × 600: the window opens wholly inside it.
    let server = try XvfbServer(width: 800, height: 600)
    let manager = try WindowManager(on: server)
    let window = try CalculatorWindow(server: server, size: nil, stateDirectory: state.url)
    var place = (x: -1, y: -1, width: 0, height: 0)
    let inside = TestSupport.waitUntil {
      place = (try? Self.geometry(window)) ?? (-1, -1, 0, 0)
      return place.x >= 0 && place.y >= 0 && place.x + place.width <= 800
        && place.y + place.height <= 600 && place.width > 0
    }
    #expect(inside, "at \(place)")
    withExtendedLifetime(manager) {}
  }

  @Test func aDoubleClickOnTheDisplayOwnsPrimaryUntilAnotherProgramTakesIt() throws {
    let server = try XvfbServer()
    let window = try CalculatorWindow(server: server, keys: "1234.5")
    let display = window.layout.displayRect
    let (x, y) = (Int(display.maxX) - 30, Int(display.maxY) - 30)
    try window.xdotool(
      "mousemove", "--window", window.window, "\(x)", "\(y)", "click", "--repeat", "2",
      "--delay", "80", "1")
    var pasted = ""
    TestSupport.waitUntil {
      pasted = (try? server.run("xclip", ["-o", "-selection", "primary"]).stdout) ?? ""
      return pasted == "1234.5"
    }
    #expect(pasted == "1234.5")
    // Drawn selected, as the renderer draws a frame with the display selected.
    var selected = Frame(
      calculator: TestSupport.calculator(after: "1234.5"), width: window.width,
      height: window.height)
    selected.displaySelected = true
    #expect(try window.differingPixels(from: window.render(selected)) == 0)
    // Another program takes PRIMARY: the look goes; the window does not take it back.
    let other = try ChildProcess(
      ["sh", "-c", "printf other | xclip -i -selection primary -loops 1 -quiet"],
      environment: server.environment)
    #expect(try window.differingPixels(from: window.render(keys: "1234.5")) == 0)
    TestSupport.waitUntil {
      ((try? server.run("xclip", ["-o", "-selection", "primary"]).stdout) ?? "") == "other"
    }
    #expect(other.wait(timeout: TestSupport.patience))
    #expect(window.errorOutput == "")
  }

  @Test func radAndTheMemoryAreKeptAcrossARestart() throws {
    let server = try XvfbServer()
    let state = StateFolder()
    let window = try CalculatorWindow(
      server: server, keys: "[rad]12.5[m+]", mode: .scientific, stateDirectory: state.url)
    try window.sendDeleteWindow()
    #expect(window.exit()?.status == 0)
    #expect(state.sizeFile.contains("\nangle radians\nmemory 12.5\n"))
    let again = try CalculatorWindow(server: server, stateDirectory: state.url)
    again.mode = .scientific
    // Rad shows and `mr` is lit, as after `[rad]12.5[m+]` and AC; `mr` recalls 12.5.
    #expect(try again.differingPixels(from: again.render(keys: "[rad]12.5[m+]a")) == 0)
    try again.click(.key(.memory(.recall)))
    #expect(try again.differingPixels(from: again.render(keys: "[rad]12.5[m+]a[mr]")) == 0)
  }
}

/// Download rates without a terminal (docs/SPEC.md section 14.6) against `RatesServer`: a
/// good file after a 404, a server that never answers; keys typed meanwhile are shown at once.
@Suite(TestSupport.needs(TestSupport.xTools))
struct DownloadRatesEndToEndTests {
  /// Clicks the caption line (its left end), where `Download rates` is offered.
  static func clickCaption(_ window: CalculatorWindow) throws {
    let line = try #require(window.layout.convert).toLine
    try window.xdotool(
      "mousemove", "--window", window.window, "\(Int(line.minX) + 6)",
      "\(Int(line.minY + line.height / 2))", "click", "1")
  }

  @Test func aFailedDownloadSaysWhatFailedAndATryAgainBringsTheRates() throws {
    let rates = try RatesServer()
    let folders = try ConvertRatesEndToEndTests.Folders(fixture: nil, age: 0)
    let server = try XvfbServer()
    // The file is not there yet: the window's own first download gets a 404.
    let window = try folders.window(server, keys: "5", url: rates.url("rates.xml"))
    let failed = try ConvertRatesEndToEndTests.frame(
      keys: "5", rates: nil,
      caption: "Download rates (failed: the server answered HTTP status 404)")
    #expect(try window.differingPixels(from: window.render(failed)) == 0)
    #expect(!FileManager.default.fileExists(atPath: folders.file.path))
    // Now served: Download rates, and keys typed while it runs.
    try rates.serve(try RatesServer.fixture("eurofxref-daily.xml"), as: "rates.xml")
    try Self.clickCaption(window)
    try window.type("1", "2")
    TestSupport.waitUntil { (try? folders.file.load())?.date == "2026-11-27" }
    let stored = try folders.file.load()
    #expect(stored.date == "2026-11-27")
    let done = try ConvertRatesEndToEndTests.frame(
      keys: "512", rates: stored, caption: "Rates of 2026-11-27 (ECB)")
    #expect(try window.differingPixels(from: window.render(done)) == 0)
    #expect(rates.requests == ["/rates.xml", "/rates.xml"])
    #expect(window.errorOutput == "")
  }

  @Test func aServerThatNeverAnswersBlocksNoKeyAndCanBeTriedAgain() throws {
    let rates = try RatesServer()
    let folders = try ConvertRatesEndToEndTests.Folders(fixture: nil, age: 0)
    let server = try XvfbServer()
    let window = try folders.window(server, keys: "5", url: rates.url("hang"), timeout: 20)
    let downloading = try ConvertRatesEndToEndTests.frame(
      keys: "5", rates: nil, caption: "No rates yet: downloading the ECB's…")
    #expect(try window.differingPixels(from: window.render(downloading)) == 0)
    // Keys while it hangs: each shows at once.
    try window.type("7")
    let typed = try ConvertRatesEndToEndTests.frame(
      keys: "57", rates: nil, caption: "No rates yet: downloading the ECB's…")
    #expect(try window.differingPixels(from: window.render(typed)) == 0)
    // The timeout ends it; Download rates asks again.
    let asked = TestSupport.waitUntil {
      (try? window.differingPixelsNow(from: window.render(typed))) ?? 0 > 0
    }
    #expect(asked)
    try Self.clickCaption(window)
    TestSupport.waitUntil { rates.requests.count == 2 }
    #expect(rates.requests == ["/hang", "/hang"])
    #expect(!FileManager.default.fileExists(atPath: folders.file.path))
    #expect(window.errorOutput == "")
  }
}
