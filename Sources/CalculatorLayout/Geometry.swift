/// A point in window pixels, origin top left.
public struct Point: Equatable, Sendable {
  /// Pixels from the left edge.
  public var x: Double
  /// Pixels from the top edge.
  public var y: Double

  /// A point at `x`, `y`.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }
}

/// A window's size in whole pixels: what X, `--size` and the layout's sizes give.
public struct PixelSize: Equatable, Sendable {
  /// Pixels across.
  public var width: Int
  /// Pixels down.
  public var height: Int

  /// A size of `width` × `height` pixels.
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }
}

/// An axis-aligned rectangle in window pixels, at fractions of a pixel: where the layout puts
/// things (whole pixels to draw are the renderer's `PixelRect`, made from one of these in one
/// place, `PixelRect(covering:margin:within:)`); width and height are never negative.
public struct Rect: Equatable, Sendable {
  /// The left edge.
  public var x: Double
  /// The top edge.
  public var y: Double
  /// The width, at least 0.
  public var width: Double
  /// The height, at least 0.
  public var height: Double

  /// A rectangle; a negative width or height becomes 0.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = max(0, width)
    self.height = max(0, height)
  }

  /// The empty rectangle at the origin.
  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

  /// The left edge.
  public var minX: Double { x }
  /// The right edge.
  public var maxX: Double { x + width }
  /// The top edge.
  public var minY: Double { y }
  /// The bottom edge.
  public var maxY: Double { y + height }
  /// True when the rectangle covers no area.
  public var isEmpty: Bool { width <= 0 || height <= 0 }

  /// True when the interiors overlap (touching edges do not count).
  public func intersects(_ other: Rect) -> Bool {
    !isEmpty && !other.isEmpty && minX < other.maxX && other.minX < maxX && minY < other.maxY
      && other.minY < maxY
  }

  /// True when `point` lies inside this rectangle, edges included.
  public func contains(_ point: Point) -> Bool {
    point.x >= minX && point.x <= maxX && point.y >= minY && point.y <= maxY
  }

  /// True when `other` lies inside this rectangle, edges included.
  public func contains(_ other: Rect) -> Bool {
    other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
  }
}

/// A keypad cell: row 0 is the top row (AC ± % ÷), column 0 the left column.
public struct GridPosition: Hashable, Sendable {
  /// The row, 0 at the top.
  public let row: Int
  /// The column, 0 at the left.
  public let column: Int

  /// The cell at `row`, `column`.
  public init(row: Int, column: Int) {
    self.row = row
    self.column = column
  }
}

/// A circle in window pixels.
public struct Circle: Equatable, Sendable {
  /// The centre.
  public var center: Point
  /// The radius, at least 0.
  public var radius: Double

  /// A circle around `center`.
  public init(center: Point, radius: Double) {
    self.center = center
    self.radius = radius
  }

  /// The bounding square.
  public var bounds: Rect {
    Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)
  }

  /// True when `point` is inside the circle or on its edge (distance ≤ radius).
  public func contains(_ point: Point) -> Bool {
    let dx = point.x - center.x
    let dy = point.y - center.y
    return radius > 0 && dx * dx + dy * dy <= radius * radius
  }
}
