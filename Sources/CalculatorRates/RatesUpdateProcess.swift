import Glibc

/// `circlecalc --update-rates` run as a child, for a window that must not block: the window
/// adds `descriptor` to the descriptors its loop polls, calls `readAvailable()` when it is
/// readable, and `finish()` once that reports the end; then it reloads `RatesFile`.
///
/// A child rather than a thread: the window's loop stays one thread, libcurl and its TLS
/// libraries are never mapped into the window, and a download that hangs is the child's (the
/// timeout ends it; `stop()` ends it sooner when the window closes).
public final class RatesUpdateProcess {
  /// How the update ended.
  public struct Outcome: Equatable, Sendable {
    /// Whether the new rates are stored (exit status 0).
    public let succeeded: Bool
    /// What the child printed: `Rates of 2026-11-27 (ECB)`, or its error line.
    public let message: String

    /// What failed, from the error line: `the server answered HTTP status 404` out of
    /// `circlecalc: cannot update the rates from 'URL': REASON; the rates of DATE are kept`;
    /// the line without `circlecalc: ` when it has another form; nil after a success.
    public var failure: String? {
      guard !succeeded else { return nil }
      var text = Substring(message)
      if text.hasPrefix("circlecalc: ") { text = text.dropFirst("circlecalc: ".count) }
      let starts = text.indices.filter { text[$0...].hasPrefix("': ") }
      let ends = text.indices.filter { text[$0...].hasPrefix("; ") }
      guard let start = starts.first.map({ text.index($0, offsetBy: 3) }), let end = ends.last,
        start <= end
      else { return text.isEmpty ? nil : String(text) }
      return String(text[start..<end])
    }
  }

  /// The child's process ID.
  public let pid: pid_t
  /// The read end of the child's stdout and stderr, non-blocking; -1 once finished.
  public private(set) var descriptor: Int32
  private var output: [UInt8] = []

  /// Starts `executable --update-rates [url]` with `environment` (nil: this process's); nil
  /// when it cannot start.
  public init?(
    executable: String = RatesUpdateProcess.currentExecutable, url: String? = nil,
    environment: [String]? = nil
  ) {
    // A socket pair rather than a pipe: it is made close-on-exec at once, so no other child
    // started meanwhile (by another thread) holds the write end open after this one ends.
    var pipe: [Int32] = [-1, -1]
    let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
    guard socketpair(AF_UNIX, type, 0, &pipe) == 0 else { return nil }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
    posix_spawn_file_actions_adddup2(&actions, pipe[1], 2)
    let arguments = [executable, "--update-rates"] + (url.map { [$0] } ?? [])
    var argv = arguments.map { strdup($0) }
    argv.append(nil)
    defer { argv.forEach { free($0) } }
    let variables = environment.map { $0.map { strdup($0) } + [nil] }
    defer { variables?.forEach { free($0) } }
    var child: pid_t = 0
    let status =
      variables.map { posix_spawn(&child, executable, &actions, nil, argv, $0) }
      ?? posix_spawn(&child, executable, &actions, nil, argv, environ)
    close(pipe[1])
    guard status == 0 else {
      close(pipe[0])
      return nil
    }
    _ = fcntl(pipe[0], F_SETFL, fcntl(pipe[0], F_GETFL) | O_NONBLOCK)
    pid = child
    descriptor = pipe[0]
  }

  deinit { stop() }

  /// The running program's own path, from `/proc/self/exe`.
  public static var currentExecutable: String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink("/proc/self/exe", &buffer, Int(PATH_MAX))
    guard count > 0 else { return "circlecalc" }
    return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Reads what the child wrote so far without blocking; true once it closed its output (it is
  /// ending: call `finish()`).
  public func readAvailable() -> Bool {
    guard descriptor >= 0 else { return true }
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        if output.count < 4096 { output += chunk.prefix(count) }  // one line is enough
        continue
      }
      if count == 0 { return true }
      if errno == EINTR { continue }
      return errno != EAGAIN && errno != EWOULDBLOCK
    }
  }

  /// Waits for the child (which has closed its output, so it is ending) and says how it went.
  public func finish() -> Outcome {
    while !readAvailable() {
      var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      _ = poll(&poller, 1, -1)
    }
    close(descriptor)
    descriptor = -1
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let text = String(decoding: output, as: UTF8.self)
    let message = text.split(separator: "\n").first.map(String.init) ?? ""
    return Outcome(succeeded: status == 0, message: message)
  }

  /// Ends a child still running (SIGTERM, by its PID) and reaps it.
  public func stop() {
    guard descriptor >= 0 else { return }
    kill(pid, SIGTERM)
    close(descriptor)
    descriptor = -1
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
  }
}
