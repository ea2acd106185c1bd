import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

extension TestSupport {
  /// The programs the window tests drive: Xvfb, xdotool, ImageMagick's `import`, x11-utils and
  /// xrdb.
  public static let xTools = ["Xvfb", "xdotool", "import", "xwininfo", "xprop", "xrdb"]

  /// Whether a missing test tool fails the tests that need it instead of skipping them.
  ///
  /// It does under CI (`CI=true`) and `make test` (`CIRCLECALC_REQUIRE_TOOLS=1`), so a missing
  /// install step can never turn the end-to-end tests into a silent pass.
  public static var requiresTools: Bool {
    environment("CI") == "true" || environment("CIRCLECALC_REQUIRE_TOOLS") == "1"
  }

  /// A trait for a suite that runs `tools`: it runs when they are all on `$PATH`.
  ///
  /// When one is missing the suite is skipped, or, when `requiresTools`, each of its tests fails
  /// with a message naming the missing tools.
  public static func needs(_ tools: [String]) -> ConditionTrait {
    needs(tools.joined(separator: ", ")) { tools.filter { find($0) == nil } }
  }

  /// A trait for a suite that needs what `missing` names as missing (programs, packages, files),
  /// with the rules of `needs(_:)`.
  public static func needs(_ what: String, missing: @escaping @Sendable () -> [String])
    -> ConditionTrait
  {
    .enabled("needs \(what)") {
      let missing = missing()
      guard !missing.isEmpty else { return true }
      let names = missing.joined(separator: ", ")
      guard !requiresTools else {
        throw TestFailure("not installed: \(names) (scripts/install-deps test installs them)")
      }
      return false
    }
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
    let number = String(
      decoding: output.readLine(timeout: TestSupport.patience) ?? [], as: UTF8.self
    )
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
