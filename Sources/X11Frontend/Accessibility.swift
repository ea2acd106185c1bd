import CalculatorCore
import CAccessibilityInterface
import CalculatorFiles
import CalculatorLayout
import CalculatorWindow
import Glibc

/// The accessibility bridge: libcirclecalc-accessibility.so, loaded with dlopen only once an
/// accessibility bus answers, fed a tree of `AccessibleElement`s.
///
/// The library turns generic nodes into ATK objects and atk-bridge serves them on AT-SPI2; this
/// class keeps a mirror of what it was told and sends only what changed, so each change is one
/// event (name-changed, state-changed, children-changed). Its loop runs inside `wait`.
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
    /// The node of its label (`element.labelledBy`), 0 for none.
    var label: Int32 = 0
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
        Accessibility.from(context)?.clicked(node: node)
      },
      focus: { context, node in
        Accessibility.from(context)?.focused(node: node)
      },
      window_origin: { context, x, y in
        guard let origin = Accessibility.from(context)?.handlers.windowOrigin() else { return }
        x?.pointee = origin.x
        y?.pointee = origin.y
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

  /// Sleeps in one poll() on `descriptors` (at most 32) and the bridge's own, at most
  /// `milliseconds` (-1: no limit), then serves what came for the bridge; which of
  /// `descriptors` are readable (or ended).
  func wait(on descriptors: [Int32], milliseconds: Int32) -> [Bool] {
    let readable = table.wait(descriptors, Int32(descriptors.count), milliseconds)
    return descriptors.indices.map { readable & (1 << UInt32($0)) != 0 }
  }

  /// Speaks `text` once, wherever the focus is, through the window's notification (the
  /// status bar's: `AccessibleElement.statusBar`).
  func announce(_ text: String) {
    func notification(in node: Node) -> Int32? {
      node.element.role == .notification
        ? node.id : node.children.lazy.compactMap(notification).first
    }
    if let id = frame.flatMap(notification) { table.announce(id, text) }
  }

  /// Gives a key event to the screen reader before the window acts on it (ATK's key event
  /// listeners, as GTK does); true when it consumed the key (an Orca command such as
  /// where-am-I on KP_Enter), which the window must then leave alone.
  func forward(_ event: cca_key_event) -> Bool {
    withUnsafePointer(to: event) { table.key_event($0) != 0 }
  }

  /// Tells the library what changed since the last tree.
  ///
  /// Until a screen reader listens, the window is neither active nor has a focused element:
  /// those states are events it must hear (a window opened after Orca starts is presented when
  /// it becomes active, then its focus), and events sent before it listens are lost.
  func update(_ tree: AccessibleElement) {
    let tree = table.is_running() != 0 ? tree : tree.withoutFocus
    if var node = frame {
      reconcile(&node, with: tree)
      frame = node
    } else {
      frame = add(tree, to: 0, at: -1)
    }
  }

  /// Adds a node for `element` and its children.
  private func add(_ element: AccessibleElement, to parent: Int32, at index: Int) -> Node {
    let id = table.add(parent, Int32(index), Accessibility.role(element.role))
    var node = Node(id: id, element: element, children: [])
    node.element.children = []
    table.set_name(id, element.name)
    if let text = element.text { table.set_text(id, text) }
    setExtents(id, element.bounds)
    table.set_states(id, Accessibility.states(element))
    node.children = element.children.enumerated().map { add($1, to: id, at: $0) }
    relateLabels(of: &node)
    return node
  }

  /// What stays the same element across trees: a key stays its cell, a field its field.
  nonisolated private static func isSame(_ old: AccessibleElement, _ new: AccessibleElement) -> Bool
  {
    old.role == new.role && old.target == new.target
  }

  /// Children are matched by role and target in order (the longest common subsequence, so a
  /// line that appears or goes, like the shares line, leaves the keys after it alone); the
  /// matched ones are updated, the others removed or inserted where they belong.
  private func reconcile(_ node: inout Node, with element: AccessibleElement) {
    let old = node.element
    if old.name != element.name { table.set_name(node.id, element.name) }
    if let text = element.text, old.text != text { table.set_text(node.id, text) }
    if old.bounds != element.bounds { setExtents(node.id, element.bounds) }
    let states = Accessibility.states(element)
    if Accessibility.states(old) != states { table.set_states(node.id, states) }
    node.element = element
    node.element.children = []
    let matches = Accessibility.matches(node.children.map(\.element), element.children)
    let kept = Set(matches.map(\.old))
    for (index, child) in node.children.enumerated() where !kept.contains(index) {
      table.remove(child.id)
    }
    var children: [Node] = []
    var pairs = matches[...]
    for (index, child) in element.children.enumerated() {
      if let pair = pairs.first, pair.new == index {
        pairs.removeFirst()
        var match = node.children[pair.old]
        reconcile(&match, with: child)
        children.append(match)
      } else {
        children.append(add(child, to: node.id, at: index))
      }
    }
    node.children = children
    relateLabels(of: &node)
  }

  /// The pairs of indices, in order, of the longest common subsequence of `old` and `new`
  /// under `isSame`; a tree that kept its shape (nearly every update) costs one pass.
  nonisolated static func matches(_ old: [AccessibleElement], _ new: [AccessibleElement])
    -> [(old: Int, new: Int)]
  {
    if old.count == new.count, zip(old, new).allSatisfy(isSame) {
      return old.indices.map { ($0, $0) }
    }
    // lengths[i][j]: the longest common subsequence of old[i...] and new[j...].
    var lengths = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
    for i in old.indices.reversed() {
      for j in new.indices.reversed() {
        lengths[i][j] =
          isSame(old[i], new[j])
          ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
      }
    }
    var pairs: [(old: Int, new: Int)] = []
    var i = 0
    var j = 0
    while i < old.count && j < new.count {
      if isSame(old[i], new[j]) {
        pairs.append((i, j))
        i += 1
        j += 1
      } else if lengths[i + 1][j] >= lengths[i][j + 1] {
        i += 1
      } else {
        j += 1
      }
    }
    return pairs
  }

  /// Points each child's label relation at the node of its `labelledBy` sibling.
  private func relateLabels(of node: inout Node) {
    for index in node.children.indices {
      let label =
        node.children[index].element.labelledBy
        .flatMap { node.children.indices.contains($0) ? node.children[$0].id : nil } ?? 0
      guard label != node.children[index].label else { continue }
      table.set_label(node.children[index].id, label)
      node.children[index].label = label
    }
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
    case .radioMenuItem: CCA_ROLE_RADIO_MENU_ITEM
    case .checkMenuItem: CCA_ROLE_CHECK_MENU_ITEM
    case .entry: CCA_ROLE_ENTRY
    case .statusBar: CCA_ROLE_STATUS_BAR
    case .notification: CCA_ROLE_NOTIFICATION
    }
  }

  private static func states(_ element: AccessibleElement) -> UInt32 {
    var states: UInt32 = 0
    if element.isChecked { states |= CCA_STATE_CHECKED.rawValue }
    if element.isFocused { states |= CCA_STATE_FOCUSED.rawValue }
    if element.isActive { states |= CCA_STATE_ACTIVE.rawValue }
    if element.isFocusable { states |= CCA_STATE_FOCUSABLE.rawValue }
    if element.isSelectable { states |= CCA_STATE_SELECTABLE.rawValue }
    if element.isSelected { states |= CCA_STATE_SELECTED.rawValue }
    return states
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
        failures.append(
          tr("%s: not a CircleCalc accessibility library of version %d").filling(
            path, CCA_VERSION))
        continue
      }
      return table
    }
    printError(
      "circlecalc: "
        + tr("screen readers cannot see the window: %s").filling(
          failures.last ?? tr("no %s").filling(libraryName)))
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
