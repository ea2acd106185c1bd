import CalculatorCore
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A crash at any moment leaves a history that loads with every calculation saved before it,
/// and two windows saving at once lose nothing (docs/SPEC.md sections 8.3 and 15.2). The
/// program is killed with SIGKILL at random moments while it saves: `circlecalc --bench-append`
/// (the window's saves, one after another, each identity printed once its save returned) two
/// hundred times, then the window itself, typed into as fast as xdotool types.
@Suite(TestSupport.needs(TestSupport.xTools))
struct HistoryCrashTests {
  /// A state folder of the test's own, removed afterwards.
  final class State: Sendable {
    let root = TestSupport.temporaryPath("history-crash")
    var url: URL { URL(fileURLWithPath: root) }
    var folder: String { root + "/circlecalc" }
    var file: String { folder + "/history" }
    var environment: [String: String] {
      var environment = ProcessInfo.processInfo.environment
      environment["XDG_STATE_HOME"] = root
      environment["DISPLAY"] = nil
      return environment
    }
    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// What the file holds, read as the window reads it (a last line cut short dropped); it
    /// throws when the file is not a history.
    func contents() throws -> HistoryFileContents {
      let bytes = Array((try? Data(contentsOf: URL(fileURLWithPath: file))) ?? Data())
      var reader = HistoryFileReader()
      try bytes.withUnsafeBufferPointer { try reader.read($0) }
      return try reader.finish()
    }
  }

  /// The identities a `--bench-append` run printed: each saved before it was printed.
  static func identities(_ output: [UInt8]) -> [UInt64] {
    // A line cut short by the kill is not one.
    let whole = output.lastIndex(of: UInt8(ascii: "\n")).map { output[...$0] } ?? []
    return whole.split(separator: UInt8(ascii: "\n")).compactMap {
      UInt64(String(decoding: $0, as: UTF8.self))
    }
  }

  /// Runs `circlecalc --bench-append count` until it has saved `saves` calculations, then kills
  /// it with SIGKILL `delay` seconds later (nil: lets it finish): the identities it printed.
  static func append(
    _ count: Int, in state: State, killAfter saves: Int = 1, delay: Double? = nil
  ) throws -> [UInt64] {
    let pipe = try OutputPipe()
    defer { pipe.closeReadEnd() }
    let child = try ChildProcess(
      [TestSupport.binary, "--bench-append", "\(count)"], environment: state.environment,
      output: .descriptor(pipe.write))
    pipe.closeWriteEnd()
    var output: [UInt8] = []
    let deadline = TestSupport.now() + 300
    if let delay {
      while identities(output).count < saves, TestSupport.now() < deadline {
        guard let chunk = pipe.next(timeout: deadline - TestSupport.now()), !chunk.isEmpty
        else { break }
        output += chunk
      }
      usleep(UInt32(delay * 1e6))
      child.stop(signal: SIGKILL)
    }
    while let chunk = pipe.next(timeout: max(deadline - TestSupport.now(), 0)), !chunk.isEmpty {
      output += chunk
    }
    #expect(child.wait(timeout: max(deadline - TestSupport.now(), 1)))
    return identities(output)
  }

  /// On a tape of 5,000 calculations (`bench/tape.py`, 380 KB), so that a rewrite (after every
  /// ninth calculation) takes long enough for kills to land in it too.
  @Test func killedWhileSavingTheFileLoadsWithEveryCalculationSavedBefore() throws {
    let state = State()
    try FileManager.default.createDirectory(atPath: state.folder, withIntermediateDirectories: true)
    let tape = try TestSupport.run(
      "python3",
      [TestSupport.repositoryRoot.appendingPathComponent("bench/tape.py").path, "5000"],
      timeout: 300)
    try Data(tape.stdoutBytes).write(to: URL(fileURLWithPath: state.file))
    var random = TestSupport.SeededGenerator(seed: 49)
    var saved: [UInt64] = []
    for round in 0..<200 {
      let delay = Double(Int.random(in: 0..<100, using: &random)) / 1_000
      let printed = try Self.append(
        1_000_000, in: state, killAfter: Int.random(in: 1...20, using: &random), delay: delay)
      #expect(!printed.isEmpty, "round \(round)")
      saved += printed
      let contents = try state.contents()
      let held = Set(contents.tape.calculations.map(\.id.rawValue))
      let lost = saved.filter { !held.contains($0) }
      #expect(lost.isEmpty, "round \(round): \(lost.count) saved calculations lost")
      if !lost.isEmpty { break }
    }
    // The last rewrite took away what killed rewrites left.
    _ = try Self.append(20, in: state)
    let names = try FileManager.default.contentsOfDirectory(atPath: state.folder)
    #expect(names.sorted() == ["history", "history.lock"])
    #expect(try state.contents().isCurrent)
    #expect(try state.contents().tape.count >= 5_000)
  }

  /// Two processes appending at once, a thousand calculations each, as two windows do: all
  /// 2,000 are in the file, in identity order, each once.
  @Test func twoWritersAppendingAtOnceKeepAllInIdentityOrder() throws {
    let state = State()
    let results = Results()
    DispatchQueue.concurrentPerform(iterations: 2) { _ in
      do {
        results.add(try Self.append(1_000, in: state))
      } catch {
        results.add([])
      }
    }
    let written = results.all
    #expect(written.count == 2 && written.allSatisfy { $0.count == 1_000 })
    let contents = try state.contents()
    let ids = contents.tape.calculations.map(\.id.rawValue)
    #expect(ids == written.flatMap { $0 }.sorted())
    #expect(Set(ids).count == 2_000)
    #expect(contents.isCurrent)
  }

  /// Identities from other threads, read on the test's.
  final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var lists: [[UInt64]] = []
    func add(_ list: [UInt64]) { lock.withLock { lists.append(list) } }
    var all: [[UInt64]] { lock.withLock { lists } }
  }

  /// The window itself, typed into and killed with SIGKILL at a random moment once a
  /// calculation of the round is in the file, twenty times: every time the file loads, holds
  /// every calculation seen in it before the kill, and the round's calculations in the order
  /// typed, none missing before the last one kept.
  @Test func theWindowKilledWhileItSavesLosesNothingSaved() throws {
    let server = try XvfbServer()
    let state = State()
    var random = TestSupport.SeededGenerator(seed: 4_949)
    for round in 0..<20 {
      let before = try state.contents().tape.calculations.map(\.line)
      let window = try CalculatorWindow(server: server, stateDirectory: state.url)
      // Numbers below 1,000, each round its own: 30 × round + 0 to 29.
      let typed = (0..<30).map { "\(round * 30 + $0) + 1 = \(round * 30 + $0 + 1)" }
      let keys = (0..<30).flatMap { index in
        "\(round * 30 + index)".map(String.init) + ["plus", "1", "Return"]
      }
      // Typing runs to its end (a key held down by a killed xdotool would repeat into the next
      // round's window); the keys after the kill go to no window.
      let typing = try ChildProcess(
        ["xdotool", "key", "--delay", "4"] + keys, environment: server.environment)
      defer { #expect(typing.wait(timeout: 60)) }
      // Once the round's first calculation is saved, a random moment later.
      let deadline = TestSupport.now() + 30
      var seen = before
      while seen.count == before.count, TestSupport.now() < deadline {
        seen = (try? state.contents().tape.calculations.map(\.line)) ?? seen
        usleep(2_000)
      }
      #expect(seen.count > before.count, "round \(round): nothing saved in 30 s")
      usleep(UInt32(Int.random(in: 0..<60_000, using: &random)))
      window.process.stop(signal: SIGKILL)
      let after = try state.contents().tape.calculations.map(\.line)
      #expect(Array(after.prefix(seen.count)) == seen, "round \(round)")
      let new = Array(after.dropFirst(before.count))
      #expect(new == Array(typed.prefix(new.count)), "round \(round)")
    }
  }
}
