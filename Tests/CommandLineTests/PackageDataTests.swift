import Foundation
import TestSupport
import Testing

/// The files the package is made of agree with each other and with the program
/// (docs/SPEC.md section 11.3): one version, the binary's; one id for the menu entry and the
/// metainfo; screenshots that are the repository's own images, at their real sizes.
@Suite("Package data")
struct PackageDataTests {
  /// The application's id, as the Makefile's `APP_ID` and the file names have it.
  static let id = "io.github.circlecalc.CircleCalc"

  static func read(_ name: String) throws -> String {
    try String(contentsOfFile: InstallTests.root + "/" + name, encoding: .utf8)
  }

  /// The capture groups of each match of `pattern` in `text`.
  static func captures(_ pattern: String, in text: String) throws -> [[String]] {
    let expression = try NSRegularExpression(pattern: pattern)
    return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
      match in
      (1..<match.numberOfRanges).map { index in
        Range(match.range(at: index), in: text).map { String(text[$0]) } ?? ""
      }
    }
  }

  @Test("The version is the binary's in the changelog, the metainfo and the man page")
  func oneVersion() throws {
    let printed = try TestSupport.circlecalc(["--version"]).stdout
    let version = try #require(try Self.captures(#"^circlecalc (\S+)\n$"#, in: printed).first)[0]
    let changelog = try Self.read("debian/changelog")
    #expect(changelog.hasPrefix("circlecalc (\(version)) "), "debian/changelog's newest entry")
    let metainfo = try Self.read("data/\(Self.id).metainfo.xml")
    let releases = try Self.captures(#"<release version="([^"]+)" date="([^"]+)""#, in: metainfo)
    #expect(releases.first?[0] == version, "the metainfo's newest release")
    // The release's date is the changelog entry's: "Thu, 03 Dec 2026 …" is 2026-12-03.
    let trailer = try #require(
      try Self.captures(#"\n -- .+>  \w{3}, (\d{2}) (\w{3}) (\d{4}) "#, in: changelog).first)
    let months = [
      "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]
    let month = try #require(months.firstIndex(of: trailer[1])) + 1
    let month2 = month < 10 ? "0\(month)" : "\(month)"
    #expect(releases.first?[1] == "\(trailer[2])-\(month2)-\(trailer[0])")
    let man = try Self.read("data/circlecalc.1")
    #expect(man.hasPrefix(".TH CIRCLECALC 1 ") && man.contains("\"CircleCalc \(version)\""))
  }

  @Test("One id names the menu entry, the metainfo and the Makefile's files")
  func oneID() throws {
    let metainfo = try Self.read("data/\(Self.id).metainfo.xml")
    #expect(try Self.captures("<id>([^<]+)</id>", in: metainfo).map(\.[0]) == [Self.id])
    #expect(
      try Self.captures(#"<launchable type="desktop-id">([^<]+)<"#, in: metainfo).map(\.[0])
        == ["\(Self.id).desktop"])
    #expect(FileManager.default.fileExists(atPath: "\(InstallTests.root)/data/\(Self.id).desktop"))
    #expect(try Self.read("Makefile").contains("\nAPP_ID = \(Self.id)\n"))
    let binaries = try Self.captures("<binary>([^<]+)</binary>", in: metainfo).map(\.[0])
    #expect(binaries == ["circlecalc"])
  }

  @Test("The screenshots are the repository's images at their sizes, under its home page")
  func screenshots() throws {
    let metainfo = try Self.read("data/\(Self.id).metainfo.xml")
    let homepage = try #require(
      try Self.captures(#"<url type="homepage">https://github\.com/([^<]+)</url>"#, in: metainfo)
        .first)[0]
    #expect(
      try Self.read("debian/control").contains("\nHomepage: https://github.com/\(homepage)\n"))
    let images = try Self.captures(
      #"<image type="source" width="(\d+)" height="(\d+)">([^<]+)</image>"#, in: metainfo)
    #expect(images.count == 5)
    let base = "https://raw.githubusercontent.com/\(homepage)/main/"
    for image in images {
      #expect(image[2].hasPrefix(base + "assets/"), "\(image[2])")
      let path = InstallTests.root + "/" + image[2].dropFirst(base.count)
      let data = try #require(FileManager.default.contents(atPath: path), "\(path)")
      let width = data[16..<20].reduce(0) { $0 << 8 | Int($1) }
      let height = data[20..<24].reduce(0) { $0 << 8 | Int($1) }
      #expect("\(width)x\(height)" == "\(image[0])x\(image[1])", "\(path)")
    }
  }
}
