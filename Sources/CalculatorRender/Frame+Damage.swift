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
    let keypad = Keypad.of(mode)
    let pending = pendingCell(keypad)
    var keys: [ShownKey] = []
    for (row, caps) in keypad.rows.enumerated() {
      for column in caps.indices where including(GridPosition(row: row, column: column)) {
        keys.append(shownKey(at: GridPosition(row: row, column: column), keypad, pending: pending))
      }
    }
    return keys
  }

  /// The cell of the operator that shows pending.
  ///
  /// docs/SPEC.md section 3.1: it shows white with an orange label until the next number starts
  /// ("12+" shows + white, "12+3" orange again though + is still pending).
  func pendingCell(_ keypad: Keypad) -> GridPosition? {
    calculator.highlightedOperation.flatMap {
      keypad.position(of: Key.operation($0), second: showsSecond)
    }
  }

  /// The cell at `position` (inside the table) as this frame shows it.
  func shownKey(at position: GridPosition, _ keypad: Keypad, pending: GridPosition?)
    -> ShownKey
  {
    let cap = keypad.rows[position.row][position.column]
    let colors = Theme.colors(
      style: cap.style, isPressed: pressed == position, isPending: pending == position,
      isLit: cap.isLit(for: calculator, second: showsSecond) || cap.isLit(for: tip))
    let look = KeyLook(
      fill: colors.fill, labelColor: colors.label,
      label: cap.label(for: calculator, second: showsSecond), isFocused: focused == position)
    return ShownKey(position: position, cap: cap, look: look)
  }

  /// The cells whose look may differ from `previous`'s: all of them when what every cell's look
  /// reads changed (`KeypadFace`), else only the pressed and focused cells of either frame.
  private func changedKeys(since previous: Frame) -> [GridPosition] {
    let keypad = Keypad.of(mode)
    let candidates: [GridPosition]
    if KeypadFace(self) == KeypadFace(previous) {
      candidates = [pressed, previous.pressed, focused, previous.focused].compactMap { $0 }
    } else {
      candidates = keypad.positions
    }
    let pending = (pendingCell(keypad), previous.pendingCell(keypad))
    var changed: [GridPosition] = []
    for position in candidates where !changed.contains(position) {
      guard keypad.cap(at: position) != nil,
        shownKey(at: position, keypad, pending: pending.0).look
          != previous.shownKey(at: position, keypad, pending: pending.1).look
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
  /// strip (the rows it shows), the Tip & Split panel (its calculator, focused field, cue), and
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
    tracked.calculator = calculator
    tracked.showsSecond = showsSecond
    tracked.pressed = pressed
    tracked.focused = focused
    tracked.displayCue = displayCue
    tracked.historyOffset = historyOffset
    tracked.tape = tape
    tracked.tip = tip
    tracked.focusedField = focusedField
    let layout = layout
    guard tracked == self, menuSelection == nil, shortcuts == nil, !layout.isEmpty else {
      return whole
    }
    var rects: [PixelRect] = []
    if let panel = layout.tip {
      // Tip & Split draws its fields and results (the cue included) in place of the display
      // and the strip.
      let shown = (tip, focusedField, displayCue)
      if shown != (previous.tip, previous.focusedField, previous.displayCue) {
        rects.append(panelBox(panel))
      }
    } else {
      // (The display is formatted only when the calculator changed.)
      if displayCue != previous.displayCue
        || (calculator != previous.calculator && displayLook != previous.displayLook)
      {
        rects.append(displayBox(layout))
      }
      // (The rows are formatted only when what they come from changed.)
      if calculator != previous.calculator || tape != previous.tape
        || historyOffset != previous.historyOffset,
        shownHistoryRows != previous.shownHistoryRows
      {
        rects.append(stripBox(layout))
      }
    }
    for position in changedKeys(since: previous) {
      rects.append(inkBox(position, layout).union(previous.inkBox(position, layout)))
    }
    return PixelRect.coalesced(rects)
  }

  /// The circle just pressed, when the window shows `previous`: the first rectangle to send.
  ///
  /// A key lights under the finger before the number it types shows. Drawing it needs neither
  /// the display's text nor `damage(since:)`, so a key's first pixels reach the screen sooner.
  public func pressedBox(since previous: Frame) -> PixelRect? {
    guard let pressed, pressed != previous.pressed, menuSelection == nil, shortcuts == nil,
      width == previous.width, height == previous.height, mode == previous.mode
    else { return nil }
    let layout = layout
    guard !layout.isEmpty, Keypad.of(mode).cap(at: pressed) != nil else { return nil }
    return inkBox(pressed, layout).union(previous.inkBox(pressed, layout))
  }

  /// Whether the frame draws nothing but the black background in `region`: no text, circle,
  /// ring, menu or overlay reaches into it.
  ///
  /// A window just mapped is all background (its `background_pixel`), so its first frame need
  /// not send these: at launch the empty history strip is a quarter of the window.
  public func isBlank(_ region: PixelRect) -> Bool {
    let layout = layout
    return layout.isEmpty
      || (!screenReaches(region, layout) && cells(reaching: region, layout).isEmpty)
  }

  /// Whether anything but keypad cells draws in `region`: the menu, the overlay, the display, the
  /// history strip's rows, Tip & Split's panel.
  func screenReaches(_ region: PixelRect, _ layout: Layout) -> Bool {
    if menuSelection != nil || shortcuts != nil { return true }
    if let panel = layout.tip { return panelBox(panel).intersects(region) }
    return displayBox(layout).intersects(region)
      || (stripBox(layout).intersects(region) && !shownHistoryRows.isEmpty)
  }

  /// The keypad cells whose pixels (`inkBox`) reach into `region`, row by row.
  func cells(reaching region: PixelRect, _ layout: Layout) -> [GridPosition] {
    var cells: [GridPosition] = []
    for (row, caps) in Keypad.of(mode).rows.enumerated() {
      for column in caps.indices {
        let position = GridPosition(row: row, column: column)
        if inkBox(position, layout).intersects(region) { cells.append(position) }
      }
    }
    return cells
  }

  /// Every pixel the display's text and the Rad indicator may touch.
  ///
  /// The text keeps inside the display (`DisplayFit`); a pixel more for antialiasing. The
  /// renderer skips the display in regions outside it.
  func displayBox(_ layout: Layout) -> PixelRect {
    PixelRect(covering: layout.displayRect, margin: 2, within: bounds)
  }

  /// Every pixel of the Tip & Split screen: its fields, rows and texts keep inside its panel.
  func panelBox(_ panel: TipLayout) -> PixelRect {
    PixelRect(covering: panel.panel, margin: 2, within: bounds)
  }

  /// Every pixel of the history strip: its rows are drawn clipped to it.
  func stripBox(_ layout: Layout) -> PixelRect {
    PixelRect(covering: layout.historyRect, margin: 1, within: bounds)
  }

  /// Every pixel a keypad cell may touch: its circle, label and focus ring.
  func cellBox(_ position: GridPosition, _ layout: Layout) -> PixelRect {
    let circle = layout.circle(at: position)
    let ring = Renderer.focusRing(around: circle, layout: layout)
    let reach = ring.circle.radius + ring.width / 2 - circle.radius
    return PixelRect(covering: circle.bounds, margin: reach + 2, within: bounds)
  }

  /// The pixels a keypad cell draws in this frame: its circle and label, and its focus ring when
  /// it has one (a pixel more on each side for antialiasing; a sprite's edge pixels are empty).
  func inkBox(_ position: GridPosition, _ layout: Layout) -> PixelRect {
    guard focused != position else { return cellBox(position, layout) }
    return PixelRect(covering: layout.circle(at: position).bounds, margin: 1, within: bounds)
  }

  /// What the display band shows: the text (`display(maxLength:)` depends on it and on typing
  /// or not, so the same pair gives the same shortened form), its cue, the Rad indicator.
  private var displayLook: DisplayLook {
    DisplayLook(
      text: calculator.display, isTyping: calculator.isTyping, cue: displayCue,
      angle: calculator.angle)
  }
}

/// What every keypad cell's look reads besides `pressed` and `focused`: with the same face, only
/// those cells can look different (`KeyCap.label(for:second:)`, `KeyCap.isLit`, the pending
/// operator).
private struct KeypadFace: Equatable {
  var clearLabel: ClearLabel
  var angle: AngleUnit
  var hasMemory: Bool
  var pending: Operation?
  var second: Bool
  /// Tip & Split's presets light by its tip percent.
  var tip: TipCalculator?

  init(_ frame: Frame) {
    clearLabel = frame.calculator.clearLabel
    angle = frame.calculator.angle
    hasMemory = frame.calculator.memory != nil
    pending = frame.calculator.highlightedOperation
    second = frame.showsSecond
    tip = frame.mode == .tip ? frame.tip : nil
  }
}

/// What the display band of a frame depends on.
private struct DisplayLook: Equatable {
  var text: String
  var isTyping: Bool
  var cue: DisplayCue?
  var angle: AngleUnit
}
