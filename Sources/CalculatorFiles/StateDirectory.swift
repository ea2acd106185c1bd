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
  @discardableResult
  func write(_ text: String, to name: String, mode: mode_t) -> Int32 {
    var text = text
    return write(to: name, mode: mode) { write in text.withUTF8(write) }
  }

  /// Replaces the file `name` atomically with the bytes `produce` gives to the function it is
  /// called with (a block at a time; that function returns false once a write failed);
  /// returns 0, or the `errno` of the step that failed (the old file is then untouched).
  ///
  /// The bytes go to a temporary file beside it, are flushed to disk, then the file is renamed
  /// over the old one, so a reader (another window, a crash) sees the old file or the new one,
  /// never a part. The folder is created first (mode 0700).
  func write(
    to name: String, mode: mode_t,
    _ produce: ((UnsafeBufferPointer<UInt8>) -> Bool) -> Bool
  ) -> Int32 {
    create()
    let target = file(name)
    let temporary = target + ".\(getpid()).tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
    guard descriptor >= 0 else { return errno }
    var failure: Int32 = 0
    _ = produce { bytes in
      failure = StateDirectory.writeAll(bytes, to: descriptor)
      return failure == 0
    }
    if failure == 0, fsync(descriptor) != 0 { failure = errno }
    if close(descriptor) != 0, failure == 0 { failure = errno }
    if failure == 0, rename(temporary, target) != 0 { failure = errno }
    if failure != 0 { unlink(temporary) }
    return failure
  }

  /// Writes all of `bytes` to `descriptor`; 0 or the `errno` of the write that failed.
  static func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> Int32 {
    guard let base = bytes.baseAddress else { return 0 }
    var offset = 0
    while offset < bytes.count {
      let written = Glibc.write(descriptor, base + offset, bytes.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        return errno
      }
      if written == 0 { return EIO }
      offset += written
    }
    return 0
  }

  /// Removes the temporary files `write(to:mode:_:)` left for `name` (`name.PID.tmp`) when a
  /// process died while writing: call it only while no other process can be writing `name`.
  func removeLeftovers(of name: String) {
    guard let folder = opendir(path) else { return }
    defer { closedir(folder) }
    let prefix = name + "."
    while let entry = readdir(folder) {
      let file = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard file.hasPrefix(prefix), file.hasSuffix(".tmp") else { continue }
      let pid = file.dropFirst(prefix.count).dropLast(4)
      guard !pid.isEmpty, pid.allSatisfy({ $0.isASCII && $0.isNumber }) else { continue }
      unlink(self.file(file))
    }
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
