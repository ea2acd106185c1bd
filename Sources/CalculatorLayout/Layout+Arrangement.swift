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

/// One way to share out a window: an arrangement, a keypad form and the unit it allows.
struct Plan {
  var arrangement: Layout.Arrangement
  var form: KeypadForm
  var keypad: Keypad
  /// Strip rows kept above the display.
  var stripRows: Int
  /// The reference width of the column holding the keypad (its padding included), and of the
  /// whole content with a side panel or a Tip & Split panel beside it.
  var columnWidth: Double
  var contentWidth: Double
  /// The reference height of everything stacked in the window.
  var contentHeight: Double
  /// Whether the Convert lines go below the display.
  var converts = false
  /// The unit it allows in the window: the limiting side over the content's along it.
  var unit: Double
  /// That side and the content along it, kept apart so that a whole number of pixels scaled by
  /// them is not floored below itself (79.25 × 1572 / 393 is exactly 317).
  var limit = (side: 0.0, content: 1.0)

  /// `reference` pixels in window pixels, rounded down: one correctly rounded division of an
  /// exact product.
  func pixels(_ reference: Double) -> Double {
    (reference * limit.side / limit.content).rounded(.down)
  }

  typealias Reference = Layout.Reference

  /// The smallest circle's reference diameter.
  var smallestDiameter: Double { form.size(of: keypad).smallest }

  /// The plans that fit a keypad, before the window picks one; with the Convert lines, the
  /// strip keeps two rows in every arrangement and the lines add their height.
  static func candidates(
    for keypad: Keypad, width: Double, height: Double, converts: Bool = false
  ) -> [Plan] {
    var plans: [Plan] = []
    if keypad.screen == .tipAndSplit {
      let size = KeypadForm.grid.size(of: keypad)
      let column = 2 * Reference.sidePadding + size.width
      let above = Plan(
        arrangement: .portrait, form: .grid, keypad: keypad, stripRows: 0,
        columnWidth: column, contentWidth: column,
        contentHeight: Reference.topMargin + TipLayout.Reference.height + Reference.displayGap
          + size.height + Reference.bottomMargin, unit: 0)
      let beside = Plan(
        arrangement: .landscape, form: .grid, keypad: keypad, stripRows: 0,
        columnWidth: column,
        contentWidth: column + TipLayout.Reference.besideWidth + TipLayout.Reference.besideGap
          - Reference.sidePadding,
        contentHeight: Reference.topMargin
          + max(size.height, TipLayout.Reference.height) + Reference.bottomMargin, unit: 0)
      plans = [above, beside]
    } else {
      let forms: [KeypadForm] = keypad.functionColumns > 0 ? [.stacked, .grid] : [.grid]
      for form in forms {
        let size = form.size(of: keypad)
        let column = 2 * Reference.sidePadding + size.width
        let isLandscape = form == .grid && keypad.functionColumns > 0
        let rows =
          isLandscape || converts ? Reference.landscapeStripRows : Reference.portraitStripRows
        func height(_ rows: Int) -> Double {
          Reference.chrome + Double(rows) * Reference.historyRowHeight + size.height
            + (converts ? ConvertLayout.Reference.height : 0)
        }
        plans.append(
          Plan(
            arrangement: isLandscape ? .landscape : .portrait, form: form, keypad: keypad,
            stripRows: rows, columnWidth: column, contentWidth: column,
            contentHeight: height(rows), unit: 0))
        plans.append(
          Plan(
            arrangement: .wide, form: form, keypad: keypad,
            stripRows: Reference.landscapeStripRows, columnWidth: column,
            contentWidth: column + Reference.panelMinimumWidth,
            contentHeight: height(Reference.landscapeStripRows), unit: 0))
      }
    }
    return plans.map { plan in
      var plan = plan
      plan.converts = converts && keypad.screen == .calculator
      plan.limit =
        width / plan.contentWidth <= height / plan.contentHeight
        ? (width, plan.contentWidth) : (height, plan.contentHeight)
      plan.unit = plan.limit.side / plan.limit.content
      return plan
    }
  }

  /// The plan for a `width` × `height` window at `scale` (dpi / 96).
  ///
  /// A window taller than wide stacks a scientific keypad's functions above its basic keys, as
  /// the iPhone does, when their circles can be at least `Layout.minimumCircle` across;
  /// otherwise the plan with the largest smallest circle wins, and on a tie the later candidate
  /// (a side panel, a Tip & Split panel beside the keypad), which uses the width.
  static func best(
    for keypad: Keypad, width: Double, height: Double, scale: Double, converts: Bool = false
  ) -> Plan {
    let plans = candidates(for: keypad, width: width, height: height, converts: converts)
    func smallest(_ plan: Plan) -> Double { plan.pixels(plan.smallestDiameter) }
    if height >= width,
      let stacked = plans.filter({ $0.form == .stacked })
        .max(by: { smallest($0) < smallest($1) }),
      smallest(stacked) >= Layout.minimumCircle * scale
    {
      return stacked
    }
    var best = plans[0]
    for plan in plans.dropFirst()
    where plan.unit * plan.smallestDiameter >= best.unit * best.smallestDiameter * (1 - 1e-9) {
      best = plan
    }
    return best
  }

  /// Everything placed in a `width` × `height` window; nil when even the smallest circle would
  /// be under a pixel.
  func placed(width: Double, height: Double) -> Placement? {
    let u = unit
    guard pixels(smallestDiameter) >= 1 else { return nil }
    let side = Reference.sidePadding * u
    let top = Reference.topMargin * u
    let isWidthLimited = width / contentWidth <= height / contentHeight
    // Tip & Split beside its keypad has no tape to take a taller window's height: it sits in
    // the middle.
    let tipBeside = keypad.screen == .tipAndSplit && arrangement == .landscape
    let slack = tipBeside ? max(0, height - contentHeight * u) / 2 : 0
    let bottom = height - Reference.bottomMargin * u - slack
    // The column holding the keypad: the whole window, or its right part beside a panel.
    let columnLeft = arrangement == .wide || tipBeside ? width - columnWidth * u : 0
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
      // Centred in the window; beside a panel, right-aligned with its display's number.
      let left =
        columnLeft > 0
        ? columnRight - side - blockWidth : (columnRight - columnLeft - blockWidth) / 2
      blocks.insert(
        KeypadBlock(
          columns: block.columns,
          rect: Rect(x: left, y: blockBottom - blockHeight, width: blockWidth, height: blockHeight),
          diameter: diameter, rowGap: gap, columnGap: columnGap), at: 0)
      blockBottom -= blockHeight + Reference.gap * u
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
    let displayHeight = Reference.displayHeight * u
    let linesHeight = converts ? ConvertLayout.Reference.height * u : 0
    placement.displayRect = Rect(
      x: displayLeft, y: keypadRect.minY - Reference.displayGap * u - linesHeight - displayHeight,
      width: columnRight - side - displayLeft, height: displayHeight)
    placement.historyRect = Rect(
      x: displayLeft, y: top, width: placement.displayRect.width,
      height: placement.displayRect.minY - top)
    if converts {
      placement.convert = ConvertLayout(
        left: displayLeft, right: columnRight - side, display: placement.displayRect, unit: u,
        swapDiameter: pixels(ConvertLayout.Reference.swapDiameter))
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
          height: keypadRect.minY - Reference.displayGap * u - top), unit: u)
    }
    return TipLayout(
      panel: Rect(
        x: side, y: keypadRect.minY,
        width: keypadRect.minX - TipLayout.Reference.besideGap * u - side,
        height: keypadRect.height), unit: u)
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
