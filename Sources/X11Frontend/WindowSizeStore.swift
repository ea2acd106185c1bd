import CalculatorCore
import CalculatorLayout
import Glibc

/// The window size and mode kept between runs, the size in pixels at scale 1.
///
/// The file is `$XDG_STATE_HOME/circlecalc/window-size` (default
/// `~/.local/state/circlecalc/window-size`), one line such as `360x640 basic` (a line without
/// a mode, as older versions wrote, is basic). A missing, unreadable or corrupt file is
/// ignored; writes are atomic (a temporary file renamed over the old one), so a crash never
/// leaves half a file.
struct WindowSizeStore: Sendable {
  /// The folder that holds the file.
  let directory: String

  /// The store in `StateDirectory.standard`; nil when there is none.
  static var standard: WindowSizeStore? {
    StateDirectory.standard.map { WindowSizeStore(directory: $0.path) }
  }

  var path: String { directory + "/window-size" }

  /// The saved size and mode, or nil.
  func load() -> (width: Int, height: Int, mode: Mode)? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var buffer = [CChar](repeating: 0, count: 64)
    guard fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
    return WindowSizeStore.parse(String(nulTerminated: buffer))
  }

  /// Saves the size and mode; failures are ignored (the next start simply uses the default).
  func save(width: Int, height: Int, mode: Mode) {
    guard WindowSizeStore.isSensible(width, height) else { return }
    StateDirectory(path: directory).write(
      WindowSizeStore.format(width: width, height: height, mode: mode), to: "window-size",
      mode: 0o644)
  }

  /// `"852x393 scientific\n"` → (852, 393, scientific), `"360x640\n"` → (360, 640, basic);
  /// anything else → nil.
  static func parse(_ text: String) -> (width: Int, height: Int, mode: Mode)? {
    let line = text.hasSuffix("\n") ? text.dropLast() : Substring(text)
    let fields = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
    let parts = fields[0].split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2,
      parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { ("0"..."9").contains($0) } }),
      let width = Int(parts[0]), let height = Int(parts[1]), isSensible(width, height),
      let mode = fields.count == 2 ? Mode(rawValue: String(fields[1])) : .basic
    else { return nil }
    return (width, height, mode)
  }

  static func format(width: Int, height: Int, mode: Mode) -> String {
    "\(width)x\(height) \(mode.rawValue)\n"
  }

  /// Sizes a window can have: 1 to `Layout.maximumRequestedSide` pixels each way.
  static func isSensible(_ width: Int, _ height: Int) -> Bool {
    let sides = 1...Layout.maximumRequestedSide
    return sides.contains(width) && sides.contains(height)
  }
}
