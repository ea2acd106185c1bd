import CalculatorLayout
import Testing

@testable import CalculatorRender

@Suite struct ShortcutsOverlayTests {
  let renderer = Renderer()

  @Test(arguments: [
    (220, 400), (200, 300), (240, 320), (360, 640), (393, 852), (800, 600), (1280, 720),
    (1920, 1080), (1440, 2560), (3840, 2160), (2160, 3840), (600, 250),
  ])
  func panelFitsTheWindow(width: Int, height: Int) {
    let layout = Layout(width: width, height: height)
    let context = CairoContext(
      surface: CairoSurface(width: 1, height: 1), fontOptions: renderer.fontOptions)
    let panel = renderer.shortcutsPanel(layout: layout, context: context)
    let window = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
    #expect(window.contains(panel.rect))
    #expect(panel.fontSize > 0)
    // Both columns fit side by side inside the panel's padding.
    let right = panel.actionsOffset + panel.actionsWidth
    #expect(right <= panel.rect.width - ShortcutsPanel.padding * panel.fontSize + 1e-6)
    #expect(panel.keysWidth + ShortcutsPanel.padding * panel.fontSize < panel.actionsOffset)
    // Readable at the minimum size, never bigger than the keypad labels.
    if width >= 220 && height >= 400 { #expect(panel.fontSize >= 9) }
    #expect(panel.fontSize <= layout.digitLabelFontSize)
  }

  @Test func overlayDimsTheKeypadAndShowsThePanel() throws {
    var frame = frame("", 360, 640)
    let plain = renderer.render(frame)
    frame.showsShortcuts = true
    let overlaid = renderer.render(frame)
    let layout = frame.layout
    let corner = layout.circle(at: GridPosition(row: 4, column: 3)).fillProbe
    let dimmed = overlaid.color(at: corner)
    let bright = plain.color(at: corner)
    #expect(dimmed.red < bright.red / 3 && dimmed != Theme.background)
    let context = CairoContext(
      surface: CairoSurface(width: 1, height: 1), fontOptions: renderer.fontOptions)
    let panel = renderer.shortcutsPanel(layout: layout, context: context).rect
    let inside = overlaid.nonBlackPixels(
      xs: Int(panel.minX) + 2..<Int(panel.maxX) - 2, ys: Int(panel.minY) + 2..<Int(panel.maxY) - 2)
    #expect(inside.contains { $0.2 == Theme.overlayPanel })
    #expect(inside.contains { $0.2 == Theme.overlayKeys })
  }
}
