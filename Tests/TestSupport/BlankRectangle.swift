import CalculatorLayout
import CalculatorRender

extension TestSupport {
  /// The largest rectangle of `image` whose pixels are all the background (black), as a part
  /// of the whole image, from its pixels alone.
  ///
  /// The image is read in blocks of `block` × `block` pixels, a block blank when every pixel in
  /// it is; the largest all-blank rectangle of blocks (the histogram-stack method, row by row) is
  /// then grown by a block on each side, so the answer is never smaller than the true largest
  /// blank rectangle: a check against it errs towards failing.
  public static func largestBlankRectangle(in image: Image, block: Int = 4)
    -> (fraction: Double, x: Int, y: Int, width: Int, height: Int)
  {
    let columns = image.width / block
    let rows = image.height / block
    guard columns > 0, rows > 0 else { return (1, 0, 0, image.width, image.height) }
    // Blank blocks, row-major.
    var blank = [Bool](repeating: true, count: columns * rows)
    for y in 0..<rows * block {
      let line = (image.bytes + y * image.stride).assumingMemoryBound(to: UInt32.self)
      let row = (y / block) * columns
      for x in 0..<columns * block where line[x] & 0xFF_FFFF != 0 {
        blank[row + x / block] = false
      }
    }
    var heights = [Int](repeating: 0, count: columns + 1)
    var best = (area: 0, x: 0, y: 0, width: 0, height: 0)
    var stack: [(start: Int, height: Int)] = []
    for y in 0..<rows {
      for x in 0..<columns { heights[x] = blank[y * columns + x] ? heights[x] + 1 : 0 }
      stack.removeAll(keepingCapacity: true)
      for x in 0...columns {
        var start = x
        while let top = stack.last, top.height >= heights[x] {
          stack.removeLast()
          let area = top.height * (x - top.start)
          if area > best.area {
            best = (area, top.start, y - top.height + 1, x - top.start, top.height)
          }
          start = top.start
        }
        stack.append((start, heights[x]))
      }
    }
    guard best.area > 0 else { return (0, 0, 0, 0, 0) }
    let width = min((best.width + 2) * block, image.width)
    let height = min((best.height + 2) * block, image.height)
    return (
      Double(width * height) / Double(image.width * image.height), (best.x - 1) * block,
      (best.y - 1) * block, width, height
    )
  }
}
