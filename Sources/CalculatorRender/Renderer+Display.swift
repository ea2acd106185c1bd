import CCairo
import CalculatorCore
import CalculatorLayout

/// What the display shows in one frame: the text, its font size and where its ink lands.
struct DisplayFit: Equatable {
  /// The text drawn: the display's text, or a shorter form in a very narrow window.
  var text: String
  /// The font size it is drawn at.
  var size: Double
  /// The origin the text is drawn from (its baseline's left end), in window pixels.
  var origin: Point
  /// The ink box of the drawn text, in window pixels.
  var ink: Rect
}

extension Renderer {
  /// cairo 1.16 draws each glyph at a whole-pixel origin, which moves it up to half a pixel from
  /// where the ink box says, and FreeType rounds ink extents to 1/64 px: text at a floored
  /// origin, `edgeInset` in from the right edge, needs this much room beyond its ink width to
  /// stay inside its rectangle.
  static let glyphSnapSlack = Layout.glyphSnapSlack
  /// How far the ideal ink stays inside the right edge: half a pixel of glyph snapping and the
  /// extents' rounding.
  static let edgeInset = Layout.textEdgeInset

  /// The display's text, size and placement in a frame (docs/SPEC.md section 3.3).
  ///
  /// The whole display at the largest size that fits, down to the layout's minimum (24% of the
  /// base); else, in a window narrower than the default, the longest shortened form that fits at
  /// the minimum. The last answers are kept: the text is measured only when the display or
  /// the size changes, not on every frame.
  func displayFit(for frame: Frame, context: CairoContext) -> DisplayFit {
    let layout = frame.layout
    return fit(
      frame.display, in: layout.displayRect, baseSize: layout.displayFontSize,
      least: layout.leastTextSize, showsIndicator: frame.showsRadians, context: context)
  }

  /// A number's text, size and placement in `rect`, right-aligned on a baseline a fifth of
  /// `baseSize` above its bottom, as the display's: the display itself, and the converted value
  /// of the Convert lines (docs/SPEC.md section 10.4); never under `least` but where nothing
  /// fits; `showsIndicator` keeps room for `Rad`.
  func fit(
    _ display: DisplayText, in rect: Rect, baseSize: Double, least: Double,
    showsIndicator: Bool, context: CairoContext
  ) -> DisplayFit {
    let key = DisplayFitKey(
      display: display, rect: rect, baseSize: baseSize, least: least,
      showsIndicator: showsIndicator)
    if let cached = displayFits.first(where: { $0.key == key }) { return cached.fit }
    let reserved =
      showsIndicator
      ? angleIndicatorRoom(baseSize: baseSize, least: least, context: context) : 0
    let (text, size) = fittedText(
      display, width: rect.width, baseSize: baseSize, least: least, reserved: reserved,
      context: context)
    context.setFont(displayFace, size: size)
    let ink = context.extents(text)
    // Right-aligned on the ink, one baseline whatever the size.
    let origin = Point(
      x: (rect.maxX - Self.edgeInset - ink.x - ink.width).rounded(.down),
      y: (rect.maxY - Theme.displayBaseline * baseSize).rounded())
    let fit = DisplayFit(
      text: text, size: size, origin: origin,
      ink: Rect(x: origin.x + ink.x, y: origin.y + ink.y, width: ink.width, height: ink.height))
    // The frame on the window and the next one, each with its display and converted value.
    displayFits = [(key, fit)] + displayFits.prefix(3)
    return fit
  }

  private func fittedText(
    _ display: DisplayText, width rect: Double, baseSize: Double, least: Double,
    reserved: Double, context: CairoContext
  ) -> (text: String, size: Double) {
    // `Rad` keeps its place at the display's left: the number fits beside it.
    context.setFont(displayFace, size: baseSize)
    // The ink at the base size, widened so that once shrunk it leaves the glyph-snap slack.
    let room = rect - Self.glyphSnapSlack - reserved
    func size(fitting text: String) -> Double? {
      let width = room > 0 ? context.extents(text).width * rect / room : .infinity
      return Layout.fontSize(fitting: width, width: rect, base: baseSize, least: least)
    }
    let full = display.text
    if let size = size(fitting: full) {
      return (full, size)
    }
    var previous = full
    if display.isShortenedFromTheEnd {
      // Each form one character longer is at least as wide: the longest that fits, by halves,
      // so a 10,000-character expression is measured a few times, not 10,000 times
      // (docs/SPEC.md section 12).
      var fitting = 0  // a length that fits, 0 for none yet
      var tooLong = full.count
      while tooLong - fitting > 1 {
        let middle = (fitting + tooLong) / 2
        if size(fitting: display.shortened(toLength: middle)) != nil {
          fitting = middle
        } else {
          tooLong = middle
        }
      }
      previous = display.shortened(toLength: max(fitting, 1))
      if fitting > 0, let size = size(fitting: previous) { return (previous, size) }
    } else {
      for length in stride(from: full.count - 1, through: 1, by: -1) {
        let candidate = display.shortened(toLength: length)
        guard candidate != previous else { continue }
        previous = candidate
        if let size = size(fitting: candidate) {
          return (candidate, size)
        }
      }
    }
    // Nothing fits at the minimum (a display a few pixels wide): shrink the shortest form further.
    let ink = context.extents(previous).width
    return (previous, baseSize * min(1, max(room, 0) / max(ink, 1)))
  }

  /// The rectangles to redraw for `frame` on a window that shows `previous`
  /// (`Frame.damage(since:displayInk:)`), the display's narrowed to where this renderer's fonts
  /// draw its text.
  public func damage(_ frame: Frame, since previous: Frame) -> [PixelRect] {
    frame.damage(since: previous) { self.displayFit(for: $0, context: self.measuringContext).ink }
  }

  func drawDisplay(
    _ display: DisplayText, cue: DisplayCue?, showsRadians: Bool, isSelected: Bool = false,
    layout: Layout, in context: CairoContext
  ) {
    let fit = fit(
      display, in: layout.displayRect, baseSize: layout.displayFontSize,
      least: layout.leastTextSize, showsIndicator: showsRadians, context: context)
    if isSelected {
      // The number selected, as a text field shows a selection (docs/SPEC.md section 14.3):
      // whole pixels behind its ink, inside the display.
      context.setFont(displayFace, size: fit.size)
      let ink = context.extents(fit.text)
      let box = layout.displayRect
      let left = max((fit.origin.x + ink.x).rounded(.down) - 1, box.minX.rounded(.up))
      let right = min((fit.origin.x + ink.x + ink.width).rounded(.up) + 1, box.maxX.rounded(.down))
      let top = max((fit.origin.y - 0.8 * fit.size).rounded(.down), box.minY.rounded(.up))
      let bottom = min((fit.origin.y + 0.22 * fit.size).rounded(.up), box.maxY.rounded(.down))
      context.setColor(Theme.displaySelection)
      cairo_rectangle(context.pointer, left, top, max(right - left, 0), max(bottom - top, 0))
      cairo_fill(context.pointer)
    }
    switch cue {
    case nil: context.setColor(Theme.displayText)
    case .refused: context.setColor(Theme.errorText)
    case .copied: context.setColor(Theme.copiedText)
    }
    context.setFont(displayFace, size: fit.size)
    context.showText(fit.text, x: fit.origin.x, y: fit.origin.y)
    if showsRadians { drawAngleIndicator(layout: layout, in: context) }
  }

  func drawHistory(_ rows: [ShownHistoryRow], layout: Layout, in context: CairoContext) {
    let strip = layout.historyRect
    guard !strip.isEmpty else { return }
    guard !rows.isEmpty else { return }
    context.save()
    defer { context.restore() }
    context.clip(to: strip)  // a guard only: every row drawn lies inside the strip
    let line = max(1, layout.unit.rounded())
    for row in rows {
      if row.startsCalculation {
        context.setColor(Theme.historySeparator)
        let (left, right) = (strip.minX.rounded(.up), strip.maxX.rounded(.down))  // crisp
        cairo_rectangle(context.pointer, left, row.rect.minY.rounded(), right - left, line)
        cairo_fill(context.pointer)
      }
      if row.isSelected {
        // Whole pixels, so a region cutting the strip draws the same pixels (no path edges).
        context.setColor(Theme.selectedRowFill)
        let (left, right) = (strip.minX.rounded(.up), strip.maxX.rounded(.down))
        let (top, bottom) = (row.rect.minY.rounded(), row.rect.maxY.rounded())
        cairo_rectangle(context.pointer, left, top, right - left, bottom - top)
        cairo_fill(context.pointer)
      }
      context.setColor(
        row.isEdited
          ? Theme.editedRowText
          : row.isSelected
            ? Theme.selectedRowText : row.isPast ? Theme.pastHistoryText : Theme.historyText)
      showRightAligned(
        row.text, face: labelFace,
        size: row.isPast ? layout.pastHistoryFontSize : layout.historyFontSize, in: strip,
        baseline: (row.rect.maxY - Theme.historyBaseline * row.rect.height).rounded(),
        context: context)
    }
  }

  /// The side tape panel of a wide window (docs/SPEC.md section 3): one calculation per line,
  /// its rows gray and its result white, right-aligned, thin lines between calculations and at
  /// the panel's right edge; with no calculation yet, a dim line saying so.
  func drawTapePanel(_ lines: [ShownTapeLine], layout: Layout, in context: CairoContext) {
    let panel = layout.tapePanel
    guard !panel.isEmpty else { return }
    context.save()
    defer { context.restore() }
    context.clip(to: panel)
    let line = max(1, layout.unit.rounded())
    context.setColor(Theme.historySeparator)
    cairo_rectangle(
      context.pointer, (panel.maxX - line).rounded(.down), panel.minY.rounded(), line,
      panel.height.rounded(.down))
    cairo_fill(context.pointer)
    let area = layout.tapeLinesRect
    if lines.isEmpty {
      // One line, or word by word over several in a narrow panel, centred in it.
      context.setColor(Theme.pastHistoryText)
      context.setFont(labelFace, size: layout.tapeFontSize)
      var wrapped: [String] = []
      for word in Renderer.emptyTapeText.split(separator: " ").map(String.init) {
        if let last = wrapped.last,
          context.extents(last + " " + word).width <= area.width - Self.glyphSnapSlack
        {
          wrapped[wrapped.count - 1] = last + " " + word
        } else {
          wrapped.append(word)
        }
      }
      let lineHeight = layout.tapeLineHeight
      let top = area.minY + (area.height - lineHeight * Double(wrapped.count)) / 2
      for (index, text) in wrapped.enumerated() {
        let ink = context.extents(text)
        context.showText(
          text, x: (area.minX + (area.width - ink.width) / 2 - ink.x).rounded(),
          y: (top + lineHeight * (Double(index + 1) - Theme.historyBaseline)).rounded())
      }
      return
    }
    let (left, right) = (area.minX.rounded(.up), area.maxX.rounded(.down))  // crisp
    for shown in lines {
      if shown.startsCalculation {
        context.setColor(Theme.historySeparator)
        cairo_rectangle(context.pointer, left, shown.rect.minY.rounded(), right - left, line)
        cairo_fill(context.pointer)
      }
      if let header = shown.header {
        // A day's header (docs/SPEC.md section 15.4): at the left, in the keys' medium face.
        context.setColor(Theme.dayHeaderText)
        showFitted(
          header, face: symbolFace, size: layout.tapeFontSize, least: layout.leastTextSize,
          left: (area.minX + Self.edgeInset).rounded(), width: area.width - 2 * Self.edgeInset,
          baseline: (shown.rect.maxY - Theme.historyBaseline * shown.rect.height).rounded(),
          context: context)
        continue
      }
      let fit = tapeLineFit(shown, layout: layout, context: context)
      if let selected = shown.selectedRow {
        // The strip's band, across the row: whole pixels, so a region draws the same pixels.
        let span = fit.spans[selected]
        let (start, end) = (
          max(span.lowerBound.rounded(), left), min(span.upperBound.rounded(), right)
        )
        let (top, bottom) = (shown.rect.minY.rounded(), shown.rect.maxY.rounded())
        context.setColor(Theme.selectedRowFill)
        cairo_rectangle(context.pointer, start, top, end - start, bottom - top)
        cairo_fill(context.pointer)
      }
      // The rows gray, the result white, the selected row as in the strip: runs of one colour
      // drawn one after another (each after the first from the space before it) land where the
      // whole line's glyphs would.
      let colors = shown.rows.indices.map { index in
        index == shown.selectedRow
          ? (shown.isEdited ? Theme.editedRowText : Theme.selectedRowText)
          : shown.endsCalculation && index == shown.rows.count - 1
            ? Theme.displayText : Theme.historyText
      }
      context.setFont(labelFace, size: fit.size)
      let baseline = (shown.rect.maxY - Theme.historyBaseline * shown.rect.height).rounded()
      var x = fit.x
      var first = 0
      for last in shown.rows.indices
      where last == shown.rows.count - 1 || colors[last + 1] != colors[last] {
        let run = (first == 0 ? "" : " ") + shown.rows[first...last].joined(separator: " ")
        context.setColor(colors[last])
        context.showText(run, x: x, y: baseline)
        x += context.extents(run).advance
        first = last + 1
      }
    }
  }

  /// The day of the strip's top row while it is scrolled back (docs/SPEC.md section 15.4): at
  /// the strip's top left, on a dark pill over the rows.
  func drawStripDayHeader(_ header: String, layout: Layout, in context: CairoContext) {
    let strip = layout.historyRect
    let size = layout.pastHistoryFontSize
    guard !strip.isEmpty, strip.height >= layout.pastHistoryRowHeight else { return }
    context.save()
    defer { context.restore() }
    context.clip(to: strip)
    context.setFont(symbolFace, size: size)
    let ink = context.extents(header)
    let height = layout.pastHistoryRowHeight
    let pill = Rect(
      x: strip.minX + Self.edgeInset, y: strip.minY,
      width: min(ink.advance + size, strip.width - 2 * Self.edgeInset), height: height)
    context.setColor(Theme.fieldFill)
    context.addRoundedRect(pill, radius: height / 2)
    cairo_fill(context.pointer)
    context.setColor(Theme.dayHeaderText)
    showFitted(
      header, face: symbolFace, size: size, least: layout.leastTextSize,
      left: (pill.minX + size / 2).rounded(), width: pill.width - size,
      baseline: (pill.maxY - Theme.historyBaseline * height).rounded(), context: context)
  }

  /// How the rows of `shown` are placed (`Layout.tapeLineFit`), measured in `context`.
  func tapeLineFit(_ shown: ShownTapeLine, layout: Layout, context: CairoContext) -> TapeLineFit {
    layout.tapeLineFit(shown) { text, size in
      context.setFont(labelFace, size: size)
      let ink = context.extents(text)
      return HorizontalExtents(x: ink.x, width: ink.width, advance: ink.advance)
    }
  }

  /// A text's extents across in the tape's face at `size`: what the layout places a side panel
  /// line's rows by (`Layout.tapeLineFit`, `Frame.tapePanelRow(at:measure:)`).
  public func tapeTextExtents(_ text: String, size: Double) -> HorizontalExtents {
    measuringContext.setFont(labelFace, size: size)
    let ink = measuringContext.extents(text)
    return HorizontalExtents(x: ink.x, width: ink.width, advance: ink.advance)
  }

  /// What an empty side panel says.
  static var emptyTapeText: String { tr("No calculations yet") }

  /// Draws `text` with its ink's right edge on `rect`'s right edge, shrunk when its ink is
  /// wider than `rect` (scaling is linear without hinting; the 0.999 guards rounding): a tape
  /// row is never cut, and only a number too long for a window narrower than the default
  /// shrinks under the least text size.
  func showRightAligned(
    _ text: String, face: FontFace, size: Double, in rect: Rect, baseline: Double,
    context: CairoContext
  ) {
    context.setFont(face, size: size)
    var ink = context.extents(text)
    let room = rect.width - Self.glyphSnapSlack
    if ink.width > room {
      context.setFont(face, size: size * room / max(ink.width, 1) * 0.999)
      ink = context.extents(text)
    }
    context.showText(
      text, x: (rect.maxX - Self.edgeInset - ink.x - ink.width).rounded(.down), y: baseline)
  }
}

/// What a `DisplayFit` depends on.
struct DisplayFitKey: Equatable {
  var display: DisplayText
  var rect: Rect
  var baseSize: Double
  var least: Double
  var showsIndicator: Bool
}
