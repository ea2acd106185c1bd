import CalculatorCore
import CalculatorLayout
import CalculatorWindow
import Glibc

/// The window size and mode kept between runs, the size in pixels at scale 1, the order of
/// operations, what Convert showed (`ConvertSettings`), and the desktop habits (`SavedHabits`:
/// Keep on Top, the position, the angle unit, the memory).
///
/// The file is `$XDG_STATE_HOME/circlecalc/window-size` (default
/// `~/.local/state/circlecalc/window-size`): a first line such as `360x640 basic` (a line
/// without a mode, as older versions wrote, is basic), then `order math` in Math Order (no
/// such line, as older versions wrote, is Left to Right: docs/SPEC.md section 12), then
/// Convert's lines. A missing,
/// unreadable or corrupt first line makes the file ignored, a line after it that is not
/// Convert's is skipped; writes are atomic (a temporary file renamed over the old one), so a
/// crash never leaves half a file.
public struct WindowSizeStore: Sendable {
  /// What the file holds.
  public struct Saved: Equatable, Sendable {
    /// The width in pixels at scale 1.
    public var width: Int
    /// The height in pixels at scale 1.
    public var height: Int
    /// The mode: basic, scientific or tip.
    public var mode: Mode
    /// The order of operations (docs/SPEC.md section 12).
    public var order = Order.leftToRight
    /// What Convert showed.
    public var convert = ConvertSettings()
    /// Keep on Top, the position, the angle unit and the memory (docs/SPEC.md section 14.4).
    public var habits = SavedHabits()

    /// A size, mode, order, Convert's settings and habits to save.
    public init(
      width: Int, height: Int, mode: Mode, order: Order = .leftToRight,
      convert: ConvertSettings = ConvertSettings(), habits: SavedHabits = SavedHabits()
    ) {
      self.width = width
      self.height = height
      self.mode = mode
      self.order = order
      self.convert = convert
      self.habits = habits
    }
  }

  /// The folder that holds the file.
  let directory: String

  /// The store in `StateDirectory.standard`; nil when there is none.
  public static var standard: WindowSizeStore? {
    StateDirectory.standard.map { WindowSizeStore(directory: $0.path) }
  }

  var path: String { directory + "/window-size" }

  /// The largest file read: a size line, fourteen Convert lines and the habits' five take
  /// under 1.5 KiB.
  static let sizeLimit = 4096

  /// The saved size, mode and Convert settings, or nil.
  public func load() -> Saved? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var buffer = [UInt8](repeating: 0, count: WindowSizeStore.sizeLimit)
    let count = fread(&buffer, 1, buffer.count, file)
    return WindowSizeStore.parse(String(decoding: buffer.prefix(count), as: UTF8.self))
  }

  /// Saves the size, mode and Convert settings; failures are ignored (the next start simply
  /// uses the defaults).
  public func save(_ saved: Saved) {
    guard WindowSizeStore.isSensible(saved.width, saved.height) else { return }
    StateDirectory(path: directory).write(
      WindowSizeStore.format(saved), to: "window-size", mode: 0o644)
  }

  /// `"852x393 scientific\n"` → (852, 393, scientific), `"360x640\n"` → (360, 640, basic),
  /// each with the Convert lines that follow; nil when the first line is not a size.
  static func parse(_ text: String) -> Saved? {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
    if text.hasSuffix("\n") { lines = lines.dropLast() }
    guard let first = lines.popFirst() else { return nil }
    let fields = first.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
    let parts = fields[0].split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2,
      parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { ("0"..."9").contains($0) } }),
      let width = Int(parts[0]), let height = Int(parts[1]), isSensible(width, height),
      let mode = fields.count == 2 ? Mode(rawValue: String(fields[1])) : .basic
    else { return nil }
    var saved = Saved(width: width, height: height, mode: mode)
    for line in lines {
      if line.hasPrefix("order "), let order = Order(rawValue: String(line.dropFirst(6))) {
        saved.order = order
      } else if !saved.convert.read(line) {
        saved.habits.read(line)
      }
    }
    return saved
  }

  /// The file's text: the size line, the order's in Math Order, then Convert's.
  static func format(_ saved: Saved) -> String {
    let order = saved.order == .leftToRight ? [] : ["order \(saved.order.rawValue)"]
    return
      (["\(saved.width)x\(saved.height) \(saved.mode.rawValue)"] + order + saved.convert.lines
      + saved.habits.lines)
      .joined(separator: "\n") + "\n"
  }

  /// Sizes a window can have: 1 to `Layout.maximumRequestedSide` pixels each way.
  static func isSensible(_ width: Int, _ height: Int) -> Bool {
    let sides = 1...Layout.maximumRequestedSide
    return sides.contains(width) && sides.contains(height)
  }
}
