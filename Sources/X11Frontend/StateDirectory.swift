import Glibc

/// The folder CircleCalc keeps its state in between runs (the window size, the history tape):
/// `$XDG_STATE_HOME/circlecalc`, or `$HOME/.local/state/circlecalc` when that is unset or not
/// an absolute path (XDG Base Directory specification).
struct StateDirectory: Sendable {
  /// The folder's path.
  let path: String

  /// The folder from the environment; nil when neither variable is usable.
  static var standard: StateDirectory? {
    if let state = environment("XDG_STATE_HOME"), state.hasPrefix("/") {
      return StateDirectory(path: state + "/circlecalc")
    }
    guard let home = environment("HOME"), !home.isEmpty else { return nil }
    return StateDirectory(path: home + "/.local/state/circlecalc")
  }

  /// The path of the file `name` in the folder.
  func file(_ name: String) -> String { path + "/" + name }

  /// Replaces the file `name` with `text` atomically; returns 0, or the `errno` of the step
  /// that failed (the old file is then untouched).
  ///
  /// The text goes to a temporary file beside it, is flushed to disk, then renamed over the old
  /// file, so a reader (another window, a crash) sees the old file or the new one, never a
  /// part. The folder is created first (mode 0700).
  @discardableResult
  func write(_ text: String, to name: String, mode: mode_t) -> Int32 {
    create()
    let target = file(name)
    let temporary = target + ".\(getpid()).tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
    guard descriptor >= 0 else { return errno }
    var text = text
    var failure = text.withUTF8 { bytes -> Int32 in
      guard let base = bytes.baseAddress else { return 0 }
      var offset = 0
      while offset < bytes.count {
        let written = Glibc.write(descriptor, base + offset, bytes.count - offset)
        if written < 0 && errno != EINTR { return errno }
        offset += max(written, 0)
      }
      return 0
    }
    if failure == 0, fsync(descriptor) != 0 { failure = errno }
    if close(descriptor) != 0, failure == 0 { failure = errno }
    if failure == 0, rename(temporary, target) != 0 { failure = errno }
    if failure != 0 { unlink(temporary) }
    return failure
  }

  /// Creates the folder and those above it that are missing, each mode 0700.
  func create() {
    var prefix = ""
    for component in path.split(separator: "/") {
      prefix += "/" + component
      mkdir(prefix, 0o700)
    }
  }

  private static func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }
}
