import CalculatorCore
import Foundation
import TestSupport
import Testing

/// docs/SPEC.md section 16 against mpmath: every result shown is the true value of what was
/// typed, rounded once half-up to 20 digits. `fuzz/exact.py` computes the expected displays
/// with mpmath at 300 digits and rounds them with the tests' own formatter
/// (fuzz/crosscheck.py's `show`), apart from the Swift core; `fuzz/cancellation.txt` is the
/// table of cases where cancellation used to leak a wrong digit.
@Suite("Never a wrong digit")
struct ExactnessTests {
  static let script = TestSupport.repositoryRoot.appendingPathComponent("fuzz/exact.py").path
  static let table = TestSupport.repositoryRoot.appendingPathComponent("fuzz/cancellation.txt")
    .path

  @Test("The cancellation table shows the true value's digits: mpmath's at 300 digits")
  func cancellationTable() throws {
    let finished = try TestSupport.run(
      "/usr/bin/python3", [Self.script, "--table", Self.table], timeout: 600)
    #expect(finished.status == 0, "exact.py: \(finished.stderr.suffix(2_000))")
    var count = 0
    for line in finished.stdout.split(separator: "\n") {
      let fields = line.split(separator: "\t").map(String.init)
      guard fields.count == 2 else {
        Issue.record("malformed line \(line)")
        continue
      }
      count += 1
      let shown = TestSupport.calculator(after: fields[0]).display
      #expect(shown == fields[1], "\(fields[0])")
    }
    // Every line of the table: the issue's five cases, the differences of close values, the
    // constants less their 20-digit forms, ln(1 + ε), eᵋ − 1, √(1 + ε) − 1 for ε from 1e-20
    // to 1e-50, sin, cos and tan at multiples of π up to 1e30, poles, ties, deep chains.
    #expect(count >= 130)
  }

  /// What the chains showed.
  struct Tally: CustomStringConvertible {
    var checked = 0
    var unstable = 0
    var wrong: [String] = []

    var description: String {
      "\(checked) chains checked, \(wrong.count) wrong (\(wrong.prefix(5))),"
        + " \(unstable) the reference could not decide"
    }
  }

  @Test("10,000 random function chains show mpmath's digits: not one wrong digit")
  func randomChains() throws {
    let count = TestSupport.environment("CHAINS_COUNT").flatMap(Int.init) ?? 10_000
    let seed = TestSupport.fuzzSeed(20_261_207)
    let finished = try TestSupport.run(
      "/usr/bin/python3", [Self.script, "--chains", "--seed", "\(seed)", "--count", "\(count)"],
      timeout: 1_800)
    #expect(finished.status == 0, "exact.py: \(finished.stderr.suffix(2_000))")
    var tally = Tally()
    for line in finished.stdout.split(separator: "\n") {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard fields.count == 3 else {
        Issue.record("malformed line \(line)")
        continue
      }
      guard fields[2] == "checked" else {
        tally.unstable += 1
        continue
      }
      tally.checked += 1
      let shown = TestSupport.calculator(after: fields[0]).display
      // Where the rules leave a choice (a value below 1e-99 shows 0 or NaN), any of the
      // displays it may give.
      if !fields[1].split(separator: "|").contains(Substring(shown)) {
        tally.wrong.append("\(fields[0]) shows \(shown), expected \(fields[1])")
      }
    }
    print("random chains, seed \(seed): \(tally)")
    #expect(tally.wrong.isEmpty, "seed \(seed): \(tally.wrong.prefix(10))")
    #expect(tally.checked + tally.unstable >= count)
    #expect(tally.unstable * 100 <= count, "the reference decides 99% of the chains")
  }

  @Test("Bad input ends in a value or NaN, never a hang: deep chains, huge arguments, the cap")
  func badInput() {
    let roots = "2" + String(repeating: "[sqrt]", count: 1_000)
    // 2^(2^-1000) is 1 + 4.7e-302: it shows 1; less 1 it is below 1e-99, which shows 0.
    #expect(TestSupport.calculator(after: roots).display == "1")
    #expect(TestSupport.calculator(after: roots + "-1=").display == "0")
    #expect(
      TestSupport.calculator(after: roots + String(repeating: "[sq]", count: 1_000)).display == "2")
    // x! of a large argument: out of range at once, however large.
    for keys in ["1[ee]99=[fact]", "170[fact]", "69.99[fact]", "1[ee]20=n[fact]", "71.5[fact]"] {
      #expect(TestSupport.calculator(after: keys).display == "NaN", "\(keys)")
    }
    // A value that is exactly a rounding tie, made in a way whose exact value the calculator
    // does not know: √2 × √3 ÷ √6 is 1, times 1 + 5e-20 (which rounds up) is a tie that no
    // interval separates. The precision cap ends it: NaN, not a guess.
    let tie = TestSupport.calculator(after: "5[ee]20n=+1=[m+]2[sqrt]*3[sqrt]=/6[sqrt]=*[mr]=")
    #expect(tie.display == "NaN")
  }
}
