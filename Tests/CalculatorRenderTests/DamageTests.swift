import CalculatorCore
import CalculatorLayout
import TestSupport
import Testing

@testable import CalculatorRender

/// `Frame.damage(since:)`: the window redraws only these rectangles, so they must hold every
/// pixel that changed, and for a key they must be a small part of the window.
@Suite struct DamageTests {
  /// At the reference width (393, at 192 dpi, below the default window's unit there) the
  /// layout is in whole reference pixels: side padding 20,
  /// circles 79 across with gaps of 12, the keypad 4 × 79 + 3 × 12 = 352 wide from x 20.5 and
  /// 5 × 79 + 4 × 12 = 443 tall, 30 above the bottom: y 379 in an 852-tall window; the display
  /// 96 tall, 20 above it: y 263.
  static let width = 393
  static let height = 852

  func frame(_ keys: String) -> Frame {
    Frame(
      calculator: TestSupport.calculator(after: keys), width: Self.width, height: Self.height,
      scale: 2)
  }

  /// The box of the circle at `row`, `column` at 393 × 852: centre (60 + 91 column,
  /// 418.5 + 91 row), radius 39.5, grown by 1 px of antialiasing, then out to whole pixels.
  func circleBox(row: Int, column: Int) -> PixelRect {
    PixelRect(x: 19 + 91 * column, y: 378 + 91 * row, width: 82, height: 81)
  }

  /// The same circle's box with the focus ring: grown by the ring's reach (2 px of black, a 2 px
  /// ring: 4) and 2 px of antialiasing.
  func ringBox(row: Int, column: Int) -> PixelRect {
    PixelRect(x: 14 + 91 * column, y: 373 + 91 * row, width: 92, height: 91)
  }

  /// The display, y 263 to 359, x 20 to 373, grown by 2.
  let displayBox = PixelRect(x: 18, y: 261, width: 357, height: 100)

  @Test func anUnchangedFrameDamagesNothing() {
    #expect(frame("12+3").damage(since: frame("12+3")) == [])
  }

  @Test func aTypedDigitDamagesTheDisplayOnly() {
    #expect(frame("125").damage(since: frame("12")) == [displayBox])
  }

  @Test func pressAndReleaseDamageOnlyTheCircle() {
    let resting = frame("12")
    var pressed = resting
    pressed.pressed = GridPosition(row: 1, column: 2)  // 9
    #expect(pressed.damage(since: resting) == [circleBox(row: 1, column: 2)])
    #expect(resting.damage(since: pressed) == [circleBox(row: 1, column: 2)])
  }

  @Test func aTypedKeyDamagesTheDisplayAndItsLitCircle() {
    var before = frame("12")
    before.pressed = nil
    var after = frame("125")
    after.pressed = GridPosition(row: 2, column: 1)  // 5
    #expect(after.damage(since: before) == [displayBox, circleBox(row: 2, column: 1)])
  }

  @Test func anOperatorDamagesTheStripDisplayClearKeyAndItself() {
    // "12" then "+": the strip gains its first row, the display shows 0, C turns to AC and +
    // white. The strip (20…373 × 12…263, grown by 1) touches the display: one rectangle.
    let strip = PixelRect(x: 19, y: 11, width: 355, height: 253)
    #expect(
      frame("12+").damage(since: frame("12")) == [
        strip.union(displayBox), circleBox(row: 0, column: 0), circleBox(row: 3, column: 3),
      ])
  }

  @Test func allClearDamagesTheClearKeyLabel() {
    // "5" → AC: the display goes back to 0 and the one clear key from C to AC.
    #expect(frame("5a").damage(since: frame("5")) == [displayBox, circleBox(row: 0, column: 0)])
  }

  @Test func aCueDamagesTheDisplayOnly() {
    var cued = frame("7")
    cued.displayCue = .copied
    #expect(cued.damage(since: frame("7")) == [displayBox])
  }

  @Test func theFocusRingDamagesBothCircles() {
    var from = frame("")
    from.focused = GridPosition(row: 4, column: 1)
    var to = from
    to.focused = GridPosition(row: 4, column: 2)
    // Neighbours side by side: one rectangle over both.
    #expect(
      to.damage(since: from) == [ringBox(row: 4, column: 1).union(ringBox(row: 4, column: 2))])
  }

  @Test func aTipKeyDamagesThePanelAndItsCircle() throws {
    var scene = Scene(width: 360, height: 640, mode: .tip)
    let before = scene.frame
    _ = scene.split.press(.digit(.seven))
    var after = scene.frame
    after.pressed = after.layout.keypad.position(of: .tip(.digit(.seven)))
    let layout = after.layout
    let panel = try #require(layout.tipLayout).panel
    let cell = try #require(after.pressed)
    let circle = layout.circle(at: cell)
    let damage = after.damage(since: before)
    #expect(damage.count == 2)
    // The panel, and the circle: nothing else of the window.
    #expect(damage.contains { $0.contains(x: Int(panel.minX), y: Int(panel.minY)) })
    #expect(damage.contains { $0.contains(x: Int(circle.center.x), y: Int(circle.center.y)) })
    #expect(damage.reduce(0) { $0 + $1.area } < 360 * 640 / 2)
  }

  @Test func theRendererNarrowsTheDisplayToTheDigits() {
    let renderer = Renderer()
    let damage = renderer.damage(frame("125"), since: frame("12"))
    // "12" and "125" at the base size, right-aligned: less than half the display's width, as
    // tall as the digits (about 58 of its 96 rows), inside the display's box.
    #expect(damage.count == 1)
    let digits = damage.first ?? displayBox
    #expect(digits.width * 2 < displayBox.width && digits.height < 70)
    #expect(displayBox.intersection(digits) == digits)
    #expect(digits.maxX > displayBox.maxX - 6)  // right-aligned
  }

  @Test func sizeModeMenuAndOverlayRedrawEverything() {
    let base = frame("12+3")
    let whole = [PixelRect(x: 0, y: 0, width: Self.width, height: Self.height)]
    var resized = base
    resized.layout = base.layout.resized(width: Self.width, height: Self.height + 1)
    #expect(resized.damage(since: base) == [PixelRect(x: 0, y: 0, width: 393, height: 853)])
    var scientific = base
    scientific.mode = .scientific
    #expect(scientific.damage(since: base) == whole)
    var menu = base
    menu.menuSelection = MenuSelection()
    #expect(menu.damage(since: base) == whole)
    #expect(base.damage(since: menu) == whole)
    var moved = menu
    moved.menuSelection = MenuSelection(index: 1)
    #expect(moved.damage(since: menu) == whole)
    var overlay = base
    overlay.shortcuts = [ShortcutLine(keys: "x", action: "y")]
    #expect(overlay.damage(since: base) == whole)
  }

  /// The invariant the window relies on: the previous frame's pixels with the damaged
  /// rectangles redrawn from the new frame are exactly the new frame's pixels. A random walk
  /// over what a frame holds, at three sizes and both keypads.
  @Test(arguments: [(360, 640), (852, 393), (220, 400)])
  func redrawingTheDamageGivesTheWholeNewFrame(width: Int, height: Int) throws {
    let renderer = Renderer()
    var random = TestSupport.SeededGenerator(seed: UInt64(width * 7919 + height))
    var scene = Scene(width: width, height: height)
    var frame = scene.frame
    let window = renderer.render(frame)
    let narrowedWindow = renderer.render(frame)
    let keys = Key.allCases.filter { $0 != Key.constant(.random) }
    let modes: [Mode] = [.basic, .scientific, .tip]
    var smallKeyDamage = 0
    var keySteps = 0
    for step in 0..<160 {
      var nextScene = scene
      nextScene.pressed = nil
      switch Int.random(in: 0..<20, using: &random) {
      case 0..<10 where scene.mode == .tip:
        _ = nextScene.split.press(TipKey.allCases.randomElement(using: &random) ?? .allClear)
        nextScene.focusedField = Bool.random(using: &random) ? nextScene.split.active : nil
        nextScene.pressed = nextScene.positions.randomElement(using: &random)
      case 0..<10:
        nextScene.calculator.press(
          keys.randomElement(using: &random) ?? .allClear, recordingOn: &nextScene.tape)
        nextScene.pressed = nextScene.positions.randomElement(using: &random)
      case 10: nextScene.showsSecond.toggle()
      case 11: nextScene.focused = nextScene.positions.randomElement(using: &random)
      case 12: nextScene.displayCue = [nil, .copied, .refused].randomElement(using: &random) ?? nil
      case 13: nextScene.historyOffset = Int.random(in: 0...6, using: &random)
      case 14:
        nextScene.tape.append(Calculation(rows: ["1", "+ \(step)"], result: "\(step + 1)"))
      case 15:
        nextScene.mode = modes.randomElement(using: &random) ?? .basic
        nextScene.focused = nil
      case 16: nextScene.menuSelection = nextScene.menuSelection == nil ? MenuSelection() : nil
      default: nextScene.pressed = nextScene.positions.randomElement(using: &random)
      }
      let next = nextScene.frame
      // The frame's own damage, and the renderer's with the display narrowed to the text.
      let damage = next.damage(since: frame)
      let narrowed = renderer.damage(next, since: frame)
      let expected = renderer.render(next)
      for (window, regions) in [(window, damage), (narrowedWindow, narrowed)] {
        for region in regions {
          let start = window.bytes + region.y * window.stride + region.x * 4
          renderer.render(next, region: region, into: start, stride: window.stride)
        }
        let differing = window.differingPixels(from: expected)
        #expect(differing == 0, "step \(step): \(regions) left \(differing) stale pixels")
        guard differing == 0 else { return }
      }
      if (nextScene.calculator != scene.calculator || nextScene.split != scene.split)
        && next.mode == frame.mode && next.menuSelection == nil && frame.menuSelection == nil
      {
        keySteps += 1
        let area = narrowed.reduce(0) { $0 + $1.area }
        if area * 2 < width * height { smallKeyDamage += 1 }
      }
      frame = next
      scene = nextScene
    }
    // A key redraws less than half the window, but for the odd one that changes the strip, the
    // display and keys far apart.
    #expect(smallKeyDamage * 10 >= keySteps * 8, "\(smallKeyDamage) of \(keySteps) keys")
  }
}
