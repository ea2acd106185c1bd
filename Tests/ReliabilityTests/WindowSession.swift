import CalculatorCore
import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Whether the tools the window tests drive are installed.
let hasWindowTools = ["Xvfb", "xdotool", "import", "compare", "convert"].allSatisfy { name in
  (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    .contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(name)") }
}

/// A program running in the background, started with a clean signal mask and default
/// handlers (the test runner blocks some signals, and children would inherit that), stopped
/// by its PID.
final class Background {
  let pid: pid_t
  private(set) var status: Int32?
  /// Where its stderr goes.
  let errorFile: String

  init(_ arguments: [String], environment: [String], output: Int32? = nil) throws {
    errorFile = TestSupport.temporaryPath("stderr")
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
    if let output {
      posix_spawn_file_actions_adddup2(&actions, output, 1)
    } else {
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    }
    posix_spawn_file_actions_addopen(&actions, 2, errorFile, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var pid: pid_t = 0
    let result = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
    guard result == 0 else { throw WindowFailure("cannot start \(arguments[0]): error \(result)") }
    self.pid = pid
  }

  /// Whether it is still running (reaps it when it has ended).
  var isRunning: Bool {
    guard status == nil else { return false }
    var raw: Int32 = 0
    guard waitpid(pid, &raw, WNOHANG) == pid else { return true }
    status = raw & 0x7f == 0 ? (raw >> 8) & 0xff : 128 + raw & 0x7f
    return false
  }

  /// Waits for the end; false if it still runs at the deadline.
  func wait(timeout: Double) -> Bool {
    let deadline = TestSupport.now() + timeout
    while isRunning {
      if TestSupport.now() > deadline { return false }
      usleep(5_000)
    }
    return true
  }

  /// What it wrote to stderr so far.
  var errorOutput: String { (try? String(contentsOfFile: errorFile, encoding: .utf8)) ?? "" }

  /// Its resident set size in KiB, from /proc/PID/status.
  var residentKiB: Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
    else { return nil }
    return Int(line.split(separator: " ").dropFirst().first ?? "")
  }

  /// Sends `signal` to its PID, then SIGKILL if it has not ended within two seconds.
  func stop(_ signal: Int32 = SIGTERM) {
    guard isRunning else { return }
    kill(pid, signal)
    if !wait(timeout: 2) {
      kill(pid, SIGKILL)
      _ = wait(timeout: 2)
    }
  }

  deinit {
    stop()
    unlink(errorFile)
  }
}

/// An Xvfb of our own, on a display number it picks (`-displayfd`), stopped by its PID.
final class XServer {
  let process: Background
  /// `":12"`.
  let display: String

  init(width: Int = 1280, height: Int = 1024) throws {
    var descriptors: [Int32] = [0, 0]
    guard pipe(&descriptors) == 0 else { throw WindowFailure("pipe") }
    _ = fcntl(descriptors[0], F_SETFD, FD_CLOEXEC)
    process = try Background(
      [
        "Xvfb", "-displayfd", "\(descriptors[1])", "-noreset", "-nolisten", "tcp", "-screen",
        "0", "\(width)x\(height)x24",
      ], environment: ["PATH=/usr/bin:/bin"], output: descriptors[1])
    close(descriptors[1])
    var number = ""
    var byte: UInt8 = 0
    while read(descriptors[0], &byte, 1) == 1, byte != UInt8(ascii: "\n") {
      number.append(Character(UnicodeScalar(byte)))
    }
    close(descriptors[0])
    guard !number.isEmpty else { throw WindowFailure("Xvfb did not start") }
    display = ":" + number
  }

  deinit { process.stop() }
}

/// `circlecalc` in its window on an `XServer`, driven by xdotool, seen by `import`.
final class WindowUnderTest {
  let server: XServer
  let process: Background
  let window: String
  let scratch: String
  private(set) var width: Int
  private(set) var height: Int

  init(server: XServer, keys: String = "", width: Int = 360, height: Int = 640) throws {
    self.server = server
    self.width = width
    self.height = height
    scratch = TestSupport.temporaryPath("window")
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    process = try Background(
      [TestSupport.binary] + (keys.isEmpty ? [] : ["--keys", keys])
        + ["--size", "\(width)x\(height)"],
      environment: WindowUnderTest.environment(server) + ["XDG_STATE_HOME=\(scratch)"])
    let search = try TestSupport.spawn(
      "/usr/bin/xdotool",
      ["search", "--sync", "--onlyvisible", "--pid", "\(process.pid)"].map { Array($0.utf8) },
      environment: WindowUnderTest.environment(server), timeout: 10)
    guard search.status == 0,
      let id = String(decoding: search.stdout, as: UTF8.self).split(separator: "\n").first
    else {
      throw WindowFailure("no window: \(String(decoding: search.stderr, as: UTF8.self))")
    }
    window = String(id)
    // Without a window manager the keyboard focus follows the pointer.
    try xdotool(["mousemove", "--window", window, "1", "1"])
  }

  deinit {
    process.stop()
    try? FileManager.default.removeItem(atPath: scratch)
  }

  static func environment(_ server: XServer) -> [String] {
    ["PATH=/usr/bin:/bin", "DISPLAY=\(server.display)", "HOME=\(NSTemporaryDirectory())"]
  }

  /// Runs xdotool with the arguments; throws on failure.
  func xdotool(_ arguments: [String], timeout: Double = 120) throws {
    let run = try TestSupport.spawn(
      "/usr/bin/xdotool", arguments.map { Array($0.utf8) },
      environment: WindowUnderTest.environment(server), timeout: timeout)
    guard run.status == 0, !run.timedOut else {
      throw WindowFailure(
        "xdotool \(arguments.prefix(6)): \(String(decoding: run.stderr, as: UTF8.self))")
    }
  }

  /// Keys by keysym name (`"7"`, `"plus"`, `"Escape"`), all in one xdotool call, no delay.
  func press(_ keysyms: [String]) throws {
    try xdotool(["key", "--delay", "0"] + keysyms)
  }

  /// Resizes the window (xdotool windowsize), and remembers the size.
  func resize(_ sizes: [(width: Int, height: Int)]) throws {
    var arguments: [String] = []
    for size in sizes {
      arguments += ["windowsize", window, "\(size.width)", "\(size.height)"]
    }
    try xdotool(arguments)
    if let last = sizes.last { (width, height) = last }
  }

  /// `circlecalc --keys keys --render FILE --size WxH` at the window's size (or the size
  /// given): the file.
  func render(keys: String, width: Int? = nil, height: Int? = nil) throws -> String {
    let (width, height) = (width ?? self.width, height ?? self.height)
    let file = scratch + "/render-\(width)x\(height).png"
    let run = try TestSupport.spawn(
      TestSupport.binary,
      ((keys.isEmpty ? [] : ["--keys", keys]) + ["--render", file, "--size", "\(width)x\(height)"])
        .map { Array($0.utf8) }, environment: ["PATH=/usr/bin:/bin"], timeout: 120)
    guard run.status == 0 else {
      throw WindowFailure("--render: \(String(decoding: run.stderr, as: UTF8.self))")
    }
    return file
  }

  /// The number of pixels where a capture of the window differs from the PNG
  /// (`compare -metric AE`), or nil when it cannot compare (sizes differ, no capture).
  /// `sampledTo` compares both scaled down by point sampling (`-sample`), for huge windows.
  func differingPixels(from expected: String, sampledTo side: Int? = nil) throws -> Int? {
    let capture = scratch + "/capture.png"
    let environment = WindowUnderTest.environment(server)
    let grab = try TestSupport.spawn(
      "/usr/bin/import", ["-window", window, "png24:" + capture].map { Array($0.utf8) },
      environment: environment, timeout: 60)
    guard grab.status == 0 else { return nil }
    var files = [capture, expected]
    if let side {
      for (index, file) in files.enumerated() {
        let sampled = scratch + "/sampled-\(index).png"
        let run = try TestSupport.spawn(
          "/usr/bin/convert",
          [file, "-sample", "\(side)x\(side)!", sampled].map { Array($0.utf8) },
          environment: environment, timeout: 120)
        guard run.status == 0 else { return nil }
        files[index] = sampled
      }
    }
    let compared = try TestSupport.spawn(
      "/usr/bin/compare", (["-metric", "AE"] + files + ["null:"]).map { Array($0.utf8) },
      environment: environment, timeout: 60)
    guard compared.status == 0 || compared.status == 1 else { return nil }
    return Int(String(decoding: compared.stderr, as: UTF8.self).split(separator: " ").first ?? "")
  }

  /// Captures until the window equals the PNG or the timeout passes: the seconds it took, or
  /// nil with the last difference.
  func waitUntilShowing(_ expected: String, timeout: Double, sampledTo side: Int? = nil) throws
    -> (Double?, Int?)
  {
    let start = TestSupport.now()
    var last: Int?
    while TestSupport.now() - start < timeout {
      last = try differingPixels(from: expected, sampledTo: side)
      if last == 0 { return (TestSupport.now() - start, 0) }
      usleep(20_000)
    }
    return (nil, last)
  }

  /// The centres of the 20 circles, row by row, found in a `--render` at the window's size by
  /// their fill colours (#333333, #A5A5A5, #FF9F0A): the drawing, not the layout code, decides.
  func circleCentres() throws -> [[(x: Int, y: Int)]] {
    let png = try render(keys: "")
    let raw = scratch + "/render.rgb"
    let run = try TestSupport.spawn(
      "/usr/bin/convert", [png, "-depth", "8", "rgb:" + raw].map { Array($0.utf8) },
      environment: ["PATH=/usr/bin:/bin"], timeout: 60)
    guard run.status == 0 else { throw WindowFailure("convert failed") }
    let pixels = try [UInt8](Data(contentsOf: URL(fileURLWithPath: raw)))
    guard pixels.count == width * height * 3 else { throw WindowFailure("raw size") }
    let fills: Set<UInt32> = [0x33_3333, 0xA5_A5A5, 0xFF_9F0A]
    var label = [Int32](repeating: -1, count: width * height)
    var boxes: [(minX: Int, minY: Int, maxX: Int, maxY: Int, count: Int)] = []
    for start in 0..<(width * height) where label[start] < 0 {
      let color = pixel(pixels, start)
      guard fills.contains(color) else { continue }
      // Flood fill one circle of one colour.
      var stack = [start]
      label[start] = Int32(boxes.count)
      var box = (minX: Int.max, minY: Int.max, maxX: 0, maxY: 0, count: 0)
      while let index = stack.popLast() {
        let (x, y) = (index % width, index / width)
        box = (
          min(box.minX, x), min(box.minY, y), max(box.maxX, x), max(box.maxY, y), box.count + 1
        )
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
          let (nx, ny) = (x + dx, y + dy)
          guard nx >= 0, ny >= 0, nx < width, ny < height else { continue }
          let next = ny * width + nx
          if label[next] < 0 && pixel(pixels, next) == color {
            label[next] = Int32(boxes.count)
            stack.append(next)
          }
        }
      }
      boxes.append(box)
    }
    // The circles are the 20 largest regions; labels and edges make small ones.
    let circles = boxes.sorted { $0.count > $1.count }.prefix(20)
      .map { (x: ($0.minX + $0.maxX) / 2, y: ($0.minY + $0.maxY) / 2) }
      .sorted { $0.y < $1.y }
    guard circles.count == 20 else { throw WindowFailure("found \(circles.count) circles") }
    return stride(from: 0, to: 20, by: 4).map { row in
      circles[row..<(row + 4)].sorted { $0.x < $1.x }
    }
  }

  private func pixel(_ pixels: [UInt8], _ index: Int) -> UInt32 {
    UInt32(pixels[index * 3]) << 16 | UInt32(pixels[index * 3 + 1]) << 8
      | UInt32(pixels[index * 3 + 2])
  }
}

/// A failed step of a window test.
struct WindowFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
