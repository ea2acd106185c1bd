import CalculatorCore
import CalculatorLayout
import Glibc
import TestSupport
import Testing

@testable import CalculatorRender

/// docs/SPEC.md section 3, "Every window shape": 540 (mode, size, dpi) triples from each mode's
/// minimum size (scaled by the dpi) to 2560 × 1600, each drawn with a full tape, and checked in
/// the pixels: every circle a true circle of its fill at least 28 px (scaled) across, its label
/// inside it, nothing overlapping it; the strip's rows whole; no blank rectangle over 30% of
/// the window. With the Convert lines (docs/SPEC.md section 10.4), the same 360 triples of Basic
/// and Scientific again, the lines' text, buttons and swap key also over no circle.
@Suite struct ArrangementPropertyTests {
  /// Kilometres to miles: the converted value is 20 digits, as wide as a line gets.
  static let units: ConvertUnits = {
    let pair = try? Conversion.units(parsing: "km to mi", rates: nil)
    return ConvertUnits(from: pair!.from, to: pair!.to)
  }()

  /// Sixty calculations of random whole numbers and operators, the last of them current.
  static let scene: (calculator: Calculator, tape: HistoryTape) = {
    var random = TestSupport.SeededGenerator(seed: 2026_1203)
    var calculator = Calculator()
    var tape = HistoryTape()
    for _ in 0..<60 {
      let a = Int.random(in: 1...99_999, using: &random)
      let b = Int.random(in: 1...999, using: &random)
      let operation = ["+", "-", "*", "/"].randomElement(using: &random) ?? "+"
      for key in (try? Key.sequence("\(a)\(operation)\(b)=")) ?? [] {
        calculator.press(key, recordingOn: &tape)
      }
    }
    return (calculator, tape)
  }()

  /// Tip & Split with every field and row holding text.
  static let split: TipCalculator = {
    var split = TipCalculator()
    for key in (try? TipKey.sequence("1234.56[t18][people]7")) ?? [] { split.press(key) }
    return split
  }()

  /// 60 sizes per (mode, dpi): the corners of the range, then seeded random ones.
  static func sizes(mode: Mode, scale: Double) -> [(Int, Int)] {
    let minimum = Layout.minimumSize(for: mode)
    let least = (
      Int((Double(minimum.width) * scale).rounded(.up)),
      Int((Double(minimum.height) * scale).rounded(.up))
    )
    var random = TestSupport.SeededGenerator(
      seed: UInt64(scale * 100) + UInt64(Mode.allCases.firstIndex(of: mode) ?? 0))
    var sizes = [least, (least.0, 1600), (2560, least.1), (2560, 1600)]
    while sizes.count < 60 {
      sizes.append(
        (
          Int.random(in: least.0...2560, using: &random),
          Int.random(in: least.1...1600, using: &random)
        ))
    }
    return sizes
  }

  @Test(arguments: Mode.allCases, [1.0, 1.5, 2.0])
  func everyShapeIsUsedAndEveryCircleWhole(mode: Mode, scale: Double) throws {
    try checkEveryShape(mode: mode, scale: scale, units: nil)
  }

  @Test(arguments: [Mode.basic, .scientific], [1.0, 1.5, 2.0])
  func everyShapeWithConvertKeepsEveryCircleWhole(mode: Mode, scale: Double) throws {
    try checkEveryShape(mode: mode, scale: scale, units: Self.units)
  }

  func checkEveryShape(mode: Mode, scale: Double, units: ConvertUnits?) throws {
    let renderer = Renderer()
    var worst = (fraction: 0.0, size: "")
    for (width, height) in Self.sizes(mode: mode, scale: scale) {
      let frame = Frame(
        calculator: Self.scene.calculator, width: width, height: height, mode: mode,
        tape: Self.scene.tape, split: Self.split, scale: scale, units: units)
      let layout = frame.layout
      #expect((frame.convert != nil) == (units != nil))
      let image = renderer.render(frame)
      let name = "\(mode) \(width)×\(height) at \(scale)"
      // Circles: at least the minimum, a true circle of its fill, its label inside, apart.
      for key in layout.keypad.positions.map(frame.shownKey(at:)) {
        let circle = layout.circle(at: key.position)
        #expect(2 * circle.radius >= 28 * scale, "\(name)")
        let gap = layout.gap(at: key.position)
        for step in 0..<24 {
          let angle = Double(step) * .pi / 12
          let (dx, dy) = (cos(angle), sin(angle))
          // Just inside the edge: the fill (a label stays within 80% of the diameter); just
          // outside, half the gap out: the background (no label, no neighbour, no text).
          let inside = Point(
            x: circle.center.x + dx * (circle.radius - 2.5),
            y: circle.center.y + dy * (circle.radius - 2.5))
          let outside = Point(
            x: circle.center.x + dx * (circle.radius + max(1.5, gap / 2 - 0.5)),
            y: circle.center.y + dy * (circle.radius + max(1.5, gap / 2 - 0.5)))
          #expect(image.color(at: inside) == key.look.fill, "\(name) \(key.position) inside")
          #expect(image.color(at: outside) == Theme.background, "\(name) \(key.position) out")
        }
      }
      // The tape's rows and lines are whole (to rounding).
      func holds(_ outer: Rect, _ inner: Rect) -> Bool {
        inner.minX >= outer.minX - 1e-9 && inner.maxX <= outer.maxX + 1e-9
          && inner.minY >= outer.minY - 1e-9 && inner.maxY <= outer.maxY + 1e-9
      }
      for row in frame.shownHistoryRows { #expect(holds(layout.historyRect, row.rect), "\(name)") }
      for line in frame.shownTapeLines { #expect(holds(layout.tapePanel, line.rect), "\(name)") }
      let blank = TestSupport.largestBlankRectangle(in: image)
      #expect(blank.fraction <= 0.3, "\(name): \(blank)")
      if blank.fraction > worst.fraction { worst = (blank.fraction, name) }
    }
    print(
      "largest blank rectangle of \(mode) at \(scale)\(units == nil ? "" : " converting"): \(worst)"
    )
  }
}
