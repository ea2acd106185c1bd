import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// How a program run to its end ended, with everything it wrote.
public struct Finished: Sendable {
  /// The exit status, or 128 + the signal that ended it.
  public let status: Int32
  /// The signal that ended it, if one did.
  public let signal: Int32?
  /// Everything it wrote to stdout.
  public let stdoutBytes: [UInt8]
  /// Everything it wrote to stderr.
  public let stderrBytes: [UInt8]
  /// Whether it ran past the timeout and was killed.
  public let timedOut: Bool
  /// Wall-clock seconds from spawn to exit.
  public let seconds: Double

  /// Stdout as text (invalid UTF-8 repaired).
  public var stdout: String { String(decoding: stdoutBytes, as: UTF8.self) }
  /// Stderr as text (invalid UTF-8 repaired).
  public var stderr: String { String(decoding: stderrBytes, as: UTF8.self) }
}

extension TestSupport {
  /// The circlecalc binary under test: `$CIRCLECALC`, else the one built beside the tests.
  public static var binary: String {
    if let path = ProcessInfo.processInfo.environment["CIRCLECALC"] { return path }
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0])
    var folder = bundle.deletingLastPathComponent()
    while folder.path != "/" {
      let candidate = folder.appendingPathComponent("circlecalc").path
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      folder = folder.deletingLastPathComponent()
    }
    return ".build/debug/circlecalc"
  }

  /// The full path of a program on `$PATH`.
  public static func find(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// Runs circlecalc with the arguments to its end.
  public static func circlecalc(
    _ arguments: [String], environment: [String: String]? = nil, timeout: Double = 60
  ) throws -> Finished {
    try run(binary, arguments, environment: environment, timeout: timeout)
  }

  /// Runs a program (looked up on `$PATH`) with the arguments to its end; see
  /// `run(_:bytes:environment:directory:timeout:)`.
  public static func run(
    _ program: String, _ arguments: [String], environment: [String: String]? = nil,
    directory: String? = nil, timeout: Double = 60
  ) throws -> Finished {
    try run(
      program, bytes: arguments.map { Array($0.utf8) }, environment: environment,
      directory: directory, timeout: timeout)
  }

  /// Runs a program with raw byte-string arguments (not necessarily UTF-8; no NUL), stdin from
  /// /dev/null, in `directory` (through `env -C`), and kills it after `timeout` seconds.
  /// `environment` nil passes this process's environment.
  public static func run(
    _ program: String, bytes arguments: [[UInt8]], environment: [String: String]? = nil,
    directory: String? = nil, timeout: Double = 60
  ) throws -> Finished {
    var argv: [[UInt8]] = []
    if let directory {
      argv = [Array("/usr/bin/env".utf8), Array("-C".utf8), Array(directory.utf8)]
    }
    argv += [Array(program.utf8)] + arguments
    let pipes = [try OutputPipe(), try OutputPipe()]
    defer { pipes.forEach { $0.closeReadEnd() } }
    let start = now()
    let child: ChildProcess
    do {
      child = try ChildProcess(
        bytes: argv, environment: environment, output: .descriptor(pipes[0].write),
        error: .descriptor(pipes[1].write))
    } catch {
      pipes.forEach { $0.closeWriteEnd() }
      throw error
    }
    pipes.forEach { $0.closeWriteEnd() }

    let deadline = start + timeout
    var written: [[UInt8]] = [[], []]
    var open = [0, 1]
    var timedOut = false
    var buffer = [UInt8](repeating: 0, count: 65536)
    while !open.isEmpty {
      let left = deadline - now()
      if left <= 0 {
        timedOut = true
        break
      }
      var polls = open.map { pollfd(fd: pipes[$0].read, events: Int16(POLLIN), revents: 0) }
      let ready = poll(&polls, nfds_t(polls.count), Int32((min(left, 1) * 1000).rounded(.up)))
      if ready < 0 && errno != EINTR { break }
      for (index, entry) in zip(open, polls) where entry.revents != 0 {
        let count = read(entry.fd, &buffer, buffer.count)
        if count > 0 {
          written[index] += buffer[..<count]
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
          open.removeAll { $0 == index }
        }
      }
    }
    if timedOut || !child.wait(timeout: max(0, deadline - now())) {
      timedOut = true
      child.stop(signal: SIGKILL)
    }
    return Finished(
      status: child.status ?? -1, signal: child.signal, stdoutBytes: written[0],
      stderrBytes: written[1], timedOut: timedOut, seconds: now() - start)
  }
}
