import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A child process started with `posix_spawn`, its signal mask cleared and every handler reset,
/// and stopped by its PID.
///
/// Foundation's `Process` hands the test runner's blocked signals (SIGTERM among them) down to
/// its children, so a terminated Xvfb or circlecalc would linger; these children get none.
public final class ChildProcess {
  /// Where one of the child's output streams goes.
  public enum Output {
    /// /dev/null.
    case discard
    /// A descriptor of the test's, such as `OutputPipe.write`.
    case descriptor(Int32)
    /// A file, created or truncated.
    case file(String)
  }

  /// Held while creating pipes and while spawning (see `OutputPipe`).
  static let spawnLock = NSLock()

  /// The child's process ID.
  public let pid: pid_t
  /// The exit status, or 128 + the signal that ended it, as in the shell; nil while running.
  public private(set) var status: Int32?
  /// The signal that ended it, if one did.
  public private(set) var signal: Int32?

  /// Starts `arguments` (the program is looked up on `$PATH`) with stdin from /dev/null.
  public convenience init(
    _ arguments: [String], environment: [String: String]? = nil, output: Output = .discard,
    error: Output = .discard
  ) throws {
    try self.init(
      bytes: arguments.map { Array($0.utf8) }, environment: environment, output: output,
      error: error)
  }

  /// Starts a program with raw byte-string arguments (not necessarily UTF-8; no NUL), with
  /// stdin from /dev/null. `environment` nil passes this process's environment.
  public init(
    bytes arguments: [[UInt8]], environment: [String: String]? = nil, output: Output = .discard,
    error: Output = .discard
  ) throws {
    guard !arguments.isEmpty else { throw TestFailure("nothing to start") }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    for (destination, target) in [(output, Int32(1)), (error, Int32(2))] {
      switch destination {
      case .discard:
        posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_WRONLY, 0)
      case .descriptor(let source):
        posix_spawn_file_actions_adddup2(&actions, source, target)
      case .file(let path):
        posix_spawn_file_actions_addopen(
          &actions, target, path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
      }
    }

    let cArguments = arguments.map { bytes in
      let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
      for (index, byte) in bytes.enumerated() { buffer[index] = CChar(bitPattern: byte) }
      buffer[bytes.count] = 0
      return buffer
    }
    let environment = environment ?? ProcessInfo.processInfo.environment
    let cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") }
    defer {
      cArguments.forEach { $0.deallocate() }
      cEnvironment.forEach { free($0) }
    }
    let argv: [UnsafeMutablePointer<CChar>?] = cArguments + [nil]
    let envp: [UnsafeMutablePointer<CChar>?] = cEnvironment + [nil]
    var pid: pid_t = 0
    let result = ChildProcess.spawnLock.withLock {
      posix_spawnp(&pid, cArguments[0], &actions, &attributes, argv, envp)
    }
    guard result == 0 else {
      let name = String(decoding: arguments.first ?? [], as: UTF8.self)
      throw TestFailure("cannot start \(name): error \(result)")
    }
    self.pid = pid
  }

  /// Whether the child has not ended yet (reaps it when it has).
  public var isRunning: Bool {
    guard status == nil else { return false }
    var raw: Int32 = 0
    guard waitpid(pid, &raw, WNOHANG) == pid else { return true }
    // WIFSIGNALED / WTERMSIG / WEXITSTATUS, which Swift does not import as macros.
    let signal = raw & 0x7f
    if signal == 0 {
      status = (raw >> 8) & 0xff
    } else {
      self.signal = signal
      status = 128 + signal
    }
    return false
  }

  /// Waits for the end; false when it is still running at the deadline.
  public func wait(timeout: Double) -> Bool {
    let deadline = TestSupport.now() + timeout
    while isRunning {
      guard TestSupport.now() < deadline else { return false }
      usleep(2_000)
    }
    return true
  }

  /// Sends `signal` to the child's PID, then SIGKILL if it has not ended within `grace`
  /// seconds (a busy machine may take a few to schedule it).
  public func stop(signal: Int32 = SIGTERM, grace: Double = 10) {
    guard isRunning else { return }
    kill(pid, signal)
    if !wait(timeout: grace) {
      kill(pid, SIGKILL)
      _ = wait(timeout: 2)
    }
  }

  /// Its resident set size in KiB, from /proc/PID/status.
  public var residentKiB: Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
    else { return nil }
    return Int(line.split(separator: " ").dropFirst().first ?? "")
  }

  deinit { stop() }
}
