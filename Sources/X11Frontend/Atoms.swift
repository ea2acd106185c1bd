import CX11
import Glibc

/// The atoms the window uses, interned in one round trip.
struct Atoms {
  private(set) var wmProtocols: Atom = 0
  private(set) var wmDeleteWindow: Atom = 0
  private(set) var netWMName: Atom = 0
  private(set) var netWMIconName: Atom = 0
  private(set) var netWMPID: Atom = 0
  private(set) var netWMIcon: Atom = 0
  private(set) var utf8String: Atom = 0
  private(set) var clipboard: Atom = 0
  private(set) var targets: Atom = 0
  private(set) var text: Atom = 0
  private(set) var timestamp: Atom = 0
  private(set) var incr: Atom = 0
  /// The property on our window that selection owners write pasted text into.
  private(set) var pasteProperty: Atom = 0
  private(set) var netWMState: Atom = 0
  private(set) var netWMStateAbove: Atom = 0
  private(set) var netFrameExtents: Atom = 0

  // swift-format-ignore
  /// Each atom's name beside the property that holds it.
  private static let table: [(name: String, property: WritableKeyPath<Atoms, Atom> & Sendable)] = [
    ("WM_PROTOCOLS",      \.wmProtocols),
    ("WM_DELETE_WINDOW",  \.wmDeleteWindow),
    ("_NET_WM_NAME",      \.netWMName),
    ("_NET_WM_ICON_NAME", \.netWMIconName),
    ("_NET_WM_PID",       \.netWMPID),
    ("_NET_WM_ICON",      \.netWMIcon),
    ("UTF8_STRING",       \.utf8String),
    ("CLIPBOARD",         \.clipboard),
    ("TARGETS",           \.targets),
    ("TEXT",              \.text),
    ("TIMESTAMP",         \.timestamp),
    ("INCR",              \.incr),
    ("CIRCLECALC_PASTE",  \.pasteProperty),
    ("_NET_WM_STATE",     \.netWMState),
    ("_NET_WM_STATE_ABOVE", \.netWMStateAbove),
    ("_NET_FRAME_EXTENTS", \.netFrameExtents),
  ]

  init(_ display: OpaquePointer) {
    var names = Atoms.table.map { strdup($0.name) }
    defer { for name in names { free(name) } }
    var atoms = [Atom](repeating: 0, count: names.count)
    XInternAtoms(display, &names, Int32(names.count), 0, &atoms)
    for (entry, atom) in zip(Atoms.table, atoms) { self[keyPath: entry.property] = atom }
  }
}
