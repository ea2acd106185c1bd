import Foundation

/// What a finished program printed and how it ended.
public struct Finished: Sendable {
  /// The exit status, or 128 + the signal that ended it.
  public let status: Int32
  /// Everything it wrote to stdout.
  public let stdout: String
  /// Everything it wrote to stderr.
  public let stderr: String
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

  /// Runs circlecalc with the arguments and waits for it.
  public static func circlecalc(
    _ arguments: [String], environment: [String: String]? = nil
  ) throws -> Finished {
    try run(binary, arguments, environment: environment)
  }

  /// Runs a program with the arguments and waits for it.
  public static func run(
    _ program: String, _ arguments: [String], environment: [String: String]? = nil,
    input: String? = nil
  ) throws -> Finished {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program.hasPrefix("/") ? program : "/usr/bin/env")
    process.arguments = program.hasPrefix("/") ? arguments : [program] + arguments
    if let environment { process.environment = environment }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    let inputPipe = Pipe()
    process.standardInput = input == nil ? FileHandle.nullDevice : inputPipe
    try process.run()
    if let input {
      inputPipe.fileHandleForWriting.write(Data(input.utf8))
      try inputPipe.fileHandleForWriting.close()
    }
    // Read both pipes before waiting, so a full pipe cannot block the program.
    nonisolated(unsafe) var errData = Data()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
      errData = err.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    let status =
      process.terminationReason == .uncaughtSignal
      ? 128 + process.terminationStatus : process.terminationStatus
    return Finished(
      status: status, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }
}
