import CCairo
import CalculatorCore
import CalculatorLayout

extension Renderer {
  /// cairo 1.16 draws glyphs at whole-pixel origins, and FreeType rounds ink extents to 1/64 px:
  /// text at a floored origin, `inkRounding` in from the edge, needs this much room beyond its
  /// ink width to stay inside its rectangle.
  static let glyphSnapSlack = 1.0 + 2 * inkRounding
  static let inkRounding = 0.05

  /// The text shown in the display and its font size: the whole display at the largest size
  /// down to half the base that fits; else the longest `display(maxLength:)` that fits at half.
  func displayText(for calculator: Calculator, layout: Layout, context: CairoContext) -> (
    text: String, size: Double
  ) {
    context.setFont(displayFace, size: layout.displayFontSize)
    let full = calculator.display
    if let size = layout.displayFontSize(fitting: context.extents(full).width + Self.glyphSnapSlack)
    {
      return (full, size)
    }
    var previous = full
    for length in stride(from: full.count - 1, through: 1, by: -1) {
      let candidate = calculator.display(maxLength: length)
      guard candidate != previous else { continue }
      previous = candidate
      let width = context.extents(candidate).width + Self.glyphSnapSlack
      if let size = layout.displayFontSize(fitting: width) {
        return (candidate, size)
      }
    }
    // Nothing fits at half size (a display a few pixels wide): shrink the shortest form further.
    let width = context.extents(previous).width + Self.glyphSnapSlack
    return (previous, layout.displayFontSize * min(1, layout.displayRect.width / max(width, 1)))
  }

  func drawDisplay(_ frame: Frame, layout: Layout, in context: CairoContext) {
    let rect = layout.displayRect
    let (text, size) = displayText(for: frame.calculator, layout: layout, context: context)
    context.setColor(frame.flashesError ? Theme.errorText : Theme.displayText)
    // One baseline whatever the size.
    showRightAligned(
      text, face: displayFace, size: size, in: rect,
      baseline: (rect.maxY - Theme.displayBaseline * layout.displayFontSize).rounded(),
      context: context)
  }

  func drawHistory(_ frame: Frame, layout: Layout, in context: CairoContext) {
    let calculator = frame.calculator
    let count = calculator.historyCount
    let strip = layout.historyRect
    guard count > 0, !strip.isEmpty else { return }
    context.save()
    defer { context.restore() }
    context.clip(to: strip)  // partly visible rows are cut here, never drawn over the display
    context.setColor(Theme.historyText)
    // Only the rows that show are formatted: the strip can hold thousands.
    for index in (0..<count).reversed() {
      let row = layout.historyRowRect(index: index, rowCount: count, offset: frame.historyOffset)
      if row.minY >= strip.maxY { continue }
      if row.maxY <= strip.minY { break }
      showRightAligned(
        calculator.historyRow(index), face: labelFace, size: layout.historyFontSize, in: strip,
        baseline: (row.maxY - Theme.historyBaseline * layout.historyRowHeight).rounded(),
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
      text, x: (rect.maxX - Self.inkRounding - ink.x - ink.width).rounded(.down), y: baseline)
  }
}
