import CCairo
import CalculatorCore
import CalculatorLayout

/// What the display shows in one frame: the text, its font size and where its ink lands.
struct DisplayFit: Equatable {
  /// The text drawn: `calculator.display`, or a shorter form in a very narrow window.
  var text: String
  /// The font size it is drawn at.
  var size: Double
  /// The origin the text is drawn from (its baseline's left end), in window pixels.
  var origin: Point
  /// The ink box of the drawn text, in window pixels.
  var ink: Rect
}

extension Renderer {
  /// cairo 1.16 draws each glyph at a whole-pixel origin, which moves it up to half a pixel from
  /// where the ink box says, and FreeType rounds ink extents to 1/64 px: text at a floored
  /// origin, `edgeInset` in from the right edge, needs this much room beyond its ink width to
  /// stay inside its rectangle.
  static let glyphSnapSlack = 1.0 + 2 * edgeInset
  /// How far the ideal ink stays inside the right edge: half a pixel of glyph snapping and the
  /// extents' rounding.
  static let edgeInset = 0.5 + 0.05

  /// The display's text, size and placement for a calculator in a layout (docs/SPEC.md section
  /// 3.3).
  ///
  /// The whole display at the largest size that fits, down to the layout's minimum (24% of the
  /// base); else, in a window narrower than the default, the longest `display(maxLength:)` that
  /// fits at the minimum. The last two answers are kept: the text is measured only when the
  /// state or the size changes, not on every frame.
  func displayFit(for calculator: Calculator, layout: Layout, context: CairoContext) -> DisplayFit {
    let key = DisplayFitKey(
      calculator: calculator, rect: layout.displayRect, baseSize: layout.displayFontSize,
      showsIndicator: showsAngleIndicator(for: calculator, layout: layout))
    if let cached = displayFits.first(where: { $0.key == key }) { return cached.fit }
    let (text, size) = displayText(for: calculator, layout: layout, context: context)
    context.setFont(displayFace, size: size)
    let ink = context.extents(text)
    let rect = layout.displayRect
    // Right-aligned on the ink, one baseline whatever the size.
    let origin = Point(
      x: (rect.maxX - Self.edgeInset - ink.x - ink.width).rounded(.down),
      y: (rect.maxY - Theme.displayBaseline * layout.displayFontSize).rounded())
    let fit = DisplayFit(
      text: text, size: size, origin: origin,
      ink: Rect(x: origin.x + ink.x, y: origin.y + ink.y, width: ink.width, height: ink.height))
    displayFits = [(key, fit)] + displayFits.prefix(1)
    return fit
  }

  private func displayText(for calculator: Calculator, layout: Layout, context: CairoContext)
    -> (text: String, size: Double)
  {
    // `Rad` keeps its place at the display's left: the number fits beside it.
    let reserved = angleIndicatorRoom(for: calculator, layout: layout, context: context)
    context.setFont(displayFace, size: layout.displayFontSize)
    // The ink at the base size, widened so that once shrunk it leaves the glyph-snap slack.
    let rect = layout.displayRect.width
    let room = rect - Self.glyphSnapSlack - reserved
    func widthToFit(_ text: String) -> Double {
      room > 0 ? context.extents(text).width * rect / room : .infinity
    }
    let full = calculator.display
    if let size = layout.displayFontSize(fitting: widthToFit(full)) {
      return (full, size)
    }
    var previous = full
    for length in stride(from: full.count - 1, through: 1, by: -1) {
      let candidate = calculator.display(maxLength: length)
      guard candidate != previous else { continue }
      previous = candidate
      if let size = layout.displayFontSize(fitting: widthToFit(candidate)) {
        return (candidate, size)
      }
    }
    // Nothing fits at the minimum (a display a few pixels wide): shrink the shortest form further.
    let ink = context.extents(previous).width
    return (previous, layout.displayFontSize * min(1, max(room, 0) / max(ink, 1)))
  }

  /// The rectangles to redraw for `frame` on a window that shows `previous`:
  /// `frame.damage(since:)` with the display's box narrowed to the ink of its text before and
  /// after, so a digit typed redraws the digits, not the display's width.
  ///
  /// Only when the text or its cue changed alone (the Rad indicator drawn the same). The ink is
  /// grown by 2 px: glyphs snap to whole pixels (half a pixel) and are antialiased (one).
  ///
  /// Rectangles inside `sent` (already drawn from `frame`, `Frame.pressedBox(since:)`) are left
  /// out.
  public func damage(_ frame: Frame, since previous: Frame, sent: PixelRect? = nil) -> [PixelRect] {
    let damage = frame.damage(since: previous).filter { rect in
      sent.map { $0.union(rect) != $0 } ?? true
    }
    let layout = frame.layout
    guard layout.tip == nil, frame.calculator.angle == previous.calculator.angle,
      let index = damage.firstIndex(of: frame.displayBox(layout))
    else { return damage }
    let ink = [frame, previous].map { shown in
      PixelRect(
        covering: displayFit(for: shown.calculator, layout: layout, context: measuringContext).ink,
        margin: 2, within: frame.displayBox(layout))
    }
    var narrowed = damage
    narrowed[index] = ink[0].union(ink[1])
    return PixelRect.coalesced(narrowed)
  }

  func drawDisplay(_ frame: Frame, layout: Layout, in context: CairoContext) {
    let fit = displayFit(for: frame.calculator, layout: layout, context: context)
    switch frame.displayCue {
    case nil: context.setColor(Theme.displayText)
    case .refused: context.setColor(Theme.errorText)
    case .copied: context.setColor(Theme.copiedText)
    }
    context.setFont(displayFace, size: fit.size)
    context.showText(fit.text, x: fit.origin.x, y: fit.origin.y)
  }

  func drawHistory(_ frame: Frame, layout: Layout, in context: CairoContext) {
    let strip = layout.historyRect
    guard !strip.isEmpty else { return }
    // Only the rows that show are formatted: the strip and the tape can hold thousands.
    let rows = frame.shownHistoryRows
    guard !rows.isEmpty else { return }
    context.save()
    defer { context.restore() }
    context.clip(to: strip)  // a guard only: every row drawn lies inside the strip
    let line = max(1, layout.unit.rounded())
    for row in rows {
      if row.startsCalculation {
        context.setColor(Theme.historySeparator)
        let (left, right) = (strip.minX.rounded(.up), strip.maxX.rounded(.down))  // crisp
        cairo_rectangle(context.pointer, left, row.rect.minY.rounded(), right - left, line)
        cairo_fill(context.pointer)
      }
      context.setColor(row.isPast ? Theme.pastHistoryText : Theme.historyText)
      showRightAligned(
        row.text, face: labelFace,
        size: row.isPast ? layout.pastHistoryFontSize : layout.historyFontSize, in: strip,
        baseline: (row.rect.maxY - Theme.historyBaseline * row.rect.height).rounded(),
        context: context)
    }
  }

  /// Draws `text` with its ink's right edge on `rect`'s right edge, shrunk when its ink is
  /// wider than `rect` (scaling is linear without hinting; the 0.999 guards rounding).
  private func showRightAligned(
    _ text: String, face: FontFace, size: Double, in rect: Rect, baseline: Double,
    context: CairoContext
  ) {
    context.setFont(face, size: size)
    var ink = context.extents(text)
    let room = rect.width - Self.glyphSnapSlack
    if ink.width > room {
      context.setFont(face, size: size * room / max(ink.width, 1) * 0.999)
      ink = context.extents(text)
    }
    context.showText(
      text, x: (rect.maxX - Self.edgeInset - ink.x - ink.width).rounded(.down), y: baseline)
  }
}

/// What a `DisplayFit` depends on.
struct DisplayFitKey: Equatable {
  var calculator: Calculator
  var rect: Rect
  var baseSize: Double
  var showsIndicator: Bool
}
