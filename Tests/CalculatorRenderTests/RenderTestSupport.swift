import CalculatorCore
import CalculatorLayout
import TestSupport
import Testing

@testable import CalculatorRender

/// A frame of the `--keys` sequence `keys` at `width` × `height`.
func frame(_ keys: String, _ width: Int, _ height: Int) -> Frame {
  Frame(calculator: TestSupport.calculator(after: keys), width: width, height: height)
}

extension Layout {
  /// The first pixel column right of the side tape panel (0 without one): the keypad's column.
  var columnLeft: Int { tapePanel.isEmpty ? 0 : Int(tapePanel.maxX.rounded(.up)) + 1 }
}

extension Renderer {
  /// Renders `region` of `frame` into a fresh buffer (a stride wider than the row, as a caller
  /// may use, filled with garbage) and counts the pixels that differ from `whole` there.
  func differingPixels(_ frame: Frame, region: PixelRect, from whole: Image) -> Int {
    let stride = region.width * 4 + 12
    let pixels = UnsafeMutableRawPointer.allocate(byteCount: stride * region.height, alignment: 16)
    defer { pixels.deallocate() }
    pixels.initializeMemory(as: UInt8.self, repeating: 0x5A, count: stride * region.height)
    render(frame, region: region, into: pixels, stride: stride)
    var count = 0
    for row in 0..<region.height {
      for column in 0..<region.width {
        let pixel = pixels.load(fromByteOffset: row * stride + column * 4, as: UInt32.self)
        let expected = whole.bytes.load(
          fromByteOffset: (region.y + row) * whole.stride + (region.x + column) * 4,
          as: UInt32.self)
        if pixel != expected { count += 1 }
      }
    }
    return count
  }
}

extension Image {
  /// The colour at a point (the pixel containing it); black outside the image.
  func color(at point: Point) -> Color {
    color(x: Int(point.x), y: Int(point.y)) ?? Color(0)
  }

  /// Every pixel in the columns `xs` and rows `ys` (clamped to the image) that is not black.
  func nonBlackPixels(xs: Range<Int>, ys: Range<Int>) -> [(Int, Int, Color)] {
    var found: [(Int, Int, Color)] = []
    for y in max(0, ys.lowerBound)..<min(height, max(ys.upperBound, 0)) {
      for x in max(0, xs.lowerBound)..<min(width, max(xs.upperBound, 0)) {
        if let color = color(x: x, y: y), color != Theme.background {
          found.append((x, y, color))
        }
      }
    }
    return found
  }

  /// How many pixels in the square of half-size `half` around `center` have exactly `color`.
  func count(_ color: Color, around center: Point, half: Double) -> Int {
    var count = 0
    for y in Int(center.y - half)...Int(center.y + half) {
      for x in Int(center.x - half)...Int(center.x + half) where self.color(x: x, y: y) == color {
        count += 1
      }
    }
    return count
  }
}

extension Circle {
  /// A point inside the circle well away from any label: 0.71 r from the centre, down right.
  var fillProbe: Point { Point(x: center.x + 0.5 * radius, y: center.y + 0.5 * radius) }

  /// A point in the corner of the bounding box, outside the circle (1.27 r from the centre).
  func cornerProbe(_ sx: Double, _ sy: Double) -> Point {
    Point(x: center.x + sx * 0.9 * radius, y: center.y + sy * 0.9 * radius)
  }
}

/// Window sizes the pixel tests draw at: default, reference, minimum, landscape, 4K-ish.
let renderSizes: [(Int, Int)] = [
  (360, 640), (393, 852), (220, 400), (800, 600), (1920, 1080), (1440, 2560), (300, 1000),
]

/// The fill colour a cell has when nothing is pressed or pending.
func restingFill(_ position: GridPosition) -> Color {
  switch Keypad.basic.cap(at: position)?.style {
  case .function: Theme.functionFill
  case .operator: Theme.operatorFill
  default: Theme.digitFill
  }
}
