import CX11

/// A window property as `XGetWindowProperty` gives it.
struct WindowProperty {
  /// Its type (`UTF8_STRING`, `STRING`, `INCR`…).
  var type: Atom
  /// 8, 16 or 32.
  var format: Int32
  /// The value of an 8-bit property; empty for the other formats.
  var bytes: [UInt8]
  /// Whether the value was read whole, within the limit asked for.
  var isComplete: Bool
}

extension App {
  /// Reads at most `byteLimit` bytes of `property` on `window` (one round trip), asking for
  /// `type` (`AnyPropertyType` for any: the property's own type comes back with no value when
  /// it is another); nil when the window has no such property.
  ///
  /// The paste reads its reply with it, the accessibility bridge the root window's `AT_SPI_BUS`.
  func readProperty(_ property: Atom, of window: Window, type: Atom, byteLimit: Int)
    -> WindowProperty?
  {
    var actualType: Atom = 0
    var format: Int32 = 0
    var count: UInt = 0
    var remaining: UInt = 0
    var data: UnsafeMutablePointer<UInt8>?
    guard
      XGetWindowProperty(
        display, window, property, 0, byteLimit / 4, 0, type, &actualType, &format, &count,
        &remaining, &data) == Success
    else { return nil }
    defer { if let data { XFree(data) } }
    guard actualType != Atom(None) else { return nil }
    let bytes =
      format == 8
      ? Array(UnsafeBufferPointer(start: data, count: data == nil ? 0 : Int(count))) : []
    return WindowProperty(
      type: actualType, format: format, bytes: bytes, isComplete: remaining == 0)
  }

  /// Replaces `property` on `window` with 8-bit data.
  func changeProperty(_ window: Window, _ property: Atom, type: Atom, bytes: [UInt8]) {
    XChangeProperty(display, window, property, type, 8, PropModeReplace, bytes, Int32(bytes.count))
  }

  /// Replaces `property` on `window` with 32-bit data: an array of C `long`, which is Swift
  /// `Int`.
  func changeProperty(_ window: Window, _ property: Atom, type: Atom, longs: [Int]) {
    _ = longs.withUnsafeBytes { raw in
      XChangeProperty(
        display, window, property, type, 32, PropModeReplace,
        raw.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(longs.count))
    }
  }
}
