import CalculatorCore
import Foundation
import TestSupport
import Testing

/// The number engine against mpmath: this test draws random operands for every function and
/// binary operation over its whole domain (huge, tiny, near the domain's edges and the exact
/// points), computes them, and `fuzz/functions.py` recomputes each with mpmath at 60+ digits
/// and reports every 38-digit cut, exactness mark or display that differs.
@Suite("Cross-check of the functions with mpmath")
struct FunctionCrossCheckTests {
  static let script = TestSupport.repositoryRoot.appendingPathComponent("fuzz/functions.py").path

  /// One function in one angle unit, or one binary operation, and how to draw its operands.
  struct Subject: Sendable {
    /// The name the script knows: `sin.deg`, `pow`.
    let name: String
    let compute: @Sendable (DecimalNumber, DecimalNumber) throws(ArithmeticError) -> DecimalNumber
    let draw: @Sendable (inout TestSupport.SeededGenerator) -> (DecimalNumber, DecimalNumber)
  }

  @Test("20,000 random operands per function and operation give mpmath's digits")
  func randomOperands() throws {
    let count = TestSupport.environment("FUNCTIONS_COUNT").flatMap(Int.init) ?? 20_000
    let seed = TestSupport.fuzzSeed(20_261_201)
    var summary = try FunctionCrossCheckTests.check(seed: seed, count: count)
    if let seconds = TestSupport.fuzzSeconds {
      // fuzz/run: more seeds, 2,000 cases a subject each, until the time is up.
      let deadline = TestSupport.now() + seconds
      var chunk: UInt64 = 1
      while TestSupport.now() < deadline && summary.failures.isEmpty {
        let more = try FunctionCrossCheckTests.check(
          seed: TestSupport.chunkSeed(seed, chunk), count: 2_000)
        summary.add(more)
        chunk += 1
      }
    }
    print("function cross-check, seed \(seed):\n\(summary)")
    #expect(summary.failures.isEmpty, "seed \(seed): \(summary.failures.prefix(10))")
    for subject in FunctionCrossCheckTests.subjects {
      #expect(summary.cases[subject.name, default: 0] >= count, "\(subject.name)")
    }
  }

  /// Cases, failures and the worst time per subject.
  struct Summary: CustomStringConvertible {
    var cases: [String: Int] = [:]
    var mismatches: [String: Int] = [:]
    var undecided: [String: Int] = [:]
    var worstMicroseconds: [String: Int] = [:]
    var failures: [String] = []

    mutating func add(_ other: Summary) {
      cases.merge(other.cases, uniquingKeysWith: +)
      mismatches.merge(other.mismatches, uniquingKeysWith: +)
      undecided.merge(other.undecided, uniquingKeysWith: +)
      worstMicroseconds.merge(other.worstMicroseconds, uniquingKeysWith: max)
      failures += other.failures
    }

    var description: String {
      let rows = FunctionCrossCheckTests.subjects.map { subject in
        let name = subject.name
        return "  \(name): \(cases[name, default: 0]) cases, \(mismatches[name, default: 0])"
          + " mismatches, \(undecided[name, default: 0]) undecided, worst"
          + " \(worstMicroseconds[name, default: 0]) µs"
      }
      return rows.joined(separator: "\n")
    }
  }

  /// Writes `count` cases per subject, runs the script over them and reads its verdicts.
  static func check(seed: UInt64, count: Int) throws -> Summary {
    // FUNCTIONS_FILE keeps the cases, for running the script by hand.
    let kept = TestSupport.environment("FUNCTIONS_FILE")
    let file = kept ?? TestSupport.temporaryPath("functions.tsv")
    defer { if kept == nil { try? FileManager.default.removeItem(atPath: file) } }
    var random = TestSupport.SeededGenerator(seed: seed)
    var lines: [String] = []
    for subject in subjects {
      for _ in 0..<count {
        // Operands made by arithmetic may carry an inexact mark; the script takes every operand
        // as exact, so the operands are the digits alone.
        let drawn = subject.draw(&random)
        let (x, y) = (DecimalNumber(drawn.0.parts) ?? .zero, DecimalNumber(drawn.1.parts) ?? .zero)
        let start = TestSupport.now()
        let result = Result { () throws(ArithmeticError) in try subject.compute(x, y) }
        let microseconds = Int(((TestSupport.now() - start) * 1e6).rounded(.up))
        let (text, exact, shown): (String, Bool, String)
        switch result {
        case .success(let value):
          (text, exact, shown) = (written(value), value.isExact, NumberFormat.string(value))
        case .failure(let error): (text, exact, shown) = ("NaN:\(error)", false, "NaN")
        }
        let operand = subject.name.contains(".") || unary.contains(subject.name) ? "" : written(y)
        lines.append(
          [subject.name, written(x), operand, text, exact ? "1" : "0", shown, "\(microseconds)"]
            .joined(separator: "\t"))
      }
    }
    try (lines.joined(separator: "\n") + "\n").write(
      toFile: file, atomically: false, encoding: .utf8)
    let finished = try TestSupport.run(
      "/usr/bin/python3", [script, "--input", file], timeout: 1_800)
    var summary = Summary()
    for line in finished.stdout.split(separator: "\n") {
      let fields = line.split(separator: "\t").map(String.init)
      if line.hasPrefix("MISMATCH") || line.hasPrefix("UNDECIDED") {
        summary.failures.append(String(line))
      } else if fields.count == 5, let cases = Int(fields[1]), let mismatches = Int(fields[2]),
        let undecided = Int(fields[3]), let worst = Int(fields[4])
      {
        summary.cases[fields[0]] = cases
        summary.mismatches[fields[0]] = mismatches
        summary.undecided[fields[0]] = undecided
        summary.worstMicroseconds[fields[0]] = worst
      }
    }
    #expect(
      finished.status == 0 || !summary.failures.isEmpty,
      "functions.py: \(finished.stderr.suffix(2_000))")
    return summary
  }

  /// `-12345e-3`: every digit, for the script.
  static func written(_ number: DecimalNumber) -> String {
    let parts = number.parts
    guard !parts.digits.isEmpty else { return "0" }
    return (parts.negative ? "-" : "") + parts.digits.map(String.init).joined()
      + "e\(parts.exponent)"
  }

  static let unary: Set<String> = [
    "sq", "cube", "recip", "sqrt", "cbrt", "exp", "pow10", "pow2", "ln", "log10", "log2", "fact",
    "sinh", "cosh", "tanh", "asinh", "acosh", "atanh",
  ]
}
