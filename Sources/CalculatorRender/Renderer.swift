/// CalculatorRender: draws one whole frame (keypad, display, tape, Convert lines, menu, unit
/// picker, shortcuts overlay) with Cairo into an image surface; the only module that draws.
/// Start reading at `Renderer.render(_:)`; colours and fonts are the table in Theme.swift.
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
  /// Circles already rasterized, for the radii in `spriteRadii` only.
  var sprites: [SpriteKey: CairoSurface] = [:]
  var spriteRadii: [Double] = []
  /// The display's last two text fits (the frame on the window and the next one), kept until
  /// the state or the size changes.
  var displayFits: [(key: DisplayFitKey, fit: DisplayFit)] = []
  /// Keypad cells drawn before, copied when drawn again the same.
  var cellImages = CellImages()
  /// Texts measured so far: labels come back every frame.
  let measured = MeasuredTexts()
  /// A context for measuring text outside any drawing (`damage(_:since:)`).
  lazy var measuringContext = CairoContext(
    surface: CairoSurface(width: 1, height: 1), fontOptions: fontOptions, measured: measured)
  /// The surfaces over the window's buffer that regions were last drawn into, newest first.
  private var targets: [RegionTarget] = []

  /// A surface and a context over caller-owned pixels.
  private struct RegionTarget {
    let pixels: UnsafeMutableRawPointer
    let width: Int
    let height: Int
    let stride: Int
    let surface: CairoSurface
    let context: CairoContext
  }

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
    let context = CairoContext(surface: surface, fontOptions: fontOptions, measured: measured)
    draw(
      frame, in: context, visible: frame.bounds, isUsable: surface.status == CAIRO_STATUS_SUCCESS)
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
    let cell = SpeedTricks.active.contains(.cellCopies) ? frame.cellImageKey(for: region) : nil
    if let cell, copyCell(cell, region: region, into: pixels, stride: stride) { return }
    defer { if let cell { keepCell(cell, region: region, from: pixels, stride: stride) } }
    let target = target(pixels, width: region.width, height: region.height, stride: stride)
    let context = target.context
    cairo_surface_mark_dirty(target.surface.pointer)
    context.save()
    cairo_new_path(context.pointer)  // a path is not part of the saved state
    cairo_translate(context.pointer, -Double(region.x), -Double(region.y))
    draw(
      frame, in: context, visible: region, isUsable: target.surface.status == CAIRO_STATUS_SUCCESS)
    context.restore()
    cairo_surface_flush(target.surface.pointer)
  }

  /// A surface and a context over `pixels`, kept for the next region drawn there in the same
  /// shape (a key's display and circle come back at the same places of the window's buffer):
  /// setting them up took about a fifth of drawing a key's rectangles.
  private func target(_ pixels: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int)
    -> RegionTarget
  {
    if let index = targets.firstIndex(where: {
      $0.pixels == pixels && $0.width == width && $0.height == height && $0.stride == stride
    }) {
      let target = targets.remove(at: index)
      targets.insert(target, at: 0)
      return target
    }
    let surface = CairoSurface(
      pointer: cairo_image_surface_create_for_data(
        pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(width),
        Int32(height), Int32(stride)))
    let target = RegionTarget(
      pixels: pixels, width: width, height: height, stride: stride, surface: surface,
      context: CairoContext(surface: surface, fontOptions: fontOptions, measured: measured))
    targets.insert(target, at: 0)
    if targets.count > 8 { targets.removeLast() }
    return target
  }

  /// Draws the parts of the frame that reach into `visible` (window pixels); only the background
  /// on a surface cairo could not make.
  private func draw(
    _ frame: Frame, in context: CairoContext, visible: PixelRect, isUsable: Bool
  ) {
    cairo_set_operator(context.pointer, CAIRO_OPERATOR_SOURCE)  // every pixel opaque
    context.setColor(Theme.background)
    cairo_paint(context.pointer)
    cairo_set_operator(context.pointer, CAIRO_OPERATOR_OVER)
    let layout = frame.layout
    if !layout.isEmpty && isUsable {
      for part in frame.screenParts where frame.box(of: part).intersects(visible) {
        draw(frame.content(of: part), layout: layout, in: context)
      }
      drawKeypad(frame, layout: layout, visible: visible, in: context)
      drawMenu(frame, layout: layout, in: context)
      drawPicker(frame, layout: layout, in: context)
      if let lines = frame.shortcuts {
        drawShortcuts(lines, offset: frame.shortcutsOffset, layout: layout, in: context)
      }
    }
  }

  /// Draws one part of the screen from what it shows (`Frame.content(of:)`), and from nothing
  /// else: what `Frame.damage(since:)` compares is what is drawn.
  private func draw(_ content: ScreenContent, layout: Layout, in context: CairoContext) {
    switch content {
    case .display(let text, let cue, let showsRadians, let isSelected):
      drawDisplay(
        text, cue: cue, showsRadians: showsRadians, isSelected: isSelected, layout: layout,
        in: context)
    case .strip(let rows, let header):
      drawHistory(rows, layout: layout, in: context)
      if let header { drawStripDayHeader(header, layout: layout, in: context) }
    case .tapePanel(let lines): drawTapePanel(lines, layout: layout, in: context)
    case .search(let search): drawSearch(search, layout: layout, in: context)
    case .convertUnits(let units):
      guard let units, let lines = layout.convert else { return }
      drawConvertUnits(units, lines: lines, in: context)
    case .convertedValue(let converted):
      guard let converted, let lines = layout.convert else { return }
      drawConverted(converted, lines: lines, in: context)
    case .tipPanel(let screen, let focusedField, let cue):
      guard let screen, let panel = layout.tipLayout else { return }
      drawTipScreen(screen, focusedField: focusedField, cue: cue, layout: panel, in: context)
    }
  }

  /// Draws the frame and writes it as a PNG file; throws `RenderError` naming the path on failure.
  public func writePNG(_ frame: Frame, to path: String) throws {
    try render(frame).writePNG(to: path)
  }
}
