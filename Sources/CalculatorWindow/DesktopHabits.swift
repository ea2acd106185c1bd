import CalculatorCore
import CalculatorLayout

// Desktop habits (docs/SPEC.md section 14): Keep on Top, the display's number selected as
// PRIMARY, the menu's shortcuts, and what the window keeps across a restart besides its size.

extension WindowState {
  /// The menu's Keep on Top or Ctrl+T: asks the window manager for the other state.
  ///
  /// The check mark waits for its answer (`.windowManagerState`), so without a window manager
  /// that honours it nothing changes and nothing fails (docs/SPEC.md section 14.1).
  mutating func toggleKeepOnTop() {
    closeOverlays()
    highlight = nil
    requested.append(.keepOnTop(!keepsOnTop))
  }

  /// A click on the display (button 1 down at `point` and up there, not a swipe) ended at
  /// `now`: the second of a double click selects the number and asks to own PRIMARY with it,
  /// as Ctrl+C writes it (section 14.3); true when it did.
  @discardableResult
  mutating func selectDisplayOnDoubleClick(at point: Point, now: Instant) -> Bool {
    defer { pointer.displayPress = (now, point) }
    guard let (time, previous) = pointer.displayPress,
      now - time <= WindowState.doubleClickTime,
      abs(point.x - previous.x) <= WindowState.doubleClickDistance,
      abs(point.y - previous.y) <= WindowState.doubleClickDistance, let text = copyText
    else { return false }
    displaySelected = true
    requested.append(.ownPrimary(text))
    return true
  }
}

extension MenuItem {
  /// The window action the line does, as a key of the bindings table does it (nil: none).
  var action: AppAction? {
    switch self {
    case .mode(let mode): .mode(mode)
    case .convert: .convert
    case .keepOnTop: .keepOnTop
    case .keyboardShortcuts: .toggleShortcuts
    case .separator, .order, .copyTape, .clearHistory: nil
    }
  }
}

/// What the window keeps across a restart besides its size, mode and Convert settings
/// (docs/SPEC.md section 14.4): Keep on Top, where it was, the angle unit and the memory.
///
/// Kept in the window-size file after its first line, one line each, beside Convert's:
///
///     above on
///     position 1200 80 DP-1
///     frame 1 1 27 1
///     angle radians
///     memory 12.5
///
/// A line that is not one of these is skipped; a file without them (older versions) opens as
/// before: not on top, placed by the window manager, in degrees, the memory empty.
public struct SavedHabits: Equatable, Sendable {
  /// Nothing kept: a first launch.
  public init() {}

  /// The window was kept above the others.
  public var keepsOnTop = false
  /// Where the window's frame (the window manager's decorations included) was.
  public var position: SavedPosition?
  /// The trigonometric functions' unit.
  public var angle = AngleUnit.degrees
  /// What `m+` and `m−` add to, as plain text of at most 38 digits (`-12.5`, `1e-30`); nil
  /// when empty.
  public var memory: String?

  /// The lines it is saved as; none while nothing differs from a first launch.
  public var lines: [String] {
    var lines: [String] = []
    if keepsOnTop { lines.append("above on") }
    if let position {
      lines.append("position \(position.x) \(position.y) \(position.monitor)")
      let frame = position.frame
      lines.append("frame \(frame.left) \(frame.right) \(frame.top) \(frame.bottom)")
    }
    if angle == .radians { lines.append("angle radians") }
    if let memory { lines.append("memory \(memory)") }
    return lines
  }

  /// Takes in one saved line; false, changing nothing, for a line it does not know.
  @discardableResult
  public mutating func read(_ line: Substring) -> Bool {
    let fields = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
    func integers(_ range: Range<Int>) -> [Int]? {
      guard fields.count >= range.upperBound else { return nil }
      let values = fields[range].compactMap { Int($0) }
      return values.count == range.count && values.allSatisfy({ abs($0) <= 1 << 20 })
        ? values : nil
    }
    switch fields.first {
    case "above" where fields.count == 2 && ["on", "off"].contains(fields[1]):
      keepsOnTop = fields[1] == "on"
    case "position":
      // A monitor's name is the rest of the line (RandR names hold no newline).
      guard fields.count >= 4, let xy = integers(1..<3) else { return false }
      let name = fields[3...].joined(separator: " ")
      position = SavedPosition(
        monitor: name, x: xy[0], y: xy[1], frame: position?.frame ?? FrameExtents())
    case "frame":
      guard fields.count == 5, let sides = integers(1..<5), sides.allSatisfy({ $0 >= 0 }),
        var saved = position
      else { return false }
      saved.frame = FrameExtents(left: sides[0], right: sides[1], top: sides[2], bottom: sides[3])
      position = saved
    case "angle" where fields.count == 2 && ["radians", "degrees"].contains(fields[1]):
      angle = fields[1] == "radians" ? .radians : .degrees
    case "memory" where fields.count == 2 && NumberFormat.parse(fields[1]) != nil:
      memory = fields[1]
    default:
      return false
    }
    return true
  }

  /// The habits of a window in `state` at `position`.
  public init(_ state: WindowState, position: SavedPosition?) {
    keepsOnTop = state.keepsOnTop
    self.position = position
    angle = state.calculator.angle
    memory = state.calculator.memory.flatMap { try? DecimalNumber(cutting: $0).description }
  }

  /// `calculator` with the kept angle unit and memory, unless it has its own (`--keys` that
  /// changed them).
  public func restored(into calculator: Calculator) -> Calculator {
    guard calculator.memory == nil, calculator.angle == .degrees else { return calculator }
    var restored = calculator
    restored.restore(
      memory: memory.flatMap(NumberFormat.parse).map { RealNumber($0) }, angle: angle)
    return restored
  }
}

/// How far the window manager's frame reaches past the window on each side, in pixels
/// (`_NET_FRAME_EXTENTS`).
public struct FrameExtents: Equatable, Sendable {
  /// Pixels left of the window.
  public var left = 0
  /// Pixels right of the window.
  public var right = 0
  /// Pixels above the window (the title bar).
  public var top = 0
  /// Pixels below the window.
  public var bottom = 0

  /// Extents of these sides.
  public init(left: Int = 0, right: Int = 0, top: Int = 0, bottom: Int = 0) {
    self.left = left
    self.right = right
    self.top = top
    self.bottom = bottom
  }
}

/// Where the window was: its frame's top-left corner relative to the top-left of the RandR
/// monitor it was on, that monitor's name, and the frame's extents then.
public struct SavedPosition: Equatable, Sendable {
  /// The RandR monitor's name (`DP-1`, `screen`).
  public var monitor: String
  /// The frame's left edge, from the monitor's.
  public var x: Int
  /// The frame's top edge, from the monitor's.
  public var y: Int
  /// The window manager's frame around the window.
  public var frame: FrameExtents

  /// A position on `monitor`.
  public init(monitor: String, x: Int, y: Int, frame: FrameExtents = FrameExtents()) {
    self.monitor = monitor
    self.x = x
    self.y = y
    self.frame = frame
  }
}

/// A RandR monitor: its name, whether it is the primary one, and its rectangle on the screen.
public struct Monitor: Equatable, Sendable {
  /// RandR's name for it (`DP-1`).
  public var name: String
  /// Whether it is the primary monitor.
  public var isPrimary: Bool
  /// Its left edge on the screen.
  public var x: Int
  /// Its top edge on the screen.
  public var y: Int
  /// Its width in pixels.
  public var width: Int
  /// Its height in pixels.
  public var height: Int

  /// A monitor of this name and rectangle.
  public init(name: String, isPrimary: Bool, x: Int, y: Int, width: Int, height: Int) {
    self.name = name
    self.isPrimary = isPrimary
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }
}

/// Where a window reopens (docs/SPEC.md section 14.2).
public enum WindowPlacement {
  /// The frame's top-left corner on the screen for a window of `size` at `saved`: on the same
  /// monitor, or on the primary one (else the first) when that monitor is gone, then moved
  /// inside that monitor's part of the work area (`workArea`: x, y, width, height), keeping
  /// as much of the window as fits, its top-left corner first; nil without a saved position
  /// or monitors (the window manager places it).
  public static func origin(
    saved: SavedPosition?, size: PixelSize, monitors: [Monitor],
    workArea: (x: Int, y: Int, width: Int, height: Int)?
  ) -> (x: Int, y: Int)? {
    guard let saved,
      let monitor = monitors.first(where: { $0.name == saved.monitor })
        ?? monitors.first(where: \.isPrimary) ?? monitors.first
    else { return nil }
    var left = monitor.x
    var top = monitor.y
    var right = monitor.x + monitor.width
    var bottom = monitor.y + monitor.height
    if let area = workArea, area.width > 0, area.height > 0 {
      let clipped = (
        max(left, area.x), max(top, area.y), min(right, area.x + area.width),
        min(bottom, area.y + area.height)
      )
      if clipped.0 < clipped.2, clipped.1 < clipped.3 {
        (left, top, right, bottom) = clipped
      }
    }
    let width = size.width + saved.frame.left + saved.frame.right
    let height = size.height + saved.frame.top + saved.frame.bottom
    let x = max(min(monitor.x + saved.x, right - width), left)
    let y = max(min(monitor.y + saved.y, bottom - height), top)
    return (x, y)
  }
}
