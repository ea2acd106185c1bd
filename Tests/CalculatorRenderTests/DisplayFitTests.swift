import CalculatorCore
import CalculatorLayout
import TestSupport
import Testing

@testable import CalculatorRender

/// docs/SPEC.md section 3.3: from the default width up, the display shows exactly what `--print`
/// prints; only narrower windows may show less, and never a number without its sign.
@Suite struct DisplayFitTests {
  let renderer = Renderer()

  var context: CairoContext {
    CairoContext(surface: CairoSurface(width: 1, height: 1), fontOptions: renderer.fontOptions)
  }

  /// The default window, the reference phone, the default at Xft.dpi 192, a wide landscape one.
  @Test(arguments: [(360, 640), (393, 852), (720, 1280), (1270, 500)])
  func theLongestDisplaysShowWhole(width: Int, height: Int) throws {
    for (keys, display) in TestSupport.longDisplays {
      let frame = Frame(
        calculator: TestSupport.calculator(after: keys), width: width, height: height)
      let layout = frame.layout
      let fit = renderer.displayFit(for: frame, context: context)
      let name = "\(keys) at \(width)×\(height)"
      #expect(fit.text == display, "\(name)")
      #expect(layout.displayRect.contains(fit.ink), "\(name): \(fit.ink)")
      #expect(fit.size >= layout.displayFontSize * 0.24 && fit.size <= layout.displayFontSize)
      // The pixels agree: between the strip and the keypad, ink only in the fitted box
      // (antialiasing and whole-pixel glyph origins may touch one more pixel) and the display.
      let image = renderer.render(frame)
      let rect = layout.displayRect
      let band = Int(rect.minY)..<Int(layout.keypadRect.minY)
      let pixels = image.nonBlackPixels(xs: layout.columnLeft..<width, ys: band)
      #expect(pixels.contains { $0.2.red >= 0x80 }, "\(name)")
      let outside = pixels.filter { x, y, _ in
        Double(x) < max(fit.ink.minX.rounded(.down) - 1, rect.minX.rounded(.down))
          || Double(x) > min(fit.ink.maxX.rounded(.up) + 1, rect.maxX.rounded(.up))
          || Double(y) < fit.ink.minY.rounded(.down) - 1
          || Double(y) > fit.ink.maxY.rounded(.up) + 1
      }
      #expect(outside.isEmpty, "\(name): \(outside.prefix(3))")
    }
  }

  /// Every window at least as wide as the default, portrait or landscape, any height.
  @Test func everyWindowFromTheDefaultWidthUpShowsTheWholeDisplay() {
    for width in [360, 361, 375, 393, 414, 500, 720, 1000, 1270, 1920, 3840] {
      for height in [320, 500, 640, 852, 1280, 2000, 4000] {
        let layout = Layout(width: width, height: height)
        for (keys, display) in TestSupport.longDisplays {
          let fit = renderer.displayFit(
            for: Frame(layout: layout, calculator: TestSupport.calculator(after: keys)),
            context: context)
          #expect(fit.text == display, "\(keys) at \(width)×\(height)")
          #expect(layout.displayRect.contains(fit.ink), "\(keys) at \(width)×\(height)")
        }
      }
    }
  }

  /// The smallest window the window manager allows, and windows far narrower than anyone uses
  /// (at a few pixels the glyphs' whole-pixel slack outweighs the text): what shows is the whole
  /// display or a shorter form that keeps the sign, inside the display.
  @Test(arguments: [(200, 320), (120, 240), (60, 120), (30, 60), (8, 16), (6, 12), (5, 10)])
  func narrowWindowsKeepTheSign(width: Int, height: Int) {
    let layout = Layout(width: width, height: height)
    for (keys, display) in TestSupport.longDisplays {
      let calculator = TestSupport.calculator(after: keys)
      let fit = renderer.displayFit(
        for: Frame(layout: layout, calculator: calculator), context: context)
      let name = "\(keys) at \(width)×\(height): \(fit.text)"
      #expect(fit.text.hasPrefix("-") == display.hasPrefix("-"), "\(name)")
      // Across, the text stays in the display (a few pixels tall, rounding the baseline may not).
      let rect = layout.displayRect
      #expect(fit.ink.minX >= rect.minX && fit.ink.maxX <= rect.maxX, "\(name)")
      if fit.text == display { continue }
      #expect(fit.text.count < display.count, "\(name)")
      if calculator.isTyping {
        // Sign, ellipsis, the newest characters: "-…901,234,567,890".
        let sign = display.hasPrefix("-") ? "-" : ""
        #expect(fit.text.hasPrefix(sign + "…"), "\(name)")
        #expect(display.hasSuffix(fit.text.dropFirst(sign.count + 1)), "\(name)")
      } else {
        #expect(!fit.text.contains("…"), "\(name)")
      }
    }
  }

  @Test func aTinyWindowShowsTheNewestTypedDigitsAfterTheSign() {
    let layout = Layout(width: 5, height: 10)
    let fit = renderer.displayFit(
      for: Frame(
        layout: layout, calculator: TestSupport.calculator(after: "12345678901234567890n")),
      context: context)
    #expect(fit.text.hasPrefix("-…") && fit.text.hasSuffix("890"))
    #expect(fit.text.count < "-12,345,678,901,234,567,890".count)
  }

  /// At the reference proportions (the display 353 reference pixels wide, its font 80) the
  /// widest display, 1 ÷ 30,000,000, is the smallest: 24.3% of the base size.
  @Test func theWidestDisplayAtTheReferenceSizeStaysAbove24Percent() {
    let layout = Layout(width: 393, height: 852, scale: 2)  // unit 1 (LayoutTests)
    let sizes = TestSupport.longDisplays.map {
      renderer.displayFit(
        for: Frame(layout: layout, calculator: TestSupport.calculator(after: $0.keys)),
        context: context
      ).size
    }
    let smallest = sizes.min() ?? 0
    #expect(smallest >= layout.displayFontSize * 0.24)
    #expect(smallest < layout.displayFontSize * 0.25)  // Inter's 3s are its widest figures
    #expect(
      sizes.firstIndex(of: smallest)
        == TestSupport.longDisplays.firstIndex { $0.keys == "1/30000000=n" })
  }
}
