import CCairo
import CalculatorCore
import CalculatorLayout

extension Renderer {
  func drawKeypad(_ frame: Frame, layout: Layout, in context: CairoContext) {
    // DESIGN.md: the pending operator shows white with an orange label until the next number
    // starts ("12+" shows + white, "12+3" orange again though + is still pending).
    let pending = frame.calculator.highlightedOperation.flatMap {
      Keypad.position(of: Key.operation($0))
    }
    for position in Keypad.positions {
      guard let cap = Keypad.cap(at: position) else { continue }
      let circle = layout.circle(at: position)
      let colors = Theme.colors(
        style: cap.style, isPressed: frame.pressed == position, isPending: pending == position)
      fillCircle(circle, color: colors.fill, in: context)
      context.setColor(colors.label)
      switch cap.action {
      case .shortcuts:
        drawKeyboardGlyph(in: circle, context: context)
      case .clear:
        drawLabel(
          frame.calculator.clearLabel.rawValue, face: symbolFace,
          size: layout.symbolLabelFontSize, in: circle, context: context)
      case .key(.decimalPoint):
        drawPoint(in: circle, layout: layout, context: context)
      case .key:
        let isDigit = cap.style == .digit
        // Digits and the point share the baseline of a centred "0", so "." sits low like a
        // period, as on the iPhone, instead of floating mid-circle as a tiny dot.
        drawLabel(
          cap.label, face: isDigit ? labelFace : symbolFace,
          size: isDigit ? layout.digitLabelFontSize : labelSize(cap.style, layout), in: circle,
          context: context, verticalReference: isDigit ? "0" : nil)
      }
    }
  }

  /// Paints the circle through a cached sprite.
  ///
  /// Rasterizing 20 antialiased circles was two thirds of a frame's instructions. A sprite is
  /// the circle's coverage (A8, one byte a pixel, shared by every colour) at the same sub-pixel
  /// phase, used as a mask at a whole-pixel offset, so the pixels equal a direct fill.
  private func fillCircle(_ circle: Circle, color: Color, in context: CairoContext) {
    context.setColor(color)
    // Past this size a sprite costs more memory than it saves time (4K windows draw in ~1 ms).
    guard circle.radius <= 256 else {
      context.fillCircle(circle)
      return
    }
    let left = (circle.center.x - circle.radius).rounded(.down) - 1
    let top = (circle.center.y - circle.radius).rounded(.down) - 1
    let key = SpriteKey(
      radius: circle.radius, dx: circle.center.x - left, dy: circle.center.y - top)
    if spriteRadius != circle.radius {
      sprites.removeAll()
      spriteRadius = circle.radius
    }
    let sprite: CairoSurface
    if let cached = sprites[key] {
      sprite = cached
    } else {
      let side = Int32((2 * circle.radius).rounded(.up)) + 3
      sprite = CairoSurface(pointer: cairo_image_surface_create(CAIRO_FORMAT_A8, side, side))
      let spriteContext = CairoContext(surface: sprite, fontOptions: fontOptions)
      spriteContext.fillCircle(Circle(center: Point(x: key.dx, y: key.dy), radius: circle.radius))
      cairo_surface_flush(sprite.pointer)
      sprites[key] = sprite
    }
    cairo_mask_surface(context.pointer, sprite.pointer, left, top)
  }

  /// Centres the label's ink box on the circle; vertically, the ink box of
  /// `verticalReference` instead when given, so labels can share a baseline.
  private func drawLabel(
    _ label: String, face: FontFace, size: Double, in circle: Circle, context: CairoContext,
    verticalReference: String? = nil
  ) {
    context.setFont(face, size: size)
    let ink = context.extents(label)
    let vertical = verticalReference.map(context.extents) ?? ink
    context.showText(
      label, x: circle.center.x - ink.x - ink.width / 2,
      y: circle.center.y - vertical.y - vertical.height / 2)
  }

  /// Operators are drawn larger than AC ± %: their glyphs at least as tall as the digits.
  private func labelSize(_ style: KeyStyle, _ layout: Layout) -> Double {
    style == .operator ? layout.operatorLabelFontSize : layout.symbolLabelFontSize
  }

  /// The `.` key's point: a round dot 10% of the circle's diameter (a font's period is about 5%,
  /// too small to see at a glance), standing on the digits' baseline like a period.
  private func drawPoint(in circle: Circle, layout: Layout, context: CairoContext) {
    context.setFont(labelFace, size: layout.digitLabelFontSize)
    let zero = context.extents("0")
    let baseline = circle.center.y - zero.y - zero.height / 2
    let radius = Theme.pointDiameter * circle.radius
    context.fillCircle(
      Circle(center: Point(x: circle.center.x, y: baseline - radius), radius: radius))
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
    cairo_set_line_width(context.pointer, max(1, 0.028 * d))
    context.addRoundedRect(body, radius: 0.05 * d)
    cairo_stroke(context.pointer)
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
