import CX11
import CalculatorCore
import CalculatorLayout
import CalculatorRender
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A running `circlecalc` window on an `XvfbServer`, driven with xdotool, seen with
/// ImageMagick's `import`, compared with the renderer's frames pixel for pixel.
public final class CalculatorWindow {
  /// The server the window is on; kept alive while the window lives.
  public let server: XvfbServer
  /// The circlecalc process.
  public let process: ChildProcess
  /// The window's X id, in decimal, as xdotool prints it.
  public let window: String
  /// The window's width as last set.
  public private(set) var width: Int
  /// The window's height as last set.
  public private(set) var height: Int
  /// The keypad the window shows, as the test last set it (`--mode`, Ctrl+1, Ctrl+2).
  public var mode: Mode
  /// The Convert lines' units as the test last set them (`--units` words: `km to mi`); nil
  /// while they do not show.
  public var units: String?
  /// The order `render(keys:)` renders in (`--order`), as the test last set it; nil: the
  /// headless default, Left to Right.
  public var order: Order?
  /// Variables `render(keys:)` adds to this process's environment for `--render`
  /// (`XDG_CACHE_HOME` for the rates the window reads).
  public var renderEnvironment: [String: String] = [:]
  /// A folder of this window's own (captures, renders), removed with it.
  let scratch: String
  /// Where circlecalc's stderr goes.
  let errorFile: String

  /// Starts `circlecalc --keys keys --size WxH --mode MODE` (no `--size` when `size` is nil,
  /// no `--mode` when `mode` is nil, `--order` when `order` is given) and waits for its window
  /// to be mapped. The window size is
  /// saved under `stateDirectory` (default: this window's own folder); `environment` adds to or
  /// replaces the server's variables. No D-Bus session and no accessibility bus are reachable
  /// (the accessibility bridge stays unloaded) unless `environment` names one.
  public init(
    server: XvfbServer, keys: String = "", size: (width: Int, height: Int)? = (360, 640),
    mode: Mode? = nil, order: Order? = nil, stateDirectory: URL? = nil,
    environment extra: [String: String] = [:]
  ) throws {
    self.server = server
    self.mode = mode ?? .basic
    self.order = order
    scratch = TestSupport.temporaryPath("window")
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    errorFile = scratch + "/stderr"
    var arguments = keys.isEmpty ? [] : ["--keys", keys]
    if let size { arguments += ["--size", "\(size.width)x\(size.height)"] }
    if let mode { arguments += ["--mode", mode.rawValue] }
    if let order { arguments += ["--order", order.rawValue] }
    var environment = server.environment
    environment["XDG_STATE_HOME"] = stateDirectory?.path ?? scratch
    environment["XDG_RUNTIME_DIR"] = scratch
    environment["DBUS_SESSION_BUS_ADDRESS"] = nil
    environment["AT_SPI_BUS_ADDRESS"] = nil
    environment["NO_AT_BRIDGE"] = nil  // the no-bus paths are the ones taken
    environment.merge(extra) { $1 }
    process = try ChildProcess(
      [TestSupport.binary] + arguments, environment: environment, error: .file(errorFile))
    let search = try server.run(
      "xdotool", ["search", "--sync", "--onlyvisible", "--pid", "\(process.pid)"],
      timeout: TestSupport.patience)
    guard search.status == 0, let id = search.stdout.split(separator: "\n").first else {
      let said = (try? String(contentsOfFile: errorFile, encoding: .utf8)) ?? ""
      try? FileManager.default.removeItem(atPath: scratch)
      throw TestFailure("no window from circlecalc: \(search.stderr)\(said)")
    }
    window = String(id)
    (width, height) = try CalculatorWindow.geometry(of: window, on: server)
    // Without a window manager the keyboard focus follows the pointer.
    try xdotool("mousemove", "--window", window, "1", "1")
  }

  deinit {
    process.stop()
    try? FileManager.default.removeItem(atPath: scratch)
  }

  /// The layout at the window's current size.
  public var layout: Layout {
    Layout(width: width, height: height, keypad: .of(mode), converts: units != nil)
  }

  /// What circlecalc wrote to stderr so far.
  public var errorOutput: String {
    (try? String(contentsOfFile: errorFile, encoding: .utf8)) ?? ""
  }

  /// The window's size as the server has it.
  static func geometry(of window: String, on server: XvfbServer) throws -> (Int, Int) {
    let info = try server.run("xwininfo", ["-id", window])
    let lines = info.stdout.split(separator: "\n")
    func value(_ name: String) -> Int? {
      lines.first { $0.contains(name) }.flatMap {
        Int($0.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "")
      }
    }
    guard let width = value("Width:"), let height = value("Height:") else {
      throw TestFailure("xwininfo: \(info.stderr)")
    }
    return (width, height)
  }

  /// Runs xdotool on the window's server; throws when it fails.
  public func xdotool(_ arguments: String...) throws {
    try xdotool(arguments)
  }

  /// Runs xdotool on the window's server; throws when it fails or outlasts `timeout`.
  public func xdotool(_ arguments: [String], timeout: Double = 120) throws {
    let result = try server.run("xdotool", arguments, timeout: timeout)
    guard result.status == 0, !result.timedOut else {
      throw TestFailure("xdotool \(arguments.prefix(6)): \(result.stderr)")
    }
  }

  /// The centre of a keypad cell in window coordinates.
  public func center(of action: KeypadAction) -> (x: Int, y: Int) {
    let cell = layout.keypad.position(of: action) ?? GridPosition(row: 0, column: 0)
    let center = layout.circle(at: cell).center
    return (Int(center.x.rounded()), Int(center.y.rounded()))
  }

  /// Clicks circles: `click(.key(.digit(.seven)), .key(.operation(.add)))`.
  public func click(_ actions: KeypadAction...) throws {
    for action in actions {
      let point = center(of: action)
      try xdotool("mousemove", "--window", window, "\(point.x)", "\(point.y)", "click", "1")
    }
  }

  /// Types keys by keysym name: `type("7", "plus", "Return")`.
  public func type(_ keysyms: String...) throws {
    try type(keysyms)
  }

  /// Types keys by keysym name in one xdotool call, `delay` ms apart (xdotool's default: 12).
  public func type(_ keysyms: [String], delay: Int = 12) throws {
    try xdotool(["key", "--clearmodifiers", "--delay", "\(delay)"] + keysyms)
  }

  /// Resizes the window, and remembers the size.
  public func resize(width: Int, height: Int) throws {
    try resize([(width, height)])
  }

  /// Resizes the window to each size in turn, all in one xdotool call, and remembers the last.
  public func resize(_ sizes: [(width: Int, height: Int)]) throws {
    try xdotool(sizes.flatMap { ["windowsize", window, "\($0.width)", "\($0.height)"] })
    if let last = sizes.last { (width, height) = last }
  }

  /// Waits until the server has the window at `width` × `height` (a size the program asked for
  /// itself, like a mode switch), and remembers it; throws after `timeout` seconds.
  public func waitForSize(width: Int, height: Int, timeout: Double = TestSupport.patience) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      let size = try CalculatorWindow.geometry(of: window, on: server)
      if size == (width, height) {
        (self.width, self.height) = size
        // Without a window manager the keyboard focus follows the pointer: keep it inside.
        try xdotool("mousemove", "--window", window, "1", "1")
        return
      }
      guard Date() < deadline else {
        throw TestFailure("window is \(size.0)×\(size.1), not \(width)×\(height)")
      }
      usleep(20_000)
    }
  }

  /// Clicks a line of the open mode menu.
  public func click(_ item: MenuItem) throws {
    guard let menu = layout.menu, let index = menu.items.firstIndex(of: item) else {
      throw TestFailure("no menu line \(item)")
    }
    let row = menu.rows[index]
    let (x, y) = (Int(row.minX + row.width / 2), Int(row.minY + row.height / 2))
    try xdotool("mousemove", "--window", window, "\(x)", "\(y)", "click", "1")
  }

  /// A capture of the window's pixels. An 8000 × 8000 window is a PNG of 192 MB, which
  /// ImageMagick may take minutes to write on a busy machine.
  public func screenshot() throws -> Image {
    let file = scratch + "/screenshot.png"
    let result = try server.run(
      "import", ["-window", window, "png24:\(file)"], timeout: 5 * TestSupport.patience)
    guard result.status == 0, !result.timedOut else {
      throw TestFailure("import: \(result.stderr)")
    }
    return try Image(contentsOfPNG: file)
  }

  /// `circlecalc --keys keys --render FILE --size WxH --mode MODE` at the window's current
  /// size and mode (or the size given), at `dpi` when given (a window's layout depends on its
  /// dpi), with `--units` while the test has set `units`.
  public func render(keys: String, width: Int? = nil, height: Int? = nil, dpi: Int? = nil)
    throws -> Image
  {
    let (width, height) = (width ?? self.width, height ?? self.height)
    let file = scratch + "/render.png"
    let arguments =
      (keys.isEmpty ? [] : ["--keys", keys])
      + ["--render", file, "--size", "\(width)x\(height)", "--mode", mode.rawValue]
      + (dpi.map { ["--dpi", "\($0)"] } ?? []) + (order.map { ["--order", $0.rawValue] } ?? [])
      + (units.map { ["--units", $0] } ?? [])
    let environment =
      renderEnvironment.isEmpty
      ? nil : ProcessInfo.processInfo.environment.merging(renderEnvironment) { $1 }
    let result = try TestSupport.circlecalc(arguments, environment: environment, timeout: 120)
    guard result.status == 0, !result.timedOut else {
      throw TestFailure("--render: \(result.stderr)")
    }
    return try Image(contentsOfPNG: file)
  }

  /// The same renderer in-process, for states `--keys` cannot reach (a paste, a cue, the open
  /// menu, `2nd`, the focus ring, past calculations on the tape).
  public func render(
    _ calculator: Calculator, cue: DisplayCue? = nil, historyOffset: Int = 0,
    menu: MenuSelection? = nil, second: Bool = false, focused: GridPosition? = nil,
    tape: HistoryTape = HistoryTape()
  ) -> Image {
    var frame = Frame(
      layout: Layout(width: width, height: height, keypad: .of(mode)), calculator: calculator,
      tape: tape, showsSecond: second)
    frame.displayCue = cue
    frame.tape.offset = historyOffset
    frame.menuSelection = menu
    frame.focused = focused
    // The tape's calculations as a window's: finished today, headed by day.
    return Renderer().render(frame.dated)
  }

  /// A frame drawn by the same renderer in-process: a window state's own frame.
  public func render(_ frame: Frame) -> Image {
    Renderer().render(frame)
  }

  /// Takes captures until one equals `expected` or `timeout` passes: the differing pixels of
  /// the last one (0 = the window shows exactly `expected`). A capture that fails counts as
  /// not yet; the last one failing throws. `sampledTo` compares only a `side` × `side` grid of
  /// points, for huge windows, captured with `import`; the others are read in this process
  /// (`differingPixelsNow`), so a capture takes milliseconds and a cue that shows for 0.6 s is
  /// seen however busy the machine is.
  public func differingPixels(
    from expected: Image, timeout: Double = TestSupport.patience, sampledTo side: Int? = nil
  ) throws -> Int {
    let deadline = TestSupport.now() + timeout
    while true {
      var difference = Int.max
      var failure: Error?
      do {
        difference =
          try side == nil
          ? differingPixelsNow(from: expected)
          : screenshot().differingPixels(from: expected, sampledTo: side)
      } catch {
        failure = error
      }
      if difference == 0 { return 0 }
      if TestSupport.now() >= deadline {
        if let failure { throw failure }
        return difference
      }
      usleep(20_000)
    }
  }

  /// Takes captures until one differs from `before` (what the window showed until an action
  /// took effect), or `timeout` passes: the differing pixels of the last one (0 = it never
  /// changed).
  public func differingPixels(
    changedFrom before: Image, timeout: Double = TestSupport.patience
  ) throws -> Int {
    var difference = 0
    TestSupport.waitUntil(timeout: timeout) {
      difference = (try? differingPixelsNow(from: before)) ?? 0
      return difference > 0
    }
    return difference
  }

  /// The pixels the window shows now that differ from `expected` (all of them when the sizes
  /// differ), read with Xlib's `XGetImage` on a connection of this capture's own, the request
  /// `import` makes; throws when the window cannot be read (not mapped, gone).
  public func differingPixelsNow(from expected: Image) throws -> Int {
    CalculatorWindow.xErrorsAreReturned
    guard let display = XOpenDisplay(server.display), let id = UInt(window) else {
      throw TestFailure("no display \(server.display)")
    }
    defer { XCloseDisplay(display) }
    var attributes = XWindowAttributes()
    guard XGetWindowAttributes(display, id, &attributes) != 0,
      attributes.map_state == IsViewable
    else { throw TestFailure("window \(window) is not shown") }
    let (width, height) = (Int(attributes.width), Int(attributes.height))
    guard width == expected.width, height == expected.height else {
      return max(width * height, expected.width * expected.height, 1)
    }
    guard
      let image = XGetImage(
        display, id, 0, 0, UInt32(width), UInt32(height), UInt.max, ZPixmap),
      let data = image.pointee.data
    else { throw TestFailure("XGetImage failed on window \(window)") }
    defer { _ = image.pointee.f.destroy_image(image) }
    guard image.pointee.bits_per_pixel == 32, image.pointee.byte_order == LSBFirst else {
      throw TestFailure("a capture of \(image.pointee.bits_per_pixel) bits per pixel")
    }
    let line = Int(image.pointee.bytes_per_line)
    let pixels = UnsafeRawPointer(data)
    var count = 0
    for y in 0..<height {
      let row = pixels + y * line
      let expectedRow = expected.bytes + y * expected.stride
      for x in 0..<width
      where row.load(fromByteOffset: x * 4, as: UInt32.self) & 0xFF_FFFF
        != expectedRow.load(fromByteOffset: x * 4, as: UInt32.self) & 0xFF_FFFF
      {
        count += 1
      }
    }
    return count
  }

  /// A protocol error on a test's own connection (a window gone between two requests) makes
  /// the request fail, not the test process exit, as Xlib's default handler would.
  static let xErrorsAreReturned: Void = {
    XSetErrorHandler { _, _ in 0 }
  }()

  /// Waits for the program to exit: its status and stderr, or nil when it is still running
  /// after `timeout` seconds.
  public func exit(timeout: Double = TestSupport.patience) -> (status: Int32, error: String)? {
    guard process.wait(timeout: timeout), let status = process.status else { return nil }
    return (status, errorOutput)
  }

  /// Asks the window to close the way a window manager does: a WM_PROTOCOLS ClientMessage
  /// with WM_DELETE_WINDOW (ICCCM 4.1.2.7).
  public func sendDeleteWindow() throws {
    try sendProtocolMessage { display in Int(XInternAtom(display, "WM_DELETE_WINDOW", 0)) }
  }

  /// Sends a WM_PROTOCOLS ClientMessage whose first datum is `first(display)`, as any client
  /// can (the window manager sends WM_DELETE_WINDOW this way).
  public func sendProtocolMessage(first: (OpaquePointer) -> Int) throws {
    guard let display = XOpenDisplay(server.display) else { throw TestFailure("no display") }
    defer { XCloseDisplay(display) }
    guard let id = UInt(window) else { throw TestFailure("bad window id \(window)") }
    var event = XEvent()
    event.xclient.type = ClientMessage
    event.xclient.window = id
    event.xclient.message_type = XInternAtom(display, "WM_PROTOCOLS", 0)
    event.xclient.format = 32
    event.xclient.data.l.0 = first(display)
    event.xclient.data.l.1 = Int(CurrentTime)
    XSendEvent(display, id, 0, 0, &event)
    XSync(display, 0)
  }
}

extension Image {
  /// The number of pixels whose RGB differs (all of them when the sizes differ). `sampledTo`
  /// compares only a `side` × `side` grid of points spread evenly over the image.
  public func differingPixels(from other: Image, sampledTo side: Int? = nil) -> Int {
    guard width == other.width, height == other.height else {
      return max(width * height, other.width * other.height, 1)
    }
    let xs = side.map { side in (0..<side).map { (2 * $0 + 1) * width / (2 * side) } }
    let ys = side.map { side in (0..<side).map { (2 * $0 + 1) * height / (2 * side) } }
    let columns = xs ?? Array(0..<width)
    var count = 0
    for y in ys ?? Array(0..<height) {
      let row = bytes + y * stride
      let otherRow = other.bytes + y * other.stride
      for x in columns {
        let pixel = row.load(fromByteOffset: x * 4, as: UInt32.self) & 0xFF_FFFF
        let otherPixel = otherRow.load(fromByteOffset: x * 4, as: UInt32.self) & 0xFF_FFFF
        if pixel != otherPixel { count += 1 }
      }
    }
    return count
  }
}
