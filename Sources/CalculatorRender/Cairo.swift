import CCairo
import Glibc
import CalculatorCore
import CalculatorLayout

/// Owns a `cairo_surface_t`; destroyed with the wrapper.
final class CairoSurface {
  let pointer: OpaquePointer

  init(pointer: OpaquePointer) {
    self.pointer = pointer
  }

  /// A new ARGB32 image surface; cairo returns an error surface (never nil) when it cannot.
  convenience init(width: Int, height: Int) {
    self.init(
      pointer: cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)))
  }

  deinit { cairo_surface_destroy(pointer) }

  var status: cairo_status_t { cairo_surface_status(pointer) }
}

/// Owns a `cairo_t` drawing on a surface; font options pinned so pixels never depend on the
/// X server's Xft settings (docs/SPEC.md section 3.1), which would change glyph pixels.
final class CairoContext {
  let pointer: OpaquePointer
  /// Where `extents(_:)` keeps what it measured, when given.
  private let measured: MeasuredTexts?
  /// The font `setFont` set.
  private var font: (face: FontFace, size: Double)?

  init(surface: CairoSurface, fontOptions: FontOptions, measured: MeasuredTexts? = nil) {
    pointer = cairo_create(surface.pointer)
    cairo_set_font_options(pointer, fontOptions.pointer)
    self.measured = measured
  }

  deinit { cairo_destroy(pointer) }
}

/// Text extents by text, face and size, for contexts without scaling (the renderer's): the same
/// labels are measured on every frame, and measuring converts the text to glyphs each time.
final class MeasuredTexts {
  struct Key: Hashable {
    var text: String
    var face: ObjectIdentifier
    var size: Double
  }

  var extents: [Key: TextExtents] = [:]
  /// Enough for every label of every keypad at a few sizes; emptied when full (a resize).
  static let limit = 2048
}

/// Owns a `cairo_font_options_t`: grey antialiasing, no hinting, unhinted metrics.
final class FontOptions {
  let pointer: OpaquePointer

  init() {
    pointer = cairo_font_options_create()
    cairo_font_options_set_antialias(pointer, CAIRO_ANTIALIAS_GRAY)
    cairo_font_options_set_hint_style(pointer, CAIRO_HINT_STYLE_NONE)
    cairo_font_options_set_hint_metrics(pointer, CAIRO_HINT_METRICS_OFF)
  }

  deinit { cairo_font_options_destroy(pointer) }
}

/// Owns a `cairo_font_face_t`, and knows which characters its font has.
final class FontFace {
  let pointer: OpaquePointer
  /// The characters the font has (fontconfig's charset); nil for cairo's built-in face.
  private let characters: OpaquePointer?
  /// Its fontconfig weight, which a fallback font takes too.
  private let weight: Int32?
  /// The faces found for the characters it lacks (docs/SPEC.md section 13.5).
  private var fallbacks: [FontFace] = []

  init(pointer: OpaquePointer, characters: OpaquePointer? = nil, weight: Int32? = nil) {
    self.pointer = pointer
    self.characters = characters.flatMap { FcCharSetCopy($0) }
    self.weight = weight
  }

  deinit {
    cairo_font_face_destroy(pointer)
    if let characters { FcCharSetDestroy(characters) }
  }

  /// Whether the font has a glyph for `scalar` (cairo's built-in face: assumed).
  func has(_ scalar: Unicode.Scalar) -> Bool {
    guard let characters else { return true }
    return FcCharSetHasChar(characters, scalar.value) != 0
  }

  /// `text` cut where the font that draws it changes: nil when this face has every character
  /// (Latin, Cyrillic, Greek in Inter: no cost), else runs in this face and in the faces
  /// fontconfig's fallback finds for the rest (Hangul, kana, Han).
  func runs(_ text: String) -> [(face: FontFace, text: String)]? {
    guard characters != nil, !text.utf8.allSatisfy({ $0 < 0x80 }),
      !text.unicodeScalars.allSatisfy(has)
    else { return nil }
    var runs: [(face: FontFace, text: String)] = []
    for scalar in text.unicodeScalars {
      let face = has(scalar) || scalar.properties.isWhitespace ? self : fallback(for: scalar)
      if let last = runs.last, last.face === face {
        runs[runs.count - 1].text.unicodeScalars.append(scalar)
      } else {
        runs.append((face, String(scalar)))
      }
    }
    return runs
  }

  /// The face that draws `scalar` for this one: the first fallback found that has it, else
  /// fontconfig's best sans-serif with it at this weight, for the language of the messages
  /// (`ja` picks the Japanese forms of Han), through the system's full configuration.
  func fallback(for scalar: Unicode.Scalar) -> FontFace {
    if let known = fallbacks.first(where: { $0.has(scalar) }) { return known }
    guard let pattern = FcPatternCreate() else { return self }
    defer { FcPatternDestroy(pattern) }
    FcPatternAddString(pattern, FC_FAMILY, "sans-serif")
    if let weight { FcPatternAddInteger(pattern, FC_WEIGHT, weight) }
    if let language = UserLocale.fontLanguage { FcPatternAddString(pattern, FC_LANG, language) }
    if let wanted = FcCharSetCreate() {
      FcCharSetAddChar(wanted, scalar.value)
      FcPatternAddCharSet(pattern, FC_CHARSET, wanted)
      FcCharSetDestroy(wanted)
    }
    guard let face = FontFace.face(matching: pattern, config: nil, substitute: true) else {
      return self
    }
    fallbacks.append(face)
    return face
  }

  /// The best fontconfig match for the first pattern that matches ("Inter:weight=light"), or
  /// cairo's built-in sans when fontconfig finds nothing at all.
  static func matching(_ patterns: [String]) -> FontFace {
    for name in patterns {
      if let face = fontconfigFace(name) { return face }
    }
    // The toy face never fails to exist; with no fonts installed it simply draws nothing.
    return FontFace(
      pointer: cairo_toy_font_face_create(
        "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL))
  }

  // FcNameParse → FcConfigSubstitute → FcDefaultSubstitute → FcFontMatch gives the real face
  // (cairo's toy API picks Inter Medium for "Inter"); fontconfig's weights run 0–210
  // (light = 50, while "weight=300" picks Black), so use the names.
  private static func fontconfigFace(_ name: String) -> FontFace? {
    let parsed = name.withCString { text in
      text.withMemoryRebound(to: FcChar8.self, capacity: name.utf8.count + 1) { FcNameParse($0) }
    }
    guard let pattern = parsed else { return nil }
    defer { FcPatternDestroy(pattern) }
    // The quick configuration first; the system's full one when it lacks the family.
    if let config = quickConfig, let match = quickMatch(pattern, config: config) {
      return face(of: match)
    }
    return face(matching: pattern, config: nil, substitute: true)
  }

  /// The face of the best match for `pattern` in `config` (nil: the system's), after the
  /// configuration's rules when `substitute`.
  fileprivate static func face(
    matching pattern: OpaquePointer, config: OpaquePointer?, substitute: Bool
  )
    -> FontFace?
  {
    guard let copy = FcPatternDuplicate(pattern) else { return nil }
    defer { FcPatternDestroy(copy) }
    if substitute {
      guard FcConfigSubstitute(config, copy, FcMatchPattern) != 0 else { return nil }
    }
    FcDefaultSubstitute(copy)
    var result = FcResultNoMatch
    guard let match = FcFontMatch(config, copy, &result), result == FcResultMatch else {
      return nil
    }
    return face(of: match)
  }

  /// The face of a matched font, which it takes over (the font face keeps its own reference).
  private static func face(of match: OpaquePointer) -> FontFace? {
    defer { FcPatternDestroy(match) }
    var characters: OpaquePointer?
    if FcPatternGetCharSet(match, FC_CHARSET, 0, &characters) != FcResultMatch { characters = nil }
    var weight: Int32 = 0
    let face = FontFace(
      pointer: (SpeedTricks.active.contains(.fontReads) ? streamedFace(match) : nil)
        ?? cairo_ft_font_face_create_for_pattern(match),
      characters: characters,
      weight: FcPatternGetInteger(match, FC_WEIGHT, 0, &weight) == FcResultMatch ? weight : nil)
    return cairo_font_face_status(face.pointer) == CAIRO_STATUS_SUCCESS ? face : nil
  }

  /// The face of a matched font file that FreeType reads with `pread`, or nil when any step
  /// fails (the caller then lets cairo map the file).
  ///
  /// FreeType reads the parts it needs when it needs them, instead of the file being mapped: the
  /// kernel maps a file 64 KiB around each page touched, so the three Inter faces were their
  /// whole files, 0.74 MiB of RSS.
  private static func streamedFace(_ match: OpaquePointer) -> OpaquePointer? {
    var path: UnsafeMutablePointer<FcChar8>?
    var index: Int32 = 0
    guard FcPatternGetString(match, FC_FILE, 0, &path) == FcResultMatch, let path else {
      return nil
    }
    if FcPatternGetInteger(match, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
    let file = path.withMemoryRebound(to: CChar.self, capacity: 1) {
      open($0, O_RDONLY | O_CLOEXEC)
    }
    guard file >= 0 else { return nil }
    var information = stat()
    var library: FT_Library?
    guard fstat(file, &information) == 0, FT_Init_FreeType(&library) == 0, let library else {
      close(file)
      return nil
    }
    let stream = UnsafeMutablePointer<FT_StreamRec>.allocate(capacity: 1)
    stream.initialize(to: FT_StreamRec())
    stream.pointee.size = UInt(information.st_size)
    stream.pointee.descriptor.value = Int(file)
    stream.pointee.read = { stream, offset, buffer, count in
      guard let stream else { return 0 }
      // A count of 0 is a seek: 0 when it lands inside the file.
      guard count > 0 else { return offset <= stream.pointee.size ? 0 : 1 }
      let read = pread(Int32(stream.pointee.descriptor.value), buffer, Int(count), off_t(offset))
      return read > 0 ? UInt(read) : 0
    }
    stream.pointee.close = { stream in
      guard let stream, stream.pointee.descriptor.value >= 0 else { return }
      close(Int32(stream.pointee.descriptor.value))
      stream.pointee.descriptor.value = -1
    }
    var arguments = FT_Open_Args()
    arguments.flags = FT_UInt(FT_OPEN_STREAM)
    arguments.stream = stream
    var face: FT_Face?
    guard FT_Open_Face(library, &arguments, FT_Long(index), &face) == 0, let face else {
      FT_Done_FreeType(library)  // closes nothing: FreeType did not keep the stream
      close(file)
      stream.deallocate()
      return nil
    }
    let cairoFace = cairo_ft_font_face_create_for_ft_face(face, 0)
    // The FreeType face, its stream and library go with cairo's face.
    let owned = StreamedFace(library: library, face: face, stream: stream)
    let status = cairo_font_face_set_user_data(
      cairoFace, &streamedFaceKey, Unmanaged.passRetained(owned).toOpaque()
    ) { owner in
      if let owner { Unmanaged<StreamedFace>.fromOpaque(owner).release() }
    }
    guard status == CAIRO_STATUS_SUCCESS else {
      cairo_font_face_destroy(cairoFace)
      Unmanaged.passUnretained(owned).release()
      return nil
    }
    return cairoFace
  }

  /// A match in `config` whose family is the one asked for, or nil.
  private static func quickMatch(_ pattern: OpaquePointer, config: OpaquePointer) -> OpaquePointer?
  {
    var wanted: UnsafeMutablePointer<FcChar8>?
    guard FcPatternGetString(pattern, FC_FAMILY, 0, &wanted) == FcResultMatch, let wanted,
      let copy = FcPatternDuplicate(pattern)
    else { return nil }
    defer { FcPatternDestroy(copy) }
    FcDefaultSubstitute(copy)
    var result = FcResultNoMatch
    guard let match = FcFontMatch(config, copy, &result), result == FcResultMatch else {
      return nil
    }
    var family: UnsafeMutablePointer<FcChar8>?
    guard FcPatternGetString(match, FC_FAMILY, 0, &family) == FcResultMatch, let family,
      FcStrCmpIgnoreCase(family, wanted) == 0
    else {
      FcPatternDestroy(match)
      return nil
    }
    return match
  }

  /// The system's font directories and caches, without the rule files.
  ///
  /// Parsing the ~60 rule files of /etc/fonts is 3 ms of a 12 ms start, and the rules only
  /// matter for aliases like `sans-serif`, which go to the full configuration. Font options
  /// are pinned anyway.
  nonisolated(unsafe) private static let quickConfig: OpaquePointer? = {
    guard let config = FcConfigCreate() else { return nil }
    let xml = """
      <?xml version="1.0"?><fontconfig>
      <dir>/usr/share/fonts</dir><dir>/usr/local/share/fonts</dir>
      <dir prefix="xdg">fonts</dir><dir>~/.fonts</dir>
      <cachedir>/var/cache/fontconfig</cachedir><cachedir prefix="xdg">fontconfig</cachedir>
      <cachedir>~/.fontconfig</cachedir>
      </fontconfig>
      """
    let loaded = xml.withCString { text in
      text.withMemoryRebound(to: FcChar8.self, capacity: xml.utf8.count + 1) {
        FcConfigParseAndLoadFromMemory(config, $0, 1)
      }
    }
    guard loaded != 0, FcConfigBuildFonts(config) != 0 else {
      FcConfigDestroy(config)
      return nil
    }
    return config
  }()
}

/// What a streamed face owns beyond cairo's face: FreeType's face, its library and stream.
private final class StreamedFace {
  let library: FT_Library
  let face: FT_Face
  let stream: UnsafeMutablePointer<FT_StreamRec>

  init(library: FT_Library, face: FT_Face, stream: UnsafeMutablePointer<FT_StreamRec>) {
    self.library = library
    self.face = face
    self.stream = stream
  }

  deinit {
    FT_Done_Face(face)  // closes the file through the stream
    FT_Done_FreeType(library)
    stream.deallocate()
  }
}

/// The key of a streamed face's owner in its cairo face's user data.
nonisolated(unsafe) private var streamedFaceKey = cairo_user_data_key_t()

/// The ink box of a string at the current font, relative to the text origin.
struct TextExtents {
  var x: Double
  var y: Double
  var width: Double
  var height: Double
  /// How far the origin moves: the advance width.
  var advance: Double
}

extension CairoContext {
  func setColor(_ color: Color, alpha: Double = 1) {
    cairo_set_source_rgba(
      pointer, Double(color.red) / 255, Double(color.green) / 255, Double(color.blue) / 255, alpha)
  }

  func setFont(_ face: FontFace, size: Double) {
    cairo_set_font_face(pointer, face.pointer)
    cairo_set_font_size(pointer, size)
    font = (face, size)
  }

  func extents(_ text: String) -> TextExtents {
    let key = font.map {
      MeasuredTexts.Key(text: text, face: ObjectIdentifier($0.face), size: $0.size)
    }
    if let key, let known = measured?.extents[key] { return known }
    var result = TextExtents(x: 0, y: 0, width: 0, height: 0, advance: 0)
    if let font, let runs = font.face.runs(text) {
      // The runs side by side: their ink boxes joined, their advances added.
      var left = Double.infinity
      var top = Double.infinity
      var right = -Double.infinity
      var bottom = -Double.infinity
      for run in runs {
        cairo_set_font_face(pointer, run.face.pointer)
        let piece = cairoExtents(run.text)
        if piece.width > 0 || piece.height > 0 {
          left = min(left, result.advance + piece.x)
          right = max(right, result.advance + piece.x + piece.width)
          top = min(top, piece.y)
          bottom = max(bottom, piece.y + piece.height)
        }
        result.advance += piece.advance
      }
      cairo_set_font_face(pointer, font.face.pointer)
      if left < right {
        result.x = left
        result.y = top
        result.width = right - left
        result.height = bottom - top
      }
    } else {
      result = cairoExtents(text)
    }
    if let key, let measured {
      if measured.extents.count >= MeasuredTexts.limit { measured.extents.removeAll() }
      measured.extents[key] = result
    }
    return result
  }

  private func cairoExtents(_ text: String) -> TextExtents {
    var extents = cairo_text_extents_t()
    cairo_text_extents(pointer, text, &extents)
    return TextExtents(
      x: extents.x_bearing, y: extents.y_bearing, width: extents.width, height: extents.height,
      advance: extents.x_advance)
  }

  /// Draws `text` from its origin, the characters the font lacks in their fallback faces.
  func showText(_ text: String, x: Double, y: Double) {
    if let font, let runs = font.face.runs(text) {
      var origin = x
      for run in runs {
        cairo_set_font_face(pointer, run.face.pointer)
        cairo_move_to(pointer, origin, y)
        cairo_show_text(pointer, run.text)
        origin += cairoExtents(run.text).advance
      }
      cairo_set_font_face(pointer, font.face.pointer)
    } else {
      cairo_move_to(pointer, x, y)
      cairo_show_text(pointer, text)
    }
    cairo_new_path(pointer)
  }

  func fillCircle(_ circle: Circle) {
    cairo_new_path(pointer)
    addCircle(circle)
    cairo_fill(pointer)
  }

  /// Fills the ring `width` wide centred on the circle's edge: what a stroke of it covers.
  func fillRing(_ circle: Circle, width: Double) {
    cairo_new_path(pointer)
    addCircle(Circle(center: circle.center, radius: circle.radius + width / 2))
    addCircle(Circle(center: circle.center, radius: max(0, circle.radius - width / 2)))
    fillBetween()
  }

  /// Fills the band `width` wide centred on the edge of a rounded rectangle: what a stroke of it
  /// covers, with its joins mitred.
  func fillOutline(_ rect: Rect, radius: Double, width: Double) {
    cairo_new_path(pointer)
    addRoundedRect(rect.inset(by: -width / 2), radius: radius + width / 2)
    let inner = rect.inset(by: width / 2)
    if inner.width > 0, inner.height > 0 {
      addRoundedRect(inner, radius: max(0, radius - width / 2))
    }
    fillBetween()
  }

  /// Fills what lies inside one of the path's outlines and not the other.
  ///
  /// Outlines are filled, never stroked: cairo's stroker makes a pen with libm's `acos` and
  /// `sincos` even for mitred joins, and their code and tables were 0.25 MiB of RSS.
  private func fillBetween() {
    cairo_set_fill_rule(pointer, CAIRO_FILL_RULE_EVEN_ODD)
    cairo_fill(pointer)
    cairo_set_fill_rule(pointer, CAIRO_FILL_RULE_WINDING)
  }

  func addRoundedRect(_ rect: Rect, radius: Double) {
    let r = min(radius, rect.width / 2, rect.height / 2)
    cairo_new_sub_path(pointer)
    addQuarters(around: Point(x: rect.maxX - r, y: rect.minY + r), radius: r, from: 3, count: 1)
    addQuarters(around: Point(x: rect.maxX - r, y: rect.maxY - r), radius: r, from: 0, count: 1)
    addQuarters(around: Point(x: rect.minX + r, y: rect.maxY - r), radius: r, from: 1, count: 1)
    addQuarters(around: Point(x: rect.minX + r, y: rect.minY + r), radius: r, from: 2, count: 1)
    cairo_close_path(pointer)
  }

  /// (cos, sin) of the quarters' ends, a multiple of 90° each.
  private static let quarterEnds: [(x: Double, y: Double)] = [(1, 0), (0, 1), (-1, 0), (0, -1)]
  /// 4/3 · tan(π/8): how far a quarter's control points lie from its ends, in radii.
  private static let quarterHandle = 0.552_284_749_830_793_4

  /// A whole circle, from its rightmost point through its bottom.
  private func addCircle(_ circle: Circle) {
    addQuarters(around: circle.center, radius: circle.radius, from: 0, count: 4)
  }

  /// Quarters of a circle as Bézier curves, clockwise on the screen: quarter 0 runs from the
  /// rightmost point to the bottom one, 1 on to the leftmost, 2 to the top, 3 back.
  ///
  /// These are the curves `cairo_arc` makes for a circle under 367 pixels of radius (four
  /// quarters at cairo's tolerance of 0.1 pixel; over it, the curve is within 0.03% of the
  /// radius of the true circle), with the corners' sines and cosines exact instead of computed:
  /// `cairo_arc` calls libm's `sincos`, whose tables were 0.25 MiB of the window's RSS.
  private func addQuarters(around center: Point, radius: Double, from first: Int, count: Int) {
    let ends = CairoContext.quarterEnds
    let handle = CairoContext.quarterHandle
    let start = ends[first % 4]
    cairo_line_to(pointer, center.x + radius * start.x, center.y + radius * start.y)
    for index in first..<first + count {
      let a = ends[index % 4]
      let b = ends[(index + 1) % 4]
      cairo_curve_to(
        pointer,
        center.x + radius * (a.x - handle * a.y), center.y + radius * (a.y + handle * a.x),
        center.x + radius * (b.x + handle * b.y), center.y + radius * (b.y - handle * b.x),
        center.x + radius * b.x, center.y + radius * b.y)
    }
  }

  func clip(to rect: Rect) {
    cairo_rectangle(pointer, rect.x, rect.y, rect.width, rect.height)
    cairo_clip(pointer)
  }

  func save() { cairo_save(pointer) }

  /// Back to the state `save()` kept; the font is unknown to `extents(_:)` until `setFont`.
  func restore() {
    cairo_restore(pointer)
    font = nil
  }
}
