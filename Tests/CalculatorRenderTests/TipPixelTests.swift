import CalculatorCore
import CalculatorLayout
import TestSupport
import Testing

@testable import CalculatorRender

/// The Tip & Split screen drawn at 135 sizes, tiny to 4K: every circle in its colour with black
/// corners, every text inside its box and clear of its box's padding (so nothing is clipped or
/// overlaps), nothing drawn anywhere else.
@Suite struct TipPixelTests {
  let renderer = Renderer()

  /// Bill, 18% (its preset lit), 7 people with the People field active and focused: every field
  /// and row has text, the shares line included (7 × 208,112.88 = 1,456,790.16).
  func frame(width: Int, height: Int) throws -> Frame {
    var split = TipCalculator()
    for key in try TipKey.sequence("1234567.89[t18][people]7") { split.press(key) }
    var frame = Frame(
      calculator: Calculator(), width: width, height: height, mode: .tip, split: split)
    frame.focusedField = .people
    return frame
  }

  @Test(arguments: TestSupport.windowSizes)
  func everythingInItsPlace(width: Int, height: Int) throws {
    let frame = try frame(width: width, height: height)
    #expect(frame.tipScreen?.shares == "7 × 208,112.88 = 1,456,790.16")
    let image = renderer.render(frame)
    let pixels = Pixels(image)
    let layout = frame.layout
    let tip = try #require(layout.tipLayout)

    // Circles: their fill (the 18% preset orange), black box corners.
    for position in Keypad.tip.positions {
      let cap = try #require(Keypad.tip.cap(at: position))
      let circle = layout.circle(at: position)
      let fill: Color =
        switch cap.style {
        case .function:
          cap.action == .tip(.preset(.eighteen)) ? Theme.operatorFill : Theme.functionFill
        case .operator: Theme.operatorFill
        case .digit, .scientific: Theme.digitFill
        }
      #expect(image.color(at: circle.fillProbe) == fill, "\(position) at \(width)×\(height)")
      for (sx, sy) in [(1.0, 1.0), (-1, 1), (1, -1), (-1, -1)] {
        #expect(image.color(at: circle.cornerProbe(sx, sy)) == Theme.background)
      }
    }

    // Nothing outside the boxes of the panel and the circles' squares.
    let boxes = tip.fields + [tip.tipRow, tip.totalRow, tip.perPersonRow, tip.sharesRow]
    let squares = Keypad.tip.positions.map { layout.circle(at: $0).bounds }
    let stray = pixels.countNonBlack(outside: (boxes + squares).map { $0.inset(by: -1) })
    #expect(stray == 0, "\(stray) pixels outside every box at \(width)×\(height)")

    // Text stays off each box's side padding: inside a field only its fill (the focus ring
    // aside), beside a row only black.
    for (index, box) in boxes.enumerated() {
      let isField = index < tip.fields.count
      let ys = Int(box.minY + box.height / 4)..<Int(box.maxY - box.height / 4)
      let padding = [
        (box.minX + 4, box.minX + tip.inset - 2), (box.maxX - tip.inset + 2, box.maxX - 4),
      ]
      for (start, end) in padding where end > start + 1 {
        let xs = Int(start)..<Int(end)
        let wrong = pixels.count(in: xs, ys) { _, _, color in
          color != (isField ? 0x1C_1C1E : 0)
        }
        #expect(wrong == 0, "text on the padding of box \(index) at \(width)×\(height)")
      }
    }

    // Text is there: every field has ink, the active one an orange label, the others none;
    // the per-person amount is white.
    for (field, box) in zip(TipField.allCases, tip.fields) {
      let inner = box.inset(by: 4)
      let xs = Int(inner.minX)..<Int(inner.maxX)
      let ys = Int(inner.minY)..<Int(inner.maxY)
      #expect(pixels.count(in: xs, ys) { _, _, color in color != 0x1C_1C1E } > 0)
      let orange = pixels.count(in: xs, ys) { _, _, color in
        let (red, green, blue) = (color >> 16, color >> 8 & 0xFF, color & 0xFF)
        return red > blue + 60 && red > green + 20
      }
      #expect((orange > 0) == (field == .people), "\(field) at \(width)×\(height)")
    }
    #expect(pixels.brightPixels(in: tip.perPersonRow) > 0)
  }

  @Test func aRefusedKeyReddensTheActiveValueAndACopyDimsThePerPersonAmount() throws {
    var frame = try frame(width: 360, height: 640)
    let tip = try #require(frame.layout.tipLayout)
    let people = tip.rect(of: .people)
    func reds(in box: Rect, of image: Image) -> Int {
      Pixels(image).count(in: Int(box.minX)..<Int(box.maxX), Int(box.minY)..<Int(box.maxY)) {
        _, _, color in color == 0xFF_453A
      }
    }
    frame.displayCue = .refused
    let refused = Pixels(renderer.render(frame))
    #expect(reds(in: people, of: refused.image) > 0)
    #expect(reds(in: tip.rect(of: .bill), of: refused.image) == 0)
    #expect(reds(in: tip.perPersonRow, of: refused.image) == 0)
    // Copied: the amount dims to #666666, darker than its gray label; nothing bright is left.
    frame.displayCue = .copied
    #expect(Pixels(renderer.render(frame)).brightPixels(in: tip.perPersonRow) == 0)
    frame.displayCue = nil
    let plain = Pixels(renderer.render(frame))
    #expect(reds(in: people, of: plain.image) == 0)
    #expect(plain.brightPixels(in: tip.perPersonRow) > 0)
  }

  @Test func noSharesLineWhenTheSharesComeToTheTotal() throws {
    var split = TipCalculator()
    for key in try TipKey.sequence("90[t10][p+][p+]") { split.press(key) }
    let frame = Frame(calculator: Calculator(), width: 360, height: 640, mode: .tip, split: split)
    let row = try #require(frame.layout.tipLayout).sharesRow
    let image = renderer.render(frame)
    #expect(
      image.nonBlackPixels(xs: Int(row.minX)..<Int(row.maxX), ys: Int(row.minY)..<Int(row.maxY))
        .isEmpty)
  }
}

/// Fast reads of an image's pixels as 0xRRGGBB.
struct Pixels {
  let image: Image

  init(_ image: Image) { self.image = image }

  /// How many pixels are not black outside all of `rects`, row by row over the gaps between
  /// them (a tight loop: the 4K sizes have millions of pixels).
  func countNonBlack(outside rects: [Rect]) -> Int {
    var count = 0
    for y in 0..<image.height {
      let middle = Double(y) + 0.5
      let covering = rects.filter { $0.minY <= middle && middle <= $0.maxY }
        .map { (Int(($0.minX - 0.5).rounded(.up)), Int(($0.maxX - 0.5).rounded(.down))) }
        .sorted { $0.0 < $1.0 }
      let row = (image.bytes + y * image.stride).assumingMemoryBound(to: UInt32.self)
      var x = 0
      for (start, end) in covering + [(image.width, image.width)] {
        while x < min(start, image.width) {
          if row[x] & 0xFF_FFFF != 0 { count += 1 }
          x += 1
        }
        x = max(x, end + 1)
      }
    }
    return count
  }

  /// How many pixels in `box` are bright (every channel above 0xA0): white text, not gray.
  func brightPixels(in box: Rect) -> Int {
    count(in: Int(box.minX)..<Int(box.maxX), Int(box.minY)..<Int(box.maxY)) { _, _, color in
      color >> 16 > 0xA0 && color >> 8 & 0xFF > 0xA0 && color & 0xFF > 0xA0
    }
  }

  /// How many pixels in the columns `xs` and rows `ys` (clamped to the image) pass `test`.
  func count(in xs: Range<Int>, _ ys: Range<Int>, where test: (Int, Int, UInt32) -> Bool) -> Int {
    let columns = max(0, xs.lowerBound)..<min(image.width, max(xs.upperBound, 0))
    let rows = max(0, ys.lowerBound)..<min(image.height, max(ys.upperBound, 0))
    var count = 0
    for y in rows {
      let row = image.bytes + y * image.stride
      for x in columns
      where test(x, y, row.load(fromByteOffset: 4 * x, as: UInt32.self) & 0xFF_FFFF) {
        count += 1
      }
    }
    return count
  }
}
