import CalculatorCore
import Foundation
import TestSupport
import Testing

/// A long session: a million random keys into one calculator, read as the window would read it
/// after every key. Memory must not grow with use. The session runs in a child process (this
/// test bundle again, filtered to `session`), so that other tests running alongside cannot
/// move its VmRSS. `SOAK_KEYS` sets the length (soak/run asks for more).
@Suite("Soak: a long session through the core")
struct SoakTests {
  /// VmRSS may grow by this much (page-cache noise, allocator arenas), not with the key count.
  static let allowedGrowth = 4 * 1024  // KiB

  @Test("1,000,000 random keys: VmRSS at the end within a few MiB of the start")
  func longSession() throws {
    let keys = TestSupport.environment("SOAK_KEYS") ?? "1000000"
    var environment = ProcessInfo.processInfo.environment
    environment["SOAK_CHILD"] = "1"
    environment["SOAK_KEYS"] = keys
    let run = try TestSupport.run(
      CommandLine.arguments[0],
      ["--testing-library", "swift-testing", "--filter", "ReliabilityTests.SoakTests/session"],
      environment: environment, timeout: 900)
    let output = run.stdout + run.stderr
    let report = output.split(separator: "\n").first { $0.hasPrefix("soak:") }
    #expect(run.status == 0 && !run.timedOut, "\(output.suffix(2000))")
    guard let report else {
      Issue.record("no report from the session: \(output.suffix(2000))")
      return
    }
    print(report)
    let fields = report.split(separator: " ")
    func value(_ name: String) -> Int? {
      fields.firstIndex(of: Substring(name)).flatMap { Int(fields[$0 + 1]) }
    }
    guard let start = value("start"), let end = value("end"), let peak = value("peak") else {
      Issue.record("unreadable report \(report)")
      return
    }
    #expect(end - start <= SoakTests.allowedGrowth, "\(report)")
    #expect(peak - start <= SoakTests.allowedGrowth, "\(report)")
  }

  @Test(
    "The session itself (run by longSession in a child process)",
    .enabled(if: TestSupport.environment("SOAK_CHILD") != nil))
  func session() throws {
    let count = TestSupport.environment("SOAK_KEYS").flatMap(Int.init) ?? 1_000_000
    var random = TestSupport.SeededGenerator(seed: 86_400)
    var calculator = Calculator()
    var shown = 0
    var broken: [String] = []
    // Warm up: the first keys load lazily allocated runtime state (metadata, Decimal tables).
    for key in CoreFuzzTests.sequence(&random) + CoreFuzzTests.sequence(&random) {
      calculator.press(key)
    }
    let start = SoakTests.residentKiB()
    var peak = start
    var samples: [Int] = []
    let began = TestSupport.now()
    var pressed = 0
    while pressed < count {
      for key in CoreFuzzTests.sequence(&random) where pressed < count {
        calculator.press(key)
        pressed += 1
        // What the window reads to draw a frame.
        shown &+= calculator.display.utf8.count + calculator.history.count
        shown &+= calculator.displayText.shortened(toLength: 12).utf8.count
        if pressed % 1_000 == 0 {
          broken += Invariants.broken(calculator).prefix(1)
        }
        if pressed % (count / 10) == 0 {
          samples.append(SoakTests.residentKiB())
          peak = max(peak, samples.last ?? 0)
        }
      }
    }
    let seconds = TestSupport.now() - began
    let end = SoakTests.residentKiB()
    let tenths = samples.map(String.init).joined(separator: ",")
    print(
      "soak: \(pressed) keys in \(String(format: "%.1f", seconds)) s,"
        + " \(Int(Double(pressed) / seconds)) keys/s, VmRSS KiB: start \(start) end \(end)"
        + " peak \(max(peak, end)) (every tenth: \(tenths))"
        + " history \(calculator.history.count) rows, checksum \(shown % 1_000)")
    #expect(broken.isEmpty, "\(broken.prefix(5))")
  }

  /// This process's resident set size in KiB, from /proc/self/status.
  static func residentKiB() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
    else { return -1 }
    return Int(line.split(separator: " ").dropFirst().first ?? "") ?? -1
  }
}
