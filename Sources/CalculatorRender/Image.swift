import CCairo

/// A drawn frame: Cairo ARGB32 pixels, native endian, every alpha 255.
public final class Image {
  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int
  /// Bytes from one row to the next.
  public let stride: Int
  let surface: CairoSurface
  private let pixels: UnsafeMutableRawPointer
  private let ownsPixels: Bool

  /// `stride * height` bytes, valid while the image lives.
  public var bytes: UnsafeMutableRawPointer { pixels }

  /// Wraps a finished (flushed) image surface.
  init(surface: CairoSurface) {
    cairo_surface_flush(surface.pointer)
    self.surface = surface
    width = Int(cairo_image_surface_get_width(surface.pointer))
    height = Int(cairo_image_surface_get_height(surface.pointer))
    stride = Int(cairo_image_surface_get_stride(surface.pointer))
    // An error surface (out of memory) has no pixels: hand out zeroed memory instead.
    if let data = cairo_image_surface_get_data(surface.pointer) {
      pixels = UnsafeMutableRawPointer(data)
      ownsPixels = false
    } else {
      let size = max(1, stride * height)
      pixels = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
      pixels.initializeMemory(as: UInt8.self, repeating: 0, count: size)
      ownsPixels = true
    }
  }

  deinit { if ownsPixels { pixels.deallocate() } }

  /// Reads a PNG file (as written by `writePNG`) into ARGB32 pixels.
  public convenience init(contentsOfPNG path: String) throws(RenderError) {
    let png = CairoSurface(pointer: cairo_image_surface_create_from_png(path))
    guard png.status == CAIRO_STATUS_SUCCESS else {
      throw RenderError(action: "read PNG", path: path, status: png.status)
    }
    let width = Int(cairo_image_surface_get_width(png.pointer))
    let height = Int(cairo_image_surface_get_height(png.pointer))
    let copy = CairoSurface(width: width, height: height)
    let context = CairoContext(surface: copy, fontOptions: FontOptions())
    cairo_set_operator(context.pointer, CAIRO_OPERATOR_SOURCE)
    cairo_set_source_surface(context.pointer, png.pointer, 0, 0)
    cairo_paint(context.pointer)
    self.init(surface: copy)
  }

  /// The colour at a pixel, or nil outside the image.
  public func color(x: Int, y: Int) -> Color? {
    guard (0..<width).contains(x), (0..<height).contains(y) else { return nil }
    let pixel = bytes.load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
    return Color(pixel & 0xFF_FFFF)  // ARGB32 in a native-endian word; alpha is 255
  }

  /// Writes the pixels as a PNG file.
  public func writePNG(to path: String) throws(RenderError) {
    let status = cairo_surface_write_to_png(surface.pointer, path)
    guard status == CAIRO_STATUS_SUCCESS else {
      throw RenderError(action: "write PNG", path: path, status: status)
    }
  }
}

/// A PNG that could not be written or read.
public struct RenderError: Error, Equatable, CustomStringConvertible {
  /// What failed: "cannot write PNG /no/such/dir/x.png: error while writing to output stream".
  public let description: String

  init(action: String, path: String, status: cairo_status_t) {
    description = "cannot \(action) \(path): \(String(cString: cairo_status_to_string(status)))"
  }
}
