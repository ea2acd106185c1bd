/// CalculatorLayout: the keypad table and all geometry from the window size, with no drawing and
/// no platform code. Start reading at `Layout.init(width:height:keypad:)`; the keypads are
/// the tables in Keypad.swift.
import CalculatorCore

/// Geometry of the whole window, from its size.
///
/// Proportions are docs/SPEC.md section 3.2's, given for a window 393 wide and scaled by `unit`:
/// width-limited `unit` is `width / 393` for the basic keypad (`Reference.width(columns:)` for
/// others); a window too short for that shrinks `unit` (and with it the circles, margins and
/// fonts) until the stack below fits its height, keypad centred.
///
///     top margin 12 · history strip ≥ 1 row (36) · display 96 · gap 20 · keypad · bottom 30
public struct Layout: Equatable, Sendable {
  /// Window width in pixels (negative sizes are stored as 0).
  public let width: Int
  /// Window height in pixels (negative sizes are stored as 0).
  public let height: Int
  /// Pixels per reference pixel of the 393-wide design; 0 for an empty layout.
  public let unit: Double
  /// The diameter of every circle, a whole number of pixels; 0 for an empty layout.
  public let diameter: Double
  /// The gap between neighbouring circles down, and the least gap across.
  public let gap: Double
  /// The gap between neighbouring circles across: `gap`, or more in a wide window.
  public let columnGap: Double
  /// The bounding box of the 4 × 5 grid of circles.
  public let keypadRect: Rect
  /// Where the number is drawn: the window's width less the side padding, so in a wide window
  /// it is wider than the keypad (docs/SPEC.md section 3.3).
  public let displayRect: Rect
  /// The history strip, from the top margin down to the display and as wide as the display
  /// (never overlapping it); rows are right-aligned with the display's number.
  public let historyRect: Rect
  /// The height of one history row.
  public let historyRowHeight: Double
  /// The display font size before shrinking to fit.
  public let displayFontSize: Double
  /// The history font size.
  public let historyFontSize: Double
  /// The label font size for digit cells.
  public let digitLabelFontSize: Double
  /// The label font size for function cells (AC/C, ±, %).
  public let symbolLabelFontSize: Double
  /// The label font size for operator cells (`÷ × − + =`).
  public let operatorLabelFontSize: Double
  /// The label font size for the scientific cells (smaller: `log₁₀`, `sinh⁻¹` must fit).
  public let scientificLabelFontSize: Double
  /// The Tip & Split fields and results, for its keypad; nil for the calculator's.
  ///
  /// Its display is the per-person row and it has no history strip.
  public let tip: TipLayout?

  /// Reference proportions at width 393 (docs/SPEC.md section 3.2 unless noted).
  enum Reference {
    static let width = 393.0
    static let sidePadding = 20.0
    static let gap = 12.0
    static let bottomMargin = 30.0
    static let displayGap = 20.0  // display above the keypad
    static let displayFont = 80.0
    // The display shrinks down to this part of its base size. A quarter was enough for
    // "-0.000000012345678901234567891", but Inter's figures are proportional: the widest display,
    // "-0.000000033333333333333333333" (1 ÷ 30,000,000), is 18.06 em wide: it needs 24.4% to fit
    // the display of any window whose width sets the unit (353 wide at 80, less glyph slack).
    static let minimumDisplayScale = 0.24
    static let displayHeight = 96.0  // 1.2 × the display font: room for the comma's tail
    static let historyFont = 28.0  // 0.35 × the display font (docs/SPEC.md section 3.4)
    static let historyRowHeight = 36.0
    static let topMargin = 12.0
    static let digitLabel = 30.0
    static let symbolLabel = 34.0
    // Operator glyphs at least as tall as the digits (docs/SPEC.md section 3.1). Inter Medium's
    // × is 0.475 em tall and Inter Regular's digits 0.747 em: × at 50 is 23.8, the digits 22.4.
    static let operatorLabel = 50.0
    static let scientificLabel = 24.0  // iPhone landscape: about 0.3 of the diameter
    // (393 − 2 × 20 − 3 × 12) / 4: the basic keypad's unrounded diameter at width 393
    static let diameter = 79.25
    /// Everything above and below the keypad but the history rows: 12 + 96 + 20 above, 30
    /// below.
    static let chrome = topMargin + displayHeight + displayGap + bottomMargin

    /// The reference width of a keypad `columns` wide: 393 for the basic 4 columns.
    static func width(columns: Int) -> Double {
      2 * sidePadding + Double(columns) * diameter + Double(columns - 1) * gap
    }

    /// The reference height of the whole stack for a keypad `rows` tall with room for
    /// `historyRows` history rows: 638.25 for the basic keypad's 5 rows and 1 history row.
    static func height(rows: Int, historyRows: Int) -> Double {
      chrome + Double(historyRows) * historyRowHeight + Double(rows) * diameter
        + Double(rows - 1) * gap
    }

    /// The reference size of everything a keypad's window shows, and whether a Tip & Split panel
    /// goes beside the keypad: beside when that gives the larger unit in a `width` × `height`
    /// window, else above it like the calculator's display.
    static func content(of keypad: Keypad, width: Double, height: Double) -> (
      width: Double, height: Double, isBeside: Bool
    ) {
      let columns = max(keypad.columnCount, 1)
      let rows = max(keypad.rowCount, 1)
      guard keypad.screen == .tipAndSplit else {
        return (
          Reference.width(columns: columns),
          Reference.height(rows: rows, historyRows: keypad.minimumHistoryRows), false
        )
      }
      let keypadHeight = Double(rows) * diameter + Double(rows - 1) * gap
      let above = (
        width: Reference.width(columns: columns),
        height: topMargin + TipLayout.Reference.height + displayGap + keypadHeight + bottomMargin
      )
      let beside = (
        width: above.width + TipLayout.Reference.besideWidth + TipLayout.Reference.besideGap
          - sidePadding,
        height: topMargin + keypadHeight + bottomMargin
      )
      let aboveUnit = min(width / above.width, height / above.height)
      let besideUnit = min(width / beside.width, height / beside.height)
      return besideUnit > aboveUnit
        ? (beside.width, beside.height, true) : (above.width, above.height, false)
    }
  }

  /// The window size the calculator opens at the first time, at 96 dpi.
  public static let defaultSize = (width: 360, height: 640)

  /// The size a mode opens at the first time, at 96 dpi: scientific is an iPhone turned on its
  /// side (docs/SPEC.md section 5).
  public static func defaultSize(for mode: Mode) -> (width: Int, height: Int) {
    switch mode {
    case .basic: defaultSize
    case .scientific: (852, 393)
    case .tip: defaultSize
    }
  }

  /// The largest window side the layout works with, in pixels: X and cairo stop there.
  public static let maximumSide = 32767
  /// The largest window side a user may ask for (`--size`) or the saved size may hold; a
  /// square window that size is already a 1 GiB image.
  public static let maximumRequestedSide = 16384

  /// The keypad whose cells this layout places.
  public let keypad: Keypad

  /// The layout of `keypad` in a `width` × `height` window; windows too small for a 1-pixel
  /// circle give an empty layout (`isEmpty`): zero rects and circles, no hits.
  public init(width: Int, height: Int, keypad: Keypad = .basic) {
    self.width = min(max(0, width), Layout.maximumSide)
    self.height = min(max(0, height), Layout.maximumSide)
    self.keypad = keypad
    let w = Double(self.width)
    let h = Double(self.height)
    let columns = max(keypad.columnCount, 1)
    let rows = max(keypad.rowCount, 1)
    let content = Reference.content(of: keypad, width: w, height: h)
    // The keypad fills the width, unless that makes the stack taller than the window. Each
    // ratio is one correctly rounded division of an exact product, so a diameter that is a
    // whole number (4 × 79.25 at width 1572) is not floored below itself.
    let widthUnit = w / content.width
    let heightUnit = h / content.height
    let isWidthLimited = widthUnit <= heightUnit
    let unit = min(widthUnit, heightUnit)
    let diameter =
      isWidthLimited
      ? (w * Reference.diameter / content.width).rounded(.down)
      : (h * Reference.diameter / content.height).rounded(.down)
    guard diameter >= 1 else {
      self.unit = 0
      self.diameter = 0
      gap = 0
      columnGap = 0
      keypadRect = .zero
      displayRect = .zero
      historyRect = .zero
      historyRowHeight = 0
      displayFontSize = 0
      historyFontSize = 0
      digitLabelFontSize = 0
      symbolLabelFontSize = 0
      operatorLabelFontSize = 0
      scientificLabelFontSize = 0
      tip = nil
      return
    }
    self.unit = unit
    self.diameter = diameter
    gap = Reference.gap * unit
    // A window too short for its width spreads the columns of a landscape keypad, up to half a
    // diameter more apart, so it fills its window as on the iPhone.
    let spread =
      (w - 2 * Reference.sidePadding * unit - Double(columns) * diameter)
      / Double(max(columns - 1, 1))
    columnGap =
      isWidthLimited || !keypad.spreadsColumns ? gap : min(max(gap, spread), gap + diameter / 2)
    let keypadWidth = Double(columns) * diameter + Double(columns - 1) * columnGap
    let keypadHeight = Double(rows) * diameter + Double(rows - 1) * gap
    let side = Reference.sidePadding * unit
    keypadRect = Rect(
      x: content.isBeside ? w - side - keypadWidth : (w - keypadWidth) / 2,
      y: h - Reference.bottomMargin * unit - keypadHeight, width: keypadWidth,
      height: keypadHeight)
    let top = Reference.topMargin * unit
    if keypad.screen == .tipAndSplit {
      // Beside the keypad, level with its top; else above it, where the display would be.
      let panelHeight = TipLayout.Reference.height * unit
      let panel =
        content.isBeside
        ? Rect(
          x: side, y: keypadRect.minY,
          width: keypadRect.minX - TipLayout.Reference.besideGap * unit - side,
          height: panelHeight)
        : Rect(
          x: side, y: keypadRect.minY - Reference.displayGap * unit - panelHeight,
          width: w - 2 * side, height: panelHeight)
      let tip = TipLayout(panel: panel, unit: unit)
      self.tip = tip
      displayRect = tip.perPersonRow
      historyRect = Rect(x: side, y: top, width: 0, height: 0)
    } else {
      tip = nil
      let displayHeight = Reference.displayHeight * unit
      displayRect = Rect(
        x: side, y: keypadRect.minY - Reference.displayGap * unit - displayHeight,
        width: w - 2 * side, height: displayHeight)
      historyRect = Rect(
        x: side, y: top, width: displayRect.width, height: displayRect.minY - top)
    }
    historyRowHeight = Reference.historyRowHeight * unit
    displayFontSize = Reference.displayFont * unit
    historyFontSize = Reference.historyFont * unit
    digitLabelFontSize = Reference.digitLabel * unit
    symbolLabelFontSize = Reference.symbolLabel * unit
    operatorLabelFontSize = Reference.operatorLabel * unit
    scientificLabelFontSize = Reference.scientificLabel * unit
  }

  /// True when the window is too small to draw any keypad.
  public var isEmpty: Bool { diameter < 1 }

  /// The radius of every circle.
  public var radius: Double { diameter / 2 }

  /// The display font size never goes below this: 24% of the base size, the least that shows
  /// every display whole from the default width up (docs/SPEC.md section 3.3).
  public var minimumDisplayFontSize: Double { displayFontSize * Reference.minimumDisplayScale }

  /// The cell whose circle contains the point, or nil (corners of a circle's box are nil).
  public func cell(at point: Point) -> GridPosition? {
    guard !isEmpty else { return nil }
    return keypad.positions.first { circle(at: $0).contains(point) }
  }

  /// The circle of a cell.
  public func circle(at position: GridPosition) -> Circle {
    guard !isEmpty else { return Circle(center: Point(x: 0, y: 0), radius: 0) }
    let column = Double(position.column) + keypad.indent(ofRow: position.row)
    return Circle(
      center: Point(
        x: keypadRect.minX + radius + column * (diameter + columnGap),
        y: keypadRect.minY + radius + Double(position.row) * (diameter + gap)),
      radius: radius)
  }

  /// How many history rows fit whole in the strip.
  public var visibleHistoryRows: Int {
    guard historyRowHeight > 0 else { return 0 }
    // The epsilon absorbs rounding when the strip is exactly one row tall.
    return Int(historyRect.height / historyRowHeight + 1e-9)  // positive: truncation is the floor
  }

  /// The largest history offset (rows scrolled back) for a strip of `rowCount` rows.
  public func maxHistoryOffset(rowCount: Int) -> Int {
    max(0, rowCount - max(1, visibleHistoryRows))
  }

  /// The rows of a list of `rowCount` rows (0 = oldest) that the strip shows, scrolled back by
  /// `offset` rows (clamped to 0…`maxHistoryOffset`); each lies wholly inside the strip.
  ///
  /// Only whole rows show (docs/SPEC.md section 3.4): with offset 0 the newest row sits at the
  /// bottom of the strip; at the largest offset the oldest row is the top one.
  public func shownHistoryRows(rowCount: Int, offset: Int) -> Range<Int> {
    guard rowCount > 0 else { return 0..<0 }
    let offset = min(max(0, offset), maxHistoryOffset(rowCount: rowCount))
    let end = rowCount - offset
    return max(0, end - visibleHistoryRows)..<end
  }

  /// The rectangle of history row `index` (0 = oldest) of `rowCount` rows.
  ///
  /// The strip is scrolled back by `offset` rows (clamped to 0…`maxHistoryOffset`). With offset 0
  /// the newest row sits at the bottom of the strip. Rows outside `shownHistoryRows` lie partly
  /// or wholly outside the strip and are not drawn.
  public func historyRowRect(index: Int, rowCount: Int, offset: Int) -> Rect {
    let offset = min(max(0, offset), maxHistoryOffset(rowCount: rowCount))
    let rowsBelow = Double(rowCount - 1 - index - offset)
    let bottom = historyRect.maxY - rowsBelow * historyRowHeight
    return Rect(
      x: historyRect.minX, y: bottom - historyRowHeight, width: historyRect.width,
      height: historyRowHeight)
  }

  /// The display font size for text `widthAtBaseSize` wide at `displayFontSize`: the base size
  /// when it fits `displayRect`, smaller down to `minimumDisplayFontSize`, nil when even that is
  /// too wide.
  public func displayFontSize(fitting widthAtBaseSize: Double) -> Double? {
    guard !isEmpty else { return nil }
    guard widthAtBaseSize > displayRect.width else { return displayFontSize }
    let size = displayFontSize * displayRect.width / widthAtBaseSize
    return size >= minimumDisplayFontSize ? size : nil
  }
}
