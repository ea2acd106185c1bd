import CalculatorCore
import Foundation
import TestSupport
import Testing

/// The core against a second implementation: `fuzz/crosscheck.py` writes random calculations
/// with the display a correct decimal calculator shows for them, computed with Python's
/// `decimal` module and docs/SPEC.md section 2 written again, and the core must show exactly that.
@Suite("Cross-check with Python's decimal")
struct CrossCheckTests {
  static let script = TestSupport.repositoryRoot.appendingPathComponent("fuzz/crosscheck.py").path

  /// What one case's display says about the core.
  struct Tally: CustomStringConvertible {
    var cases = 0
    /// Shown as expected.
    var agreed = 0
    /// Different, where 38 digits do not decide the display (the script's `unstable`), and
    /// shown as a 38-digit arithmetic shows it.
    var unstable: [String] = []
    /// Different: a bug in the rules, the format or the arithmetic.
    var mismatches: [String] = []

    var description: String {
      "\(cases) cases: \(agreed) as expected, \(unstable.count) unstable at 38 digits"
        + " (\(unstable.prefix(3))), \(mismatches.count) mismatches"
    }
  }

  @Test("100,000 random calculations show what a correct decimal calculator shows")
  func randomCalculations() throws {
    let count = TestSupport.environment("CROSSCHECK_COUNT").flatMap(Int.init) ?? 100_000
    let seed = TestSupport.fuzzSeed(20_260_501)
    var tally = try CrossCheckTests.check(seed: seed, count: count, into: Tally())
    if let seconds = TestSupport.fuzzSeconds {
      // fuzz/run: more seeds, 20,000 cases each, until the time is up.
      let deadline = TestSupport.now() + seconds
      var chunk: UInt64 = 1
      while TestSupport.now() < deadline && tally.mismatches.isEmpty {
        tally = try CrossCheckTests.check(
          seed: TestSupport.chunkSeed(seed, chunk), count: 20_000, into: tally)
        chunk += 1
      }
    }
    print("cross-check, seed \(seed): \(tally)")
    #expect(tally.cases >= count)
    #expect(tally.mismatches.isEmpty, "seed \(seed): \(tally.mismatches.prefix(10))")
  }

  @Test(
    "The model shows the rules' own examples",
    arguments: [
      ("2+3*4=", "20"), ("5/0=", "NaN"), ("5+*3=", "15"), ("2/3=", "0.66666666666666666667"),
      ("1/3*3=", "1"), ("1234567.50", "1,234,567.50"), ("15*10000000000000000000=", "1.5e20"),
      ("2n/1000000000=", "-2e-9"), ("5+=", "5"), ("0.5nb", "0."),
    ])
  func modelExamples(keys: String, display: String) throws {
    let finished = try TestSupport.run("python3", [CrossCheckTests.script, "--keys", keys])
    #expect(finished.stdout == display + "\n", "\(finished.stderr)")
    #expect(TestSupport.calculator(after: keys).display == display)
  }

  /// Runs the generator and every case it writes through the core, while it writes more.
  ///
  /// `CROSSCHECK_FILE` checks a file of cases written earlier instead.
  static func check(seed: UInt64, count: Int, into tally: Tally) throws -> Tally {
    var tally = tally
    if let file = TestSupport.environment("CROSSCHECK_FILE") {
      for line in try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n") {
        check(line, into: &tally)
      }
      return tally
    }
    let errors = TestSupport.temporaryPath("crosscheck.err")
    defer { try? FileManager.default.removeItem(atPath: errors) }
    let output = try OutputPipe()
    defer { output.closeReadEnd() }
    let process = try ChildProcess(
      ["python3", script, "--seed", "\(seed)", "--count", "\(count)"],
      output: .descriptor(output.write), error: .file(errors))
    output.closeWriteEnd()
    var pending: [UInt8] = []
    var ended = false
    // Two minutes without a line is a hang.
    while let data = output.next(timeout: 120) {
      if data.isEmpty {
        ended = true
        break
      }
      pending += data
      guard let last = pending.lastIndex(of: UInt8(ascii: "\n")) else { continue }
      for line in pending[...last].split(separator: UInt8(ascii: "\n")) {
        check(Substring(decoding: line, as: UTF8.self), into: &tally)
      }
      pending.removeSubrange(...last)
    }
    let exited = ended && process.wait(timeout: TestSupport.patience)
    let message = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
    #expect(exited && process.status == 0 && pending.isEmpty, "\(message)")
    return tally
  }

  /// Checks one line: keys, expected display, verdict, other acceptable displays.
  static func check(_ line: Substring, into tally: inout Tally) {
    let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    guard fields.count == 4 else {
      Issue.record("malformed line \(line)")
      return
    }
    let (keys, expected, verdict) = (fields[0], fields[1], fields[2])
    let others = fields[3].split(separator: "|").map(String.init)
    tally.cases += 1
    let shown = TestSupport.calculator(after: keys).display
    let report = "\(keys) shows \(shown), expected \(expected)"
    if shown == expected {
      tally.agreed += 1
    } else if verdict == "unstable" && others.contains(shown) {
      tally.unstable.append(report)
    } else {
      tally.mismatches.append(report)
    }
  }
}
