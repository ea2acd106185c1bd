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

@Suite struct LayoutTests {
  @Test(arguments: windowSizes, [Keypad.basic, .scientific])
  func circlesEqualInsideOnARegularGrid(size: (Int, Int), keypad: Keypad) {
    let (width, height) = size
    let layout = Layout(width: width, height: height, keypad: keypad)
    #expect(!layout.isEmpty)
    let window = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
    let circles = keypad.positions.map { layout.circle(at: $0) }
    #expect(circles.count == keypad.rowCount * keypad.columnCount)
    #expect(circles.allSatisfy { $0.radius == layout.radius })
    #expect(layout.diameter == Double(Int(layout.diameter)))
    #expect(layout.diameter >= 1)
    for circle in circles {
      #expect(window.contains(circle.bounds), "\(circle) outside \(width)×\(height)")
      #expect(layout.keypadRect.contains(circle.bounds, tolerance: 1e-9))
    }
    // A regular grid: equal steps across and equal steps down, across at least down (a wide
    // window spreads the columns by at most half a diameter), step ≥ diameter (no overlap).
    let origin = layout.circle(at: GridPosition(row: 0, column: 0)).center
    let stepX = layout.circle(at: GridPosition(row: 0, column: 1)).center.x - origin.x
    let stepY = layout.circle(at: GridPosition(row: 1, column: 0)).center.y - origin.y
    #expect(stepX >= stepY - 1e-9)
    #expect(stepX <= stepY + (keypad.spreadsColumns ? layout.diameter / 2 : 0) + 1e-9)
    #expect(stepY >= layout.diameter)
    for position in keypad.positions {
      let center = layout.circle(at: position).center
      #expect(abs(center.x - (origin.x + Double(position.column) * stepX)) < 1e-9)
      #expect(abs(center.y - (origin.y + Double(position.row) * stepY)) < 1e-9)
    }
    for (i, a) in circles.enumerated() {
      for b in circles[(i + 1)...] {
        let dx = a.center.x - b.center.x
        let dy = a.center.y - b.center.y
        #expect((dx * dx + dy * dy).squareRoot() >= a.radius + b.radius)
      }
    }
    // Keypad centred across.
    #expect(abs(layout.keypadRect.minX - (Double(width) - layout.keypadRect.maxX)) < 1e-9)
  }

  @Test func scientificAtItsLandscapeSize() {
    // 852 × 393: height-limited. The stack keeps two history rows: 12 + 2 × 36 + 96 + 20 above
    // the keypad, 5d + 4 × 12 in it and 30 below, with d = 79.25: 674.25 reference pixels, so
    // unit = 393 / 674.25 and d = ⌊79.25 × 393 / 674.25⌋ = ⌊46.19⌋ = 46.
    let layout = Layout(width: 852, height: 393, keypad: .scientific)
    #expect(layout.diameter == 46)
    let unit = 393 / 674.25
    #expect(abs(layout.gap - 12 * unit) < 1e-9)
    #expect(layout.shownHistoryRows(rowCount: 10, offset: 0).count == 2)
    // Columns spread over 852 less the padding: (852 − 40u − 460) / 9 = 40.96…, capped at
    // gap + d / 2 = 6.99 + 23 = 29.99.
    #expect(abs(layout.columnGap - (12 * unit + 23)) < 1e-9)
    let first = layout.circle(at: GridPosition(row: 0, column: 0))
    let last = layout.circle(at: GridPosition(row: 4, column: 9))
    #expect(abs(last.center.x - first.center.x - 9 * (46 + 12 * unit + 23)) < 1e-9)
    #expect(abs(last.center.y - first.center.y - 4 * (46 + 12 * unit)) < 1e-9)
    #expect(abs((last.center.x + 23) - (852 - (first.center.x - 23))) < 1e-9)
  }

  @Test(arguments: windowSizes)
  func displayAndStripStayApart(width: Int, height: Int) {
    let layout = Layout(width: width, height: height)
    let window = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
    #expect(!layout.displayRect.intersects(layout.keypadRect))
    #expect(!layout.historyRect.intersects(layout.keypadRect))
    #expect(!layout.historyRect.intersects(layout.displayRect))
    #expect(layout.historyRect.maxY <= layout.displayRect.minY)
    #expect(layout.displayRect.maxY <= layout.keypadRect.minY)
    #expect(window.contains(layout.displayRect))
    #expect(window.contains(layout.historyRect))
    #expect(!layout.displayRect.isEmpty)
    // "a little strip": at least one whole history row fits.
    #expect(layout.visibleHistoryRows >= 1)
    // The display spans the window less the side padding (20 at 393 wide), at least the
    // keypad's width; the strip is as wide, so its rows end where the display's number ends.
    let side = 20 * layout.unit
    #expect(abs(layout.displayRect.minX - side) < 1e-9)
    #expect(abs(layout.displayRect.maxX - (Double(width) - side)) < 1e-9)
    #expect(layout.displayRect.minX <= layout.keypadRect.minX + 1e-9)
    #expect(layout.displayRect.maxX >= layout.keypadRect.maxX - 1e-9)
    #expect(layout.historyRect.minX == layout.displayRect.minX)
    #expect(layout.historyRect.width == layout.displayRect.width)
    #expect(layout.displayFontSize > layout.historyFontSize)
    #expect(layout.minimumDisplayFontSize == layout.displayFontSize * 0.24)
  }

  @Test(arguments: windowSizes)
  func hitTestsTheCircleNotItsBox(width: Int, height: Int) {
    let layout = Layout(width: width, height: height)
    for position in Keypad.basic.positions {
      let circle = layout.circle(at: position)
      let c = circle.center
      let r = circle.radius
      #expect(layout.cell(at: c) == position)
      // One pixel inside and one outside each edge.
      for (dx, dy) in [(1.0, 0.0), (-1, 0), (0, 1), (0, -1)] {
        #expect(layout.cell(at: Point(x: c.x + dx * (r - 1), y: c.y + dy * (r - 1))) == position)
        #expect(layout.cell(at: Point(x: c.x + dx * (r + 1), y: c.y + dy * (r + 1))) == nil)
      }
      // Along a diagonal, one pixel either side of the edge.
      let d = 0.5.squareRoot()
      #expect(layout.cell(at: Point(x: c.x + d * (r - 1), y: c.y - d * (r - 1))) == position)
      #expect(layout.cell(at: Point(x: c.x + d * (r + 1), y: c.y - d * (r + 1))) == nil)
      // The corners of the bounding box are outside.
      for (sx, sy) in [(1.0, 1.0), (-1, 1), (1, -1), (-1, -1)] {
        #expect(layout.cell(at: Point(x: c.x + sx * (r - 1), y: c.y + sy * (r - 1))) == nil)
      }
    }
  }

  @Test func referenceSize393x852() {
    let layout = Layout(width: 393, height: 852)
    #expect(layout.unit == 1)
    #expect(layout.diameter == 79)
    #expect(layout.gap == 12)
    #expect(layout.displayFontSize == 80)
    #expect(layout.minimumDisplayFontSize == 19.2)
    #expect(layout.digitLabelFontSize == 30)
    #expect(layout.symbolLabelFontSize == 34)
    #expect(layout.operatorLabelFontSize == 50)
    // 4 × 79 + 3 × 12 = 352 wide, centred: (393 − 352) / 2 = 20.5.
    #expect(layout.keypadRect == Rect(x: 20.5, y: 852 - 30 - 443, width: 352, height: 443))
    #expect(
      layout.circle(at: GridPosition(row: 0, column: 0))
        == Circle(
          center: Point(x: 60, y: 418.5), radius: 39.5))
    #expect(
      layout.circle(at: GridPosition(row: 4, column: 3))
        == Circle(
          center: Point(x: 333, y: 782.5), radius: 39.5))
    // The display and the strip span 393 − 2 × 20 = 353, the keypad 352.
    #expect(layout.displayRect == Rect(x: 20, y: 263, width: 353, height: 96))
    #expect(layout.historyRect == Rect(x: 20, y: 12, width: 353, height: 251))
    #expect(layout.historyRowHeight == 36)
    #expect(layout.visibleHistoryRows == 6)
  }

  @Test func defaultSize360x640() {
    let layout = Layout(width: 360, height: 640)
    let unit = 360.0 / 393
    #expect(layout.unit == unit)
    #expect(layout.diameter == 72)  // ⌊(360 − 40u − 36u) / 4⌋ = ⌊72.6⌋
    #expect(layout.gap == 12 * unit)
    let keypadWidth = 4 * 72 + 36 * unit
    #expect(abs(layout.keypadRect.minX - (360 - keypadWidth) / 2) < 1e-9)
    #expect(abs(layout.keypadRect.maxY - (640 - 30 * unit)) < 1e-9)
    #expect(abs(layout.displayFontSize - 80 * unit) < 1e-9)
    let first = layout.circle(at: GridPosition(row: 0, column: 0))
    #expect(abs(first.center.x - ((360 - keypadWidth) / 2 + 36)) < 1e-9)
    #expect(first.radius == 36)
  }

  @Test func shortWideWindowShrinksCirclesToTheHeight() {
    let layout = Layout(width: 1920, height: 1080)
    // The width alone would allow ⌊79.25 × 1920 / 393⌋ = ⌊387.2⌋ = 387; the 638.25-unit stack
    // fits 1080 at u = 1080 / 638.25 = 1.6921, so ⌊79.25 u⌋ = ⌊134.1⌋.
    #expect(layout.diameter == 134)
    #expect(layout.keypadRect.maxY + 30 * layout.unit <= 1080 + 1e-9)
    #expect(layout.historyRect.minY > 0)
  }

  @Test(arguments: [(0, 0), (1, 1), (-5, 100), (100, -5), (4, 4), (3, 1000), (1000, 3)])
  func tinyWindowsGiveAnEmptyLayout(width: Int, height: Int) {
    let layout = Layout(width: width, height: height)
    #expect(layout.isEmpty)
    #expect(layout.width >= 0 && layout.height >= 0)
    #expect(layout.cell(at: Point(x: 0, y: 0)) == nil)
    #expect(layout.circle(at: GridPosition(row: 2, column: 2)).radius == 0)
    #expect(layout.displayRect == .zero && layout.historyRect == .zero)
    #expect(layout.maxHistoryOffset(rowCount: 3) == 2)
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

  @Test func historyScrollingIsClamped() {
    let layout = Layout(width: 393, height: 852)  // 6 whole rows
    #expect(layout.maxHistoryOffset(rowCount: 0) == 0)
    #expect(layout.maxHistoryOffset(rowCount: 6) == 0)
    #expect(layout.maxHistoryOffset(rowCount: 10) == 4)
    // Newest row at the bottom of the strip.
    let newest = layout.historyRowRect(index: 9, rowCount: 10, offset: 0)
    #expect(newest.maxY == layout.historyRect.maxY)
    // Scrolled all the way back: the oldest row is whole, just inside the top.
    let oldest = layout.historyRowRect(index: 0, rowCount: 10, offset: 99)
    #expect(oldest.minY >= layout.historyRect.minY)
    #expect(oldest == layout.historyRowRect(index: 0, rowCount: 10, offset: 4))
    #expect(layout.historyRowRect(index: 9, rowCount: 10, offset: -3) == newest)
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

  @Test func aWideWindowsDisplayIsWiderThanItsKeypad() {
    let layout = Layout(width: 1270, height: 500)  // height-limited: unit 500 / 638.25
    let unit = 500 / 638.25
    #expect(abs(layout.unit - unit) < 1e-12)
    #expect(abs(layout.displayRect.minX - 20 * unit) < 1e-9)
    #expect(abs(layout.displayRect.width - (1270 - 40 * unit)) < 1e-9)
    #expect(layout.displayRect.width > 4 * layout.keypadRect.width)
  }

  /// Whole rows only: every shown row lies inside the strip, as many as fit, no gap between
  /// the newest and the display, and the oldest at the top when scrolled all the way back.
  @Test(arguments: windowSizes)
  func historyRowsAreWholeAndStopAtBothEnds(width: Int, height: Int) {
    let layout = Layout(width: width, height: height)
    let strip = layout.historyRect
    let fit = layout.visibleHistoryRows
    #expect(Double(fit) * layout.historyRowHeight <= strip.height + 1e-9)
    #expect(Double(fit + 1) * layout.historyRowHeight > strip.height)
    for count in [1, fit, fit + 1, 40] where count > 0 {
      let maximum = layout.maxHistoryOffset(rowCount: count)
      #expect(maximum == max(0, count - fit))
      for offset in [-2, 0, 1, maximum, maximum + 3] {
        let shown = layout.shownHistoryRows(rowCount: count, offset: offset)
        let clamped = min(max(offset, 0), maximum)
        #expect(shown == max(0, count - clamped - fit)..<count - clamped)
        for index in shown {
          let row = layout.historyRowRect(index: index, rowCount: count, offset: offset)
          #expect(strip.contains(row, tolerance: 1e-9), "\(width)×\(height) row \(index)")
        }
        // The newest shown row sits on the strip's bottom, just above the display.
        let bottom = layout.historyRowRect(
          index: shown.upperBound - 1, rowCount: count, offset: offset)
        #expect(abs(bottom.maxY - strip.maxY) < 1e-9)
      }
      // All the way back, the oldest row is the top one: no room for another above it.
      let oldest = layout.historyRowRect(index: 0, rowCount: count, offset: maximum)
      if count >= fit {
        #expect(oldest.minY - strip.minY < layout.historyRowHeight)
      }
      #expect(layout.shownHistoryRows(rowCount: count, offset: maximum).first == 0)
      #expect(layout.shownHistoryRows(rowCount: count, offset: 0).last == count - 1)
    }
    #expect(layout.shownHistoryRows(rowCount: 0, offset: 3).isEmpty)
  }
}
