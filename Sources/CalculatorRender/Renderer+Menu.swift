import CCairo
import CalculatorCore
import CalculatorLayout

extension Renderer {
  /// The mode menu: a dark rounded panel over the keypad, a check mark at the current mode and
  /// order, the keyboard's selection lit, thin lines between the groups (docs/SPEC.md sections 5
  /// and 12).
  func drawMenu(_ frame: Frame, layout: Layout, in context: CairoContext) {
    guard let selection = frame.menuSelection, let menu = layout.menu else { return }
    let size = menu.fontSize
    fillOverlayPanel(menu.panel, size: size, in: context)
    let inset = 0.9 * size
    for (index, (item, row)) in zip(menu.items, menu.rows).enumerated() {
      if item == .separator {
        context.setColor(Theme.menuSeparator)
        let y = (row.minY + row.height / 2).rounded(.down)
        cairo_rectangle(context.pointer, row.minX + inset, y, row.width - 2 * inset, 1)
        cairo_fill(context.pointer)
        continue
      }
      if selection.index == index { fillSelection(row, size: size, in: context) }
      context.setFont(labelFace, size: size)
      let baseline = Renderer.baseline(of: row, size: size)
      if frame.isChecked(item) {
        context.setColor(Theme.overlayKeys)
        context.showText("✓", x: row.minX + inset, y: baseline)
      }
      // The shortcut right-aligned, its right edge the panel's padding from the panel's
      // (docs/SPEC.md section 14.5); the title shrinks to the room left of it.
      var right = row.maxX - inset
      if let shortcut = item.shortcut {
        context.setColor(Theme.overlayKeys)
        context.setFont(labelFace, size: size)
        let width = context.extents(shortcut).advance
        context.showText(shortcut, x: right - width, y: baseline)
        right -= width + 0.8 * size
      }
      context.setColor(Theme.overlayTitle)
      // A translation longer than the room shrinks to it (docs/SPEC.md section 13.5).
      let left = row.minX + inset + 1.6 * size
      showFitted(
        item.title, face: labelFace, size: size, least: layout.leastTextSize, left: left,
        width: right - left, baseline: baseline, context: context)
    }
  }

  /// The rounded panel of an overlay list (the mode menu, the unit picker) with text of `size`.
  func fillOverlayPanel(_ panel: Rect, size: Double, in context: CairoContext) {
    context.setColor(Theme.overlayPanel)
    context.addRoundedRect(panel, radius: 0.8 * size)
    cairo_fill(context.pointer)
  }

  /// The lit background of an overlay list's selected line (or tab).
  func fillSelection(_ row: Rect, size: Double, in context: CairoContext) {
    context.setColor(Theme.menuSelection)
    context.addRoundedRect(
      Rect(
        x: row.minX + 0.3 * size, y: row.minY, width: row.width - 0.6 * size, height: row.height),
      radius: 0.4 * size)
    cairo_fill(context.pointer)
  }

  /// The baseline of text of `size` centred in an overlay list's line.
  static func baseline(of row: Rect, size: Double) -> Double {
    (row.minY + row.height / 2 + 0.36 * size).rounded()
  }
}
