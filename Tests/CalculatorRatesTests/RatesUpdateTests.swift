import CalculatorCore
import CalculatorRates
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Storing the rates and downloading them with libcurl from a server of the test's own on
/// 127.0.0.1 (docs/SPEC.md section 10.3): what a good download stores, and that no failed one
/// changes a byte of the rates stored before.
@Suite("Rates download and file", TestSupport.needs(["python3"]))
struct RatesUpdateTests {
  /// A rates file in a new folder of its own, removed by the caller.
  static func temporaryFile() -> RatesFile {
    RatesFile(folder: TestSupport.temporaryPath("cache") + "/circlecalc")
  }

  static func remove(_ file: RatesFile) {
    try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: file.folder).path)
  }

  @Test("A stored file reads back byte for byte and leaves nothing beside it")
  func storeAndLoad() throws {
    let file = Self.temporaryFile()
    defer { Self.remove(file) }
    #expect(throws: RatesError.missing) { try file.load() }
    #expect(file.modificationTime == nil)
    let bytes = try RatesServer.fixture("eurofxref-daily.xml")
    try file.store(bytes)
    #expect(try file.read() == bytes)
    #expect(try file.load().date == "2026-11-27")
    #expect(file.modificationTime != nil)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: file.folder) == ["eurofxref-daily.xml"])
    #expect(file.path.hasSuffix("/circlecalc/eurofxref-daily.xml"))
  }

  @Test("A corrupt stored file is refused, not taken for rates")
  func corruptFile() throws {
    let file = Self.temporaryFile()
    defer { Self.remove(file) }
    let bytes = try RatesServer.fixture("eurofxref-daily.xml")
    try file.store(Array(bytes.prefix(700)))
    #expect(throws: RatesError.self) { try file.load() }
    do {
      _ = try file.load()
    } catch {
      guard case .unreadable(let path, let reason) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(path == file.path)
      #expect(reason.hasPrefix("not the ECB's daily rates: it ends inside"))
    }
  }

  @Test("A file that cannot be stored leaves the old one as it was")
  func unstorable() throws {
    let file = Self.temporaryFile()
    defer { Self.remove(file) }
    let old = try RatesServer.fixture("eurofxref-older.xml")
    try file.store(old)
    // A folder where the new file's temporary twin goes makes its creation fail.
    try FileManager.default.createDirectory(
      atPath: file.path + ".\(getpid()).tmp", withIntermediateDirectories: false)
    #expect(throws: RatesError.notStored(path: file.path, reason: "Is a directory")) {
      try file.store(RatesServer.fixture("eurofxref-daily.xml"))
    }
    #expect(try file.read() == old)
  }

  @Test("A good download is the file the server holds")
  func download() throws {
    let server = try RatesServer()
    let bytes = try RatesDownload(url: server.url("eurofxref-daily.xml"), timeout: 60).fetch()
    #expect(try bytes == RatesServer.fixture("eurofxref-daily.xml"))
  }

  @Test("An update stores the new rates; every failed one keeps the old file byte for byte")
  func failuresKeepTheOldFile() throws {
    let server = try RatesServer()
    let file = Self.temporaryFile()
    defer { Self.remove(file) }
    let old = try RatesServer.fixture("eurofxref-older.xml")
    try file.store(old)
    let daily = try RatesServer.fixture("eurofxref-daily.xml")
    try server.serve(Array(daily.prefix(900)), as: "truncated.xml")
    try server.serve(Array("<html><body>Sorry</body></html>".utf8), as: "page.html")
    try server.serve(
      Array(
        String(decoding: daily, as: UTF8.self).replacingOccurrences(
          of: "'1.0538'", with: "'-1.0538'"
        ).utf8), as: "negative.xml")
    try server.serve(
      daily + Array(("<!--" + String(repeating: "x", count: 70_000) + "-->").utf8),
      as: "huge.xml")
    let failures: [(String, (RatesError) -> Bool)] = [
      ("missing.xml", { $0 == .httpStatus(404) }),
      ("truncated.xml", { "\($0)".hasPrefix("not the ECB's daily rates: it ends") }),
      ("page.html", { $0 == .invalid("the root element is <html>, not <gesmes:Envelope>") }),
      ("negative.xml", { "\($0)".contains("'-1.0538', is not a positive decimal number") }),
      ("huge.xml", { $0 == .tooLarge(limit: 65_536) }),
      ("endless", { $0 == .tooLarge(limit: 65_536) }),
      ("redirect-file", { if case .unreachable = $0 { true } else { false } }),
    ]
    for (path, expected) in failures {
      do {
        _ = try RatesUpdate.run(RatesDownload(url: server.url(path), timeout: 60), into: file)
        Issue.record("\(path) was stored")
      } catch {
        #expect(expected(error), "\(path): \(error)")
      }
      #expect(try file.read() == old, "\(path)")
    }
    let rates = try RatesUpdate.run(
      RatesDownload(url: server.url("eurofxref-daily.xml"), timeout: 60), into: file)
    #expect(rates.date == "2026-11-27")
    #expect(try file.read() == daily)
  }

  @Test("A server that never answers fails at the timeout; a closed port and ftp at once")
  func noAnswer() throws {
    let server = try RatesServer()
    let start = TestSupport.now()
    #expect {
      try RatesDownload(url: server.url("hang"), timeout: 1).fetch()
    } throws: { error in
      guard case .unreachable(let reason) = error as? RatesError else { return false }
      return reason.contains("timed out")
    }
    let seconds = TestSupport.now() - start
    #expect(seconds >= 0.9 && seconds < 10, "\(seconds) s")
    #expect {
      try RatesDownload(url: "http://127.0.0.1:1/rates.xml", timeout: 5).fetch()
    } throws: { error in
      guard case .unreachable(let reason) = error as? RatesError else { return false }
      return reason.contains("Failed to connect to 127.0.0.1 port 1")
    }
    #expect {
      try RatesDownload(url: "ftp://127.0.0.1/rates.xml", timeout: 5).fetch()
    } throws: { error in
      guard case .unreachable(let reason) = error as? RatesError else { return false }
      return reason.contains("ftp")
    }
  }

  @Test("The window's way: circlecalc --update-rates as a child, watched through a descriptor")
  func child() throws {
    let server = try RatesServer()
    let cache = TestSupport.temporaryPath("cache")
    defer { try? FileManager.default.removeItem(atPath: cache) }
    let environment = ["XDG_CACHE_HOME=\(cache)", "HOME=/nonexistent"]
    for (path, succeeded, message) in [
      ("missing.xml", false, "circlecalc: cannot update the rates from"),
      ("eurofxref-daily.xml", true, "Rates of 2026-11-27 (ECB)"),
    ] {
      let update = try #require(
        RatesUpdateProcess(
          executable: TestSupport.binary, url: server.url(path), environment: environment))
      #expect(update.descriptor >= 0)
      var finished = false
      let deadline = TestSupport.now() + TestSupport.patience
      while !finished && TestSupport.now() < deadline {
        var entry = pollfd(fd: update.descriptor, events: Int16(POLLIN), revents: 0)
        _ = poll(&entry, 1, 1000)
        finished = update.readAvailable()
      }
      #expect(finished)
      let outcome = update.finish()
      #expect(outcome.succeeded == succeeded)
      #expect(outcome.message.hasPrefix(message), "\(outcome.message)")
      #expect(update.descriptor == -1)
    }
    let stored = try RatesFile(folder: cache + "/circlecalc").read()
    #expect(try stored == RatesServer.fixture("eurofxref-daily.xml"))
  }
}
