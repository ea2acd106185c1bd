import CalculatorCore

/// One line of the mode menu (docs/SPEC.md section 5).
public enum MenuItem: Hashable, Sendable {
  /// Switches to a mode; the current one shows a check mark.
  case mode(Mode)
  /// Switches the order of operations (docs/SPEC.md section 12); the current one shows a check
  /// mark. Basic and Scientific only.
  case order(Order)
  /// The thin line between the modes and the rest.
  case separator
  /// Shows or hides the Convert lines (docs/SPEC.md section 10.4); a check mark while shown.
  case convert
  /// Keeps the window above the others (docs/SPEC.md section 14.1); a check mark while it is.
  case keepOnTop
  /// Shows the keyboard shortcuts.
  case keyboardShortcuts
  /// Copies the whole tape, as `circlecalc --history` prints it (docs/SPEC.md section 15.5).
  case copyTape
  /// Empties the history tape, saved file included (docs/SPEC.md section 8.2).
  case clearHistory

  /// Every line, top to bottom, as Basic and Scientific show them.
  public static let all = lines(in: .basic)

  /// The lines the menu shows in `mode`, top to bottom: the modes, the orders as a group under
  /// them (not in Tip & Split, which has no operators: docs/SPEC.md section 12), the rest.
  public static func lines(in mode: Mode) -> [MenuItem] {
    let orders: [MenuItem] = mode == .tip ? [] : [.separator] + Order.allCases.map(MenuItem.order)
    return Mode.allCases.map(MenuItem.mode) + orders
      + [.separator, .convert, .keepOnTop, .keyboardShortcuts, .copyTape, .clearHistory]
  }

  /// The text of the line; empty for the separator.
  public var title: String {
    switch self {
    case .mode(.basic): tr("Basic")
    case .mode(.scientific): tr("Scientific")
    case .mode(.tip): tr("Tip & Split")
    case .order(let order): order.name
    case .separator: ""
    case .convert: tr("Convert")
    case .keepOnTop: tr("Keep on Top")
    case .keyboardShortcuts: tr("Keyboard Shortcuts")
    case .copyTape: tr("Copy Tape")
    case .clearHistory: tr("Clear History")
    }
  }

  /// The key that does what the line does, drawn right-aligned on it (docs/SPEC.md section
  /// 14.5): the bindings table's name for it (`CalculatorWindowTests` check they agree).
  public var shortcut: String? {
    switch self {
    case .mode(.basic): "Ctrl+1"
    case .mode(.scientific): "Ctrl+2"
    case .mode(.tip): "Ctrl+3"
    case .convert: "Ctrl+4"
    case .keepOnTop: "Ctrl+T"
    case .keyboardShortcuts: "F1"
    case .separator, .order, .copyTape, .clearHistory: nil
    }
  }

  /// Whether the line can be chosen (all but the separator).
  public var isChoosable: Bool { self != .separator }
}

/// The open mode menu: the line the keyboard selected, an index into the lines it shows
/// (`MenuItem.lines(in:)`).
public struct MenuSelection: Equatable, Sendable {
  /// The selected line, or nil before an arrow key.
  public var index: Int?

  /// An open menu with `index` selected.
  public init(index: Int? = nil) {
    self.index = index
  }
}

/// Where the mode menu draws: a panel rising from the ⌨ key, one rectangle per line.
public struct MenuLayout: Equatable, Sendable {
  /// The rounded panel.
  public let panel: Rect
  /// The lines shown in the window's mode (`MenuItem.lines(in:)`), top to bottom.
  public let items: [MenuItem]
  /// Each line's rectangle, in `items`' order.
  public let rows: [Rect]
  /// The font size of the titles.
  public let fontSize: Double

  /// Reference proportions, in units of the title font size.
  enum Reference {
    static let rowHeight = 2.4
    static let separatorHeight = 0.8
    // "✓  Keyboard Shortcuts  F1" with room to spare, and its lines 28 px tall at the least
    // window's 200 px (docs/SPEC.md section 3.2).
    static let width = 16.0
    static let padding = 0.4  // above the first and below the last line
  }

  /// The line at a point, or nil (outside the panel, or on the separator).
  public func item(at point: Point) -> MenuItem? {
    guard let index = rows.firstIndex(where: { $0.contains(point) }) else { return nil }
    let item = items[index]
    return item.isChoosable ? item : nil
  }
}

extension Layout {
  /// The mode menu: its bottom-left corner on the ⌨ key's top-left, as on the iPhone, moved
  /// and shrunk to stay inside the window; nil for an empty layout.
  public var menu: MenuLayout? {
    guard !isEmpty, let cell = keypad.position(of: KeypadAction.modes) else { return nil }
    let anchor = circle(at: cell).bounds
    let margin = max(1, gap)
    let items = MenuItem.lines(in: keypad.mode)
    let heightInFonts =
      items.map {
        $0 == .separator ? MenuLayout.Reference.separatorHeight : MenuLayout.Reference.rowHeight
      }
      .reduce(0, +) + 2 * MenuLayout.Reference.padding
    // Lines at least a least hit target tall (docs/SPEC.md section 3.2), as the window allows.
    var size = max(
      0.6 * digitLabelFontSize,
      Layout.minimumCircle * floorScale / MenuLayout.Reference.rowHeight, leastTextSize)
    size = min(size, (Double(width) - 2 * margin) / MenuLayout.Reference.width)
    size = min(size, (Double(height) - 2 * margin) / heightInFonts)
    let panelWidth = MenuLayout.Reference.width * size
    let panelHeight = heightInFonts * size
    let x = min(max(margin, anchor.minX), Double(width) - margin - panelWidth)
    let y = min(max(margin, anchor.minY - gap - panelHeight), Double(height) - margin - panelHeight)
    var rows: [Rect] = []
    var top = y + MenuLayout.Reference.padding * size
    for item in items {
      let rowHeight =
        (item == .separator ? MenuLayout.Reference.separatorHeight : MenuLayout.Reference.rowHeight)
        * size
      rows.append(Rect(x: x, y: top, width: panelWidth, height: rowHeight))
      top += rowHeight
    }
    return MenuLayout(
      panel: Rect(x: x, y: y, width: panelWidth, height: panelHeight), items: items, rows: rows,
      fontSize: size)
  }
}

extension Frame {
  /// Whether a menu line shows a check mark: the current mode, Convert while its lines show,
  /// Keep on Top while the window is kept above the others (docs/SPEC.md section 14.1).
  public func isChecked(_ item: MenuItem) -> Bool {
    switch item {
    case .mode(let mode): mode == self.mode
    case .order(let order): order == self.order
    case .convert: layout.converts
    case .keepOnTop: keepsOnTop
    case .separator, .keyboardShortcuts, .copyTape, .clearHistory: false
    }
  }
}
