import CalculatorCore
import CAccessibilityInterface
import CX11
import CalculatorLayout
import CalculatorWindow
import Glibc

extension App {
  /// Starts the bridge after the first frame, if an accessibility bus answers; otherwise
  /// nothing is loaded and nothing is printed.
  func startAccessibility() {
    XFlush(display)  // the first frame goes out before any of this
    guard let bus = AccessibilityBus.find(rootProperty: rootWindowText("AT_SPI_BUS")) else {
      return
    }
    accessibility = Accessibility(
      bus: bus, tree: AccessibleElement(frame: state.frame, isActive: state.hasInputFocus),
      handlers: Accessibility.Handlers(
        click: { [unowned self] target in send(.screenReader(.click(target))) },
        focus: { [unowned self] target in send(.screenReader(.focus(target))) },
        windowOrigin: { [unowned self] in windowOrigin() }))
  }

  /// Tells the bridge what changed in `frame` since the last call (nothing when it is off),
  /// then what the window's logic says of it (`.presented`: the lines that changed, a refusal).
  func updateAccessibility(_ frame: Frame) {
    guard let accessibility else { return }
    accessibility.update(AccessibleElement(frame: frame, isActive: state.hasInputFocus))
    send(.presented(frame))
  }

  /// Gives a key event to the screen reader before the window acts on it, as GTK does.
  ///
  /// True when the screen reader consumed it (Orca's where-am-I on KP_Enter): the window must
  /// then leave it alone (docs/SPEC.md section 9). Without the bridge: false at once.
  func forwardKey(_ event: XKeyEvent, keysym: KeySym, text: String) -> Bool {
    guard let accessibility else { return false }
    // GTK's string: the text when it is a visible character or Ctrl is down (`7`, `+`,
    // "\u{03}"), otherwise the keysym's name (`Return`, `BackSpace`, `space`, `KP_Enter`).
    let isVisible = text.unicodeScalars.first.map { $0.value > 0x20 && $0.value != 0x7f } ?? false
    let name =
      !text.isEmpty && (isVisible || event.state & UInt32(ControlMask) != 0)
      ? text : XKeysymToString(keysym).map { String(cString: $0) } ?? ""
    return name.withCString { string in
      accessibility.forward(
        cca_key_event(
          is_press: event.type == KeyPress ? 1 : 0, keysym: UInt32(truncatingIfNeeded: keysym),
          state: event.state, keycode: event.keycode, time: UInt32(truncatingIfNeeded: event.time),
          string: string))
    }
  }

  /// The window's top-left corner in root window coordinates.
  private func windowOrigin() -> (x: Int32, y: Int32) {
    var x: Int32 = 0
    var y: Int32 = 0
    var child: Window = 0
    XTranslateCoordinates(
      display, window, XRootWindow(display, XDefaultScreen(display)), 0, 0, &x, &y, &child)
    return (x, y)
  }

  /// A STRING property of the root window, or nil.
  private func rootWindowText(_ name: String) -> String? {
    guard let property = WindowProperty(display, rootProperty: name, type: XA_STRING),
      property.type == XA_STRING, property.format == 8
    else { return nil }
    return String(decoding: property.bytes, as: UTF8.self)
  }
}
