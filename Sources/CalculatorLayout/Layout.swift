// TEMPORARY API STUB — the layout helper replaces the bodies; keep these signatures.
import CalculatorCore

/// A point in window pixels, origin top left.
public struct Point: Equatable, Sendable {
  public var x: Double
  public var y: Double
  public init(x: Double, y: Double) { self.x = x; self.y = y }
}

/// A keypad cell: row 0 is the top row (AC ± % ÷), column 0 the left column.
public struct GridPosition: Hashable, Sendable {
  public let row: Int
  public let column: Int
  public init(row: Int, column: Int) { self.row = row; self.column = column }
}

/// A circle in window pixels.
public struct Circle: Equatable, Sendable {
  public var center: Point
  public var radius: Double
  public init(center: Point, radius: Double) { self.center = center; self.radius = radius }
}

/// What pressing a keypad cell does.
public enum KeypadAction: Hashable, Sendable {
  case key(Key)
  /// The one AC/C cell: the calculator's `clearLabel` says which.
  case clear
  /// The ⌨ cell: toggles the shortcuts overlay.
  case shortcuts
}

/// Geometry of the whole window, from its size.
public struct Layout: Equatable, Sendable {
  public let width: Int
  public let height: Int
  public init(width: Int, height: Int, scale: Double = 1) { self.width = width; self.height = height }
  /// The cell whose circle contains the point, or nil (corners of a circle's box are nil).
  public func cell(at point: Point) -> GridPosition? { nil }
  /// The circle of a cell.
  public func circle(at position: GridPosition) -> Circle { Circle(center: Point(x: 0, y: 0), radius: 0) }
  /// The largest history offset (rows scrolled back) for a strip of `rowCount` rows.
  public func maxHistoryOffset(rowCount: Int) -> Int { 0 }
}

/// The keypad table.
public enum Keypad {
  /// The action of a cell.
  public static func action(at position: GridPosition) -> KeypadAction { .shortcuts }
  /// The cell that shows a key (AC and C → the clear cell); nil for ⌫.
  public static func position(of key: Key) -> GridPosition? { nil }
}
