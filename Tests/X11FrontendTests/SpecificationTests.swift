import Foundation
import Testing

/// The repository carries its own rules (docs/SPEC.md section 11.4): every document a file of the
/// clone cites is in the clone, every section of docs/SPEC.md it cites exists, and no file names
/// an issue of the project's tracker, which a reader of the clone cannot see.
@Suite struct SpecificationTests {
  /// One offence: where, and what is wrong.
  struct Finding: Equatable, CustomStringConvertible {
    let path: String
    let line: Int
    let message: String

    var description: String { "\(path):\(line): \(message)" }
  }

  static let specification = "docs/SPEC.md"

  // The patterns are assembled from pieces so that this file does not match them itself.
  /// A document named by its path: `docs/SPEC.md`, `README.md`, or relative to the file.
  static let documentPattern = regex(#"(?<![\w/.+-])((?:[\w.+-]+/)*[\w+-][\w.+-]*\.md)(?![\w])"#)
  /// A list of section numbers: `3.1`, `2, 6 and 8`.
  static let sectionList =
    #"(\d+(?:\.\d+)?(?:(?:\s*,\s*|\s+and\s+|\s*,\s+and\s+)\d+(?:\.\d+)?)*)"#
  /// A citation of the specification's sections, across a comment's line break:
  /// `docs/SPEC.md section 3.1`, `docs/SPEC.md sections 2, 6 and 8`, `docs/SPEC.md §7`.
  static let citationPattern = regex(
    #"docs/SPEC\.md(?:'s)?[,:]?(?:\s|///|//|#|\*)+(?:§\s*|sections?\s+)"# + sectionList)
  /// Inside the specification, every `section N` is one of its own.
  static let ownSectionPattern = regex(#"(?<![\w.])[Ss]ections?\s+"# + sectionList)
  /// An issue of the tracker, named by its number (with or without `#`).
  static let issuePattern = regex(#"(?i)\b"# + "iss" + #"ues?\s*#?\s*\d+"#)
  /// The team's design file, by name, with or without its extension.
  static let designPattern = regex(#"\b"# + "DES" + #"IGN(?:\.md)?\b"#)
  /// A relative path that starts by leaving its folder: `../shared/tools/…`.
  static let upwardPattern = regex(#"(?<![\w/.-])((?:\.\./)+[\w.+-]+(?:/[\w.+-]+)*)"#)

  static func regex(_ pattern: String) -> NSRegularExpression {
    // A bad pattern is a bug in this file, which every test here would show at once.
    try! NSRegularExpression(pattern: pattern)
  }

  /// The section numbers the specification has: `"3"` for `## 3. The window`, `"3.1"` for
  /// `### 3.1 Look`.
  static func sections(ofSpecification text: String) -> [String] {
    text.split(separator: "\n").compactMap { line in
      let heading = line.drop { $0 == "#" }
      guard (2...3).contains(line.count - heading.count), heading.hasPrefix(" ") else { return nil }
      let number = heading.dropFirst().prefix { $0.isNumber || $0 == "." }
      let trimmed = number.hasSuffix(".") ? number.dropLast() : number
      return trimmed.isEmpty ? nil : String(trimmed)
    }
  }

  /// What is wrong in the text of the file at `path` (relative to the root): documents that
  /// `exists` does not know (a path relative to the root, or to the file's folder), paths that
  /// leave the repository, sections the specification lacks, issues and the design file named.
  static func findings(
    in text: String, path: String, sections: Set<String>, exists: (String) -> Bool
  ) -> [Finding] {
    let whole = NSRange(text.startIndex..., in: text)
    var found: [(offset: Int, message: String)] = []
    func matches(_ pattern: NSRegularExpression) -> [(offset: Int, captured: String)] {
      pattern.matches(in: text, range: whole).map { match in
        let range = match.numberOfRanges > 1 ? match.range(at: 1) : match.range
        return (match.range.location, Range(range, in: text).map { String(text[$0]) } ?? "")
      }
    }
    let folder = (path as NSString).deletingLastPathComponent
    for (offset, document) in matches(documentPattern) {
      switch resolve(document, from: folder) {
      case .outside:
        found.append((offset, "\(document) is outside the repository"))
      case .inside(let candidates):
        if !candidates.contains(where: exists) {
          found.append((offset, "cites \(document), which the repository does not hold"))
        }
      }
    }
    for (offset, relative) in matches(upwardPattern)
    where !relative.hasSuffix(".md") && resolve(relative, from: folder) == .outside {
      found.append((offset, "\(relative) is outside the repository"))
    }
    var citations = matches(citationPattern)
    if path == specification { citations += matches(ownSectionPattern) }
    for (offset, list) in citations {
      let numbers = list.split(whereSeparator: { !$0.isNumber && $0 != "." })
      for number in numbers where !sections.contains(String(number)) {
        found.append((offset, "cites \(specification) section \(number), which it does not have"))
      }
    }
    for (offset, named) in matches(issuePattern) {
      found.append((offset, "names \(quote(named)): say the reason, or cite \(specification)"))
    }
    for (offset, named) in matches(designPattern) {
      found.append((offset, "names \(quote(named)), a file outside the repository"))
    }
    let lineStarts = [0] + text.utf16.enumerated().filter { $0.element == 10 }.map { $0.offset + 1 }
    return found.map { offset, message in
      let line = lineStarts.lastIndex { $0 <= offset }.map { $0 + 1 } ?? 1
      return Finding(path: path, line: line, message: message)
    }.sorted { ($0.line, $0.message) < ($1.line, $1.message) }
  }

  private static func quote(_ text: String) -> String {
    "'" + text.split(whereSeparator: \.isWhitespace).joined(separator: " ") + "'"
  }

  /// Where a cited path can be: inside the repository (the candidates, relative to the root), or
  /// outside it.
  enum Place: Equatable {
    case inside([String])
    case outside
  }

  /// A path that starts with `../` or `./` is relative to the citing file's folder (a link from
  /// `docs` up to the root's ARCHITECTURE file); any other is the root's, or one beside the
  /// citing file (`README.md`); a path that climbs above the root is outside.
  static func resolve(_ cited: String, from folder: String) -> Place {
    func normalized(_ components: [Substring]) -> [Substring]? {
      var kept: [Substring] = []
      for component in components where component != "." && !component.isEmpty {
        if component == ".." {
          guard !kept.isEmpty else { return nil }
          kept.removeLast()
        } else {
          kept.append(component)
        }
      }
      return kept
    }
    let parts = cited.split(separator: "/", omittingEmptySubsequences: false)
    let besideFile = normalized(folder.split(separator: "/") + parts)
    if cited.hasPrefix("../") || cited.hasPrefix("./") {
      return besideFile.map { .inside([$0.joined(separator: "/")]) } ?? .outside
    }
    let fromRoot = normalized(parts)
    let candidates = [fromRoot, besideFile].compactMap { $0?.joined(separator: "/") }
    return candidates.isEmpty ? .outside : .inside(candidates)
  }

  /// Every text file of the repository, relative to the root: hidden folders (but `.ci`), the
  /// build's and `out/` left out, and binary files (PNG images, packages) skipped.
  static func repositoryFiles() throws -> [String] {
    let root = DocumentationTests.root
    let manager = FileManager.default
    var files: [String] = []
    for entry in try manager.contentsOfDirectory(atPath: root).sorted()
    where entry == ".ci" || !(entry.hasPrefix(".") || entry == "out") {
      var isFolder: ObjCBool = false
      guard manager.fileExists(atPath: root + "/" + entry, isDirectory: &isFolder) else {
        continue
      }
      guard isFolder.boolValue else {
        files.append(entry)
        continue
      }
      guard let walker = manager.enumerator(atPath: root + "/" + entry) else { continue }
      while let path = walker.nextObject() as? String {
        if (path as NSString).lastPathComponent.hasPrefix(".") {
          walker.skipDescendants()
          continue
        }
        files.append(entry + "/" + path)
      }
    }
    let binary: Set<String> = ["png", "gz", "deb", "so", "o", "a"]
    return files.filter { path in
      var isFolder: ObjCBool = false
      manager.fileExists(atPath: root + "/" + path, isDirectory: &isFolder)
      return !isFolder.boolValue && !binary.contains((path as NSString).pathExtension)
    }
  }

  @Test func everyCitedDocumentAndSectionExistsAndNoIssueIsNamed() throws {
    let root = DocumentationTests.root
    let sections = Set(
      Self.sections(ofSpecification: try DocumentationTests.read(Self.specification)))
    let files = try Self.repositoryFiles()
    // The walk reached the places citations live in.
    for expected in [
      "Makefile", "Sources/CalculatorCore/Calculator.swift", "README.md", "bench/run",
    ] {
      #expect(files.contains(expected), "the walk missed \(expected)")
    }
    var findings: [Finding] = []
    var citations = 0
    for path in files {
      guard let data = FileManager.default.contents(atPath: root + "/" + path),
        let text = String(data: data, encoding: .utf8)
      else { continue }
      citations += text.components(separatedBy: Self.specification).count - 1
      findings += Self.findings(in: text, path: path, sections: sections) {
        FileManager.default.fileExists(atPath: root + "/" + $0)
      }
    }
    #expect(citations > 100, "the specification is cited \(citations) times")
    for finding in findings { Issue.record("\(finding)") }
  }

  /// Sections 1 to 11 first, then later ones in increasing order (each round adds its own, in
  /// whichever order its branches are merged).
  @Test func theSpecificationHasItsSectionsInOrder() throws {
    let text = try DocumentationTests.read(Self.specification)
    let chapters = Self.sections(ofSpecification: text).filter { !$0.contains(".") }
    // The eleven sections, then the later ones in their numbers' order, each once (docs/SPEC.md
    // sections 12 to 16, added one by one).
    #expect(Array(chapters.prefix(11)) == (1...11).map(String.init))
    let later = chapters.dropFirst(11).map { Int($0) ?? 0 }
    #expect(later == later.sorted() && later.allSatisfy { (12...16).contains($0) }, "\(later)")
    #expect(Set(later).count == later.count, "\(later)")
    for (name, number) in [
      ("Architecture", 1), ("The core's rules", 2), ("The window", 3),
      ("Tip & Split", 7), ("The tape", 8), ("Accessibility", 9), ("Convert", 10),
      ("Order of operations", 12), ("Language and number format", 13),
      ("The tape for years", 15), ("Never a wrong digit", 16),
    ] {
      #expect(text.contains("\n## \(number). \(name)\n"), "section \(number) is not \(name)")
    }
  }

  /// The checker itself, on lines written to break each rule (and on lines that keep them).
  @Test func theCheckerFindsEachKindOfOffence() {
    let sections: Set<String> = ["1", "2", "2.3", "6"]
    // The documents and paths below are made up: the real scan must not see them.
    let md = ".md"
    let up = "../"
    let known: Set<String> = ["docs/SPEC.md", "README.md", "docs/NOTES\(md)"]
    func check(_ text: String, path: String = "Sources/Core/File.swift") -> [String] {
      Self.findings(in: text, path: path, sections: sections, exists: known.contains).map {
        "\($0.line): \($0.message)"
      }
    }
    let design = "DES" + "IGN" + md
    let issue = "iss" + "ue 12"
    #expect(
      check(
        """
        // Fine: docs/SPEC.md section 2.3, docs/SPEC.md sections 1, 2 and 6, README.md.
        /// Half-up (docs/SPEC.md
        /// section 2.3), see https://example.org/guide.md and `../lib/circlecalc`.
        """
      ) == [])
    #expect(
      check("// as \(design) section 3 says") == [
        "1: cites \(design), which the repository does not hold",
        "1: names '\(design)', a file outside the repository",
      ])
    #expect(
      check("x\n// Rule: docs/SPEC.md section 2.4 and docs/SPEC.md §7.") == [
        "2: cites docs/SPEC.md section 2.4, which it does not have",
        "2: cites docs/SPEC.md section 7, which it does not have",
      ])
    #expect(
      check("/// the strip (docs/SPEC.md\n  /// sections 2 and 9)") == [
        "1: cites docs/SPEC.md section 9, which it does not have"
      ])
    #expect(
      check("# \(issue): the tape") == ["1: names '\(issue)': say the reason, or cite docs/SPEC.md"]
    )
    #expect(
      check("see ../shared/notes.txt", path: "Makefile") == [
        "1: ../shared/notes.txt is outside the repository"
      ])
    #expect(
      check("see \(up)\(up)\(up)notes\(md)") == [
        "1: \(up)\(up)\(up)notes\(md) is outside the repository"
      ])
    #expect(
      check("[map](../ARCHITECTURE\(md))", path: "docs/SPEC.md") == [
        "1: cites ../ARCHITECTURE\(md), which the repository does not hold"
      ])
    #expect(check("see NOTES\(md)", path: "docs/SPEC.md") == [])  // beside the citing file
    #expect(
      check("as section 6 and section 4 say", path: "docs/SPEC.md") == [
        "1: cites docs/SPEC.md section 4, which it does not have"
      ])
  }
}
