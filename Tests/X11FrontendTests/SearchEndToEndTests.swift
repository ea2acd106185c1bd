import CX11
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

  /// A tape of 20,000 calculations (about 1 MB of text, several times what one request may
  /// carry without BIG-REQUESTS) goes to the clipboard in chunks (ICCCM's INCR): a reader of the
  /// test's own gets the size first, then the chunks, then the empty end, and the text is what
  /// `--history` prints, byte for byte; xclip reads the same.
  @Test func aLongTapeIsCopiedInChunks() throws {
    let state = HistoryEndToEndTests.State()
    let tape = try TestSupport.run(
      "python3",
      [TestSupport.repositoryRoot.appendingPathComponent("bench/tape.py").path, "20000"],
      timeout: 120)
    #expect(tape.status == 0, "\(tape.stderr)")
    try FileManager.default.createDirectory(
      atPath: state.url.path + "/circlecalc", withIntermediateDirectories: true)
    try Data(tape.stdoutBytes).write(to: URL(fileURLWithPath: state.file))
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_STATE_HOME"] = state.url.path
    let printed = try TestSupport.circlecalc(["--history"], environment: environment).stdout
    #expect(printed.utf8.count > 3 * 262_144)
    let server = try XvfbServer()
    let window = try CalculatorWindow(server: server, size: (360, 640), stateDirectory: state.url)
    // The window reads its tape after its first frame: Copy Tape until it copies it all.
    let deadline = TestSupport.now() + TestSupport.patience
    var copied: (text: String, chunks: Int) = ("", 0)
    repeat {
      try window.click(.modes)
      try window.click(.copyTape)
      copied = try Self.readInChunks(server)
    } while copied.text != printed && TestSupport.now() < deadline
    #expect(copied.text.utf8.count == printed.utf8.count)
    #expect(copied.text == printed)
    #expect(copied.chunks >= 4)
    #expect(try ClipboardEndToEndTests().readClipboard(server).text == printed)
  }

  /// CLIPBOARD as UTF8_STRING read as ICCCM 2.7.2 says, and how many chunks it came in (0: in
  /// one property); empty when nobody owns it or the owner refuses.
  static func readInChunks(_ server: XvfbServer) throws -> (text: String, chunks: Int) {
    guard let display = XOpenDisplay(server.display) else { throw TestFailure("no display") }
    defer { XCloseDisplay(display) }
    let window = XCreateSimpleWindow(display, XDefaultRootWindow(display), 0, 0, 1, 1, 0, 0, 0)
    XSelectInput(display, window, PropertyChangeMask)
    let property = XInternAtom(display, "CIRCLECALC_TEST_PASTE", 0)
    XConvertSelection(
      display, XInternAtom(display, "CLIPBOARD", 0), XInternAtom(display, "UTF8_STRING", 0),
      property, window, UInt(CurrentTime))
    let clipboard = ClipboardEndToEndTests()
    guard let notify = clipboard.nextEvent(display, type: SelectionNotify) else {
      throw TestFailure("no SelectionNotify")
    }
    // No owner yet (Copy Tape chosen before the window read its tape: the red cue), or a
    // refusal: nothing this time.
    guard notify.xselection.property == property else { return ("", 0) }
    func take() -> (type: Atom, bytes: [UInt8]) {
      var type: Atom = 0
      var format: Int32 = 0
      var count: UInt = 0
      var after: UInt = 0
      var data: UnsafeMutablePointer<UInt8>?
      XGetWindowProperty(
        display, window, property, 0, 1 << 24, 1, Atom(AnyPropertyType), &type, &format, &count,
        &after, &data)
      defer { if let data { XFree(data) } }
      let length = format == 32 ? Int(count) * MemoryLayout<Int>.size : Int(count)
      return (type, data.map { Array(UnsafeBufferPointer(start: $0, count: length)) } ?? [])
    }
    let first = take()
    guard first.type == XInternAtom(display, "INCR", 0) else {
      return (String(decoding: first.bytes, as: UTF8.self), 0)
    }
    var bytes: [UInt8] = []
    var chunks = 0
    while true {
      guard
        clipboard.nextEvent(
          display, type: PropertyNotify,
          where: { $0.xproperty.atom == property && $0.xproperty.state == PropertyNewValue })
          != nil
      else { throw TestFailure("the chunks stopped after \(chunks)") }
      let chunk = take()
      if chunk.bytes.isEmpty { break }
      bytes += chunk.bytes
      chunks += 1
    }
    return (String(decoding: bytes, as: UTF8.self), chunks)
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
