import Foundation
import TestSupport
import Testing

/// The command line in real locales (docs/SPEC.md section 13): the binary run with `LC_ALL`
/// set to each locale of the table, which `scripts/install-deps test` installs (`locales-all`).
/// Every expected string is written out from the locale's published convention (its decimal
/// separator, grouping separator and group sizes; `NumberLocaleTests.glibcAgrees` checks them
/// against glibc's data), never taken from the program.
@Suite("The command line in the user's locale")
struct LocaleCommandLineTests {
  static let narrow = "\u{202F}"

  /// `--keys` sequences and what `--print` prints for them.
  static let keys = [
    "12345678.5",  // typed
    "12345678901*9=",  // a long result
    "1234.5n",  // negative
    "1/8000=",  // small
    "1.5[ee]25=n",  // scientific
    "1/0=",  // NaN
  ]

  // swift-format-ignore
  /// Each locale's `--print` for `keys`, then `--state` of `1234.5+0.5` (display and history),
  /// `--history` of `1,200 × 1.08 + 49.9 = 1,345.9`, `--convert '1234.5 m to km'`.
  static let table: [(locale: String, prints: [String], state: [String], history: String, converted: String)] = [
    ("C",     ["12,345,678.5", "111,111,110,109", "-1,234.5", "0.000125", "-1.5e25", "NaN"], ["0.5", "1,234.5"], "1,200 × 1.08 + 49.9 = 1,345.9", "1.2345"),
    ("en_US", ["12,345,678.5", "111,111,110,109", "-1,234.5", "0.000125", "-1.5e25", "NaN"], ["0.5", "1,234.5"], "1,200 × 1.08 + 49.9 = 1,345.9", "1.2345"),
    ("de_DE", ["12.345.678,5", "111.111.110.109", "-1.234,5", "0,000125", "-1,5e25", "NaN"], ["0,5", "1.234,5"], "1.200 × 1,08 + 49,9 = 1.345,9", "1,2345"),
    ("fr_FR", ["12_345_678,5", "111_111_110_109", "-1_234,5", "0,000125", "-1,5e25", "NaN"], ["0,5", "1_234,5"], "1_200 × 1,08 + 49,9 = 1_345,9", "1,2345"),
    ("de_CH", ["12’345’678.5", "111’111’110’109", "-1’234.5", "0.000125", "-1.5e25", "NaN"], ["0.5", "1’234.5"], "1’200 × 1.08 + 49.9 = 1’345.9", "1.2345"),
    ("en_IN", ["1,23,45,678.5", "1,11,11,11,10,109", "-1,234.5", "0.000125", "-1.5e25", "NaN"], ["0.5", "1,234.5"], "1,200 × 1.08 + 49.9 = 1,345.9", "1.2345"),
    ("it_IT", ["12.345.678,5", "111.111.110.109", "-1.234,5", "0,000125", "-1,5e25", "NaN"], ["0,5", "1.234,5"], "1.200 × 1,08 + 49,9 = 1.345,9", "1,2345"),
    ("ru_RU", ["12_345_678,5", "111_111_110_109", "-1_234,5", "0,000125", "-1,5e25", "NaN"], ["0,5", "1_234,5"], "1_200 × 1,08 + 49,9 = 1_345,9", "1,2345"),
    ("pl_PL", ["12_345_678,5", "111_111_110_109", "-1_234,5", "0,000125", "-1,5e25", "NaN"], ["0,5", "1_234,5"], "1_200 × 1,08 + 49,9 = 1_345,9", "1,2345"),
    ("ko_KR", ["12,345,678.5", "111,111,110,109", "-1,234.5", "0.000125", "-1.5e25", "NaN"], ["0.5", "1,234.5"], "1,200 × 1.08 + 49.9 = 1,345.9", "1.2345"),
    ("ja_JP", ["12,345,678.5", "111,111,110,109", "-1,234.5", "0.000125", "-1.5e25", "NaN"], ["0.5", "1,234.5"], "1,200 × 1.08 + 49.9 = 1,345.9", "1.2345"),
  ]

  /// The environment of a run in `locale` (`C` stays C): nothing else of the locale inherited.
  static func environment(_ locale: String, state: String? = nil) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    for name in ["LANG", "LANGUAGE", "LC_ALL", "LC_NUMERIC", "LC_MESSAGES", "LC_CTYPE"] {
      environment[name] = nil
    }
    environment["LC_ALL"] = locale == "C" ? "C" : locale + ".UTF-8"
    if let state { environment["XDG_STATE_HOME"] = state }
    return environment
  }

  static func run(_ arguments: [String], in locale: String, state: String? = nil) throws
    -> Finished
  {
    try TestSupport.circlecalc(
      arguments, environment: environment(locale, state: state), timeout: 60)
  }

  @Test(arguments: table.map(\.locale))
  func everyOutputInTheLocalesForm(_ locale: String) throws {
    let row = try #require(Self.table.first { $0.locale == locale })
    // `_` in the table stands for U+202F.
    func spaced(_ text: String) -> String { text.replacingOccurrences(of: "_", with: Self.narrow) }
    for (keys, expected) in zip(Self.keys, row.prints) {
      let result = try Self.run(["--keys", keys, "--print"], in: locale)
      #expect(result.status == 0 && result.stderr == "", "\(keys): \(result.stderr)")
      #expect(result.stdout == spaced(expected) + "\n", "\(locale) \(keys)")
    }
    let state = try Self.run(["--keys", "1234.5+0.5", "--state"], in: locale)
    let display = spaced(row.state[0])
    let history = spaced(row.state[1])
    #expect(
      state.stdout
        == "{\"display\":\"\(display)\",\"history\":[\"\(history)\"],\"operator\":\"+\","
        + "\"clearKey\":\"C\",\"order\":\"left\"}\n")
    // The tape's file is locale-free; --history prints it in the locale's form.
    let folder = TestSupport.temporaryPath("locale-history")
    try FileManager.default.createDirectory(
      atPath: folder + "/circlecalc", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try "circlecalc history 2\n1\t1,200\t× 1.08\t+ 49.9\t= 1,345.9\n".write(
      toFile: folder + "/circlecalc/history", atomically: true, encoding: .utf8)
    let printed = try Self.run(["--history"], in: locale, state: folder)
    #expect(printed.stdout == spaced(row.history) + "\n")
    let converted = try Self.run(["--convert", "1234.5 m to km"], in: locale)
    #expect(converted.stdout == spaced(row.converted) + "\n")
  }

  // docs/SPEC.md section 13.3: --convert reads the value as a paste does.
  @Test(arguments: [
    ("de_DE", "1,5 km to m", "1.500"), ("de_DE", "1.234,5 m to km", "1,2345"),
    ("de_DE", "1,234.5 m to km", "1,2345"), ("de_DE", "1234.5 m to km", "1,2345"),
    ("fr_FR", "1,5 km to m", "1\u{202F}500"), ("en_US", "1,234.5 m to km", "1.2345"),
    ("de_CH", "1'234.5 m to km", "1.2345"),
  ])
  func convertReadsTheLocalesForm(_ locale: String, _ text: String, _ expected: String) throws {
    let result = try Self.run(["--convert", text], in: locale)
    #expect(result.status == 0 && result.stdout == expected + "\n", "\(result.stderr)")
  }

  @Test func aValueNeitherFormReadsIsRefused() throws {
    let result = try Self.run(["--convert", "1.2.3 m to km"], in: "de_DE")
    #expect(result.status == 2 && result.stdout == "")
    #expect(result.stderr.split(separator: "\n").count == 1)
  }

  @Test func anUnknownLocaleIsEnglishAndTheCFormWithOneLine() throws {
    var environment = Self.environment("C")
    environment["LC_ALL"] = nil
    environment["LANG"] = "xx_YY.UTF-8"
    let result = try TestSupport.circlecalc(
      ["--keys", "1234.5", "--print"], environment: environment)
    #expect(result.status == 0 && result.stdout == "1,234.5\n")
    #expect(
      result.stderr
        == "circlecalc: locale 'xx_YY.UTF-8' is not installed; English and the C number form"
        + " are used\n")
    let wrong = try TestSupport.circlecalc(["--frob"], environment: environment)
    #expect(wrong.stderr.hasSuffix("circlecalc: unknown option '--frob' (see circlecalc --help)\n"))
  }

  @Test func messagesInTheLanguage() throws {
    let german = try Self.run(["--frob"], in: "de_DE")
    #expect(german.stderr == "circlecalc: unbekannte Option '--frob' (siehe circlecalc --help)\n")
    let korean = try Self.run(["--convert", "1 m to kg"], in: "ko_KR")
    #expect(korean.stderr == "circlecalc: 'm'(길이)을(를) 'kg'(질량)(으)로 변환할 수 없습니다\n")
    let help = try Self.run(["--help"], in: "ja_JP")
    #expect(help.stdout.contains("  --help             このヘルプを表示します\n"))
    #expect(help.stdout.contains("[sqrt] 平方根"))
  }

  /// The history store's lines on stderr are in the language too (docs/SPEC.md section 13).
  @Test func historyFileMessagesInTheLanguage() throws {
    let state = try HistoryCommandTests.State(history: "circlecalc history 3\n1\tleft\t2\t= 2\n")
    let cases: [(history: String, locale: String, expected: String)] = [
      (
        "not a tape\n", "de_DE",
        "die Verlaufsdatei \(state.file) beginnt nicht mit der Zeile 'circlecalc history 3'"
      ),
      (
        "circlecalc history 3\n1\tleft\t2\t= 2\nwhat\n", "fr_FR",
        "le fichier d'historique \(state.file) contient une ligne (3) qui n'est pas un calcul"
      ),
      (
        "circlecalc history 3\n1\tleft\t2\t= 2\n2\tleft\t3", "ko_KR",
        "기록 파일 \(state.file)이(가) 줄 중간에서 끝납니다(잘림). 그 줄은 버렸습니다"
      ),
    ]
    for (history, locale, expected) in cases {
      try history.write(toFile: state.file, atomically: false, encoding: .utf8)
      let result = try Self.run(["--history"], in: locale, state: state.root)
      #expect(result.stderr == "circlecalc: " + expected + "\n", "\(locale)")
    }
  }

  /// A catalog that is not one (cut short, or garbage) leaves the program English.
  @Test func aCorruptCatalogIsEnglish() throws {
    // A hard link beside the build folder (a copy could still be open for writing in a child
    // another test forks meanwhile: ETXTBSY); the binary looks for `locale` beside its path.
    let build = URL(fileURLWithPath: TestSupport.binary).resolvingSymlinksInPath()
      .deletingLastPathComponent().deletingLastPathComponent()
    let folder = build.appendingPathComponent("corrupt-catalog-\(UUID().uuidString)").path
    let catalogs = folder + "/locale/de/LC_MESSAGES"
    try FileManager.default.createDirectory(atPath: catalogs, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.linkItem(
      atPath: URL(fileURLWithPath: TestSupport.binary).resolvingSymlinksInPath().path,
      toPath: folder + "/circlecalc")
    for garbage in [Data([0xDE, 0x12, 0x04, 0x95, 0, 0, 0, 0, 0xFF, 0xFF]), Data(count: 4096)] {
      try garbage.write(to: URL(fileURLWithPath: catalogs + "/circlecalc.mo"))
      let result = try TestSupport.run(
        folder + "/circlecalc", ["--frob"], environment: Self.environment("de_DE"))
      #expect(result.status == 2)
      #expect(result.stderr == "circlecalc: unknown option '--frob' (see circlecalc --help)\n")
      let printed = try TestSupport.run(
        folder + "/circlecalc", ["--keys", "1234.5", "--print"],
        environment: Self.environment("de_DE"))
      #expect(printed.stdout == "1.234,5\n")
    }
  }
}
