import CX11
import CalculatorCore
import CalculatorLayout
import CalculatorRates
import CalculatorWindow

extension App {
  /// Performs what the window's logic asked for, in order; an effect answered by an action
  /// sends it at once (`send`), which may ask for more.
  func perform(_ effects: [WindowEffect]) {
    for effect in effects {
      switch effect {
      case .copy(let text): send(.copied(copy(text, time: eventTime)))
      case .paste(let selection):
        send(.pasted(paste(from: selection == .clipboard ? atoms.clipboard : XA_PRIMARY)))
      case .quit: isRunning = false
      case .minimumSize: setSizeHints()
      case .resize(let size):
        XResizeWindow(display, window, UInt32(max(size.width, 1)), UInt32(max(size.height, 1)))
      case .announce(let text): accessibility?.announce(text)
      case .saveTape: tapeNeedsSaving = true
      case .reloadTape(let point):
        send(.tapeReloaded(historyStore?.reloadIfChanged(state.tape), wheelAt: point))
      case .readRates:
        guard let file = RatesFile.standard else { continue }
        send(.ratesRead(try? file.load(), storedAt: file.modificationTime))
      case .startRatesUpdate(let storedAfter):
        startRatesUpdate(unlessStoredAfter: storedAfter)
      case .keepOnTop(let on): keepOnTop(on)
      case .ownPrimary(let text): if !ownPrimary(text, time: eventTime) { send(.selectionLost) }
      }
    }
  }
}
