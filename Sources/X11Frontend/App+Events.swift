import CalculatorCore
import CX11
import CalculatorFiles
import CalculatorLayout
import CalculatorWindow

// One method per X event, called from `App.handle(_:)`.
extension App {
  /// A key went down: a screen reader sees it first (`forwardKey`) and may take it; otherwise
  /// the window decides what it means (`WindowState.keyPressed`).
  func keyPress(_ event: inout XKeyEvent) {
    let (keysym, text) = lookUpKey(&event)
    if forwardKey(event, keysym: keysym, text: text) { return }
    eventTime = event.time
    send(
      .keyPressed(
        Keystroke(
          KeySymbol(UInt32(truncatingIfNeeded: keysym)),
          modifiers: KeyModifiers(eventState: event.state),
          keycode: event.keycode)))
  }

  func keyRelease(_ event: inout XKeyEvent) {
    let (keysym, text) = lookUpKey(&event)
    if forwardKey(event, keysym: keysym, text: text) { return }
    send(.keyReleased(keycode: event.keycode))
  }

  /// The keysym after Shift, NumLock and the layout (Shift+8 is `asterisk`, KP_1 without NumLock
  /// is `KP_End`) and, for a screen reader only, the text the key types (Ctrl+C gives "\u{03}":
  /// the bindings use only the keysym).
  ///
  /// Without a screen reader the keysym comes from XKB alone: `XLookupString` also turns it into
  /// text through the locale, which it loads at the first key.
  func lookUpKey(_ event: inout XKeyEvent) -> (keysym: KeySym, text: String) {
    var keysym: KeySym = 0
    guard accessibility != nil else {
      var consumed: UInt32 = 0
      XkbLookupKeySym(display, KeyCode(event.keycode), event.state, &consumed, &keysym)
      return (keysym, "")
    }
    let text = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
      let count = buffer.withMemoryRebound(to: CChar.self) {
        XLookupString(&event, $0.baseAddress, Int32($0.count - 1), &keysym, nil)
      }
      return String(decoding: buffer.prefix(Int(max(count, 0))), as: UTF8.self)
    }
    return (keysym, text)
  }

  func buttonPress(_ event: XButtonEvent) {
    guard let button = PointerButton(rawValue: Int(event.button)) else { return }
    eventTime = event.time
    send(.pointer(.pressed(button, at: Point(x: Double(event.x), y: Double(event.y)))))
  }

  func buttonRelease(_ event: XButtonEvent) {
    guard let button = PointerButton(rawValue: Int(event.button)) else { return }
    send(.pointer(.released(button, at: Point(x: Double(event.x), y: Double(event.y)))))
  }

  func motionNotify(_ event: XMotionEvent) {
    send(.pointer(.moved(to: Point(x: Double(event.x), y: Double(event.y)))))
  }

  func focusIn(_ event: XFocusChangeEvent) {
    send(.keyboardFocus(true))
  }

  func focusOut(_ event: XFocusChangeEvent) {
    send(.keyboardFocus(false))
  }

  /// Only the last Expose of a series redraws (dwm); the whole frame is copied anyway.
  func expose(_ event: XExposeEvent) {
    guard event.count == 0 else { return }
    isExposed = true
    needsRedraw = true
  }

  /// A new size redraws at once (shrinking sends no Expose).
  ///
  /// A storm of these costs one draw: the loop drains the queue before drawing, so only the
  /// latest size is drawn.
  func configureNotify(_ event: XConfigureEvent) {
    guard event.window == window else { return }
    send(.resized(width: Int(event.width), height: Int(event.height)))
  }

  func mappingNotify(_ event: inout XMappingEvent) {
    XRefreshKeyboardMapping(&event)
  }

  /// Another program destroyed the window (`xdotool windowclose`): nothing is left to show, so
  /// say so and exit with status 1 instead of running on without a window.
  func destroyNotify(_ event: XDestroyWindowEvent) {
    guard event.window == window else { return }
    printError("circlecalc: " + tr("the window was destroyed by another program"))
    exitStatus = 1
    isRunning = false
  }

  /// WM_DELETE_WINDOW (ICCCM 4.1.2.7): the user closed the window; exit status 0.
  func clientMessage(_ event: XClientMessageEvent) {
    // Format-32 data are C longs, sign-extended by Xlib: compare without converting, as a
    // forged message with a negative value would trap in Atom(_:).
    guard event.message_type == atoms.wmProtocols, event.format == 32,
      event.data.l.0 == Int(truncatingIfNeeded: atoms.wmDeleteWindow)
    else { return }
    isRunning = false
  }
}
