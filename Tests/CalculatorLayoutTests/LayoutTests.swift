import CalculatorCore
import TestSupport
import Testing

@testable import CalculatorLayout

/// 135 window sizes, tiny to 4K (TestSupport.windowSizes).
let windowSizes = TestSupport.windowSizes

extension Rect {
  /// `contains` that forgives floating-point rounding of `tolerance` pixels.
  func contains(_ other: Rect, tolerance: Double) -> Bool {
    other.minX >= minX - tolerance && other.maxX <= maxX + tolerance
      && other.minY >= minY - tolerance && other.maxY <= maxY + tolerance
  }
}

/// The reference proportions the tests work sizes out from, by hand (docs/SPEC.md section 3):
/// the basic keypad 4 × 79.25 with gaps of 12, a function block of 6 circles across the same
/// 353, chrome 12 + 96 + 20 above and 30 below, strip rows 36.
enum Reference {
  static let gapRatio = 12 / 79.25
  static let functionDiameter = 353 / (6 + 5 * gapRatio)
  static let basicKeypadHeight = 5 * 79.25 + 4 * 12.0
  static let functionKeypadHeight = 5 * functionDiameter + 4 * functionDiameter * gapRatio
  static let chrome = 12.0 + 96 + 20 + 30
}

@Suite struct LayoutTests {
  @Test(arguments: windowSizes, [Keypad.basic, .scientific, .tip])
  func circlesAreWholeRoundAndApart(size: (Int, Int), keypad: Keypad) {
    let (width, height) = size
    let layout = Layout(width: width, height: height, keypad: keypad)
    #expect(!layout.isEmpty)
    let window = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
    let circles = keypad.positions.map { layout.circle(at: $0) }
    #expect(circles.count == keypad.rows.map(\.count).reduce(0, +))
    for circle in circles {
      #expect(window.contains(circle.bounds), "\(circle) outside \(width)×\(height)")
      #expect(layout.keypadRect.contains(circle.bounds, tolerance: 1e-9))
      // A whole number of pixels across, at least one.
      #expect(2 * circle.radius == (2 * circle.radius).rounded() && circle.radius >= 0.5)
    }
    for (i, a) in circles.enumerated() {
      for b in circles[(i + 1)...] {
        let dx = a.center.x - b.center.x
        let dy = a.center.y - b.center.y
        #expect((dx * dx + dy * dy).squareRoot() >= a.radius + b.radius - 1e-9)
      }
    }
    // Nothing else overlaps a circle: the display, the strip, the side panel, Tip & Split.
    let others =
      [layout.displayRect, layout.historyRect, layout.tapePanel]
      + (layout.tipLayout.map { [$0.panel] } ?? [])
    for rect in others where !rect.isEmpty {
      #expect(window.contains(rect, tolerance: 1e-9))
      #expect(!rect.intersects(layout.keypadRect), "\(rect) over the keypad at \(width)×\(height)")
    }
  }

  /// docs/SPEC.md section 3: from each mode's minimum size up, at 96, 144 and 192 dpi (the
  /// minimum scaled), no circle is under 28 px scaled; 600 sizes per mode.
  @Test(arguments: Mode.allCases, [1.0, 1.5, 2.0])
  func circlesNeverGoBelowTheMinimum(mode: Mode, scale: Double) {
    circlesStayAtLeastTheMinimum(mode: mode, scale: scale, converts: false)
  }

  /// docs/SPEC.md section 10.4: the Convert lines keep each mode's minimum size.
  @Test(arguments: [Mode.basic, .scientific], [1.0, 1.5, 2.0])
  func circlesNeverGoBelowTheMinimumWithConvert(mode: Mode, scale: Double) {
    circlesStayAtLeastTheMinimum(mode: mode, scale: scale, converts: true)
  }

  func circlesStayAtLeastTheMinimum(mode: Mode, scale: Double, converts: Bool) {
    var random = TestSupport.SeededGenerator(seed: UInt64(scale * 10) + 7)
    let minimum = Layout.minimumSize(for: mode)
    let least = (
      width: Int((Double(minimum.width) * scale).rounded(.up)),
      height: Int((Double(minimum.height) * scale).rounded(.up))
    )
    var sizes = [(least.width, least.height), (least.width, 1600), (2560, least.height)]
    for _ in 0..<200 {
      sizes.append(
        (
          Int.random(in: least.width...2560, using: &random),
          Int.random(in: least.height...1600, using: &random)
        ))
    }
    for (width, height) in sizes {
      let layout = Layout(
        width: width, height: height, keypad: .of(mode), scale: scale, converts: converts)
      #expect((layout.convert != nil) == converts)
      let smallest = Keypad.of(mode).positions.map { 2 * layout.circle(at: $0).radius }.min() ?? 0
      // 28 px of solid fill, and a pixel of antialiased edge each side.
      #expect(smallest >= (28 * scale).rounded(.up) + 2, "\(mode) \(width)×\(height)")
    }
  }

  /// docs/SPEC.md section 3: no circle under 28 px at 96 dpi (written out here, not read from
  /// the layout), over the portrait windows where a scientific keypad switches from one grid
  /// to its functions stacked above the basic keys (at 96 dpi about 340 × 500), every 3 × 7 px
  /// from each mode's minimum size up to 1000 px high.
  @Test(arguments: Mode.allCases, [1.0, 2.0])
  func noCircleUnder28PixelsNearTheStackingSwitch(mode: Mode, scale: Double) {
    let minimum = Layout.minimumSize(for: mode)
    let least = (
      width: Int((Double(minimum.width) * scale).rounded(.up)),
      height: Int((Double(minimum.height) * scale).rounded(.up))
    )
    let step = Int(scale)
    var stacked = 0
    var sizes = 0
    for width in stride(from: least.width, through: least.width + 200 * step, by: 3 * step) {
      for height in stride(from: max(least.height, width), through: 1000 * step, by: 7 * step) {
        let layout = Layout(width: width, height: height, keypad: .of(mode), scale: scale)
        let positions = Keypad.of(mode).positions
        let smallest = positions.map { 2 * layout.circle(at: $0).radius }.min() ?? 0
        #expect(smallest >= 28 * scale, "\(mode) \(width)×\(height) at \(scale)")
        // Stacked: the first function circle sits above the first basic one of its row.
        let first = layout.circle(at: GridPosition(row: 0, column: 0)).center.y
        let last = layout.circle(at: GridPosition(row: 0, column: layout.keypad.columnCount - 1))
        if last.center.y - first > 1 { stacked += 1 }
        sizes += 1
      }
    }
    #expect(sizes > 300)
    // The sweep reaches the switch: some windows stack the scientific keypad, others do not.
    if mode == .scientific { #expect(stacked > 0 && stacked < sizes, "\(stacked) of \(sizes)") }
  }

  /// At 192 dpi a 393 × 852 window is the reference design: width-limited (393 / 393 against
  /// 852 / 746.25, below the default window's unit, 2 × 640 / 746.25), every reference pixel
  /// is one pixel.
  @Test func referenceSize393x852() {
    let layout = Layout(width: 393, height: 852, scale: 2)
    #expect(layout.arrangement == .portrait)
    #expect(layout.unit == 1)
    #expect(layout.diameter == 79)
    #expect(layout.gap == 12)
    #expect(layout.displayFontSize == 80)
    #expect(layout.minimumDisplayFontSize == 19.2)
    #expect(layout.digitLabelFontSize == 79 * 30 / 79.25)
    // 4 × 79 + 3 × 12 = 352 wide, centred: (393 − 352) / 2 = 20.5.
    #expect(layout.keypadRect == Rect(x: 20.5, y: 852 - 30 - 443, width: 352, height: 443))
    #expect(
      layout.circle(at: GridPosition(row: 0, column: 0))
        == Circle(center: Point(x: 60, y: 418.5), radius: 39.5))
    #expect(
      layout.circle(at: GridPosition(row: 4, column: 3))
        == Circle(center: Point(x: 333, y: 782.5), radius: 39.5))
    // The display and the strip span from the side padding to the keypad's right column,
    // 20.5 + 352.
    #expect(layout.displayRect == Rect(x: 20, y: 263, width: 352.5, height: 96))
    #expect(layout.historyRect == Rect(x: 20, y: 12, width: 352.5, height: 251))
    #expect(layout.historyRowHeight == 36)
    #expect(layout.visibleHistoryRows == 6)
    #expect(layout.tapePanel.isEmpty)
  }

  /// The default window keeps four strip rows whole: the stack 12 + 4 × 36 + 96 + 20 + 444.25 +
  /// 30 = 746.25 fits 640 at u = 640 / 746.25, the circles ⌊79.25 u⌋ = 67.
  @Test func theDefaultSizeKeepsFourStripRows() {
    let layout = Layout(width: 360, height: 640)
    let unit = 640 / 746.25
    #expect(layout.arrangement == .portrait)
    #expect(abs(layout.unit - unit) < 1e-12)
    #expect(layout.diameter == 67)
    #expect(layout.visibleHistoryRows == 4)
    let keypadWidth = 4 * 67 + 36 * unit
    #expect(abs(layout.keypadRect.minX - (360 - keypadWidth) / 2) < 1e-9)
    #expect(abs(layout.keypadRect.maxY - (640 - 30 * unit)) < 1e-9)
    // The display spans from the side padding to the keypad's right column, as on the iPhone:
    // wider than the keypad, ending where it ends.
    #expect(abs(layout.displayRect.minX - 20 * unit) < 1e-9)
    #expect(abs(layout.displayRect.maxX - (360 + keypadWidth) / 2) < 1e-9)
  }

  /// docs/SPEC.md section 3.2: scientific in a portrait window stacks its functions above the
  /// basic keys. At 400 × 1100 the circles stop at the default window's (unit 640 / 746.25, the
  /// basic keypad's at 360 × 640; the width would allow 400 / 393): the functions are
  /// ⌊52.24 × 0.8576⌋ = 44 across, the basic keys ⌊79.25 × 0.8576⌋ = 67, and the strip takes
  /// the rest: 1100 − 907.1 × 0.8576 = 322 pixels, ten rows of 36 × 0.8576.
  @Test func scientificInAPortraitWindowStacksItsFunctions() throws {
    let layout = Layout(width: 400, height: 1100, keypad: .scientific)
    #expect(layout.arrangement == .portrait)
    let unit = 640 / 746.25
    #expect(abs(layout.unit - unit) < 1e-12)
    let function = layout.circle(at: GridPosition(row: 0, column: 0))
    let basic = layout.circle(at: GridPosition(row: 0, column: 6))
    #expect(2 * function.radius == (Reference.functionDiameter * unit).rounded(.down))
    #expect(2 * function.radius == 44 && 2 * basic.radius == 67)
    // Every function row is above every basic row, both blocks as wide as the window allows.
    let functions = Keypad.scientific.positions.filter { $0.column < 6 }
    let basics = Keypad.scientific.positions.filter { $0.column >= 6 }
    let lowestFunction = functions.map { layout.circle(at: $0).bounds.maxY }.max() ?? 0
    let highestBasic = basics.map { layout.circle(at: $0).bounds.minY }.min() ?? 0
    #expect(lowestFunction < highestBasic)
    #expect(Keypad.scientific.positions.allSatisfy { 2 * layout.circle(at: $0).radius >= 44 })
    // Both blocks' right columns end where the display does.
    let right = [GridPosition(row: 0, column: 5), GridPosition(row: 0, column: 9)].map {
      layout.circle(at: $0).bounds.maxX
    }
    #expect(right.allSatisfy { abs($0 - layout.displayRect.maxX) < 1e-9 })
    // Reading order (the focus ring, the screen reader): the functions row by row, then the
    // basic keys.
    #expect(layout.positions == functions + basics)
    #expect(layout.visibleHistoryRows >= 10)
    #expect(layout.tapePanel.isEmpty)
  }

  @Test func scientificInALandscapeWindowIsOneGrid() {
    // 900 × 700: one grid of ten columns would allow 900 / 940.5 = 0.957 (the height
    // 700 / 674.25 = 1.04), more than the default window's 640 / 746.25: its circles are 67
    // across and the strip takes the height. The side panel would need (940.5 + 200) u of
    // width: u = 0.789, smaller circles.
    let layout = Layout(width: 900, height: 700, keypad: .scientific)
    #expect(layout.arrangement == .landscape)
    #expect(layout.diameter == 67)
    let first = layout.circle(at: GridPosition(row: 0, column: 0))
    let last = layout.circle(at: GridPosition(row: 0, column: 9))
    #expect(first.radius == last.radius && first.center.y == last.center.y)
    #expect(layout.tapePanel.isEmpty)
    // The columns spread to the side padding: 20 u each side, to half a diameter more apart.
    let unit = 640 / 746.25
    #expect(
      abs(first.bounds.minX - 20 * unit) < 1e-9 && abs(last.bounds.maxX - (900 - 20 * unit)) < 1e-9)
    // The strip holds more than its two rows: 700 less the chrome (12 + 96 + 20 + 30) u and
    // the keypad, 5 × 67 + 4 × 12 u; 190 pixels, six rows of 36 u.
    let strip = 700 - 158 * unit - (5 * 67 + 48 * unit)
    #expect(abs(layout.historyRect.height - strip) < 1e-9)
    #expect(layout.visibleHistoryRows == 6)
  }

  /// docs/SPEC.md section 3.2: landscape Scientific at 1280 × 800 gives its room to the tape.
  /// One grid would allow 1280 / 940.5 and 800 / 674.25, both past the default window's
  /// 640 / 746.25: the keypad column stops there, 393 × 0.8576 wide, and the side panel takes
  /// the rest.
  @Test func aLargeLandscapeWindowGivesItsRoomToTheTape() {
    let layout = Layout(width: 1280, height: 800, keypad: .scientific)
    let unit = 640 / 746.25
    #expect(layout.arrangement == .wide)
    #expect(abs(layout.unit - unit) < 1e-12)
    #expect(layout.diameter == 67)
    #expect(abs(layout.tapePanel.maxX - (1280 - (40 + 900.5) * unit)) < 1e-6)
    #expect(layout.tapePanel.width > 400)
  }

  /// docs/SPEC.md section 3.2: a window taller than wide never gets the side panel, at any dpi;
  /// 675 × 1163 at 192 dpi and 340 × 581 at 96 dpi had one.
  @Test(arguments: [(675, 1163, 2.0), (340, 581, 1.0), (700, 700, 1.0), (1500, 1600, 1.0)])
  func aPortraitWindowNeverGetsTheSidePanel(width: Int, height: Int, scale: Double) {
    for mode in [Mode.basic, .scientific] {
      for converts in [false, true] {
        let layout = Layout(
          width: width, height: height, keypad: .of(mode), scale: scale, converts: converts)
        #expect(layout.arrangement != .wide && layout.tapePanel.isEmpty, "\(mode)")
      }
    }
  }

  /// docs/SPEC.md section 3: a window much wider than the keypad needs at its height gets the
  /// side tape panel. Basic at 1600 × 500: the keypad column with two strip rows is 674.25 tall,
  /// u = 500 / 674.25; the column is 393 u wide at the right, the panel the rest.
  @Test func aWideWindowHasTheSidePanel() {
    let layout = Layout(width: 1600, height: 500)
    let unit = 500 / 674.25
    #expect(layout.arrangement == .wide)
    #expect(abs(layout.unit - unit) < 1e-12)
    let column = 1600 - 393 * unit
    #expect(abs(layout.tapePanel.minX - 20 * unit) < 1e-9)
    #expect(abs(layout.tapePanel.maxX - column) < 1e-9)
    #expect(abs(layout.tapePanel.minY - 12 * unit) < 1e-9)
    #expect(abs(layout.tapePanel.maxY - (500 - 30 * unit)) < 1e-9)
    // The display stays over its keypad, right-aligned with it, as wide as the column allows.
    #expect(abs(layout.displayRect.minX - (column + 20 * unit)) < 1e-9)
    #expect(abs(layout.displayRect.maxX - (1600 - 20 * unit)) < 1e-9)
    #expect(layout.displayRect.minX <= layout.keypadRect.minX + 1e-9)
    #expect(layout.historyRect.minX == layout.displayRect.minX)
    #expect(!layout.stripShowsPast)
    #expect(layout.visibleHistoryRows == 2)
  }

  @Test(arguments: windowSizes)
  func displayAndStripStayApart(width: Int, height: Int) {
    for keypad in [Keypad.basic, .scientific] {
      let layout = Layout(width: width, height: height, keypad: keypad)
      let window = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
      #expect(!layout.historyRect.intersects(layout.displayRect))
      #expect(!layout.tapePanel.intersects(layout.displayRect))
      #expect(!layout.tapePanel.intersects(layout.historyRect))
      #expect(layout.historyRect.maxY <= layout.displayRect.minY)
      #expect(layout.displayRect.maxY <= layout.keypadRect.minY)
      #expect(window.contains(layout.displayRect))
      #expect(window.contains(layout.historyRect))
      // Two whole rows at least (four in portrait unless the window is too short for them).
      #expect(layout.visibleHistoryRows >= 2, "\(width)×\(height)")
      // The display is at least as wide as the keypad it belongs to and ends where its right
      // column ends, as on the iPhone; the strip is as wide, so its rows end where the number
      // ends.
      #expect(layout.displayRect.minX <= layout.keypadRect.minX + 1e-9)
      #expect(abs(layout.displayRect.maxX - layout.keypadRect.maxX) < 1e-9)
      #expect(layout.historyRect.minX == layout.displayRect.minX)
      #expect(layout.historyRect.width == layout.displayRect.width)
      #expect(layout.displayFontSize > layout.historyFontSize)
    }
  }

  @Test(arguments: windowSizes)
  func hitTestsTheCircleNotItsBox(width: Int, height: Int) {
    for keypad in [Keypad.basic, .scientific] {
      let layout = Layout(width: width, height: height, keypad: keypad)
      for position in keypad.positions {
        let circle = layout.circle(at: position)
        let c = circle.center
        let r = circle.radius
        #expect(layout.cell(at: c) == position)
        // One pixel inside and one outside each edge.
        for (dx, dy) in [(1.0, 0.0), (-1, 0), (0, 1), (0, -1)] where r > 2 {
          #expect(layout.cell(at: Point(x: c.x + dx * (r - 1), y: c.y + dy * (r - 1))) == position)
          #expect(layout.cell(at: Point(x: c.x + dx * (r + 1), y: c.y + dy * (r + 1))) != position)
        }
        // The corners of the bounding box are outside.
        for (sx, sy) in [(1.0, 1.0), (-1, 1), (1, -1), (-1, -1)] where r > 4 {
          #expect(layout.cell(at: Point(x: c.x + sx * (r - 1), y: c.y + sy * (r - 1))) == nil)
        }
      }
    }
  }

  /// The layout is a function of the shape: a window twice as large at 192 dpi is the same
  /// layout twice as large, up to the circles' whole pixels.
  @Test(arguments: [(360, 640), (400, 1100), (1600, 500), (852, 393), (250, 900), (1280, 800)])
  func twiceTheSizeIsTheSameLayoutTwiceAsLarge(width: Int, height: Int) {
    for mode in Mode.allCases {
      let one = Layout(width: width, height: height, keypad: .of(mode))
      let two = Layout(width: 2 * width, height: 2 * height, keypad: .of(mode), scale: 2)
      #expect(one.arrangement == two.arrangement)
      #expect(abs(two.unit - 2 * one.unit) < 1e-9)
      for position in Keypad.of(mode).positions {
        let a = one.circle(at: position)
        let b = two.circle(at: position)
        // Each circle's whole pixels may differ by one, and stack up over a column of rows.
        #expect(abs(b.radius - 2 * a.radius) <= 1)
        #expect(abs(b.center.x - 2 * a.center.x) <= 12 && abs(b.center.y - 2 * a.center.y) <= 12)
      }
    }
  }

  @Test(arguments: [(0, 0), (1, 1), (-5, 100), (100, -5), (4, 4), (3, 1000), (1000, 3)])
  func tinyWindowsGiveAnEmptyLayout(width: Int, height: Int) {
    let layout = Layout(width: width, height: height)
    #expect(layout.isEmpty)
    #expect(layout.width >= 0 && layout.height >= 0)
    #expect(layout.cell(at: Point(x: 0, y: 0)) == nil)
    #expect(layout.circle(at: GridPosition(row: 2, column: 2)).radius == 0)
    #expect(layout.displayRect == .zero && layout.historyRect == .zero)
    #expect(layout.maxHistoryOffset(rowCount: 3) == 0)
    #expect(layout.displayFontSize(fitting: 10) == nil)
  }

  @Test func smallestNonEmptyWindows() {
    for size in 1...20 {
      let layout = Layout(width: size, height: size * 2)
      for position in Keypad.basic.positions {
        let bounds = layout.circle(at: position).bounds
        #expect(bounds.width >= 0)
        #expect(bounds.minX >= 0 && bounds.maxX <= Double(size))
      }
    }
  }

  @Test func displayFontShrinksTo24PercentThenGivesUp() {
    let layout = Layout(width: 393, height: 852, scale: 2)  // display 352.5 wide, font 80
    #expect(layout.displayFontSize(fitting: 300) == 80)
    #expect(layout.displayFontSize(fitting: 352.5) == 80)
    #expect(layout.displayFontSize(fitting: 705) == 40)
    #expect(layout.displayFontSize(fitting: 440.625) == 64)
    #expect(layout.displayFontSize(fitting: 1410) == 20)
    #expect(layout.displayFontSize(fitting: 1468.75) == 19.2)
    #expect(layout.displayFontSize(fitting: 1469) == nil)  // 19.197 < 19.2
  }

  /// docs/SPEC.md section 3.2: a number shrinks no further than 9 px at 96 dpi (scaled) where
  /// 24% of its base is less: a base of 30 in a box 100 wide fits 300 px of text at 10 px,
  /// 333 at 9.009, and no more.
  @Test func aNumberShrinksNoFurtherThanTheLeastText() {
    #expect(Layout.fontSize(fitting: 300, width: 100, base: 30, least: 9) == 10)
    #expect(Layout.fontSize(fitting: 333, width: 100, base: 30, least: 9) == 3000.0 / 333)
    #expect(Layout.fontSize(fitting: 334, width: 100, base: 30, least: 9) == nil)
    #expect(Layout.fontSize(fitting: 600, width: 100, base: 30, least: 13.5) == nil)
    // A base under the least text keeps its base and shrinks no further.
    #expect(Layout.fontSize(fitting: 90, width: 100, base: 8, least: 9) == 8)
    #expect(Layout.fontSize(fitting: 110, width: 100, base: 8, least: 9) == nil)
  }
}
