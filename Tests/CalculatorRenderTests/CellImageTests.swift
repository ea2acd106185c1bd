import CalculatorCore
import CalculatorLayout
import TestSupport
import Testing

@testable import CalculatorRender

/// `CellImages`: a keypad cell drawn again with the same look is copied from its first drawing,
/// so the copy must hold exactly the whole frame's pixels there, whatever lies around the cell.
@Suite struct CellImageTests {
  /// The whole frames to compare with, drawn by a renderer that never draws regions.
  let reference = Renderer()

  /// Renders `region` of `frame` through `renderer` and counts the pixels that differ from the
  /// whole frame.
  func differingPixels(_ renderer: Renderer, _ frame: Frame, region: PixelRect) -> Int {
    renderer.differingPixels(frame, region: region, from: reference.render(frame))
  }

  @Test(arguments: [
    (Mode.basic, 360, 640), (Mode.basic, 393, 852), (Mode.scientific, 852, 393),
    (Mode.tip, 360, 640), (Mode.basic, 700, 1244),
  ])
  func everyCellDrawnAgainIsCopiedWithTheSamePixels(mode: Mode, width: Int, height: Int) throws {
    let renderer = Renderer()
    let frame = Frame(
      calculator: TestSupport.calculator(after: "12+"), width: width, height: height, mode: mode)
    let layout = frame.layout
    let positions = layout.keypad.positions
    // Only a top-row circle may reach the display's box (the landscape keypad sits close below).
    let kept = positions.filter { frame.cellImageKey(for: frame.inkBox($0)) != nil }
    #expect(kept.count >= positions.count - layout.keypad.rows[0].count)
    var copied = 0
    for position in positions {
      for pressed in [nil, position] {
        var shown = frame
        shown.pressed = pressed
        let box = shown.inkBox(position)
        #expect(differingPixels(renderer, shown, region: box) == 0, "drawn \(position)")
        if let key = shown.cellImageKey(for: box), renderer.cellImages.pixels(for: key) != nil {
          copied += 1
        }
        #expect(differingPixels(renderer, shown, region: box) == 0, "copied \(position)")
      }
    }
    // Every cell that can be is kept (the most recent within the budget, the oldest dropped).
    #expect(copied == 2 * kept.count)
    #expect(renderer.cellImages.byteCount <= CellImages.budget)
    #expect(renderer.cellImages.byteCount > CellImages.budget / 2)
  }

  /// Random frames (pressed, pending, lit, labels, focus rings, cues, the tip presets) and every
  /// cell twice: a cell is copied only when its pixels would be the same.
  @Test(arguments: [(360, 640), (852, 393), (230, 420)])
  func cellsOfRandomFramesEqualTheWholeFrame(width: Int, height: Int) {
    let renderer = Renderer()
    var random = TestSupport.SeededGenerator(seed: UInt64(width * 31 + height))
    let keys = Key.allCases.filter { $0 != Key.constant(.random) }
    var calculator = Calculator()
    var split = TipCalculator()
    var differing = 0
    for _ in 0..<40 {
      let mode = [Mode.basic, .scientific, .tip].randomElement(using: &random) ?? .basic
      calculator.press(keys.randomElement(using: &random) ?? .allClear)
      _ = split.press(TipKey.allCases.randomElement(using: &random) ?? .allClear)
      var frame = Frame(
        calculator: calculator, width: width, height: height, mode: mode, split: split,
        showsSecond: Bool.random(using: &random))
      let positions = frame.layout.keypad.positions
      frame.pressed = positions.randomElement(using: &random)
      frame.focused = Bool.random(using: &random) ? positions.randomElement(using: &random) : nil
      for position in positions.shuffled(using: &random).prefix(6) {
        for box in [frame.inkBox(position), frame.cellBox(position)] {
          differing += differingPixels(renderer, frame, region: box)
          differing += differingPixels(renderer, frame, region: box)
        }
      }
    }
    #expect(differing == 0)
  }

  @Test func onlyACellsOwnPixelsAreCopied() throws {
    var frame = Frame(calculator: Calculator(), width: 393, height: 852)
    let layout = frame.layout
    let five = try #require(Keypad.basic.position(of: .digit(.five)))
    let box = frame.inkBox(five)
    #expect(frame.cellImageKey(for: box)?.position == five)
    // Not a cell's box: a band across the keypad, the display, a box one pixel off.
    #expect(frame.cellImageKey(for: PixelRect(x: 0, y: 400, width: 393, height: 40)) == nil)
    #expect(frame.cellImageKey(for: frame.displayBox) == nil)
    #expect(
      frame.cellImageKey(
        for: PixelRect(x: box.x + 1, y: box.y, width: box.width, height: box.height)) == nil)
    // With its focus ring, the ring's box.
    #expect(frame.cellImageKey(for: frame.cellBox(five)) == nil)
    var focused = frame
    focused.focused = five
    #expect(focused.cellImageKey(for: frame.cellBox(five))?.position == five)
    // The menu over the keypad.
    frame.menuSelection = MenuSelection()
    #expect(frame.cellImageKey(for: box) == nil)
  }

  /// In the scientific keypad of a window below its minimum size (200 × 320, which a window
  /// manager would not allow) the circles are 2.5 px apart:
  /// a cell's pixels hold its neighbours' edges, so their looks are part of the key.
  @Test func aNeighbourReachingInIsPartOfTheKey() throws {
    let frame = Frame(calculator: Calculator(), width: 200, height: 320, mode: .scientific)
    let cell = GridPosition(row: 2, column: 2)
    let box = frame.inkBox(cell)
    let key = try #require(frame.cellImageKey(for: box))
    let neighbour = try #require(key.looks.first { $0.position != cell }).position
    #expect(abs(neighbour.row - cell.row) + abs(neighbour.column - cell.column) == 1)
    var neighbourPressed = frame
    neighbourPressed.pressed = neighbour
    #expect(neighbourPressed.cellImageKey(for: box) != key)
    let renderer = Renderer()
    for shown in [frame, neighbourPressed, frame, neighbourPressed] {
      #expect(differingPixels(renderer, shown, region: box) == 0)
    }
  }

  @Test func aHugeWindowsCellsAreDrawnNotKept() throws {
    let renderer = Renderer()
    // At 384 dpi: the circles as large as the window allows, 272 px, not the default's 67.
    let frame = Frame(calculator: Calculator(), width: 1440, height: 2560, scale: 4)
    let five = try #require(Keypad.basic.position(of: .digit(.five)))
    let box = frame.inkBox(five)
    let key = try #require(frame.cellImageKey(for: box))
    #expect(differingPixels(renderer, frame, region: box) == 0)
    #expect(renderer.cellImages.pixels(for: key) == nil)
    #expect(renderer.cellImages.byteCount == 0)
  }
}
