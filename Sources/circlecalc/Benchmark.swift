import CalculatorCore
import CalculatorLayout
import CalculatorRender

#if canImport(Glibc)
  import Glibc
#endif

/// Figures for `make bench`: frame draw time and the core's key rate, printed as one line each.
enum Benchmark {
  /// Draws `count` frames of a busy state at the size and prints min/median/max in µs, and the
  /// memory the circle sprites hold.
  static func frames(_ count: Int, width: Int, height: Int) {
    var document = Document()
    for key in (try? Key.sequence("12345+678*9-1/7=*3+1234567.89")) ?? [] { document.press(key) }
    let renderer = Renderer()
    let frame = Frame(
      layout: Layout(width: width, height: height), calculator: document.calculator,
      tape: document.tape)
    _ = renderer.render(frame)  // warm-up: glyph caches
    var times: [Double] = []
    for _ in 0..<max(count, 1) {
      let start = now()
      _ = renderer.render(frame)
      times.append(now() - start)
    }
    times.sort()
    let median = times[times.count / 2]
    print(
      "frame \(width)x\(height): min \(micro(times[0])) µs, median \(micro(median)) µs,"
        + " max \(micro(times[times.count - 1])) µs over \(times.count) frames;"
        + " circle sprites \(renderer.spriteBytes / 1024) KiB")
  }

  /// Presses `count` seeded random keys and prints keys per second: the calculator alone, then
  /// the window's path (the calculator with the tape: `Document.press`), then that path with
  /// each key settled as an undo level (`UndoStack.settle`), as the window does after an event.
  static func core(_ count: Int) {
    let keys = Key.allCases + Digit.allCases.map(Key.digit)
    func run(_ name: String, _ press: (Key) -> Int) {
      var state: UInt64 = 0x2026_1130
      var checksum = 0
      let start = now()
      for _ in 0..<max(count, 1) {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        checksum &+= press(keys[Int(state >> 33) % keys.count])
      }
      let seconds = now() - start
      print(
        "\(name): \(Int(Double(max(count, 1)) / seconds)) keys/s over \(count) keys"
          + " (\(checksum % 10))")
    }
    var calculator = Calculator()
    run("core") { key in
      calculator.press(key)
      return calculator.display.utf8.count
    }
    var document = Document()
    run("core and tape") { key in
      document.press(key)
      return document.calculator.display.utf8.count
    }
    var undone = Document()
    var undo = UndoStack(undone)
    run("core, tape and undo") { key in
      undone.press(key)
      undo.settle(undone)
      return undone.calculator.display.utf8.count
    }
  }

  /// Writes and reads back a full tape (1,000 calculations of the core's own rows) `count`
  /// times and prints the median time of each, and the file's size.
  static func history(_ count: Int) {
    // Calculations of two to five rows of numbers like 1,234.5, each finished with =.
    var random: UInt64 = 0x2026_1201
    func next(_ bound: UInt64) -> UInt64 {
      random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return (random >> 33) % bound
    }
    var tape = HistoryTape()
    while tape.count < 1_000 {
      var keys = "\(next(100_000))"
      for _ in 0...next(4) { keys += ["+", "-", "*", "/"][Int(next(4))] + "\(next(10_000)).5" }
      var calculator = Calculator()
      for key in (try? Key.sequence(keys + "=")) ?? [] {
        let before = calculator
        calculator.press(key)
        if let finished = Calculation(finishing: key, before: before, after: calculator) {
          // Identities as a window gives them: nanoseconds of the clock, a second or so apart.
          tape.append(finished, at: 1_796_284_385_284_144_330 + UInt64(tape.count) * 1_234_567_891)
        }
      }
    }
    let bytes = Array(tape.fileText.utf8)
    var writes: [Double] = []
    var reads: [Double] = []
    for _ in 0..<max(count, 1) {
      var start = now()
      let text = tape.fileText
      writes.append(now() - start)
      start = now()
      let read = try? HistoryTape(fileBytes: bytes)
      reads.append(now() - start)
      guard read == tape, text.utf8.count == bytes.count else {
        print("history: the tape read back differs")
        return
      }
    }
    writes.sort()
    reads.sort()
    print(
      "history: \(tape.count) calculations, \(bytes.count) bytes; read median"
        + " \(micro(reads[reads.count / 2])) µs, write median \(micro(writes[writes.count / 2])) µs"
        + " over \(reads.count) runs")
  }

  static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  static func micro(_ seconds: Double) -> String {
    let tenths = Int((seconds * 1e7).rounded())
    return "\(tenths / 10).\(tenths % 10)"
  }
}
