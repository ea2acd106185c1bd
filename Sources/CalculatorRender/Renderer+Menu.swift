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
      if item == .mode(frame.mode) || item == .order(frame.order)
        || (item == .convert && frame.layout.converts)
      {
        context.setColor(Theme.overlayKeys)
        context.showText("✓", x: row.minX + inset, y: baseline)
      }
      context.setColor(Theme.overlayTitle)
      // A translation longer than the panel shrinks to it (docs/SPEC.md section 13.5), up to
      // the selection's edge (English "Keyboard Shortcuts" reaches into the inset).
      let left = row.minX + inset + 1.6 * size
      showFitted(
        item.title, face: labelFace, size: size, least: layout.leastTextSize, left: left,
        width: row.maxX - 0.3 * size - left, baseline: baseline, context: context)
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
