import CalculatorCore

/// What pressing a keypad cell does.
public enum KeypadAction: Hashable, Sendable {
  /// Presses a calculator key.
  case key(Key)
  /// The one AC/C cell: the calculator's `clearLabel` says which.
  case clear
  /// The ⌨ cell: toggles the shortcuts overlay.
  case shortcuts
}

/// The colour family of a keypad cell (the renderer's theme maps it to colours).
public enum KeyStyle: Hashable, Sendable {
  /// Digits, `.` and ⌨: dark gray, white label.
  case digit
  /// AC/C, ±, %: light gray, black label.
  case function
  /// `÷ × − + =`: orange, white label; a pending operator shows inverted.
  case `operator`
}

/// One cell of the keypad table.
public struct KeyCap: Hashable, Sendable {
  /// What pressing it does.
  public let action: KeypadAction
  /// The label drawn on it; the clear cell shows `clearLabel` instead, and ⌨ is a drawn glyph.
  public let label: String
  /// Its colour family.
  public let style: KeyStyle

  /// A cell doing `action`, labelled `label`, coloured by `style`.
  public init(_ action: KeypadAction, _ label: String, _ style: KeyStyle) {
    self.action = action
    self.label = label
    self.style = style
  }
}

/// The keypad table, laid out like the screen (DESIGN.md section 3, iOS 18 keypad).
///
/// To change the keypad, edit `rows` and nothing else.
public enum Keypad {
  // swift-format-ignore
  /// The cells, top row first, left to right.
  public static let rows: [[KeyCap]] = [
    //       action                          label  style
    [KeyCap(.clear,                          "AC",  .function),
     KeyCap(.key(.toggleSign),               "±",   .function),
     KeyCap(.key(.percent),                  "%",   .function),
     KeyCap(.key(.operation(.divide)),       "÷",   .operator)],
    [KeyCap(.key(.digit(.seven)),            "7",   .digit),
     KeyCap(.key(.digit(.eight)),            "8",   .digit),
     KeyCap(.key(.digit(.nine)),             "9",   .digit),
     KeyCap(.key(.operation(.multiply)),     "×",   .operator)],
    [KeyCap(.key(.digit(.four)),             "4",   .digit),
     KeyCap(.key(.digit(.five)),             "5",   .digit),
     KeyCap(.key(.digit(.six)),              "6",   .digit),
     KeyCap(.key(.operation(.subtract)),     "−",   .operator)],
    [KeyCap(.key(.digit(.one)),              "1",   .digit),
     KeyCap(.key(.digit(.two)),              "2",   .digit),
     KeyCap(.key(.digit(.three)),            "3",   .digit),
     KeyCap(.key(.operation(.add)),          "+",   .operator)],
    [KeyCap(.shortcuts,                      "⌨",   .digit),
     KeyCap(.key(.digit(.zero)),             "0",   .digit),
     KeyCap(.key(.decimalPoint),             ".",   .digit),
     KeyCap(.key(.equals),                   "=",   .operator)],
  ]

  /// The number of rows (5).
  public static var rowCount: Int { rows.count }
  /// The number of columns (4).
  public static var columnCount: Int { rows.first?.count ?? 0 }

  /// Every cell position, row by row.
  public static let positions: [GridPosition] = rows.indices.flatMap { row in
    rows[row].indices.map { GridPosition(row: row, column: $0) }
  }

  /// The table cell at `position`, or nil outside the table.
  public static func cap(at position: GridPosition) -> KeyCap? {
    guard rows.indices.contains(position.row), rows[position.row].indices.contains(position.column)
    else { return nil }
    return rows[position.row][position.column]
  }

  /// The action of a cell (`.shortcuts` outside the table, which never happens for real cells).
  public static func action(at position: GridPosition) -> KeypadAction {
    cap(at: position)?.action ?? .shortcuts
  }

  /// The cell that shows a key (AC and C → the clear cell); nil for ⌫.
  public static func position(of key: Key) -> GridPosition? {
    switch key {
    case .allClear, .clearEntry: position(of: KeypadAction.clear)
    default: position(of: KeypadAction.key(key))
    }
  }

  /// The cell of a keypad action, or nil when no cell has it.
  public static func position(of action: KeypadAction) -> GridPosition? {
    positions.first { cap(at: $0)?.action == action }
  }
}
