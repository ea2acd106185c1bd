import CalculatorCore
import CalculatorLayout
import TestSupport
import Testing

@testable import CalculatorRender

@Suite struct KeypadPixelTests {
  let renderer = Renderer()

  @Test(arguments: renderSizes)
  func circlesHaveTheirFillsAndBlackCorners(width: Int, height: Int) throws {
    let image = renderer.render(frame("", width, height))
    let layout = Layout(width: width, height: height)
    for position in Keypad.positions {
      let circle = layout.circle(at: position)
      #expect(image.color(at: circle.fillProbe) == restingFill(position), "\(position)")
      for (sx, sy) in [(1.0, 1.0), (-1, 1), (1, -1), (-1, -1)] {
        #expect(image.color(at: circle.cornerProbe(sx, sy)) == Theme.background, "\(position)")
      }
    }
  }

  @Test(arguments: renderSizes)
  func everyPixelIsOpaque(width: Int, height: Int) throws {
    var frame = frame("12+3", width, height)
    frame.showsShortcuts = true
    let image = renderer.render(frame)
    #expect(image.width == width && image.height == height)
    #expect(image.stride >= 4 * width)
    var translucent = 0
    for y in 0..<image.height {
      for x in 0..<image.width
      where image.bytes.load(fromByteOffset: y * image.stride + 4 * x, as: UInt32.self) >> 24
        != 0xFF
      {
        translucent += 1
      }
    }
    #expect(translucent == 0)
  }

  // The + is white from the operator key until the next number starts, and again once C or ⌫
  // has cleared that number back to 0 (KeyLabelTests has the orange half).
  @Test(arguments: [
    ("12+", 360, 640), ("12+3c", 393, 852), ("12+3b", 393, 852), ("12+", 220, 400),
    ("12+", 1920, 1080),
  ])
  func pendingOperatorIsWhiteWithAnOrangeLabel(keys: String, width: Int, height: Int) throws {
    #expect(TestSupport.calculator(after: keys).pendingOperation == .add)
    let image = renderer.render(frame(keys, width, height))
    let layout = Layout(width: width, height: height)
    let plus = try #require(Keypad.position(of: .operation(.add)))
    let circle = layout.circle(at: plus)
    #expect(image.color(at: circle.fillProbe) == Theme.pendingFill)
    #expect(image.count(Theme.pendingLabel, around: circle.center, half: 0.35 * circle.radius) > 0)
    for operation in [Operation.subtract, .multiply, .divide] {
      let other = layout.circle(at: try #require(Keypad.position(of: .operation(operation))))
      #expect(image.color(at: other.fillProbe) == Theme.operatorFill)
    }
  }

  @Test(arguments: ["", "12", "12+3=", "7*2=%", "12+3a", "5/0="])
  func noOperatorIsHighlightedWithoutAPendingOne(keys: String) throws {
    let image = renderer.render(frame(keys, 360, 640))
    let layout = Layout(width: 360, height: 640)
    for row in 0..<5 {
      let circle = layout.circle(at: GridPosition(row: row, column: 3))
      #expect(image.color(at: circle.fillProbe) == Theme.operatorFill)
      #expect(image.count(Theme.pendingFill, around: circle.fillProbe, half: 2) == 0)
    }
  }

  @Test(arguments: [
    (GridPosition(row: 1, column: 1), Theme.digitPressedFill),
    (GridPosition(row: 0, column: 1), Theme.functionPressedFill),
    (GridPosition(row: 0, column: 0), Theme.functionPressedFill),
    (GridPosition(row: 2, column: 3), Theme.operatorPressedFill),
    (GridPosition(row: 4, column: 0), Theme.digitPressedFill),
    (GridPosition(row: 4, column: 3), Theme.operatorPressedFill),
  ])
  func pressedCircleLightens(position: GridPosition, fill: Color) throws {
    var frame = frame("12+", 360, 640)
    frame.pressed = position
    let image = renderer.render(frame)
    let layout = frame.layout
    #expect(image.color(at: layout.circle(at: position).fillProbe) == fill)
    for other in Keypad.positions
    where other != position && other != GridPosition(row: 3, column: 3) {
      #expect(image.color(at: layout.circle(at: other).fillProbe) == restingFill(other))
    }
  }

  @Test func clearKeyShowsACThenC() throws {
    let layout = Layout(width: 393, height: 852)
    let clear = layout.circle(at: GridPosition(row: 0, column: 0))
    func labelPixels(_ keys: String) throws -> Int {
      let image = renderer.render(frame(keys, 393, 852))
      return image.count(Theme.functionLabel, around: clear.center, half: 0.6 * clear.radius)
    }
    let allClear = try labelPixels("")
    let clearEntry = try labelPixels("12")
    #expect(TestSupport.calculator(after: "").clearLabel == .allClear)
    #expect(TestSupport.calculator(after: "12").clearLabel == .clearEntry)
    #expect(clearEntry > 0)
    #expect(allClear > clearEntry + clearEntry / 2)  // "AC" has about twice the ink of "C"
  }

  @Test func keyboardGlyphIsDrawnWithoutAFont() throws {
    let layout = Layout(width: 393, height: 852)
    let cell = layout.circle(at: try #require(Keypad.position(of: KeypadAction.shortcuts)))
    // With no patterns at all the renderer uses cairo's toy face; the glyph is paths either way.
    let bare = Renderer(display: [], label: [], symbol: [])
    for renderer in [renderer, bare] {
      let image = renderer.render(frame("", 393, 852))
      #expect(image.count(Theme.digitLabel, around: cell.center, half: 0.3 * cell.radius) > 20)
    }
  }

  @Test(arguments: [(0, 0), (1, 1), (-3, 7), (5, 5), (3, 1000), (1000, 3), (40, 60)])
  func tinyWindowsDrawWithoutTrapping(width: Int, height: Int) throws {
    var frame = frame("2/3=", width, height)
    frame.showsShortcuts = true
    frame.pressed = GridPosition(row: 1, column: 1)
    frame.historyOffset = 5
    let image = renderer.render(frame)
    #expect(image.width == min(max(width, 1), 32767))
    #expect(image.height == min(max(height, 1), 32767))
    #expect(image.color(x: 0, y: 0) != nil)
  }
}
