import CalculatorCore

#if canImport(Glibc)
  import Glibc
#endif

/// `--bench-functions N`: the time of every scientific function and operation over N operands
/// each, drawn where they are slowest (huge and tiny magnitudes, 38 digits, near poles, zeros
/// and domain edges) and over the whole range, each the least of three runs; one line per
/// subject, then the worst of all.
extension Benchmark {
  static func functions(_ count: Int) {
    var state: UInt64 = 0x2026_1201
    func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 11
    }
    // 38 random digits at a power of ten from the range, or one of the hard points.
    func operand(_ hard: [String]) -> DecimalNumber {
      if next() % 3 == 0, !hard.isEmpty {
        return NumberFormat.parse(hard[Int(next() % UInt64(hard.count))]) ?? .zero
      }
      let digits = (0..<38).map { UInt8($0 == 0 ? 1 + next() % 9 : next() % 10) }
      let magnitude = Int(next() % 199) - 99
      let parts = DecimalParts(
        negative: next() % 2 == 0, digits: digits, exponent: magnitude - 37)
      return DecimalNumber(parts) ?? .zero
    }
    var worst = (name: "", seconds: 0.0, operands: "")
    for subject in benchmarkSubjects {
      var times: [Double] = []
      var slowest = ""
      for _ in 0..<max(count, 1) {
        let (x, y) = (operand(subject.hard), operand(subject.hard))
        // The least of three runs: a run the scheduler interrupted is not the function's time.
        var seconds = Double.infinity
        for _ in 0..<3 {
          let start = now()
          _ = try? subject.run(x, y)
          seconds = min(seconds, now() - start)
        }
        if seconds > (times.max() ?? 0) { slowest = "\(x) \(y)" }
        times.append(seconds)
      }
      times.sort()
      let (median, maximum) = (times[times.count / 2], times[times.count - 1])
      if maximum > worst.seconds { worst = (subject.name, maximum, slowest) }
      print(
        "function \(subject.name): median \(micro(median)) µs, max \(micro(maximum)) µs"
          + " over \(times.count)")
    }
    print("functions: worst \(micro(worst.seconds)) µs, \(worst.name) of \(worst.operands)")
  }

  private struct Subject {
    let name: String
    let hard: [String]
    let run: (DecimalNumber, DecimalNumber) throws(ArithmeticError) -> DecimalNumber
  }

  private static let edges = [
    "9.9999999999999999999999999999999999999e99", "1.0000000000000000000000000000000000001e-99",
    "0.99999999999999999999999999999999999999", "1.0000000000000000000000000000000000001",
    "-0.99999999999999999999999999999999999999", "0.5", "1", "-1", "0",
  ]

  private static var benchmarkSubjects: [Subject] {
    let near = [
      "230.25850929940456840179914546843642076", "-85.000000000000000000000000000000000001",
      "-0.50000000000000000000000000000000000001", "69.999999999999999999999999999999999999",
      "3.1415926535897932384626433832795028841", "1.5707963267948966192313216916397514421",
      "89.999999999999999999999999999999999999", "-199.99999999999999999999999999999999999",
      "0.46163214496836234126265954232572132846",
    ]
    let functions: [Subject] = Function.allCases.flatMap { function -> [Subject] in
      [AngleUnit.degrees, .radians].map { unit in
        Subject(name: "\(function) \(unit)", hard: edges + near) { x, _ throws(ArithmeticError) in
          try x.applying(function, angle: unit)
        }
      }
    }
    let operations: [Subject] = Operation.allCases.map { operation in
      Subject(name: "\(operation)", hard: edges + ["2", "10", "0.5", "3", "-3", "1e-50"]) {
        x, y throws(ArithmeticError) in try x.applying(operation, y)
      }
    }
    return functions + operations
  }
}
