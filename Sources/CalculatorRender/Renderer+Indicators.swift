import CCairo
import CalculatorCore
import CalculatorLayout

extension Renderer {
  /// `Rad` at the display's left while the angle unit is radians (DESIGN.md section 6), in the
  /// strip's gray, on the display's baseline.
  func drawAngleIndicator(_ frame: Frame, layout: Layout, in context: CairoContext) {
    guard frame.calculator.angle == .radians else { return }
    let rect = layout.displayRect
    context.setColor(Theme.historyText)
    context.setFont(labelFace, size: Theme.indicatorSize * layout.displayFontSize)
    let ink = context.extents(Renderer.radiansIndicator)
    context.showText(
      Renderer.radiansIndicator, x: (rect.minX - ink.x).rounded(),
      y: (rect.maxY - Theme.displayBaseline * layout.displayFontSize).rounded())
  }

  /// The indicator's text.
  static let radiansIndicator = "Rad"
}
