import CX11
import CalculatorLayout
import CalculatorWindow
import Glibc

// Desktop habits in the shell (docs/SPEC.md section 14): Keep on Top through EWMH's
// `_NET_WM_STATE`, the monitors and the work area a window reopens in, where it is at the end.
extension App {
  /// Asks the window manager to keep the window above the others, or no longer.
  ///
  /// EWMH's `_NET_WM_STATE` client message to the root window. Without a window manager nobody
  /// answers, and `_NET_WM_STATE` (so the check mark) stays as it was.
  func keepOnTop(_ on: Bool) {
    var event = XEvent()
    event.xclient.type = ClientMessage
    event.xclient.window = window
    event.xclient.message_type = atoms.netWMState
    event.xclient.format = 32
    event.xclient.data.l.0 = on ? 1 : 0  // _NET_WM_STATE_ADD, _NET_WM_STATE_REMOVE
    event.xclient.data.l.1 = Int(atoms.netWMStateAbove)
    event.xclient.data.l.2 = 0
    event.xclient.data.l.3 = 1  // a normal application
    XSendEvent(
      display, XDefaultRootWindow(display), 0, SubstructureRedirectMask | SubstructureNotifyMask,
      &event)
    XFlush(display)
  }

  /// A property changed; true when it changes what the window shows.
  ///
  /// On the window, `_NET_WM_STATE` says whether the window manager keeps it above the others,
  /// whoever asked (the menu, Ctrl+T, the title bar's own menu). On another client's window, a
  /// requestor of a selection sent in chunks took one (`propertyDeleted`).
  func propertyNotify(_ event: XPropertyEvent) -> Bool {
    guard event.window == window else {
      propertyDeleted(event)  // a chunked selection's requestor read a chunk
      return false
    }
    guard event.atom == atoms.netWMState else { return false }
    send(.windowManagerState(keepsOnTop: windowManagerKeepsOnTop))
    return true
  }

  /// Whether `_NET_WM_STATE` holds `_NET_WM_STATE_ABOVE`.
  var windowManagerKeepsOnTop: Bool {
    guard
      let state = WindowProperty(
        display, atoms.netWMState, of: window, type: XA_ATOM, byteLimit: 1024)
    else { return false }
    return state.longs.contains(Int(atoms.netWMStateAbove))
  }

  /// Before the window is mapped, a window kept on top last time asks for it again: EWMH's
  /// initial `_NET_WM_STATE`, read by the window manager when it maps the window; only with
  /// an EWMH window manager running (`_NET_SUPPORTING_WM_CHECK`), else the property would claim
  /// a state nobody keeps.
  func requestInitialKeepOnTop() {
    guard
      let check = WindowProperty(
        display, rootProperty: "_NET_SUPPORTING_WM_CHECK", type: XA_WINDOW),
      check.longs.first.map({ $0 != 0 }) == true
    else { return }
    changeProperty(window, atoms.netWMState, type: XA_ATOM, longs: [Int(atoms.netWMStateAbove)])
  }

  /// The screen's RandR monitors; the whole screen as one monitor without RandR 1.5.
  static func monitors(_ display: OpaquePointer, screen: Int32) -> [Monitor] {
    var count: Int32 = 0
    let root = XRootWindow(display, screen)
    guard let list = circlecalc_get_monitors(display, root, &count), count > 0 else {
      return [
        Monitor(
          name: "screen", isPrimary: true, x: 0, y: 0, width: Int(XDisplayWidth(display, screen)),
          height: Int(XDisplayHeight(display, screen)))
      ]
    }
    defer { circlecalc_free_monitors(list) }
    return (0..<Int(count)).map { index in
      let monitor = list[index]
      var name = "monitor\(index)"
      if let atomName = XGetAtomName(display, monitor.name) {
        name = String(cString: atomName)
        XFree(atomName)
      }
      return Monitor(
        name: name, isPrimary: monitor.primary != 0, x: Int(monitor.x), y: Int(monitor.y),
        width: Int(monitor.width), height: Int(monitor.height))
    }
  }

  /// Where the window is now, for the next start: its frame's top-left corner relative to the
  /// monitor holding most of it, with the frame's extents (`_NET_FRAME_EXTENTS`).
  var currentPosition: SavedPosition? {
    var x: Int32 = 0
    var y: Int32 = 0
    var child: Window = 0
    guard
      XTranslateCoordinates(display, window, XDefaultRootWindow(display), 0, 0, &x, &y, &child)
        != 0
    else { return nil }
    var frame = FrameExtents()
    if let extents = WindowProperty(
      display, atoms.netFrameExtents, of: window, type: XA_CARDINAL, byteLimit: 16),
      extents.longs.count == 4
    {
      frame = FrameExtents(
        left: extents.longs[0], right: extents.longs[1], top: extents.longs[2],
        bottom: extents.longs[3])
    }
    let left = Int(x) - frame.left
    let top = Int(y) - frame.top
    let right = Int(x) + state.width + frame.right
    let bottom = Int(y) + state.height + frame.bottom
    let monitors = App.monitors(display, screen: XDefaultScreen(display))
    func overlap(_ monitor: Monitor) -> Int {
      max(0, min(right, monitor.x + monitor.width) - max(left, monitor.x))
        * max(0, min(bottom, monitor.y + monitor.height) - max(top, monitor.y))
    }
    guard let monitor = monitors.max(by: { overlap($0) < overlap($1) }) else { return nil }
    return SavedPosition(
      monitor: monitor.name, x: left - monitor.x, y: top - monitor.y, frame: frame)
  }
}
