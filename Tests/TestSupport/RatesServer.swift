import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A local HTTP server for the currency tests (`Tests/CalculatorRatesTests/rates-server.py`),
/// on 127.0.0.1 and a port it picks, serving a folder of the test's; stopped by its PID. Nothing
/// a test downloads comes from anywhere else.
public final class RatesServer {
  /// The server process.
  public let process: ChildProcess
  /// The folder it serves; the test writes its files there.
  public let folder: String
  /// `http://127.0.0.1:PORT`.
  public let address: String

  /// The fixture files: the ECB's format, rates of 2026-11-27 and of 2026-11-20.
  public static let fixtures = TestSupport.repositoryRoot.appendingPathComponent(
    "Tests/CalculatorRatesTests/Fixtures")

  /// The bytes of fixture `name`.
  public static func fixture(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: fixtures.appendingPathComponent(name)))
  }

  /// Starts the server on a new folder holding a copy of the fixtures.
  public init() throws {
    folder = TestSupport.temporaryPath("rates-served")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for name in try FileManager.default.contentsOfDirectory(atPath: RatesServer.fixtures.path) {
      try FileManager.default.copyItem(
        atPath: RatesServer.fixtures.appendingPathComponent(name).path,
        toPath: folder + "/" + name)
    }
    let script = TestSupport.repositoryRoot.appendingPathComponent(
      "Tests/CalculatorRatesTests/rates-server.py"
    ).path
    let output = try OutputPipe()
    process = try ChildProcess(["python3", script, folder], output: .descriptor(output.write))
    output.closeWriteEnd()
    guard let line = output.readLine(timeout: TestSupport.patience),
      let port = Int(String(decoding: line, as: UTF8.self))
    else {
      process.stop()
      throw TestFailure("the rates server did not start")
    }
    address = "http://127.0.0.1:\(port)"
  }

  /// The address of `path` on the server: `url("eurofxref-daily.xml")`.
  public func url(_ path: String) -> String { address + "/" + path }

  /// The paths asked for so far, in order (`/eurofxref-daily.xml`).
  public var requests: [String] {
    let text = (try? String(contentsOfFile: folder + "/.requests", encoding: .utf8)) ?? ""
    return text.split(separator: "\n").map(String.init)
  }

  /// Serves `bytes` as `name` from now on.
  public func serve(_ bytes: [UInt8], as name: String) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: folder + "/" + name))
  }

  deinit {
    process.stop()
    try? FileManager.default.removeItem(atPath: folder)
  }
}
