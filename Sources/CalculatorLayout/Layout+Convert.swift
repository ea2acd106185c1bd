/// One of the two units of the Convert lines: the display's (converted from) or the converted
/// value's (converted to).
public enum UnitSide: Hashable, Sendable, CaseIterable {
  /// The upper line's unit: the calculator's display.
  case from
  /// The lower line's unit: the converted value.
  case to

  /// The other side.
  public var other: UnitSide { self == .from ? .to : .from }
}

/// What a click on the Convert lines reaches.
public enum ConvertControl: Hashable, Sendable {
  /// A unit's button: opens the unit picker for that side.
  case unit(UnitSide)
  /// The swap key: exchanges the two units.
  case swap
  /// The caption left of the lower unit's button: `Download rates` when it offers it
  /// (docs/SPEC.md section 14.6).
  case caption
}

/// Where the Convert lines draw (docs/SPEC.md section 10.4), between the display and the
/// keypad, across the keypad's column, as iOS 18 has them: each number on its own line at the
/// display's width, its unit's button right-aligned under it, the swap key at the left of the
/// line between the two numbers, the rates' date at the left of the last line.
///
///                                         36      display        96
///     (↑↓)                             [ km ]     units of from  36 (≥ 32 px)
///                      22.369362920544022906      converted      72
///     Rates of 2026-11-27 (ECB)        [ mi ]     units of to    36 (≥ 32 px)
public struct ConvertLayout: Equatable, Sendable {
  /// The line under the display holding its unit's button and the swap key.
  public let fromLine: Rect
  /// The line under the converted value holding its unit's button and the caption.
  public let toLine: Rect
  /// The swap key, at the left of `fromLine`.
  public let swap: Circle
  /// Where the converted value is drawn, right-aligned like the display and as wide.
  public let convertedRect: Rect
  /// The converted value's font size before shrinking to fit.
  public let convertedFontSize: Double
  /// The caption's font size.
  public let captionFontSize: Double
  /// The unit buttons' font size.
  public let unitFontSize: Double
  /// The buttons' height; each is as wide as its symbol needs (`unitButton(_:holding:)`).
  let buttonHeight: Double
  /// The least font size: text shrunk to fit shrinks no further.
  public let leastTextSize: Double

  /// Reference proportions at width 393 (docs/SPEC.md section 10.4).
  enum Reference {
    static let unitLineHeight = 36.0
    static let convertedHeight = 72.0
    static let convertedFont = 56.0  // 0.7 of the display's
    static let captionFont = 15.0
    static let buttonHeight = 28.0
    static let unitFont = 17.0
    /// The least button width: a one-letter symbol still has a button to click.
    static let buttonMinimumWidth = 56.0
    static let swapDiameter = 30.0
    /// A unit line's least height, in least hit targets: the swap key, a pixel of antialiased
    /// edge each side, and a pixel clear above and below it.
    static let leastLineHeight = 32.0 / 28.0
  }

  /// The lines' heights top to bottom, each a reference height and a floor in window pixels at
  /// `scale`: the unit lines hold a least hit target, the converted value a number at the least
  /// text size.
  static func heights(scale: Double) -> [(reference: Double, floor: Double)] {
    let line = (Reference.unitLineHeight, Reference.leastLineHeight * Layout.minimumCircle * scale)
    let converted = (
      Reference.convertedHeight,
      Layout.minimumTextSize * scale * Reference.convertedHeight / Reference.convertedFont
    )
    return [line, converted, line]
  }

  /// The lines for a column from `left` to `right` (inside its padding), under `display`, at
  /// `unit` pixels a reference pixel; text and controls never under their least sizes at
  /// `scale` (docs/SPEC.md section 3.2).
  init(left: Double, right: Double, display: Rect, unit u: Double, scale: Double) {
    let heights = ConvertLayout.heights(scale: scale).map { max($0.reference * u, $0.floor) }
    let target = Layout.minimumCircle * scale
    let least = Layout.minimumTextSize * scale
    fromLine = Rect(x: left, y: display.maxY, width: right - left, height: heights[0])
    convertedRect = Rect(
      x: display.minX, y: fromLine.maxY, width: display.width, height: heights[1])
    toLine = Rect(x: left, y: convertedRect.maxY, width: right - left, height: heights[2])
    let swapDiameter = max(
      (Reference.swapDiameter * u).rounded(.down), Layout.leastDiameter(scale: scale))
    swap = Circle(
      center: Point(x: left + swapDiameter / 2, y: fromLine.minY + fromLine.height / 2),
      radius: swapDiameter / 2)
    convertedFontSize = max(Reference.convertedFont * u, least)
    captionFontSize = max(Reference.captionFont * u, least)
    unitFontSize = max(Reference.unitFont * u, least)
    buttonHeight = max(Reference.buttonHeight * u, target)
    leastTextSize = least
  }

  /// Everything the lines draw: the buttons, the swap key, the converted value and the
  /// caption.
  public var bounds: Rect { fromLine.union(convertedRect).union(toLine) }

  /// The line a side's button sits on.
  public func line(_ side: UnitSide) -> Rect { side == .from ? fromLine : toLine }

  /// A side's button holding `symbol`: right-aligned on its line, centred down it, as wide as
  /// the symbol needs (a generous estimate, figures 0.66 em and anything else 0.8 em of Inter
  /// Medium, plus half the height each side; the renderer shrinks the rare symbol wider).
  public func unitButton(_ side: UnitSide, holding symbol: String) -> Rect {
    let line = line(side)
    let ems = symbol.unicodeScalars.reduce(0.0) { $0 + (("0"..."9").contains($1) ? 0.66 : 0.8) }
    let width = min(
      max(
        ems * unitFontSize + buttonHeight,
        Reference.buttonMinimumWidth / Reference.buttonHeight
          * buttonHeight), line.width / 2)
    return Rect(
      x: line.maxX - width, y: line.minY + (line.height - buttonHeight) / 2, width: width,
      height: buttonHeight)
  }

  /// The button or key at a point, the buttons holding `symbols` (from, to), or nil.
  public func control(at point: Point, symbols: (from: String, to: String)) -> ConvertControl? {
    if unitButton(.from, holding: symbols.from).contains(point) { return .unit(.from) }
    let toButton = unitButton(.to, holding: symbols.to)
    if toButton.contains(point) { return .unit(.to) }
    if swap.contains(point) { return .swap }
    let caption = Rect(
      x: toLine.minX, y: toLine.minY, width: max(toButton.minX - toLine.minX, 0),
      height: toLine.height)
    return caption.contains(point) ? .caption : nil
  }
}
