import CCairo
import CalculatorCore
import CalculatorLayout

extension Renderer {
  /// `Rad` at the display's left while the angle unit is radians (docs/SPEC.md section 3.3), in the
  /// strip's gray, on the display's baseline; only with the scientific keys, whose functions it
  /// is about (the basic keypad keeps the unit for them but shows none).
  func drawAngleIndicator(layout: Layout, in context: CairoContext) {
    let rect = layout.displayRect
    context.setColor(Theme.historyText)
    context.setFont(
      labelFace, size: indicatorSize(baseSize: layout.displayFontSize, least: layout.leastTextSize))
    let ink = context.extents(Renderer.radiansIndicator)
    context.showText(
      Renderer.radiansIndicator, x: (rect.minX - ink.x).rounded(),
      y: (rect.maxY - Theme.displayBaseline * layout.displayFontSize).rounded())
  }

  /// The indicator's text.
  static let radiansIndicator = "Rad"

  /// The width at the display's left that `Rad` and a gap of half its size take from a number
  /// drawn at `baseSize`.
  func angleIndicatorRoom(baseSize: Double, least: Double, context: CairoContext) -> Double {
    let size = indicatorSize(baseSize: baseSize, least: least)
    context.setFont(labelFace, size: size)
    return context.extents(Renderer.radiansIndicator).width + size / 2
  }

  /// The indicator's font size beside a number drawn at `baseSize`: a quarter of it, never
  /// under the least text size.
  func indicatorSize(baseSize: Double, least: Double) -> Double {
    max(Theme.indicatorSize * baseSize, least)
  }
}
