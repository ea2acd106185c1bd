import CCairo
import CalculatorLayout

extension Renderer {
  /// The largest icon `renderIcon(size:)` draws, in pixels each way.
  public static let maximumIconSide = 4096

  /// The application icon at `size` × `size` pixels.
  ///
  /// A black rounded square holding four keys of the keypad: function gray, operator orange,
  /// digit gray and an orange "=". The same pixels serve `make install` (hicolor PNGs) and the
  /// window's `_NET_WM_ICON`; the corners outside the rounded square are transparent.
  public func renderIcon(size: Int) -> Image {
    let side = min(max(size, 1), Renderer.maximumIconSide)
    let surface = CairoSurface(width: side, height: side)
    let context = CairoContext(surface: surface, fontOptions: fontOptions)
    let s = Double(side)
    let c = context.pointer
    // 0.225: the rounding of app icons on a phone home screen.
    context.addRoundedRect(Rect(x: 0, y: 0, width: s, height: s), radius: 0.225 * s)
    context.setColor(Theme.background)
    cairo_fill(c)
    let radius = 0.19 * s
    let fills = [Theme.functionFill, Theme.operatorFill, Theme.digitFill, Theme.operatorFill]
    for (index, fill) in fills.enumerated() {
      let center = Point(
        x: s * (index % 2 == 0 ? 0.29 : 0.71), y: s * (index / 2 == 0 ? 0.29 : 0.71))
      context.setColor(fill)
      context.fillCircle(Circle(center: center, radius: radius))
    }
    // An "=" on the last key, drawn as two bars so it needs no font.
    context.setColor(Theme.operatorLabel)
    let bar = (width: 0.16 * s, height: max(0.032 * s, 1))
    for dy in [-0.045 * s, 0.045 * s] {
      cairo_rectangle(
        c, 0.71 * s - bar.width / 2, 0.71 * s + dy - bar.height / 2, bar.width, bar.height)
    }
    cairo_fill(c)
    return Image(surface: surface)
  }
}
