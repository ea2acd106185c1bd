import CalculatorCore
import CalculatorLayout
import TestSupport
import Testing

@testable import CalculatorRender

/// docs/SPEC.md section 8: the past calculations in the strip, seen in the pixels: whole rows
/// at every size and dpi, smaller and dimmer than the current rows, a thin line between
/// calculations; in a wide window, the side panel's lines.
@Suite struct TapeRenderTests {
  /// Twelve calculations `8 + 0 = 8`: every row's ink is as tall as an 8 (0 and 8 are both
  /// round lining figures), so a row cut by the strip's edge shows as a shorter band.
  static let tape = HistoryTape(
    repeatElement(Calculation(rows: ["8", "+ 0"], result: "8"), count: 12))

  @Test(arguments: [1, 2])
  func noPastRowIsCut(scale: Int) {
    let renderer = Renderer()
    // From the minimum size up (a smaller window's lines may touch its smaller rows' ink).
    let minimum = Layout.minimumSize(for: .basic)
    for (baseWidth, baseHeight) in HistoryRowTests.sizes.enumerated().filter({ $0.0 % 4 == 0 })
      .map(\.1) where baseWidth >= minimum.width && baseHeight >= minimum.height
    {
      var frame = Frame(
        calculator: TestSupport.calculator(after: "8+8+"), width: baseWidth * scale,
        height: baseHeight * scale, tape: Self.tape)
      let layout = frame.layout
      let strip = layout.historyRect
      let line = Int(max(1, layout.unit.rounded()))
      for offset in [0, 1, 2, frame.maxHistoryOffset] {
        frame.tape.offset = offset
        let image = renderer.render(frame)
        let bands = image.inkBands(
          xs: layout.columnLeft..<frame.width,
          ys: 0..<Int(layout.displayRect.minY.rounded(.down)))
        // The thin lines are bands of `line` pixel rows; the rows of text are taller.
        let text = bands.filter { $0.count > line }
        let name = "\(frame.width)×\(frame.height) offset \(offset): \(bands)"
        let shown = frame.shownHistoryRows
        #expect(text.count == shown.count, "\(name)")
        // Whole rows: every past row's band as tall as every other's, and so the current ones.
        let pastBands = zip(shown, text).filter { $0.0.isPast }.map(\.1.count)
        let currentBands = zip(shown, text).filter { !$0.0.isPast }.map(\.1.count)
        #expect(
          Set(pastBands).count <= 1 && Set(currentBands).count <= 1,
          "\(name) \(pastBands) \(currentBands)")
        #expect((bands.first?.lowerBound ?? 1) >= max(1, Int(strip.minY)), "\(name)")
        let lines = bands.filter { $0.count <= line }
        #expect(lines.count == shown.filter(\.startsCalculation).count, "\(name)")
        // In portrait and landscape the strip holds past rows at rest, wherever one fits.
        if offset == 0, layout.stripShowsPast,
          strip.height >= 2 * layout.historyRowHeight + layout.pastHistoryRowHeight
        {
          #expect(shown.contains { $0.isPast }, "\(name)")
        }
      }
    }
  }

  @Test func pastRowsAreSmallerAndDimmerThanCurrentOnes() {
    let renderer = Renderer()
    let frame = Frame(
      calculator: TestSupport.calculator(after: "8+"), width: 393, height: 852, tape: Self.tape,
      scale: 2)  // unit 1: the reference proportions
    let layout = frame.layout
    let xs = Int(layout.historyRect.minX)..<Int(layout.historyRect.maxX)
    let ys = 0..<Int(layout.displayRect.minY)
    // At rest: the current row "8" at the bottom, eight past rows above it (251 − 36 = 215
    // tall, 24 a row).
    let image = renderer.render(frame)
    let bands = image.inkBands(xs: xs, ys: ys).filter { $0.count > 1 }
    #expect(bands.count == 9)
    let ratio = Double(bands[0].count) / Double(bands[8].count)
    #expect(ratio > 0.6 && ratio < 0.75, "\(ratio)")
    // The brightest ink of each: the current row's grey, the past rows' dimmer grey.
    func brightest(_ band: Range<Int>) -> Int {
      image.nonBlackPixels(xs: xs, ys: band).map { Int($0.2.red) + Int($0.2.green) }.max() ?? 0
    }
    #expect(brightest(bands[8]) == Int(Theme.historyText.red) + Int(Theme.historyText.green))
    #expect(
      brightest(bands[0]) == Int(Theme.pastHistoryText.red) + Int(Theme.pastHistoryText.green))
    #expect(Theme.pastHistoryText.red < Theme.historyText.red)
  }

  /// A wide window's side panel: a line a calculation, newest at the bottom next to the keypad,
  /// the rows gray and the result white, inside the panel.
  @Test func theSidePanelListsTheCalculations() throws {
    let renderer = Renderer()
    let tape = TestSupport.tape(after: "2+3=1200*1.08+49.9=7/8=")
    let frame = Frame(calculator: Calculator(), width: 1600, height: 500, tape: tape)
    let layout = frame.layout
    #expect(layout.arrangement == .wide)
    let lines = frame.shownTapeLines
    #expect(lines.map(\.text) == ["2 + 3 = 5", "1,200 × 1.08 + 49.9 = 1,345.9", "7 ÷ 8 = 0.875"])
    let image = renderer.render(frame)
    let panel = layout.tapePanel
    for line in lines {
      let ink = image.nonBlackPixels(
        xs: Int(panel.minX)..<Int(layout.tapeLinesRect.maxX),
        ys: Int(line.rect.minY) + 2..<Int(line.rect.maxY))
      #expect(!ink.isEmpty)
      // The result in white, the rest in the strip's gray.
      #expect(ink.contains { $0.2 == Theme.displayText })
      #expect(ink.contains { $0.2 == Theme.historyText })
    }
    // Nothing of the panel reaches the keypad's column.
    #expect(
      image.nonBlackPixels(xs: Int(panel.maxX) + 1..<Int(layout.displayRect.minX), ys: 0..<500)
        .isEmpty)
    // Empty, it says so.
    let empty = renderer.render(Frame(calculator: Calculator(), width: 1600, height: 500))
    let middle = Int(panel.minY + panel.height / 2)
    #expect(
      !empty.nonBlackPixels(xs: Int(panel.minX)..<Int(panel.maxX) - 2, ys: middle - 20..<middle + 5)
        .isEmpty)
  }

  @Test(arguments: [(360, 640), (720, 1280), (1440, 2560)])
  func theLineBetweenCalculationsSpansTheStrip(width: Int, height: Int) throws {
    let frame = Frame(
      calculator: Calculator(), width: width, height: height, tape: Self.tape)
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

/// The row cursor's row (docs/SPEC.md section 8.5): a gray band across the strip behind white
/// text, or orange text while its number is edited; a region of the strip draws the same pixels.
@Suite struct SelectedRowRenderTests {
  static func frame(editedText: String? = nil) -> Frame {
    var frame = Frame(
      calculator: Calculator(), width: 360, height: 640,
      tape: TestSupport.tape(after: "1200*1.08+49.9="))
    frame.tape.selection = TapeSelection(calculation: 0, row: 2, editedText: editedText)
    return frame
  }

  @Test func theSelectedRowIsABandWithWhiteText() throws {
    let frame = Self.frame()
    let row = try #require(frame.shownHistoryRows.first { $0.isSelected })
    #expect(row.text == "+ 49.9")
    #expect(frame.shownHistoryRows.filter(\.isSelected).count == 1)
    let image = Renderer().render(frame)
    let strip = frame.layout.historyRect
    let (top, bottom) = (Int(row.rect.minY.rounded()), Int(row.rect.maxY.rounded()))
    let left = Int(strip.minX.rounded(.up))
    for (x, y) in [(left, top), (left + 20, (top + bottom) / 2), (left, bottom - 1)] {
      #expect(image.color(x: x, y: y) == Theme.selectedRowFill, "\(x), \(y)")
    }
    #expect(image.color(x: left, y: top - 1) != Theme.selectedRowFill)
    #expect(image.color(x: left, y: bottom) != Theme.selectedRowFill)
    let ink = image.nonBlackPixels(xs: left..<Int(strip.maxX), ys: top..<bottom)
    #expect(ink.contains { $0.2 == Theme.selectedRowText })
    // The other rows keep the past rows' grey.
    let above = try #require(frame.shownHistoryRows.first { $0.text == "× 1.08" })
    let aboveInk = image.nonBlackPixels(
      xs: left..<Int(strip.maxX),
      ys: Int(above.rect.minY.rounded())..<Int(above.rect.maxY.rounded()))
    #expect(aboveInk.contains { $0.2 == Theme.pastHistoryText })
    #expect(!aboveInk.contains { $0.2 == Theme.selectedRowText })
  }

  @Test func anEditedRowShowsItsTextInOrange() throws {
    let frame = Self.frame(editedText: "+ 50.")
    let row = try #require(frame.shownHistoryRows.first { $0.isSelected })
    #expect(row.text == "+ 50." && row.isEdited)
    let image = Renderer().render(frame)
    let strip = frame.layout.historyRect
    let ink = image.nonBlackPixels(
      xs: Int(strip.minX)..<Int(strip.maxX),
      ys: Int(row.rect.minY.rounded())..<Int(row.rect.maxY.rounded()))
    #expect(ink.contains { $0.2 == Theme.editedRowText })
  }

  /// Moving the selection redraws the strip (and nothing else), and any band of the strip
  /// drawn alone holds the whole frame's pixels.
  @Test func theDamageOfAMoveIsTheStripAndRegionsAreExact() throws {
    var frame = Self.frame()
    let previous = frame
    frame.tape.selection = TapeSelection(calculation: 0, row: 3)
    let damage = frame.damage(since: previous)
    #expect(damage.count == 1)
    let strip = frame.layout.historyRect
    let rect = try #require(damage.first)
    #expect(Double(rect.y) <= strip.minY && Double(rect.y + rect.height) >= strip.maxY)
    #expect(Double(rect.height) < Double(frame.height) / 3)
    let whole = Renderer().render(frame)
    for band in stride(from: 0, to: Int(strip.maxY) + 8, by: 7) {
      let region = PixelRect(x: 0, y: band, width: frame.width, height: 7)
      #expect(Renderer().differingPixels(frame, region: region, from: whole) == 0, "\(band)")
    }
    let across = PixelRect(x: 101, y: 0, width: 57, height: Int(strip.maxY) + 3)
    #expect(Renderer().differingPixels(frame, region: across, from: whole) == 0)
  }
}

/// The row cursor over a wide window's side panel (docs/SPEC.md section 8.5): the strip's look
/// (a gray band, white text; orange while edited) across the row within its line; the row a
/// click hits is the row drawn there.
@Suite struct SelectedPanelRowRenderTests {
  static func frame(
    _ selection: TapeSelection, width: Int = 1600, height: Int = 500
  ) -> Frame {
    var frame = Frame(
      calculator: Calculator(), width: width, height: height,
      tape: TestSupport.tape(after: "2+3=1200*1.08+49.9="))
    frame.tape.selection = selection
    return frame
  }

  /// The columns of a line's top-but-two pixel row with the band's fill.
  static func bandColumns(_ image: Image, _ line: ShownTapeLine, in layout: Layout) -> [Int] {
    let y = Int(line.rect.minY.rounded()) + 2
    return (Int(layout.tapeLinesRect.minX)..<Int(layout.tapeLinesRect.maxX)).filter {
      image.color(x: $0, y: y) == Theme.selectedRowFill
    }
  }

  @Test func theSelectedRowIsABandAcrossItsRowWithWhiteText() throws {
    let frame = Self.frame(TapeSelection(calculation: 1, row: 1))  // × 1.08
    #expect(frame.layout.arrangement == .wide)
    let line = try #require(frame.shownTapeLines.first { $0.selectedRow != nil })
    #expect(line.text == "1,200 × 1.08 + 49.9 = 1,345.9")
    #expect(line.selectedRow == 1 && !line.isEdited)
    #expect(frame.shownTapeLines.filter { $0.selectedRow != nil }.count == 1)
    let image = Renderer().render(frame)
    let band = Self.bandColumns(image, line, in: frame.layout)
    let first = try #require(band.first)
    let last = try #require(band.last)
    #expect(band == Array(first...last))  // one band
    // Whole pixel rows, the line's height: the fill from its top to its bottom, not beyond.
    let (top, bottom) = (Int(line.rect.minY.rounded()), Int(line.rect.maxY.rounded()))
    for y in top..<bottom {
      #expect(image.color(x: first, y: y) != Theme.background, "\(y)")
    }
    #expect(image.color(x: first, y: bottom) == Theme.background)
    // White text inside it; outside, the other rows gray and the result white, untouched.
    let ink = image.nonBlackPixels(
      xs: Int(frame.layout.tapeLinesRect.minX)..<Int(frame.layout.tapeLinesRect.maxX),
      ys: top + 1..<bottom)
    let inside = ink.filter { (first...last).contains($0.0) }
    let left = ink.filter { $0.0 < first }
    let right = ink.filter { $0.0 > last }
    #expect(inside.contains { $0.2 == Theme.selectedRowText })
    #expect(!inside.contains { $0.2 == Theme.historyText })
    #expect(left.contains { $0.2 == Theme.historyText })  // 1,200
    #expect(!left.contains { $0.2 == Theme.displayText })
    #expect(right.contains { $0.2 == Theme.historyText })  // + 49.9
    #expect(right.contains { $0.2 == Theme.displayText })  // = 1,345.9
    // The other line is as it was.
    let other = try #require(frame.shownTapeLines.first)
    #expect(Self.bandColumns(image, other, in: frame.layout).isEmpty)
  }

  /// A hit as `[calculation, row]`.
  func row(_ hit: (calculation: Int, row: Int)?) -> [Int]? {
    hit.map { [$0.calculation, $0.row] }
  }

  /// The row under a point is the row drawn there: the band's middle is × 1.08, the result's
  /// last ink is `= 1,345.9`, left of the text and between lines nothing.
  @Test func aPointHitsTheRowDrawnThere() throws {
    let frame = Self.frame(TapeSelection(calculation: 1, row: 1))
    let renderer = Renderer()
    let image = renderer.render(frame)
    let line = try #require(frame.shownTapeLines.first { $0.selectedRow != nil })
    let band = Self.bandColumns(image, line, in: frame.layout)
    let middle = line.rect.minY + line.rect.height / 2
    let x = Double(band[band.count / 2])
    // Placed by the layout, measured by the renderer: where it draws.
    func hit(_ point: Point) -> (calculation: Int, row: Int)? {
      frame.tapePanelRow(at: point, measure: renderer.tapeTextExtents)
    }
    #expect(row(hit(Point(x: x, y: middle))) == [1, 1])
    let white = image.nonBlackPixels(
      xs: Int(line.rect.minX)..<Int(line.rect.maxX),
      ys: Int(line.rect.minY) + 2..<Int(line.rect.maxY) - 1
    ).filter { $0.2 == Theme.displayText }.map(\.0)
    let result = try #require(white.max())
    #expect(
      row(hit(Point(x: Double(result), y: middle))) == [1, 3])
    let leftOfText = Double(band[0]) - 200
    #expect(hit(Point(x: leftOfText, y: middle)) == nil)
    #expect(hit(Point(x: x, y: line.rect.minY - 200)) == nil)
    let otherLine = try #require(frame.shownTapeLines.first)
    let otherMiddle = otherLine.rect.minY + otherLine.rect.height / 2
    #expect(
      row(hit(Point(x: otherLine.rect.maxX - 4, y: otherMiddle)))
        == [0, 2])
  }

  /// While edited the row shows as typed, in orange, and a longer number wraps the line: at
  /// 620 × 500 the panel's lines are about 305 px for 16.3 px figures (0.66 em each, points,
  /// commas and spaces 0.3 em, anything else 0.75 em): `1,200 × 1.08` is 107, `+` and twenty
  /// grouped digits 262, `= 1,345.9` 81, so each goes on a line of its own.
  @Test func anEditedRowIsOrangeAndWrapsItsLine() throws {
    let typed = "+ 12,345,678,901,234,567,890"
    let frame = Self.frame(
      TapeSelection(calculation: 1, row: 2, editedText: typed), width: 620, height: 500)
    let lines = frame.shownTapeLines.filter { $0.calculation == 1 }
    #expect(lines.map(\.rows) == [["1,200", "× 1.08"], [typed], ["= 1,345.9"]])
    #expect(lines.map(\.selectedRow) == [nil, 0, nil])
    #expect(lines[1].isEdited)
    let image = Renderer().render(frame)
    let ink = image.nonBlackPixels(
      xs: Int(lines[1].rect.minX)..<Int(lines[1].rect.maxX),
      ys: Int(lines[1].rect.minY) + 1..<Int(lines[1].rect.maxY))
    #expect(ink.contains { $0.2 == Theme.editedRowText })
    #expect(!ink.contains { $0.2 == Theme.selectedRowText })
    // Not edited, the calculation is one line.
    let plain = Self.frame(TapeSelection(calculation: 1, row: 2), width: 620, height: 500)
    #expect(plain.shownTapeLines.filter { $0.calculation == 1 }.count == 1)
  }

  /// Moving the selection in the panel redraws the panel (and nothing else), and any band or
  /// column of it drawn alone holds the whole frame's pixels.
  @Test func theDamageOfAMoveIsThePanelAndRegionsAreExact() throws {
    var frame = Self.frame(TapeSelection(calculation: 1, row: 1))
    let previous = frame
    frame.tape.selection = TapeSelection(calculation: 1, row: 2)
    #expect(frame.damage(since: previous) == [frame.box(of: .tapePanel)])
    let whole = Renderer().render(frame)
    let panel = frame.box(of: .tapePanel)
    for y in stride(from: panel.y, to: panel.y + panel.height, by: 7) {
      let region = PixelRect(x: panel.x, y: y, width: panel.width, height: 7)
      #expect(Renderer().differingPixels(frame, region: region, from: whole) == 0, "\(y)")
    }
    for x in stride(from: panel.x, to: panel.x + panel.width, by: 37) {
      let region = PixelRect(x: x, y: panel.y, width: 37, height: panel.height)
      #expect(Renderer().differingPixels(frame, region: region, from: whole) == 0, "\(x)")
    }
  }
}
