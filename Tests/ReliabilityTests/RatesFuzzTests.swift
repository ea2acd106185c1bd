import CalculatorCore
import CalculatorRates
import Foundation
import TestSupport
import Testing

/// The rates file's reader (expat, then `ECBRates`) against damaged and hostile files: the
/// ECB's fixture cut short, bytes changed, pieces of hostile XML put in (a DOCTYPE with a
/// billion laughs, external entities, references, CDATA, bad UTF-8), or grown past the limit.
/// Each is refused with one line saying why, or read as exactly the rates it holds, in bounded
/// time. Runs like `CoreFuzzTests` (`FUZZ_REPLAY=rates:<seed>`).
@Suite("Fuzzing: the rates file")
struct RatesFuzzTests {
  static let casesPerChunk = 2_000
  static let sliceChunks: UInt64 = 2
  static let daily: [UInt8] = (try? RatesServer.fixture("eurofxref-daily.xml")) ?? []

  /// Pieces of XML that a parser must not act on, or that break the file.
  static let hostile: [String] = [
    "<!DOCTYPE lolz [<!ENTITY lol \"lol\"><!ENTITY lol1 \"&lol;&lol;&lol;&lol;&lol;&lol;\">"
      + "<!ENTITY lol2 \"&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;\">]>",
    "<!DOCTYPE x [<!ENTITY e SYSTEM 'file:///etc/passwd'>]>", "<!ENTITY e 'x'>", "&lol2;",
    "&e;", "&#0;", "&#x110000;", "&#xD800;", "&#65;", "&amp;", "&", "<![CDATA[", "]]>", "<!--",
    "-->", "<?pi x?>", "<?", "?>", "<", ">", "</Cube>", "<Cube>", "'", "\"", "=",
    "<Cube currency='XYZ' rate='1'/>", "<Cube time='2026-11-28'>", "\u{FEFF}", "\0", "\u{7F}",
  ]

  @Test("Damaged and hostile rates files are refused with one line, or read exactly")
  func damagedFiles() throws {
    try #require(Self.daily.count > 1_000)
    let base = TestSupport.fuzzSeed(27_182_818)
    var cases = 0
    var accepted = 0
    var worst = 0.0
    var failures: [String] = []
    TestSupport.fuzzChunks("rates", base: base, sliceChunks: Self.sliceChunks) {
      random, isReplay in
      for _ in 0..<Self.casesPerChunk where failures.count < 10 {
        let bytes = Self.damaged(&random)
        if isReplay { FileHandle.standardError.write(Data(Self.describe(bytes).utf8 + [10])) }
        let start = Self.threadSeconds()
        let result = Result { () throws(RatesError) in try ECBRates.parse(bytes) }
        worst = max(worst, Self.threadSeconds() - start)
        cases += 1
        if case .success = result { accepted += 1 }
        if let problem = Self.problem(bytes, result) {
          failures.append("\(problem): \(Self.describe(bytes))")
        }
      }
      return failures.count < 10
    }
    print(
      "rates fuzz, seed \(base): \(cases) files, \(accepted) read, slowest"
        + " \(String(format: "%.4f", worst)) CPU s, \(failures.count) failures")
    #expect(failures.isEmpty, "\(failures)")
    // CPU seconds of this thread: a file of at most 64 KiB, in a debug build.
    #expect(worst < 0.5)
  }

  /// The fixture with one to four kinds of damage.
  static func damaged(_ random: inout TestSupport.SeededGenerator) -> [UInt8] {
    var bytes = daily
    for _ in 0..<Int.random(in: 1...4, using: &random) {
      let place = Int.random(in: 0...bytes.count, using: &random)
      switch Int.random(in: 0..<10, using: &random) {
      case 0...2:
        bytes.insert(
          contentsOf: Array(hostile.randomElement(using: &random).unsafelyUnwrapped.utf8),
          at: place)
      case 3...4:
        if place < bytes.count { bytes[place] = UInt8.random(in: 0...255, using: &random) }
      case 5:
        let end = min(bytes.count, place + Int.random(in: 1...40, using: &random))
        bytes.removeSubrange(place..<end)
      case 6:
        let end = min(bytes.count, place + Int.random(in: 1...200, using: &random))
        bytes.insert(contentsOf: bytes[place..<end], at: place)
      case 7:
        bytes = Array(bytes.prefix(place))
      case 8:
        // A DOCTYPE in the prolog, after the XML declaration.
        let prolog = (bytes.firstIndex(of: UInt8(ascii: ">")) ?? -1) + 1
        bytes.insert(contentsOf: Array(hostile[0].utf8), at: min(prolog, bytes.count))
      default:
        let count = Int.random(in: 60_000...70_000, using: &random)
        bytes.insert(
          contentsOf: Array(("<!--" + String(repeating: "x", count: count) + "-->").utf8),
          at: min(place, bytes.count))
      }
    }
    return bytes
  }

  /// What is wrong with the reader's answer for `bytes`, or nil.
  static func problem(_ bytes: [UInt8], _ result: Result<CurrencyRates, RatesError>) -> String? {
    switch result {
    case .failure(.tooLarge(let limit)):
      return bytes.count > limit && limit == 65_536 ? nil : "too large at \(bytes.count) bytes"
    case .failure(.invalid(let reason)):
      guard bytes.count <= 65_536 else { return "not refused for its size" }
      guard !reason.isEmpty, reason.count < 200, !reason.contains(where: \.isNewline) else {
        return "the reason is not one line: \(reason.debugDescription)"
      }
      return nil
    case .failure(let error):
      return "refused as \(error)"
    case .success(let rates):
      guard bytes.count <= 65_536 else { return "read past the limit" }
      let text = String(decoding: bytes, as: UTF8.self)
      if text.contains("<!DOCTYPE") && !text.contains("<!--") && !text.contains("CDATA") {
        return "read despite a DOCTYPE"
      }
      // Without comments or CDATA that could hide some, or references that could spell them,
      // the rates are the file's rate elements, in order (an independent reading: a regular
      // expression over the text).
      guard !text.contains("<!--"), !text.contains("CDATA"), !text.contains("&") else {
        return nil
      }
      let written = Self.rateElements(text)
      let read = rates.rates.map { ($0.code, $0.perEuro) }
      guard read.count == written.count,
        zip(read, written).allSatisfy({ $0.0 == $1.0 && $0.1 == NumberFormat.parse($1.1) })
      else { return "read \(read.map(\.0)), the file has \(written.map(\.0))" }
      return nil
    }
  }

  /// Each `<Cube … currency='C' … rate='R' …/>` of the text, in order: its code and rate as
  /// written (an empty rate when it has none).
  static func rateElements(_ text: String) -> [(String, String)] {
    func matches(_ pattern: String, _ text: String) -> [[String]] {
      guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
      return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
        match in
        (0..<match.numberOfRanges).map { index in
          Range(match.range(at: index), in: text).map { String(text[$0]) } ?? ""
        }
      }
    }
    return matches(#"<Cube(\s[^<>]*)/>"#, text).compactMap { element in
      let attributes = matches(#"([^\s=]+)\s*=\s*(['"])([^'"]*)\2"#, element[1])
      let named = Dictionary(
        attributes.map { ($0[1], $0[3]) }, uniquingKeysWith: { first, _ in first })
      return named["currency"].map { ($0, named["rate"] ?? "") }
    }
  }

  /// The file, shortened for a message.
  static func describe(_ bytes: [UInt8]) -> String {
    let text = String(decoding: bytes, as: UTF8.self).debugDescription
    return "\(bytes.count) bytes: " + (text.count > 400 ? text.prefix(400) + "…" : text)
  }

  /// CPU time of the calling thread, in seconds.
  static func threadSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
