import CalculatorCore

/// How a keypad's columns are drawn: as one grid, or with its function columns stacked above
/// the rest (each block spanning the basic keypad's width, the functions' circles smaller).
enum KeypadForm: Hashable, Sendable {
  case grid
  case stacked

  /// The reference size of each block, top to bottom: its columns and diameter.
  func blocks(of keypad: Keypad) -> [(columns: Range<Int>, diameter: Double)] {
    let columns = max(keypad.columnCount, 1)
    guard self == .stacked, keypad.functionColumns > 0, keypad.functionColumns < columns else {
      return [(0..<columns, Layout.Reference.diameter)]
    }
    // Each block spans the basic keypad: n circles and n − 1 gaps of gapRatio diameters.
    func diameter(_ count: Int) -> Double {
      Layout.Reference.keypadWidth
        / (Double(count) + Double(count - 1) * Layout.Reference.gapRatio)
    }
    let split = keypad.functionColumns
    return [(0..<split, diameter(split)), (split..<columns, diameter(columns - split))]
  }

  /// The reference width and height of a keypad's circles in this form, and its least diameter.
  func size(of keypad: Keypad) -> (width: Double, height: Double, smallest: Double) {
    let rows = Double(max(keypad.rowCount, 1))
    let blocks = blocks(of: keypad)
    let heights = blocks.map {
      rows * $0.diameter + (rows - 1) * $0.diameter * Layout.Reference.gapRatio
    }
    let widths = blocks.map { block in
      let count = Double(block.columns.count)
      return count * block.diameter + (count - 1) * block.diameter * Layout.Reference.gapRatio
    }
    return (
      widths.max() ?? 0,
      heights.reduce(0, +) + Double(blocks.count - 1) * Layout.Reference.gap,
      blocks.map(\.diameter).min() ?? 0
    )
  }
}

/// A length of a plan: `reference` reference pixels scaled by the unit, never under `floor`
/// window pixels (text and hit targets keep their least sizes at any unit: docs/SPEC.md
/// section 3.2).
struct Span {
  var reference: Double
  var floor = 0.0

  /// Its pixels at `unit`.
  func pixels(at unit: Double) -> Double { max(reference * unit, floor) }
}

/// A unit as a quotient, `side` window pixels over `content` reference pixels: a reference
/// length scaled by it is one correctly rounded division of an exact product, so a whole number
/// of pixels is not floored below itself (79.25 × 1572 / 393 is exactly 317).
struct UnitRatio: Comparable {
  var side: Double
  var content: Double

  var value: Double { side / content }

  static func < (lhs: UnitRatio, rhs: UnitRatio) -> Bool { lhs.value < rhs.value }
  static func == (lhs: UnitRatio, rhs: UnitRatio) -> Bool { lhs.value == rhs.value }
}

extension Array where Element == Span {
  /// The largest unit at which these spans, end to end, take at most `side` pixels; nil when
  /// their floors alone take it all.
  ///
  /// Spans whose floor holds at a unit hold it at every smaller one: floor them one round at a
  /// time and share out what is left among the others.
  func unit(fitting side: Double) -> UnitRatio? {
    var floored = [Bool](repeating: false, count: count)
    while true {
      var fixed = 0.0
      var scaling = 0.0
      for (index, span) in enumerated() {
        if floored[index] { fixed += span.floor } else { scaling += span.reference }
      }
      guard side > fixed, scaling > 0 else { return nil }
      let ratio = UnitRatio(side: side - fixed, content: scaling)
      var more = false
      for (index, span) in enumerated() where !floored[index] {
        if span.reference * ratio.value < span.floor {
          floored[index] = true
          more = true
        }
      }
      if !more { return ratio }
    }
  }
}

/// One way to share out a window: an arrangement, a keypad form and the unit it allows.
struct Plan {
  var arrangement: Layout.Arrangement
  var form: KeypadForm
  var keypad: Keypad
  /// The dpi over 96.
  var scale: Double
  /// The dpi over 96 that the floors of text and hit targets scale with: 0, no floors, in a
  /// window smaller than its mode's minimum size (docs/SPEC.md section 3.2).
  var floorScale: Double
  /// Strip rows kept above the display.
  var stripRows: Int
  /// The reference width of the column holding the keypad (its padding included).
  var columnWidth: Double
  /// The lengths across and down that the window must hold.
  var widths: [Span]
  var heights: [Span]
  /// Whether the Convert lines go below the display.
  var converts = false
  /// The unit it allows in the window; 0 when the window cannot hold its floors.
  var limit = UnitRatio(side: 0, content: 1)
  /// Whether the width, rather than the height or the largest circles, sets the unit.
  var isWidthLimited = false

  /// The unit.
  var unit: Double { limit.value }

  /// `reference` pixels in window pixels, rounded down.
  func pixels(_ reference: Double) -> Double {
    (reference * limit.side / limit.content).rounded(.down)
  }

  typealias Reference = Layout.Reference

  /// The smallest circle's reference diameter.
  var smallestDiameter: Double { form.size(of: keypad).smallest }

  /// The largest circle's reference diameter.
  var largestDiameter: Double { form.blocks(of: keypad).map(\.diameter).max() ?? 0 }

  /// The least text size at this plan's dpi.
  var leastText: Double { Layout.minimumTextSize * floorScale }

  /// The strip's least height: `rows` rows, each as tall as its font needs.
  static func strip(rows: Int, scale: Double) -> Span {
    let least = Layout.minimumTextSize * scale
    return Span(
      reference: Double(rows) * Reference.historyRowHeight,
      floor: Double(rows) * least * Reference.historyRowHeight / Reference.historyFont)
  }

  /// The display's height: 1.2 times its font, never under the least text's.
  static func display(scale: Double) -> Span {
    Span(
      reference: Reference.displayHeight,
      floor: Layout.minimumTextSize * scale * Reference.displayHeight / Reference.displayFont)
  }

  /// The unit of the basic keypad in the default window (360 × 640 at 96 dpi, scaled): the
  /// circles grow no larger where the tape can take the room (docs/SPEC.md section 3.2).
  static func fullSize(scale: Double) -> UnitRatio {
    let size = KeypadForm.grid.size(of: .basic)
    let content =
      Reference.topMargin + Double(Reference.portraitStripRows) * Reference.historyRowHeight
      + Reference.displayHeight + Reference.displayGap + size.height + Reference.bottomMargin
    return UnitRatio(side: Double(Layout.defaultSize.height) * scale, content: content)
  }

  /// The plans that fit a keypad, before the window picks one.
  ///
  /// With the Convert lines, the strip keeps two rows in every arrangement and the lines add
  /// their height. A side panel only in a window wider than tall.
  static func candidates(
    for keypad: Keypad, width: Double, height: Double, scale: Double, floorScale: Double,
    converts: Bool = false
  ) -> [Plan] {
    var plans: [Plan] = []
    let top = Span(reference: Reference.topMargin)
    let bottom = Span(reference: Reference.bottomMargin)
    let displayGap = Span(reference: Reference.displayGap)
    if keypad.screen == .tipAndSplit {
      let size = KeypadForm.grid.size(of: keypad)
      let column = 2 * Reference.sidePadding + size.width
      let above = Plan(
        arrangement: .portrait, form: .grid, keypad: keypad, scale: scale, floorScale: floorScale,
        stripRows: 0,
        columnWidth: column, widths: [Span(reference: column)],
        heights: [
          top, Span(reference: TipLayout.Reference.height), displayGap,
          Span(reference: size.height), bottom,
        ])
      let beside = Plan(
        arrangement: .landscape, form: .grid, keypad: keypad, scale: scale, floorScale: floorScale,
        stripRows: 0,
        columnWidth: column,
        widths: [
          Span(
            reference: column + TipLayout.Reference.besideWidth + TipLayout.Reference.besideGap
              - Reference.sidePadding)
        ],
        heights: [
          top, Span(reference: max(size.height, TipLayout.Reference.height)), bottom,
        ])
      plans = [above, beside]
    } else {
      let forms: [KeypadForm] = keypad.functionColumns > 0 ? [.stacked, .grid] : [.grid]
      let lines =
        converts
        ? ConvertLayout.heights(scale: floorScale).map { Span(reference: $0.0, floor: $0.1) } : []
      for form in forms {
        let size = form.size(of: keypad)
        let column = 2 * Reference.sidePadding + size.width
        let isLandscape = form == .grid && keypad.functionColumns > 0
        let rows =
          isLandscape || converts ? Reference.landscapeStripRows : Reference.portraitStripRows
        func heights(_ rows: Int) -> [Span] {
          [top, strip(rows: rows, scale: floorScale), display(scale: floorScale)] + lines + [
            displayGap, Span(reference: size.height), bottom,
          ]
        }
        plans.append(
          Plan(
            arrangement: isLandscape ? .landscape : .portrait, form: form, keypad: keypad,
            scale: scale, floorScale: floorScale, stripRows: rows, columnWidth: column,
            widths: [Span(reference: column)], heights: heights(rows)))
        if width > height {
          plans.append(
            Plan(
              arrangement: .wide, form: form, keypad: keypad, scale: scale,
              floorScale: floorScale, stripRows: Reference.landscapeStripRows, columnWidth: column,
              widths: [
                Span(reference: 2 * Reference.sidePadding),
                Span(
                  reference: size.width,
                  floor: displayLeastWidth(floorScale: floorScale)),
                Span(
                  reference: Reference.panelMinimumWidth,
                  floor: Reference.panelLeastWidth * Layout.minimumTextSize * floorScale),
              ],
              heights: heights(Reference.landscapeStripRows)))
        }
      }
    }
    return plans.map { plan in
      var plan = plan
      plan.converts = converts && keypad.screen == .calculator
      guard let across = plan.widths.unit(fitting: width),
        let down = plan.heights.unit(fitting: height)
      else { return plan }
      plan.limit = min(across, down)
      plan.isWidthLimited = across <= down
      if keypad.screen == .calculator {
        // Past the default window's circles the tape takes the room; a portrait keypad in a
        // window at least as tall as wide, where no side panel can take the width, still spans
        // half the window, so a window nearly square keeps no blank column beside it.
        var ceiling = fullSize(scale: scale)
        if plan.arrangement == .portrait, height >= width {
          ceiling = max(
            ceiling, UnitRatio(side: width, content: 2 * plan.form.size(of: keypad).width))
        }
        if ceiling < plan.limit {
          plan.limit = ceiling
          plan.isWidthLimited = false
        }
      }
      return plan
    }
  }

  /// The least diameter of each keypad block's circles at `scale`: the least drawn circle, and
  /// as large as its labels need to stay at the least text size (the scientific keys' labels
  /// are the smallest part of their circle, and `cosh⁻¹` the widest).
  func leastDiameter(of block: Range<Int>) -> Double {
    let caps = keypad.positions.filter { block.contains($0.column) }.compactMap {
      keypad.cap(at: $0)
    }
    let smallestLabel = caps.map(\.labelSize).min() ?? KeyLabelSizes.digit
    let widest =
      caps.contains { $0.style == .scientific }
      ? leastText * KeyLabelSizes.widestScientific / KeyLabelSizes.widthLimit : 0
    return max(
      Layout.leastDiameter(scale: scale), (leastText / smallestLabel).rounded(.up),
      widest.rounded(.up))
  }

  /// The least width of a side panel's display at `floorScale`: the widest number the display
  /// shows, 18.06 font sizes, at the least text size, and the glyphs' slack (docs/SPEC.md
  /// section 3.3: from the default width up every number shows whole).
  static func displayLeastWidth(floorScale: Double) -> Double {
    floorScale > 0
      ? Reference.widestDisplay * Layout.minimumTextSize * floorScale + 2.1 : 0
  }

  /// The width of the keypad column in pixels: its padding and the keypad, or in a side panel's
  /// window the display's least width where that is wider.
  func columnPixels(at u: Double) -> Double {
    let inner = (columnWidth - 2 * Reference.sidePadding) * u
    let least = arrangement == .wide ? Plan.displayLeastWidth(floorScale: floorScale) : 0
    return 2 * Reference.sidePadding * u + max(inner, least)
  }

  /// Whether every circle of the plan is at least its least diameter.
  var keepsLeastCircles: Bool {
    form.blocks(of: keypad).allSatisfy { pixels($0.diameter) >= leastDiameter(of: $0.columns) }
  }

  /// The pixels a wide plan's keypad column leaves blank above its display: its strip holds
  /// the current calculation only, and beyond two rows a taller window's height is empty there.
  func columnBlank(height: Double) -> Double {
    guard arrangement == .wide else { return 0 }
    let used = heights.reduce(0) { $0 + $1.pixels(at: unit) }
    let twoRows = Plan.strip(rows: Reference.landscapeStripRows, scale: floorScale)
      .pixels(at: unit)
    return max(
      0,
      height - used + Plan.strip(rows: stripRows, scale: floorScale).pixels(at: unit)
        - twoRows) * columnPixels(at: unit)
  }

  /// The plan for a `width` × `height` window at `scale` (dpi / 96).
  ///
  /// A window at least as tall as wide stacks a scientific keypad's functions above its basic
  /// keys, as the iPhone does, when every circle keeps its least size, the basic keys come out
  /// larger than one grid's and the keypad spans at least half the window; otherwise the plan
  /// with the largest smallest circle wins, and on a tie the later candidate (a side panel, a
  /// Tip & Split panel beside the keypad), which uses the width, unless it is a side panel
  /// whose keypad column would leave a quarter of the window blank above its display.
  static func best(
    for keypad: Keypad, width: Double, height: Double, scale: Double, floorScale: Double,
    converts: Bool = false
  ) -> Plan {
    var plans = candidates(
      for: keypad, width: width, height: height, scale: scale, floorScale: floorScale,
      converts: converts)
    func largest(_ plan: Plan) -> Double { plan.pixels(plan.largestDiameter) }
    if let stacked = plans.first(where: { $0.form == .stacked && $0.arrangement == .portrait }) {
      let spansHalf = 2 * stacked.form.size(of: keypad).width * stacked.unit >= width
      if height >= width, stacked.keepsLeastCircles, spansHalf,
        plans.filter({ $0.form == .grid }).allSatisfy({ largest(stacked) > largest($0) })
      {
        return stacked
      }
      // Narrower than half a window at least as tall as wide, it would leave a blank column.
      if height >= width, !spansHalf { plans.removeAll { $0.form == .stacked } }
    }
    var best = plans[0]
    for plan in plans.dropFirst() {
      let (circle, bestCircle) = (
        plan.unit * plan.smallestDiameter, best.unit * best.smallestDiameter
      )
      let isTie = circle < bestCircle * (1 + 1e-9)
      if circle >= bestCircle * (1 - 1e-9),
        !isTie || plan.columnBlank(height: height) <= 0.25 * width * height
      {
        best = plan
      }
    }
    return best
  }

  /// Everything placed in a `width` × `height` window; nil when even the smallest circle would
  /// be under a pixel.
  func placed(width: Double, height: Double) -> Placement? {
    let u = unit
    guard u > 0, pixels(smallestDiameter) >= 1 else { return nil }
    let side = Reference.sidePadding * u
    let top = Reference.topMargin * u
    // Tip & Split beside its keypad has no tape to take a taller window's height: it sits in
    // the middle.
    let tipBeside = keypad.screen == .tipAndSplit && arrangement == .landscape
    let needed = heights.reduce(0) { $0 + $1.pixels(at: u) }
    let slack = tipBeside ? max(0, height - needed) / 2 : 0
    let bottom = height - Reference.bottomMargin * u - slack
    // The column holding the keypad: the whole window, or its right part beside a panel.
    let columnLeft =
      arrangement == .wide
      ? width - columnPixels(at: u)
      : tipBeside ? width - columnWidth * u : 0
    let columnRight = width
    var blocks: [KeypadBlock] = []
    var blockBottom = bottom
    for block in form.blocks(of: keypad).reversed() {
      let diameter = pixels(block.diameter)
      let gap = block.diameter * Reference.gapRatio * u
      let columns = Double(block.columns.count)
      var columnGap = gap
      if arrangement == .landscape, keypad.screen == .calculator, !isWidthLimited {
        // A short window spreads the columns of a landscape keypad, up to half a diameter more
        // apart, so it fills its width as the iPhone's does.
        let spread = (width - 2 * side - columns * diameter) / max(columns - 1, 1)
        columnGap = min(max(gap, spread), gap + diameter / 2)
      }
      let blockWidth = columns * diameter + (columns - 1) * columnGap
      let rows = Double(max(keypad.rowCount, 1))
      let blockHeight = rows * diameter + (rows - 1) * gap
      blocks.insert(
        KeypadBlock(
          columns: block.columns,
          rect: Rect(x: 0, y: blockBottom - blockHeight, width: blockWidth, height: blockHeight),
          diameter: diameter, rowGap: gap, columnGap: columnGap), at: 0)
      blockBottom -= blockHeight + Reference.gap * u
    }
    // Centred in the window; beside a panel, right-aligned with its display's number. The
    // blocks of a stacked keypad end at one right edge, the display's (docs/SPEC.md section
    // 3.3), so their right columns line up.
    let widest = blocks.map(\.rect.width).max() ?? 0
    let right =
      columnLeft > 0 ? columnRight - side : (columnRight - columnLeft + widest) / 2
    for index in blocks.indices {
      blocks[index].rect.x = right - blocks[index].rect.width
    }
    let keypadRect = blocks.map(\.rect).reduce(blocks[0].rect) { $0.union($1) }
    var placement = Placement(unit: u, blocks: blocks, keypadRect: keypadRect)
    if keypad.screen == .tipAndSplit {
      placement.tipLayout = tipLayout(
        width: width, keypadRect: keypadRect, columnLeft: columnLeft, top: top)
      placement.displayRect = placement.tipLayout?.perPersonRow ?? .zero
      placement.historyRect = Rect(x: side, y: top, width: 0, height: 0)
      return placement
    }
    let displayLeft = columnLeft + side
    let displayHeight = Plan.display(scale: floorScale).pixels(at: u)
    let lineHeights = converts ? ConvertLayout.heights(scale: floorScale) : []
    let linesHeight = lineHeights.reduce(0) { $0 + max($1.0 * u, $1.1) }
    placement.displayRect = Rect(
      left: displayLeft,
      top: keypadRect.minY - Reference.displayGap * u - linesHeight - displayHeight,
      right: keypadRect.maxX, bottom: keypadRect.minY - Reference.displayGap * u - linesHeight)
    placement.historyRect = Rect(
      x: displayLeft, y: top, width: placement.displayRect.width,
      height: placement.displayRect.minY - top)
    if converts {
      placement.convert = ConvertLayout(
        left: displayLeft, right: keypadRect.maxX, display: placement.displayRect, unit: u,
        scale: floorScale)
    }
    if arrangement == .wide {
      placement.tapePanel = Rect(x: side, y: top, width: columnLeft - side, height: bottom - top)
    }
    return placement
  }

  /// The Tip & Split panel: above the keypad, centred in the height it has; or beside it,
  /// stretched to the width it has, its fields and results side by side when that width holds
  /// two panels.
  private func tipLayout(width: Double, keypadRect: Rect, columnLeft: Double, top: Double)
    -> TipLayout
  {
    let u = unit
    let side = Reference.sidePadding * u
    if arrangement == .portrait {
      return TipLayout(
        panel: Rect(
          x: side, y: top, width: width - 2 * side,
          height: keypadRect.minY - Reference.displayGap * u - top), unit: u, least: leastText)
    }
    return TipLayout(
      panel: Rect(
        x: side, y: keypadRect.minY,
        width: keypadRect.minX - TipLayout.Reference.besideGap * u - side,
        height: keypadRect.height), unit: u, least: leastText)
  }
}

/// What a plan puts where, in window pixels.
struct Placement {
  var unit: Double
  var blocks: [KeypadBlock]
  var keypadRect: Rect
  var displayRect = Rect.zero
  var historyRect = Rect.zero
  var tapePanel = Rect.zero
  var tipLayout: TipLayout? = nil
  var convert: ConvertLayout? = nil

  /// A window too small for a 1-pixel circle: nothing anywhere, a unit of 0.
  static var empty: Placement { Placement(unit: 0, blocks: [], keypadRect: .zero) }
}
