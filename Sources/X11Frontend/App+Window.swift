import CX11
import Glibc

extension App {
  /// ICCCM and EWMH properties: title, class, protocols, size hints, PID and host.
  func setWindowManagerProperties(minimumSize: (width: Int32, height: Int32)) {
    let title = "Calculator"
    var titleProperty = XTextProperty()
    var titleC: UnsafeMutablePointer<CChar>? = strdup(title)
    XStringListToTextProperty(&titleC, 1, &titleProperty)
    free(titleC)

    let sizeHints = XAllocSizeHints()
    sizeHints?.pointee.flags = PMinSize
    sizeHints?.pointee.min_width = max(1, minimumSize.width)
    sizeHints?.pointee.min_height = max(1, minimumSize.height)

    let wmHints = XAllocWMHints()
    wmHints?.pointee.flags = InputHint | StateHint
    wmHints?.pointee.input = 1
    wmHints?.pointee.initial_state = NormalState

    // WM_CLASS fields are mutable `char *`.
    let classHint = XAllocClassHint()
    classHint?.pointee.res_name = strdup("circlecalc")
    classHint?.pointee.res_class = strdup("CircleCalc")

    // Sets WM_NAME, WM_ICON_NAME, WM_NORMAL_HINTS, WM_HINTS, WM_CLASS, WM_COMMAND and
    // WM_CLIENT_MACHINE (from the host name), which _NET_WM_PID needs beside it.
    var iconNameProperty = titleProperty
    XSetWMProperties(
      display, window, &titleProperty, &iconNameProperty, CommandLine.unsafeArgv,
      CommandLine.argc, sizeHints, wmHints, classHint)
    XFree(titleProperty.value)
    free(classHint?.pointee.res_name)
    free(classHint?.pointee.res_class)
    XFree(classHint)
    XFree(wmHints)
    XFree(sizeHints)

    Array(title.utf8).withUnsafeBufferPointer { bytes in
      for property in [atoms.netWMName, atoms.netWMIconName] {
        XChangeProperty(
          display, window, property, atoms.utf8String, 8, PropModeReplace, bytes.baseAddress,
          Int32(bytes.count))
      }
    }
    // Format-32 property data is an array of C `long`, which is Swift `Int`.
    var pid = [Int(getpid())]
    _ = pid.withUnsafeMutableBytes { bytes in
      XChangeProperty(
        display, window, atoms.netWMPID, XA_CARDINAL, 32, PropModeReplace,
        bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), 1)
    }
    // ICCCM 4.1.2.7 (WM_PROTOCOLS): with WM_DELETE_WINDOW listed, the window manager asks us to
    // close with a ClientMessage instead of killing the connection.
    var protocols = [atoms.wmDeleteWindow]
    XSetWMProtocols(display, window, &protocols, 1)
  }
}

/// X protocol errors seen so far, each reported once: (error code, request code, minor code).
nonisolated(unsafe) private var reportedErrors: Set<Int> = []

/// Installs Xlib's error handlers.
///
/// A protocol error (a requestor window that went away, say) is reported
/// once on stderr and the program goes on; losing the server ends it at once with status 1.
func installErrorHandlers() {
  XSetErrorHandler { display, event in
    guard let event = event?.pointee else { return 0 }
    let key = Int(event.error_code) << 16 | Int(event.request_code) << 8 | Int(event.minor_code)
    guard reportedErrors.insert(key).inserted else { return 0 }
    var text = [CChar](repeating: 0, count: 256)
    XGetErrorText(display, Int32(event.error_code), &text, Int32(text.count))
    let description = String(
      decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    printError(
      "circlecalc: X error: \(description) (request \(event.request_code).\(event.minor_code),"
        + " resource 0x\(String(event.resourceid, radix: 16))); continuing")
    return 0
  }
  XSetIOErrorHandler { _ in
    printError("circlecalc: lost the connection to the X server")
    exit(1)
  }
}
