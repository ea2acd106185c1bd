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
  /// The display's last text fit, kept until the state or the size changes.
  var lastDisplayFit: (key: DisplayFitKey, fit: DisplayFit)?

  struct SpriteKey: Hashable {
    var radius: Double
    var dx: Double
    var dy: Double
    /// 0 for a disc, else the width of a ring.
    var ringWidth: Double
  }

  /// The bytes the cached circle sprites hold (`make bench` reports it).
  public var spriteBytes: Int {
    sprites.values.reduce(0) {
      $0
        + Int(
          cairo_image_surface_get_stride($1.pointer) * cairo_image_surface_get_height($1.pointer))
    }
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

  /// Draws the whole frame into a new image; sizes are clamped to 1…`Layout.maximumSide`.
  public func render(_ frame: Frame) -> Image {
    let surface = CairoSurface(
      width: min(max(frame.width, 1), Layout.maximumSide),
      height: min(max(frame.height, 1), Layout.maximumSide))
    draw(frame, on: surface, visible: frame.bounds)
    return Image(surface: surface)
  }

  /// Draws the part of the frame inside `region` into caller-owned ARGB32 pixels.
  ///
  /// `stride` bytes go from one row to the next, `region.height` rows. The pixels are those
  /// `render(_:)` has there, as every drawing position is shifted by whole pixels (and shapes a
  /// region may cut are drawn through masks, see `Frame.damage(since:)`). Parts of the frame
  /// wholly outside the region are not drawn at all. The window sends its frames this way: the
  /// rectangles that changed, in bands through one bounded buffer.
  public func render(
    _ frame: Frame, region: PixelRect, into pixels: UnsafeMutableRawPointer, stride: Int
  ) {
    guard region.width > 0, region.height > 0 else { return }
    let surface = CairoSurface(
      pointer: cairo_image_surface_create_for_data(
        pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(region.width),
        Int32(region.height), Int32(stride)))
    cairo_surface_set_device_offset(surface.pointer, -Double(region.x), -Double(region.y))
    draw(frame, on: surface, visible: region)
    cairo_surface_flush(surface.pointer)
  }

  /// Draws the parts of the frame that reach into `visible` (window pixels).
  private func draw(_ frame: Frame, on surface: CairoSurface, visible: PixelRect) {
    let context = CairoContext(surface: surface, fontOptions: fontOptions)
    cairo_set_operator(context.pointer, CAIRO_OPERATOR_SOURCE)  // every pixel opaque
    context.setColor(Theme.background)
    cairo_paint(context.pointer)
    cairo_set_operator(context.pointer, CAIRO_OPERATOR_OVER)
    let layout = frame.layout
    if !layout.isEmpty && surface.status == CAIRO_STATUS_SUCCESS {
      if let tip = layout.tip {
        if frame.panelBox(tip).intersects(visible) {
          drawTipScreen(frame, layout: tip, in: context)
        }
      } else {
        if frame.stripBox(layout).intersects(visible) {
          drawHistory(frame, layout: layout, in: context)
        }
        if frame.displayBox(layout).intersects(visible) {
          drawDisplay(frame, layout: layout, in: context)
          drawAngleIndicator(frame, layout: layout, in: context)
        }
      }
      drawKeypad(frame, layout: layout, visible: visible, in: context)
      drawMenu(frame, layout: layout, in: context)
      if let lines = frame.shortcuts {
        drawShortcuts(lines, layout: layout, in: context)
      }
    }
  }

  /// Draws the frame and writes it as a PNG file; throws `RenderError` naming the path on failure.
  public func writePNG(_ frame: Frame, to path: String) throws {
    try render(frame).writePNG(to: path)
  }
}
