import CalculatorCore
import Glibc

/// The stored rates: the last good download, kept byte for byte as the ECB wrote it in
/// `$XDG_CACHE_HOME/circlecalc/eurofxref-daily.xml` (`~/.cache` when that is unset or not an
/// absolute path, as the XDG Base Directory specification says).
public struct RatesFile: Sendable {
  /// The file's name in the folder.
  public static let name = "eurofxref-daily.xml"

  /// The folder's path.
  public let folder: String

  /// The file in `folder`.
  public init(folder: String) { self.folder = folder }

  /// The folder from the environment; nil when neither variable is usable.
  public static var standard: RatesFile? {
    if let cache = environment("XDG_CACHE_HOME"), cache.hasPrefix("/") {
      return RatesFile(folder: cache + "/circlecalc")
    }
    guard let home = environment("HOME"), !home.isEmpty else { return nil }
    return RatesFile(folder: home + "/.cache/circlecalc")
  }

  /// The file's path.
  public var path: String { folder + "/" + RatesFile.name }

  /// The rates stored; `.missing` when there is no file, `.unreadable` when it cannot be read
  /// or is not a rates file (a corrupt or foreign file is never taken for rates).
  public func load() throws(RatesError) -> CurrencyRates {
    let bytes = try read()
    do {
      return try ECBRates.parse(bytes)
    } catch {
      throw .unreadable(path: path, reason: error.description)
    }
  }

  /// The file's bytes (at most one more than `ECBRates.sizeLimit`, enough to refuse it).
  public func read() throws(RatesError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      if errno == ENOENT { throw .missing }
      throw .unreadable(path: path, reason: String(cString: strerror(errno)))
    }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 16_384)
    while bytes.count <= ECBRates.sizeLimit {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else {
        throw .unreadable(path: path, reason: String(cString: strerror(errno)))
      }
      if count == 0 { break }
      bytes += chunk.prefix(count)
    }
    return bytes
  }

  /// When the file was last replaced, in seconds since 1970; nil without a file.
  ///
  /// The window downloads at most once a day, going by it.
  public var modificationTime: Int? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return status.st_mtim.tv_sec
  }

  /// Replaces the file with `bytes` atomically.
  ///
  /// They go to a new file beside it, are flushed to disk, then renamed over it, so a reader
  /// sees the old rates or the new, never a part; on any failure the old file is untouched.
  /// The folder is created first (mode 0700).
  public func store(_ bytes: [UInt8]) throws(RatesError) {
    var prefix = ""
    for component in folder.split(separator: "/") {
      prefix += "/" + component
      mkdir(prefix, 0o700)
    }
    let temporary = path + ".\(getpid()).tmp"
    func failure(_ code: Int32) -> RatesError {
      .notStored(path: path, reason: String(cString: strerror(code)))
    }
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw failure(errno) }
    var code = bytes.withUnsafeBytes { buffer -> Int32 in
      var offset = 0
      while offset < buffer.count {
        let written = write(
          descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
        if written < 0 && errno != EINTR { return errno }
        offset += max(written, 0)
      }
      return 0
    }
    if code == 0, fsync(descriptor) != 0 { code = errno }
    if close(descriptor) != 0, code == 0 { code = errno }
    if code == 0, rename(temporary, path) != 0 { code = errno }
    if code != 0 {
      unlink(temporary)
      throw failure(code)
    }
    // The rename itself reaches the disk with the folder.
    let directory = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if directory >= 0 {
      fsync(directory)
      close(directory)
    }
  }

  private static func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }
}
