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
  /// Shows the keyboard shortcuts.
  case keyboardShortcuts
  /// Empties the history tape, saved file included (docs/SPEC.md section 8.2).
  case clearHistory

  /// Every line, top to bottom, as Basic and Scientific show them.
  public static let all = lines(in: .basic)

  /// The lines the menu shows in `mode`, top to bottom: the modes, the orders as a group under
  /// them (not in Tip & Split, which has no operators: docs/SPEC.md section 12), the rest.
  public static func lines(in mode: Mode) -> [MenuItem] {
    let orders: [MenuItem] = mode == .tip ? [] : [.separator] + Order.allCases.map(MenuItem.order)
    return Mode.allCases.map(MenuItem.mode) + orders
      + [.separator, .convert, .keyboardShortcuts, .clearHistory]
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
    case .keyboardShortcuts: tr("Keyboard Shortcuts")
    case .clearHistory: tr("Clear History")
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
    static let width = 12.5  // "✓  Keyboard Shortcuts" with room to spare
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
