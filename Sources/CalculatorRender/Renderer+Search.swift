import CCairo
import CalculatorCore
import CalculatorLayout

extension Renderer {
  /// The search of the tape (docs/SPEC.md section 15.3), over the strip or the side panel's
  /// lines: the search line (a rounded field with a magnifier, the text typed or `Search`
  /// dimmed, the caret, and the count at its right), then the matches, newest first, each its
  /// calculation's line right-aligned as on the tape, the selected one highlighted as the row
  /// cursor's row; `No matches` when a text finds none.
  func drawSearch(_ search: SearchView?, layout: Layout, in context: CairoContext) {
    guard let search else { return }
    let area = layout.searchArea
    guard !area.isEmpty else { return }
    context.save()
    defer { context.restore() }
    // Whole pixels over what the strip or the panel drew there, their text's ink included.
    let (left, right) = (area.minX.rounded(.up), area.maxX.rounded(.down))
    let margin = InkMargin.text
    context.setColor(Theme.background)
    cairo_rectangle(
      context.pointer, left - margin, area.minY.rounded(.down), right - left + 2 * margin,
      area.maxY.rounded(.up) - area.minY.rounded(.down))
    cairo_fill(context.pointer)
    context.clip(to: area)
    let size = layout.searchFontSize
    drawSearchField(search, in: layout.searchFieldRect, size: size, context: context)
    if search.matches.isEmpty, !search.query.isEmpty, layout.visibleSearchMatches > 0 {
      let line = layout.searchMatchRect(0)
      context.setColor(Theme.pastHistoryText)
      showRightAligned(
        Renderer.noMatchesText, face: labelFace, size: size, in: line,
        baseline: Renderer.searchBaseline(of: line), context: context)
    }
    for (slot, match) in search.matches.enumerated() {
      let line = layout.searchMatchRect(slot)
      if match.isSelected {
        context.setColor(Theme.selectedRowFill)
        cairo_rectangle(
          context.pointer, left, line.minY.rounded(), right - left,
          line.maxY.rounded() - line.minY.rounded())
        cairo_fill(context.pointer)
      }
      context.setColor(match.isSelected ? Theme.selectedRowText : Theme.historyText)
      showRightAligned(
        match.text, face: labelFace, size: size, in: line,
        baseline: Renderer.searchBaseline(of: line), context: context)
    }
  }

  /// The search line: the field, the magnifier, the text or `Search`, the caret, the count.
  private func drawSearchField(
    _ search: SearchView, in line: Rect, size: Double, context: CairoContext
  ) {
    let field = Rect(
      x: line.minX + 0.2 * size, y: line.minY + 0.08 * line.height,
      width: line.width - 0.4 * size, height: 0.84 * line.height)
    context.setColor(Theme.fieldFill)
    context.addRoundedRect(field, radius: field.height / 4)
    cairo_fill(context.pointer)
    let baseline = Renderer.searchBaseline(of: line)
    // The magnifier: a ring and its handle, as tall as the figures.
    context.setFont(labelFace, size: size)
    let figures = context.extents("0")
    let radius = 0.3 * figures.height
    let center = Point(x: field.minX + 0.4 * size + radius, y: baseline + figures.y + radius * 1.1)
    context.setColor(Theme.historyText)
    let stroke = max(1, 0.08 * size)
    context.fillRing(Circle(center: center, radius: radius), width: stroke)
    cairo_set_line_width(context.pointer, stroke)
    cairo_move_to(context.pointer, center.x + 0.7 * radius, center.y + 0.7 * radius)
    cairo_line_to(context.pointer, center.x + 1.5 * radius, center.y + 1.5 * radius)
    cairo_stroke(context.pointer)
    // The count at the right, the text between.
    let count = context.extents(search.count)
    let countLeft = (field.maxX - 0.4 * size - count.x - count.width).rounded(.down)
    context.showText(search.count, x: countLeft, y: baseline)
    let textLeft = (center.x + 1.5 * radius + 0.4 * size).rounded()
    let room = countLeft - 0.5 * size - textLeft
    guard room > 0 else { return }
    if search.query.isEmpty {
      context.setColor(Theme.pickerPlaceholder)
      showFitted(
        Renderer.searchPlaceholder, face: labelFace, size: size, least: size, left: textLeft,
        width: room, baseline: baseline, context: context)
      return
    }
    // The end of a text too long for the line, as typed last, after `…`.
    var shown = search.query
    if context.extents(shown).advance > room {
      var cut = Substring(shown)
      while !cut.isEmpty, context.extents("…" + cut).advance > room { cut.removeFirst() }
      shown = "…" + cut
    }
    context.setColor(Theme.displayText)
    context.showText(shown, x: textLeft, y: baseline)
    // The caret, in the edited row's orange.
    let bar = max(1, (0.08 * size).rounded())
    context.setColor(Theme.editedRowText)
    cairo_rectangle(
      context.pointer, (textLeft + context.extents(shown).advance + 0.1 * size).rounded(),
      (baseline + figures.y - 0.1 * size).rounded(), bar, (figures.height + 0.2 * size).rounded())
    cairo_fill(context.pointer)
  }

  /// The baseline of a search line's text: as the tape's rows.
  static func searchBaseline(of line: Rect) -> Double {
    (line.maxY - Theme.historyBaseline * line.height).rounded()
  }

  /// What the empty search line says.
  static var searchPlaceholder: String { tr("Search") }

  /// What the search says when a text finds no calculation.
  static var noMatchesText: String { tr("No matches") }
}
