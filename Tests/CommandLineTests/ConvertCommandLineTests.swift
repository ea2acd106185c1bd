import CalculatorCore
import Foundation
import TestSupport
import Testing

/// `--convert`, `--list-units` and `--update-rates` as a user runs them (docs/SPEC.md sections 4
/// and 10), each run with a cache folder of its own; currencies from a server on 127.0.0.1.
@Suite("circlecalc --convert, --list-units, --update-rates", TestSupport.needs(["python3"]))
struct ConvertCommandLineTests {
  /// A cache folder of its own, removed afterwards, and the environment that points at it.
  final class Cache {
    let root = TestSupport.temporaryPath("cache")
    var file: String { root + "/circlecalc/eurofxref-daily.xml" }
    var environment: [String: String] {
      var environment = ProcessInfo.processInfo.environment
      environment["XDG_CACHE_HOME"] = root
      environment["CIRCLECALC_RATES_TIMEOUT"] = "10"
      return environment
    }
    deinit { try? FileManager.default.removeItem(atPath: root) }

    func run(_ arguments: [String], timeout: String? = nil) throws -> Finished {
      var environment = environment
      environment["CIRCLECALC_RATES_TIMEOUT"] = timeout ?? "10"
      return try TestSupport.circlecalc(arguments, environment: environment)
    }

    func stored() -> [UInt8]? { FileManager.default.contents(atPath: file).map(Array.init) }
  }

  static let script = TestSupport.repositoryRoot.appendingPathComponent(
    "Tests/CalculatorCoreTests/conversions.py"
  ).path

  /// Runs `--convert` and checks it printed `display` alone and exited 0.
  static func expectConversion(_ text: String, _ display: String, cache: Cache) throws {
    let run = try cache.run(["--convert", text])
    #expect(
      run.status == 0 && run.stdout == display + "\n" && run.stderr.isEmpty, "\(text): \(run)")
  }

  /// Checks a run failed with status `status`, nothing on stdout and exactly `line` on stderr.
  static func expectFailure(_ run: Finished, _ status: Int32, _ line: String) {
    #expect(run.status == status)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr == line + "\n")
  }

  @Test("The contract's examples")
  func examples() throws {
    let cache = Cache()
    try Self.expectConversion("1 m to ft", "3.2808398950131233596", cache: cache)
    try Self.expectConversion("-40 C to F", "-40", cache: cache)
    try Self.expectConversion("-40 °C in °F", "-40", cache: cache)
    try Self.expectConversion("1,234,567 mm in km", "1.234567", cache: cache)
  }

  @Test("A sample of the reference's conversions prints what Python's fractions give")
  func referenceSample() throws {
    let cache = Cache()
    let run = try TestSupport.run("python3", [Self.script])
    try #require(run.status == 0, "\(run.stderr)")
    let cases = run.stdout.split(separator: "\n").map {
      $0.split(separator: "\t").map(String.init)
    }
    for (index, fields) in cases.enumerated() where index % 6 == 0 || fields[3] == "out of range" {
      let text = "\(fields[0]) \(fields[1]) to \(fields[2])"
      if fields[3] == "out of range" {
        Self.expectFailure(
          try cache.run(["--convert", text]), 2,
          "circlecalc: \(ConversionError.resultOutOfRange)")
      } else {
        try Self.expectConversion(text, fields[3], cache: cache)
      }
    }
  }

  @Test(
    "What cannot be converted: one line naming it as typed, status 2, nothing on stdout",
    arguments: [
      ("1 furlong to m", "unknown unit 'furlong' (circlecalc --list-units lists them)"),
      ("1 foo to baz", "unknown units 'foo' and 'baz' (circlecalc --list-units lists them)"),
      ("1 kg to m", "cannot convert 'kg' (mass) to 'm' (length)"),
      ("1 °C to kWh", "cannot convert '°C' (temperature) to 'kWh' (energy)"),
      (
        "1 m ft",
        "cannot read '1 m ft' as a conversion: expected VALUE FROM to TO, e.g. '1 m to ft'"
      ),
      ("ten m to ft", "'ten' is not a number: expected VALUE FROM to TO, e.g. '-40 C to F'"),
      (
        "1e100 m to ft",
        "'1e100' is out of range: a value is below 1e100 and not below 1e-99 in size"
      ),
      (
        "1e99 km to mm",
        "the result is out of range: results are below 1e100 and not below 1e-99 in size"
      ),
      ("120 USD to EUR", "no currency rates yet: run circlecalc --update-rates"),
    ])
  func conversionErrors(text: String, message: String) throws {
    Self.expectFailure(try Cache().run(["--convert", text]), 2, "circlecalc: " + message)
  }

  @Test(
    "The options stand alone, and --update-rates takes only web addresses",
    arguments: [
      (["--convert"], "circlecalc: option --convert needs a value (see circlecalc --help)"),
      (
        ["--convert", "1 m to ft", "--keys", "1"],
        "circlecalc: --convert cannot be combined with other options (see circlecalc --help)"
      ),
      (
        ["--list-units", "--print"],
        "circlecalc: --list-units cannot be combined with other options (see circlecalc --help)"
      ),
      (
        ["--list-units", "--convert", "1 m to ft"],
        "circlecalc: --list-units cannot be combined with --convert (see circlecalc --help)"
      ),
      (
        ["--update-rates", "ftp://example.org/rates.xml"],
        "circlecalc: invalid address 'ftp://example.org/rates.xml' for --update-rates: expected"
          + " http:// or https:// (see circlecalc --help)"
      ),
    ] as [([String], String)])
  func optionErrors(arguments: [String], line: String) throws {
    let cache = Cache()
    Self.expectFailure(try cache.run(arguments), 2, line)
    #expect(cache.stored() == nil)
  }

  @Test("--list-units lists every category and unit of the table, in its order")
  func listUnits() throws {
    let cache = Cache()
    let run = try cache.run(["--list-units"])
    #expect(run.status == 0 && run.stderr.isEmpty)
    let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.last == "")
    let headings = lines.filter { !$0.hasPrefix(" ") && !$0.isEmpty }
    #expect(
      headings == [
        "length", "area", "volume", "mass", "temperature", "speed", "time", "data", "energy",
        "power", "pressure", "force", "angle", "fuel economy",
        "currency (no rates yet: run circlecalc --update-rates)",
      ])
    let units = lines.filter { $0.hasPrefix("  ") }.map {
      String($0.dropFirst(2).prefix { $0 != " " })
    }
    #expect(units == UnitTable.units.map(\.symbol) + ["EUR"])
    for line in [
      "  m       metre", "  µm      micrometre (also um, μm)", "  ft      foot",
      "  C       degree Celsius (also °C, ℃)", "  floz    US fluid ounce (also fl oz)",
      "  EUR     euro",
    ] {
      #expect(lines.contains(line), "\(line)")
    }
  }

  @Test("Currency: update, date, cross rates through the euro, the failures that keep the file")
  func currency() throws {
    let server = try RatesServer()
    let cache = Cache()
    let daily = try RatesServer.fixture("eurofxref-daily.xml")
    let older = try RatesServer.fixture("eurofxref-older.xml")

    // No rates yet.
    Self.expectFailure(
      try cache.run(["--convert", "1 USD to EUR"]), 2,
      "circlecalc: no currency rates yet: run circlecalc --update-rates")

    // The older rates, then a failure keeps them byte for byte and says so.
    var run = try cache.run(["--update-rates", server.url("eurofxref-older.xml")])
    #expect(run.status == 0 && run.stdout == "Rates of 2026-11-20 (ECB)\n" && run.stderr.isEmpty)
    #expect(cache.stored() == older)
    try server.serve(Array(daily.prefix(1000)), as: "truncated.xml")
    let failures: [(String, String?, String)] = [
      ("missing.xml", nil, "the server answered HTTP status 404"),
      ("truncated.xml", nil, "not the ECB's daily rates: it ends "),
      ("hang", "1", "no answer: Operation timed out after"),
      ("endless", nil, "the file is larger than 65536 bytes"),
    ]
    for (path, timeout, reason) in failures {
      let url = server.url(path)
      let start = TestSupport.now()
      run = try cache.run(["--update-rates", url], timeout: timeout)
      #expect(TestSupport.now() - start < 15, "\(path)")
      #expect(run.status == 1 && run.stdout.isEmpty, "\(path)")
      let line = "circlecalc: cannot update the rates from '\(url)': "
      #expect(run.stderr.hasPrefix(line + reason), "\(run.stderr)")
      #expect(run.stderr.hasSuffix("; the rates of 2026-11-20 are kept\n"), "\(run.stderr)")
      #expect(run.stderr.split(separator: "\n").count == 1)
      #expect(cache.stored() == older, "\(path)")
    }
    Self.expectFailure(
      try cache.run(["--convert", "1 JPY to ZAR"]), 2,
      "circlecalc: no rate for 'ZAR' in the ECB rates of 2026-11-20")
    try Self.expectConversion("1 RUB to EUR", "0.0089670014347202295552", cache: cache)

    // The day's rates replace them; conversions go through the euro, as Python computes them.
    run = try cache.run(["--update-rates", server.url("eurofxref-daily.xml")])
    #expect(run.status == 0 && run.stdout == "Rates of 2026-11-27 (ECB)\n" && run.stderr.isEmpty)
    #expect(cache.stored() == daily)
    let fixture = RatesServer.fixtures.appendingPathComponent("eurofxref-daily.xml").path
    let reference = try TestSupport.run("python3", [Self.script, "--rates", fixture])
    try #require(reference.status == 0, "\(reference.stderr)")
    for (index, line) in reference.stdout.split(separator: "\n").enumerated() where index % 5 == 0 {
      let fields = line.split(separator: "\t").map(String.init)
      try Self.expectConversion(
        "\(fields[0]) \(fields[1]) to \(fields[2])", fields[3], cache: cache)
    }
    try Self.expectConversion("120 usd in eur", "113.87360030366293414", cache: cache)
    let listing = try cache.run(["--list-units"]).stdout
    #expect(
      listing.contains("currency (rates of 2026-11-27, ECB)\n  EUR     euro\n  USD     US dollar\n")
    )

    // A corrupt stored file is not taken for rates; an update mends it.
    try Data(daily.prefix(500)).write(to: URL(fileURLWithPath: cache.file))
    run = try cache.run(["--convert", "1 USD to EUR"])
    #expect(run.status == 2 && run.stdout.isEmpty)
    #expect(run.stderr.hasPrefix("circlecalc: cannot read the stored rates \(cache.file): "))
    #expect(run.stderr.hasSuffix("; run circlecalc --update-rates\n"))
    #expect(try cache.run(["--convert", "1 m to ft"]).status == 0)
    let heading = "currency (the stored rates are unreadable: run circlecalc --update-rates)"
    #expect(try cache.run(["--list-units"]).stdout.hasSuffix(heading + "\n  EUR     euro\n"))
    run = try cache.run(["--update-rates", server.url("missing.xml")])
    #expect(run.stderr.hasSuffix("; no rates are stored\n"))
    run = try cache.run(["--update-rates", server.url("eurofxref-daily.xml")])
    #expect(run.status == 0 && cache.stored() == daily)
  }

  @Test("A bad timeout or no cache folder is said in one line")
  func environment() throws {
    let cache = Cache()
    Self.expectFailure(
      try cache.run(["--update-rates", "http://127.0.0.1:1/x"], timeout: "0.5"), 2,
      "circlecalc: invalid CIRCLECALC_RATES_TIMEOUT: expected whole seconds from 1 to 600")
    var environment = cache.environment
    environment["XDG_CACHE_HOME"] = "relative"
    environment["HOME"] = nil
    Self.expectFailure(
      try TestSupport.circlecalc(
        ["--update-rates", "http://127.0.0.1:1/x"], environment: environment),
      1, "circlecalc: cannot update the rates: no folder for the rates: set XDG_CACHE_HOME or HOME")
  }
}
