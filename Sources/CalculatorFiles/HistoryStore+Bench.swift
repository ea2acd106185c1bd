import CalculatorCore
import CalculatorWindow
import Glibc

/// The saved tape, read as the window reads it (for `circlecalc --bench-tape`); nil, with one
/// line on stderr, when it cannot be read.
public func readSavedHistory() -> HistoryTape? {
  guard let store = HistoryStore.standard else { return HistoryTape() }
  switch store.read(lockedBy: store.sharedLock()) {
  case .success(let saved): return saved.contents.tape
  case .failure(let failure):
    printError("circlecalc: " + failure.sentence(about: store.path))
    return nil
  }
}

/// `circlecalc --bench-append N`: finishes N calculations on the saved tape and saves each
/// at once, as a window saves them (docs/SPEC.md section 15.2), printing each one's identity on
/// stdout once the save that holds it has returned; then the median and the slowest save on
/// stderr.
///
/// Each calculation (`7 + 1 = 8`) is appended to the file; after every ninth, the newest
/// calculation's first number is edited too and saved (the file rewritten). The tests kill it
/// at random moments and read the file back; `make bench` times its saves on a long tape.
public func appendToSavedHistory(_ count: Int) -> Int32 {
  guard var store = HistoryStore.standard else {
    printError("circlecalc: no state folder (set XDG_STATE_HOME or HOME)")
    return 1
  }
  var tape = store.load()
  guard store.canSave else { return 1 }
  var times: [[Double]] = [[], []]  // appends, rewrites
  func save(_ kind: Int) {
    let start = Instant.now
    var saved = store.save(tape, patience: 1_000)
    while saved == nil { saved = store.save(tape, patience: 1_000) }
    times[kind].append(Double(Instant.now.nanoseconds - start.nanoseconds) / 1e9)
    tape = saved ?? tape
  }
  for index in 0..<count {
    let id = tape.append(
      Calculation(rows: ["\(index)", "+ 1"], result: "\(index + 1)"), at: LocalClock.wallClock())
    save(0)
    var line = id.description + "\n"
    line.withUTF8 { bytes in _ = StateDirectory.writeAll(bytes, to: STDOUT_FILENO) }
    if index % 9 == 8, let newest = tape.newestID {
      tape.edit(row: 0, of: newest, to: .success(RealNumber(index + 1)))  // its first row + 1
      save(1)
    }
  }
  for (name, kind) in [("append", 0), ("rewrite", 1)] where !times[kind].isEmpty {
    let sorted = times[kind].sorted()
    printError(
      "\(name): \(sorted.count) saves, tape of \(tape.count) calculations (\(tape.fileSize)"
        + " bytes): median \(Int(sorted[sorted.count / 2] * 1e6)) µs, slowest"
        + " \(Int(sorted[sorted.count - 1] * 1e6)) µs")
  }
  return 0
}
