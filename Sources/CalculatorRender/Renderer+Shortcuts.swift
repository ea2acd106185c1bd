import CCairo
import CalculatorLayout

/// Where the shortcuts overlay draws: the panel and the font size that makes every line fit.
struct ShortcutsPanel {
  /// The rounded panel, centred in the window.
  var rect: Rect
  /// The font size of the lines (the title is 15 % larger).
  var fontSize: Double
  /// Where the action column starts, from the panel's left edge.
  var actionsOffset: Double
  /// The widest keys text and the widest action text at `fontSize`.
  var keysWidth: Double
  var actionsWidth: Double

  static let lineHeight = 1.5  // × font size
  static let padding = 1.2  // × font size, all round
  static let columnGap = 1.5  // × font size
  static let rows = Double(Shortcuts.lines.count) + 1.5  // the title and a half-row under it
}

extension Renderer {
  /// The panel for this window: as tall as the lines need, never taller or wider than the
  /// window less a margin, never larger type than the keypad labels.
  func shortcutsPanel(layout: Layout, context: CairoContext) -> ShortcutsPanel {
    let margin = max(1, layout.gap)
    let availableWidth = Double(layout.width) - 2 * margin
    let availableHeight = Double(layout.height) - 2 * margin
    let heightInFontSizes =
      ShortcutsPanel.rows * ShortcutsPanel.lineHeight
      + 2 * ShortcutsPanel.padding
    var size = min(0.8 * layout.digitLabelFontSize, availableHeight / heightInFontSizes)
    let widths = columnWidths(size: size, context: context)
    let naturalWidth =
      widths.keys + widths.actions + (ShortcutsPanel.columnGap + 2 * ShortcutsPanel.padding) * size
    let fit = min(1, availableWidth / max(naturalWidth, 1))
    size *= fit
    let width = naturalWidth * fit
    let height = heightInFontSizes * size
    return ShortcutsPanel(
      rect: Rect(
        x: (Double(layout.width) - width) / 2, y: (Double(layout.height) - height) / 2,
        width: width, height: height),
      fontSize: size,
      actionsOffset: (ShortcutsPanel.padding + ShortcutsPanel.columnGap) * size + widths.keys * fit,
      keysWidth: widths.keys * fit, actionsWidth: widths.actions * fit)
  }

  private func columnWidths(size: Double, context: CairoContext) -> (keys: Double, actions: Double)
  {
    context.setFont(symbolFace, size: size)
    let keys = Shortcuts.lines.map { context.extents($0.keys).advance }.max() ?? 0
    context.setFont(labelFace, size: size)
    let actions = Shortcuts.lines.map { context.extents($0.action).advance }.max() ?? 0
    return (keys, actions)
  }

  /// Dims the window and draws the panel listing `Shortcuts.lines`.
  func drawShortcuts(layout: Layout, in context: CairoContext) {
    context.setColor(Theme.background, alpha: Theme.overlayDim)
    cairo_paint(context.pointer)

    let panel = shortcutsPanel(layout: layout, context: context)
    let size = panel.fontSize
    context.setColor(Theme.overlayPanel)
    context.addRoundedRect(panel.rect, radius: size)
    cairo_fill(context.pointer)

    let lineHeight = ShortcutsPanel.lineHeight * size
    var baseline = panel.rect.minY + ShortcutsPanel.padding * size + 0.75 * lineHeight
    context.setColor(Theme.overlayTitle)
    context.setFont(symbolFace, size: 1.15 * size)
    let title = context.extents(Shortcuts.title)
    context.showText(
      Shortcuts.title, x: panel.rect.minX + panel.rect.width / 2 - title.x - title.width / 2,
      y: baseline)
    baseline += 1.5 * lineHeight
    for line in Shortcuts.lines {
      context.setColor(Theme.overlayKeys)
      context.setFont(symbolFace, size: size)
      context.showText(line.keys, x: panel.rect.minX + ShortcutsPanel.padding * size, y: baseline)
      context.setColor(Theme.overlayActions)
      context.setFont(labelFace, size: size)
      context.showText(line.action, x: panel.rect.minX + panel.actionsOffset, y: baseline)
      baseline += lineHeight
    }
  }
}
