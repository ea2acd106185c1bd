import CalculatorCore
import CalculatorLayout
import Testing

@testable import CalculatorRender

/// The keyboard focus ring: white, 2 px wide and 2 px outside the focused circle up to the
/// reference width (393), both growing with the circles beyond it; nothing else changes.
@Suite struct FocusRingPixelTests {
  let renderer = Renderer()

  @Test(arguments: renderSizes)
  func theRingCirclesTheFocusedKeyAndChangesNothingElse(width: Int, height: Int) throws {
    for position in [GridPosition(row: 1, column: 1), GridPosition(row: 3, column: 3)] {
      var frame = try frame("12+", width, height)  // + is pending: a white circle
      let plain = renderer.render(frame)
      frame.focused = position
      let ringed = renderer.render(frame)
      let layout = frame.layout
      let grow = max(1, layout.unit)
      let (offset, ring) = (2 * grow, 2 * grow)  // neither reaches a third of the gap here
      #expect(offset + ring <= layout.gap * 2 / 3)
      let circle = layout.circle(at: position)
      let (r, cx, cy) = (circle.radius, circle.center.x, circle.center.y)
      for (dx, dy) in [(1.0, 0.0), (-1, 0), (0, 1), (0, -1)] {
        func at(_ distance: Double) -> Point {
          Point(x: cx + dx * distance, y: cy + dy * distance)
        }
        let middle = ringed.color(at: at(r + offset + ring / 2))
        #expect(min(middle.red, middle.green, middle.blue) >= 0xF0, "\(width)x\(height) \(middle)")
        // Black but for the antialiased sliver a pixel next to a curved edge can catch.
        for (distance, place) in [
          (r + offset / 2, "between circle and ring"), (r + offset + ring + 1, "outside"),
        ] {
          let color = ringed.color(at: at(distance))
          #expect(max(color.red, color.green, color.blue) <= 0x10, "\(place): \(color)")
        }
      }
      // Every pixel that changed lies on the ring.
      var strays: [(Int, Int)] = []
      for y in 0..<height {
        for x in 0..<width where plain.color(x: x, y: y) != ringed.color(x: x, y: y) {
          let distance =
            ((Double(x) + 0.5 - cx) * (Double(x) + 0.5 - cx)
            + (Double(y) + 0.5 - cy) * (Double(y) + 0.5 - cy)).squareRoot()
          if distance <= r + offset - 0.8 || distance >= r + offset + ring + 0.8 {
            strays.append((x, y))
          }
        }
      }
      #expect(strays.isEmpty, "\(width)x\(height): \(strays.count) pixels off the ring")
    }
  }

  @Test func theRingIsTwiceAsWideAtTwiceTheReferenceWidth() throws {
    // 2 × 393 at 288 dpi, below the default window's unit there: circles twice as big.
    var frame = Frame(calculator: Calculator(), width: 786, height: 1704, scale: 3)
    #expect(frame.layout.unit == 2)
    frame.focused = GridPosition(row: 2, column: 0)
    let image = renderer.render(frame)
    let circle = frame.layout.circle(at: GridPosition(row: 2, column: 0))
    let right = { (distance: Double) in
      image.color(at: Point(x: circle.center.x + circle.radius + distance, y: circle.center.y))
    }
    #expect(right(2) == Theme.background)
    #expect(right(6) == Theme.focusRing)
    #expect(right(10) == Theme.background)
  }
}
