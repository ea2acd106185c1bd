import CalculatorCore
import CalculatorLayout
import TestSupport
import Testing

@testable import CalculatorRender
@testable import CalculatorWindow

@Suite struct KeypadPixelTests {
  let renderer = Renderer()

  @Test(arguments: renderSizes)
  func circlesHaveTheirFillsAndBlackCorners(width: Int, height: Int) throws {
    let image = renderer.render(frame("", width, height))
    let layout = Layout(width: width, height: height)
    for position in Keypad.basic.positions {
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
    frame.shortcuts = KeyBinding.shortcutLines(for: .basic)
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
    let plus = try #require(Keypad.basic.position(of: .operation(.add)))
    let circle = layout.circle(at: plus)
    #expect(image.color(at: circle.fillProbe) == Theme.pendingFill)
    #expect(image.count(Theme.pendingLabel, around: circle.center, half: 0.35 * circle.radius) > 0)
    for operation in [Operation.subtract, .multiply, .divide] {
      let other = layout.circle(at: try #require(Keypad.basic.position(of: .operation(operation))))
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
    for other in Keypad.basic.positions
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
    let cell = layout.circle(at: try #require(Keypad.basic.position(of: KeypadAction.modes)))
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
    frame.shortcuts = KeyBinding.shortcutLines(for: .basic)
    frame.menuSelection = MenuSelection(index: 1)
    frame.pressed = GridPosition(row: 1, column: 1)
    frame.tape.offset = 5
    let image = renderer.render(frame)
    #expect(image.width == min(max(width, 1), 32767))
    #expect(image.height == min(max(height, 1), 32767))
    #expect(image.color(x: 0, y: 0) != nil)
  }
}

/// The 10 × 5 scientific keypad (docs/SPEC.md section 6.1): every circle has its colour family's
/// fill and black corners at landscape sizes; `2nd` and a held memory light their keys;
/// superscripts sit higher than the text they follow.
@Suite struct ScientificKeypadPixelTests {
  let renderer = Renderer()

  static let sizes: [(Int, Int)] = [
    (852, 393), (640, 320), (1280, 600), (1920, 1080), (2556, 1179),
  ]

  @Test(arguments: sizes)
  func fiftyCirclesWithTheirFills(width: Int, height: Int) throws {
    var frame = try frame("", width, height)
    frame.mode = .scientific
    let image = renderer.render(frame)
    let layout = frame.layout
    #expect(layout.keypad.positions.count == 50)
    for position in layout.keypad.positions {
      let circle = layout.circle(at: position)
      let style = try #require(layout.keypad.cap(at: position)?.style)
      let fill: Color =
        switch style {
        case .scientific: Color(0x212121)  // docs/SPEC.md section 6.1
        case .digit: Color(0x333333)
        case .function: Color(0xA5A5A5)
        case .operator: Color(0xFF9F0A)
        }
      #expect(image.color(at: circle.fillProbe) == fill, "\(position)")
      for (sx, sy) in [(1.0, 1.0), (-1, 1), (1, -1), (-1, -1)] {
        #expect(image.color(at: circle.cornerProbe(sx, sy)) == Color(0), "\(position)")
      }
    }
  }

  @Test func secondAndAHeldMemoryLightTheirKeys() throws {
    var frame = try frame("", 852, 393)
    frame.mode = .scientific
    let keypad = frame.layout.keypad
    let second = try #require(keypad.position(of: KeypadAction.secondFunctions))
    let recall = try #require(keypad.position(of: .memory(.recall)))
    let probes = [second, recall].map { frame.layout.circle(at: $0).fillProbe }
    let unlit = renderer.render(frame)
    #expect(probes.allSatisfy { unlit.color(at: $0) == Color(0x212121) })
    let lit = renderer.render(
      Frame(
        calculator: TestSupport.calculator(after: "5[m+]"), width: 852, height: 393,
        mode: .scientific, showsSecond: true))
    #expect(probes.allSatisfy { lit.color(at: $0) == Theme.scientificLitFill })
    #expect(Theme.scientificLitFill != Color(0x212121))
  }

  @Test func aSuperscriptIsRaisedAboveItsBase() throws {
    var frame = try frame("", 852, 393)
    frame.mode = .scientific
    let image = renderer.render(frame)
    let layout = frame.layout
    // x²: the ink of the raised 2 starts higher than the ink of the x, right of it.
    let square = layout.circle(at: try #require(layout.keypad.position(of: .function(.square))))
    let ink = image.nonBlackPixels(
      xs: Int(square.center.x - square.radius)..<Int(square.center.x + square.radius),
      ys: Int(square.center.y - square.radius)..<Int(square.center.y + square.radius)
    ).filter { $0.2 != Color(0x212121) && $0.2.red > 0x80 }
    let left = ink.filter { Double($0.0) < square.center.x - 1 }
    let right = ink.filter { Double($0.0) > square.center.x + 1 }
    let leftTop = try #require(left.map(\.1).min())
    let rightTop = try #require(right.map(\.1).min())
    #expect(rightTop < leftTop - 2)
  }
}
