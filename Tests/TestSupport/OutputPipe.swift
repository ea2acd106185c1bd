import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A pipe from a child to the test: the child writes, the test keeps the read end.
public struct OutputPipe {
  /// The end the test reads.
  public let read: Int32
  /// The end handed to the child (`ChildProcess(output:)`).
  public let write: Int32

  /// A new pipe, both ends close-on-exec.
  public init() throws {
    // Set under the lock that spawning takes: children that other tests start at the same time
    // must not hold our ends open. posix_spawn's dup2 gives the child its own copy.
    var descriptors: [Int32] = [0, 0]
    let created = ChildProcess.spawnLock.withLock {
      guard pipe(&descriptors) == 0 else { return false }
      for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
      return true
    }
    guard created else { throw TestFailure("pipe failed: error \(errno)") }
    read = descriptors[0]
    write = descriptors[1]
  }

  /// Closes the write end (after the child has its copy), so reads see end of file.
  public func closeWriteEnd() { close(write) }

  /// Closes the read end.
  public func closeReadEnd() { close(read) }

  /// The next bytes: empty at end of file, nil when nothing came for `timeout` seconds.
  public func next(timeout: Double) -> [UInt8]? {
    let deadline = TestSupport.now() + timeout
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let left = deadline - TestSupport.now()
      guard left > 0 else { return nil }
      var entry = pollfd(fd: read, events: Int16(POLLIN), revents: 0)
      let ready = poll(&entry, 1, Int32((min(left, 1) * 1000).rounded(.up)))
      if ready < 0 && errno != EINTR { return [] }
      guard ready > 0 else { continue }
      let count = Glibc.read(read, &buffer, buffer.count)
      if count > 0 { return Array(buffer[..<count]) }
      if count == 0 || (errno != EINTR && errno != EAGAIN) { return [] }
    }
  }

  /// Reads up to a newline or end of file, at most `timeout` seconds, and closes the read end:
  /// the line, or nil at the deadline.
  public func readLine(timeout: Double) -> [UInt8]? {
    defer { closeReadEnd() }
    let deadline = TestSupport.now() + timeout
    var line: [UInt8] = []
    while let chunk = next(timeout: deadline - TestSupport.now()) {
      if let end = chunk.firstIndex(of: UInt8(ascii: "\n")) { return line + chunk[..<end] }
      if chunk.isEmpty { return line }
      line += chunk
    }
    return nil
  }
}
