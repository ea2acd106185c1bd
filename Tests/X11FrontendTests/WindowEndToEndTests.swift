import CalculatorCore
import CalculatorLayout
import CalculatorRender
import Foundation
import TestSupport
import Testing

/// The real binary on a real X server: after each step a capture of the window must equal
/// `circlecalc --render` of the same state at the same size, pixel for pixel. Each test has
/// its own Xvfb, so they may run in parallel.
@Suite(TestSupport.needs(TestSupport.xTools))
struct WindowEndToEndTests {
  @Test func theFirstFrameIsTheRenderOfTheStartState() throws {
    let server = try XvfbServer()
    let window = try CalculatorWindow(server: server, keys: "12+3*4")
    #expect(try window.differingPixels(from: window.render(keys: "12+3*4")) == 0)
  }

  @Test func clickingSevenPlusEightEqualsShowsFifteen() throws {
    let server = try XvfbServer()
    let window = try CalculatorWindow(server: server)
    try window.click(.key(.digit(.seven)))
    #expect(try window.differingPixels(from: window.render(keys: "7")) == 0)
    try window.click(.key(.operation(.add)), .key(.digit(.eight)))
    #expect(try window.differingPixels(from: window.render(keys: "7+8")) == 0)
    try window.click(.key(.equals))
    #expect(try window.differingPixels(from: window.render(keys: "7+8=")) == 0)
    try window.click(.clear)
    #expect(try window.differingPixels(from: window.render(keys: "7+8=c")) == 0)
  }

  @Test func typingSevenPlusEightReturnShowsFifteen() throws {
    let server = try XvfbServer()
    let window = try CalculatorWindow(server: server)
    try window.type("7", "plus", "8", "Return")
    #expect(try window.differingPixels(from: window.render(keys: "7+8=")) == 0)
    try window.type("KP_Multiply", "KP_2", "KP_Enter", "n", "percent")
    #expect(try window.differingPixels(from: window.render(keys: "7+8=*2=n%")) == 0)
    try window.type("Escape", "1", "2", "BackSpace", "period", "5", "comma", "Delete")
    #expect(try window.differingPixels(from: window.render(keys: "7+8=*2=n%a12b.5.c")) == 0)
  }

  @Test func aPressIsCancelledByReleasingElsewhere() throws {
    let server = try XvfbServer()
    let window = try CalculatorWindow(server: server, keys: "5")
    let seven = window.center(of: .key(.digit(.seven)))
    try window.xdotool("mousemove", "--window", window.window, "\(seven.x)", "\(seven.y)")
    try window.xdotool("mousedown", "1")
    // Held down: the circle lightens.
    var held = Frame(layout: window.layout, calculator: TestSupport.calculator(after: "5"))
    held.pressed = Keypad.basic.position(of: .key(.digit(.seven)))
    #expect(try window.differingPixels(from: window.render(held)) == 0)
    let render = try window.render(keys: "5")
    let eight = window.center(of: .key(.digit(.eight)))
    try window.xdotool("mousemove", "--window", window.window, "\(eight.x)", "\(eight.y)")
    try window.xdotool("mouseup", "1")
    #expect(try window.differingPixels(from: render) == 0)
  }

  @Test func theShortcutsOverlayOpensAndAnyClickClosesIt() throws {
    let server = try XvfbServer()
    let window = try CalculatorWindow(server: server, keys: "9")
    let render = try window.render(keys: "9")
    try window.type("F1")
    #expect(try window.differingPixels(changedFrom: render) > 0)
    try window.click(.key(.digit(.one)))  // closes the overlay, types nothing
    #expect(try window.differingPixels(from: render) == 0)
    try window.type("question")
    #expect(try window.differingPixels(changedFrom: render) > 0)
    try window.type("Escape")  // closes the overlay, clears nothing
    #expect(try window.differingPixels(from: render) == 0)
  }

  @Test func resizingRedrawsAtTheNewSize() throws {
    let server = try XvfbServer()
    let window = try CalculatorWindow(server: server, keys: "1/7=")
    for (width, height) in [(500, 700), (300, 900), (1000, 600), (1, 1), (2, 300), (420, 800)] {
      try window.resize(width: width, height: height)
      if width > 50 {
        #expect(try window.differingPixels(from: window.render(keys: "1/7=")) == 0)
      }
    }
    try window.type("plus", "1", "Return")
    #expect(try window.differingPixels(from: window.render(keys: "1/7=+1=")) == 0)
  }

  @Test func theWheelScrollsTheHistoryAndANewRowScrollsBack() throws {
    let server = try XvfbServer()
    let keys = "1+2+3+4+5+6+7+8+9+"
    let window = try CalculatorWindow(server: server, keys: keys)
    let calculator = TestSupport.calculator(after: keys)
    let maximum = window.layout.maxHistoryOffset(rowCount: calculator.history.count)
    #expect(maximum >= 2)
    let display = window.layout.displayRect
    try window.xdotool(
      "mousemove", "--window", window.window, "\(Int(display.minX + display.width / 2))",
      "\(Int(display.minY))",
      "click", "4", "click", "4")
    #expect(try window.differingPixels(from: window.render(calculator, historyOffset: 2)) == 0)
    try window.xdotool(
      "click", "--repeat", "\(maximum + 5)", "--delay", "1", "4", "click", "5")
    let scrolled = window.render(calculator, historyOffset: maximum - 1)
    #expect(try window.differingPixels(from: scrolled) == 0)
    try window.type("1", "plus")
    #expect(try window.differingPixels(from: window.render(keys: keys + "1+")) == 0)
  }

  /// "1+2+3+4+5+6+7+8": seven rows, four fit at 360 × 640. Three ticks bring the first row to
  /// the top and a fourth changes nothing; a resize, and a click, return to the newest rows.
  @Test func theWheelStopsAtTheOldestRowAndResizesAndClicksReturnToTheNewest() throws {
    let server = try XvfbServer()
    let keys = "1+2+3+4+5+6+7+8"
    let window = try CalculatorWindow(server: server, keys: keys)
    let calculator = TestSupport.calculator(after: keys)
    #expect(window.layout.maxHistoryOffset(rowCount: calculator.historyCount) == 3)
    let strip = window.layout.historyRect
    let onStrip = ["\(Int(strip.maxX) - 30)", "\(Int(strip.maxY) - 10)"]
    try window.xdotool(["mousemove", "--window", window.window] + onStrip)
    try window.xdotool("click", "--repeat", "3", "--delay", "20", "4")
    let oldest = window.render(calculator, historyOffset: 3)
    #expect(try window.differingPixels(from: oldest) == 0)
    try window.xdotool("click", "4")
    #expect(try window.differingPixels(from: oldest, timeout: 0.3) == 0)
    try window.resize(width: 380, height: 700)
    #expect(try window.differingPixels(from: window.render(keys: keys)) == 0)
    try window.xdotool(["mousemove", "--window", window.window] + onStrip)
    try window.xdotool("click", "--repeat", "2", "--delay", "20", "4")
    #expect(try window.differingPixels(from: window.render(calculator, historyOffset: 2)) == 0)
    // A click on the display's empty left end (a click on a row puts its number in the
    // display).
    let display = window.layout.displayRect
    try window.xdotool(
      "mousemove", "--window", window.window, "\(Int(display.minX) + 5)",
      "\(Int(display.minY + display.height / 2))", "click", "1")
    #expect(try window.differingPixels(from: window.render(keys: keys)) == 0)
  }

  /// Press on the display, move an eighth of its width or more sideways, release: ⌫.
  @Test func aSwipeOnTheDisplayDeletesTheLastDigit() throws {
    let server = try XvfbServer()
    let window = try CalculatorWindow(server: server, keys: "12345")
    let display = window.layout.displayRect
    let y = "\(Int(display.minY + display.height / 2))"
    let right = Int(display.maxX) - 10
    func swipe(by distance: Int) throws {
      try window.xdotool(
        "mousemove", "--window", window.window, "\(right)", y, "mousedown", "1",
        "mousemove", "--window", window.window, "\(right - distance / 2)", y,
        "mousemove", "--window", window.window, "\(right - distance)", y, "mouseup", "1")
    }
    try swipe(by: Int(display.width / 8) + 2)
    #expect(try window.differingPixels(from: window.render(keys: "1234")) == 0)
    try swipe(by: Int(display.width / 2))
    #expect(try window.differingPixels(from: window.render(keys: "123")) == 0)
    try swipe(by: Int(display.width / 16))  // too short: nothing
    try window.type("9")
    #expect(try window.differingPixels(from: window.render(keys: "1239")) == 0)
  }

  /// The + is white after "12+", orange again from the 3 on while still pending, white once C
  /// clears the 3 (the iPhone's rule).
  @Test func theOperatorHighlightEndsWhenTheNextNumberStarts() throws {
    let server = try XvfbServer()
    let window = try CalculatorWindow(server: server)
    let plus = window.layout.circle(
      at: try #require(Keypad.basic.position(of: .operation(.add))))
    let probe = (x: Int(plus.center.x + plus.radius / 2), y: Int(plus.center.y + plus.radius / 2))
    func plusFill() throws -> UInt32 {
      let color = try #require(try window.screenshot().color(x: probe.x, y: probe.y))
      return UInt32(color.red) << 16 | UInt32(color.green) << 8 | UInt32(color.blue)
    }
    try window.type("1", "2", "plus")
    #expect(try window.differingPixels(from: window.render(keys: "12+")) == 0)
    // docs/SPEC.md section 3.1: the pending operator shows white.
    #expect(try plusFill() == 0xFFFFFF)
    try window.type("3")
    #expect(try window.differingPixels(from: window.render(keys: "12+3")) == 0)
    #expect(try plusFill() == 0xFF9F0A)  // operator orange
    let state = try TestSupport.circlecalc(["--keys", "12+3", "--state"])
    #expect(state.stdout.contains("\"operator\":\"+\""))  // still pending
    try window.type("Delete")
    #expect(try window.differingPixels(from: window.render(keys: "12+3c")) == 0)
    #expect(try plusFill() == 0xFFFFFF)
  }

  /// docs/SPEC.md section 3.3: the window shows every digit, sign and grouping of the longest
  /// numbers.
  @Test(arguments: ["12345678901234567890n", "2/3=", "1/30000000=n"])
  func theWindowShowsTheWholeNumber(keys: String) throws {
    let server = try XvfbServer()
    let window = try CalculatorWindow(server: server, keys: keys)
    #expect(try window.differingPixels(from: window.render(keys: keys)) == 0)
  }

  @Test func closingThroughTheWindowManagerExitsZero() throws {
    let server = try XvfbServer()
    let window = try CalculatorWindow(server: server)
    try window.sendDeleteWindow()
    let exit = window.exit()
    #expect(exit?.status == 0)
    #expect(exit?.error == "")
  }

  @Test func aForgedProtocolMessageIsIgnored() throws {
    let server = try XvfbServer()
    let window = try CalculatorWindow(server: server, keys: "12")
    try window.sendProtocolMessage { _ in -1 }  // 0xFFFFFFFF sign-extended; once trapped
    try window.type("3")
    #expect(try window.differingPixels(from: window.render(keys: "123")) == 0)
    #expect(window.exit(timeout: 0.2) == nil)
  }

  @Test(arguments: ["ctrl+q", "ctrl+w"])
  func controlQAndControlWQuit(keys: String) throws {
    let server = try XvfbServer()
    let window = try CalculatorWindow(server: server)
    try window.type(keys)
    #expect(window.exit()?.status == 0)
  }

  @Test func losingTheServerExitsOneWithinASecond() throws {
    let server = try XvfbServer()
    let window = try CalculatorWindow(server: server)
    let start = Date()
    server.kill()
    let exit = window.exit(timeout: 1)
    #expect(Date().timeIntervalSince(start) < 1)
    #expect(exit?.status == 1)
    #expect(exit?.error == "circlecalc: lost the connection to the X server\n")
  }

  @Test func withoutADisplayItSaysSoAndExitsOne() throws {
    let result = try TestSupport.run("env", ["-u", "DISPLAY", TestSupport.binary])
    let message = result.stderr
    #expect(result.status == 1)
    #expect(message.contains("DISPLAY"))
    #expect(message.split(separator: "\n").count == 1)
  }

  @Test func theWindowReopensAtTheSizeItWasClosedWith() throws {
    let server = try XvfbServer()
    let state = FileManager.default.temporaryDirectory
      .appendingPathComponent("circlecalc-state-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: state) }
    let first = try CalculatorWindow(server: server, size: nil, stateDirectory: state)
    #expect(first.width == 360 && first.height == 640)
    try first.resize(width: 480, height: 720)
    #expect(try first.differingPixels(from: first.render(keys: "")) == 0)  // resized
    try first.sendDeleteWindow()
    #expect(first.exit()?.status == 0)
    let second = try CalculatorWindow(server: server, size: nil, stateDirectory: state)
    #expect(second.width == 480 && second.height == 720)
    try second.type("ctrl+q")
    #expect(second.exit()?.status == 0)
    let explicit = try CalculatorWindow(server: server, size: (300, 500), stateDirectory: state)
    #expect(explicit.width == 300 && explicit.height == 500)
  }

  @Test(arguments: [("1x1", 200, 350), ("100x2000", 200, 1024), ("16000x16000", 1280, 1024)])
  func aRestoredSizeStaysBetweenTheMinimumAndTheScreen(saved: String, width: Int, height: Int)
    throws
  {
    let server = try XvfbServer()  // a 1280 × 1024 screen
    let state = FileManager.default.temporaryDirectory
      .appendingPathComponent("circlecalc-state-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: state) }
    let folder = state.appendingPathComponent("circlecalc")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try (saved + "\n").write(
      to: folder.appendingPathComponent("window-size"), atomically: true, encoding: .utf8)
    let window = try CalculatorWindow(server: server, size: nil, stateDirectory: state)
    #expect(window.width == width && window.height == height)
  }

  @Test func aWindowDestroyedByAnotherProgramExitsOne() throws {
    let server = try XvfbServer()
    let window = try CalculatorWindow(server: server)
    try window.xdotool("windowclose", window.window)
    let exit = window.exit()
    #expect(exit?.status == 1)
    #expect(exit?.error == "circlecalc: the window was destroyed by another program\n")
  }

  /// Runs a shell command on the server's display.
  func shell(_ command: String, on server: XvfbServer) throws {
    let child = try ChildProcess(["sh", "-c", command], environment: server.environment)
    #expect(child.wait(timeout: TestSupport.patience) && child.status == 0, "\(command)")
  }

  @Test func xftDpi192DoublesTheInitialSize() throws {
    let server = try XvfbServer(width: 2000, height: 1600)
    try shell("echo 'Xft.dpi: 192' | xrdb -merge", on: server)
    let window = try CalculatorWindow(server: server, size: nil)
    #expect(window.width == 720 && window.height == 1280)
  }

  /// docs/SPEC.md section 3: the first launch fits the screen. At Xft.dpi 192 the default
  /// 360 × 640 is 720 × 1280, too tall for a 1366 × 768 screen: it opens at 768 / 1280 of that,
  /// 432 × 768, its bottom row on the screen; with a window manager's work area (the screen less
  /// a 28-pixel panel, `_NET_WORKAREA`), within that: 740 / 1280 of it, 416 × 740.
  @Test func theFirstLaunchAtHiDPIFitsTheScreenAndTheWorkArea() throws {
    let server = try XvfbServer(width: 1366, height: 768)
    try shell("echo 'Xft.dpi: 192' | xrdb -merge", on: server)
    let window = try CalculatorWindow(server: server, size: nil)
    #expect(window.width == 432 && window.height == 768)
    #expect(try window.differingPixels(from: window.render(keys: "", dpi: 192)) == 0)
    let second = try XvfbServer(width: 1366, height: 768)
    try shell("echo 'Xft.dpi: 192' | xrdb -merge", on: second)
    try shell(
      "xprop -root -f _NET_WORKAREA 32c -set _NET_WORKAREA '0, 28, 1366, 740'", on: second)
    let fitted = try CalculatorWindow(server: second, size: nil)
    #expect(fitted.width == 416 && fitted.height == 740)
  }

  @Test func windowManagerPropertiesAreSet() throws {
    let server = try XvfbServer()
    let window = try CalculatorWindow(server: server)
    // The icon is set after the first frame.
    var properties = ""
    try TestSupport.waitUntil {
      properties = try server.run("xprop", ["-id", window.window]).stdout
      return properties.contains("Icon (128 x 128):")
    }
    for expected in [
      "WM_NAME(STRING) = \"CircleCalc\"",
      "_NET_WM_NAME(UTF8_STRING) = \"CircleCalc\"",
      "WM_CLASS(STRING) = \"circlecalc\", \"CircleCalc\"",
      "WM_PROTOCOLS(ATOM): protocols  WM_DELETE_WINDOW",
      "_NET_WM_PID(CARDINAL) = \(window.process.pid)",
      "WM_CLIENT_MACHINE(STRING) = ",
      "program specified minimum size: ",
      "_NET_WM_ICON(CARDINAL) = ",
      "Icon (16 x 16):",
      "Icon (128 x 128):",
    ] {
      #expect(properties.contains(expected), "missing \(expected)")
    }
  }
}
