import CalculatorCore
import CalculatorLayout
import Testing

@testable import CalculatorRender

/// `render(_:region:into:stride:)` is how the window gets its pixels (bands through a bounded
/// buffer, later only the changed rectangles): every region must hold exactly the pixels of the
/// whole frame there, wherever its edges cut circles, labels and digits.
@Suite struct RegionRenderTests {
  /// Renders `region` with a new renderer and counts the pixels that differ from `whole`.
  func differingPixels(_ frame: Frame, region: PixelRect, from whole: Image) -> Int {
    Renderer().differingPixels(frame, region: region, from: whole)
  }

  @Test(arguments: [(360, 640, 1), (360, 640, 7), (360, 640, 333), (1000, 700, 97)])
  func bandsOfAnyHeightEqualTheWholeFrame(width: Int, height: Int, rows: Int) throws {
    var frame = try frame("12+345*6", width, height)
    frame.pressed = GridPosition(row: 2, column: 1)
    let whole = Renderer().render(frame)
    var top = 0
    var differing = 0
    while top < height {
      let band = PixelRect(x: 0, y: top, width: width, height: min(rows, height - top))
      differing += differingPixels(frame, region: band, from: whole)
      top += band.height
    }
    #expect(differing == 0)
  }

  @Test func aRectangleAcrossTheDisplayAndTheKeysEqualsTheWholeFrame() throws {
    let frame = try frame("1/7=", 393, 852)
    let whole = Renderer().render(frame)
    for region in [
      PixelRect(x: 13, y: 150, width: 211, height: 123),
      PixelRect(x: 0, y: 0, width: 1, height: 852),
      PixelRect(x: 392, y: 851, width: 1, height: 1),
      PixelRect(x: 100, y: 400, width: 293, height: 452),
    ] {
      #expect(differingPixels(frame, region: region, from: whole) == 0, "\(region)")
    }
  }

  /// cairo rasterizes a path cut by the surface's edge a little differently (a stroked ring was
  /// off by up to 9 levels at some pixels): the ring, like the circles, is a sprite, so regions
  /// cutting it anywhere hold the whole frame's pixels.
  @Test(arguments: [(360, 640), (852, 393), (500, 520)])
  func regionsCuttingTheFocusRingEqualTheWholeFrame(width: Int, height: Int) {
    var frame = Frame(calculator: Calculator(), width: width, height: height)
    frame.focused = GridPosition(row: 0, column: 1)
    let whole = Renderer().render(frame)
    let center = frame.layout.circle(at: GridPosition(row: 0, column: 1)).center
    var differing = 0
    for dx in stride(from: -45, through: 0, by: 3) {
      for dy in stride(from: -45, through: 0, by: 4) {
        let region = PixelRect(x: Int(center.x) + dx, y: Int(center.y) + dy, width: 50, height: 50)
        differing += differingPixels(frame, region: region, from: whole)
      }
    }
    #expect(differing == 0)
  }
}
