import Foundation
import TestSupport
import Testing

@testable import CalculatorRender

/// Every character of every translation has a glyph in the font the renderer draws it with
/// (docs/SPEC.md section 13.5): Inter for Latin, Cyrillic and Greek, and for the rest the font
/// fontconfig's fallback picks (fonts-noto-cjk for Hangul, kana and Han), checked with
/// `FcCharSetHasChar` on that font's own character set, so nothing is ever a missing-glyph box.
@Suite("Glyphs for every language")
struct GlyphCoverageTests {
  static let languages = ["de", "es", "fr", "it", "ja", "ko", "pl", "pt_BR", "ru", "zh_CN"]

  /// The translated texts of a catalog, their `%s` and `\n` left as they are (ASCII).
  static func translations(_ language: String) throws -> [String] {
    let path = TestSupport.repositoryRoot.appendingPathComponent("po/\(language).po").path
    var texts: [String] = []
    var current: String?
    for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") {
      if line.hasPrefix("msgstr") {
        if let current { texts.append(current) }
        current = String(line.drop { $0 != "\"" }.dropFirst().dropLast())
      } else if line.hasPrefix("\""), current != nil {
        current! += String(line.dropFirst().dropLast())
      } else {
        if let current { texts.append(current) }
        current = nil
      }
    }
    if let current { texts.append(current) }
    return texts
  }

  @Test(arguments: languages)
  func everyCharacterHasAGlyph(_ language: String) throws {
    let renderer = Renderer()
    let characters = Set(try Self.translations(language).joined().unicodeScalars)
      .filter { !$0.properties.isWhitespace && $0.properties.generalCategory != .control }
    #expect(!characters.isEmpty)
    for face in [renderer.labelFace, renderer.symbolFace, renderer.displayFace] {
      for character in characters {
        let drawnBy = face.has(character) ? face : face.fallback(for: character)
        #expect(
          drawnBy.has(character),
          "\(language): U+\(String(character.value, radix: 16, uppercase: true)) \(character)")
      }
    }
  }

  /// A text of Latin letters only draws in one run of its face; Hangul goes to a fallback font
  /// and back.
  @Test func runs() {
    let face = Renderer().labelFace
    #expect(face.runs("Rechnung 1.234,5") == nil)
    #expect(face.runs("Счёт") == nil)
    let korean = face.runs("1인당 33.24")
    #expect(korean?.map(\.text) == ["1", "인당", " 33.24"])
    #expect(korean.map { $0[1].face !== face && $0[0].face === face } == true)
  }
}
