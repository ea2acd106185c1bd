import CX11
import CalculatorCore
import CalculatorLayout
import Foundation
import TestSupport
import Testing

/// Copy and paste through real selections on Xvfb, read and written with xclip. Each paste is
/// checked through the window: a capture must equal the renderer's frame of the expected state.
@Suite(TestSupport.needs(TestSupport.xTools + ["xclip"]))
struct ClipboardEndToEndTests {
  @Test func copyServesEveryTextTargetWithoutGroupingCommas() throws {
    let server = try XvfbServer()
    let window = try CalculatorWindow(server: server, keys: "1234567.5")
    try window.type("ctrl+c")
    #expect(try waitForClipboard(server, "1234567.5") == "1234567.5")
    for target in ["UTF8_STRING", "STRING", "TEXT"] {
      let read = try readClipboard(server, target: target)
      #expect(read.status == 0 && read.text == "1234567.5", "target \(target)")
    }
    let targets = try readClipboard(server, target: "TARGETS").text.split(separator: "\n")
    for target in ["TARGETS", "UTF8_STRING", "STRING", "TEXT"] {
      #expect(targets.contains(Substring(target)), "TARGETS lacks \(target)")
    }
    #expect(try readClipboard(server, target: "image/png").status != 0)
    #expect(try readClipboard(server, target: "COMPOUND_TEXT").status != 0)
  }

  @Test(arguments: [("12345.5", "12345.5"), ("2/1000000000=n", "-2e-9"), ("1/8=", "0.125")])
  func copyGivesTheShownNumber(keys: String, copied: String) throws {
    let server = try XvfbServer()
    let window = try CalculatorWindow(server: server, keys: keys)
    try window.type("ctrl+c")
    #expect(try waitForClipboard(server, copied) == copied)
    // The copy cue (the display dimmed for 0.2 s) comes down by itself.
    #expect(try window.differingPixels(from: window.render(keys: keys)) == 0)
  }

  @Test func copyKeepsServingAfterFocusLossUntilAnotherClientTakesIt() throws {
    let server = try XvfbServer()
    let window = try CalculatorWindow(server: server, keys: "42")
    try window.type("ctrl+c")
    #expect(try waitForClipboard(server, "42") == "42")
    try window.xdotool("mousemove", "1200", "1000")  // the pointer, and so the focus, leaves
    #expect(try readClipboard(server).text == "42")
    let other = try ClipboardOwner(server, text: "99")
    #expect(try readClipboard(server).text == "99")
    other.stop()
    #expect(try readClipboard(server).status != 0)  // we did not take it back
  }

  @Test func nanIsNotCopied() throws {
    let server = try XvfbServer()
    let window = try CalculatorWindow(server: server, keys: "1/0=")
    try window.type("ctrl+c")
    let calculator = TestSupport.calculator(after: "1/0=")
    #expect(try window.differingPixels(from: window.render(calculator, cue: .refused)) == 0)
    #expect(try readClipboard(server).status != 0)
  }

  @Test func pasteOfOneNumberBecomesTheEntry() throws {
    let server = try XvfbServer()
    let window = try CalculatorWindow(server: server, keys: "12+")
    var calculator = TestSupport.calculator(after: "12+")
    let texts = [
      "42", "  -1,234.5e2 \n", "2.5E-3", "1e5", "+7", "0.50", "1234567890123456789012345",
      "\t-0.000000001\t", "9,999,999",
    ]
    for text in texts {
      let owner = try ClipboardOwner(server, text: text)
      try window.type("ctrl+v")
      let accepted = (try? calculator.paste(text)) != nil
      #expect(accepted, "the core refuses \(text.debugDescription)")
      #expect(
        try window.differingPixels(from: window.render(calculator)) == 0,
        "paste of \(text.debugDescription)")
      owner.stop()
    }
    try window.type("Return")
    calculator.press(.equals)
    #expect(try window.differingPixels(from: window.render(calculator)) == 0)
  }

  @Test func anythingElseChangesNothingAndShowsTheErrorCue() throws {
    let server = try XvfbServer()
    let window = try CalculatorWindow(server: server, keys: "12+3")
    let calculator = TestSupport.calculator(after: "12+3")
    let cue = window.render(calculator, cue: .refused)
    let calm = window.render(calculator)
    let texts: [[UInt8]] =
      [
        "", "   ", "\n", "abc", "1 2", "1+", "12abc", "--5", "+-5", "1..2", "1.2.3", "1e", "e5",
        "1e5e5", "0x1F", "1,23", "NaN", "inf", "١٢", "１２", "%5", "(5", "$", "1e999", "½", "-",
        ".", "1\n2", "12 345", "3 + * 4", "1e1234567",
      ].map { Array($0.utf8) } + [
        [0xFF, 0xFE, 0x31],  // not UTF-8
        Array(repeating: UInt8(ascii: "1"), count: 70_000),  // over the 64 KiB cap
        Array(repeating: UInt8(ascii: "7"), count: 1_000_000),  // sent INCR, refused
      ]
    for bytes in texts {
      let name =
        bytes.count > 40
        ? "\(bytes.count) bytes" : String(decoding: bytes, as: UTF8.self).debugDescription
      var core = calculator
      let accepted = (try? core.paste(String(decoding: bytes, as: UTF8.self))) != nil
      #expect(!accepted, "the core takes \(name)")
      let owner = try ClipboardOwner(server, bytes: bytes)
      try window.type("ctrl+v")
      #expect(try window.differingPixels(from: cue) == 0, "no error cue after pasting \(name)")
      owner.stop()
      try window.type("shift")  // any key ends the cue
      #expect(try window.differingPixels(from: calm) == 0, "state changed by pasting \(name)")
    }
  }

  @Test func anEmptyClipboardShowsTheErrorCueBriefly() throws {
    let server = try XvfbServer()
    let window = try CalculatorWindow(server: server, keys: "5")
    try window.type("ctrl+v")
    let calculator = TestSupport.calculator(after: "5")
    #expect(try window.differingPixels(from: window.render(calculator, cue: .refused)) == 0)
    // The cue comes down by itself (0.6 s), with no key or click, and nothing has changed.
    let start = TestSupport.now()
    #expect(try window.differingPixels(from: window.render(calculator)) == 0)
    #expect(TestSupport.now() - start < 2)
  }

  @Test func anOwnerThatNeverAnswersTimesOutInAboutASecond() throws {
    let server = try XvfbServer()
    let window = try CalculatorWindow(server: server, keys: "5")
    let mute = try clipboardOwnerConnection(server)
    defer { XCloseDisplay(mute) }
    let start = Date()
    try window.type("ctrl+v")
    let calculator = TestSupport.calculator(after: "5")
    #expect(try window.differingPixels(from: window.render(calculator, cue: .refused)) == 0)
    let waited = Date().timeIntervalSince(start)
    #expect(waited > 0.9 && waited < 2.5, "waited \(waited) s")
    try window.type("6")  // still responsive
    let typed = TestSupport.calculator(after: "56")
    #expect(try window.differingPixels(from: window.render(typed)) == 0)
  }

  @Test func anIncrTransferIsRefusedWithoutStartingIt() throws {
    let server = try XvfbServer()
    let window = try CalculatorWindow(server: server, keys: "5")
    let owner = try clipboardOwnerConnection(server)
    defer { XCloseDisplay(owner) }
    try window.type("ctrl+v")
    guard let request = nextEvent(owner, type: SelectionRequest)?.xselectionrequest else {
      throw TestFailure("no SelectionRequest")
    }
    // ICCCM 2.7.2: announce an INCR transfer; the requestor would start it by deleting the
    // property. It must refuse instead, and leave the property alone.
    XSelectInput(owner, request.requestor, PropertyChangeMask)
    let size = [1_000_000]
    _ = size.withUnsafeBytes { raw in
      XChangeProperty(
        owner, request.requestor, request.property, XInternAtom(owner, "INCR", 0), 32,
        PropModeReplace, raw.baseAddress?.assumingMemoryBound(to: UInt8.self), 1)
    }
    var reply = XEvent()
    reply.xselection.type = SelectionNotify
    reply.xselection.requestor = request.requestor
    reply.xselection.selection = request.selection
    reply.xselection.target = request.target
    reply.xselection.property = request.property
    reply.xselection.time = request.time
    XSendEvent(owner, request.requestor, 0, 0, &reply)
    XSync(owner, 0)
    let calculator = TestSupport.calculator(after: "5")
    #expect(try window.differingPixels(from: window.render(calculator, cue: .refused)) == 0)
    let deletion = nextEvent(owner, type: PropertyNotify, timeout: 0.3) {
      $0.xproperty.state == PropertyDelete
    }
    #expect(deletion == nil, "the requestor started the INCR transfer")
  }

  @Test func protocolErrorsAreReportedOnceAndTheWindowGoesOn() throws {
    let server = try XvfbServer()
    let window = try CalculatorWindow(server: server, keys: "5")
    try window.type("ctrl+c")
    guard let client = XOpenDisplay(server.display), let target = UInt(window.window) else {
      throw TestFailure("no display")
    }
    defer { XCloseDisplay(client) }
    // Requests from a window that does not exist: answering them raises BadWindow errors.
    for _ in 0..<3 {
      var request = XEvent()
      request.xselectionrequest.type = SelectionRequest
      request.xselectionrequest.owner = target
      request.xselectionrequest.requestor = 0x3ff_fff0
      request.xselectionrequest.selection = XInternAtom(client, "CLIPBOARD", 0)
      request.xselectionrequest.target = XInternAtom(client, "UTF8_STRING", 0)
      request.xselectionrequest.property = XInternAtom(client, "P", 0)
      request.xselectionrequest.time = UInt(CurrentTime)
      XSendEvent(client, target, 0, 0, &request)
    }
    XSync(client, 0)
    try window.type("6", "ctrl+q")
    let exit = window.exit()
    #expect(exit?.status == 0)
    let lines = exit?.error.split(separator: "\n") ?? []
    #expect(!lines.isEmpty && lines.count <= 2, "\(lines)")
    #expect(lines.allSatisfy { $0.hasPrefix("circlecalc: X error: BadWindow") }, "\(lines)")
  }

  /// A connection of the test's own whose window owns the clipboard and answers nothing by
  /// itself; the caller closes it.
  func clipboardOwnerConnection(_ server: XvfbServer) throws -> OpaquePointer {
    guard let owner = XOpenDisplay(server.display) else { throw TestFailure("no display") }
    let window = XCreateSimpleWindow(owner, XDefaultRootWindow(owner), 0, 0, 1, 1, 0, 0, 0)
    XSetSelectionOwner(owner, XInternAtom(owner, "CLIPBOARD", 0), window, UInt(CurrentTime))
    XSync(owner, 0)
    return owner
  }

  /// The next event of a type on a test connection (the test may poll), or nil at the deadline.
  func nextEvent(
    _ display: OpaquePointer, type: Int32, timeout: Double = TestSupport.patience,
    where condition: (XEvent) -> Bool = { _ in true }
  ) -> XEvent? {
    let deadline = Date().addingTimeInterval(timeout)
    var event = XEvent()
    while Date() < deadline {
      while XPending(display) > 0 {
        XNextEvent(display, &event)
        if event.type == type && condition(event) { return event }
      }
      usleep(5_000)
    }
    return nil
  }

  @Test func middleClickOnTheDisplayPastesPrimary() throws {
    let server = try XvfbServer()
    let window = try CalculatorWindow(server: server)
    let owner = try ClipboardOwner(server, text: "-7.25", selection: "primary")
    defer { owner.stop() }
    let keypad = window.layout.circle(at: GridPosition(row: 2, column: 1)).center
    try window.xdotool(
      "mousemove", "--window", window.window, "\(Int(keypad.x))", "\(Int(keypad.y))", "click", "2")
    let display = window.layout.displayRect
    try window.xdotool(
      "mousemove", "--window", window.window, "\(Int(display.maxX - 20))",
      "\(Int(display.minY + display.height / 2))", "click", "2")
    var calculator = Calculator()
    let accepted = (try? calculator.paste("-7.25")) != nil
    #expect(accepted)
    #expect(try window.differingPixels(from: window.render(calculator)) == 0)
  }

  @Test func pasteOfOurOwnCopyNeedsNoRoundTrip() throws {
    let server = try XvfbServer()
    let window = try CalculatorWindow(server: server, keys: "1234.5")
    try window.type("ctrl+c", "Escape", "ctrl+v", "plus", "1", "Return")
    var calculator = TestSupport.calculator(after: "1234.5a")
    let accepted = (try? calculator.paste("1234.5")) != nil
    #expect(accepted)
    calculator.press(.operation(.add))
    calculator.press(.digit(.one))
    calculator.press(.equals)
    #expect(try window.differingPixels(from: window.render(calculator)) == 0)
  }

  /// CLIPBOARD's text once it is `text`, or what it holds after 5 s: the window owns it once it
  /// has handled Ctrl+C, which a loaded machine may take a while to get to.
  func waitForClipboard(_ server: XvfbServer, _ text: String) throws -> String {
    let deadline = Date().addingTimeInterval(5)
    var read = try readClipboard(server)
    while read.text != text, Date() < deadline {
      usleep(50_000)
      read = try readClipboard(server)
    }
    return read.text
  }

  func readClipboard(_ server: XvfbServer, target: String = "UTF8_STRING") throws -> (
    status: Int32, text: String
  ) {
    let result = try server.run(
      "xclip", ["-o", "-selection", "clipboard", "-t", target], timeout: TestSupport.patience)
    // A read that never ends is a failure, not a refusal.
    guard !result.timedOut else { throw TestFailure("xclip -o -t \(target) never ended") }
    return (result.status, result.stdout)
  }
}

/// An xclip process that owns a selection (in the foreground, so it can be stopped by PID).
final class ClipboardOwner {
  let process: ChildProcess
  let file: URL

  convenience init(_ server: XvfbServer, text: String, selection: String = "clipboard") throws {
    try self.init(server, bytes: Array(text.utf8), selection: selection)
  }

  init(_ server: XvfbServer, bytes: [UInt8], selection: String = "clipboard") throws {
    file = FileManager.default.temporaryDirectory
      .appendingPathComponent("circlecalc-clip-\(UUID().uuidString)")
    try Data(bytes).write(to: file)
    guard let display = XOpenDisplay(server.display) else { throw TestFailure("no display") }
    defer { XCloseDisplay(display) }
    let atom = XInternAtom(display, selection.uppercased(), 0)
    let previousOwner = XGetSelectionOwner(display, atom)
    process = try ChildProcess(
      ["xclip", "-quiet", "-selection", selection, "-i", file.path],
      environment: server.environment)
    // Ready once xclip's window owns the selection.
    let isOwner = TestSupport.waitUntil {
      let owner = XGetSelectionOwner(display, atom)
      return owner != UInt(None) && owner != previousOwner
    }
    guard isOwner else { throw TestFailure("xclip did not take the \(selection) selection") }
  }

  func stop() {
    process.stop()
    try? FileManager.default.removeItem(at: file)
  }

  deinit { stop() }
}
