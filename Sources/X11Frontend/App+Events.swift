import CX11
import CalculatorLayout

// One method per X event, called from `App.handle(_:)`.
extension App {
  /// A key went down: a screen reader sees it first (`forwardKey`) and may take it; otherwise
  /// the menu's keys, the selected row's, then the bindings table (`WindowState.keyAction`).
  func keyPress(_ event: inout XKeyEvent) {
    let (keysym, text) = lookUpKey(&event)
    if forwardKey(event, keysym: keysym, text: text) { return }
    state.reduce(.userActed, stamp: stamp)
    typedEcho = false
    guard let keyAction = state.keyAction(for: keysym, state: event.state) else { return }
    switch keyAction {
    case .command(.action(.copy)): copy(state.copyText, time: event.time)
    case .command(.action(.copyCalculation)): copy(state.calculationCopyText, time: event.time)
    case .command(.action(.paste)): paste(from: atoms.clipboard, time: event.time)
    case .command(.action(.quit)): isRunning = false
    case .command(.key(let key)):
      state.reduce(.typeKey(key, keycode: event.keycode), stamp: stamp)
      typedEcho = SpokenLines.isEchoed(key)
    default:
      if let action = WindowState.Action(keyAction, keycode: event.keycode) {
        state.reduce(action, stamp: stamp)
      }
    }
  }

  func keyRelease(_ event: inout XKeyEvent) {
    let (keysym, text) = lookUpKey(&event)
    if forwardKey(event, keysym: keysym, text: text) { return }
    state.reduce(.keyReleased(keycode: event.keycode), stamp: stamp)
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
    let point = Point(x: Double(event.x), y: Double(event.y))
    switch Int32(event.button) {
    case Button1:
      typedEcho = false
      // Which row of a side panel line is under the pointer is where the renderer drew it.
      let panelRow =
        state.layout.tapePanel.contains(point)
        ? state.tapeFrame.tapePanelRow(at: point, measure: renderer.tapeTextExtents) : nil
      state.reduce(.mousePressed(at: point, panelRow: panelRow), stamp: stamp)
    case Button2:
      if state.hasOverlay {
        state.reduce(.dismissOverlays, stamp: stamp)
      } else {
        state.reduce(.userActed, stamp: stamp)
        if state.isAboveKeypad(point) { paste(from: XA_PRIMARY, time: event.time) }
      }
    case Button3: state.reduce(.dismissOverlays, stamp: stamp)
    case Button4:
      // Leaving the newest row: show what other windows have saved since.
      if state.historyOffset == 0, state.panelOffset == 0,
        let saved = historyStore?.reloadIfChanged(state.tape)
      {
        state.reduce(.absorb(saved: saved), stamp: stamp)
      }
      state.reduce(.scrollHistory(olderBy: 1, at: point), stamp: stamp)
    case Button5: state.reduce(.scrollHistory(olderBy: -1, at: point), stamp: stamp)
    default: break
    }
  }

  func buttonRelease(_ event: XButtonEvent) {
    guard Int32(event.button) == Button1 else { return }
    state.reduce(.pointerReleased(at: Point(x: Double(event.x), y: Double(event.y))), stamp: stamp)
  }

  func motionNotify(_ event: XMotionEvent) {
    state.reduce(.pointerMoved(to: Point(x: Double(event.x), y: Double(event.y))), stamp: stamp)
  }

  func focusIn(_ event: XFocusChangeEvent) {
    hasInputFocus = true
  }

  func focusOut(_ event: XFocusChangeEvent) {
    hasInputFocus = false
    state.reduce(.focusLost, stamp: stamp)
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
    let width = Int(event.width)
    let height = Int(event.height)
    guard width != state.width || height != state.height else { return }
    state.reduce(.resize(width: width, height: height), stamp: stamp)
  }

  func mappingNotify(_ event: inout XMappingEvent) {
    XRefreshKeyboardMapping(&event)
  }

  /// Another program destroyed the window (`xdotool windowclose`): nothing is left to show, so
  /// say so and exit with status 1 instead of running on without a window.
  func destroyNotify(_ event: XDestroyWindowEvent) {
    guard event.window == window else { return }
    printError("circlecalc: the window was destroyed by another program")
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
