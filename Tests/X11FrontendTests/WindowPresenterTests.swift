import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// How frames reach the window: MIT-SHM on a local server, plain XPutImage otherwise, bands for
/// big windows, and a shared segment that never outlives the process. Seen from outside: the
/// pixels (a capture equals `--render`), the process's mappings (`/proc/PID/maps`) and the
/// kernel's table of System V segments (`/proc/sysvipc/shm`).
@Suite(TestSupport.needs(TestSupport.xTools))
struct WindowPresenterTests {
  /// A System V shared-memory segment created by a process.
  struct Segment {
    var mode: Int
    var bytes: Int
    var attachments: Int
    /// Marked for removal: it goes with its last detach (SHM_DEST).
    var isMarkedForRemoval: Bool { mode & 0o1000 != 0 }
  }

  /// The segments `pid` created that still exist.
  static func segments(createdBy pid: pid_t) -> [Segment] {
    let table = (try? String(contentsOfFile: "/proc/sysvipc/shm", encoding: .utf8)) ?? ""
    // key shmid perms size cpid lpid nattch …, perms in octal
    return table.split(separator: "\n").dropFirst().compactMap { line in
      let fields = line.split(separator: " ")
      guard fields.count > 6, Int(fields[4]) == Int(pid), let mode = Int(fields[2], radix: 8),
        let bytes = Int(fields[3]), let attachments = Int(fields[6])
      else { return nil }
      return Segment(mode: mode, bytes: bytes, attachments: attachments)
    }
  }

  /// Whether `pid` has a System V segment mapped.
  static func mapsSharedMemory(_ pid: pid_t) -> Bool {
    ((try? String(contentsOfFile: "/proc/\(pid)/maps", encoding: .utf8)) ?? "").contains("/SYSV")
  }

  /// Polls until `pid` has no segment left, for up to `timeout` seconds.
  static func segmentsAreGone(
    createdBy pid: pid_t, timeout: Double = TestSupport.patience
  ) -> Bool {
    let deadline = TestSupport.now() + timeout
    while !segments(createdBy: pid).isEmpty {
      if TestSupport.now() >= deadline { return false }
      usleep(20_000)
    }
    return true
  }

  /// The KiB of System V shared memory `pid` has in memory (smaps' `Rss` of its `/SYSV`
  /// mappings): the pages it wrote.
  static func residentSharedMemory(_ pid: pid_t) -> Int {
    // String(contentsOfFile:) reads one block of a /proc file: read it to its end.
    let data = FileHandle(forReadingAtPath: "/proc/\(pid)/smaps")?.readDataToEndOfFile()
    let smaps = String(decoding: data ?? Data(), as: UTF8.self)
    var isSegment = false
    var total = 0
    for line in smaps.split(separator: "\n") {
      if line.first?.isHexDigit == true && line.contains("-") && !line.hasPrefix("Rss") {
        isSegment = line.contains("/SYSV")
      } else if isSegment, line.hasPrefix("Rss:") {
        total += Int(line.split(separator: " ")[1]) ?? 0
      }
    }
    return total
  }

  @Test func aLocalServerGetsFramesThroughOneSegmentMarkedForRemoval() throws {
    let server = try XvfbServer()
    let window = try CalculatorWindow(server: server, keys: "12+3*4")
    #expect(try window.differingPixels(from: window.render(keys: "12+3*4")) == 0)
    let segments = Self.segments(createdBy: window.process.pid)
    #expect(segments.count == 1)
    #expect(segments.first?.bytes == 2 << 20)  // two halves of 1 MiB, whatever the window
    #expect(segments.first?.attachments == 2)  // the calculator and the server
    #expect(segments.first?.isMarkedForRemoval == true)
    // The whole window (0.9 MiB) went in bands of 64 KiB taking turns in the two halves.
    #expect(Self.residentSharedMemory(window.process.pid) == 128)
    try window.type("5", "Return")
    #expect(try window.differingPixels(from: window.render(keys: "12+3*45=")) == 0)
    #expect(window.errorOutput == "")
  }

  /// 1800 × 1100 is 7.9 MB of pixels: bands through a 2 MiB segment, seamless.
  @Test func aWindowBiggerThanTheSegmentIsSentInBandsPixelForPixel() throws {
    let server = try XvfbServer(width: 1920, height: 1200)
    let window = try CalculatorWindow(server: server, keys: "1/7=", size: (1800, 1100))
    #expect(try window.differingPixels(from: window.render(keys: "1/7=")) == 0)
    let segments = Self.segments(createdBy: window.process.pid)
    #expect(segments.count == 1)
    #expect(segments.map(\.bytes) == [2 << 20])
    try window.type("plus", "2")
    #expect(try window.differingPixels(from: window.render(keys: "1/7=+2")) == 0)
  }

  /// The plain path: no segment, the same pixels, nothing on stderr (a refused attach is
  /// expected, not an error to report).
  @Test(arguments: [
    "CIRCLECALC_SHM=off", "CIRCLECALC_SHM=invalid (BadAccess)", "server without MIT-SHM",
    "TCP connection",
  ])
  func withoutSharedMemoryThePixelsGoThroughTheSocket(setting: String) throws {
    let server = try XvfbServer(
      arguments: setting.hasPrefix("server")
        ? ["-extension", "MIT-SHM"]
        : setting.hasPrefix("TCP") ? ["-listen", "tcp"] : [])
    var environment: [String: String] = [:]
    if setting.hasPrefix("CIRCLECALC_SHM=") {
      environment["CIRCLECALC_SHM"] = String(
        setting.dropFirst("CIRCLECALC_SHM=".count).prefix { $0 != " " })
    }
    if setting.hasPrefix("TCP") { environment["DISPLAY"] = "127.0.0.1" + server.display }
    let window = try CalculatorWindow(server: server, keys: "12+3*4", environment: environment)
    #expect(try window.differingPixels(from: window.render(keys: "12+3*4")) == 0)
    try window.type("5", "Return")
    #expect(try window.differingPixels(from: window.render(keys: "12+3*45=")) == 0)
    #expect(!Self.mapsSharedMemory(window.process.pid))
    #expect(Self.segments(createdBy: window.process.pid).isEmpty)
    #expect(window.errorOutput == "")
  }

  @Test(arguments: ["SIGTERM", "SIGINT", "SIGKILL", "ctrl+q", "server lost"])
  func theSegmentGoesWithTheProcessHoweverItEnds(ending: String) throws {
    let server = try XvfbServer()
    let window = try CalculatorWindow(server: server, keys: "7")
    #expect(try window.differingPixels(from: window.render(keys: "7")) == 0)
    let pid = window.process.pid
    #expect(Self.segments(createdBy: pid).count == 1)
    switch ending {
    case "SIGTERM": window.process.stop(signal: SIGTERM, grace: TestSupport.patience)
    case "SIGINT": window.process.stop(signal: SIGINT, grace: TestSupport.patience)
    case "SIGKILL": window.process.stop(signal: SIGKILL)
    case "ctrl+q": try window.type("ctrl+q")
    default: server.kill()
    }
    #expect(window.exit() != nil)
    let signals = ["SIGTERM": SIGTERM, "SIGINT": SIGINT, "SIGKILL": SIGKILL]
    #expect(window.process.signal == signals[ending])  // ended by that signal, not a later one
    #expect(Self.segmentsAreGone(createdBy: pid))
  }
}
