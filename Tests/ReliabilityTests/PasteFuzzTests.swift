import CalculatorCore
import Foundation
import TestSupport
import Testing

/// The number parser against a regular-expression oracle: random and adversarial text up to
/// megabytes is accepted exactly when it is one number in range, read digit for digit, in
/// time bounded per megabyte; a paste of one number in range (at most 10,000 characters) is
/// that number, and any other paste is an expression (docs/SPEC.md section 12) that leaves
/// the calculator whole, or is refused and changes nothing. Runs like `CoreFuzzTests`
/// (`FUZZ_REPLAY=paste:<seed>`).
@Suite("Fuzzing: the paste parser")
struct PasteFuzzTests {
  static let casesPerChunk = 1_500
  static let sliceChunks: UInt64 = 2

  @Test("Random and hostile text is read as one number only when it is one, in bounded time")
  func randomText() throws {
    let base = TestSupport.fuzzSeed(31_415_926)
    var cases = 0
    var accepted = 0
    var bytes = 0
    var worstPerMegabyte = 0.0
    var worstText = ""
    var failures: [String] = []
    TestSupport.fuzzChunks("paste", base: base, sliceChunks: PasteFuzzTests.sliceChunks) {
      random, isReplay in
      for index in 0..<PasteFuzzTests.casesPerChunk where failures.count < 10 {
        let text = PasteFuzzTests.text(&random, large: index % 300 == 299)
        if isReplay {
          FileHandle.standardError.write(Data((PasteFuzzTests.describe(text) + "\n").utf8))
        }
        let start = PasteFuzzTests.threadSeconds()
        let parsed = NumberFormat.parse(text)
        let parts = NumberFormat.scan(text)?.parts
        var calculator = Calculator()
        let pasted = (try? calculator.paste(text)) != nil
        let seconds = PasteFuzzTests.threadSeconds() - start
        cases += 1
        bytes += text.utf8.count
        if text.utf8.count >= 65_536 {
          let perMegabyte = seconds / (Double(text.utf8.count) / 1_048_576)
          if perMegabyte > worstPerMegabyte {
            worstPerMegabyte = perMegabyte
            worstText = PasteFuzzTests.describe(text)
          }
        }
        if let problem = PasteFuzzTests.problem(text, parsed, parts, pasted, calculator) {
          failures.append("\(problem): \(PasteFuzzTests.describe(text))")
        }
        if pasted { accepted += 1 }
      }
      return failures.count < 10
    }
    print(
      "paste fuzz, seed \(base): \(cases) texts (\(bytes / 1_048_576) MiB), \(accepted) accepted,"
        + " worst \(String(format: "%.3f", worstPerMegabyte)) CPU s per MiB (\(worstText)),"
        + " \(failures.count) failures")
    #expect(failures.isEmpty, "\(failures)")
    // CPU seconds of this thread, so a loaded machine does not count; debug build: generous,
    // but a quadratic scan of a megabyte fails it.
    #expect(worstPerMegabyte < 2, "\(worstText)")
  }

  /// CPU time of the calling thread, in seconds.
  static func threadSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// What the oracle and the parser disagree on, or nil.
  static func problem(
    _ text: String, _ parsed: DecimalNumber?, _ parts: DecimalParts?, _ pasted: Bool,
    _ calculator: Calculator
  ) -> String? {
    let expected = PasteOracle.read(text)
    if (parts == nil) != (expected == nil) {
      return "scan \(parts == nil ? "refused" : "accepted") it"
    }
    let isLong = text.count > 10_000
    if isLong && pasted { return "a paste over 10,000 characters was accepted" }
    guard pasted else {
      if let expected, !isLong, PasteOracle.isInRange(expected.rounded(20)) {
        return "paste refused one number in range"
      }
      guard calculator == Calculator() else { return "a refused paste changed the state" }
      guard let expected, let parts else { return parsed == nil ? nil : "parse accepted it" }
      if parts != expected { return "read as \(parts), expected \(expected)" }
      let inRange = PasteOracle.isInRange(expected.rounded(38))
      return (parsed != nil) == inRange ? nil : "parse \(parsed == nil ? "refused" : "accepted") it"
    }
    guard let expected, let parts else {
      // An expression: whatever it typed, the calculator is whole.
      let broken = Invariants.broken(calculator)
      return broken.isEmpty ? nil : "after the paste: \(broken)"
    }
    if parts != expected { return "read as \(parts), expected \(expected)" }
    let inRange = PasteOracle.isInRange(expected.rounded(38))
    if (parsed != nil) != inRange { return "parse \(parsed == nil ? "refused" : "accepted") it" }
    if !PasteOracle.isInRange(expected.rounded(20)) {
      return "paste accepted a number out of range"
    }
    let shown = NumberFormat.scan(calculator.display)?.parts
    if shown != expected.rounded(20) {
      return "pasted as \(calculator.display), expected \(expected.rounded(20))"
    }
    let broken = Invariants.broken(calculator)
    return broken.isEmpty ? nil : "after the paste: \(broken)"
  }

  /// Text that is a number, nearly one, or nothing like one; `large` texts run to megabytes.
  static func text(_ random: inout TestSupport.SeededGenerator, large: Bool) -> String {
    if large {
      let most = TestSupport.fuzzSeconds == nil ? 1_048_576 : 4_194_304
      let count = Int.random(in: 65_536...most, using: &random)
      switch Int.random(in: 0..<9, using: &random) {
      case 0: return String(repeating: "7", count: count)
      case 1: return "1" + String(repeating: ",000", count: count / 4)
      case 2:
        return String(repeating: " ", count: count) + "42" + String(repeating: "\t", count: count)
      case 3: return "0." + String(repeating: "0", count: count) + "1"
      case 4: return String(repeating: "\n", count: count)
      case 5: return "1e" + String(repeating: "9", count: count)
      case 6: return String(repeating: "+", count: count) + "1"
      case 7: return String(repeating: "1,", count: count / 2) + "1"
      default:
        return String(
          decoding: (0..<count).map { _ in UInt8.random(in: 1...255, using: &random) },
          as: UTF8.self)
      }
    }
    var text = number(&random)
    for _ in 0..<Int.random(in: 0...2, using: &random) where Bool.random(using: &random) {
      text = mutate(text, &random)
    }
    return text
  }

  /// A number in any of the accepted forms, sometimes far out of range.
  static func number(_ random: inout TestSupport.SeededGenerator) -> String {
    func digits(_ count: Int, _ random: inout TestSupport.SeededGenerator) -> String {
      String((0..<count).map { _ in "0123456789".randomElement(using: &random) ?? "0" })
    }
    let space = [" ", "\t", "\n", "\r", "", "", "", "  "]
    var text = space.randomElement(using: &random) ?? ""
    text += ["", "", "-", "+"].randomElement(using: &random) ?? ""
    switch Int.random(in: 0..<4, using: &random) {
    case 0: text += digits(Int.random(in: 0...25, using: &random), &random)
    case 1:
      text += String(Int.random(in: 1...999, using: &random))
      for _ in 0..<Int.random(in: 1...8, using: &random) { text += "," + digits(3, &random) }
    case 2: text += digits(Int.random(in: 30...120, using: &random), &random)
    default: text += "0"
    }
    if Int.random(in: 0..<2, using: &random) == 0 {
      text += "." + digits(Int.random(in: 0...45, using: &random), &random)
    }
    if Int.random(in: 0..<3, using: &random) == 0 {
      text += ["e", "E"].randomElement(using: &random) ?? "e"
      text += ["", "-", "+"].randomElement(using: &random) ?? ""
      let exponent = [
        String(Int.random(in: 0...130, using: &random)), "0000099", "999999999", "000000",
        digits(Int.random(in: 1...9, using: &random), &random),
      ]
      text += exponent.randomElement(using: &random) ?? "1"
    }
    return text + (space.randomElement(using: &random) ?? "")
  }

  static let alphabet: [String] =
    Array("0123456789,.eE+- \t\n\r").map(String.init) + [
      "١", "１", "\u{A0}", "\u{2003}", "\u{301}", "٫", "·", "e\u{301}", "∞", "NaN", "0x1", "\u{0}",
      "٬", "'", "_", "🧮",
    ]

  /// One character inserted, removed or replaced.
  static func mutate(_ text: String, _ random: inout TestSupport.SeededGenerator) -> String {
    var characters = Array(text)
    let position = Int.random(in: 0...characters.count, using: &random)
    let insert = Array(alphabet.randomElement(using: &random) ?? ",")
    switch Int.random(in: 0..<3, using: &random) {
    case 0: characters.insert(contentsOf: insert, at: position)
    case 1 where position < characters.count: characters.remove(at: position)
    default:
      if position < characters.count {
        characters.replaceSubrange(position...position, with: insert)
      } else {
        characters += insert
      }
    }
    return String(characters)
  }

  /// The text in Swift literal form, shortened: `"  1,234"…(2097152 bytes)`.
  static func describe(_ text: String) -> String {
    let bytes = text.utf8.count
    guard bytes > 80 else { return text.debugDescription }
    return String(text.prefix(40)).debugDescription + "…(\(bytes) bytes)"
  }
}

/// The paste grammar as one regular expression, apart from the parser: optional ASCII white
/// space, an optional sign, digits (grouped by three with commas, the first group not starting
/// with 0, or not grouped), an optional fraction, an optional exponent; at least one digit.
/// Plus the parser's documented limits: at most 1,000 characters between the white space and
/// at most 6 exponent digits.
enum PasteOracle {
  // swift-format-ignore
  static let pattern = try! NSRegularExpression(
    pattern: #"^[ \t\n\r]*([+-]?)([1-9][0-9]{0,2}(?:,[0-9]{3})+|[0-9]*)(?:\.([0-9]*))?(?:[eE]([+-]?)([0-9]+))?[ \t\n\r]*$"#)

  /// The number the text is, or nil.
  static func read(_ text: String) -> DecimalParts? {
    let trimmed = text.utf8.drop { [32, 9, 10, 13].contains($0) }.reversed()
      .drop { [32, 9, 10, 13].contains($0) }
    guard !trimmed.isEmpty, trimmed.count <= 1_000 else { return nil }
    let whole = NSRange(text.startIndex..., in: text)
    guard let match = pattern.firstMatch(in: text, range: whole) else { return nil }
    func group(_ index: Int) -> String {
      Range(match.range(at: index), in: text).map { String(text[$0]) } ?? ""
    }
    let integer = group(2).filter { $0 != "," }
    let fraction = group(3)
    guard !(integer + fraction).isEmpty else { return nil }
    var exponent = 0
    if match.range(at: 5).location != NSNotFound {
      guard group(5).count <= 6, let value = Int(group(5)) else { return nil }
      exponent = group(4) == "-" ? -value : value
    }
    return DecimalParts(
      negative: group(1) == "-", digits: (integer + fraction).utf8.map { $0 - 48 },
      exponent: exponent - fraction.count)
  }

  /// Whether a number is zero or within 1e-99 <= |x| < 1e100.
  static func isInRange(_ parts: DecimalParts) -> Bool {
    guard !parts.digits.isEmpty else { return true }
    let magnitude = parts.exponent + parts.digits.count - 1
    return (-99...99).contains(magnitude)
  }
}

extension DecimalParts {
  /// Rounded half-up to `count` significant digits, written again apart from the core.
  fileprivate func rounded(_ count: Int) -> DecimalParts {
    guard digits.count > count else { return self }
    var kept = digits.prefix(count).map(Int.init)
    if digits[count] >= 5 {
      var index = count - 1
      while index >= 0 && kept[index] == 9 {
        kept[index] = 0
        index -= 1
      }
      if index < 0 { kept.insert(1, at: 0) } else { kept[index] += 1 }
    }
    let dropped = digits.count - count - (kept.count - count)
    return DecimalParts(
      negative: negative, digits: kept.map(UInt8.init), exponent: exponent + dropped)
  }
}
