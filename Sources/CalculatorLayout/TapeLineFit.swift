import CalculatorCore

/// A text's extents across, in the tape's face at some size: where its ink starts from the
/// origin, how wide the ink is, and how far the origin moves.
///
/// The layout has no fonts: the renderer measures (`Renderer.tapeTextExtents`) and the layout
/// places, so the rows of a side panel line are drawn and clicked at the same places.
public struct HorizontalExtents: Equatable, Sendable {
  /// The ink's left edge from the origin.
  public var x: Double
  /// The ink's width.
  public var width: Double
  /// How far the origin moves: the advance width.
  public var advance: Double

  /// Extents of `width` starting `x` from the origin, advancing `advance`.
  public init(x: Double, width: Double, advance: Double) {
    self.x = x
    self.width = width
    self.advance = advance
  }
}

/// Measures a text in the tape's face at a font size.
public typealias TapeTextMeasure = (_ text: String, _ size: Double) -> HorizontalExtents

/// Where the rows of a side panel line go (docs/SPEC.md section 3.2): one size for the line
/// (shrunk when even the layout's generous wrapping left it too wide), right-aligned on its ink.
public struct TapeLineFit: Equatable, Sendable {
  /// The font size.
  public var size: Double
  /// The line's origin, a whole pixel.
  public var x: Double
  /// Each row's share of the line across, from half the space before it to half the space
  /// after it: what a click hits and what its highlight covers.
  public var spans: [Range<Double>]
}

extension Layout {
  /// How far the ideal ink of right-aligned text stays inside its rectangle's right edge: half a
  /// pixel of glyph snapping (cairo 1.16 draws each glyph at a whole-pixel origin) and the
  /// extents' rounding (FreeType rounds them to 1/64 px).
  public static let textEdgeInset = 0.5 + 0.05
  /// How much room beyond its ink width text at a floored origin, `textEdgeInset` in from the
  /// right edge, needs to stay inside its rectangle.
  public static let glyphSnapSlack = 1.0 + 2 * textEdgeInset

  /// How the rows of `shown` are placed, measured by `measure`.
  public func tapeLineFit(_ shown: ShownTapeLine, measure: TapeTextMeasure) -> TapeLineFit {
    let area = tapeLinesRect
    var size = tapeFontSize
    var ink = measure(shown.text, size)
    let room = area.width - Layout.glyphSnapSlack
    if ink.width > room {
      size *= room / max(ink.width, 1) * 0.999
      ink = measure(shown.text, size)
    }
    let space = measure(" ", size).advance
    let origin = (area.maxX - Layout.textEdgeInset - ink.x - ink.width).rounded(.down)
    var x = origin
    var spans: [Range<Double>] = []
    for text in shown.rows {
      let advance = measure(text, size).advance
      spans.append((x - space / 2)..<(x + advance + space / 2))
      x += advance + space
    }
    return TapeLineFit(size: size, x: origin, spans: spans)
  }
}

extension Frame {
  /// The row of the strip under `point`, or nil: every row lies inside the strip, so a point
  /// elsewhere formats none.
  public func historyRow(at point: Point) -> ShownHistoryRow? {
    guard layout.historyRect.contains(point) else { return nil }
    return shownHistoryRows.first { $0.rect.contains(point) }
  }

  /// The line of the side panel under `point`, or nil.
  public func tapeLine(at point: Point) -> ShownTapeLine? {
    guard layout.tapePanel.contains(point) else { return nil }
    return shownTapeLines.first { $0.rect.contains(point) && $0.header == nil }
  }

  /// The row of a side panel line under `point`, as drawn: the calculation's index on the tape
  /// and the row's among its shown rows; nil off the panel's rows.
  ///
  /// What a row covers across its line depends on its glyphs, which `measure` gives.
  public func tapePanelRow(at point: Point, measure: TapeTextMeasure) -> (
    calculation: Int, row: Int
  )? {
    guard let shown = tapeLine(at: point) else { return nil }
    let fit = layout.tapeLineFit(shown, measure: measure)
    guard let index = fit.spans.firstIndex(where: { $0.contains(point.x) }) else { return nil }
    return (shown.calculation, shown.firstRow + index)
  }
}
