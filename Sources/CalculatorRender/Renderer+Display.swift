import CCairo
import CalculatorCore
import CalculatorLayout
import Glibc

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
    var (text, size) = displayText(for: frame.calculator, layout: layout, context: context)
    context.setFont(displayFace, size: size)
    var ink = context.extents(text)
    let room = rect.width - Self.glyphSnapSlack
    if ink.width > room {  // scaling is linear without hinting; this guards rounding
      size *= room / max(ink.width, 1) * 0.999
      context.setFont(displayFace, size: size)
      ink = context.extents(text)
    }
    context.setColor(frame.flashesError ? Theme.errorText : Theme.displayText)
    // Right edge of the ink on the keypad's right edge; one baseline whatever the size.
    context.showText(
      text, x: (rect.maxX - Self.inkRounding - ink.x - ink.width).rounded(.down),
      y: (rect.maxY - Theme.displayBaseline * layout.displayFontSize).rounded())
  }

  func drawHistory(_ frame: Frame, layout: Layout, in context: CairoContext) {
    let rows = frame.calculator.history
    let strip = layout.historyRect
    guard !rows.isEmpty, !strip.isEmpty else { return }
    context.save()
    defer { context.restore() }
    context.clip(to: strip)  // partly visible rows are cut here, never drawn over the display
    context.setColor(Theme.historyText)
    for index in rows.indices.reversed() {
      let row = layout.historyRowRect(
        index: index, rowCount: rows.count, offset: frame.historyOffset)
      if row.minY >= strip.maxY { continue }
      if row.maxY <= strip.minY { break }
      context.setFont(labelFace, size: layout.historyFontSize)
      var ink = context.extents(rows[index])
      let room = strip.width - Self.glyphSnapSlack
      if ink.width > room {
        context.setFont(labelFace, size: layout.historyFontSize * room / ink.width * 0.999)
        ink = context.extents(rows[index])
      }
      context.showText(
        rows[index], x: (strip.maxX - Self.inkRounding - ink.x - ink.width).rounded(.down),
        y: (row.maxY - Theme.historyBaseline * layout.historyRowHeight).rounded())
    }
  }
}
