import CalculatorCore
import CalculatorLayout

/// A keypad cell as a frame shows it (a struct, not a tuple: tuples of these took the runtime's
/// generic paths on every frame).
struct ShownKey {
  /// Where it is.
  var position: GridPosition
  /// What the table has there.
  var cap: KeyCap
  /// How it looks.
  var look: KeyLook
}

/// How one keypad cell looks in a frame: what the renderer draws for it.
struct KeyLook: Equatable {
  /// The circle's colour.
  var fill: Color
  /// The label's colour.
  var labelColor: Color
  /// The label: AC or C, Rad or Deg, the alternate while `2nd` is on.
  var label: KeyLabel
  /// The focus ring is around it.
  var isFocused: Bool
}

extension Frame {
  /// Every cell of the mode's keypad with how it looks, row by row, or those `including` picks:
  /// the renderer draws these and `damage(since:)` compares them.
  func keyLooks(including: (GridPosition) -> Bool = { _ in true }) -> [ShownKey] {
    let keypad = layout.keypad
    var keys: [ShownKey] = []
    for (row, caps) in keypad.rows.enumerated() {
      for column in caps.indices where including(GridPosition(row: row, column: column)) {
        keys.append(shownKey(at: GridPosition(row: row, column: column)))
      }
    }
    return keys
  }

  /// The cell at `position` (inside the table) as this frame shows it.
  func shownKey(at position: GridPosition) -> ShownKey {
    let cap = layout.keypad.rows[position.row][position.column]
    let colors = Theme.colors(
      style: cap.style, isPressed: pressed == position, isPending: cap.isHighlighted(on: face),
      isLit: cap.isLit(on: face))
    let look = KeyLook(
      fill: colors.fill, labelColor: colors.label, label: cap.label(on: face),
      isFocused: focused == position)
    return ShownKey(position: position, cap: cap, look: look)
  }

  /// The cells whose look may differ from `previous`'s: all of them when the keypad's face
  /// changed, else only the pressed and focused cells of either frame.
  private func changedKeys(since previous: Frame) -> [GridPosition] {
    let keypad = layout.keypad
    let candidates: [GridPosition]
    if face == previous.face {
      candidates = [pressed, previous.pressed, focused, previous.focused].compactMap { $0 }
    } else {
      candidates = keypad.positions
    }
    var changed: [GridPosition] = []
    for position in candidates where !changed.contains(position) {
      guard keypad.cap(at: position) != nil,
        shownKey(at: position).look != previous.shownKey(at: position).look
      else { continue }
      changed.append(position)
    }
    return changed
  }

  /// The whole window, as far as the renderer draws it.
  public var bounds: PixelRect {
    PixelRect(
      x: 0, y: 0, width: min(max(width, 0), Layout.maximumSide),
      height: min(max(height, 0), Layout.maximumSide))
  }

  /// The rectangles of the window whose pixels may differ from those of `previous`, the frame on
  /// the window: redrawing them with this frame makes the window show exactly this frame.
  ///
  /// Tracked one by one: the display band (its text or cue, the Rad indicator), the history
  /// strip (the rows it shows), the side tape panel (its lines, the row cursor's included), the
  /// Tip & Split panel (its calculator, focused field, cue), and
  /// each circle whose look changed (pressed, the pending operator, `2nd`, `mr` and a tip
  /// preset lit, a label such as AC/C or Rad/Deg, the focus ring). Any other
  /// change (the size, the mode, the menu, the overlay, or a field added to `Frame` later)
  /// gives the whole window, so nothing can be left stale. Empty when nothing changed;
  /// neighbours are merged (`PixelRect.coalesced`).
  ///
  /// A region is drawn with exactly the whole frame's pixels where it cuts only circles, rings
  /// (sprites) and text (glyph masks): cairo rasterizes other paths cut by the surface's edge a
  /// little differently. The rectangles hold each changed circle whole, with its ring when
  /// either frame has one there (`inkBox`), and the glyphs of ⌨ and `.` lie well inside their
  /// circles.
  public func damage(since previous: Frame) -> [PixelRect] {
    guard self != previous else { return [] }
    let whole = [bounds]
    // Only these fields are compared below; `tracked` equals this frame when nothing else
    // differs, whatever fields `Frame` has.
    var tracked = previous
    tracked.display = display
    tracked.face = face
    tracked.pressed = pressed
    tracked.focused = focused
    tracked.displayCue = displayCue
    tracked.tape = tape
    tracked.tip = tip
    tracked.focusedField = focusedField
    tracked.convert = convert
    guard tracked == self, menuSelection == nil, shortcuts == nil, picker == nil,
      !layout.isEmpty
    else {
      return whole
    }
    var rects: [PixelRect] = []
    if let panel = layout.tip {
      // Tip & Split draws its fields and results (the cue included) in place of the display
      // and the strip.
      if (tip, focusedField, displayCue) != (
        previous.tip, previous.focusedField, previous.displayCue
      ) {
        rects.append(panelBox(panel))
      }
    } else {
      if (display, displayCue, showsRadians)
        != (previous.display, previous.displayCue, previous.showsRadians)
      {
        rects.append(displayBox)
      }
      // A new unit redraws the lines; a new number only the converted value.
      if convert != previous.convert {
        rects.append(convert?.units == previous.convert?.units ? convertedBox : convertBox)
      }
      // (The rows are formatted only when what they come from changed.)
      if tape != previous.tape {
        if shownHistoryRows != previous.shownHistoryRows { rects.append(stripBox) }
        if shownTapeLines != previous.shownTapeLines { rects.append(tapePanelBox) }
      }
    }
    for position in changedKeys(since: previous) {
      rects.append(inkBox(position).union(previous.inkBox(position)))
    }
    return PixelRect.coalesced(rects)
  }

  /// The circle just pressed, when the window shows `previous`: the first rectangle to send.
  ///
  /// A key lights under the finger before the number it types shows. Drawing it needs neither
  /// the display's text nor `damage(since:)`, so a key's first pixels reach the screen sooner.
  public func pressedBox(since previous: Frame) -> PixelRect? {
    guard let pressed, pressed != previous.pressed, menuSelection == nil, shortcuts == nil,
      picker == nil,
      layout == previous.layout, !layout.isEmpty, layout.keypad.cap(at: pressed) != nil
    else { return nil }
    return inkBox(pressed).union(previous.inkBox(pressed))
  }

  /// Whether the frame draws nothing but the black background in `region`: no text, circle,
  /// ring, menu or overlay reaches into it.
  ///
  /// A window just mapped is all background (its `background_pixel`), so its first frame need
  /// not send these: at launch an empty tape strip is a quarter of the window.
  public func isBlank(_ region: PixelRect) -> Bool {
    layout.isEmpty || (!screenReaches(region) && cells(reaching: region).isEmpty)
  }

  /// Whether anything but keypad cells draws in `region`: the menu, the overlay, the display, the
  /// strip's rows, the side panel, Tip & Split's panel.
  func screenReaches(_ region: PixelRect) -> Bool {
    if menuSelection != nil || shortcuts != nil || picker != nil { return true }
    if let panel = layout.tip { return panelBox(panel).intersects(region) }
    return displayBox.intersects(region) || (convert != nil && convertBox.intersects(region))
      || (stripBox.intersects(region) && !shownHistoryRows.isEmpty)
      || tapePanelBox.intersects(region)
  }

  /// The keypad cells whose pixels (`inkBox`) reach into `region`, row by row.
  func cells(reaching region: PixelRect) -> [GridPosition] {
    var cells: [GridPosition] = []
    for (row, caps) in layout.keypad.rows.enumerated() {
      for column in caps.indices {
        let position = GridPosition(row: row, column: column)
        if inkBox(position).intersects(region) { cells.append(position) }
      }
    }
    return cells
  }

  /// Every pixel the Convert lines draw: the units' buttons, the swap key, the converted value
  /// and the caption (they keep inside `ConvertLayout.bounds`); empty without them.
  var convertBox: PixelRect {
    layout.convert.map { PixelRect(covering: $0.bounds, margin: 2, within: bounds) }
      ?? PixelRect(x: 0, y: 0, width: 0, height: 0)
  }

  /// Every pixel the converted value may touch, as `displayBox` is the display's.
  var convertedBox: PixelRect {
    layout.convert.map { PixelRect(covering: $0.convertedRect, margin: 2, within: bounds) }
      ?? PixelRect(x: 0, y: 0, width: 0, height: 0)
  }

  /// Every pixel the display's text and the Rad indicator may touch.
  ///
  /// The text keeps inside the display (`DisplayFit`); a pixel more for antialiasing. The
  /// renderer skips the display in regions outside it.
  var displayBox: PixelRect {
    PixelRect(covering: layout.displayRect, margin: 2, within: bounds)
  }

  /// Every pixel of the Tip & Split screen: its fields, rows and texts keep inside its panel.
  func panelBox(_ panel: TipLayout) -> PixelRect {
    PixelRect(covering: panel.panel, margin: 2, within: bounds)
  }

  /// Every pixel of the tape strip: its rows are drawn clipped to it.
  var stripBox: PixelRect {
    PixelRect(covering: layout.historyRect, margin: 1, within: bounds)
  }

  /// Every pixel of the side tape panel (empty outside a wide window): its lines and its edge
  /// are drawn clipped to it.
  var tapePanelBox: PixelRect {
    layout.tapePanel.isEmpty
      ? PixelRect(x: 0, y: 0, width: 0, height: 0)
      : PixelRect(covering: layout.tapePanel, margin: 1, within: bounds)
  }

  /// Every pixel a keypad cell may touch: its circle, label and focus ring.
  func cellBox(_ position: GridPosition) -> PixelRect {
    let circle = layout.circle(at: position)
    let ring = Renderer.focusRing(around: circle, gap: layout.gap(at: position), unit: layout.unit)
    let reach = ring.circle.radius + ring.width / 2 - circle.radius
    return PixelRect(covering: circle.bounds, margin: reach + 2, within: bounds)
  }

  /// The pixels a keypad cell draws in this frame: its circle and label, and its focus ring when
  /// it has one (a pixel more on each side for antialiasing; a sprite's edge pixels are empty).
  func inkBox(_ position: GridPosition) -> PixelRect {
    guard focused != position else { return cellBox(position) }
    return PixelRect(covering: layout.circle(at: position).bounds, margin: 1, within: bounds)
  }
}
