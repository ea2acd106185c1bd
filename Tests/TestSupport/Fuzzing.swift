import Foundation

extension TestSupport {
  /// The repository's root folder, found from this file's place in it.
  public static var repositoryRoot: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
  }

  /// The value of an environment variable, nil when unset or empty.
  public static func environment(_ name: String) -> String? {
    guard let value = ProcessInfo.processInfo.environment[name], !value.isEmpty else {
      return nil
    }
    return value
  }

  /// How long a fuzz test runs: `FUZZ_SECONDS` when set (by `fuzz/run`), else nil, and the
  /// test runs its fixed-seed slice.
  public static var fuzzSeconds: Double? { environment("FUZZ_SECONDS").flatMap(Double.init) }

  /// The seed of a fuzz run: `FUZZ_SEED` when set, else `fixed`, so `make test` repeats exactly.
  public static func fuzzSeed(_ fixed: UInt64) -> UInt64 {
    environment("FUZZ_SEED").flatMap(UInt64.init) ?? fixed
  }

  /// Seconds since some fixed moment, for deadlines and timings.
  public static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// A fresh temporary file path with the extension, removed by the caller.
  public static func temporaryPath(_ name: String) -> String {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("circlecalc-\(getpid())-\(UUID().uuidString)-\(name)").path
  }
}
