import CalculatorCore
import CalculatorLayout
import CalculatorRender
import Foundation
import TestSupport
import Testing

@testable import CalculatorWindow
@testable import X11Frontend

/// The tape from the keyboard in the real window (docs/SPEC.md section 8), driven with xdotool
/// only: the row cursor and recall, Escape, undo after AC and after Clear History, a calculation
/// copied, the edit example and a linked chain through `circlecalc --history`, Shift+Insert.
/// After each step a capture equals the frame of a `WindowState` fed the same keys, and what
/// that state shows is checked against values written by hand.
@Suite(TestSupport.needs(TestSupport.xTools + ["xclip"]))
struct TapeEndToEndTests {
  /// A window on its own server and state folder, and the state a window should have after
  /// the same keys.
  final class Session {
    let server: XvfbServer
    let state = HistoryEndToEndTests.State()
    let window: CalculatorWindow
    var model: WindowState

    init(size: (width: Int, height: Int) = (360, 640)) throws {
      server = try XvfbServer()
      window = try CalculatorWindow(server: server, size: size, stateDirectory: state.url)
      model = WindowState(
        calculator: Calculator(), width: window.width, height: window.height,
        measure: Renderer().tapeTextExtents)
      model.calendar = TestSupport.localCalendar
    }

    /// Types keysyms (`Up`, `ctrl+z`) into the window and the model.
    func type(_ names: String...) throws { try type(names) }

    func type(_ names: [String]) throws {
      try window.type(names, delay: 30)
      model.type(keysyms: names)
    }

    /// Types a `--keys` sequence of digits and operators.
    func type(keys: String) throws { try type(HistoryEndToEndTests.keysyms(keys)) }

    /// Whether the window shows the model's frame, pixel for pixel.
    func showsModel() throws -> Bool {
      try window.differingPixels(from: window.render(model.frame)) == 0
    }

    /// The selected row's text in the model.
    var selected: String? { model.frame.shownHistoryRows.first { $0.isSelected }?.text }

    /// The selected row's text in the model's side panel.
    var panelSelected: String? {
      model.frame.shownTapeLines.lazy.compactMap { line in line.selectedRow.map { line.rows[$0] } }
        .first
    }

    /// `circlecalc --history` for this window's state folder.
    func history() throws -> String {
      var environment = ProcessInfo.processInfo.environment
      environment["XDG_STATE_HOME"] = state.url.path
      return try TestSupport.circlecalc(["--history"], environment: environment).stdout
    }

    /// Waits until `--history` prints `text` or `timeout` passes; what it printed last.
    func waitForHistory(_ text: String, timeout: Double = TestSupport.patience) throws -> String {
      let deadline = TestSupport.now() + timeout
      var printed = try history()
      while printed != text, TestSupport.now() < deadline {
        usleep(50_000)
        printed = try history()
      }
      return printed
    }
  }

  @Test func upWalksTheTapeAndReturnRecalls() throws {
    let session = try Session()
    try session.type(keys: "1+2=3*4=10-5=")
    var rows: [String?] = []
    for _ in 0..<4 {
      try session.type("Up")
      rows.append(session.selected)
      #expect(try session.showsModel(), "after Up \(rows.count)")
    }
    #expect(rows == ["= 5", "− 5", "10", "= 12"])
    try session.type("Return")
    #expect(session.model.calculator.display == "12")
    #expect(session.model.browser.cursor == nil)
    #expect(try session.showsModel())
    try session.type(keys: "+1=")
    #expect(
      try session.waitForHistory("1 + 2 = 3\n3 × 4 = 12\n10 − 5 = 5\n12 + 1 = 13\n")
        == "1 + 2 = 3\n3 × 4 = 12\n10 − 5 = 5\n12 + 1 = 13\n")
  }

  @Test func escapeEndsTheSelectionAndPageUpHomeEndMove() throws {
    let session = try Session()
    try session.type(keys: "1+2=3*4=10-5=")
    try session.type("Prior")  // a screenful up: as many past rows as the strip holds
    let rows = ["1", "+ 2", "= 3", "3", "× 4", "= 12", "10", "− 5", "= 5"]
    let layout = session.model.layout
    let page = Int(layout.historyRect.height / layout.pastHistoryRowHeight)
    #expect(session.selected == rows[max(rows.count - page, 0)])
    #expect(try session.showsModel())
    try session.type("Home")
    #expect(session.selected == "1")
    #expect(try session.showsModel())
    try session.type("End")
    #expect(session.selected == "= 5")
    try session.type("Escape")
    #expect(session.model.browser.cursor == nil)
    #expect(
      try session.window.differingPixels(from: session.window.render(keys: "1+2=3*4=10-5="))
        == 0)
  }

  @Test func ctrlZAfterAllClear() throws {
    let session = try Session()
    try session.type(keys: "12+34")
    try session.type("Escape")
    #expect(try session.window.differingPixels(from: session.window.render(keys: "")) == 0)
    try session.type("ctrl+z")
    #expect(try session.window.differingPixels(from: session.window.render(keys: "12+34")) == 0)
    try session.type("ctrl+shift+z")
    #expect(try session.window.differingPixels(from: session.window.render(keys: "")) == 0)
    try session.type("ctrl+z")
    #expect(try session.window.differingPixels(from: session.window.render(keys: "12+34")) == 0)
  }

  /// Clear History from the keyboard (F10, End, Return), undone: the file has every
  /// calculation again, and after Ctrl+Q `--history` lists them.
  @Test func ctrlZAfterClearHistoryThenQuit() throws {
    let session = try Session()
    try session.type(keys: "2+3*4=7/0=1200*1.08+49.9=")
    try session.state.waitFor(HistoryEndToEndTests.threeLines)
    try session.type("F10", "End")
    #expect(try session.showsModel())  // the menu, Clear History selected
    try session.type("Return")
    try session.state.waitFor([])
    #expect(session.state.lines == [])
    try session.type("ctrl+z")
    try session.state.waitFor(HistoryEndToEndTests.threeLines)
    #expect(session.state.lines == HistoryEndToEndTests.threeLines)
    try session.window.type("ctrl+q")
    #expect(session.window.exit()?.status == 0)
    #expect(
      try session.history() == "2 + 3 × 4 = 20\n7 ÷ 0 = NaN\n1,200 × 1.08 + 49.9 = 1,345.9\n")
  }

  @Test func ctrlShiftCCopiesTheCalculationAndCtrlCTheNumber() throws {
    let session = try Session()
    let clipboard = ClipboardEndToEndTests()
    try session.type(keys: "1200*1.08+49.9=2-3=")
    try session.type("ctrl+shift+c")  // no row selected: the last calculation
    #expect(try clipboard.readClipboard(session.server).text == "2 − 3 = -1")
    try session.type("Home", "ctrl+shift+c")
    #expect(try clipboard.readClipboard(session.server).text == "1,200 × 1.08 + 49.9 = 1,345.9")
    #expect(try clipboard.readClipboard(session.server, target: "TEXT").text.contains("1,345.9"))
    try session.type("Escape", "ctrl+c")
    #expect(try clipboard.readClipboard(session.server).text == "-1")
    try session.type("ctrl+Insert")
    #expect(try clipboard.readClipboard(session.server).text == "-1")
  }

  /// The edit, keys only: `1,200 × 1.08 + 50.1 = 1,346.1` through `--history`.
  @Test func theEditExampleThroughHistory() throws {
    let session = try Session()
    try session.type(keys: "1200*1.08+49.9=")
    try session.type("Up", "Up", "F2")
    #expect(session.selected == "+ 49.9")
    #expect(try session.showsModel())  // the row in orange
    try session.type("BackSpace", "BackSpace", "BackSpace", "BackSpace", "5", "0", "period", "1")
    #expect(session.selected == "+ 50.1")
    try session.type("Return")
    #expect(
      try session.waitForHistory("1,200 × 1.08 + 50.1 = 1,346.1\n")
        == "1,200 × 1.08 + 50.1 = 1,346.1\n")
    #expect(try session.showsModel())  // still selected, the display unchanged
    #expect(session.model.calculator.display == "1,345.9")
    try session.type("ctrl+z")  // the file is rewritten after an undo too
    #expect(
      try session.waitForHistory("1,200 × 1.08 + 49.9 = 1,345.9\n")
        == "1,200 × 1.08 + 49.9 = 1,345.9\n")
  }

  /// The edit example in a wide window, whose side panel has the row cursor: highlighted, then
  /// edited in orange in its line, then recomputed; the capture is the model's frame at each
  /// step and `--history` has the new line.
  @Test func theEditExampleInTheSidePanel() throws {
    let session = try Session(size: (1000, 500))
    #expect(session.model.layout.arrangement == .wide)
    try session.type(keys: "1200*1.08+49.9=2+3=")
    try session.type("Up", "Up", "Up", "Up", "Up")
    #expect(session.panelSelected == "+ 49.9")
    #expect(try session.showsModel())
    try session.type("F2", "BackSpace", "BackSpace", "BackSpace", "BackSpace")
    #expect(session.panelSelected == "+ 0")
    #expect(try session.showsModel())
    try session.type("5", "0", "period", "1")
    #expect(try session.showsModel())
    try session.type("Return")
    #expect(
      try session.waitForHistory("1,200 × 1.08 + 50.1 = 1,346.1\n2 + 3 = 5\n")
        == "1,200 × 1.08 + 50.1 = 1,346.1\n2 + 3 = 5\n")
    #expect(session.panelSelected == "+ 50.1")
    #expect(try session.showsModel())
  }

  /// A double click on a row of the side panel edits it: which row is where the renderer drew
  /// it (`Frame.tapePanelRow(at:measure:)`), the point here the middle of `× 1.08`'s share of its
  /// line.
  @Test func aDoubleClickInTheSidePanelEditsTheRow() throws {
    let session = try Session(size: (1000, 500))
    try session.type(keys: "1200*1.08+49.9=7")
    let renderer = Renderer()
    let frame = session.model.tapeFrame
    let line = try #require(frame.shownTapeLines.first { $0.header == nil })  // under `Today`
    let middle = line.rect.minY + line.rect.height / 2
    let xs = (Int(line.rect.minX)..<Int(line.rect.maxX)).filter {
      frame.tapePanelRow(at: Point(x: Double($0), y: middle), measure: renderer.tapeTextExtents)
        .map(\.row) == 1
    }
    try #require(xs.count > 20)
    let point = Point(x: Double(xs[xs.count / 2]), y: middle.rounded())
    try session.window.xdotool(
      "mousemove", "--window", session.window.window, "\(Int(point.x))", "\(Int(point.y))",
      "click", "--repeat", "2", "--delay", "80", "1")
    let start = Instant.now
    for time in [start, start + .milliseconds(80)] { session.model.click(at: point, at: time) }
    #expect(session.panelSelected == "× 1.08")
    #expect(session.model.browser.cursor?.edit != nil)
    #expect(session.model.calculator.display == "7")  // the first click's recall taken back
    #expect(try session.showsModel())
    try session.type("BackSpace", "2", "Return")
    #expect(
      try session.waitForHistory("1,200 × 1.02 + 49.9 = 1,273.9\n")
        == "1,200 × 1.02 + 49.9 = 1,273.9\n")
    #expect(try session.showsModel())
  }

  @Test func aLinkedChainRecomputes() throws {
    let session = try Session()
    try session.type(keys: "2*3=")
    try session.type(keys: "+4=")
    var rows: [String?] = []
    for _ in 0..<6 {
      try session.type("Up")
      rows.append(session.selected)
    }
    #expect(rows == ["= 10", "+ 4", "6", "= 6", "× 3", "2"])
    #expect(try session.showsModel())
    try session.type("Down", "F2", "BackSpace", "5", "Return")
    #expect(try session.waitForHistory("2 × 5 = 10\n10 + 4 = 14\n") == "2 × 5 = 10\n10 + 4 = 14\n")
    #expect(try session.showsModel())
    // The carried 6 (now 10) cannot be edited: F2 there turns the display red.
    try session.type("Down", "Down", "F2")  // × 3, = 10, then 10 + 4's first row
    #expect(session.selected == "10")
    #expect(session.model.browser.cursor?.edit == nil)
  }

  @Test func shiftInsertPastes() throws {
    let session = try Session()
    try session.type(keys: "12+")
    let owner = try ClipboardOwner(session.server, text: "42")
    defer { owner.stop() }
    try session.window.type(["shift+Insert"], delay: 30)
    var calculator = TestSupport.calculator(after: "12+")
    let isPasted = (try? calculator.paste("42")) != nil
    #expect(isPasted)
    #expect(try session.window.differingPixels(from: session.window.render(calculator)) == 0)
  }

  /// Two windows on one file: an edit in one and calculations in the other are all kept, the
  /// file is a history at every moment, and an undo takes back only its own window's edit.
  @Test func twoWindowsEditAndCalculateOnOneFile() throws {
    let state = HistoryEndToEndTests.State()
    let servers = [try XvfbServer(), try XvfbServer()]
    let windows = try servers.map { try CalculatorWindow(server: $0, stateDirectory: state.url) }
    try windows[0].type(HistoryEndToEndTests.keysyms("2*3="), delay: 30)
    try state.waitFor(["2\t× 3\t= 6"])
    try windows[1].type(HistoryEndToEndTests.keysyms("7+1="), delay: 30)
    try state.waitFor(["2\t× 3\t= 6", "7\t+ 1\t= 8"])
    // The first window has not seen 7 + 1: its newest row is 2 × 3's result.
    try windows[0].type(["Up", "Up", "F2", "BackSpace", "5", "Return"], delay: 30)
    try windows[1].type(HistoryEndToEndTests.keysyms("8+1="), delay: 30)
    try state.waitFor(["2\t× 5\t= 10", "7\t+ 1\t= 8", "8\t+ 1\t= 9"])
    try windows[0].type(["ctrl+z"], delay: 30)
    try state.waitFor(["2\t× 3\t= 6", "7\t+ 1\t= 8", "8\t+ 1\t= 9"])
    #expect(state.lines == ["2\t× 3\t= 6", "7\t+ 1\t= 8", "8\t+ 1\t= 9"])
    for window in windows { #expect(window.errorOutput.isEmpty) }
  }
}
