import CCairo
import CalculatorCore
import CalculatorLayout

extension Renderer {
  /// The Tip & Split screen (docs/SPEC.md section 7.1): the three fields in rounded boxes, the
  /// active one's label orange; then the tip, the total, the per-person amount (largest, in the
  /// display's font) and, when the shares exceed the total, by how much.
  ///
  /// Every text shrinks to fit its row, so nothing is clipped or overlaps at any size. A refused
  /// key turns the active field's value red; a copy dims the per-person amount.
  func drawTipScreen(
    _ screen: TipScreen, focusedField: TipField?, cue: DisplayCue?, layout: TipLayout,
    in context: CairoContext
  ) {
    for (field, box) in zip(TipField.allCases, layout.fields) {
      context.setColor(Theme.fieldFill)
      context.addRoundedRect(box, radius: box.height / 4)
      cairo_fill(context.pointer)
      let isActive = field == screen.active
      drawPair(
        TextPiece(
          text: field.title, face: labelFace, size: layout.fieldFontSize,
          color: isActive ? Theme.activeFieldLabel : Theme.fieldLabel),
        TextPiece(
          text: screen.text(of: field), face: labelFace, size: layout.fieldFontSize,
          color: isActive && cue == .refused ? Theme.errorText : Theme.displayText),
        in: box.inset(by: layout.inset), context: context)
      if focusedField == field { drawFieldFocusRing(box, context: context) }
    }
    let results = [
      (tr("Tip"), screen.tip, layout.tipRow), (tr("Total"), screen.total, layout.totalRow),
    ]
    for (title, value, row) in results {
      drawPair(
        TextPiece(
          text: title, face: labelFace, size: layout.resultFontSize, color: Theme.historyText),
        TextPiece(
          text: value, face: labelFace, size: layout.resultFontSize, color: Theme.displayText),
        in: row.inset(by: layout.inset), context: context)
    }
    drawPair(
      TextPiece(
        text: tr("Per person"), face: labelFace, size: layout.resultFontSize,
        color: Theme.historyText),
      TextPiece(
        text: screen.perPerson, face: displayFace, size: layout.perPersonFontSize,
        color: cue == .copied ? Theme.copiedText : Theme.displayText),
      in: layout.perPersonRow.inset(by: layout.inset), context: context)
    if let shares = screen.shares, let overshoot = screen.overshoot {
      drawPair(
        TextPiece(
          text: "+\(overshoot)", face: labelFace, size: layout.sharesFontSize,
          color: Theme.historyText),
        TextPiece(
          text: shares, face: labelFace, size: layout.sharesFontSize, color: Theme.historyText),
        in: layout.sharesRow.inset(by: layout.inset), context: context)
    }
  }

  /// One text to draw: what, in which face, size and colour.
  struct TextPiece {
    var text: String
    var face: FontFace
    var size: Double
    var color: Color
  }

  /// A label at the left of `rect` and a value at its right, on one baseline.
  ///
  /// The baseline centres the value's figures vertically. The value shrinks to fit beside the
  /// label; when it would go below the label's size (or three quarters of its own), both shrink
  /// together instead, so that they always fit the width.
  private func drawPair(
    _ label: TextPiece, _ value: TextPiece, in rect: Rect, context: CairoContext
  ) {
    guard !rect.isEmpty else { return }
    func width(_ piece: TextPiece, scale: Double) -> Double {
      context.setFont(piece.face, size: piece.size * scale)
      return context.extents(piece.text).advance
    }
    let room = rect.width - Self.glyphSnapSlack
    let gap = 0.5 * label.size
    let labelWidth = width(label, scale: 1)
    let valueWidth = width(value, scale: 1)
    var labelScale = 1.0
    var valueScale = min(1, (room - labelWidth - gap) / max(valueWidth, 1))
    if valueScale < min(0.75, label.size / value.size) {
      labelScale = max(0, room / max(labelWidth + gap + valueWidth, 1))
      valueScale = labelScale
    }
    // The figures' height decides the baseline, at the value's size.
    context.setFont(value.face, size: value.size * valueScale)
    let figures = context.extents("0")
    let baseline = (rect.minY + rect.height / 2 - figures.y - figures.height / 2).rounded()

    context.setColor(label.color)
    context.setFont(label.face, size: label.size * labelScale)
    let labelInk = context.extents(label.text)
    context.showText(label.text, x: (rect.minX - labelInk.x).rounded(.up), y: baseline)

    context.setColor(value.color)
    context.setFont(value.face, size: value.size * valueScale)
    let valueInk = context.extents(value.text)
    context.showText(
      value.text, x: (rect.maxX - Self.edgeInset - valueInk.x - valueInk.width).rounded(.down),
      y: baseline)
  }

  /// The keyboard focus on a field: a white line just inside its box (docs/SPEC.md section 9.3).
  private func drawFieldFocusRing(_ box: Rect, context: CairoContext) {
    let width = min(Theme.focusRingWidth, box.height / 8)
    context.setColor(Theme.focusRing)
    context.fillOutline(
      box.inset(by: width / 2), radius: box.height / 4 - width / 2, width: width)
  }
}

extension Rect {
  /// The rectangle moved in by `amount` on every side (never below zero size).
  func inset(by amount: Double) -> Rect {
    Rect(x: x + amount, y: y + amount, width: width - 2 * amount, height: height - 2 * amount)
  }
}
