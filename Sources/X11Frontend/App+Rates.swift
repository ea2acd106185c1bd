import CalculatorRates

// The currency rates in the window (docs/SPEC.md section 10.4): read when currencies first
// show, refreshed at most once a day by a child process whose output the loop polls with the
// X connection (`waitForInput`), so no key or frame waits for the network.
extension App {
  /// After a turn of events: reads the stored rates when currencies first show, and starts
  /// the background update when it is due (`WindowState.wantsRatesUpdate`).
  func refreshRates() {
    guard state.needsRates, let file = RatesFile.standard else { return }
    if !state.hasReadRates { state.reduce(.ratesRead(try? file.load())) }
    let now = Int(App.wallClock() / 1_000_000_000)
    guard ratesUpdate == nil,
      state.wantsRatesUpdate(now: now, stored: file.modificationTime)
    else { return }
    // `circlecalc --update-rates` in this environment: its address, its timeout, its folder.
    ratesUpdate = RatesUpdateProcess()
    state.reduce(.ratesUpdateStarted(at: now, isRunning: ratesUpdate != nil))
  }

  /// The child has ended: the rates are read again (the new ones, or the old ones kept).
  func finishRatesUpdate(_ update: RatesUpdateProcess) {
    let outcome = update.finish()
    ratesUpdate = nil
    state.reduce(
      .ratesUpdateEnded(try? RatesFile.standard?.load(), succeeded: outcome.succeeded))
  }
}
