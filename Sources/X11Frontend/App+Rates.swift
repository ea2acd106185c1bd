import CalculatorRates
import CalculatorWindow

// The currency rates in the window (docs/SPEC.md section 10.4): read when currencies first
// show, refreshed at most once a day by a child process whose output the loop polls with the
// X connection (`waitForInput`), so no key or frame waits for the network. When is the
// window's logic's (`WindowState.ratesEffect`).
extension App {
  /// Starts `circlecalc --update-rates` in the background, unless the stored file was replaced
  /// after `storedAfter` (seconds since 1970; nil: whatever the file) or an update runs.
  func startRatesUpdate(unlessStoredAfter storedAfter: Int?) {
    guard ratesUpdate == nil, let file = RatesFile.standard else { return }
    if let storedAfter, let stored = file.modificationTime, stored > storedAfter { return }
    // `circlecalc --update-rates` in this environment: its address, its timeout, its folder.
    ratesUpdate = RatesUpdateProcess()
    send(.ratesUpdateStarted(isRunning: ratesUpdate != nil))
  }

  /// The child has ended: the rates are read again (the new ones, or the old ones kept).
  func finishRatesUpdate(_ update: RatesUpdateProcess) {
    let outcome = update.finish()
    ratesUpdate = nil
    let file = RatesFile.standard
    send(
      .ratesUpdateEnded(
        try? file?.load(), succeeded: outcome.succeeded, storedAt: file?.modificationTime,
        failure: outcome.failure))
  }
}
