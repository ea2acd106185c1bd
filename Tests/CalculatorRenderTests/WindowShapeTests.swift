import CalculatorCore
import CalculatorLayout
import TestSupport
import Testing

@testable import CalculatorRender

/// docs/SPEC.md sections 3.2 to 3.4 and 8.2, seen in the frames and the pixels: the room a large
/// window has goes to the tape, the strip just after `=`, the display's right edge, the side
/// panel with nothing on it, the picker's caret.
@Suite struct WindowShapeTests {
  let renderer = Renderer()

  /// Six calculations, the last `7 × 49 = 343` just finished.
  static let keys = "12+345=678*9=1234-56=2*3*4=99/3=7*49="

  func frame(
    _ width: Int, _ height: Int, mode: Mode = .scientific, scale: Double = 1, keys: String = keys
  ) -> Frame {
    Frame(
      calculator: TestSupport.calculator(after: keys), width: width, height: height, mode: mode,
      tape: TestSupport.tape(after: keys), scale: scale)
  }

  /// Landscape Scientific at 1280 × 800 (and twice that at 192 dpi) shows the earlier
  /// calculations, in a side panel, and its circles stay at most 80 px (at 96 dpi).
  @Test(arguments: [1.0, 2.0])
  func aLargeLandscapeWindowShowsTheEarlierCalculations(scale: Double) {
    let frame = frame(Int(1280 * scale), Int(800 * scale), scale: scale)
    #expect(frame.shownTapeLines.map(\.text).contains("678 × 9 = 6,102"))
    #expect(frame.shownTapeLines.count == 6)
    #expect(frame.layout.diameter <= 80 * scale)
  }

  /// Portrait Scientific at 400 × 1100 shows at least 10 rows of the tape, a four-row
  /// calculation being typed among them, at 96 and at 192 dpi.
  @Test(arguments: [1.0, 2.0])
  func aTallPortraitWindowShowsTenTapeRows(scale: Double) {
    let keys = Self.keys + "1+2+3+4+"
    let frame = frame(Int(400 * scale), Int(1100 * scale), scale: scale, keys: keys)
    #expect(frame.layout.tapePanel.isEmpty)
    let rows = frame.shownHistoryRows
    #expect(rows.count >= 10, "\(rows.map(\.text))")
    #expect(rows.suffix(4).map(\.text) == ["1", "+ 2", "+ 3", "+ 4"])
  }

  /// A portrait window never gets the side panel: the default size at 192 dpi clamped to a
  /// screen (675 × 1163), and 340 × 581 at 96 dpi.
  @Test(arguments: [(675, 1163, 2.0), (340, 581, 1.0), (1000, 1000, 1.0)])
  func aPortraitWindowHasNoSidePanel(width: Int, height: Int, scale: Double) {
    let frame = frame(width, height, scale: scale)
    #expect(frame.layout.tapePanel.isEmpty && frame.shownTapeLines.isEmpty)
    #expect(frame.shownHistoryRows.contains { $0.text == "= 33" })
  }

  /// docs/SPEC.md section 8.2: just after `=` the finished calculation shows once: at rest as
  /// the current rows (the display holds its result), and while the row cursor walks the tape
  /// as the newest finished calculation, its `= 343` row included, and not again below it.
  @Test(arguments: [(360, 640), (900, 700)])
  func theFinishedCalculationShowsOnce(width: Int, height: Int) {
    var frame = frame(width, height)
    let resting = frame.shownHistoryRows.map(\.text)
    #expect(resting.suffix(2) == ["7", "× 49"])
    #expect(resting.filter { $0 == "× 49" }.count == 1 && !resting.contains("= 343"))
    // The first Up selects `= 343`, the newest row.
    frame.tape.selection = TapeSelection(calculation: 5, row: 2)
    let walking = frame.shownHistoryRows
    #expect(walking.suffix(3).map(\.text) == ["7", "× 49", "= 343"])
    #expect(walking.filter { $0.text == "× 49" || $0.text == "7" }.count == 2)
    #expect(walking.last?.isSelected == true && walking.allSatisfy(\.isPast))
  }

  /// docs/SPEC.md section 3.4: just after `=` the first wheel tick goes to the calculation
  /// before the one finished (`= 33` at the strip's bottom), the next ones a row each, and
  /// the last shows the oldest row at the top.
  @Test func theFirstWheelTickGoesToTheCalculationBefore() {
    var frame = frame(360, 640)
    frame.tape.offset = 1
    #expect(frame.shownHistoryRows.last?.text == "= 33")
    #expect(!frame.shownHistoryRows.contains { $0.text == "× 49" })
    frame.tape.offset = 2
    #expect(frame.shownHistoryRows.last?.text == "÷ 3")
    frame.tape.offset = frame.maxHistoryOffset
    #expect(frame.shownHistoryRows.first?.text == "12")
    // 2 + 16 rows (3 + 3 + 3 + 4 + 3 past), the newest two skipped by the first tick: the
    // ticks end when the oldest past rows that fit the strip from its top show.
    let past = 16
    let fitting = Int(frame.layout.historyRect.height / frame.layout.pastHistoryRowHeight)
    #expect(frame.maxHistoryOffset == past - fitting + 1)
    // With a calculation being typed, ticks scroll a row each as before.
    var typing = self.frame(360, 640, keys: Self.keys + "1+2+3")
    let rest = typing.shownHistoryRows.map(\.text)
    typing.tape.offset = 1
    #expect(typing.shownHistoryRows.last?.text == rest[rest.count - 2])
  }

  /// docs/SPEC.md section 3.3: the display's ink ends where the keypad's right column does
  /// (within the pixel its glyphs snap to), as on the iPhone, in every arrangement.
  @Test(arguments: [
    (Mode.basic, 360, 640, 1.0), (.scientific, 400, 1100, 1.0), (.scientific, 1280, 800, 1.0),
    (.scientific, 852, 393, 1.0), (.basic, 720, 1280, 2.0), (.scientific, 675, 1163, 2.0),
  ])
  func theDisplayEndsAtTheKeypadsRightColumn(mode: Mode, width: Int, height: Int, scale: Double) {
    let frame = Frame(
      calculator: TestSupport.calculator(after: "1234"), width: width, height: height,
      mode: mode, scale: scale)
    let layout = frame.layout
    let image = renderer.render(frame)
    let display = layout.displayRect
    let ink = image.nonBlackPixels(
      xs: 0..<width, ys: Int(display.minY)..<Int(display.maxY)
    ).map(\.0).max()
    // The right column's fill, on the row through its circles' centres.
    let column = layout.keypad.positions.map { layout.circle(at: $0) }
    let rightmost = column.max { $0.bounds.maxX < $1.bounds.maxX }
    let circle = try? #require(rightmost)
    let fill = image.nonBlackPixels(
      xs: 0..<width, ys: Int(circle?.center.y ?? 0)..<Int(circle?.center.y ?? 0) + 1
    ).map(\.0).max()
    #expect(ink != nil && fill != nil)
    // Within the pixel the glyphs snap to and the one of antialiasing: the iPhone's alignment
    // (it was 14 px off at the default size).
    #expect(abs((ink ?? 0) - (fill ?? 0)) <= 2, "ink ends at \(ink ?? 0), the keys at \(fill ?? 0)")
  }

  /// docs/SPEC.md section 3.2: a side panel with nothing on it says so, on one line or, in a
  /// narrow panel, word by word.
  @Test(arguments: [(1280, 800), (800, 600), (420, 360)])
  func anEmptySidePanelSaysSo(width: Int, height: Int) throws {
    let frame = Frame(calculator: Calculator(), width: width, height: height)
    let panel = frame.layout.tapeLinesRect
    try #require(!panel.isEmpty)
    let image = renderer.render(frame)
    let text = image.nonBlackPixels(
      xs: Int(panel.minX)..<Int(panel.maxX) - 2, ys: Int(panel.minY)..<Int(panel.maxY))
    #expect(text.contains { $0.2 == Theme.pastHistoryText }, "\(width)×\(height)")
    // The whole text: no ink at the panel's edges, where a cut line would reach.
    let xs = text.map(\.0)
    #expect((xs.min() ?? 0) > Int(panel.minX) + 2 && (xs.max() ?? 0) < Int(panel.maxX) - 3)
  }

  /// docs/SPEC.md section 10.4: the picker's caret is a plain bar: its rightmost column of
  /// pixels lit from top to bottom in one colour, as tall as the figures, nothing right of it.
  @Test func thePickersCaretIsAPlainBar() throws {
    let pair = try #require(try? Conversion.units(parsing: "km to mi", rates: nil))
    var frame = Frame(
      calculator: Calculator(), width: 360, height: 640,
      units: ConvertUnits(from: pair.from, to: pair.to))
    frame.picker = PickerView(
      side: .from, tabs: ["km", "mi"], filter: "km", lines: [], selection: nil, offset: 0)
    let picker = try #require(frame.layout.picker)
    let image = renderer.render(frame)
    let row = picker.filter
    let ys = Int(row.minY.rounded(.up))..<Int(row.maxY.rounded(.down)) - 1
    let lit = image.nonBlackPixels(xs: Int(row.minX) + 2..<Int(row.maxX) - 2, ys: ys).filter {
      $0.2 == Theme.overlayTitle
    }
    let caretX = try #require(lit.map(\.0).max())
    let column = lit.filter { $0.0 == caretX }.map(\.1)
    let (top, bottom) = (column.min() ?? 0, column.max() ?? 0)
    #expect(bottom - top + 1 >= Int(0.6 * picker.fontSize), "a bar as tall as the figures")
    for y in top...bottom {
      #expect(image.color(x: caretX, y: y) == Theme.overlayTitle, "stripe at (\(caretX), \(y))")
    }
    #expect((top...bottom).allSatisfy { image.color(x: caretX + 1, y: $0) != Theme.overlayTitle })
  }
}
