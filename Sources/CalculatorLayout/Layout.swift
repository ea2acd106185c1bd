/// CalculatorLayout: the keypad tables and all geometry from the window's size, with no drawing
/// and no platform code. Start reading at `Layout.init(width:height:keypad:)`, which picks an
/// arrangement for the window's shape; the keypads are the tables in Keypad.swift.
import CalculatorCore

/// Geometry of the whole window: a pure function of the keypad (the mode) and the window's size.
///
/// Proportions are given in reference pixels of the 393-wide design (docs/SPEC.md section 3)
/// and scaled by `unit`. The window's shape picks the arrangement (`Arrangement`) that gives
/// the largest circles: a portrait stack (tape, display, keypad), a landscape keypad across the
/// width, or, when a landscape window is wider than the keypad needs at its height, the keypad
/// column at the right with a side tape panel beside it. Circles grow up to the size they have
/// in the default window; beyond it the tape takes the room. Text and hit targets keep their
/// least sizes in window pixels at any unit. A window twice as large at 192 dpi is the same
/// layout twice as large.
///
///     top 12 · tape strip ≥ 2 or 4 rows (36) · display 96 · gap 20 · keypad · bottom 30
public struct Layout: Equatable, Sendable {
  /// How the window's space is shared out.
  public enum Arrangement: Hashable, Sendable {
    /// Tape strip, display and keypad stacked; a scientific keypad stacks its functions above
    /// the basic keys.
    case portrait
    /// One grid of every column across the width, the display and a short strip above it.
    case landscape
    /// The keypad column at the right (strip, display, keypad) and the side tape panel at the
    /// left: one finished calculation per line.
    case wide
  }

  /// Window width in pixels (negative sizes are stored as 0).
  public let width: Int
  /// Window height in pixels (negative sizes are stored as 0).
  public let height: Int
  /// The keypad whose cells this layout places.
  public let keypad: Keypad
  /// The dpi over 96 it was made for.
  public let scale: Double
  /// Whether the Convert lines show (docs/SPEC.md section 10.4); never on the Tip & Split keypad.
  public let converts: Bool
  /// The arrangement the window's shape chose.
  public let arrangement: Arrangement
  /// Pixels per reference pixel of the 393-wide design; 0 for an empty layout.
  public let unit: Double
  /// The groups of columns drawn as one grid each: one, or the scientific functions stacked
  /// above the basic keys.
  let blocks: [KeypadBlock]
  /// The bounding box of every circle.
  public let keypadRect: Rect
  /// Where the number is drawn: right-aligned over the keypad it belongs to, as wide as the
  /// window less the side padding (portrait and landscape) or as the keypad column (wide).
  public let displayRect: Rect
  /// The tape strip, from the top margin down to the display and as wide as the display.
  public let historyRect: Rect
  /// The side tape panel of a wide window; empty otherwise.
  public let tapePanel: Rect
  /// The height of one row of the current calculation in the strip: its font's, in the
  /// reference proportion 36 to 28.
  public var historyRowHeight: Double { rowHeight(Reference.historyRowHeight) }
  /// The display font size before shrinking to fit.
  public var displayFontSize: Double { Reference.displayFont * unit }
  /// The font size of the current calculation's rows in the strip.
  public var historyFontSize: Double { textSize(Reference.historyFont) }
  /// The least font size of any text, in window pixels: `minimumTextSize` scaled by the dpi;
  /// 0 in a window smaller than its mode's minimum size, where nothing is kept from shrinking.
  public var leastTextSize: Double { Layout.minimumTextSize * floorScale }
  /// The dpi over 96 that least sizes scale with: `scale`, or 0 in a window smaller than its
  /// mode's minimum size (docs/SPEC.md section 3.2).
  public let floorScale: Double
  /// The Tip & Split fields and results, for its keypad; nil for the calculator's.
  ///
  /// Its display is the per-person row and it has no tape.
  public let tipLayout: TipLayout?
  /// The Convert lines' units, swap key, converted value and caption, below the display; nil
  /// unless `converts`.
  public let convert: ConvertLayout?

  /// Reference proportions at width 393 (docs/SPEC.md section 3 unless noted).
  enum Reference {
    static let width = 393.0
    static let sidePadding = 20.0
    static let gap = 12.0
    static let bottomMargin = 30.0
    static let displayGap = 20.0  // display above the keypad
    static let displayFont = 80.0
    // The display shrinks down to this part of its base size. The widest display,
    // "-0.000000033333333333333333333" (1 ÷ 30,000,000), is 18.06 em wide in Inter Light: it
    // needs 24.4% to fit a display 353 wide at 80, less glyph slack.
    static let minimumDisplayScale = 0.24
    /// That display's width in font sizes.
    static let widestDisplay = 18.06
    static let displayHeight = 96.0  // 1.2 × the display font: room for the comma's tail
    static let historyFont = 28.0  // 0.35 × the display font
    static let historyRowHeight = 36.0
    static let topMargin = 12.0
    /// The basic keypad's unrounded diameter: (393 − 2 × 20 − 3 × 12) / 4.
    static let diameter = 79.25
    /// The width of the basic keypad, which a stacked keypad's blocks each span.
    static let keypadWidth = width - 2 * sidePadding
    /// Gap per diameter: circles are this far apart in any block.
    static let gapRatio = gap / diameter
    /// Strip rows kept whole above the display: four in a portrait stack (a calculation such
    /// as `12 + 3 × 4 − 5` reads whole at the default size), two over a landscape keypad or in
    /// a wide window's keypad column, where the panel shows the past.
    static let portraitStripRows = 4
    static let landscapeStripRows = 2
    /// The least width of a side tape panel, to the keypad column's padding.
    static let panelMinimumWidth = 200.0
    /// And its least width in least text sizes, so that a row of twenty digits with its sign,
    /// point and exponent fits at the least text size.
    static let panelLeastWidth = 20.0
    /// Everything above and below the keypad but the strip's rows: 12 + 96 + 20 above, 30
    /// below.
    static let chrome = topMargin + displayHeight + displayGap + bottomMargin
  }

  /// The window size the calculator opens at the first time, at 96 dpi, in every mode (each fits
  /// a portrait window).
  public static let defaultSize = PixelSize(width: 360, height: 640)

  /// The least circle, and the least hit target, at 96 dpi (docs/SPEC.md section 3.2): a
  /// mode's minimum window size keeps every circle's solid fill at least this far across in
  /// every arrangement the size allows, and every other control (the Convert lines' swap key
  /// and unit buttons, the Tip & Split fields, the lines of the menu and of the unit picker)
  /// at least this tall.
  public static let minimumCircle = 28.0

  /// The least font size of any text at 96 dpi (docs/SPEC.md section 3.2): sizes scaled by the
  /// unit stop here, and text shrunk to fit shrinks no further.
  public static let minimumTextSize = 9.0

  /// The least diameter of a drawn circle at `scale`: the least circle, whole pixels, and a
  /// pixel each side for its antialiased edge, which is not the fill's colour.
  public static func leastDiameter(scale: Double) -> Double {
    (minimumCircle * scale).rounded(.up) + 2
  }

  /// A mode's minimum window size at 96 dpi (WM_NORMAL_HINTS, and the floor of a restored size).
  ///
  /// The smallest that keeps, in the best arrangement and with or without the Convert lines
  /// (docs/SPEC.md sections 3.2 and 10.4), every circle's solid fill at least `minimumCircle`
  /// across and its label at least `minimumTextSize`, and every other hit target at least
  /// `minimumCircle` tall: the scientific keys' labels need circles of 30 px, the Convert
  /// lines' buttons 32 px lines, the Tip & Split fields (50 reference pixels tall) a unit of
  /// 0.56, its keypad five circles wide. Any larger window keeps
  /// them too, as nothing shrinks when a window grows.
  public static func minimumSize(for mode: Mode) -> PixelSize {
    switch mode {
    case .basic: PixelSize(width: 200, height: 350)
    case .scientific: PixelSize(width: 360, height: 350)
    case .tip: PixelSize(width: 272, height: 500)
    }
  }

  /// The largest window side the layout works with, in pixels: X and cairo stop there.
  public static let maximumSide = 32767
  /// The largest window side a user may ask for (`--size`) or the saved size may hold; a
  /// square window that size is already a 1 GiB image.
  public static let maximumRequestedSide = 16384

  /// The layout of `keypad` in a `width` × `height` window at `scale` (dpi / 96: only which
  /// arrangements keep their circles at least `minimumCircle` across depends on it), with the
  /// Convert lines when `converts` (a calculator keypad only); windows too small for a 1-pixel
  /// circle give an empty layout (`isEmpty`): zero rects and circles, no hits.
  public init(
    width: Int, height: Int, keypad: Keypad = .basic, scale: Double = 1, converts: Bool = false
  ) {
    self.width = min(max(0, width), Layout.maximumSide)
    self.height = min(max(0, height), Layout.maximumSide)
    self.keypad = keypad
    self.scale = scale
    self.converts = converts && keypad.screen == .calculator
    let minimum = Layout.minimumSize(for: keypad.mode)
    floorScale =
      Double(self.width) >= (Double(minimum.width) * scale).rounded(.down)
        && Double(self.height) >= (Double(minimum.height) * scale).rounded(.down) ? scale : 0
    let plan = Plan.best(
      for: keypad, width: Double(self.width), height: Double(self.height), scale: scale,
      floorScale: floorScale, converts: self.converts)
    arrangement = plan.arrangement
    let placed = plan.placed(width: Double(self.width), height: Double(self.height)) ?? .empty
    unit = placed.unit
    blocks = placed.blocks
    keypadRect = placed.keypadRect
    displayRect = placed.displayRect
    historyRect = placed.historyRect
    tapePanel = placed.tapePanel
    tipLayout = placed.tipLayout
    convert = placed.convert
  }

  /// Two layouts of the same keypad, size, scale and lines are the same: the rest follows
  /// from them.
  public static func == (lhs: Layout, rhs: Layout) -> Bool {
    lhs.width == rhs.width && lhs.height == rhs.height && lhs.keypad == rhs.keypad
      && lhs.scale == rhs.scale && lhs.converts == rhs.converts
  }

  /// The same layout at another size: the window resized.
  public func resized(width: Int, height: Int) -> Layout {
    Layout(width: width, height: height, keypad: keypad, scale: scale, converts: converts)
  }

  /// True when the window is too small to draw any keypad.
  public var isEmpty: Bool { blocks.isEmpty }

  /// The diameter of the largest circles (the basic keys), in whole pixels; 0 if empty.
  ///
  /// Fonts of the menu and overlays follow it.
  public var diameter: Double { blocks.map(\.diameter).max() ?? 0 }

  /// The radius of the largest circles.
  public var radius: Double { diameter / 2 }

  /// The gap between neighbouring circles of the largest ones, down (the least gap across).
  public var gap: Double { blocks.last?.rowGap ?? 0 }

  /// The label font size for digit cells of the largest circles.
  public var digitLabelFontSize: Double { diameter * KeyLabelSizes.digit }

  /// The display font size never goes below this: 24% of the base size, the least that shows
  /// every display whole from the default width up (docs/SPEC.md section 3), and never below
  /// the least text size.
  public var minimumDisplayFontSize: Double {
    Layout.leastFontSize(base: displayFontSize, least: leastTextSize)
  }

  /// The height of a strip row `reference` reference pixels tall: its font's, never under the
  /// least text's, in the proportion 36 to 28; 0 for an empty layout.
  func rowHeight(_ reference: Double) -> Double {
    unit > 0
      ? max(reference * unit, leastTextSize * Reference.historyRowHeight / Reference.historyFont)
      : 0
  }

  /// A font size of `reference` reference pixels at this layout's unit, never under the least
  /// text size; 0 for an empty layout.
  func textSize(_ reference: Double) -> Double {
    unit > 0 ? max(reference * unit, leastTextSize) : 0
  }

  /// Every cell position in reading order: the blocks top to bottom, each row by row (the
  /// order of the focus ring and of a screen reader's list of keys).
  public var positions: [GridPosition] {
    blocks.sorted { $0.rect.minY < $1.rect.minY }.flatMap { block in
      keypad.positions.filter { block.columns.contains($0.column) }
    }
  }

  /// The cell whose circle contains the point, or nil (corners of a circle's box are nil).
  public func cell(at point: Point) -> GridPosition? {
    guard !isEmpty, keypadRect.contains(point) else { return nil }
    return keypad.positions.first { circle(at: $0).contains(point) }
  }

  /// The block holding a table column.
  func block(ofColumn column: Int) -> KeypadBlock? {
    blocks.first { $0.columns.contains(column) } ?? blocks.last
  }

  /// The circle of a cell.
  public func circle(at position: GridPosition) -> Circle {
    guard let block = block(ofColumn: position.column) else {
      return Circle(center: Point(x: 0, y: 0), radius: 0)
    }
    let radius = block.diameter / 2
    let column =
      Double(position.column - block.columns.lowerBound) + keypad.indent(ofRow: position.row)
    return Circle(
      center: Point(
        x: block.rect.minX + radius + column * (block.diameter + block.columnGap),
        y: block.rect.minY + radius + Double(position.row) * (block.diameter + block.rowGap)),
      radius: radius)
  }

  /// The gap around a cell's circle (the least of its block's gaps): its focus ring stays in it.
  public func gap(at position: GridPosition) -> Double {
    block(ofColumn: position.column).map { min($0.rowGap, $0.columnGap) } ?? 0
  }

  /// The display font size for text `widthAtBaseSize` wide at `displayFontSize`: the base size
  /// when it fits `displayRect`, smaller down to `minimumDisplayFontSize`, nil when even that is
  /// too wide.
  public func displayFontSize(fitting widthAtBaseSize: Double) -> Double? {
    guard !isEmpty else { return nil }
    return Layout.fontSize(
      fitting: widthAtBaseSize, width: displayRect.width, base: displayFontSize,
      least: leastTextSize)
  }

  /// The font size for a number `widthAtBaseSize` wide at `base` in a box `width` wide: the
  /// base when it fits, smaller down to 24% of it but not under `least` (the least text size),
  /// nil when even that is too wide (the display's rule, which the converted value follows
  /// too).
  public static func fontSize(
    fitting widthAtBaseSize: Double, width: Double, base: Double, least: Double = 0
  ) -> Double? {
    guard widthAtBaseSize > width else { return base }
    let size = base * width / widthAtBaseSize
    return size >= leastFontSize(base: base, least: least) ? size : nil
  }

  /// How far a number at `base` shrinks: to 24% of it, but not under `least`, nor over `base`.
  static func leastFontSize(base: Double, least: Double) -> Double {
    min(base, max(base * Reference.minimumDisplayScale, least))
  }
}

/// A group of columns drawn as one regular grid.
struct KeypadBlock: Equatable, Sendable {
  /// The table's columns it holds.
  var columns: Range<Int>
  /// The box of its circles.
  var rect: Rect
  /// The diameter of its circles, a whole number of pixels.
  var diameter: Double
  /// From one row's circles to the next's.
  var rowGap: Double
  /// From one column's circles to the next's: the row gap, or more when a landscape keypad
  /// spreads across its window.
  var columnGap: Double
}

extension KeyCap {
  /// Its label's font size as a part of its circle's diameter (`KeyLabelSizes`): the
  /// scientific keys' and the Tip & Split presets' smallest.
  public var labelSize: Double {
    switch (action, style) {
    case (_, .scientific), (.tip(.preset), _): KeyLabelSizes.scientific
    case (_, .digit): KeyLabelSizes.digit
    case (_, .function): KeyLabelSizes.symbol
    case (_, .operator): KeyLabelSizes.operator
    }
  }
}

/// Label sizes as parts of their circle's diameter: the reference sizes 30, 34, 50 and 24 over
/// the 79.25 diameter.
public enum KeyLabelSizes {
  /// Digits.
  public static let digit = 30 / Layout.Reference.diameter
  /// AC/C, ± and %.
  public static let symbol = 34 / Layout.Reference.diameter
  /// `÷ × − + =`: Inter Medium's × is 0.475 em tall and Inter Regular's digits 0.747 em, so × at
  /// 50 stands 23.8 tall beside digits 22.4 tall at 30 (docs/SPEC.md section 3: operators at
  /// least as tall as the digits).
  public static let `operator` = 50 / Layout.Reference.diameter
  /// The scientific keys: smaller, as `log₁₀` and `sinh⁻¹` must fit (the iPhone's are about
  /// 0.3 of the diameter).
  public static let scientific = 24 / Layout.Reference.diameter
  /// A label spans at most this part of its circle's diameter where 80% would bring it under
  /// the least text size (docs/SPEC.md section 3.1): the chord at its capitals' height is still
  /// wider.
  public static let widthLimit = 0.9
  /// The widest scientific label, `cosh⁻¹`, in font sizes of Inter Regular (its raised run at
  /// 0.62 of the size): 2.97.
  static let widestScientific = 3.0
}
