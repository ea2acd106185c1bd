/// Where the unit picker draws (docs/SPEC.md section 10.4): a dark rounded panel like the mode
/// menu, centred over the window; a line of two tabs (the unit converted from, the unit
/// converted to), the filter line, then the list, a fixed number of rows that scroll.
public struct PickerLayout: Equatable, Sendable {
  /// The rounded panel.
  public let panel: Rect
  /// The tabs, in `UnitSide.allCases` order.
  public let tabs: [Rect]
  /// The line showing what was typed to filter the list.
  public let filter: Rect
  /// The list's rows that show, top to bottom.
  public let rows: [Rect]
  /// The font size of every line.
  public let fontSize: Double

  /// Proportions in units of the font size.
  enum Reference {
    static let rowHeight = 2.2
    /// "CNY  Chinese yuan renminbi" with room to spare.
    static let width = 20.0
    static let padding = 0.4  // above the tabs and below the last row
    /// The rows shown at once: the thirteen categories fit without scrolling.
    static let rows = 13
  }

  /// How far right of a row's text its second column (a unit's name) starts.
  public var nameColumn: Double { 4.6 * fontSize }

  /// The index among `rows` of the row at a point, or nil.
  public func row(at point: Point) -> Int? {
    rows.firstIndex { $0.contains(point) }
  }

  /// The tab at a point, or nil.
  public func side(at point: Point) -> UnitSide? {
    tabs.firstIndex { $0.contains(point) }.map { UnitSide.allCases[$0] }
  }
}

extension Layout {
  /// The unit picker's panel: its type as large as the mode menu's, smaller when the window
  /// cannot hold the panel; nil for an empty layout.
  public var picker: PickerLayout? {
    guard !isEmpty else { return nil }
    typealias Reference = PickerLayout.Reference
    let margin = max(1, gap)
    let lines = Double(Reference.rows + 2)  // the tabs, the filter, the rows
    let heightInFonts = lines * Reference.rowHeight + 2 * Reference.padding
    let size = min(
      0.6 * digitLabelFontSize, (Double(width) - 2 * margin) / Reference.width,
      (Double(height) - 2 * margin) / heightInFonts)
    let panel = Rect(
      x: (Double(width) - Reference.width * size) / 2,
      y: (Double(height) - heightInFonts * size) / 2, width: Reference.width * size,
      height: heightInFonts * size)
    let rowHeight = Reference.rowHeight * size
    let top = panel.minY + Reference.padding * size
    let tabs = UnitSide.allCases.indices.map { index in
      Rect(
        x: panel.minX + Double(index) * panel.width / 2, y: top, width: panel.width / 2,
        height: rowHeight)
    }
    let rows = (0..<Reference.rows).map { index in
      Rect(
        x: panel.minX, y: top + Double(index + 2) * rowHeight, width: panel.width,
        height: rowHeight)
    }
    return PickerLayout(
      panel: panel, tabs: tabs,
      filter: Rect(x: panel.minX, y: top + rowHeight, width: panel.width, height: rowHeight),
      rows: rows, fontSize: size)
  }
}
