import CalculatorCore
import CalculatorLayout
import Glibc
import TestSupport
import Testing

@testable import CalculatorRender

/// docs/SPEC.md section 3.2, "Every window shape": 540 (mode, size, dpi) triples from each
/// mode's minimum size (scaled by the dpi) to 2560 × 1600, each drawn with a full tape. In the
/// pixels: every circle a true circle of its fill with at least 28 px (scaled) of solid fill
/// across and down, its label inside it, nothing overlapping it; no blank rectangle over 30% of
/// the window. In the layout's own rectangles and sizes: every text at least 9 px (scaled), as
/// drawn after shrinking to fit, and every hit target at least 28 px; the strip's rows whole.
/// With the Convert lines (docs/SPEC.md section 10.4), the same 360 triples of Basic and
/// Scientific again, the lines' text, buttons and swap key also over no circle. The expected
/// sizes are the contract's own figures, written out.
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
    // The corners, the shapes users met the trips of docs/SPEC.md section 3.2 at (scaled), then
    // random ones.
    let met = [(360, 640), (400, 1100), (1280, 800)].map {
      (max(least.0, Int(Double($0.0) * scale)), max(least.1, Int(Double($0.1) * scale)))
    }
    var sizes = [least, (least.0, 1600), (2560, least.1), (2560, 1600)] + met
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
        // The solid fill through the centre, across and down (the label's pixels between).
        let solid = image.solidExtent(of: key.look.fill, in: circle)
        #expect(
          min(solid.across, solid.down) >= Int((28 * scale).rounded(.up)),
          "\(name) \(key.position): \(solid)")
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
      for (what, size) in textSizes(frame, renderer: renderer) {
        #expect(size >= 9 * scale - 1e-9, "\(name): \(what) at \(size)")
      }
      for (what, rect) in hitTargets(frame) {
        #expect(
          min(rect.width, rect.height) >= 28 * scale - 1e-9, "\(name): \(what) is \(rect)")
      }
      let blank = TestSupport.largestBlankRectangle(in: image)
      #expect(blank.fraction <= 0.3, "\(name): \(blank)")
      if blank.fraction > worst.fraction { worst = (blank.fraction, name) }
    }
    print(
      "largest blank rectangle of \(mode) at \(scale)\(units == nil ? "" : " converting"): \(worst)"
    )
  }

  /// Every text the frame draws and the size it is drawn at, from the layout (and, for the
  /// key labels, the renderer's fitting of them to their circles).
  func textSizes(_ frame: Frame, renderer: Renderer) -> [(String, Double)] {
    let layout = frame.layout
    var sizes: [(String, Double)] = []
    if let tip = layout.tipLayout {
      sizes += [
        ("field", tip.fieldFontSize), ("result", tip.resultFontSize),
        ("per person", tip.perPersonFontSize), ("shares", tip.sharesFontSize),
      ]
    } else {
      sizes += [
        ("display at its smallest", layout.minimumDisplayFontSize),
        ("strip", layout.historyFontSize), ("past rows", layout.pastHistoryFontSize),
        (
          "Rad",
          renderer.indicatorSize(baseSize: layout.displayFontSize, least: layout.leastTextSize)
        ),
      ]
      if !layout.tapePanel.isEmpty { sizes.append(("side panel", layout.tapeFontSize)) }
    }
    if let lines = layout.convert {
      sizes += [
        ("units", lines.unitFontSize), ("caption", lines.captionFontSize),
        ("converted", lines.convertedFontSize), ("Convert's shrinking", lines.leastTextSize),
      ]
    }
    let context = renderer.measuringContext
    for position in layout.keypad.positions {
      guard let cap = layout.keypad.cap(at: position) else { continue }
      let diameter = 2 * layout.circle(at: position).radius
      for label in [cap.label] + (cap.alternate.map { [$0.label] } ?? []) {
        let size = renderer.fittedLabelSize(
          label, face: renderer.labelFace(of: cap), size: cap.labelSize * diameter,
          least: layout.leastTextSize, diameter: diameter, context: context)
        sizes.append(("label \(label)", size))
      }
    }
    if let menu = layout.menu { sizes.append(("menu", menu.fontSize)) }
    if let picker = layout.picker {
      sizes += [("picker", picker.fontSize), ("picker's shrinking", picker.leastTextSize)]
    }
    // The keyboard-shortcuts overlay is not here: it shrinks its thirty lines to fit the
    // window (docs/SPEC.md section 3.2), under 9 px in a window smaller than about 260 × 460.
    return sizes
  }

  /// Every control a click reaches and its rectangle, from the layout: the circles, the Convert
  /// lines' swap key and unit buttons, the Tip & Split fields, the lines of the mode menu and of
  /// the unit picker.
  func hitTargets(_ frame: Frame) -> [(String, Rect)] {
    let layout = frame.layout
    var targets = layout.keypad.positions.map { ("\($0)", layout.circle(at: $0).bounds) }
    if let lines = layout.convert {
      targets.append(("swap", lines.swap.bounds))
      for side in UnitSide.allCases {
        for symbol in ["m", "km", "USD", "km/h"] {
          targets.append(("\(side) \(symbol)", lines.unitButton(side, holding: symbol)))
        }
      }
    }
    if let tip = layout.tipLayout {
      targets += zip(TipField.allCases, tip.fields).map { ("\($0.0)", $0.1) }
    }
    if let menu = layout.menu {
      targets += zip(MenuItem.all, menu.rows).filter(\.0.isChoosable).map { ("\($0.0)", $0.1) }
    }
    if let picker = layout.picker {
      targets += (picker.tabs + picker.rows).map { ("picker line", $0) }
    }
    return targets
  }
}

extension Image {
  /// From the first pixel of exactly `color` to the last, along the row and the column through
  /// the centre of `circle`, within its box and 2 pixels more each side (less than the gap to a
  /// neighbour).
  func solidExtent(of color: Color, in circle: Circle) -> (across: Int, down: Int) {
    let (x, y) = (Int(circle.center.x), Int(circle.center.y))
    let reach = Int(circle.radius.rounded(.up)) + 2
    func extent(_ probe: (Int) -> Color?) -> Int {
      let hits = (-reach...reach).filter { probe($0) == color }
      guard let first = hits.first, let last = hits.last else { return 0 }
      return last - first + 1
    }
    func pixel(_ px: Int, _ py: Int) -> Color? {
      px >= 0 && py >= 0 && px < width && py < height ? self.color(x: px, y: py) : nil
    }
    return (extent { pixel(x + $0, y) }, extent { pixel(x, y + $0) })
  }
}
