import CCairo
import CalculatorCore
import CalculatorLayout

extension Renderer {
  /// The Convert lines' units (docs/SPEC.md section 10.4): each unit's button under its number,
  /// the swap key, and the caption at the left of the last line.
  func drawConvertUnits(_ units: ConvertUnits, lines: ConvertLayout, in context: CairoContext) {
    for side in UnitSide.allCases {
      let symbol = side == .from ? units.from.symbol : units.to.symbol
      drawUnitButton(
        symbol, in: lines.unitButton(side, holding: symbol), size: lines.unitFontSize,
        context: context)
    }
    paintSprite(of: lines.swap, ringWidth: 0, color: Theme.unitButtonFill, in: context)
    context.setColor(Theme.unitButtonLabel)
    showCentered(
      Theme.swapLabel, face: labelFace, size: Theme.swapLabelSize * 2 * lines.swap.radius,
      in: lines.swap.bounds, context: context)
    if let caption = units.caption {
      let line = lines.toLine
      let button = lines.unitButton(.to, holding: units.to.symbol)
      context.setColor(Theme.captionText)
      showFitted(
        caption, face: labelFace, size: lines.captionFontSize, least: lines.leastTextSize,
        left: line.minX.rounded(), width: button.minX - line.minX - button.height / 2,
        baseline: (line.minY + line.height / 2 + 0.36 * lines.captionFontSize).rounded(),
        context: context)
    }
  }

  /// The converted value, fitted as the display is.
  func drawConverted(_ converted: DisplayText, lines: ConvertLayout, in context: CairoContext) {
    let fit = fit(
      converted, in: lines.convertedRect, baseSize: lines.convertedFontSize,
      least: lines.leastTextSize, showsIndicator: false, context: context)
    context.setColor(Theme.convertedText)
    context.setFont(displayFace, size: fit.size)
    context.showText(fit.text, x: fit.origin.x, y: fit.origin.y)
  }

  /// A unit's button: a pill in whole pixels holding the symbol, centred, shrunk to fit.
  private func drawUnitButton(
    _ symbol: String, in rect: Rect, size: Double, context: CairoContext
  ) {
    let pill = Rect(
      x: rect.minX.rounded(), y: rect.minY.rounded(), width: rect.width.rounded(),
      height: rect.height.rounded())
    context.setColor(Theme.unitButtonFill)
    context.addRoundedRect(pill, radius: pill.height / 2)
    cairo_fill(context.pointer)
    context.setColor(Theme.unitButtonLabel)
    showCentered(
      symbol, face: symbolFace, size: size,
      in: Rect(
        x: pill.minX + pill.height / 3, y: pill.minY, width: pill.width - 2 * pill.height / 3,
        height: pill.height), context: context)
  }

  /// Draws `text` centred in `rect` across and on the middle of a `0` down, shrunk to the
  /// rect's width (a unit's button is as wide as its symbol needs at its size, so only a
  /// symbol too long for half a line shrinks).
  func showCentered(
    _ text: String, face: FontFace, size: Double, in rect: Rect, context: CairoContext
  ) {
    context.setFont(face, size: size)
    var ink = context.extents(text)
    var fitted = size
    if ink.width > rect.width {
      fitted = size * rect.width / max(ink.width, 1) * 0.999
      context.setFont(face, size: fitted)
      ink = context.extents(text)
    }
    let zero = context.extents("0")
    context.showText(
      text, x: (rect.minX + rect.width / 2 - ink.x - ink.width / 2).rounded(),
      y: (rect.minY + rect.height / 2 - zero.y - zero.height / 2).rounded())
  }

  /// The unit picker (docs/SPEC.md section 10.4), over the window dimmed as under the
  /// shortcuts: a rounded panel with the two tabs (the selected one lit), the filter line, and
  /// the list's lines that show: the selected one lit, a check mark at the unit or category in
  /// use, a unit's symbol in orange and its name in gray, a category with `›`.
  func drawPicker(_ frame: Frame, layout: Layout, in context: CairoContext) {
    guard let view = frame.picker, let picker = layout.picker else { return }
    context.setColor(Theme.background, alpha: Theme.overlayDim)
    cairo_paint(context.pointer)
    let size = picker.fontSize
    fillOverlayPanel(picker.panel, size: size, in: context)
    let inset = 0.9 * size
    func baseline(_ row: Rect) -> Double { Renderer.baseline(of: row, size: size) }
    for (side, tab) in zip(UnitSide.allCases, picker.tabs) {
      if side == view.side { fillSelection(tab, size: size, in: context) }
      let title = side == .from ? tr("From") : tr("To")
      let symbol = view.tabs[UnitSide.allCases.firstIndex(of: side) ?? 0]
      context.setFont(labelFace, size: size)
      var titleWidth = context.extents(title + " ").advance
      context.setFont(symbolFace, size: size)
      var symbolWidth = context.extents(symbol).advance
      // Both shrink when a translated title leaves the tab (docs/SPEC.md section 13.5).
      let room = tab.width - inset
      let tabSize = size * min(1, room / max(titleWidth + symbolWidth, 1) * 0.999)
      titleWidth *= tabSize / size
      symbolWidth *= tabSize / size
      let left = (tab.minX + (tab.width - titleWidth - symbolWidth) / 2).rounded()
      context.setColor(Theme.overlayTitle)
      context.setFont(labelFace, size: tabSize)
      context.showText(title, x: left, y: baseline(tab))
      context.setColor(Theme.pickerUnit)
      context.setFont(symbolFace, size: tabSize)
      context.showText(symbol, x: left + titleWidth, y: baseline(tab))
    }
    let filter = picker.filter
    context.setFont(labelFace, size: size)
    context.setColor(view.filter.isEmpty ? Theme.pickerPlaceholder : Theme.overlayTitle)
    let filterLeft = (filter.minX + inset).rounded()
    if view.filter.isEmpty {
      showFitted(
        PickerView.filterPlaceholder, face: labelFace, size: size, least: picker.leastTextSize,
        left: filterLeft, width: filter.width - 2 * inset, baseline: baseline(filter),
        context: context)
    } else {
      context.showText(view.filter, x: filterLeft, y: baseline(filter))
      // The caret: a plain bar after the text, as tall as its capitals and figures.
      let figures = context.extents("0")
      let bar = max(1, (0.08 * size).rounded())
      cairo_rectangle(
        context.pointer, (filterLeft + context.extents(view.filter).advance + 0.1 * size).rounded(),
        (baseline(filter) + figures.y - 0.1 * size).rounded(), bar,
        (figures.height + 0.2 * size).rounded())
      cairo_fill(context.pointer)
    }
    context.setColor(Theme.menuSeparator)
    cairo_rectangle(
      context.pointer, (filter.minX + inset).rounded(), filter.maxY.rounded(.down),
      (filter.width - 2 * inset).rounded(), 1)
    cairo_fill(context.pointer)
    for (slot, row) in picker.rows.enumerated() {
      let index = view.offset + slot
      guard view.lines.indices.contains(index) else { break }
      drawPickerLine(
        view.lines[index], in: row, isSelected: index == view.selection, picker: picker,
        context: context)
    }
    drawScrollBar(view, picker: picker, context: context)
  }

  private func drawPickerLine(
    _ line: PickerLine, in row: Rect, isSelected: Bool, picker: PickerLayout,
    context: CairoContext
  ) {
    let size = picker.fontSize
    let inset = 0.9 * size
    let baseline = Renderer.baseline(of: row, size: size)
    if isSelected { fillSelection(row, size: size, in: context) }
    if line.isChecked {
      context.setColor(Theme.overlayKeys)
      context.setFont(labelFace, size: size)
      context.showText("✓", x: row.minX + inset, y: baseline)
    }
    let left = (row.minX + inset + 1.6 * size).rounded()
    let right = row.maxX - inset
    switch line.kind {
    case .download, .note:
      // `Download rates` in the keys' colour, as an action; a note dimmed; what failed at the
      // right (docs/SPEC.md section 14.6).
      var textRight = right
      if let detail = line.detail {
        context.setColor(Theme.pickerDetail)
        context.setFont(labelFace, size: 0.85 * size)
        let ink = context.extents(detail)
        let x = max((right - ink.x - ink.width).rounded(), left + 0.5 * (right - left))
        showFitted(
          detail, face: labelFace, size: 0.85 * size, least: picker.leastTextSize, left: x,
          width: right - x, baseline: baseline, context: context)
        textRight = x - 0.6 * size
      }
      context.setColor(line.kind == .download ? Theme.overlayKeys : Theme.pickerDetail)
      showFitted(
        line.text, face: labelFace, size: size, least: picker.leastTextSize, left: left,
        width: textRight - left, baseline: baseline, context: context)
    case .back:
      context.setColor(Theme.overlayTitle)
      showFitted(
        "‹ " + line.text, face: labelFace, size: size, least: picker.leastTextSize, left: left,
        width: right - left,
        baseline: baseline, context: context)
    case .category:
      context.setColor(Theme.pickerDetail)
      context.setFont(labelFace, size: size)
      let arrow = context.extents("›")
      let arrowLeft = (right - arrow.x - arrow.width).rounded()
      context.showText("›", x: arrowLeft, y: baseline)
      context.setColor(Theme.overlayTitle)
      showFitted(
        line.text, face: labelFace, size: size, least: picker.leastTextSize, left: left,
        width: arrowLeft - 0.4 * size - left,
        baseline: baseline, context: context)
    case .unit:
      context.setColor(Theme.pickerUnit)
      showFitted(
        line.symbol, face: symbolFace, size: size, least: picker.leastTextSize, left: left,
        width: picker.nameColumn - 0.4 * size, baseline: baseline, context: context)
      var nameRight = right
      if let detail = line.detail {
        context.setColor(Theme.pickerDetail)
        context.setFont(labelFace, size: 0.85 * size)
        let ink = context.extents(detail)
        let x = (right - ink.x - ink.width).rounded()
        context.showText(detail, x: x, y: baseline)
        nameRight = x - 0.6 * size
      }
      context.setColor(Theme.pickerName)
      showFitted(
        line.text, face: labelFace, size: size, least: picker.leastTextSize,
        left: left + picker.nameColumn,
        width: nameRight - left - picker.nameColumn, baseline: baseline, context: context)
    }
  }

  /// Draws `text` from `left`, shrunk to `width` when wider, but not under `least`: there, as
  /// many of its characters as fit and `…`.
  func showFitted(
    _ text: String, face: FontFace, size: Double, least: Double, left: Double, width: Double,
    baseline: Double, context: CairoContext
  ) {
    context.setFont(face, size: size)
    let advance = context.extents(text).advance
    guard advance > width else { return context.showText(text, x: left, y: baseline) }
    let fitted = size * max(width, 1) / advance * 0.999
    guard fitted < least, least < size else {
      context.setFont(face, size: max(fitted, min(least, size)))
      return context.showText(text, x: left, y: baseline)
    }
    context.setFont(face, size: least)
    var shown = Substring(text)
    while !shown.isEmpty, context.extents(shown + "…").advance > width { shown.removeLast() }
    context.showText(shown.isEmpty ? "" : shown + "…", x: left, y: baseline)
  }

  /// A thin bar at the list's right edge, when it holds more lines than show.
  ///
  /// Its length is the part that shows, its place where that part is; whole pixels.
  private func drawScrollBar(_ view: PickerView, picker: PickerLayout, context: CairoContext) {
    let shown = picker.rows.count
    guard view.lines.count > shown, let first = picker.rows.first, let last = picker.rows.last
    else { return }
    let track = Rect(
      x: first.maxX - 0.45 * picker.fontSize, y: first.minY, width: 0.2 * picker.fontSize,
      height: last.maxY - first.minY)
    let count = Double(view.lines.count)
    let top = track.minY + track.height * Double(view.offset) / count
    let height = track.height * Double(shown) / count
    context.setColor(Theme.menuSeparator)
    cairo_rectangle(
      context.pointer, track.minX.rounded(), top.rounded(), max(1, track.width.rounded()),
      max(1, height.rounded()))
    cairo_fill(context.pointer)
  }
}
