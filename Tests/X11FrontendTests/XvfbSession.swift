import CX11
import CalculatorCore
import CalculatorLayout
import CalculatorRender
import Foundation
import Testing

/// Whether the tools the end-to-end tests drive are installed (Xvfb, xdotool, ImageMagick,
/// x11-utils).
let hasXTools = ["Xvfb", "xdotool", "import", "xwininfo", "xprop"].allSatisfy {
  Shell.find($0) != nil
}

/// The `circlecalc` binary next to the test bundle (`swift build --build-tests` builds both), or
/// `$CIRCLECALC` when set.
let circlecalcPath: String = {
  if let path = ProcessInfo.processInfo.environment["CIRCLECALC"] { return path }
  let bundle = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
  return bundle.deletingLastPathComponent().appendingPathComponent("circlecalc").path
}()

/// Held while creating pipes and while spawning (see `OutputPipe`).
let spawnLock = NSLock()

/// A child process started with `posix_spawn`, its signal mask and handlers reset.
///
/// Foundation's `Process` hands the test runner's blocked signals (SIGTERM among them) down to
/// its children, so a terminated Xvfb or circlecalc would linger; these children get none.
final class ChildProcess {
  let pid: pid_t
  private(set) var status: Int32?

  /// Starts `arguments` (the program is looked up on `$PATH`) with stdin from /dev/null and
  /// stdout and stderr to the given descriptors (nil: /dev/null).
  init(
    _ arguments: [String], environment: [String: String]? = nil, output: Int32? = nil,
    error: Int32? = nil
  ) throws {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    for (source, target) in [(output, Int32(1)), (error, Int32(2))] {
      if let source {
        posix_spawn_file_actions_adddup2(&actions, source, target)
      } else {
        posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_WRONLY, 0)
      }
    }

    let environment = environment ?? ProcessInfo.processInfo.environment
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var pid: pid_t = 0
    let result = spawnLock.withLock {
      posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
    }
    guard result == 0 else { throw TestFailure("cannot start \(arguments[0]): error \(result)") }
    self.pid = pid
  }

  /// Whether the child has not exited yet (reaps it when it has).
  var isRunning: Bool {
    guard status == nil else { return false }
    var raw: Int32 = 0
    guard waitpid(pid, &raw, WNOHANG) == pid else { return true }
    // WIFEXITED / WEXITSTATUS; a signal shows as 128 + its number, as in the shell.
    status = raw & 0x7f == 0 ? (raw >> 8) & 0xff : 128 + raw & 0x7f
    return false
  }

  /// Waits for the exit; false when it is still running at the deadline.
  func wait(timeout: Double) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while isRunning {
      guard Date() < deadline else { return false }
      usleep(2000)
    }
    return true
  }

  /// Sends a signal to the child's PID and waits up to two seconds for it to end.
  func stop(signal: Int32 = SIGTERM) {
    guard isRunning else { return }
    kill(pid, signal)
    if !wait(timeout: 2) {
      kill(pid, SIGKILL)
      _ = wait(timeout: 2)
    }
  }

  deinit { stop() }
}

/// A pipe whose read end the test keeps.
struct OutputPipe {
  let read: Int32
  let write: Int32

  init() throws {
    // Close-on-exec, set under the lock that spawning takes: children that other tests start at
    // the same time must not hold our end open. posix_spawn's dup2 gives the child its copy.
    var descriptors: [Int32] = [0, 0]
    let created = spawnLock.withLock {
      guard pipe(&descriptors) == 0 else { return false }
      for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
      return true
    }
    guard created else { throw TestFailure("pipe failed") }
    read = descriptors[0]
    write = descriptors[1]
  }

  /// Closes the write end (after the child has its copy) so reads see end of file.
  func closeWriteEnd() { close(write) }

  /// Reads up to a newline (or end of file) and closes the read end.
  func readLine() -> Data {
    var data = Data()
    var byte: UInt8 = 0
    while Glibc.read(read, &byte, 1) == 1, byte != UInt8(ascii: "\n") { data.append(byte) }
    close(read)
    return data
  }

  /// Reads to end of file and closes the read end.
  func readAll() -> Data {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = Glibc.read(read, &buffer, buffer.count)
      if count <= 0 { break }
      data.append(contentsOf: buffer[0..<count])
    }
    close(read)
    return data
  }
}

/// Running programs and reading their output, for the tests.
enum Shell {
  /// The full path of a program on `$PATH`.
  static func find(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// Runs a program to the end: exit status, stdout and stderr (small outputs only).
  @discardableResult
  static func run(_ arguments: [String], display: String? = nil, timeout: Double = 10) throws -> (
    status: Int32, output: Data, error: String
  ) {
    let output = try OutputPipe()
    let error = try OutputPipe()
    let child = try ChildProcess(
      arguments, environment: display.map(environment(display:)), output: output.write,
      error: error.write)
    output.closeWriteEnd()
    error.closeWriteEnd()
    let outputData = output.readAll()
    let errorData = error.readAll()
    if !child.wait(timeout: timeout) { child.stop(signal: SIGKILL) }
    return (child.status ?? -1, outputData, String(decoding: errorData, as: UTF8.self))
  }

  /// The environment of the tests with `DISPLAY` replaced.
  static func environment(display: String) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["DISPLAY"] = display
    return environment
  }
}

/// An Xvfb server on a display number it picks itself (`-displayfd`), stopped by its PID.
final class XvfbServer {
  let process: ChildProcess
  /// `":12"`.
  let display: String

  init() throws {
    let output = try OutputPipe()
    process = try ChildProcess(
      ["Xvfb", "-displayfd", "1", "-noreset", "-nolisten", "tcp", "-screen", "0", "1280x1024x24"],
      output: output.write)
    output.closeWriteEnd()
    // Xvfb writes the display number and a newline once it accepts connections.
    let number = String(decoding: output.readLine(), as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    guard !number.isEmpty else { throw TestFailure("Xvfb exited before it was ready") }
    display = ":" + number
  }

  /// Stops the server: SIGTERM to its PID, and waits for it.
  func stop() { process.stop() }

  /// Kills the server at once (SIGKILL), as a crash would.
  func kill() { process.stop(signal: SIGKILL) }

  deinit { stop() }
}

/// A running `circlecalc` window on an Xvfb server, driven with xdotool.
final class CalculatorWindow {
  let server: XvfbServer
  let process: ChildProcess
  let errorPipe: OutputPipe
  let window: String
  private(set) var width: Int
  private(set) var height: Int
  let scratch: URL

  /// Starts `circlecalc --keys keys --size WxH` (no `--size` when `size` is nil) and waits for
  /// its window to be mapped. The window size is saved under `stateDirectory` (default: a
  /// folder of this window's own).
  init(
    server: XvfbServer, keys: String = "", size: (width: Int, height: Int)? = (360, 640),
    stateDirectory: URL? = nil
  ) throws {
    self.server = server
    scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("circlecalc-x11-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    errorPipe = try OutputPipe()
    var arguments = keys.isEmpty ? [] : ["--keys", keys]
    if let size { arguments += ["--size", "\(size.width)x\(size.height)"] }
    var environment = Shell.environment(display: server.display)
    environment["XDG_STATE_HOME"] = (stateDirectory ?? scratch).path
    process = try ChildProcess(
      [circlecalcPath] + arguments, environment: environment, error: errorPipe.write)
    errorPipe.closeWriteEnd()
    let search = try Shell.run(
      [
        "timeout", "5", "xdotool", "search", "--sync", "--onlyvisible", "--pid",
        "\(process.pid)",
      ],
      display: server.display)
    guard search.status == 0,
      let id = String(decoding: search.output, as: UTF8.self).split(separator: "\n").first
    else { throw TestFailure("no window from circlecalc: \(search.error)") }
    window = String(id)
    (width, height) = try CalculatorWindow.geometry(of: window, on: server)
    // Without a window manager the keyboard focus follows the pointer.
    try xdotool("mousemove", "--window", window, "1", "1")
  }

  deinit {
    process.stop()
    try? FileManager.default.removeItem(at: scratch)
  }

  var layout: Layout { Layout(width: width, height: height) }

  /// The window's size as the server has it.
  static func geometry(of window: String, on server: XvfbServer) throws -> (Int, Int) {
    let info = try Shell.run(["xwininfo", "-id", window], display: server.display)
    let lines = String(decoding: info.output, as: UTF8.self).split(separator: "\n")
    func value(_ name: String) -> Int? {
      lines.first { $0.contains(name) }.flatMap {
        Int($0.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "")
      }
    }
    guard let width = value("Width:"), let height = value("Height:") else {
      throw TestFailure("xwininfo: \(info.error)")
    }
    return (width, height)
  }

  func xdotool(_ arguments: String...) throws {
    let result = try Shell.run(["xdotool"] + arguments, display: server.display)
    guard result.status == 0 else { throw TestFailure("xdotool \(arguments): \(result.error)") }
  }

  /// The centre of a keypad cell in window coordinates.
  func center(of action: KeypadAction) -> (x: Int, y: Int) {
    let cell = Keypad.position(of: action) ?? GridPosition(row: 0, column: 0)
    let center = layout.circle(at: cell).center
    return (Int(center.x.rounded()), Int(center.y.rounded()))
  }

  /// Clicks circles: `click(.key(.digit(.seven)), .key(.operation(.add)))`.
  func click(_ actions: KeypadAction...) throws {
    for action in actions {
      let point = center(of: action)
      try xdotool("mousemove", "--window", window, "\(point.x)", "\(point.y)", "click", "1")
    }
  }

  /// Types keys by keysym name: `type("7", "plus", "Return")`.
  func type(_ keysyms: String...) throws {
    try xdotool(["key", "--clearmodifiers"] + keysyms)
  }

  private func xdotool(_ arguments: [String]) throws {
    let result = try Shell.run(["xdotool"] + arguments, display: server.display)
    guard result.status == 0 else { throw TestFailure("xdotool \(arguments): \(result.error)") }
  }

  func resize(width: Int, height: Int) throws {
    try xdotool("windowsize", window, "\(width)", "\(height)")
    self.width = width
    self.height = height
  }

  /// A capture of the window's pixels.
  func screenshot() throws -> Image {
    let file = scratch.appendingPathComponent("screenshot.png").path
    let result = try Shell.run(
      ["import", "-window", window, "png24:\(file)"], display: server.display)
    guard result.status == 0 else { throw TestFailure("import: \(result.error)") }
    return try Image(contentsOfPNG: file)
  }

  /// `circlecalc --keys keys --render FILE --size WxH` at the window's current size.
  func render(keys: String) throws -> Image {
    let file = scratch.appendingPathComponent("render.png").path
    let arguments =
      (keys.isEmpty ? [] : ["--keys", keys])
      + ["--render", file, "--size", "\(width)x\(height)"]
    let result = try Shell.run([circlecalcPath] + arguments)
    guard result.status == 0 else { throw TestFailure("--render: \(result.error)") }
    return try Image(contentsOfPNG: file)
  }

  /// The same renderer in-process, for states `--keys` cannot reach (a paste, the error cue).
  func render(_ calculator: Calculator, flashesError: Bool = false, historyOffset: Int = 0)
    -> Image
  {
    var frame = Frame(calculator: calculator, width: width, height: height)
    frame.flashesError = flashesError
    frame.historyOffset = historyOffset
    return Renderer().render(frame)
  }

  /// Takes screenshots until one equals `expected` or `timeout` passes; the differing pixels of
  /// the last one (0 = the window shows exactly `expected`).
  func differingPixels(from expected: Image, timeout: Double = 3) throws -> Int {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      let difference = try screenshot().differingPixels(from: expected)
      if difference == 0 || Date() >= deadline { return difference }
      usleep(30_000)
    }
  }

  /// Waits for the program to exit: its status and stderr, or nil when it is still running.
  func exit(timeout: Double) -> (status: Int32, error: String)? {
    guard process.wait(timeout: timeout), let status = process.status else { return nil }
    return (status, String(decoding: errorPipe.readAll(), as: UTF8.self))
  }

  /// Asks the window to close the way a window manager does: a WM_PROTOCOLS ClientMessage
  /// with WM_DELETE_WINDOW (ICCCM 4.1.2.7).
  func sendDeleteWindow() throws {
    guard let display = XOpenDisplay(server.display) else { throw TestFailure("no display") }
    defer { XCloseDisplay(display) }
    guard let id = UInt(window) else { throw TestFailure("bad window id \(window)") }
    var event = XEvent()
    event.xclient.type = ClientMessage
    event.xclient.window = id
    event.xclient.message_type = XInternAtom(display, "WM_PROTOCOLS", 0)
    event.xclient.format = 32
    event.xclient.data.l.0 = Int(XInternAtom(display, "WM_DELETE_WINDOW", 0))
    event.xclient.data.l.1 = Int(CurrentTime)
    XSendEvent(display, id, 0, 0, &event)
    XSync(display, 0)
  }
}

extension Image {
  /// The number of pixels whose RGB differs (all of them when the sizes differ).
  func differingPixels(from other: Image) -> Int {
    guard width == other.width, height == other.height else {
      return max(width * height, other.width * other.height, 1)
    }
    var count = 0
    for y in 0..<height {
      let row = bytes + y * stride
      let otherRow = other.bytes + y * other.stride
      for x in 0..<width {
        let pixel = row.load(fromByteOffset: x * 4, as: UInt32.self) & 0xFF_FFFF
        let otherPixel = otherRow.load(fromByteOffset: x * 4, as: UInt32.self) & 0xFF_FFFF
        if pixel != otherPixel { count += 1 }
      }
    }
    return count
  }
}

/// A failed step of an end-to-end test.
struct TestFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
