import CX11
import Glibc

/// The atoms the window uses, interned in one round trip.
struct Atoms {
  let wmProtocols: Atom
  let wmDeleteWindow: Atom
  let netWMName: Atom
  let netWMIconName: Atom
  let netWMPID: Atom
  let netWMIcon: Atom
  let utf8String: Atom
  let clipboard: Atom
  let targets: Atom
  let text: Atom
  let timestamp: Atom
  let incr: Atom
  /// The property on our window that selection owners write pasted text into.
  let pasteProperty: Atom

  init(_ display: OpaquePointer) {
    let names = [
      "WM_PROTOCOLS", "WM_DELETE_WINDOW", "_NET_WM_NAME", "_NET_WM_ICON_NAME", "_NET_WM_PID",
      "UTF8_STRING", "CLIPBOARD", "TARGETS", "TEXT", "TIMESTAMP", "INCR", "CIRCLECALC_PASTE",
      "_NET_WM_ICON",
    ]
    var cNames = names.map { strdup($0) }
    defer { for name in cNames { free(name) } }
    var atoms = [Atom](repeating: 0, count: names.count)
    XInternAtoms(display, &cNames, Int32(names.count), 0, &atoms)
    (wmProtocols, wmDeleteWindow, netWMName, netWMIconName, netWMPID) =
      (atoms[0], atoms[1], atoms[2], atoms[3], atoms[4])
    (utf8String, clipboard, targets, text, timestamp, incr, pasteProperty) =
      (atoms[5], atoms[6], atoms[7], atoms[8], atoms[9], atoms[10], atoms[11])
    netWMIcon = atoms[12]
  }
}
