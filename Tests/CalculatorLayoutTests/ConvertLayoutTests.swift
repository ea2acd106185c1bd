import CalculatorCore
import Testing

@testable import CalculatorLayout

/// The Convert lines in every window shape (docs/SPEC.md section 10.4): inside the window,
/// between the display and the keypad, over no circle, the strip and the side panel apart;
/// the unit picker's panel inside the window.
@Suite struct ConvertLayoutTests {
  func middle(_ rect: Rect) -> Point {
    Point(x: rect.minX + rect.width / 2, y: rect.minY + rect.height / 2)
  }

  @Test(arguments: windowSizes, [Keypad.basic, .scientific])
  func theLinesSitBetweenTheDisplayAndTheKeypad(size: (Int, Int), keypad: Keypad) throws {
    let (width, height) = size
    let layout = Layout(width: width, height: height, keypad: keypad, converts: true)
    let lines = try #require(layout.convert)
    let window = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
    let name = "\(keypad.mode) \(width)×\(height)"
    #expect(window.contains(lines.bounds, tolerance: 1e-9), "\(name)")
    #expect(lines.fromLine.minY >= layout.displayRect.maxY - 1e-9, "\(name)")
    #expect(lines.toLine.maxY <= layout.keypadRect.minY + 1e-9, "\(name)")
    #expect(lines.fromLine.maxY <= lines.convertedRect.minY + 1e-9)
    #expect(lines.convertedRect.maxY <= lines.toLine.minY + 1e-9)
    for rect in [layout.historyRect, layout.tapePanel] where !rect.isEmpty {
      #expect(!rect.intersects(lines.bounds), "\(name): \(rect)")
    }
    // The buttons and the swap key are on their lines, apart; the swap key a true circle.
    let from = lines.unitButton(.from, holding: "km/h")
    let to = lines.unitButton(.to, holding: "mph")
    #expect(
      lines.fromLine.contains(from, tolerance: 1e-9) && lines.toLine.contains(to, tolerance: 1e-9))
    #expect(lines.fromLine.contains(lines.swap.bounds, tolerance: 1e-9), "\(name)")
    #expect(!lines.swap.bounds.intersects(from), "\(name)")
    #expect(2 * lines.swap.radius == (2 * lines.swap.radius).rounded())
    #expect(lines.control(at: middle(from), symbols: ("km/h", "mph")) == .unit(.from))
    #expect(lines.control(at: middle(to), symbols: ("km/h", "mph")) == .unit(.to))
    #expect(lines.control(at: lines.swap.center, symbols: ("km/h", "mph")) == .swap)
    // The picker's panel fits the window, its rows stacked in it.
    let picker = try #require(layout.picker)
    #expect(window.contains(picker.panel, tolerance: 1e-9), "\(name)")
    for row in picker.rows { #expect(picker.panel.contains(row, tolerance: 1e-9)) }
    #expect(picker.row(at: middle(picker.rows[3])) == 3)
    #expect(picker.side(at: middle(picker.tabs[1])) == .to)
  }

  @Test func theLinesAreOnlyOnTheCalculatorsKeypads() {
    #expect(Layout(width: 360, height: 640, keypad: .tip, converts: true).convert == nil)
    #expect(Layout(width: 360, height: 640, keypad: .basic).convert == nil)
    #expect(Layout(width: 360, height: 640, converts: true) != Layout(width: 360, height: 640))
    let resized = Layout(width: 360, height: 640, converts: true).resized(width: 800, height: 600)
    #expect(resized.converts && resized.convert != nil)
  }

  /// By hand at 500 × 900 at 192 dpi: the lines add 36 + 72 + 36 reference pixels under a
  /// display of 96, but a unit line holds a least hit target (28 px at 96 dpi, 56 here), a pixel
  /// each side of it and one of its edge: 64. The height limits: (900 − 2 × 64) / 746.25 with
  /// the strip's two rows of 36 (docs/SPEC.md sections 3.2 and 10.4).
  @Test func referenceProportions() throws {
    let layout = Layout(width: 500, height: 900, scale: 2, converts: true)
    let unit = (900 - 128) / 746.25
    #expect(abs(layout.unit - unit) < 1e-12)
    let lines = try #require(layout.convert)
    #expect(lines.fromLine.height == 64 && lines.toLine.height == 64)
    #expect(abs(lines.convertedRect.height - 72 * unit) < 1e-9)
    #expect(lines.convertedRect.width == layout.displayRect.width)
    #expect(abs(layout.keypadRect.minY - lines.toLine.maxY - 20 * unit) < 1e-9)  // the gap
    #expect(abs(lines.convertedFontSize - 56 * unit) < 1e-9)
    #expect(lines.unitFontSize == 18 && lines.captionFontSize == 18)  // 9 px at 192 dpi
    #expect(2 * lines.swap.radius == 58)  // 56 of solid fill
    #expect(lines.unitButton(.from, holding: "km").height == 56)
  }
}
