import CalculatorCore
import CalculatorLayout
import CalculatorRender
import Foundation
import Glibc
import TestSupport
import Testing

@testable import CalculatorWindow
@testable import X11Frontend

/// The search of the tape, the day headers and Copy Tape in the real window (docs/SPEC.md
/// sections 15.3 to 15.5), driven with xdotool: after each step a capture equals the frame of a
/// `WindowState` fed the same keys, and what that state shows is checked against values written
/// by hand.
@Suite(TestSupport.needs(TestSupport.xTools + ["xclip"]))
struct SearchEndToEndTests {
  typealias Session = TapeEndToEndTests.Session

  /// Four calculations, their lines newest first.
  static let keys = "1200*1.08+49.9=12+3=1345*2=7/2="

  @Test func ctrlFTypedTextWalkAndReturnInTheStrip() throws {
    let session = try Session()
    try session.type(keys: Self.keys)
    try session.type("ctrl+f")
    #expect(session.model.frame.search?.count == "1 of 4")
    #expect(try session.showsModel())
    try session.type("1", "3", "4", "5")
    let search = try #require(session.model.frame.search)
    #expect(search.count == "1 of 2")
    #expect(search.matches.map(\.text) == ["1,345 × 2 = 2,690", "1,200 × 1.08 + 49.9 = 1,345.9"])
    #expect(try session.showsModel())
    try session.type("Down")
    #expect(session.model.frame.search?.count == "2 of 2")
    #expect(try session.showsModel())
    try session.type("Return")
    #expect(session.model.frame.search == nil)
    #expect(session.model.calculator.display == "1,345.9")
    #expect(try session.showsModel())
  }

  @Test func noMatchShowsZeroOfZeroAndEscapeChangesNothing() throws {
    let session = try Session()
    try session.type(keys: Self.keys)
    try session.type("ctrl+f", "9", "9", "9")
    #expect(session.model.frame.search?.count == "0 of 0")
    #expect(try session.showsModel())
    try session.type("Return", "Escape")
    #expect(session.model.frame.search == nil)
    #expect(session.model.calculator.display == "3.5")
    #expect(try session.showsModel())
    #expect(
      try session.waitForHistory(
        "1,200 × 1.08 + 49.9 = 1,345.9\n12 + 3 = 15\n1,345 × 2 = 2,690\n7 ÷ 2 = 3.5\n")
        == "1,200 × 1.08 + 49.9 = 1,345.9\n12 + 3 = 15\n1,345 × 2 = 2,690\n7 ÷ 2 = 3.5\n")
  }

  @Test func copyTapeCopiesWhatHistoryPrints() throws {
    let session = try Session()
    try session.type(keys: Self.keys)
    let printed = try session.waitForHistory(
      "1,200 × 1.08 + 49.9 = 1,345.9\n12 + 3 = 15\n1,345 × 2 = 2,690\n7 ÷ 2 = 3.5\n")
    try session.window.click(.modes)
    try session.window.click(.copyTape)
    let clipboard = ClipboardEndToEndTests()
    let deadline = TestSupport.now() + TestSupport.patience
    var copied = try clipboard.readClipboard(session.server).text
    while copied != printed, TestSupport.now() < deadline {
      usleep(50_000)
      copied = try clipboard.readClipboard(session.server).text
    }
    #expect(copied == printed)
  }

  /// A saved tape of calculations 40 and 3 days ago, yesterday and today in a wide window:
  /// the side panel heads each day, and a search there lists the matches over the panel.
  @Test func theSidePanelHeadsTheDaysAndSearchesThere() throws {
    let state = HistoryEndToEndTests.State()
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    let second: UInt64 = 1_000_000_000
    let today = UInt64(now.tv_sec) * second
    let day = 86_400 * second
    // Around noon UTC of each day, so each is its own day in any zone up to 11 hours away.
    let noon = today / day * day + day / 2
    let saved: [(UInt64, String)] = [
      (noon - 40 * day, "100\t+ 20\t= 120"), (noon - 40 * day + 60 * second, "1,345\t× 2\t= 2,690"),
      (noon - 3 * day, "12.5\t× 4\t= 50"), (noon - day, "1,200\t× 1.08\t+ 49.9\t= 1,345.9"),
      (noon, "2\t× 3\t= 6"),
    ]
    let text =
      "circlecalc history 3\n"
      + saved.map { "\($0.0)\tleft\t\($0.1)\n" }.joined()
    try FileManager.default.createDirectory(
      atPath: state.url.path + "/circlecalc", withIntermediateDirectories: true)
    try text.write(toFile: state.file, atomically: true, encoding: .utf8)
    let server = try XvfbServer()
    let window = try CalculatorWindow(
      server: server, size: (900, 560), stateDirectory: state.url)
    var model = WindowState(
      calculator: Calculator(), width: window.width, height: window.height,
      measure: Renderer().tapeTextExtents)
    model.calendar = TestSupport.localCalendar
    model.send(
      .opened(saved: try HistoryTape(fileBytes: Array(text.utf8)), finished: HistoryTape()))
    #expect(model.layout.arrangement == .wide)
    let headers = model.frame.shownTapeLines.compactMap(\.header)
    #expect(headers.count == 4)
    #expect(Array(headers.suffix(2)) == ["Yesterday", "Today"])
    #expect(try window.differingPixels(from: window.render(model.frame)) == 0)
    try window.type(["ctrl+f", "1", "3", "4", "5"], delay: 30)
    model.type(keysyms: ["ctrl+f", "1", "3", "4", "5"])
    #expect(model.frame.search?.count == "1 of 2")
    #expect(try window.differingPixels(from: window.render(model.frame)) == 0)
  }
}
