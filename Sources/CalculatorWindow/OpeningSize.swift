import CalculatorCore
import CalculatorLayout

extension WindowState {
  /// The size a window opens at, in pixels, at `scale` (docs/SPEC.md section 3).
  ///
  /// A size asked for (`--size`, 96-dpi pixels) is scaled as asked. A saved size (the user's,
  /// whatever the mode) is scaled and kept between the mode's minimum and the work area. The
  /// first launch opens at the default size scaled, shrunk to the work area keeping its aspect:
  /// 360 × 640 at 192 dpi on a 1366 × 768 screen is 432 × 768, not 720 × 1280.
  public static func openingSize(
    mode: Mode, scale: Double, requested: PixelSize?, saved: PixelSize?, workArea: PixelSize
  ) -> PixelSize {
    func scaled(_ side: Int) -> Int {
      min(max(1, Int((Double(side) * scale).rounded())), Layout.maximumSide)
    }
    let least = Layout.minimumSize(for: mode)
    let minimum = PixelSize(width: scaled(least.width), height: scaled(least.height))
    if let requested {
      return PixelSize(width: scaled(requested.width), height: scaled(requested.height))
    }
    if let saved {
      // A saved size (a window shrunk to 1×1 without a window manager, an edited file) is
      // kept between the minimum size and the work area.
      return PixelSize(
        width: min(max(scaled(saved.width), minimum.width), max(workArea.width, minimum.width)),
        height: min(
          max(scaled(saved.height), minimum.height), max(workArea.height, minimum.height)))
    }
    let size = PixelSize(
      width: scaled(Layout.defaultSize.width), height: scaled(Layout.defaultSize.height))
    let fit = min(
      1, Double(max(workArea.width, 1)) / Double(size.width),
      Double(max(workArea.height, 1)) / Double(size.height))
    return PixelSize(
      width: max(1, Int((Double(size.width) * fit).rounded(.down))),
      height: max(1, Int((Double(size.height) * fit).rounded(.down))))
  }
}
