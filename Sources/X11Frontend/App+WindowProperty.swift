import CX11

/// A window property as `XGetWindowProperty` gives it.
struct WindowProperty {
  /// Its type (`UTF8_STRING`, `STRING`, `INCR`…).
  var type: Atom
  /// 8, 16 or 32.
  var format: Int32
  /// The value of an 8-bit property; empty for the other formats.
  var bytes: [UInt8] = []
  /// The value of a 32-bit property (C `long`s, Swift `Int`s); empty for the other formats.
  var longs: [Int] = []
  /// Whether the value was read whole, within the limit asked for.
  var isComplete: Bool

  /// Reads at most `byteLimit` bytes of `property` on `window` (one round trip), asking for
  /// `type` (`AnyPropertyType` for any: the property's own type comes back with no value when
  /// it is another); nil when the window has no such property.
  ///
  /// The paste reads its reply with it, the accessibility bridge the root window's `AT_SPI_BUS`,
  /// the opening size the work area.
  init?(_ display: OpaquePointer, _ property: Atom, of window: Window, type: Atom, byteLimit: Int) {
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
    self.type = actualType
    self.format = format
    isComplete = remaining == 0
    guard let data else { return }
    if format == 8 { bytes = Array(UnsafeBufferPointer(start: data, count: Int(count))) }
    if format == 32 {
      longs = data.withMemoryRebound(to: Int.self, capacity: Int(count)) {
        Array(UnsafeBufferPointer(start: $0, count: Int(count)))
      }
    }
  }

  /// The default root window's property `name` of `type` (at most 4 KiB), or nil (two round
  /// trips: the atom, then the property; one when the atom was never made).
  init?(_ display: OpaquePointer, rootProperty name: String, type: Atom) {
    let atom = XInternAtom(display, name, 1)
    guard atom != 0 else { return nil }
    self.init(display, atom, of: XDefaultRootWindow(display), type: type, byteLimit: 4096)
  }
}

extension App {
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
