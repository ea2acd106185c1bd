import CalculatorCore
import CalculatorLayout
import TestSupport
import Testing

@testable import CalculatorRender

/// Numbers too long for the display at base size.
let longEntries = [
  "2/3=",  // 0.66666666666666666667
  "12345678901234567890",  // 20 typed digits
  "1234567890.1234567890",  // typed, with a point
  "5000000000000*5000000000000=",  // 2.5e25
  "99999999999999999999*99999999999999999999=",  // 9.999…e39
  "1/3n=",  // −0.333…
  "123456789*987654321=",  // 121,932,631,112,635,269
]

/// Portrait widths 200…1400 and a few landscape windows.
let displayWidths: [(Int, Int)] =
  stride(from: 200, through: 1400, by: 75).map { ($0, $0 * 16 / 9) } + [
    (600, 300), (1280, 720), (2560, 1440), (300, 2000),
  ]

@Suite struct DisplayPixelTests {
  let renderer = Renderer()

  @Test(arguments: longEntries)
  func longNumbersStayInsideTheDisplay(keys: String) throws {
    for (width, height) in displayWidths {
      let frame = frame(keys, width, height)
      let image = renderer.render(frame)
      let display = frame.layout.displayRect
      let keypad = frame.layout.keypadRect
      let rows = Int(display.minY)..<Int(display.maxY) + 1
      let size = "\(keys) at \(width)×\(height)"
      // Nothing left or right of the display rect on its rows, nothing between it and the keypad.
      let left = frame.layout.columnLeft  // right of a side panel
      #expect(image.nonBlackPixels(xs: left..<Int(display.minX), ys: rows).isEmpty, "\(size)")
      #expect(
        image.nonBlackPixels(xs: Int(display.maxX) + 1..<width, ys: rows).isEmpty, "\(size)")
      #expect(
        image.nonBlackPixels(xs: left..<width, ys: Int(display.maxY) + 1..<Int(keypad.minY))
          .isEmpty, "\(size)")
      // Something is shown, in the display font's white (at a quarter size, light strokes
      // may cover no pixel fully: at least half).
      let shown = image.nonBlackPixels(
        xs: Int(display.minX)..<Int(display.maxX) + 1, ys: rows)
      #expect(
        shown.contains { $0.2.red >= 0x80 && $0.2.red == $0.2.green && $0.2.green == $0.2.blue },
        "\(size)")
      // Typed entries have no history: nothing may appear above the display either.
      if TestSupport.calculator(after: keys).history.isEmpty {
        #expect(image.nonBlackPixels(xs: left..<width, ys: 0..<rows.lowerBound).isEmpty, "\(size)")
      }
    }
  }

  @Test func shortNumbersUseTheBaseSize() throws {
    let layout = Layout(width: 393, height: 852, scale: 2)  // unit 1
    let shown = renderer.displayFit(
      for: Frame(layout: layout, calculator: TestSupport.calculator(after: "1234")),
      context: context)
    #expect(shown.text == "1,234")
    #expect(shown.size == 80)
  }

  @Test func longNumbersShrinkWhole() throws {
    let layout = Layout(width: 393, height: 852, scale: 2)  // unit 1
    let shown = renderer.displayFit(
      for: Frame(layout: layout, calculator: TestSupport.calculator(after: "2/3=")),
      context: context)
    #expect(shown.text == "0.66666666666666666667")
    #expect(shown.size < 80 && shown.size >= 20)
    // A slightly long number only shrinks a little.
    let fitted = renderer.displayFit(
      for: Frame(layout: layout, calculator: TestSupport.calculator(after: "123456789")),
      context: context)
    #expect(fitted.text == "123,456,789")
    #expect(fitted.size < 80 && fitted.size >= 60)
  }

  @Test(arguments: [
    (DisplayCue?.none, Theme.displayText), (.refused, Theme.errorText), (.copied, Theme.copiedText),
  ])
  func cuesColourTheDisplay(cue: DisplayCue?, color: Color) throws {
    var frame = frame("0", 360, 640)
    frame.displayCue = cue
    let display = frame.layout.displayRect
    let shown = Set(
      renderer.render(frame).nonBlackPixels(
        xs: Int(display.minX)..<Int(display.maxX), ys: Int(display.minY)..<Int(display.maxY)
      ).map(\.2))
    // The cue's own colour, and none of the brighter ones (antialiasing makes other grays).
    #expect(shown.contains(color))
    #expect(shown.intersection([Theme.displayText, Theme.errorText].filter { $0 != color }) == [])
  }

  var context: CairoContext {
    CairoContext(surface: CairoSurface(width: 1, height: 1), fontOptions: renderer.fontOptions)
  }
}

@Suite struct HistoryPixelTests {
  let renderer = Renderer()
  /// Twenty rows: "1", "+ 22", "+ 333", … then "+" pending, so the display shows "0".
  let keys =
    (1...20).map { String(repeating: String($0 % 10), count: $0 % 7 + 1) }
    .joined(separator: "+") + "+"

  @Test(arguments: [(360, 640), (393, 852), (220, 400), (800, 600), (1920, 1080), (500, 470)])
  func rowsStayInsideTheStrip(width: Int, height: Int) throws {
    var frame = frame(keys, width, height)
    let layout = frame.layout
    let rowCount = frame.tape.rows.count
    #expect(rowCount == 20)
    let maxOffset = layout.maxHistoryOffset(rowCount: rowCount)
    #expect(maxOffset > 0)
    var strips: [[(Int, Int, Color)]] = []
    for offset in [-4, 0, 1, 2, maxOffset / 2, maxOffset, maxOffset + 7] {
      frame.tape.offset = offset
      let image = renderer.render(frame)
      let strip = layout.historyRect
      let display = layout.displayRect
      let size = "\(width)×\(height) offset \(offset)"
      // Right of a side panel (a wide window), nothing but the strip, the display and the keys.
      let left = layout.columnLeft
      #expect(image.nonBlackPixels(xs: left..<width, ys: 0..<Int(strip.minY)).isEmpty, "\(size)")
      // Below the strip is the display, showing "0" at its right end only.
      let leftOfZero = Int(display.maxX - layout.displayFontSize)
      let belowStrip = Int(strip.maxY) + 1..<Int(layout.keypadRect.minY)
      #expect(image.nonBlackPixels(xs: left..<leftOfZero, ys: belowStrip).isEmpty, "\(size)")
      let rows = image.nonBlackPixels(xs: left..<width, ys: Int(strip.minY)..<Int(strip.maxY))
      #expect(!rows.isEmpty, "\(size)")
      #expect(rows.allSatisfy { $0.0 >= Int(strip.minX) && $0.0 <= Int(strip.maxX) }, "\(size)")
      strips.append(rows)
    }
    // Scrolling moves the rows; offsets beyond the ends are clamped.
    #expect(strips[0].map(\.1) == strips[1].map(\.1) && strips[0].map(\.2) == strips[1].map(\.2))
    #expect(strips[1].count != strips[2].count || strips[1].map(\.1) != strips[2].map(\.1))
    #expect(strips[5].map(\.1) == strips[6].map(\.1))
  }
}

/// docs/SPEC.md section 3.3: `Rad` at the display's left in scientific mode; the number fits beside
/// it, sign and every digit clear of it. The basic keypad has no angle key and shows no `Rad`.
@Suite struct AngleIndicatorPixelTests {
  let renderer = Renderer()

  @Test(arguments: [
    "[rad]12345678901234567890n", "[rad]1/30000000n=", "[rad]1.2345678901234567891[ee]99n=",
    "[rad]7",
  ])
  func theNumberKeepsClearOfRad(keys: String) throws {
    for (width, height) in [(360, 640), (500, 300), (852, 393), (250, 500), (1280, 720)] {
      var frame = frame(keys, width, height)
      frame.mode = .scientific
      let image = renderer.render(frame)
      let display = frame.layout.displayRect
      let pixels = image.nonBlackPixels(
        xs: Int(display.minX)..<Int(display.maxX) + 1,
        ys: Int(display.minY)..<Int(display.maxY) + 1)
      let size = "\(keys) at \(width)×\(height)"
      // The indicator's bluish gray (0x8E8E93, antialiased: scaled, blue still above red) and
      // the number's white (antialiased: neutral grays).
      let rad = pixels.filter { $0.2.blue > $0.2.red }.map(\.0)
      let number = pixels.filter { $0.2.red == $0.2.blue && $0.2.red >= 0x40 }.map(\.0)
      let radEnd = try #require(rad.max(), "\(size): no Rad")
      let numberStart = try #require(number.min(), "\(size): no number")
      #expect(radEnd < numberStart, "\(size)")
      // The whole number: what --print prints.
      #expect(
        renderer.displayFit(for: frame, context: renderer.measuringContext).text
          == frame.display.text, "\(size)")
    }
  }

  @Test func theBasicKeypadShowsNoRad() {
    let frame = frame("[rad]12345678901234567890n", 360, 640)
    let image = renderer.render(frame)
    let display = frame.layout.displayRect
    let pixels = image.nonBlackPixels(
      xs: 0..<360, ys: Int(display.minY)..<Int(display.maxY) + 1)
    #expect(!pixels.contains { $0.2.blue > $0.2.red })  // no bluish gray: no Rad
    #expect(pixels.contains { $0.2 == Theme.displayText })
  }
}
