import CalculatorCore
import CalculatorLayout

/// A keypad cell as a frame shows it.
struct ShownKey {
  /// Where it is.
  var position: GridPosition
  /// What the table has there.
  var cap: KeyCap
  /// How it looks.
  var look: KeyLook
}

/// How one keypad cell looks in a frame: what the renderer draws for it besides its place.
struct KeyLook: Equatable {
  /// The circle's colour.
  var fill: Color
  /// The label's colour.
  var labelColor: Color
  /// The label: AC or C, Rad or Deg, the alternate while `2nd` is on.
  var label: KeyLabel
  /// The focus ring is around it.
  var isFocused: Bool

  /// How `cap` looks on `face`, pressed or not, focused or not: a function of these alone, so
  /// two frames with one face differ only at the cells pressed or focused in either.
  init(_ cap: KeyCap, on face: KeypadFace, isPressed: Bool, isFocused: Bool) {
    let colors = Theme.colors(
      style: cap.style, isPressed: isPressed, isPending: cap.isHighlighted(on: face),
      isLit: cap.isLit(on: face))
    fill = colors.fill
    labelColor = colors.label
    label = cap.label(on: face)
    self.isFocused = isFocused
  }
}

/// A part of the screen above (or beside) the keypad.
enum ScreenPart {
  /// The display band: the number and the Rad indicator.
  case display
  /// The tape strip above the display.
  case strip
  /// The side tape panel of a wide window.
  case tapePanel
  /// The search of the tape, over the strip or the side panel's lines (docs/SPEC.md section
  /// 15.3).
  case search
  /// The Convert lines' unit buttons, swap key and caption (docs/SPEC.md section 10.4).
  case convertUnits
  /// The Convert lines' converted value, inside the lines' box.
  case convertedValue
  /// Tip & Split's fields and results, in place of the display and the strip.
  case tipPanel
}

/// What a screen part draws: the renderer draws a part from this value alone, and the damage
/// compares it, so a part is redrawn exactly when what it shows changed.
enum ScreenContent: Equatable {
  /// The display's text, its cue's colour, and whether `Rad` shows.
  case display(DisplayText, DisplayCue?, showsRadians: Bool, isSelected: Bool)
  /// The strip's rows, and the day header at its top while scrolled back.
  case strip([ShownHistoryRow], header: String?)
  /// The side panel's lines.
  case tapePanel([ShownTapeLine])
  /// The search line and its matches; nil while closed.
  case search(SearchView?)
  /// The two units and the caption; nil with Convert off.
  case convertUnits(ConvertUnits?)
  /// The converted value; nil with Convert off.
  case convertedValue(DisplayText?)
  /// The Tip & Split screen, the field with the focus ring, the cue.
  case tipPanel(TipScreen?, focusedField: TipField?, DisplayCue?)
}

/// How far past the shape it is drawn in a part's pixels may reach.
enum InkMargin {
  /// A shape's antialiased edge: a circle, or what is drawn clipped to a rectangle.
  static let antialiasing = 1.0
  /// Text: a glyph snaps to a whole pixel (half a pixel), then its antialiased edge.
  static let text = 2.0
  /// The focus ring, past its stroke's reach: its antialiased edge and a pixel to spare.
  static let ring = 2.0
}

extension Frame {
  /// The cell at `position` (inside the table) as this frame shows it: the renderer draws it.
  func shownKey(at position: GridPosition) -> ShownKey {
    let cap = layout.keypad.rows[position.row][position.column]
    return ShownKey(position: position, cap: cap, look: look(at: position))
  }

  /// How the cell at `position` (inside the table) looks in this frame: what the renderer draws
  /// there besides its place, and what `damage(since:)` compares.
  func look(at position: GridPosition) -> KeyLook {
    KeyLook(
      layout.keypad.rows[position.row][position.column], on: face,
      isPressed: pressed == position, isFocused: focused == position)
  }

  /// The cells whose look may differ from `previous`'s (`KeyLook` reads only the face and
  /// whether a cell is pressed or focused): all of them when the face changed, else only the
  /// pressed and focused cells of either frame.
  private func changedKeys(since previous: Frame) -> [GridPosition] {
    let keypad = layout.keypad
    let candidates =
      face == previous.face
      ? [pressed, previous.pressed, focused, previous.focused].compactMap { $0 }
      : keypad.positions
    var changed: [GridPosition] = []
    for position in candidates where !changed.contains(position) {
      guard keypad.cap(at: position) != nil, look(at: position) != previous.look(at: position)
      else { continue }
      changed.append(position)
    }
    return changed
  }

  /// The screen's parts in this frame's layout, in drawing order.
  var screenParts: [ScreenPart] {
    layout.tipLayout != nil
      ? [.tipPanel]
      : [.strip, .tapePanel, .search, .display]
        + (layout.convert == nil ? [] : [.convertUnits, .convertedValue])
  }

  /// What `part` shows in this frame.
  func content(of part: ScreenPart) -> ScreenContent {
    switch part {
    case .display:
      .display(display, displayCue, showsRadians: showsRadians, isSelected: displaySelected)
    case .strip: stripContent
    case .tapePanel: .tapePanel(tape.panelLines(in: layout))
    case .search: .search(search)
    case .convertUnits: .convertUnits(convert?.units)
    case .convertedValue: .convertedValue(convert?.converted)
    case .tipPanel: .tipPanel(tipScreen, focusedField: focusedField, displayCue)
    }
  }

  /// The strip's rows, and the day of its top row while scrolled back.
  private var stripContent: ScreenContent {
    let rows = tape.stripRows(in: layout)
    return .strip(rows, header: tape.stripDayHeader(of: rows))
  }

  /// Every pixel `part` may touch: the rectangle it keeps inside, and how far its ink reaches
  /// past it; empty when the layout has no such part.
  func box(of part: ScreenPart) -> PixelRect {
    let (rect, margin): (Rect?, Double) =
      switch part {
      // The text keeps inside the display (`DisplayFit`); the renderer skips the display in
      // regions outside it.
      case .display: (layout.displayRect, InkMargin.text)
      // The strip's rows, and the panel's lines and edge, are drawn clipped to them.
      case .strip: (layout.historyRect, InkMargin.antialiasing)
      case .tapePanel: (layout.tapePanel.isEmpty ? nil : layout.tapePanel, InkMargin.antialiasing)
      // Drawn clipped to its area, over the strip's or the panel's text (whose ink it covers).
      case .search: (layout.searchArea.isEmpty ? nil : layout.searchArea, InkMargin.text)
      // The units' buttons, the swap key, the converted value and the caption keep inside
      // `ConvertLayout.bounds`.
      case .convertUnits: (layout.convert?.bounds, InkMargin.text)
      case .convertedValue: (layout.convert?.convertedRect, InkMargin.text)
      // Tip & Split's fields, rows and texts keep inside its panel.
      case .tipPanel: (layout.tipLayout?.panel, InkMargin.text)
      }
    return rect.map { PixelRect(covering: $0, margin: margin, within: bounds) } ?? PixelRect.zero
  }

  /// Every pixel the display's text and the Rad indicator may touch.
  var displayBox: PixelRect { box(of: .display) }

  /// The mode menu, the unit picker or the shortcuts overlay covers the keypad and the screen.
  var hasOverlay: Bool { menuSelection != nil || shortcuts != nil || picker != nil }

  /// The whole window, as far as the renderer draws it.
  public var bounds: PixelRect {
    PixelRect(
      x: 0, y: 0, width: min(max(width, 0), Layout.maximumSide),
      height: min(max(height, 0), Layout.maximumSide))
  }

  /// The rectangles of the window whose pixels may differ from those of `previous`.
  ///
  /// `previous` is the frame on the window: redrawing these with this frame makes the window
  /// show exactly this frame. The one place damage is computed; the window asks through
  /// `Renderer.damage(_:since:)`, which gives `displayInk`.
  ///
  /// The renderer draws each screen part from its `content(of:)` and each cell from its
  /// `KeyLook`; a part whose content differs gives its box, a cell whose look differs its
  /// circle, with its ring when either frame has one there (`inkBox`). A new layout (size or
  /// mode), or an overlay in either frame, gives the whole window. Empty when nothing changed;
  /// neighbours are merged (`PixelRect.coalesced`).
  ///
  /// With `displayInk` (where a frame's display text is drawn, which only the renderer's fonts
  /// know), the display's box is narrowed to the ink of its text before and after, so a digit
  /// typed redraws the digits, not the display's width: only when the text or its cue changed
  /// alone (the Rad indicator drawn the same, the box not merged with a neighbour).
  ///
  /// A region is drawn with exactly the whole frame's pixels where it cuts only circles, rings
  /// (sprites) and text (glyph masks): cairo rasterizes other paths cut by the surface's edge a
  /// little differently. The rectangles hold each changed circle whole, and the glyphs of ⌨
  /// and `.` lie well inside their circles.
  public func damage(since previous: Frame, displayInk: ((Frame) -> Rect)? = nil) -> [PixelRect] {
    guard self != previous else { return [] }
    guard layout == previous.layout, !layout.isEmpty, !hasOverlay, !previous.hasOverlay else {
      return [bounds]
    }
    var rects: [PixelRect] = []
    for part in screenParts {
      // The strip's rows and the panel's lines are functions of the tape and the layout (one
      // here): none is formatted when the tape is the same.
      if part == .strip || part == .tapePanel, tape == previous.tape { continue }
      if content(of: part) != previous.content(of: part) { rects.append(box(of: part)) }
    }
    for position in changedKeys(since: previous) {
      rects.append(inkBox(position).union(previous.inkBox(position)))
    }
    let damage = PixelRect.coalesced(rects)
    // Narrowed display damage: a digit typed redraws a few digits, not the display's width.
    guard let displayInk, SpeedTricks.active.contains(.displayInk), layout.tipLayout == nil,
      showsRadians == previous.showsRadians, displaySelected == previous.displaySelected,
      let index = damage.firstIndex(of: displayBox)
    else { return damage }
    func ink(_ shown: Frame) -> PixelRect {
      PixelRect(covering: displayInk(shown), margin: InkMargin.text, within: displayBox)
    }
    var narrowed = damage
    narrowed[index] = ink(self).union(ink(previous))
    return PixelRect.coalesced(narrowed)
  }

  /// Whether anything but keypad cells draws in `region`: the menu, the overlay, the display, the
  /// strip's rows, the side panel, the Convert lines, Tip & Split's panel.
  func screenReaches(_ region: PixelRect) -> Bool {
    hasOverlay
      || screenParts.contains { part in
        // The strip's rows are laid out only for a region that reaches the strip.
        guard box(of: part).intersects(region) else { return false }
        switch part {
        case .strip: return !shownHistoryRows.isEmpty
        case .search: return search != nil
        case .convertUnits, .convertedValue: return convert != nil
        default: return true
        }
      }
  }

  /// The keypad cells whose pixels (`inkBox`) reach into `region`, row by row.
  func cells(reaching region: PixelRect) -> [GridPosition] {
    layout.keypad.positions.filter { inkBox($0).intersects(region) }
  }

  /// Every pixel a keypad cell may touch: its circle, label and focus ring.
  func cellBox(_ position: GridPosition) -> PixelRect {
    let circle = layout.circle(at: position)
    let ring = Renderer.focusRing(around: circle, gap: layout.gap(at: position), unit: layout.unit)
    let reach = ring.circle.radius + ring.width / 2 - circle.radius
    return PixelRect(covering: circle.bounds, margin: reach + InkMargin.ring, within: bounds)
  }

  /// The pixels a keypad cell draws in this frame: its circle and label, and its focus ring when
  /// it has one (a pixel more on each side for antialiasing; a sprite's edge pixels are empty).
  func inkBox(_ position: GridPosition) -> PixelRect {
    guard focused != position else { return cellBox(position) }
    return PixelRect(
      covering: layout.circle(at: position).bounds, margin: InkMargin.antialiasing, within: bounds)
  }
}
