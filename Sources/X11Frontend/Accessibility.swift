import CAccessibilityInterface
import CalculatorLayout
import Glibc

/// The accessibility bridge: libcirclecalc-accessibility.so, loaded with dlopen only once an
/// accessibility bus answers, fed a tree of `AccessibleElement`s.
///
/// The library turns generic nodes into ATK objects and atk-bridge serves them on AT-SPI2; this
/// class keeps a mirror of what it was told and sends only what changed, so each change is one
/// event (name-changed, state-changed, children-changed). Its loop runs inside `wait`.
@MainActor
final class Accessibility {
  /// The library's file name; it sits beside the binary (the build folder) or in
  /// `../lib/circlecalc` from it (an installed prefix).
  static let libraryName = "libcirclecalc-accessibility.so"

  /// What a click, a focus request and the window's place on the screen come from.
  struct Handlers {
    /// The `click` action of a push button or menu item.
    var click: (AccessibleElement.Target) -> Void
    /// An assistive technology moves the keyboard focus to a key or a menu line.
    var focus: (AccessibleElement.Target) -> Void
    /// The window's top-left corner on the screen.
    var windowOrigin: () -> (x: Int32, y: Int32)
  }

  /// A node the library holds, with what it was last told.
  private struct Node {
    var id: Int32
    var element: AccessibleElement
    var children: [Node]
  }

  private let table: cca_table
  private let handlers: Handlers
  private var frame: Node?

  /// Loads the library, shows `tree` and starts the bridge on `bus`; nil (with one line on
  /// stderr) when the library cannot be loaded, nil (silently) when the bridge cannot start.
  init?(bus: AccessibilityBus, tree: AccessibleElement, handlers: Handlers) {
    guard let table = Accessibility.loadLibrary() else { return nil }
    self.table = table
    self.handlers = handlers
    var callbacks = cca_callbacks(
      context: Unmanaged.passUnretained(self).toOpaque(),
      click: { context, node in
        MainActor.assumeIsolated { Accessibility.from(context)?.clicked(node: node) }
      },
      focus: { context, node in
        MainActor.assumeIsolated { Accessibility.from(context)?.focused(node: node) }
      },
      window_origin: { context, x, y in
        MainActor.assumeIsolated {
          guard let origin = Accessibility.from(context)?.handlers.windowOrigin() else { return }
          x?.pointee = origin.x
          y?.pointee = origin.y
        }
      })
    table.setup("CircleCalc", &callbacks)
    update(tree)
    let started: Int32
    switch bus {
    case .address(let address): started = table.start(address, nil)
    case .session(let address): started = table.start(nil, address)
    }
    guard started == 0 else { return nil }
  }

  /// Whether the application is registered on the accessibility bus.
  var isRunning: Bool { table.is_running() != 0 }

  /// Sleeps in one poll() on `descriptor` and the bridge's own, at most `milliseconds` (-1: no
  /// limit), then serves what came for the bridge; true when `descriptor` is readable.
  @discardableResult
  func wait(on descriptor: Int32, milliseconds: Int32) -> Bool {
    table.wait(descriptor, milliseconds) != 0
  }

  /// Tells the library what changed since the last tree.
  func update(_ tree: AccessibleElement) {
    if var node = frame {
      reconcile(&node, with: tree)
      frame = node
    } else {
      frame = add(tree, to: 0)
    }
  }

  private func add(_ element: AccessibleElement, to parent: Int32) -> Node {
    let id = table.add(parent, Accessibility.role(element.role))
    var node = Node(id: id, element: element, children: [])
    node.element.children = []
    table.set_name(id, element.name)
    setExtents(id, element.bounds)
    table.set_states(id, Accessibility.states(element))
    node.children = element.children.map { add($0, to: id) }
    return node
  }

  /// Children are matched by position while their roles agree; the rest are replaced.
  private func reconcile(_ node: inout Node, with element: AccessibleElement) {
    let old = node.element
    if old.name != element.name {
      table.set_name(node.id, element.name)
      // Orca 47.3+ speaks announcements; older ones read a name only on the focused object.
      if element.announcesChanges { table.announce(node.id, element.name) }
    }
    if old.bounds != element.bounds { setExtents(node.id, element.bounds) }
    let states = Accessibility.states(element)
    if Accessibility.states(old) != states { table.set_states(node.id, states) }
    node.element = element
    node.element.children = []
    let kept = zip(node.children, element.children).prefix { $0.element.role == $1.role }.count
    for index in 0..<kept { reconcile(&node.children[index], with: element.children[index]) }
    for child in node.children[kept...] { table.remove(child.id) }
    node.children.removeSubrange(kept...)
    node.children += element.children[kept...].map { add($0, to: node.id) }
  }

  private func setExtents(_ id: Int32, _ rect: Rect) {
    let left = rect.minX.rounded()
    let top = rect.minY.rounded()
    table.set_extents(
      id, Int32(left), Int32(top), Int32(rect.maxX.rounded() - left),
      Int32(rect.maxY.rounded() - top))
  }

  private func clicked(node id: Int32) {
    if let target = element(id)?.target { handlers.click(target) }
  }

  private func focused(node id: Int32) {
    if let target = element(id)?.target { handlers.focus(target) }
  }

  private func element(_ id: Int32) -> AccessibleElement? {
    func find(_ node: Node) -> AccessibleElement? {
      node.id == id ? node.element : node.children.lazy.compactMap(find).first
    }
    return frame.flatMap(find)
  }

  private static func from(_ context: UnsafeMutableRawPointer?) -> Accessibility? {
    context.map { Unmanaged<Accessibility>.fromOpaque($0).takeUnretainedValue() }
  }

  private static func role(_ role: AccessibleElement.Role) -> cca_role {
    switch role {
    case .frame: CCA_ROLE_FRAME
    case .label: CCA_ROLE_LABEL
    case .list: CCA_ROLE_LIST
    case .listItem: CCA_ROLE_LIST_ITEM
    case .pushButton: CCA_ROLE_PUSH_BUTTON
    case .menu: CCA_ROLE_MENU
    case .menuItem: CCA_ROLE_MENU_ITEM
    }
  }

  private static func states(_ element: AccessibleElement) -> UInt32 {
    (element.isChecked ? CCA_STATE_CHECKED.rawValue : 0)
      | (element.isFocused ? CCA_STATE_FOCUSED.rawValue : 0)
      | (element.isActive ? CCA_STATE_ACTIVE.rawValue : 0)
  }

  /// The library's table of functions, from beside the binary or `../lib/circlecalc`.
  private static func loadLibrary() -> cca_table? {
    var failures: [String] = []
    for path in libraryPaths() {
      guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
        failures.append(dlerror().map { String(cString: $0) } ?? path)
        continue
      }
      typealias TableFunction = @convention(c) () -> UnsafePointer<cca_table>?
      guard let symbol = dlsym(handle, "circlecalc_accessibility_table"),
        let table = unsafeBitCast(symbol, to: TableFunction.self)()?.pointee,
        table.version == CCA_VERSION
      else {
        failures.append("\(path): not a CircleCalc accessibility library of version \(CCA_VERSION)")
        continue
      }
      return table
    }
    printError(
      "circlecalc: screen readers cannot see the window: "
        + (failures.last ?? "no \(libraryName)"))
    return nil
  }

  private static func libraryPaths() -> [String] {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard length > 0 else { return [] }
    let executable = String(nulTerminated: Array(buffer[..<length]) + [0])
    guard let slash = executable.lastIndex(of: "/") else { return [] }
    let folder = String(executable[..<slash])
    return [folder + "/" + libraryName, folder + "/../lib/circlecalc/" + libraryName]
  }
}
