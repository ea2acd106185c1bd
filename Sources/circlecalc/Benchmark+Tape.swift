import CalculatorCore
import CalculatorFiles
import CalculatorLayout
import CalculatorRender
import CalculatorWindow
import X11Frontend

#if canImport(Glibc)
  import Glibc
#endif

extension Benchmark {
  /// `--bench-tape N`: what the window's steps cost on the saved tape (docs/SPEC.md section
  /// 15.2), each the median CPU time of N runs, one line each, for `make bench` to set beside
  /// the same figures with an empty tape.
  ///
  /// The steps: reading the file; a digit key (pressed, settled for undo, its frame built and
  /// compared, the strip's rows and, wide, the side panel's lines made as the damage pass
  /// makes them); `=` (the calculation put on the tape); a wheel tick deep in the strip and in
  /// the side panel; the row cursor taken to the oldest row; a search and a search typed on;
  /// and an edit of the first calculation of the chain that ends with the newest one (each
  /// calculation continuing the one before), computing the whole chain again.
  static func tape(_ count: Int) -> Int32 {
    let runs = max(count, 1)
    var loaded: HistoryTape?
    let load = measure(runs) { loaded = readSavedHistory() }
    guard let tape = loaded else { return 1 }
    print("tape: \(tape.count) calculations, \(tape.fileSize) bytes")
    report("load", load)

    let portrait = Layout(width: 360, height: 640)
    let wide = Layout(width: 1600, height: 500)
    var document = Document(tape: tape)
    var undo = UndoStack(document)
    let keys = (try? Key.sequence("5")) ?? []
    let erase = (try? Key.sequence("c")) ?? []
    var previous = Frame(layout: portrait, calculator: document.calculator, tape: document.tape)
    var checksum = 0
    var typed = false
    report(
      "key",
      measure(runs) {
        for key in typed ? erase : keys { document.press(key) }
        typed.toggle()
        undo.settle(document)
        for layout in [portrait, wide] {
          let frame = Frame(layout: layout, calculator: document.calculator, tape: document.tape)
          checksum &+= frame == previous ? 1 : 0
          checksum &+= frame.shownHistoryRows.count + frame.shownTapeLines.count
          previous = frame
        }
      })
    let equals = (try? Key.sequence("1+2=")) ?? []
    report(
      "equals",
      measure(runs) {
        for key in equals { document.press(key, at: 0) }
        undo.settle(document)
      })

    var strip = Frame(layout: portrait, calculator: Calculator(), tape: tape)
    var panel = Frame(layout: wide, calculator: Calculator(), tape: tape)
    // A wheel tick 50 rows (lines) back, as `WindowState.scrollHistory` takes it.
    report(
      "scroll",
      measure(runs) {
        strip.tape.offset = min(max(min(49, strip.maxHistoryOffset) + 1, 0), strip.maxHistoryOffset)
        panel.tape.panelOffset = panel.clampedTapePanelOffset(panel.clampedTapePanelOffset(49) + 1)
        checksum &+= strip.shownHistoryRows.count + panel.shownTapeLines.count
      })
    report(
      "walk to the oldest",
      measure(runs) {
        guard let oldest = tape.calculations.shownRow(at: 0) else { return }
        checksum &+= tape.calculations.shownRowOffset(of: oldest.calculation)
        strip.tape.selection = TapeSelection(calculation: oldest.calculation, row: oldest.row)
        panel.tape.selection = strip.tape.selection
        strip.tape.offset = portrait.offset(
          showing: oldest.calculation, row: oldest.row, rowCount: 0,
          pastRowCounts: tape.calculations.shownRowCounts, near: 0)
        panel.tape.panelOffset = panel.panelOffset(showingSelectionNear: 0)
        checksum &+= strip.shownHistoryRows.count + panel.shownTapeLines.count
      })

    // The side panel with its day headers (docs/SPEC.md section 15.4), the local calendar's.
    var days = panel
    days.tape.days = TapeDays(
      today: LocalClock.calendar.day(atNanoseconds: tape.newestID?.rawValue ?? 0),
      calendar: LocalClock.calendar)
    report(
      "days: scroll",
      measure(runs) {
        days.tape.panelOffset = days.clampedTapePanelOffset(days.clampedTapePanelOffset(49) + 1)
        checksum &+= days.shownTapeLines.count
      })
    report(
      "days: walk to the oldest",
      measure(runs) {
        guard !tape.isEmpty else { return }
        days.tape.selection = TapeSelection(calculation: 0, row: 0)
        days.tape.panelOffset = days.panelOffset(showingSelectionNear: 0)
        checksum &+= days.shownTapeLines.count
      })
    benchmarkSearchLine(tape, runs: runs, checksum: &checksum)

    var search: TapeSearch?
    report("search", measure(runs) { search = TapeSearch("1345", in: tape) })
    let narrowed = TapeSearch("134", in: tape)
    report(
      "search typed on",
      measure(runs) { search = TapeSearch("1345", in: tape, narrowing: narrowed) })
    checksum &+= search?.matches.count ?? 0

    // The chain that ends with the newest calculation.
    var first = tape.count - 1
    while first > 0, let source = tape.calculations.source(at: first),
      let index = tape.index(of: source)
    {
      first = index
    }
    let chain = tape.count - first
    var edited = tape
    var value = 2
    report(
      "edit a chain of \(chain)",
      measure(runs) {
        edited = tape
        value += 1
        guard !tape.isEmpty else { return }
        edited.edit(row: 0, of: tape.calculations.id(at: first), to: .success(RealNumber(value)))
      })
    checksum &+= edited.fileSize
    print("(checksum \(checksum % 10))")
    return 0
  }

  /// The median time of `runs` calls of `body` on this thread's CPU, in seconds: what the
  /// step costs, however busy the machine is with other programs.
  static func measure(_ runs: Int, _ body: () -> Void) -> Double {
    var times: [Double] = []
    for _ in 0..<runs {
      let start = cpuTime()
      body()
      times.append(cpuTime() - start)
    }
    times.sort()
    return times[times.count / 2]
  }

  /// This thread's CPU time, in seconds.
  static func cpuTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// One figure's line: `key: 12.3 µs`.
  static func report(_ name: String, _ seconds: Double) {
    print("\(name): \(micro(seconds)) µs")
  }
}

extension Benchmark {
  /// The window's search line (docs/SPEC.md section 15.3) on `tape`, each step with its frame:
  /// Ctrl+F (every calculation a match), a character typed on (the matches narrowed), BackSpace
  /// (the tape read again), Down (the next match).
  static func benchmarkSearchLine(_ tape: HistoryTape, runs: Int, checksum: inout Int) {
    var state = WindowState(calculator: Calculator(), width: 1600, height: 500)
    state.calendar = LocalClock.calendar
    let time = WindowTime(instant: Instant(nanoseconds: 0), wallClock: 0)
    _ = state.reduce(.opened(saved: tape, finished: HistoryTape()), at: time)
    func key(_ symbol: UInt32, _ modifiers: KeyModifiers = []) {
      _ = state.reduce(
        .keyPressed(Keystroke(KeySymbol(symbol), modifiers: modifiers, keycode: 10)), at: time)
      checksum &+= state.frame.search?.matches.count ?? 0
    }
    let escape: UInt32 = 0xff1b
    let backSpace: UInt32 = 0xff08
    let down: UInt32 = 0xff54
    report(
      "search line: Ctrl+F",
      measure(runs) {
        key(escape)
        key(0x66, .control)
      })
    key(0x31)  // "1"
    var typedOn: [Double] = []
    var erased: [Double] = []
    for _ in 0..<runs {
      var start = cpuTime()
      key(0x33)  // "13": the matches of "1" narrowed
      typedOn.append(cpuTime() - start)
      start = cpuTime()
      key(backSpace)  // "1" again: the tape read again
      erased.append(cpuTime() - start)
    }
    report("search line: a character typed on", typedOn.sorted()[runs / 2])
    report("search line: BackSpace", erased.sorted()[runs / 2])
    report("search line: Down", measure(runs) { key(down) })
  }
}
