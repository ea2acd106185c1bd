import CalculatorCore
import CalculatorLayout
import TestSupport
import Testing

@testable import CalculatorRender

/// docs/SPEC.md section 3.4: the strip shows whole rows only, at every size and dpi, seen in the
/// pixels.
@Suite struct HistoryRowTests {
  /// Thirty rows, "8", "+ 8", …: every row's ink is as tall as an "8", so a row cut by the
  /// window's top edge or the strip's clip shows as a shorter band of pixel rows.
  static let keys = String(repeating: "8+", count: 30)

  /// 160 window sizes at 96 dpi, spread over widths 200…1000 and heights 300…1700 (portrait,
  /// landscape, square) so the strip holds every fraction of a row; at 192 dpi each is doubled.
  static let sizes: [(Int, Int)] = (0..<160).map { index in
    (200 + index * 5 % 801, 300 + index * 347 % 1401)
  }

  @Test(arguments: [1, 2])
  func noRowIsCut(scale: Int) {
    let renderer = Renderer()
    let calculator = TestSupport.calculator(after: Self.keys)
    #expect(calculator.historyCount == 30)
    for (baseWidth, baseHeight) in Self.sizes {
      var frame = Frame(
        calculator: calculator, width: baseWidth * scale, height: baseHeight * scale)
      let layout = frame.layout
      let maximum = layout.maxHistoryOffset(rowCount: 30)
      for offset in [0, maximum / 2, maximum] {
        frame.tape.offset = offset
        let image = renderer.render(frame)
        let strip = layout.historyRect
        let bands = image.inkBands(
          xs: layout.columnLeft..<frame.width, ys: 0..<Int(layout.displayRect.minY.rounded(.down)))
        let name = "\(frame.width)×\(frame.height) at scale \(scale), offset \(offset): \(bands)"
        // As many bands as whole rows fit, all as tall as the newest, none at the top edge.
        #expect(bands.count == min(30, layout.visibleHistoryRows), "\(name)")
        #expect(bands.allSatisfy { $0.count == bands.last?.count }, "\(name)")
        #expect((bands.first?.lowerBound ?? 1) >= max(1, Int(strip.minY)), "\(name)")
      }
    }
  }
}

extension Image {
  /// The runs of consecutive pixel rows among `ys` that have a non-black pixel among `xs`.
  func inkBands(xs: Range<Int>, ys: Range<Int>) -> [Range<Int>] {
    let xs = max(0, xs.lowerBound)..<min(width, xs.upperBound)
    var bands: [Range<Int>] = []
    var start: Int?
    for y in max(0, ys.lowerBound)..<min(height, ys.upperBound) + 1 {
      var hasInk = false
      if y < min(height, ys.upperBound) {
        let row = bytes + y * stride
        for x in xs where row.load(fromByteOffset: 4 * x, as: UInt32.self) & 0xFF_FFFF != 0 {
          hasInk = true
          break
        }
      }
      switch (hasInk, start) {
      case (true, nil): start = y
      case (false, let first?):
        bands.append(first..<y)
        start = nil
      default: break
      }
    }
    return bands
  }
}
