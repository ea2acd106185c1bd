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
    // Every column of lines fits inside the panel's padding, keys beside their actions.
    let columns = (lines.count + panel.linesPerColumn - 1) / panel.linesPerColumn
    let right =
      Double(columns - 1) * panel.columnStep + panel.actionsOffset + panel.actionsWidth
    #expect(right <= panel.rect.width - 2 * ShortcutsPanel.padding * panel.fontSize + 1e-6)
    #expect(panel.keysWidth < panel.actionsOffset)
    // Every line is inside the panel.
    let lineHeight = ShortcutsPanel.lineHeight * panel.fontSize
    let tallest =
      (Double(panel.linesPerColumn) + ShortcutsPanel.titleRows) * lineHeight
      + 2 * ShortcutsPanel.padding * panel.fontSize
    #expect(tallest <= panel.rect.height + 1e-6)
    // Readable in the windows each mode opens at and above, never bigger than the labels; the
    // basic lines (31 with the tape's keys and Ctrl+T) still at 7 px in a 220 × 400 window.
    let isRoomy = mode == .basic ? width >= 360 && height >= 640 : width >= 852 && height >= 393
    if isRoomy { #expect(panel.fontSize >= 9) }
    if mode == .basic && width >= 220 && height >= 400 { #expect(panel.fontSize >= 7) }
    #expect(panel.fontSize <= layout.digitLabelFontSize)
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
