/// CalculatorRender: draws one whole frame (keypad, display, history strip, shortcuts overlay)
/// with Cairo into an image surface; the only module that draws. Start reading at
/// `Renderer.render(_:)`; colours and fonts are the table in Theme.swift.
import CCairo
import CalculatorCore
import CalculatorLayout

/// Draws frames with Cairo; fonts are set up once, in `init`.
public final class Renderer {
  let fontOptions = FontOptions()
  /// Inter Light (or any light sans): the display.
  let displayFace: FontFace
  /// Inter Regular: digit labels, history rows, overlay descriptions.
  let labelFace: FontFace
  /// Inter Medium: AC/C ± % and the operators, overlay keys.
  let symbolFace: FontFace
  /// Circles already rasterized, for the current radius only.
  var sprites: [SpriteKey: CairoSurface] = [:]
  var spriteRadius = -1.0

  struct SpriteKey: Hashable {
    var radius: Double
    var dx: Double
    var dy: Double
    var color: Color
  }

  /// Loads the fonts through fontconfig (about 8 ms); a missing font falls back, never fails.
  public convenience init() {
    self.init(display: Theme.displayFont, label: Theme.labelFont, symbol: Theme.symbolFont)
  }

  /// A renderer with other fontconfig patterns, each list tried in order (tests use it).
  init(display: [String], label: [String], symbol: [String]) {
    displayFace = FontFace.matching(display)
    labelFace = FontFace.matching(label)
    symbolFace = FontFace.matching(symbol)
  }

  /// Draws the whole frame into a new image; sizes are clamped to 1…32767 (cairo's limits).
  public func render(_ frame: Frame) -> Image {
    let surface = CairoSurface(
      width: min(max(frame.width, 1), 32767), height: min(max(frame.height, 1), 32767))
    let context = CairoContext(surface: surface, fontOptions: fontOptions)
    cairo_set_operator(context.pointer, CAIRO_OPERATOR_SOURCE)  // every pixel opaque
    context.setColor(Theme.background)
    cairo_paint(context.pointer)
    cairo_set_operator(context.pointer, CAIRO_OPERATOR_OVER)
    let layout = frame.layout
    if !layout.isEmpty && surface.status == CAIRO_STATUS_SUCCESS {
      drawHistory(frame, layout: layout, in: context)
      drawDisplay(frame, layout: layout, in: context)
      drawKeypad(frame, layout: layout, in: context)
      if frame.showsShortcuts {
        drawShortcuts(layout: layout, in: context)
      }
    }
    return Image(surface: surface)
  }

  /// Draws the frame and writes it as a PNG file; throws `RenderError` naming the path on failure.
  public func writePNG(_ frame: Frame, to path: String) throws {
    try render(frame).writePNG(to: path)
  }
}
