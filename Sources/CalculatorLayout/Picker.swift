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
  /// The least font size: a name shrunk to fit shrinks no further (docs/SPEC.md section 3.2).
  public let leastTextSize: Double

  /// Proportions in units of the font size.
  enum Reference {
    static let rowHeight = 2.2
    /// "CNY  Chinese yuan renminbi" with room to spare.
    static let width = 20.0
    static let padding = 0.4  // above the tabs and below the last row
    /// The rows shown at once where the window holds them: the thirteen categories fit
    /// without scrolling.
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
  /// The unit picker's panel: its type as large as the mode menu's, its lines at least a least
  /// hit target tall (docs/SPEC.md section 3.2); narrower than its 20 font sizes, and with
  /// fewer lines to scroll, when the window cannot hold the panel; nil for an empty layout.
  public var picker: PickerLayout? {
    guard !isEmpty else { return nil }
    typealias Reference = PickerLayout.Reference
    let margin = max(1, gap)
    let room = (width: Double(width) - 2 * margin, height: Double(height) - 2 * margin)
    let least = max(Layout.minimumCircle * floorScale / Reference.rowHeight, leastTextSize)
    func heightInFonts(_ rows: Int) -> Double {
      Double(rows + 2) * Reference.rowHeight + 2 * Reference.padding  // the tabs, the filter
    }
    let size = max(
      least,
      min(
        0.6 * digitLabelFontSize, room.width / Reference.width,
        room.height / heightInFonts(Reference.rows)))
    let fitting = Int((room.height / size - 2 * Reference.padding) / Reference.rowHeight) - 2
    let count = min(max(fitting, 1), Reference.rows)
    let panelWidth = min(Reference.width * size, room.width)
    let panelHeight = heightInFonts(count) * size
    let panel = Rect(
      x: (Double(width) - panelWidth) / 2, y: (Double(height) - panelHeight) / 2,
      width: panelWidth, height: panelHeight)
    let rowHeight = Reference.rowHeight * size
    let top = panel.minY + Reference.padding * size
    let tabs = UnitSide.allCases.indices.map { index in
      Rect(
        x: panel.minX + Double(index) * panel.width / 2, y: top, width: panel.width / 2,
        height: rowHeight)
    }
    let rows = (0..<count).map { index in
      Rect(
        x: panel.minX, y: top + Double(index + 2) * rowHeight, width: panel.width,
        height: rowHeight)
    }
    return PickerLayout(
      panel: panel, tabs: tabs,
      filter: Rect(x: panel.minX, y: top + rowHeight, width: panel.width, height: rowHeight),
      rows: rows, fontSize: size, leastTextSize: leastTextSize)
  }
}
