import CalculatorCore
import CalculatorLayout
import CalculatorRates
import CalculatorRender
import Foundation
import TestSupport
import Testing

/// The window's currency rates (docs/SPEC.md section 10.4) against a local server on
/// 127.0.0.1 (`RatesServer`): rates a day old are refreshed in the background and shown with
/// their date; a failing server keeps the old rates, byte for byte, and says what failed;
/// without rates the window offers to download them (section 14.6). Nothing reaches the internet.
@Suite(TestSupport.needs(TestSupport.xTools))
struct ConvertRatesEndToEndTests {
  /// A cache folder holding `fixture` as the stored rates, last replaced `age` seconds ago, and
  /// a state folder whose window-size file shows the Convert lines on EUR → USD.
  final class Folders {
    let cache = TestSupport.temporaryPath("rates-cache")
    let state = TestSupport.temporaryPath("rates-state")
    var file: RatesFile { RatesFile(folder: cache + "/circlecalc") }

    init(fixture: String?, age: TimeInterval) throws {
      try FileManager.default.createDirectory(
        atPath: file.folder, withIntermediateDirectories: true)
      try FileManager.default.createDirectory(
        atPath: state + "/circlecalc", withIntermediateDirectories: true)
      try "360x640 basic\nconvert on currency\npair currency EUR USD\n".write(
        toFile: state + "/circlecalc/window-size", atomically: true, encoding: .utf8)
      guard let fixture else { return }
      try Data(try RatesServer.fixture(fixture)).write(to: URL(fileURLWithPath: file.path))
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSinceNow: -age)], ofItemAtPath: file.path)
    }

    /// The window on these folders, downloading from `url` with `timeout` seconds.
    func window(_ server: XvfbServer, keys: String, url: String, timeout: Int = 60) throws
      -> CalculatorWindow
    {
      let window = try CalculatorWindow(
        server: server, keys: keys, stateDirectory: URL(fileURLWithPath: state),
        environment: [
          "XDG_CACHE_HOME": cache, "CIRCLECALC_RATES_URL": url,
          "CIRCLECALC_RATES_TIMEOUT": "\(timeout)",
        ])
      window.units = "EUR to USD"
      window.renderEnvironment = ["XDG_CACHE_HOME": cache]
      return window
    }

    deinit {
      try? FileManager.default.removeItem(atPath: cache)
      try? FileManager.default.removeItem(atPath: state)
    }
  }

  /// The frame of a window showing `keys` on EUR → USD with `rates` and `caption`.
  static func frame(keys: String, rates: CurrencyRates?, caption: String) throws -> Frame {
    let units = UnitTable.units(in: .currency, rates: rates)
    let euro = try #require(units.first { $0.symbol == "EUR" })
    let dollar = units.first { $0.symbol == "USD" } ?? euro
    return Frame(
      calculator: TestSupport.calculator(after: keys), width: 360, height: 640,
      units: ConvertUnits(from: euro, to: dollar, caption: caption))
  }

  @Test func ratesADayOldAreRefreshedInTheBackgroundAndShowTheirDate() throws {
    let rates = try RatesServer()
    let folders = try Folders(fixture: "eurofxref-older.xml", age: 90_000)
    let server = try XvfbServer()
    let window = try folders.window(server, keys: "100", url: rates.url("eurofxref-daily.xml"))
    // The new rates replace the file, and the window draws them as --render does.
    TestSupport.waitUntil { (try? folders.file.load())?.date == "2026-11-27" }
    #expect(try folders.file.load().date == "2026-11-27")
    #expect(try window.differingPixels(from: window.render(keys: "100")) == 0)
    #expect(rates.requests == ["/eurofxref-daily.xml"])
    #expect(window.errorOutput == "")
  }

  @Test func aFailingServerKeepsTheOldRatesAndSaysSo() throws {
    let rates = try RatesServer()
    let folders = try Folders(fixture: "eurofxref-older.xml", age: 90_000)
    let before = try folders.file.read()
    let older = try folders.file.load()
    let server = try XvfbServer()
    let window = try folders.window(server, keys: "100", url: rates.url("missing.xml"))
    let expected = try Self.frame(
      keys: "100", rates: older,
      caption:
        "Rates of 2026-11-20 (ECB); Download rates (failed: the server answered HTTP status 404)")
    #expect(try window.differingPixels(from: window.render(expected)) == 0)
    #expect(try folders.file.read() == before)
    #expect(window.errorOutput == "")
  }

  @Test func withoutRatesTheWindowSaysHowToGetThem() throws {
    let rates = try RatesServer()
    let folders = try Folders(fixture: nil, age: 0)
    let server = try XvfbServer()
    let window = try folders.window(server, keys: "5", url: rates.url("missing.xml"))
    let expected = try Self.frame(
      keys: "5", rates: nil,
      caption: "Download rates (failed: the server answered HTTP status 404)")
    #expect(try window.differingPixels(from: window.render(expected)) == 0)
    #expect(!FileManager.default.fileExists(atPath: folders.file.path))
  }

  @Test func ratesOfTodayAreNotDownloadedAgain() throws {
    let rates = try RatesServer()
    let folders = try Folders(fixture: "eurofxref-older.xml", age: 60)
    let before = try folders.file.read()
    let server = try XvfbServer()
    // The server would serve newer rates: the window does not ask for them. It decides when
    // the currency first shows, before the frame that shows it: an update would show there as
    // under way ("…, updating…"), or would have asked the server and replaced the file.
    let window = try folders.window(server, keys: "100", url: rates.url("eurofxref-daily.xml"))
    let expected = try Self.frame(
      keys: "100", rates: folders.file.load(), caption: "Rates of 2026-11-20 (ECB)")
    #expect(try window.differingPixels(from: window.render(expected)) == 0)
    #expect(rates.requests == [])
    #expect(try folders.file.read() == before)
  }
}
