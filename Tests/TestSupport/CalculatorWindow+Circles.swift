import CalculatorLayout
import CalculatorRender

extension CalculatorWindow {
  /// The centres of the 20 circles, row by row, found in a `--render` at the window's size by
  /// their fill colours (#333333, #A5A5A5, #FF9F0A): the drawing, not the layout code, decides.
  public func circleCentres() throws -> [[(x: Int, y: Int)]] {
    let image = try render(keys: "")
    guard image.width == width, image.height == height else { throw TestFailure("render size") }
    let pixels = (0..<(width * height)).map {
      image.bytes.load(
        fromByteOffset: ($0 / width) * image.stride + ($0 % width) * 4, as: UInt32.self)
        & 0xFF_FFFF
    }
    let fills: Set<UInt32> = [0x33_3333, 0xA5_A5A5, 0xFF_9F0A]
    var label = [Int32](repeating: -1, count: width * height)
    var boxes: [(minX: Int, minY: Int, maxX: Int, maxY: Int, count: Int)] = []
    for start in 0..<(width * height) where label[start] < 0 {
      let color = pixels[start]
      guard fills.contains(color) else { continue }
      // Flood fill one circle of one colour.
      var stack = [start]
      label[start] = Int32(boxes.count)
      var box = (minX: Int.max, minY: Int.max, maxX: 0, maxY: 0, count: 0)
      while let index = stack.popLast() {
        let (x, y) = (index % width, index / width)
        box = (
          min(box.minX, x), min(box.minY, y), max(box.maxX, x), max(box.maxY, y), box.count + 1
        )
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
          let (nx, ny) = (x + dx, y + dy)
          guard nx >= 0, ny >= 0, nx < width, ny < height else { continue }
          let next = ny * width + nx
          if label[next] < 0 && pixels[next] == color {
            label[next] = Int32(boxes.count)
            stack.append(next)
          }
        }
      }
      boxes.append(box)
    }
    // The circles are the 20 largest regions; labels and edges make small ones.
    let circles = boxes.sorted { $0.count > $1.count }.prefix(20)
      .map { (x: ($0.minX + $0.maxX) / 2, y: ($0.minY + $0.maxY) / 2) }
      .sorted { $0.y < $1.y }
    guard circles.count == 20 else { throw TestFailure("found \(circles.count) circles") }
    return stride(from: 0, to: 20, by: 4).map { row in
      circles[row..<(row + 4)].sorted { $0.x < $1.x }
    }
  }
}
