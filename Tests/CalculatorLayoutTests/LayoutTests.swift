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
      #expect(smallest >= 28 * scale, "\(mode) \(width)×\(height)")
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

  @Test func referenceSize393x852() {
    // Width-limited (393 / 393 against 852 / 746.25): every reference pixel is one pixel.
    let layout = Layout(width: 393, height: 852)
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
    // The display and the strip span 393 − 2 × 20 = 353, the keypad 352.
    #expect(layout.displayRect == Rect(x: 20, y: 263, width: 353, height: 96))
    #expect(layout.historyRect == Rect(x: 20, y: 12, width: 353, height: 251))
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
    // The display spans the window less the side padding, wider than the keypad.
    #expect(abs(layout.displayRect.minX - 20 * unit) < 1e-9)
    #expect(abs(layout.displayRect.maxX - (360 - 20 * unit)) < 1e-9)
  }

  /// docs/SPEC.md section 3: scientific in a portrait window stacks its functions above the basic
  /// keys. At 400 × 1100 the width limits (400 / 393 against 1100 / 1051.1): the functions are
  /// ⌊52.24 × 400 / 393⌋ = 53 across, the basic keys ⌊79.25 × 400 / 393⌋ = 80.
  @Test func scientificInAPortraitWindowStacksItsFunctions() throws {
    let layout = Layout(width: 400, height: 1100, keypad: .scientific)
    #expect(layout.arrangement == .portrait)
    let function = layout.circle(at: GridPosition(row: 0, column: 0))
    let basic = layout.circle(at: GridPosition(row: 0, column: 6))
    #expect(2 * function.radius == (Reference.functionDiameter * 400 / 393).rounded(.down))
    #expect(2 * function.radius == 53 && 2 * basic.radius == 80)
    // Every function row is above every basic row, both blocks as wide as the window allows.
    let functions = Keypad.scientific.positions.filter { $0.column < 6 }
    let basics = Keypad.scientific.positions.filter { $0.column >= 6 }
    let lowestFunction = functions.map { layout.circle(at: $0).bounds.maxY }.max() ?? 0
    let highestBasic = basics.map { layout.circle(at: $0).bounds.minY }.min() ?? 0
    #expect(lowestFunction < highestBasic)
    #expect(Keypad.scientific.positions.allSatisfy { 2 * layout.circle(at: $0).radius >= 44 })
    // Reading order (the focus ring, the screen reader): the functions row by row, then the
    // basic keys.
    #expect(layout.positions == functions + basics)
    #expect(layout.visibleHistoryRows >= 4)
  }

  @Test func scientificInALandscapeWindowIsOneGrid() {
    // 1000 × 600: one grid of ten columns gives 79.25 × 600 / 674.25 (the stack with two strip
    // rows) = 70.5 across, the stacked keypad 52.24 × 600 / 1051.1 = 29.8; the side panel
    // would need 940.5 + 200 of width.
    let layout = Layout(width: 1000, height: 600, keypad: .scientific)
    #expect(layout.arrangement == .landscape)
    #expect(layout.diameter == (79.25 * 600 / 674.25).rounded(.down))
    let first = layout.circle(at: GridPosition(row: 0, column: 0))
    let last = layout.circle(at: GridPosition(row: 0, column: 9))
    #expect(first.radius == last.radius && first.center.y == last.center.y)
    #expect(layout.tapePanel.isEmpty)
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
      // The display is at least as wide as the keypad it belongs to and ends where it ends
      // (less the side padding); the strip is as wide, so its rows end where the number ends.
      let side = 20 * layout.unit
      #expect(layout.displayRect.width >= 353 * layout.unit - 1e-9)
      #expect(abs(layout.displayRect.maxX - (Double(width) - side)) < 1e-9)
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

  /// The layout is a function of the shape: a window twice as large (192 dpi) is the same
  /// layout twice as large, up to the circles' whole pixels.
  @Test(arguments: [(360, 640), (400, 1100), (1600, 500), (852, 393), (250, 900)])
  func twiceTheSizeIsTheSameLayoutTwiceAsLarge(width: Int, height: Int) {
    for mode in Mode.allCases {
      let one = Layout(width: width, height: height, keypad: .of(mode))
      let two = Layout(width: 2 * width, height: 2 * height, keypad: .of(mode))
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
    let layout = Layout(width: 393, height: 852)  // display 353 wide, font 80
    #expect(layout.displayFontSize(fitting: 300) == 80)
    #expect(layout.displayFontSize(fitting: 353) == 80)
    #expect(layout.displayFontSize(fitting: 706) == 40)
    #expect(layout.displayFontSize(fitting: 441.25) == 64)
    #expect(layout.displayFontSize(fitting: 1412) == 20)
    #expect(layout.displayFontSize(fitting: 1470) == 80.0 * 353 / 1470)  // 19.21
    #expect(layout.displayFontSize(fitting: 1471) == nil)  // 19.198 < 19.2
  }
}
