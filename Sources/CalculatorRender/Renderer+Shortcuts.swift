import CCairo
import CalculatorLayout

extension Renderer {
  /// Where the overlay draws `lines` in this window (`ShortcutsFit`), measured in the
  /// renderer's fonts.
  func shortcutsPanel(_ lines: [ShortcutLine], layout: Layout, context: CairoContext)
    -> ShortcutsFit
  {
    let widths = columnWidths(lines, context: context)
    return ShortcutsFit(
      lineCount: lines.count, keysEms: widths.keys, actionsEms: widths.actions, layout: layout)
  }

  /// Where the overlay draws `lines` in `layout`'s window: what the window's logic scrolls it
  /// by (docs/SPEC.md section 3.6).
  public func shortcutsFit(_ lines: [ShortcutLine], layout: Layout) -> ShortcutsFit {
    let context = CairoContext(surface: CairoSurface(width: 1, height: 1), fontOptions: fontOptions)
    return shortcutsPanel(lines, layout: layout, context: context)
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

  /// Dims the window and draws the panel listing the lines from `offset` (when it scrolls), a
  /// bar at its right edge showing where those lines are.
  func drawShortcuts(
    _ lines: [ShortcutLine], offset: Int, layout: Layout, in context: CairoContext
  ) {
    context.setColor(Theme.background, alpha: Theme.overlayDim)
    cairo_paint(context.pointer)

    let panel = shortcutsPanel(lines, layout: layout, context: context)
    let size = panel.fontSize
    context.setColor(Theme.overlayPanel)
    context.addRoundedRect(panel.rect, radius: size)
    cairo_fill(context.pointer)

    // A text longer than a narrow panel is cut at its edge.
    cairo_save(context.pointer)
    cairo_rectangle(
      context.pointer, panel.rect.minX, panel.rect.minY, panel.rect.width, panel.rect.height)
    cairo_clip(context.pointer)
    defer { cairo_restore(context.pointer) }
    let lineHeight = ShortcutsFit.lineHeight * size
    let top = panel.rect.minY + ShortcutsFit.padding * size + 0.75 * lineHeight
    context.setColor(Theme.overlayTitle)
    context.setFont(symbolFace, size: 1.15 * size)
    let title = context.extents(Shortcuts.title)
    context.showText(
      Shortcuts.title, x: panel.rect.minX + panel.rect.width / 2 - title.x - title.width / 2,
      y: top)
    let first = panel.firstLine(offset)
    let rowsPerLine = panel.isStacked ? 2 : 1
    for (index, line) in lines.enumerated().dropFirst(first).prefix(panel.page) {
      let place = index - first
      let column = Double(place / panel.linesPerColumn)
      let left = panel.rect.minX + ShortcutsFit.padding * size + column * panel.columnStep
      let row = Double((place % panel.linesPerColumn) * rowsPerLine)
      let baseline = top + (ShortcutsFit.titleRows + row) * lineHeight
      context.setColor(Theme.overlayKeys)
      context.setFont(symbolFace, size: size)
      context.showText(line.keys, x: left, y: baseline)
      context.setColor(Theme.overlayActions)
      context.setFont(labelFace, size: size)
      context.showText(
        line.action, x: left + panel.actionsOffset,
        y: baseline + (panel.isStacked ? lineHeight : 0))
    }
    guard panel.scrolls else { return }
    // The bar: the lines shown within all of them.
    let track = Rect(
      x: panel.rect.maxX - 0.6 * ShortcutsFit.padding * size, y: top + 0.5 * lineHeight,
      width: max(2, 0.25 * size),
      height: Double(2 * panel.page) * lineHeight)
    let count = Double(panel.lineCount)
    context.setColor(Theme.overlayActions, alpha: 0.25)
    cairo_rectangle(context.pointer, track.minX, track.minY, track.width, track.height)
    cairo_fill(context.pointer)
    context.setColor(Theme.overlayActions)
    cairo_rectangle(
      context.pointer, track.minX, track.minY + track.height * Double(first) / count,
      track.width, track.height * Double(panel.page) / count)
    cairo_fill(context.pointer)
  }
}
