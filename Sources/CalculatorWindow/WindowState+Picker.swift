import CalculatorCore
import CalculatorLayout

/// The unit picker in the window (docs/SPEC.md section 14.7): its context, its part of an
/// input, and how it opens, closes and shows.
extension WindowState {
  /// What the picker is given of the window.
  var pickerContext: UnitPicker.Context {
    UnitPicker.Context(
      rates: rates.stored, convert: convert,
      shown: convertUnits.map { ($0.from.symbol, $0.to.symbol) },
      page: max(layout.picker?.rows.count ?? 1, 1),
      download: rates.update == .running
        ? .running : rates.offersDownload(at: seconds) ? .offered(failure: rates.failure) : nil)
  }

  /// The open picker's part of an input (TCA's Scope): its reducer on its state, and what it
  /// decided applied to the window.
  mutating func picker(_ action: UnitPicker.Action) {
    guard var open = picker else { return }
    let outcome = open.reduce(action, in: pickerContext)
    picker = open
    switch outcome {
    case nil: break
    case .close: picker = nil
    case .download: downloadRates()
    case .picked(let category, let pair):
      convert.category = category
      convert.pair = pair
      picker = nil
      // A currency picked before its rate is known: the rates come (docs/SPEC.md 14.6).
      let pickedUnits = UnitTable.units(in: category, rates: rates.stored).map(\.symbol)
      if category == .currency, !pickedUnits.contains(pair.from) || !pickedUnits.contains(pair.to) {
        downloadRates()
      }
    }
  }

  /// Opens the picker on `side`'s unit: its category's units, that unit selected.
  mutating func openPicker(_ side: UnitSide) {
    guard showsConvert else { return }
    closeOverlays()
    highlight = nil
    picker = UnitPicker(side: side, category: convert.category, context: pickerContext)
  }

  /// Ctrl+U: opens the picker on the display's unit, or closes it.
  mutating func togglePicker() {
    if picker != nil {
      picker = nil
    } else {
      openPicker(.from)
    }
  }

  /// The picker's rows now.
  var pickerRows: [UnitPicker.Row] { picker?.rows(pickerContext) ?? [] }

  /// Button 1 on the Convert lines: a unit's button opens the picker, the swap key swaps;
  /// false when the point is on neither.
  mutating func convertPressed(at point: Point) -> Bool {
    guard let units = convertUnits,
      let control = layout.convert?.control(
        at: point, symbols: (units.from.symbol, units.to.symbol))
    else { return false }
    switch control {
    case .unit(let side): openPicker(side)
    case .swap: swapUnits()
    case .caption: if rates.offersDownload(at: seconds) { downloadRates() }
    }
    return true
  }

  /// The picker as the frame shows it.
  var pickerView: PickerView? {
    guard let open = picker, let units = convertUnits else { return nil }
    return open.view(units: units, context: pickerContext)
  }
}
