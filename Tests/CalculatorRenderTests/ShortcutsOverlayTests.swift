import CalculatorCore
import CalculatorLayout
import Testing

@testable import CalculatorRender
@testable import CalculatorWindow

@Suite struct ShortcutsOverlayTests {
  let renderer = Renderer()

  /// Basic mode's lines in portrait and landscape windows, scientific mode's in landscape ones.
  static let cases: [(Mode, Int, Int)] =
    [
      (220, 400), (200, 300), (240, 320), (360, 640), (393, 852), (800, 600), (1280, 720),
      (1920, 1080), (1440, 2560), (3840, 2160), (2160, 3840), (600, 250),
    ].map { (Mode.basic, $0.0, $0.1) }
    + [(852, 393), (640, 320), (1280, 720), (1920, 1080), (3840, 2160), (600, 250), (360, 640)]
    .map { (Mode.scientific, $0.0, $0.1) }

  @Test(arguments: cases)
  func panelFitsTheWindow(mode: Mode, width: Int, height: Int) {
    let layout = Layout(width: width, height: height, keypad: .of(mode))
    let context = CairoContext(
      surface: CairoSurface(width: 1, height: 1), fontOptions: renderer.fontOptions)
    let lines = KeyBinding.shortcutLines(for: mode)
    let panel = renderer.shortcutsPanel(lines, layout: layout, context: context)
    let window = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
    #expect(window.contains(panel.rect))
    #expect(panel.fontSize > 0)
    // Every column of lines fits inside the panel's padding, keys beside their actions, or
    // stacked above them (a panel as narrow as the window may cut a long action at its edge).
    let columns = (lines.count + panel.linesPerColumn - 1) / panel.linesPerColumn
    let right =
      Double(columns - 1) * panel.columnStep + panel.actionsOffset + panel.actionsWidth
    if !panel.isStacked {
      #expect(right <= panel.rect.width - 2 * ShortcutsFit.padding * panel.fontSize + 1e-6)
      #expect(panel.keysWidth < panel.actionsOffset)
    }
    // Every row shown is inside the panel.
    let lineHeight = ShortcutsFit.lineHeight * panel.fontSize
    let rows = Double(min(panel.linesPerColumn, panel.page) * (panel.isStacked ? 2 : 1))
    let tallest =
      (rows + ShortcutsFit.titleRows) * lineHeight + 2 * ShortcutsFit.padding * panel.fontSize
    #expect(tallest <= panel.rect.height + 1e-6)
    // docs/SPEC.md section 3.6: never under the least text size (9 px at 96 dpi) from the
    // mode's minimum size up, the lines then scrolling; never bigger than the labels.
    let minimum = Layout.minimumSize(for: mode)
    if width >= minimum.width && height >= minimum.height {
      #expect(panel.fontSize >= 9)
      #expect(panel.page >= 1 && panel.scrolls == (panel.page < lines.count))
    }
    #expect(panel.fontSize <= layout.digitLabelFontSize)
  }

  /// Below about 260 × 460 the lines do not all fit at 9 px: the panel shows a page of them,
  /// each its keys over its action, and a bar where they are among all.
  @Test func aSmallWindowsOverlayScrollsAtTheLeastTextSize() throws {
    let lines = KeyBinding.shortcutLines(for: .basic)
    let layout = Layout(width: 200, height: 350)
    let small = renderer.shortcutsFit(lines, layout: layout)
    #expect(small.isStacked && small.scrolls && small.fontSize == 9)
    // The window less a margin of a gap each side: at 9 px, 2 × 1.2 of padding and 1.5 title
    // rows of 1.5 font sizes; the rest in whole rows, two a line.
    let rows = Int(((350 - 2 * layout.gap) / 9 - 2.4) / 1.5 - 1.5)
    #expect(rows >= 20)
    #expect(small.page == rows / 2)
    let roomy = renderer.shortcutsFit(lines, layout: Layout(width: 360, height: 640))
    #expect(!roomy.scrolls && !roomy.isStacked && roomy.fontSize >= 9)
    // The last page, drawn: the first line is not, the last one is.
    var frame = frame("", 200, 350)
    frame.shortcuts = lines
    frame.shortcutsOffset = 99
    let image = renderer.render(frame)
    let panel = small.rect
    let inside = image.nonBlackPixels(
      xs: Int(panel.minX) + 2..<Int(panel.maxX) - 2, ys: Int(panel.minY) + 2..<Int(panel.maxY) - 2)
    #expect(inside.contains { $0.2 == Theme.overlayKeys })
    #expect(small.firstLine(99) == lines.count - rows / 2)
  }

  @Test func overlayDimsTheKeypadAndShowsThePanel() throws {
    var frame = frame("", 360, 640)
    let plain = renderer.render(frame)
    let lines = KeyBinding.shortcutLines(for: .basic)
    frame.shortcuts = lines
    let overlaid = renderer.render(frame)
    let layout = frame.layout
    let corner = layout.circle(at: GridPosition(row: 4, column: 3)).fillProbe
    let dimmed = overlaid.color(at: corner)
    let bright = plain.color(at: corner)
    #expect(dimmed.red < bright.red / 3 && dimmed != Theme.background)
    let context = CairoContext(
      surface: CairoSurface(width: 1, height: 1), fontOptions: renderer.fontOptions)
    let panel = renderer.shortcutsPanel(lines, layout: layout, context: context).rect
    let inside = overlaid.nonBlackPixels(
      xs: Int(panel.minX) + 2..<Int(panel.maxX) - 2, ys: Int(panel.minY) + 2..<Int(panel.maxY) - 2)
    #expect(inside.contains { $0.2 == Theme.overlayPanel })
    #expect(inside.contains { $0.2 == Theme.overlayKeys })
  }
}
