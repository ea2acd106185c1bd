import Foundation
import TestSupport
import Testing

/// The translations (docs/SPEC.md section 13.4): every catalog complete, and every text the code
/// marks in the template the catalogs are made from.
@Suite("The catalogs", TestSupport.needs("gettext's tools", missing: missingGettext))
struct CatalogTests {
  static let root = TestSupport.repositoryRoot
  static let po = root.appendingPathComponent("po")
  static let languages = ["de", "es", "fr", "it", "ja", "ko", "pl", "pt_BR", "ru", "zh_CN"]

  @Test func theLanguagesListed() throws {
    let listed = try String(contentsOf: Self.po.appendingPathComponent("LINGUAS"), encoding: .utf8)
    #expect(listed.split(separator: "\n").map(String.init).sorted() == Self.languages)
  }

  /// Each catalog is well formed (formats, plural forms, header) and translates every message
  /// of the template: `msgfmt --check --statistics` says `N translated messages.` alone.
  @Test(arguments: languages)
  func completeAndChecked(_ language: String) throws {
    let template =
      try String(
        contentsOf: Self.po.appendingPathComponent("circlecalc.pot"), encoding: .utf8
      ).split(separator: "\n").filter { $0.hasPrefix("msgid \"") }.count - 1
    let result = try TestSupport.run(
      "msgfmt",
      [
        "--check", "--statistics", "-o", "/dev/null",
        Self.po.appendingPathComponent(language + ".po").path,
      ],
      environment: ["LC_ALL": "C", "PATH": ProcessInfo.processInfo.environment["PATH"] ?? ""])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr == "\(template) translated messages.\n", "\(language)")
    let catalog = try Self.messages(in: Self.po.appendingPathComponent(language + ".po").path)
    let messages = try Self.messages(in: Self.po.appendingPathComponent("circlecalc.pot").path)
    #expect(catalog == messages, "\(language) differs from the template: run make po")
  }

  /// The template holds what xgettext extracts from the sources today (`make po` was run), and
  /// every literal the code passes to a marking function, found here without xgettext.
  @Test func everyMarkedTextReachesTheTemplate() throws {
    let template = try Self.messages(in: Self.po.appendingPathComponent("circlecalc.pot").path)
    let fresh = TestSupport.temporaryPath("circlecalc") + ".pot"
    defer { try? FileManager.default.removeItem(atPath: fresh) }
    let sources = try FileManager.default.subpathsOfDirectory(
      atPath: Self.root.appendingPathComponent("Sources").path
    ).filter { $0.hasSuffix(".swift") }.sorted().map { "Sources/" + $0 }
    let extract = try TestSupport.run(
      "xgettext",
      [
        "--from-code=UTF-8", "--language=C", "--keyword", "--keyword=tr", "--keyword=trPlural:1,2",
        "--keyword=unitRow:2,3", "--keyword=currencyName:1,2", "-o", fresh,
      ] + sources,
      directory: Self.root.path)
    #expect(extract.status == 0, "\(extract.stderr)")
    let extracted = try Self.messages(in: fresh)
    #expect(
      extracted.isSubset(of: template),
      "not in po/circlecalc.pot (run make po): \(extracted.subtracting(template).sorted())")
    var marked: Set<String> = []
    for path in sources {
      let text = try String(
        contentsOfFile: Self.root.appendingPathComponent(path).path, encoding: .utf8)
      marked.formUnion(Self.markedLiterals(in: text))
    }
    #expect(marked.count > 400)
    #expect(
      marked.subtracting(template).isEmpty,
      "marked but missing: \(marked.subtracting(template).sorted())")
  }

  /// The literals the marking functions receive: `tr("…")`, `trPlural("…", "…", n)`, and the
  /// names of the unit and currency tables' rows (`unitRow(symbol, "…", "…", …)`).
  static func markedLiterals(in source: String) -> [String] {
    let code = source.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
    // A literal: `"` then characters or escapes, not a line's end, then `"`.
    let one = #""(?:[^"\\\n]|\\.)*""#
    let calls = try! Regex(
      #"\b(tr|trPlural|unitRow|currencyName)\(((?:\s*"# + one + #"\s*,)*\s*"# + one + ")")
    let literal = try! Regex(#""((?:[^"\\]|\\.)*)""#)
    let wanted = ["tr": [0], "trPlural": [0, 1], "unitRow": [1, 2], "currencyName": [0, 1]]
    var found: [String] = []
    for match in code.matches(of: calls) {
      guard let name = match.output[1].substring, let list = match.output[2].substring else {
        continue
      }
      let values = list.matches(of: literal).compactMap { $0.output[1].substring.map(String.init) }
      for index in wanted[String(name)] ?? [] where values.indices.contains(index) {
        found.append(unescaped(values[index]))
      }
    }
    return found
  }

  /// A Swift literal's text: `\n`, `\"`, `\\`.
  static func unescaped(_ text: String) -> String {
    var result = ""
    var escaping = false
    for character in text {
      if escaping {
        result.append(character == "n" ? "\n" : character == "t" ? "\t" : character)
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else {
        result.append(character)
      }
    }
    return result
  }

  /// The msgids (and plural msgids) of a po or pot file, unescaped.
  static func messages(in path: String) throws -> Set<String> {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    var messages: Set<String> = []
    var current: String?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("msgid ") || line.hasPrefix("msgid_plural ") {
        if let current, !current.isEmpty { messages.insert(current) }
        current = unescaped(String(line.drop { $0 != "\"" }.dropFirst().dropLast()))
      } else if line.hasPrefix("\""), current != nil {
        current! += unescaped(String(line.dropFirst().dropLast()))
      } else {
        if let current, !current.isEmpty { messages.insert(current) }
        current = nil
      }
    }
    if let current, !current.isEmpty { messages.insert(current) }
    return messages
  }
}

@Sendable private func missingGettext() -> [String] {
  ["msgfmt", "xgettext"].filter { TestSupport.find($0) == nil }
}
