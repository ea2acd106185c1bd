import CCairo
import CalculatorLayout

/// Where the shortcuts overlay draws: the panel, its columns and the font size that makes every
/// line fit.
struct ShortcutsPanel {
  /// The rounded panel, centred in the window.
  var rect: Rect
  /// The font size of the lines (the title is 15 % larger).
  var fontSize: Double
  /// How many lines go down each column of lines.
  var linesPerColumn: Int
  /// From one column of lines to the next.
  var columnStep: Double
  /// Where the action column starts, from the start of a column of lines.
  var actionsOffset: Double
  /// The widest keys text and the widest action text at `fontSize`.
  var keysWidth: Double
  var actionsWidth: Double

  // × font size: 1.4 keeps the basic lines (33 with the tape's and the desktop's keys) at 7 px
  // in a 220 × 400 window.
  static let lineHeight = 1.4
  static let padding = 1.2  // × font size, all round
  static let columnGap = 1.5  // × font size, between keys and action, and between columns
  static let titleRows = 1.5  // the title and a half-row under it
}

extension Renderer {
  /// The panel for this window: as tall as the lines need, never taller or wider than the
  /// window less a margin, never larger type than the keypad labels; the lines go in one
  /// column, or two side by side when that gives larger type (a landscape window).
  func shortcutsPanel(_ lines: [ShortcutLine], layout: Layout, context: CairoContext)
    -> ShortcutsPanel
  {
    let margin = max(1, layout.gap)
    let availableWidth = Double(layout.width) - 2 * margin
    let availableHeight = Double(layout.height) - 2 * margin
    let widths = columnWidths(lines, context: context)
    let candidates = [1, 2].map { columns -> ShortcutsPanel in
      let perColumn = (lines.count + columns - 1) / columns
      let heightInFontSizes =
        (Double(perColumn) + ShortcutsPanel.titleRows) * ShortcutsPanel.lineHeight
        + 2 * ShortcutsPanel.padding
      let columnWidth = widths.keys + ShortcutsPanel.columnGap + widths.actions
      let widthInFontSizes =
        Double(columns) * columnWidth + Double(columns - 1) * ShortcutsPanel.columnGap
        + 2 * ShortcutsPanel.padding
      let size = min(
        0.8 * layout.digitLabelFontSize, availableHeight / heightInFontSizes,
        availableWidth / max(widthInFontSizes, 1))
      let width = widthInFontSizes * size
      let height = heightInFontSizes * size
      return ShortcutsPanel(
        rect: Rect(
          x: (Double(layout.width) - width) / 2, y: (Double(layout.height) - height) / 2,
          width: width, height: height),
        fontSize: size, linesPerColumn: max(perColumn, 1),
        columnStep: (columnWidth + ShortcutsPanel.columnGap) * size,
        actionsOffset: (widths.keys + ShortcutsPanel.columnGap) * size,
        keysWidth: widths.keys * size, actionsWidth: widths.actions * size)
    }
    // One column unless two give clearly larger type.
    return candidates[1].fontSize > 1.15 * candidates[0].fontSize ? candidates[1] : candidates[0]
  }

  /// The widest keys and action texts, in font sizes.
  private func columnWidths(_ lines: [ShortcutLine], context: CairoContext) -> (
    keys: Double, actions: Double
  ) {
    context.setFont(symbolFace, size: 1)
    let keys = lines.map { context.extents($0.keys).advance }.max() ?? 0
    context.setFont(labelFace, size: 1)
    let actions = lines.map { context.extents($0.action).advance }.max() ?? 0
    return (keys, actions)
  }

  /// Dims the window and draws the panel listing the lines.
  func drawShortcuts(_ lines: [ShortcutLine], layout: Layout, in context: CairoContext) {
    context.setColor(Theme.background, alpha: Theme.overlayDim)
    cairo_paint(context.pointer)

    let panel = shortcutsPanel(lines, layout: layout, context: context)
    let size = panel.fontSize
    context.setColor(Theme.overlayPanel)
    context.addRoundedRect(panel.rect, radius: size)
    cairo_fill(context.pointer)

    let lineHeight = ShortcutsPanel.lineHeight * size
    let top = panel.rect.minY + ShortcutsPanel.padding * size + 0.75 * lineHeight
    context.setColor(Theme.overlayTitle)
    context.setFont(symbolFace, size: 1.15 * size)
    let title = context.extents(Shortcuts.title)
    context.showText(
      Shortcuts.title, x: panel.rect.minX + panel.rect.width / 2 - title.x - title.width / 2,
      y: top)
    for (index, line) in lines.enumerated() {
      let column = Double(index / panel.linesPerColumn)
      let left = panel.rect.minX + ShortcutsPanel.padding * size + column * panel.columnStep
      let baseline =
        top + (ShortcutsPanel.titleRows + Double(index % panel.linesPerColumn)) * lineHeight
      context.setColor(Theme.overlayKeys)
      context.setFont(symbolFace, size: size)
      context.showText(line.keys, x: left, y: baseline)
      context.setColor(Theme.overlayActions)
      context.setFont(labelFace, size: size)
      context.showText(line.action, x: left + panel.actionsOffset, y: baseline)
    }
  }
}
