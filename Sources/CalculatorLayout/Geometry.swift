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

/// An axis-aligned rectangle in window pixels, origin top left.
///
/// Width and height are never negative. One type in two units: `Rect` where the layout puts
/// things, at fractions of a pixel, and `PixelRect`, the whole pixels the renderer draws and
/// the window sends, made from a `Rect` in one place (`PixelRect(covering:margin:within:)`,
/// CalculatorRender).
public struct Rectangle<Scalar: Numeric & Comparable & Sendable>: Equatable, Sendable {
  /// The left edge.
  public var x: Scalar
  /// The top edge.
  public var y: Scalar
  /// The width, at least 0.
  public var width: Scalar
  /// The height, at least 0.
  public var height: Scalar

  /// A rectangle; a negative width or height becomes 0.
  @inlinable
  public init(x: Scalar, y: Scalar, width: Scalar, height: Scalar) {
    self.x = x
    self.y = y
    self.width = max(.zero, width)
    self.height = max(.zero, height)
  }

  /// The rectangle between these edges; a right left of the left edge, or a bottom above the
  /// top, gives width or height 0.
  @inlinable
  public init(left: Scalar, top: Scalar, right: Scalar, bottom: Scalar) {
    self.init(x: left, y: top, width: right - left, height: bottom - top)
  }

  /// The empty rectangle at the origin.
  @inlinable
  public static var zero: Self { Self(x: .zero, y: .zero, width: .zero, height: .zero) }

  /// The left edge.
  @inlinable public var minX: Scalar { x }
  /// The right edge (for whole pixels, the first column outside).
  @inlinable public var maxX: Scalar { x + width }
  /// The top edge.
  @inlinable public var minY: Scalar { y }
  /// The bottom edge (for whole pixels, the first row outside).
  @inlinable public var maxY: Scalar { y + height }
  /// The area: for whole pixels, how many it holds.
  @inlinable public var area: Scalar { width * height }
  /// True when the rectangle covers no area.
  @inlinable public var isEmpty: Bool { width <= .zero || height <= .zero }

  /// True when the interiors overlap (touching edges do not count).
  @inlinable
  public func intersects(_ other: Self) -> Bool {
    !isEmpty && !other.isEmpty && minX < other.maxX && other.minX < maxX && minY < other.maxY
      && other.minY < maxY
  }

  /// True when `other` lies inside this rectangle, edges included.
  @inlinable
  public func contains(_ other: Self) -> Bool {
    other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
  }

  /// The smallest rectangle holding both.
  @inlinable
  public func union(_ other: Self) -> Self {
    Self(
      left: min(minX, other.minX), top: min(minY, other.minY), right: max(maxX, other.maxX),
      bottom: max(maxY, other.maxY))
  }

  /// What both hold; empty when apart.
  @inlinable
  public func intersection(_ other: Self) -> Self {
    Self(
      left: max(minX, other.minX), top: max(minY, other.minY), right: min(maxX, other.maxX),
      bottom: min(maxY, other.maxY))
  }
}

/// Where the layout puts things, at fractions of a pixel.
public typealias Rect = Rectangle<Double>

/// Whole pixels: what is drawn and sent.
public typealias PixelRect = Rectangle<Int>

extension Rectangle where Scalar == Double {
  /// True when `point` lies inside this rectangle, edges included.
  public func contains(_ point: Point) -> Bool {
    point.x >= minX && point.x <= maxX && point.y >= minY && point.y <= maxY
  }
}

extension Rectangle where Scalar == Int {
  /// True when the pixel at (`px`, `py`) is inside.
  public func contains(x px: Int, y py: Int) -> Bool {
    px >= x && px < maxX && py >= y && py < maxY
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
