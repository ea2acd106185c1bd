import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// How a spawned program ended, with everything it wrote.
public struct Spawned: Sendable {
  /// The exit status, or 128 + the signal that ended it.
  public let status: Int32
  /// The signal that ended it, if one did.
  public let signal: Int32?
  /// Everything it wrote to stdout.
  public let stdout: [UInt8]
  /// Everything it wrote to stderr.
  public let stderr: [UInt8]
  /// Whether it ran past the timeout and was killed.
  public let timedOut: Bool
  /// Wall-clock seconds from spawn to exit.
  public let seconds: Double
}

extension TestSupport {
  /// Runs a program with raw byte-string arguments (not necessarily UTF-8; no NUL), stdin from
  /// /dev/null, in `directory` (through `env -C`), and kills it after `timeout` seconds.
  ///
  /// `environment` entries are `NAME=value`; nil passes this process's environment.
  public static func spawn(
    _ program: String, _ arguments: [[UInt8]], environment: [String]? = nil,
    directory: String? = nil, timeout: Double = 30
  ) throws -> Spawned {
    var argv: [[UInt8]] = []
    if let directory {
      argv = [Array("/usr/bin/env".utf8), Array("-C".utf8), Array(directory.utf8)]
    }
    argv += [Array(program.utf8)] + arguments
    let executable = argv[0]
    var outPipe: [Int32] = [0, 0]
    var errPipe: [Int32] = [0, 0]
    guard pipe(&outPipe) == 0, pipe(&errPipe) == 0 else { throw SpawnError.pipe(errno) }
    // Close-on-exec, so that a program another test spawns meanwhile does not hold these
    // pipes open (posix_spawn's dup2 clears the flag on 1 and 2 in this child).
    for descriptor in outPipe + errPipe { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
    posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)

    let cArguments = argv.map { bytes in
      let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
      for (index, byte) in bytes.enumerated() { buffer[index] = CChar(bitPattern: byte) }
      buffer[bytes.count] = 0
      return buffer
    }
    let environmentStrings =
      environment ?? ProcessInfo.processInfo.environment.map { "\($0)=\($1)" }
    let cEnvironment = environmentStrings.map { strdup($0) }
    defer {
      cArguments.forEach { $0.deallocate() }
      cEnvironment.forEach { free($0) }
    }
    var argvPointers: [UnsafeMutablePointer<CChar>?] = cArguments + [nil]
    var envPointers: [UnsafeMutablePointer<CChar>?] = cEnvironment + [nil]
    var pid: pid_t = 0
    let start = now()
    let path = String(decoding: executable, as: UTF8.self)
    let spawned = posix_spawn(&pid, path, &actions, nil, &argvPointers, &envPointers)
    close(outPipe[1])
    close(errPipe[1])
    guard spawned == 0 else {
      close(outPipe[0])
      close(errPipe[0])
      throw SpawnError.spawn(spawned)
    }

    var stdout: [UInt8] = []
    var stderr: [UInt8] = []
    var open = [outPipe[0], errPipe[0]]
    var timedOut = false
    var buffer = [UInt8](repeating: 0, count: 65536)
    while !open.isEmpty {
      let left = start + timeout - now()
      if left <= 0 {
        timedOut = true
        kill(pid, SIGKILL)
        break
      }
      var polls = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
      let ready = poll(&polls, nfds_t(polls.count), Int32(min(left, 1) * 1000))
      if ready < 0 && errno != EINTR { break }
      for entry in polls where entry.revents != 0 {
        let count = read(entry.fd, &buffer, buffer.count)
        if count > 0 {
          if entry.fd == outPipe[0] {
            stdout += buffer[..<count]
          } else {
            stderr += buffer[..<count]
          }
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
          open.removeAll { $0 == entry.fd }
        }
      }
    }
    close(outPipe[0])
    close(errPipe[0])
    var raw: Int32 = 0
    while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
    let seconds = now() - start
    // WIFSIGNALED / WTERMSIG / WEXITSTATUS, which Swift does not import as macros.
    let signal = raw & 0x7f
    if signal != 0 && signal != 0x7f {
      return Spawned(
        status: 128 + signal, signal: signal, stdout: stdout, stderr: stderr, timedOut: timedOut,
        seconds: seconds)
    }
    return Spawned(
      status: (raw >> 8) & 0xff, signal: nil, stdout: stdout, stderr: stderr, timedOut: timedOut,
      seconds: seconds)
  }
}

/// A program that could not be started.
public enum SpawnError: Error {
  case pipe(Int32)
  case spawn(Int32)
}
