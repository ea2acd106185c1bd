import CalculatorCore

#if canImport(Glibc)
  import Glibc
#endif

/// `--bench-exact N`: the time of each key sequence read from standard input (one a line, the
/// first tab-separated field, `#` lines skipped: `fuzz/cancellation.txt`) and of N random
/// chains of functions and operations, each pressed from a fresh calculator to its display;
/// the slowest is the figure docs/SPEC.md section 16 bounds by one frame, 16 ms.
extension Benchmark {
  static func exact(_ count: Int) {
    var cases: [String] = []
    if isatty(0) == 0 {
      while let line = readLine() {
        let keys = line.split(separator: "\t", maxSplits: 1).first.map(String.init) ?? ""
        if !keys.isEmpty && !keys.hasPrefix("#") { cases.append(keys) }
      }
    }
    let table = cases.count
    var state: UInt64 = 0x2026_1207
    for _ in 0..<max(count, 0) { cases.append(randomChain(&state)) }
    var times: [Double] = []
    var slowest = (seconds: 0.0, keys: "")
    for keys in cases {
      guard let sequence = try? Key.sequence(keys) else {
        print("exact: cannot read the keys \(keys)")
        return
      }
      // The least of three runs: a run the scheduler interrupted is not the engine's time.
      var seconds = Double.infinity
      for _ in 0..<3 {
        let start = now()
        var calculator = Calculator()
        for key in sequence { calculator.press(key) }
        _ = calculator.display
        seconds = min(seconds, now() - start)
      }
      times.append(seconds)
      if seconds > slowest.seconds { slowest = (seconds, keys) }
    }
    guard !times.isEmpty else { return }
    times.sort()
    print(
      "exact: slowest \(micro(slowest.seconds)) µs, median \(micro(times[times.count / 2])) µs"
        + " over \(table) table cases and \(cases.count - table) random chains;"
        + " slowest \(slowest.keys.count > 100 ? slowest.keys.prefix(100) + "…" : slowest.keys)"
    )
  }

  /// A random chain as `fuzz/exact.py` writes them: a number, π or e, in degrees or radians,
  /// then one to six functions and operations, each on the previous result.
  private static func randomChain(_ state: inout UInt64) -> String {
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    func operand() -> String {
      switch next(10) {
      case 0: return ["[pi]", "[e]"][next(2)]
      case 1: return ["2", "3", "10", "30", "45", "90", "0.5", "1.5"][next(8)]
      default:
        let digits = (0..<1 + next(20)).map { _ in String(next(10)) }.joined()
        let point = next(digits.count + 1)
        let text = "1" + digits.prefix(point) + "." + digits.dropFirst(point)
        return String(text.prefix(21)) + (next(10) == 0 ? "n" : "")
      }
    }
    let functions = Function.allCases.map { Key.function($0).token }
    let operations = Operation.allCases.map { Key.operation($0).token }
    var keys = (next(2) == 0 ? "[rad]" : "") + operand()
    for _ in 0...next(6) {
      if next(20) < 11 {
        keys += functions[next(functions.count)]
      } else {
        keys += operations[next(operations.count)] + operand() + "="
      }
    }
    return keys
  }
}
