import CalculatorCore
import Testing

@testable import CalculatorLayout

/// The Tip & Split screen's geometry (docs/SPEC.md section 7.1) at every size of `windowSizes`.
@Suite struct TipLayoutTests {
  @Test(arguments: windowSizes)
  func nothingOverlapsOrLeavesTheWindow(width: Int, height: Int) throws {
    let layout = Layout(width: width, height: height, keypad: .tip)
    let window = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
    let tip = try #require(layout.tipLayout)
    #expect(!layout.isEmpty && layout.diameter >= 1)
    // The circles: equal, whole-pixel diameter, inside the window and the keypad, apart.
    let circles = Keypad.tip.positions.map { layout.circle(at: $0) }
    #expect(circles.count == 21)
    for circle in circles {
      #expect(circle.radius == layout.radius)
      #expect(window.contains(circle.bounds), "\(circle) outside \(width)×\(height)")
      #expect(layout.keypadRect.contains(circle.bounds, tolerance: 1e-9))
    }
    for (i, a) in circles.enumerated() {
      for b in circles[(i + 1)...] {
        let dx = a.center.x - b.center.x
        let dy = a.center.y - b.center.y
        #expect((dx * dx + dy * dy).squareRoot() >= a.radius + b.radius - 1e-9)
      }
    }
    // The panel: inside the window, clear of the keypad; its boxes inside it, in order, apart.
    #expect(window.contains(tip.panel, tolerance: 1e-9))
    #expect(!tip.panel.intersects(layout.keypadRect))
    // One column, fields then results; or, in a panel wide enough, results beside the fields.
    let results = [tip.tipRow, tip.totalRow, tip.perPersonRow, tip.sharesRow]
    let isSplit = tip.tipRow.minX > tip.fields[0].maxX
    for column in isSplit ? [tip.fields, results] : [tip.fields + results] {
      for (index, box) in column.enumerated() {
        #expect(!box.isEmpty)
        #expect(tip.panel.contains(box, tolerance: 1e-9))
        if index > 0 { #expect(box.minY >= column[index - 1].maxY - 1e-9) }
        for circle in circles { #expect(!box.intersects(circle.bounds)) }
      }
    }
    // Text sizes: the per-person amount is the largest; the display is the per-person row.
    // From the mode's minimum size, 272 × 500, none is under 9 px (at 96 dpi).
    #expect(tip.perPersonFontSize > tip.fieldFontSize)
    #expect(tip.fieldFontSize > tip.sharesFontSize && tip.resultFontSize > tip.sharesFontSize)
    if width >= 272 && height >= 500 { #expect(tip.sharesFontSize >= 9) }
    #expect(tip.perPersonRow.height >= 1.2 * tip.perPersonFontSize - 1e-9)
    #expect(tip.fields.allSatisfy { $0.height > tip.fieldFontSize })
    #expect(layout.displayRect == tip.perPersonRow)
    #expect(layout.historyRect.isEmpty && layout.visibleHistoryRows == 0)
  }

  @Test(arguments: windowSizes)
  func thePresetsSpanTheTopRowAndTheRestIsCentredUnderThem(width: Int, height: Int) {
    let layout = Layout(width: width, height: height, keypad: .tip)
    let step =
      layout.circle(at: GridPosition(row: 0, column: 1)).center.x
      - layout.circle(at: GridPosition(row: 0, column: 0)).center.x
    #expect(step >= layout.diameter + layout.gap - 1e-9)
    let first = layout.circle(at: GridPosition(row: 0, column: 0)).center
    for position in Keypad.tip.positions {
      let center = layout.circle(at: position).center
      let column = Double(position.column) + (position.row == 0 ? 0 : 0.5)
      #expect(abs(center.x - (first.x + column * step)) < 1e-9)
      #expect(
        abs(center.y - (first.y + Double(position.row) * (layout.diameter + layout.gap))) < 1e-9)
    }
  }

  @Test func portraitPutsThePanelAboveTheKeypad() throws {
    // 360 × 640, worked by hand: the stack is 12 + 380 + 20 + (5 × 79.25 + 4 × 12) + 30 =
    // 886.25 reference pixels tall and 484.25 wide, so the height limits: u = 640 / 886.25,
    // d = ⌊79.25 × 640 / 886.25⌋ = ⌊57.23⌋ = 57. Beside the keypad would be 904.25 wide: u 0.40.
    let layout = Layout(width: 360, height: 640, keypad: .tip)
    let u = 640 / 886.25
    #expect(layout.diameter == 57)
    #expect(abs(layout.unit - u) < 1e-12)
    #expect(abs(layout.keypadRect.minX - 20.16855) < 1e-4)
    #expect(abs(layout.keypadRect.minY - 298.67278) < 1e-4)
    let tip = try #require(layout.tipLayout)
    #expect(abs(tip.panel.minX - 20 * u) < 1e-9)
    #expect(abs(tip.panel.maxX - (360 - 20 * u)) < 1e-9)
    #expect(abs(tip.panel.minY - 12 * u) < 1e-9)
    #expect(abs(tip.panel.maxY - (layout.keypadRect.minY - 20 * u)) < 1e-9)
    // The 380 the rows need, and what is left shared out evenly: before, between and after the
    // seven rows.
    let spare = (tip.panel.height - 380 * u) / 8
    #expect(spare >= 0)
    #expect(abs(tip.fields[0].minY - (tip.panel.minY + spare)) < 1e-9)
    #expect(abs(tip.fields[0].height - 50 * u) < 1e-9)
    #expect(abs(tip.fields[1].minY - (tip.fields[0].maxY + 8 * u + spare)) < 1e-9)
    #expect(abs(tip.sharesRow.maxY + spare - tip.panel.maxY) < 1e-9)
    #expect(abs(tip.perPersonFontSize - 72 * u) < 1e-9)
    // The second row starts half a step in: 20.169 + 28.5 + (57 + 12u) / 2.
    #expect(abs(layout.circle(at: GridPosition(row: 1, column: 0)).center.x - 81.50141) < 1e-4)
  }

  @Test func landscapePutsThePanelBesideTheKeypad() throws {
    // 852 × 393: beside, 904.25 × 486.25 reference pixels: u = 393 / 486.25 (0.808), where
    // above would give 393 / 886.25 (0.443); d = ⌊79.25 × 393 / 486.25⌋ = ⌊64.05⌋ = 64.
    let layout = Layout(width: 852, height: 393, keypad: .tip)
    let u = 393 / 486.25
    #expect(layout.diameter == 64)
    let tip = try #require(layout.tipLayout)
    #expect(abs(layout.keypadRect.maxX - (852 - 20 * u)) < 1e-9)
    #expect(abs(layout.keypadRect.minX - 477.04062) < 1e-4)
    #expect(abs(tip.panel.minY - layout.keypadRect.minY) < 1e-9)
    #expect(abs(tip.panel.minX - 20 * u) < 1e-9)
    #expect(abs(tip.panel.maxX - (layout.keypadRect.minX - 40 * u)) < 1e-9)
    // The panel shares out the keypad's height.
    #expect(abs(tip.panel.height - layout.keypadRect.height) < 1e-9)
    #expect(abs(tip.fields[0].height - 50 * u) < 1e-9)
  }

  @Test(arguments: [(360, 640), (852, 393), (200, 320), (1920, 1080)])
  func aClickFindsTheFieldUnderIt(width: Int, height: Int) throws {
    let layout = Layout(width: width, height: height, keypad: .tip)
    let tip = try #require(layout.tipLayout)
    for (field, box) in zip(TipField.allCases, tip.fields) {
      #expect(tip.field(at: Point(x: box.minX + 1, y: box.minY + 1)) == field)
      #expect(tip.field(at: Point(x: box.maxX - 1, y: box.maxY - 1)) == field)
      #expect(tip.rect(of: field) == box)
      #expect(
        layout.cell(at: Point(x: box.minX + box.width / 2, y: box.minY + box.height / 2)) == nil)
    }
    // Between two fields, and on the results, no field.
    let gap = Point(x: tip.fields[0].minX + 5, y: (tip.fields[0].maxY + tip.fields[1].minY) / 2)
    #expect(tip.field(at: gap) == nil)
    #expect(tip.field(at: Point(x: tip.tipRow.minX + 5, y: tip.tipRow.minY + 5)) == nil)
  }

  @Test func theModeMenuRisesFromTheKeyboardKey() throws {
    let layout = Layout(width: 360, height: 640, keypad: .tip)
    let menu = try #require(layout.menu)
    let key = try #require(Keypad.tip.position(of: KeypadAction.modes))
    #expect(key == GridPosition(row: 4, column: 0))
    #expect(abs(menu.panel.minX - layout.circle(at: key).bounds.minX) < 1e-9)
    #expect(menu.rows.count == MenuItem.lines(in: .tip).count)
    #expect(Rect(x: 0, y: 0, width: 360, height: 640).contains(menu.panel))
  }
}
