import CalculatorCore
import CX11
import CalculatorFiles
import CalculatorLayout
import CalculatorWindow
import Glibc

extension App {
  /// ICCCM and EWMH properties: title, class, protocols, size hints, PID and host.
  func setWindowManagerProperties() {
    let title = "CircleCalc"  // the application's name, as in its menu entry
    var titleProperty = XTextProperty()
    var titleC: UnsafeMutablePointer<CChar>? = strdup(title)
    XStringListToTextProperty(&titleC, 1, &titleProperty)
    free(titleC)

    let wmHints = XAllocWMHints()
    wmHints?.pointee.flags = InputHint | StateHint
    wmHints?.pointee.input = 1
    wmHints?.pointee.initial_state = NormalState

    // WM_CLASS fields are mutable `char *`.
    let classHint = XAllocClassHint()
    classHint?.pointee.res_name = strdup("circlecalc")
    classHint?.pointee.res_class = strdup("CircleCalc")

    // Sets WM_NAME, WM_ICON_NAME, WM_HINTS, WM_CLASS, WM_COMMAND and WM_CLIENT_MACHINE (from
    // the host name), which _NET_WM_PID needs beside it; WM_NORMAL_HINTS is setSizeHints's.
    var iconNameProperty = titleProperty
    XSetWMProperties(
      display, window, &titleProperty, &iconNameProperty, CommandLine.unsafeArgv,
      CommandLine.argc, nil, wmHints, classHint)
    setSizeHints()
    XFree(titleProperty.value)
    free(classHint?.pointee.res_name)
    free(classHint?.pointee.res_class)
    XFree(classHint)
    XFree(wmHints)

    for property in [atoms.netWMName, atoms.netWMIconName] {
      changeProperty(window, property, type: atoms.utf8String, bytes: Array(title.utf8))
    }
    changeProperty(window, atoms.netWMPID, type: XA_CARDINAL, longs: [Int(getpid())])
    // ICCCM 4.1.2.7 (WM_PROTOCOLS): with WM_DELETE_WINDOW listed, the window manager asks us to
    // close with a ClientMessage instead of killing the connection.
    var protocols = [atoms.wmDeleteWindow]
    XSetWMProtocols(display, window, &protocols, 1)
  }
}

extension App {
  /// WM_NORMAL_HINTS with the current mode's minimum size, with the Convert lines when they
  /// show (docs/SPEC.md section 3: each mode keeps its circles at least 28 px at 96 dpi).
  func setSizeHints() {
    guard let hints = XAllocSizeHints() else { return }
    defer { XFree(hints) }
    let minimumSize = state.minimumSize
    hints.pointee.flags = PMinSize
    if let origin = openingOrigin {
      // The last run's place, which the window manager keeps (ICCCM 4.1.2.3: the frame's
      // top-left corner, with the default NorthWest gravity).
      hints.pointee.flags |= USPosition | PPosition
      hints.pointee.x = Int32(origin.x)
      hints.pointee.y = Int32(origin.y)
    }
    hints.pointee.min_width = Int32(max(1, minimumSize.width))
    hints.pointee.min_height = Int32(max(1, minimumSize.height))
    XSetWMNormalHints(display, window, hints)
  }

  /// The current desktop's work area (`_NET_WORKAREA`), or nil without one.
  static func workAreaRect(_ display: OpaquePointer) -> (x: Int, y: Int, width: Int, height: Int)? {
    func cardinals(_ name: String) -> [Int] {
      guard let property = WindowProperty(display, rootProperty: name, type: XA_CARDINAL),
        property.type == XA_CARDINAL
      else { return [] }
      return property.longs
    }
    let areas = cardinals("_NET_WORKAREA")
    let desktop = cardinals("_NET_CURRENT_DESKTOP").first ?? 0
    let index = areas.count >= 4 * (desktop + 1) ? 4 * desktop : 0
    guard areas.count >= index + 4 else { return nil }
    return (areas[index], areas[index + 1], areas[index + 2], areas[index + 3])
  }

  /// The screen's work area (`_NET_WORKAREA` of the current desktop, which a window manager
  /// sets without its panels), or the whole screen.
  static func workArea(_ display: OpaquePointer, screen: Int32) -> PixelSize {
    let whole = PixelSize(
      width: Int(XDisplayWidth(display, screen)), height: Int(XDisplayHeight(display, screen)))
    guard let area = workAreaRect(display), area.width > 0, area.height > 0 else { return whole }
    return PixelSize(width: min(area.width, whole.width), height: min(area.height, whole.height))
  }

  /// `_NET_WM_ICON`: the renderer's icon at several sizes, as CARDINALs `width, height, ARGB…`
  /// with straight (not premultiplied) alpha.
  func setIcon() {
    var data: [Int] = []
    for size in [16, 24, 32, 48, 64, 128] {
      let icon = renderer.renderIcon(size: size)
      data += [icon.width, icon.height]
      for y in 0..<icon.height {
        for x in 0..<icon.width {
          let pixel = icon.bytes.load(fromByteOffset: y * icon.stride + x * 4, as: UInt32.self)
          data.append(Int(straightAlpha(pixel)))
        }
      }
    }
    changeProperty(window, atoms.netWMIcon, type: XA_CARDINAL, longs: data)
  }
}

/// Cairo's premultiplied ARGB32 pixel with the colour divided back out of the alpha.
func straightAlpha(_ pixel: UInt32) -> UInt32 {
  let alpha = pixel >> 24
  guard alpha != 0 else { return 0 }
  guard alpha != 255 else { return pixel }
  func channel(_ shift: UInt32) -> UInt32 {
    min(255, (((pixel >> shift) & 0xFF) * 255 + alpha / 2) / alpha) << shift
  }
  return alpha << 24 | channel(16) | channel(8) | channel(0)
}

/// X protocol errors seen so far, each reported once: (error code, request code, minor code).
nonisolated(unsafe) private var reportedErrors: Set<Int> = []

/// Installs Xlib's error handlers.
///
/// A protocol error (a requestor window that went away, say) is reported once on stderr and the
/// program goes on; losing the server ends it at once with status 1.
func installErrorHandlers() {
  XSetErrorHandler { display, event in
    guard let event = event?.pointee else { return 0 }
    let key = Int(event.error_code) << 16 | Int(event.request_code) << 8 | Int(event.minor_code)
    guard reportedErrors.insert(key).inserted else { return 0 }
    var text = [CChar](repeating: 0, count: 256)
    XGetErrorText(display, Int32(event.error_code), &text, Int32(text.count))
    let description = String(nulTerminated: text)
    var request = [CChar](repeating: 0, count: 64)
    XGetErrorDatabaseText(
      display, "XRequest", "\(event.request_code)", "request \(event.request_code)", &request,
      Int32(request.count))
    printError(
      "circlecalc: "
        + tr("X error: %s in %s (resource 0x%s); continuing").filling(
          description, String(nulTerminated: request), String(event.resourceid, radix: 16)))
    return 0
  }
  XSetIOErrorHandler { _ in
    printError("circlecalc: " + tr("lost the connection to the X server"))
    exit(1)
  }
}
