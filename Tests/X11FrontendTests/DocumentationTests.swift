import CalculatorCore
import Foundation
import Testing

@testable import CalculatorWindow
@testable import X11Frontend

/// The README, the specification and the man page list every `--keys` token and every keyboard
/// binding, so the tables in the core and the front end cannot drift from the documents people
/// read (docs/SPEC.md section 11.4).
@Suite struct DocumentationTests {
  static let root: String = {
    var path = "\(#filePath)"
    for _ in 0..<3 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
    return path
  }()

  static func read(_ name: String) throws -> String {
    try String(contentsOfFile: root + "/" + name, encoding: .utf8)
  }

  /// The man page's words set in bold (`.B`, `.BR`, `.BI` lines), with groff's escapes undone.
  static func boldWords(_ man: String) -> Set<String> {
    var words: Set<String> = []
    for line in man.split(separator: "\n") where line.hasPrefix(".B") {
      let text = line.split(separator: " ", maxSplits: 1).dropFirst().joined()
        .replacingOccurrences(of: "\\-", with: "-").replacingOccurrences(of: "\"", with: "")
        .replacingOccurrences(of: "\\(mc", with: "µ").replacingOccurrences(of: "\\(de", with: "°")
        .replacingOccurrences(of: "\\(oA", with: "Å")
      for word in text.split(separator: " ").map(String.init) {
        // "digits," → "digits", but "," stays itself
        words.insert(
          word.count > 1 ? word.trimmingCharacters(in: CharacterSet(charactersIn: ",;")) : word)
      }
    }
    return words
  }

  /// The documents that list the tokens and bindings in backquotes.
  static let markdownDocuments = ["README.md", "docs/SPEC.md"]

  @Test(arguments: markdownDocuments)
  func theDocumentListsEveryTokenInBackquotes(_ name: String) throws {
    let document = try Self.read(name)
    for key in Key.allCases {
      if case .digit = key { continue }  // `0`–`9`
      #expect(document.contains("`\(key.token)`"), "\(name) lacks `\(key.token)`")
    }
    #expect(document.contains("`0`–`9`"))
  }

  /// The README is a user's guide (docs/SPEC.md section 11.4): short, and without run logs,
  /// which belong to the commit log (a commit hash, a date, a time of day in UTC).
  @Test func theReadmeIsAUsersGuide() throws {
    let readme = try Self.read("README.md")
    #expect(readme.split(separator: "\n", omittingEmptySubsequences: false).count < 450)
    for (pattern, what) in [
      (#"\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{7,40}\b"#, "a commit hash"),
      (#"\b(19|20)\d\d-\d\d-\d\d\b"#, "a date"), (#"\bUTC\b"#, "a time in UTC"),
    ] {
      let found = readme.range(of: pattern, options: .regularExpression).map { readme[$0] }
      #expect(found == nil, "the README has \(what): \(found ?? "")")
    }
    for document in ["docs/PERFORMANCE.md", "docs/DEVELOPMENT.md"] {
      #expect(readme.contains("(\(document))"), "the README does not point at \(document)")
    }
  }

  @Test func theManPageListsEveryTokenInBold() throws {
    let bold = Self.boldWords(try Self.read("data/circlecalc.1"))
    for key in Key.allCases {
      if case .digit = key { continue }  // 0–9
      #expect(bold.contains(key.token), "circlecalc.1 lacks \(key.token)")
    }
  }

  /// The history file's format and `--history` (docs/SPEC.md section 8) are where users look.
  @Test func theReadmeAndTheManPageDocumentTheHistory() throws {
    let readme = try Self.read("README.md")
    let man = try Self.read("data/circlecalc.1")
    for document in [readme, man] {
      #expect(document.contains(HistoryTape.header))
      #expect(document.contains("circlecalc/history"))
      #expect(document.replacingOccurrences(of: "\\-", with: "-").contains("--history"))
    }
    // The README's example file is a history the program reads.
    let start = try #require(readme.range(of: "```\n" + HistoryTape.header + "\n"))
    let end = try #require(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
    let example = String(readme[readme.index(start.lowerBound, offsetBy: 4)..<end.lowerBound])
    let tape = try HistoryTape(fileBytes: Array(example.utf8))
    #expect(tape.calculations.map(\.line).first == "1,200 × 1.08 + 49.9 = 1,345.9")
    #expect(tape.count == 3)
  }

  @Test func theDocumentsListEveryTipToken() throws {
    let bold = Self.boldWords(try Self.read("data/circlecalc.1"))
    for key in TipKey.allCases {
      if case .digit = key { continue }
      for name in Self.markdownDocuments {
        #expect(try Self.read(name).contains("`\(key.token)`"), "\(name) lacks `\(key.token)`")
      }
      #expect(bold.contains(key.token), "circlecalc.1 lacks \(key.token)")
    }
  }

  /// Each binding's name as the overlay shows it; single characters are bold in the man page
  /// and in backquotes in the README and the specification, named keys appear as they are.
  @Test func theDocumentsListEveryBinding() throws {
    let documents = try Self.markdownDocuments.map { ($0, try Self.read($0)) }
    let man = try Self.read("data/circlecalc.1").replacingOccurrences(of: "\\-", with: "-")
    let bold = Self.boldWords(man)
    for binding in keyBindings {
      guard let shown = binding.shown, shown != "0 – 9" else { continue }
      for (name, document) in documents {
        let written = shown.count == 1 ? "`\(shown)`" : shown
        #expect(document.contains(written), "\(name) lacks \(written)")
      }
      if shown.count == 1 {
        #expect(bold.contains(shown), "circlecalc.1 lacks \(shown) in bold")
      } else {
        #expect(man.contains(shown), "circlecalc.1 lacks \(shown)")
      }
    }
  }

  /// Every unit of the table, by category, and the three conversion options are documented
  /// where users look.
  @Test func theReadmeAndTheManPageListEveryUnit() throws {
    let readme = try Self.read("README.md")
    let man = try Self.read("data/circlecalc.1").replacingOccurrences(of: "\\-", with: "-")
    let bold = Self.boldWords(man)
    for unit in UnitTable.units {
      #expect(readme.contains("`\(unit.symbol)`"), "README lacks `\(unit.symbol)`")
      #expect(bold.contains(unit.symbol), "circlecalc.1 lacks \(unit.symbol) in bold")
    }
    for category in UnitCategory.allCases {
      #expect(readme.contains("- \(category.rawValue): "), "README lacks \(category)")
      #expect(man.contains("\n\(category.rawValue)\n.B "), "circlecalc.1 lacks \(category)")
    }
    for text in [
      "--convert", "--list-units", "--update-rates", "CIRCLECALC_RATES_TIMEOUT", "XDG_CACHE_HOME",
      "circlecalc/eurofxref-daily.xml",
    ] {
      #expect(readme.contains(text), "README lacks \(text)")
      #expect(man.contains(text), "circlecalc.1 lacks \(text)")
    }
    #expect(bold.contains("°C") && bold.contains("°F") && readme.contains("`°C` `°F`"))
  }
}
