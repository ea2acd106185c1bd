import CalculatorCore

/// Where the Tip & Split screen draws its fields and results (docs/SPEC.md section 7.1): a panel
/// above the keypad, or beside it when that gives larger circles (a landscape window).
///
/// Top to bottom, in reference pixels (scaled by the layout's unit):
///
///     Bill 50 · 8 · Tip 50 · 8 · People 50 · 16 · Tip 36 · Total 36 · Per person 96 · shares 30
public struct TipLayout: Equatable, Sendable {
  /// The space all of it is shared out in.
  public let panel: Rect
  /// The three fields' boxes, in `TipField.allCases` order: label left, value right.
  public let fields: [Rect]
  /// The tip's row.
  public let tipRow: Rect
  /// The total's row.
  public let totalRow: Rect
  /// The per-person row: the largest text, in the display's font.
  public let perPersonRow: Rect
  /// The shares line (`3 × 33.34 = 100.02`), when the shares exceed the total.
  public let sharesRow: Rect
  /// The fields' labels and values.
  public let fieldFontSize: Double
  /// The tip and total rows, and the per-person label.
  public let resultFontSize: Double
  /// The per-person amount, before it shrinks to fit its row.
  public let perPersonFontSize: Double
  /// The shares line.
  public let sharesFontSize: Double
  /// How far text stays inside a field's box, left and right; the rows' text lines up with it.
  public let inset: Double

  /// Reference proportions at unit 1.
  enum Reference {
    static let fieldHeight = 50.0
    static let fieldGap = 8.0
    static let resultsGap = 16.0  // from the last field to the results
    static let resultRow = 36.0
    static let perPersonRow = 96.0  // 1.2 × the display's 80, as the calculator's display
    static let sharesRow = 30.0
    static let fieldFont = 26.0
    static let resultFont = 24.0
    static let perPersonFont = 72.0
    static let sharesFont = 20.0
    static let inset = 14.0
    /// The panel's height: 380.
    static let height =
      3 * fieldHeight + 2 * fieldGap + resultsGap + 2 * resultRow + perPersonRow + sharesRow
    /// The panel's width beside the keypad, and the gap between them.
    static let besideWidth = 400.0
    static let besideGap = 40.0
  }

  /// The panel's geometry at `unit` in the space `panel` gives it.
  ///
  /// A panel wide enough for two puts the results beside the fields, so no row is mostly
  /// empty. Height beyond what the rows need goes evenly between them (and above
  /// and below them), so a tall or wide window's space is shared out rather than left in one
  /// blank block. Its fonts are never under `least`, the least text size.
  init(panel: Rect, unit: Double, least: Double = 0) {
    self.panel = panel
    let split = panel.width >= (2 * Reference.besideWidth + Reference.besideGap) * unit
    // Side by side, the results keep the width they have beside a keypad (a label and a value
    // far apart would leave a blank channel down the panel); the fields, filled boxes, take the
    // rest.
    let resultsWidth = split ? Reference.besideWidth * unit : panel.width
    let fieldsWidth = split ? panel.width - Reference.besideGap * unit - resultsWidth : panel.width
    // The rows, top to bottom: a height, or a fixed gap (nil height) between rows.
    typealias Item = (height: Double, isGap: Bool)
    let fieldItems: [Item] = [
      (Reference.fieldHeight, false), (Reference.fieldGap, true), (Reference.fieldHeight, false),
      (Reference.fieldGap, true), (Reference.fieldHeight, false),
    ]
    let resultItems: [Item] = [
      (Reference.resultRow, false), (Reference.resultRow, false), (Reference.perPersonRow, false),
      (Reference.sharesRow, false),
    ]
    let columns: [[Item]] =
      split
      ? [fieldItems, resultItems] : [fieldItems + [(Reference.resultsGap, true)] + resultItems]
    var rects: [Rect] = []
    for (index, items) in columns.enumerated() {
      let rows = items.filter { !$0.isGap }.count
      let natural = items.reduce(0) { $0 + $1.height } * unit
      let spare = max(0, panel.height - natural) / Double(rows + 1)
      let width = index == 0 ? fieldsWidth : resultsWidth
      let left = index == 0 ? panel.minX : panel.maxX - width
      var top = panel.minY + spare
      for item in items {
        if item.isGap {
          top += item.height * unit
          continue
        }
        rects.append(Rect(x: left, y: top, width: width, height: item.height * unit))
        top += item.height * unit + spare
      }
    }
    fields = Array(rects[0..<3])
    tipRow = rects[3]
    totalRow = rects[4]
    perPersonRow = rects[5]
    sharesRow = rects[6]
    fieldFontSize = max(Reference.fieldFont * unit, least)
    resultFontSize = max(Reference.resultFont * unit, least)
    perPersonFontSize = max(Reference.perPersonFont * unit, least)
    sharesFontSize = max(Reference.sharesFont * unit, least)
    inset = Reference.inset * unit
  }

  /// The box of a field.
  public func rect(of field: TipField) -> Rect {
    fields[TipField.allCases.firstIndex(of: field) ?? 0]
  }

  /// The field whose box holds a point, or nil.
  public func field(at point: Point) -> TipField? {
    zip(TipField.allCases, fields).first { $0.1.contains(point) }?.0
  }
}
