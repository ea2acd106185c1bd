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

  /// How long a test waits for what it expects to happen (a frame on the screen, a file
  /// written, a process ended, an announcement) before it fails. Every wait returns as soon as
  /// it happens, so only a failing test waits this long; it is long because the machine may be
  /// building or running a second `make test` beside this one.
  public static let patience = 60.0

  /// Checks `condition` every 20 ms until it holds (true) or `timeout` seconds pass (false).
  @discardableResult
  public static func waitUntil(
    timeout: Double = patience, _ condition: () throws -> Bool
  ) rethrows -> Bool {
    let deadline = now() + timeout
    while true {
      if try condition() { return true }
      if now() >= deadline { return false }
      usleep(20_000)
    }
  }

  /// A fresh temporary file path with the extension, removed by the caller.
  public static func temporaryPath(_ name: String) -> String {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("circlecalc-\(getpid())-\(UUID().uuidString)-\(name)").path
  }

  /// The seed of chunk `chunk` of a fuzz run that started from `base`.
  public static func chunkSeed(_ base: UInt64, _ chunk: UInt64) -> UInt64 {
    base &+ chunk &* 0x9E37_79B9_7F4A_7C15
  }

  /// Runs a fuzzer chunk by chunk, each with its own seeded generator.
  ///
  /// `make test` runs `sliceChunks` chunks from `base`; `fuzz/run` runs chunks until
  /// `FUZZ_SECONDS` are up, naming each in `FUZZ_STATE` before it starts; `FUZZ_REPLAY` runs its
  /// one chunk, with `isReplay` set. `body` returns false to stop early (enough failures).
  public static func fuzzChunks(
    _ fuzzer: String, base: UInt64, sliceChunks: UInt64,
    _ body: (_ random: inout SeededGenerator, _ isReplay: Bool) throws -> Bool
  ) rethrows {
    let replay = fuzzReplay(fuzzer)
    let deadline = fuzzSeconds.map { now() + $0 }
    var chunk: UInt64 = 0
    repeat {
      let seed = replay ?? chunkSeed(base, chunk)
      recordFuzzChunk(fuzzer, seed: seed)
      var random = SeededGenerator(seed: seed)
      guard try body(&random, replay != nil) else { return }
      chunk += 1
    } while replay == nil && (deadline.map { now() < $0 } ?? (chunk < sliceChunks))
  }

  /// Notes in `$FUZZ_STATE/<fuzzer>` which chunk the fuzzer is about to run, so that a crash
  /// that ends the whole test process can be replayed.
  static func recordFuzzChunk(_ fuzzer: String, seed: UInt64) {
    guard let folder = environment("FUZZ_STATE") else { return }
    try? "\(seed)\n".write(toFile: folder + "/" + fuzzer, atomically: false, encoding: .utf8)
  }

  /// The chunk seed to replay for this fuzzer: `FUZZ_REPLAY=<fuzzer>:<seed>`.
  static func fuzzReplay(_ fuzzer: String) -> UInt64? {
    guard let replay = environment("FUZZ_REPLAY"), replay.hasPrefix(fuzzer + ":") else {
      return nil
    }
    return UInt64(replay.dropFirst(fuzzer.count + 1))
  }
}
