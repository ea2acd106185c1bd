import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension TestSupport {
  /// Whether the tools the window tests drive are installed (Xvfb, xdotool, ImageMagick's
  /// `import`, x11-utils).
  public static let hasXTools = ["Xvfb", "xdotool", "import", "xwininfo", "xprop"].allSatisfy {
    find($0) != nil
  }
}

/// An Xvfb server of the test's own, on a display number it picks itself (`-displayfd`),
/// stopped by its PID.
public final class XvfbServer {
  /// The server process.
  public let process: ChildProcess
  /// `":12"`.
  public let display: String

  /// Starts Xvfb with one screen of `width` × `height` and waits until it accepts connections;
  /// `arguments` go at the end (`["-extension", "MIT-SHM"]`, `["-listen", "tcp"]`).
  public init(width: Int = 1280, height: Int = 1024, arguments: [String] = []) throws {
    let output = try OutputPipe()
    process = try ChildProcess(
      [
        "Xvfb", "-displayfd", "1", "-noreset", "-nolisten", "tcp", "-screen", "0",
        "\(width)x\(height)x24",
      ] + arguments, output: .descriptor(output.write))
    output.closeWriteEnd()
    // Xvfb writes the display number and a newline once it accepts connections.
    let number = String(decoding: output.readLine(timeout: 30) ?? [], as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    guard !number.isEmpty else { throw TestFailure("Xvfb did not start within 30 s") }
    display = ":" + number
  }

  /// This process's environment with `DISPLAY` set to this server.
  public var environment: [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["DISPLAY"] = display
    return environment
  }

  /// Runs a program on this server to its end (see `TestSupport.run`).
  @discardableResult
  public func run(_ program: String, _ arguments: [String], timeout: Double = 30) throws
    -> Finished
  {
    try TestSupport.run(program, arguments, environment: environment, timeout: timeout)
  }

  /// Stops the server: SIGTERM to its PID, and waits for it.
  public func stop() { process.stop() }

  /// Kills the server at once (SIGKILL), as a crash would.
  public func kill() { process.stop(signal: SIGKILL) }

  deinit { stop() }
}
