import CalculatorCore
import CalculatorLayout

/// A row of the history strip as drawn: its text and place.
public struct ShownHistoryRow: Equatable, Sendable {
  /// The row as shown: `"× 1.08"`, `"= 1,345.9"`.
  public var text: String
  /// Where it is drawn, wholly inside the strip.
  public var rect: Rect
  /// A row of a past calculation: smaller and dimmer than the current calculation's.
  public var isPast: Bool
  /// A thin line on its top edge separates its calculation from the earlier one above.
  public var startsCalculation: Bool
}

extension Frame {
  /// The rows the strip shows, top to bottom: the renderer draws them, the window hit-tests
  /// them, accessibility lists them.
  public var shownHistoryRows: [ShownHistoryRow] {
    let layout = layout
    return layout.shownHistory(
      rowCount: calculator.historyCount, pastRowCounts: tape.shownRowCounts(under: calculator),
      offset: historyOffset
    ).map { row in
      let text =
        switch row.source {
        case .current(let index): calculator.historyRow(index)
        case .past(let calculation, let index): tape.calculations[calculation].shownRow(index)
        }
      return ShownHistoryRow(
        text: text, rect: row.rect, isPast: row.isPast, startsCalculation: row.startsCalculation)
    }
  }

  /// The largest `historyOffset` this frame's strip scrolls to.
  public var maxHistoryOffset: Int {
    layout.maxHistoryOffset(
      rowCount: calculator.historyCount, pastRowCounts: tape.shownRowCounts(under: calculator))
  }
}
