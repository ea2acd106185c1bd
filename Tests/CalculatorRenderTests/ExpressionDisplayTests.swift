import CalculatorCore
import CalculatorLayout
import TestSupport
import Testing

@testable import CalculatorRender

/// Math Order's display and strip (docs/SPEC.md section 12): the expression being typed in the
/// display, shrinking like any display text and past its limit keeping its newest characters
/// after `…`; the strip shows earlier calculations only.
@Suite struct ExpressionDisplayTests {
  let renderer = Renderer()

  var context: CairoContext {
    CairoContext(surface: CairoSurface(width: 1, height: 1), fontOptions: renderer.fontOptions)
  }

  static func document(_ keys: String) throws -> Document {
    var document = Document(calculator: Calculator(order: .math))
    for key in try Key.sequence(keys) { document.press(key) }
    return document
  }

  @Test func theStripShowsEarlierCalculationsOnlyTheOneJustFinishedIncluded() throws {
    let layout = Layout(width: 360, height: 640)
    let typing = try Self.document("1+2=12+3*4")
    let frame = Frame(layout: layout, calculator: typing.calculator, tape: typing.tape)
    #expect(frame.display.text == "12+3×4")
    #expect(frame.tape.rows.isEmpty)
    #expect(frame.shownHistoryRows.map(\.text) == ["1", "+ 2", "= 3"])
    let finished = try Self.document("1+2=12+3*4=")
    let after = Frame(layout: layout, calculator: finished.calculator, tape: finished.tape)
    #expect(after.display.text == "24")
    // Six past rows fit at 360 × 640 (docs/SPEC.md section 8.2): the newest six.
    #expect(after.shownHistoryRows.map(\.text) == ["+ 2", "= 3", "12", "+ 3", "× 4", "= 24"])
    // Left to Right shows the rows being typed, and the one just finished once, as current.
    var left = Document()
    for key in try Key.sequence("1+2=12+3*4=") { left.press(key) }
    let leftFrame = Frame(layout: layout, calculator: left.calculator, tape: left.tape)
    #expect(leftFrame.tape.rows == ["12", "+ 3", "× 4"])
  }

  /// Short expressions whole at their size; longer ones shrink, then show their newest
  /// characters after `…`, inside the display, at 360 × 640 and at the smallest window.
  @Test(arguments: [(360, 640), (200, 320), (393, 852)])
  func aLongExpressionShrinksThenKeepsItsNewestCharacters(width: Int, height: Int) throws {
    let layout = Layout(width: width, height: height)
    var keys = ""
    var shrank = false
    var cut = false
    for index in 0..<60 {
      keys += "\(index % 9 + 1)" + ["+", "*", "-", "/"][index % 4]
      let frame = Frame(layout: layout, calculator: try Self.document(keys).calculator)
      let fit = renderer.displayFit(for: frame, context: context)
      let text = frame.display.text
      let name = "\(text) at \(width)×\(height)"
      #expect(layout.displayRect.contains(fit.ink), "\(name): \(fit.ink)")
      #expect(fit.size <= layout.displayFontSize && fit.size >= layout.minimumDisplayFontSize)
      if fit.text == text {
        shrank = shrank || fit.size < layout.displayFontSize
        #expect(!cut, "\(name): shown whole after a shorter one was cut")
      } else {
        cut = true
        #expect(fit.text.hasPrefix("…") && text.hasSuffix(fit.text.dropFirst()), "\(name)")
        // As many of the newest characters as fit: the display is nearly full.
        #expect(fit.ink.width > layout.displayRect.width * 0.85, "\(name)")
      }
    }
    #expect(shrank && cut)
  }

  @Test func aTenThousandCharacterExpressionShowsItsEnd() throws {
    var document = Document(calculator: Calculator(order: .math))
    let text = "1" + String(repeating: "+2×3", count: 2_499) + "−4"
    #expect(text.count == 9_999)
    try document.paste(text)
    let layout = Layout(width: 360, height: 640)
    let frame = Frame(layout: layout, calculator: document.calculator)
    let fit = renderer.displayFit(for: frame, context: context)
    #expect(fit.text.hasPrefix("…") && fit.text.hasSuffix("+2×3−4"))
    #expect(fit.text.count > 20)
    #expect(layout.displayRect.contains(fit.ink))
  }
}
