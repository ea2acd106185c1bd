import CalculatorCore
import CalculatorLayout
import TestSupport
import Testing

@testable import CalculatorRender

/// docs/SPEC.md section 8.2: the past calculations in the strip, seen in the pixels: whole rows at
/// every size and dpi, smaller and dimmer than the current rows, a thin line between calculations.
@Suite struct TapeRenderTests {
  /// Twelve calculations `8 + 0 = 8`: every row's ink is as tall as an 8 (0 and 8 are both
  /// round lining figures), so a row cut by the strip's edge shows as a shorter band.
  static let tape = HistoryTape(
    repeatElement(Calculation(rows: ["8", "+ 0"], result: "8"), count: 12))

  @Test(arguments: [1, 2])
  func noPastRowIsCut(scale: Int) {
    let renderer = Renderer()
    for (baseWidth, baseHeight) in HistoryRowTests.sizes.enumerated().filter({ $0.0 % 4 == 0 })
      .map(\.1)
    {
      var frame = Frame(
        calculator: Calculator(), width: baseWidth * scale, height: baseHeight * scale)
      frame.tape = Self.tape
      let layout = frame.layout
      let strip = layout.historyRect
      let line = Int(max(1, layout.unit.rounded()))
      for offset in [1, 2, 3, frame.maxHistoryOffset] {
        frame.historyOffset = offset
        let image = renderer.render(frame)
        let bands = image.inkBands(
          xs: 0..<frame.width, ys: 0..<Int(layout.displayRect.minY.rounded(.down)))
        // The thin lines are bands of `line` pixel rows; the rows of text are taller.
        let text = bands.filter { $0.count > line }
        let name = "\(frame.width)×\(frame.height) offset \(offset): \(bands)"
        // As many as fit (the layout tests count them), each a whole row.
        #expect(text.count == frame.shownHistoryRows.count, "\(name)")
        #expect(text.count == min(layout.visiblePastHistoryRows, 36) || offset > 1, "\(name)")
        #expect(text.allSatisfy { $0.count == text.last?.count }, "\(name)")
        #expect((bands.first?.lowerBound ?? 1) >= max(1, Int(strip.minY)), "\(name)")
        // A calculation is three rows: a line above every third row but the top one.
        let lines = bands.filter { $0.count <= line }
        let expectedLines = frame.shownHistoryRows.filter(\.startsCalculation).count
        #expect(lines.count == expectedLines, "\(name)")
        if offset == 1 {  // "= 8" at the bottom: a line above every third row up
          #expect(expectedLines == (text.count - 1) / 3, "\(name)")
        }
      }
    }
  }

  @Test func pastRowsAreSmallerAndDimmerThanCurrentOnes() {
    let renderer = Renderer()
    var frame = Frame(calculator: TestSupport.calculator(after: "8+"), width: 360, height: 640)
    frame.tape = Self.tape
    let layout = frame.layout
    let xs = Int(layout.historyRect.minX)..<Int(layout.historyRect.maxX)
    let ys = 0..<Int(layout.displayRect.minY)
    let current = renderer.render(frame)
    frame.historyOffset = 1
    let past = renderer.render(frame)
    let currentBand = current.inkBands(xs: xs, ys: ys).last?.count ?? 0
    let pastBands = past.inkBands(xs: xs, ys: ys).filter { $0.count > 1 }
    // Two thirds as tall (a digit 8 at 25.6 and 17.1 px: ink of about 19 and 13 pixel rows).
    #expect(pastBands.count == 4)
    let ratio = Double(pastBands.last?.count ?? 0) / Double(currentBand)
    #expect(ratio > 0.6 && ratio < 0.75, "\(ratio)")
    // The brightest ink: the current rows' grey, the past rows' dimmer grey, nothing brighter.
    func brightest(_ image: Image) -> Int {
      image.nonBlackPixels(xs: xs, ys: ys).map { Int($0.2.red) + Int($0.2.green) }.max() ?? 0
    }
    #expect(brightest(current) == Int(Theme.historyText.red) + Int(Theme.historyText.green))
    #expect(
      brightest(past) == Int(Theme.pastHistoryText.red) + Int(Theme.pastHistoryText.green))
    #expect(Theme.pastHistoryText.red < Theme.historyText.red)
  }

  @Test(arguments: [(360, 640), (720, 1280), (1440, 2560)])
  func theLineBetweenCalculationsSpansTheStrip(width: Int, height: Int) throws {
    var frame = Frame(calculator: Calculator(), width: width, height: height)
    frame.tape = Self.tape
    frame.historyOffset = 1
    let row = try #require(frame.shownHistoryRows.first { $0.startsCalculation })
    let image = Renderer().render(frame)
    let strip = frame.layout.historyRect
    let y = Int(row.rect.minY.rounded())
    let quarter = Int(strip.minX + strip.width / 4)  // left of the right-aligned text
    for x in [Int(strip.minX.rounded(.up)), quarter, Int(strip.maxX.rounded(.down)) - 1] {
      #expect(image.color(x: x, y: y) == Theme.historySeparator, "x \(x)")
    }
    #expect(image.color(x: Int(strip.minX.rounded(.up)) - 1, y: y) == Theme.background)
    let thickness = Int(max(1, frame.layout.unit.rounded()))
    #expect(image.color(x: quarter, y: y + thickness) == Theme.background)
    #expect(image.color(x: quarter, y: y - 1) == Theme.background)
  }
}
