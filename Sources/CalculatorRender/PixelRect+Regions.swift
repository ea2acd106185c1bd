import CalculatorLayout

extension PixelRect {
  /// The whole pixels `rect` touches, grown by `margin` on every side (antialiased edges), and
  /// clipped to `bounds`; empty when nothing is left.
  init(covering rect: Rect, margin: Double = 0, within bounds: PixelRect) {
    self.init(
      left: max(Int((rect.minX - margin).rounded(.down)), bounds.x),
      top: max(Int((rect.minY - margin).rounded(.down)), bounds.y),
      right: min(Int((rect.maxX + margin).rounded(.up)), bounds.maxX),
      bottom: min(Int((rect.maxY + margin).rounded(.up)), bounds.maxY))
  }

  /// The number of pixels both hold (0 when apart).
  func overlap(_ other: PixelRect) -> Int { intersection(other).area }

  /// What merging two rectangles costs: the pixels their union holds that neither does.
  private func waste(merging other: PixelRect) -> Int {
    union(other).area - area - other.area + overlap(other)
  }

  /// Fewer, larger rectangles covering every pixel of `rects`, top to bottom.
  ///
  /// Each request to the server and each region drawn has a fixed cost, so neighbours whose
  /// union adds little (two circles side by side, a rectangle inside another) become one; then
  /// the cheapest unions are made until at most `limit` are left. Empty rectangles go.
  public static func coalesced(_ rects: [PixelRect], limit: Int = 6) -> [PixelRect] {
    var rects = rects.filter { !$0.isEmpty }
    func cheapestPair() -> (Int, Int, waste: Int)? {
      var best: (Int, Int, waste: Int)?
      for i in rects.indices {
        for j in rects.indices where j > i {
          let waste = rects[i].waste(merging: rects[j])
          if waste < best?.waste ?? .max { best = (i, j, waste) }
        }
      }
      return best
    }
    while let (i, j, waste) = cheapestPair(),
      rects.count > max(limit, 1) || waste <= min(rects[i].area, rects[j].area) / 4
    {
      rects[i] = rects[i].union(rects[j])
      rects.remove(at: j)
    }
    return rects.sorted { ($0.y, $0.x) < ($1.y, $1.x) }
  }
}
