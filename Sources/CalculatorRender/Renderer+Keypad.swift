import CCairo
import CalculatorCore
import CalculatorLayout

extension Renderer {
  func drawKeypad(
    _ frame: Frame, layout: Layout, visible: PixelRect, in context: CairoContext
  ) {
    // Only the cells whose pixels the region reaches: a key's rectangle draws one of them, not
    // its neighbours, whose boxes it cuts in the gaps.
    for key in frame.cells(reaching: visible).map(frame.shownKey(at:)) {
      let circle = layout.circle(at: key.position)
      let diameter = 2 * circle.radius
      fillCircle(circle, color: key.look.fill, in: context)
      context.setColor(key.look.labelColor)
      let label = key.look.label
      switch (key.cap.action, key.cap.style) {
      case (.modes, _):
        drawKeyboardGlyph(in: circle, context: context)
      case (.tip(.backspace), _):
        drawBackspaceGlyph(in: circle, context: context)
      // A point is drawn; another separator (`,`) is a digit's label (docs/SPEC.md 13.2).
      case (.key(.decimalPoint), _) where label.description == ".",
        (.tip(.point), _) where label.description == ".":
        drawPoint(in: circle, context: context)
      default:
        // Sizes from the cap (`KeyCap.labelSize`): "25%" at the size of AC would fill its
        // circle, so the presets take the scientific keys' size; operators are larger than
        // AC ± %, their glyphs at least as tall as the digits. Digits and the scientific keys
        // share the baseline of a centred "0".
        drawLabel(
          label, face: labelFace(of: key.cap), size: key.cap.labelSize * diameter,
          least: layout.leastTextSize, in: circle, context: context,
          verticalReference: [.digit, .scientific].contains(key.cap.style) ? "0" : nil)
      }
      if key.look.isFocused {
        let ring = Renderer.focusRing(
          around: circle, gap: layout.gap(at: key.position), unit: layout.unit)
        paintSprite(
          of: circle, ringWidth: ring.width, ringRadius: ring.circle.radius,
          color: Theme.focusRing, in: context)
      }
    }
  }

  /// The keyboard focus ring around `circle`: the circle in the middle of its stroke, and its
  /// width.
  ///
  /// A white ring just outside the circle, inside the `gap` to its neighbours; 2 px up to the
  /// reference width (393, `unit` 1), wider with the circles beyond it (a HiDPI window).
  static func focusRing(around circle: Circle, gap: Double, unit: Double) -> (
    circle: Circle, width: Double
  ) {
    let grow = max(1, unit)
    let width = min(Theme.focusRingWidth * grow, gap / 3)
    let offset = min(Theme.focusRingOffset * grow, gap / 3)
    return (Circle(center: circle.center, radius: circle.radius + offset + width / 2), width)
  }

  /// Paints the circle through a cached sprite.
  ///
  /// Rasterizing 20 antialiased circles was two thirds of a frame's instructions. A sprite is
  /// the circle's coverage (A8, one byte a pixel, shared by every colour) at the same sub-pixel
  /// phase, used as a mask at a whole-pixel offset, so the pixels equal a direct fill. A mask
  /// also gives every region of the window the same pixels: cairo rasterizes a path cut by the
  /// surface's edge a little differently (up to a few levels at some edge pixels).
  private func fillCircle(_ circle: Circle, color: Color, in context: CairoContext) {
    paintSprite(of: circle, ringWidth: 0, color: color, in: context)
  }

  /// Fills `circle`, or with `ringWidth` above 0 strokes a ring of `ringRadius` around its
  /// centre, through a sprite cached for the current sizes of the keypad's circles.
  func paintSprite(
    of circle: Circle, ringWidth: Double, ringRadius: Double = 0, color: Color,
    in context: CairoContext
  ) {
    context.setColor(color)
    let shape = ringWidth > 0 ? Circle(center: circle.center, radius: ringRadius) : circle
    // Past this size a sprite costs more memory than it saves time (4K windows draw in ~1 ms).
    guard circle.radius <= 256 else {
      if ringWidth > 0 {
        context.fillRing(shape, width: ringWidth)
      } else {
        context.fillCircle(shape)
      }
      return
    }
    let reach = shape.radius + ringWidth / 2
    let left = (shape.center.x - reach).rounded(.down) - 1
    let top = (shape.center.y - reach).rounded(.down) - 1
    let key = SpriteKey(
      radius: shape.radius, dx: shape.center.x - left, dy: shape.center.y - top,
      ringWidth: ringWidth)
    if !spriteRadii.contains(circle.radius) {
      // A new size: a keypad of one or two sizes of circles and the Convert lines' swap key
      // keep the sprites of their sizes only.
      if spriteRadii.count >= 3 {
        sprites.removeAll()
        spriteRadii.removeAll()
      }
      spriteRadii.append(circle.radius)
    }
    let sprite: CairoSurface
    if let cached = sprites[key] {
      sprite = cached
    } else {
      let side = Int32((2 * reach).rounded(.up)) + 3
      sprite = CairoSurface(pointer: cairo_image_surface_create(CAIRO_FORMAT_A8, side, side))
      let spriteContext = CairoContext(surface: sprite, fontOptions: fontOptions)
      let centered = Circle(center: Point(x: key.dx, y: key.dy), radius: shape.radius)
      if ringWidth > 0 {
        spriteContext.fillRing(centered, width: ringWidth)
      } else {
        spriteContext.fillCircle(centered)
      }
      cairo_surface_flush(sprite.pointer)
      sprites[key] = sprite
    }
    cairo_mask_surface(context.pointer, sprite.pointer, left, top)
  }

  /// Raised and lowered runs: this much of the size, this much of the size up or down.
  private static let scriptScale = 0.62
  private static let superscriptRise = 0.42
  private static let subscriptDrop = 0.18
  /// A label never spans more of its circle's diameter than this.
  private static let labelWidthLimit = 0.8

  /// The face a cap's label is drawn in: Inter Regular for digits, the scientific keys and the
  /// ⌨ key, Inter Medium for the symbols and the Tip & Split presets.
  func labelFace(of cap: KeyCap) -> FontFace {
    switch (cap.action, cap.style) {
    case (.tip(.preset), _): symbolFace
    case (_, .digit), (_, .scientific): labelFace
    case (_, .function), (_, .operator): symbolFace
    }
  }

  /// The size a label is drawn at in a circle `diameter` across: `size`, or smaller so that
  /// its runs span at most 80% of the diameter; where that would bring it under `least` (the
  /// least text size), as far as `least` within 90% (docs/SPEC.md section 3.1).
  func fittedLabelSize(
    _ label: KeyLabel, face: FontFace, size: Double, least: Double, diameter: Double,
    context: CairoContext
  ) -> Double {
    var advance = 0.0
    for run in label.runs {
      context.setFont(face, size: run.position == .normal ? size : size * Renderer.scriptScale)
      advance += context.extents(run.text).advance
    }
    func fitting(_ part: Double) -> Double { min(size, size * diameter * part / advance) }
    let fitted = fitting(Renderer.labelWidthLimit)
    return fitted >= least ? fitted : max(fitted, min(least, fitting(KeyLabelSizes.widthLimit)))
  }

  /// Draws a label centred on its circle, superscripts raised and subscripts lowered.
  ///
  /// Across: the advance of all its runs, centred (shrunk to fit the circle). Down: the ink of
  /// the normal runs centred, or the ink of `verticalReference` when given, so labels can share
  /// a baseline.
  private func drawLabel(
    _ label: KeyLabel, face: FontFace, size: Double, least: Double, in circle: Circle,
    context: CairoContext, verticalReference: String? = nil
  ) {
    func runSize(_ run: KeyLabel.Run, _ size: Double) -> Double {
      run.position == .normal ? size : size * Renderer.scriptScale
    }
    func measure(_ size: Double) -> (advance: Double, ink: TextExtents?) {
      var advance = 0.0
      var ink: TextExtents?
      for run in label.runs {
        context.setFont(face, size: runSize(run, size))
        let extents = context.extents(run.text)
        if ink == nil {
          ink = extents
          ink?.x += advance
        }
        advance += extents.advance
      }
      return (advance, ink)
    }
    let size = fittedLabelSize(
      label, face: face, size: size, least: least, diameter: 2 * circle.radius, context: context)
    let advance = measure(size).advance
    context.setFont(face, size: size)
    let normal = label.runs.filter { $0.position == .normal }.map(\.text).joined()
    let vertical = context.extents(verticalReference ?? (normal.isEmpty ? "0" : normal))
    let baseline = circle.center.y - vertical.y - vertical.height / 2
    if label.runs.count == 1, let run = label.runs.first {
      // One run: centre its ink exactly, as the basic keypad always has.
      let ink = context.extents(run.text)
      context.showText(run.text, x: circle.center.x - ink.x - ink.width / 2, y: baseline)
      return
    }
    var x = circle.center.x - advance / 2
    for run in label.runs {
      let runSize = runSize(run, size)
      context.setFont(face, size: runSize)
      let y: Double
      switch run.position {
      case .normal: y = baseline
      case .superscript: y = baseline - Renderer.superscriptRise * size
      case .subscript: y = baseline + Renderer.subscriptDrop * size
      }
      context.showText(run.text, x: x, y: y)
      x += context.extents(run.text).advance
    }
  }

  /// The `.` key's point: a round dot 10% of the circle's diameter (a font's period is about 5%,
  /// too small to see at a glance), standing on the digits' baseline like a period.
  private func drawPoint(in circle: Circle, context: CairoContext) {
    context.setFont(labelFace, size: KeyLabelSizes.digit * 2 * circle.radius)
    let zero = context.extents("0")
    let baseline = circle.center.y - zero.y - zero.height / 2
    let radius = Theme.pointDiameter * circle.radius
    context.fillCircle(
      Circle(center: Point(x: circle.center.x, y: baseline - radius), radius: radius))
  }

  /// ⌫ drawn with paths (Inter has no glyph for it): an outline pointing left, a × inside,
  /// about as tall as a digit label.
  private func drawBackspaceGlyph(in circle: Circle, context: CairoContext) {
    let d = 2 * circle.radius
    let height = 0.26 * d
    let width = 0.4 * d
    let right = circle.center.x + width / 2
    let left = circle.center.x - width / 2
    let top = circle.center.y - height / 2
    let bottom = circle.center.y + height / 2
    let tip = left + height / 2
    let line = max(1, 0.028 * d)
    cairo_set_line_width(context.pointer, line)
    cairo_set_line_join(context.pointer, CAIRO_LINE_JOIN_ROUND)
    cairo_new_path(context.pointer)
    cairo_move_to(context.pointer, left, circle.center.y)
    cairo_line_to(context.pointer, tip, top)
    cairo_line_to(context.pointer, right, top)
    cairo_line_to(context.pointer, right, bottom)
    cairo_line_to(context.pointer, tip, bottom)
    cairo_close_path(context.pointer)
    let cross = 0.28 * height
    let middle = (tip + right) / 2 + 0.02 * d
    cairo_move_to(context.pointer, middle - cross, circle.center.y - cross)
    cairo_line_to(context.pointer, middle + cross, circle.center.y + cross)
    cairo_move_to(context.pointer, middle - cross, circle.center.y + cross)
    cairo_line_to(context.pointer, middle + cross, circle.center.y - cross)
    cairo_stroke(context.pointer)
  }

  /// ⌨ drawn with paths (fonts rarely have it): a rounded outline, two rows of keys, a space bar.
  private func drawKeyboardGlyph(in circle: Circle, context: CairoContext) {
    let d = 2 * circle.radius
    let key = 0.045 * d
    let spacing = 0.03 * d
    let padding = 0.055 * d
    let width = 0.46 * d
    let height = 2 * padding + 3 * key + 2 * spacing
    let body = Rect(
      x: circle.center.x - width / 2, y: circle.center.y - height / 2, width: width,
      height: height)
    context.fillOutline(body, radius: 0.05 * d, width: max(1, 0.028 * d))
    let inner = body.width - 2 * padding
    let step = (inner - key) / 4
    for row in 0..<2 {
      let y = body.minY + padding + Double(row) * (key + spacing)
      for column in 0..<5 {
        let x = body.minX + padding + Double(column) * step
        cairo_rectangle(context.pointer, x, y, key, key)
      }
    }
    let bar = inner * 0.6
    cairo_rectangle(
      context.pointer, circle.center.x - bar / 2, body.maxY - padding - key, bar, key)
    cairo_fill(context.pointer)
  }
}
