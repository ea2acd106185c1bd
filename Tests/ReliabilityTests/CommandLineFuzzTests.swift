import CalculatorCore
import Foundation
import TestSupport
import Testing

/// Random argument vectors against the built binary: every run ends with status 0, or 1 or 2 with a
/// one-line message on stderr, in bounded time, never by a signal (docs/SPEC.md section 4.1). The
/// environment has no DISPLAY, so a command line that would open the window exits 1.
@Suite("Fuzzing: the command line")
struct CommandLineFuzzTests {
  static let sliceRuns = 200

  @Test("Random arguments and --keys strings end with 0, 1 or 2 and a message, never a signal")
  func randomArguments() throws {
    let base = TestSupport.fuzzSeed(19_700_101)
    let deadline = TestSupport.fuzzSeconds.map { TestSupport.now() + $0 }
    let directory = TestSupport.temporaryPath("cli-fuzz")
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let environment = ["PATH": "/usr/bin:/bin", "HOME": directory, "LANG": "C.UTF-8"]
    var random = TestSupport.SeededGenerator(seed: base)
    var runs = 0
    var statuses: [Int32: Int] = [:]
    var slowest = 0.0
    var failures: [String] = []
    var echoes: [String] = []
    while failures.count < 10,
      deadline.map({ TestSupport.now() < $0 }) ?? (runs < CommandLineFuzzTests.sliceRuns)
    {
      let arguments = CommandLineFuzzTests.arguments(&random)
      let run = try TestSupport.run(
        TestSupport.binary, bytes: arguments, environment: environment, directory: directory,
        timeout: TestSupport.patience)
      runs += 1
      statuses[run.status, default: 0] += 1
      slowest = max(slowest, run.seconds)
      if let problem = CommandLineFuzzTests.problem(run, arguments) {
        let report = "\(problem): circlecalc \(CommandLineFuzzTests.quoted(arguments))"
        if problem.hasPrefix("control characters") {
          echoes.append(report)
        } else {
          failures.append(report)
        }
      }
      if runs % 50 == 0 { try CommandLineFuzzTests.empty(directory) }
    }
    let counts = statuses.sorted { $0.key < $1.key }
    print(
      "command-line fuzz, seed \(base): \(runs) runs, statuses \(counts),"
        + " slowest \(String(format: "%.2f", slowest)) s, \(failures.count) failures,"
        + " \(echoes.count) messages echoing control characters")
    #expect(failures.isEmpty, "\(failures)")
    // Culprits are quoted with control characters escaped: `'\u{A}'`, never a raw newline or ESC.
    #expect(echoes.isEmpty, "\(echoes.prefix(3))")
  }

  /// What is wrong with one run, or nil.
  static func problem(_ run: Finished, _ arguments: [[UInt8]]) -> String? {
    let stderr = run.stderr
    let stdout = run.stdout
    if run.timedOut { return "hung" }
    if let signal = run.signal { return "killed by signal \(signal): \(stderr.prefix(300))" }
    if run.stderrBytes.dropLast().contains(where: { $0 < 0x20 || $0 == 0x7F }) {
      return "control characters in the message \(stderr.prefix(300).debugDescription)"
    }
    let oneLine =
      stderr.hasPrefix("circlecalc: ") && stderr.hasSuffix("\n")
      && stderr.dropLast().allSatisfy { $0 != "\n" }
    switch run.status {
    case 0:
      if !stderr.isEmpty { return "status 0 with stderr \(stderr.prefix(200))" }
      // Printed the display, the state, help or the version; or wrote a PNG.
      if stdout.isEmpty && !arguments.contains(where: { $0.starts(with: Array("--render".utf8)) }) {
        return "status 0 with nothing done"
      }
      if stdout.hasPrefix("{"),
        (try? JSONSerialization.jsonObject(with: Data(run.stdoutBytes))) == nil
      {
        return "--state printed no JSON: \(stdout.prefix(200))"
      }
      return nil
    case 1:
      guard oneLine, stderr.contains("DISPLAY") || stderr.contains("cannot write") else {
        return "status 1 without a one-line message: \(stderr.prefix(300))"
      }
      return stdout.isEmpty ? nil : "status 1 with output \(stdout.prefix(200))"
    case 2:
      guard oneLine else { return "status 2 without a one-line message: \(stderr.prefix(300))" }
      return stdout.isEmpty ? nil : "status 2 with output \(stdout.prefix(200))"
    default:
      return "status \(run.status): \(stderr.prefix(300))"
    }
  }

  // swift-format-ignore
  static let options = [
    "--keys", "--keys", "--keys", "--print", "--print", "--state", "--render", "--size", "--help",
    "-h", "--version", "--keys=", "--size=", "--render=", "--print=", "--", "-", "--KEYS", "-k",
    "---keys", "--keys==", "-print", "--print --state", "--state=1", "--size=x", "--render=-",
  ]
  static let noise = [
    "é", "🧮", "1\u{301}", "\u{202E}12", "\u{200B}", "１２", "١٢٣", "\u{FEFF}", "÷", "×", "−",
    "\u{7F}", "\t", "\n", " ", "", "%n", "\u{1F1EB}\u{1F1F7}", "e", "E5",
  ]

  /// An argument vector: options, values that fit them and values that do not.
  static func arguments(_ random: inout TestSupport.SeededGenerator) -> [[UInt8]] {
    var arguments: [[UInt8]] = []
    for _ in 0..<Int.random(in: 0...6, using: &random) {
      let previous = arguments.last.map { String(decoding: $0, as: UTF8.self) } ?? ""
      switch Int.random(in: 0..<10, using: &random) {
      case 0..<4:
        arguments.append(Array((options.randomElement(using: &random) ?? "--keys").utf8))
      case 4..<8 where previous == "--keys" || previous == "--keys=":
        arguments.append(keys(&random))
      case 4..<8 where previous == "--size":
        arguments.append(Array(size(&random).utf8))
      case 4..<8 where previous == "--render":
        arguments.append(Array(renderPath(&random).utf8))
      default:
        arguments.append(noiseArgument(&random))
      }
    }
    // A fixed output sometimes, so that the keys are run rather than a window refused.
    if Int.random(in: 0..<3, using: &random) == 0 {
      arguments.append(Array((Bool.random(using: &random) ? "--print" : "--state").utf8))
    }
    return arguments
  }

  /// A --keys value: valid tokens (some long), tokens among noise, unicode, binary, huge.
  static func keys(_ random: inout TestSupport.SeededGenerator) -> [UInt8] {
    let single: [[UInt8]] = Array("0123456789.+-*/=%ncab ()".utf8).map { [$0] }
    let named: [[UInt8]] = Key.allCases.map(\.token).filter { $0.count > 1 }.map { Array($0.utf8) }
    let broken: [[UInt8]] = ["[", "]", "[sqr]", "[]", "[sqrt"].map { Array($0.utf8) }
    let tokens = single + single + named + broken
    func valid(_ count: Int, _ random: inout TestSupport.SeededGenerator) -> [UInt8] {
      (0..<count).flatMap { _ in tokens.randomElement(using: &random) ?? [49] }
    }
    switch Int.random(in: 0..<10, using: &random) {
    case 0..<4: return valid(Int.random(in: 0...40, using: &random), &random)
    case 4: return valid(Int.random(in: 1_000...20_000, using: &random), &random)
    case 5:
      var bytes = valid(Int.random(in: 0...30, using: &random), &random)
      bytes += Array((noise.randomElement(using: &random) ?? "é").utf8)
      return bytes + valid(Int.random(in: 0...10, using: &random), &random)
    case 6: return binary(Int.random(in: 1...64, using: &random), &random)
    case 7:
      // Huge but under the kernel's 128 KiB limit for one argument.
      let filler = UInt8.random(in: 1...255, using: &random)
      return valid(3, &random) + Array(repeating: filler, count: 100_000)
    case 8:
      return Array(repeating: UInt8(ascii: "9"), count: Int.random(in: 20...5_000, using: &random))
    default:
      return Array(repeating: UInt8(ascii: "%"), count: Int.random(in: 1...5_000, using: &random))
        + [49]
    }
  }

  static func size(_ random: inout TestSupport.SeededGenerator) -> String {
    // Valid sizes stay small: a --render at 16384×16384 is a 1 GiB image, slow by design.
    [
      "360x640", "1x1", "40x80", "393x852", "0x0", "-1x5", "x", "10x", "1e3x5", "10X10", " 10x10",
      "99999999999999999999x1", "١٢x٣", "20000x20000", "16385x1", "10x10x10", "+10x+10", "",
      "\(Int.random(in: 1...400, using: &random))x\(Int.random(in: 1...400, using: &random))",
    ].randomElement(using: &random) ?? "1x1"
  }

  static func renderPath(_ random: inout TestSupport.SeededGenerator) -> String {
    [
      "out.png", "no/such/folder/out.png", "", "/proc/version", ".", "é.png", "-", "--print",
      "/dev/full", "x.png",
    ].randomElement(using: &random) ?? "out.png"
  }

  static func noiseArgument(_ random: inout TestSupport.SeededGenerator) -> [UInt8] {
    switch Int.random(in: 0..<4, using: &random) {
    case 0: return Array((noise.randomElement(using: &random) ?? "é").utf8)
    case 1: return binary(Int.random(in: 1...32, using: &random), &random)
    case 2:
      return Array(repeating: UInt8(ascii: "-"), count: Int.random(in: 1...3_000, using: &random))
    default:
      return Array(
        "--\(String(repeating: "x", count: Int.random(in: 1...50_000, using: &random)))".utf8)
    }
  }

  /// NUL-free random bytes, mostly not UTF-8.
  static func binary(_ count: Int, _ random: inout TestSupport.SeededGenerator) -> [UInt8] {
    (0..<count).map { _ in UInt8.random(in: 1...255, using: &random) }
  }

  /// The arguments as shell words, with non-printing bytes escaped, long ones shortened.
  static func quoted(_ arguments: [[UInt8]]) -> String {
    arguments.map { bytes in
      let shown = bytes.count > 80 ? Array(bytes.prefix(60)) : bytes
      let text = shown.map { byte in
        (32..<127).contains(byte) && byte != UInt8(ascii: "'")
          ? String(UnicodeScalar(byte)) : String(format: "\\x%02x", byte)
      }.joined()
      return "$'\(text)'" + (bytes.count > 80 ? "…(\(bytes.count) bytes)" : "")
    }.joined(separator: " ")
  }

  /// Removes what --render wrote.
  static func empty(_ directory: String) throws {
    for name in try FileManager.default.contentsOfDirectory(atPath: directory) {
      try? FileManager.default.removeItem(atPath: directory + "/" + name)
    }
  }
}
