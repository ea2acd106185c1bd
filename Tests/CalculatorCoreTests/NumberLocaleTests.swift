import CalculatorCore
import Foundation
import TestSupport
import Testing

/// How numbers are written and read in the user's locale (docs/SPEC.md sections 13.1 and 13.3).
///
/// The separators and group sizes are each locale's published convention (CLDR, glibc's
/// locale sources), written here by hand; `glibcAgrees` checks them against what Python's
/// `locale` module reads from glibc's data on this machine.
@Suite("Numbers in the locale's form")
struct NumberLocaleTests {
  /// A locale's convention: decimal separator, grouping separator, group sizes.
  struct Convention: Sendable, CustomStringConvertible {
    var name: String
    var decimal: String
    var grouping: String
    var sizes: [Int]
    var description: String { name }
    var numbers: NumberLocale {
      NumberLocale(decimalSeparator: decimal, groupingSeparator: grouping, groupSizes: sizes)
    }
  }

  static let narrowSpace = "\u{202F}"

  // The eleven locales of the table: en_US and the East Asian ones write what C writes.
  static let conventions: [Convention] = [
    Convention(name: "en_US", decimal: ".", grouping: ",", sizes: [3]),
    Convention(name: "de_DE", decimal: ",", grouping: ".", sizes: [3]),
    Convention(name: "fr_FR", decimal: ",", grouping: narrowSpace, sizes: [3]),
    Convention(name: "de_CH", decimal: ".", grouping: "\u{2019}", sizes: [3]),
    Convention(name: "en_IN", decimal: ".", grouping: ",", sizes: [3, 2]),
    Convention(name: "it_IT", decimal: ",", grouping: ".", sizes: [3]),
    Convention(name: "ru_RU", decimal: ",", grouping: narrowSpace, sizes: [3]),
    Convention(name: "pl_PL", decimal: ",", grouping: narrowSpace, sizes: [3]),
    Convention(name: "ko_KR", decimal: ".", grouping: ",", sizes: [3]),
    Convention(name: "ja_JP", decimal: ".", grouping: ",", sizes: [3]),
  ]

  @Test func glibcAgrees() throws {
    // Python's locale module reads the same glibc data the program reads.
    let script = """
      import locale, sys
      for name in sys.argv[1:]:
          locale.setlocale(locale.LC_NUMERIC, name + ".UTF-8")
          c = locale.localeconv()
          sizes = [g for g in c["grouping"] if g > 0]
          while len(sizes) > 1 and sizes[-1] == sizes[-2]:
              sizes.pop()
          print(name, ascii(c["decimal_point"]), ascii(c["thousands_sep"]), sizes)
      """
    let result = try TestSupport.run(
      "python3", ["-c", script] + Self.conventions.map(\.name), timeout: 60)
    #expect(result.status == 0, "\(result.stderr)")
    let expected = Self.conventions.map { convention in
      func ascii(_ text: String) -> String {
        "'"
          + text.unicodeScalars.map {
            $0.isASCII ? String($0) : "\\u" + String(format: "%04x", $0.value)
          }.joined() + "'"
      }
      return "\(convention.name) \(ascii(convention.decimal)) \(ascii(convention.grouping)) "
        + "\(convention.sizes)"
    }
    #expect(result.stdout.split(separator: "\n").map(String.init) == expected)
  }

  // swift-format-ignore
  /// C-form texts and what each locale writes for them (`_` stands for U+202F).
  static let forms: [(c: String, forms: [String: String])] = [
    ("1,234,567.89", ["en_US": "1,234,567.89", "de_DE": "1.234.567,89", "fr_FR": "1_234_567,89", "de_CH": "1’234’567.89", "en_IN": "12,34,567.89", "it_IT": "1.234.567,89", "ru_RU": "1_234_567,89", "pl_PL": "1_234_567,89", "ko_KR": "1,234,567.89", "ja_JP": "1,234,567.89"]),
    ("-12,345,678,901", ["en_US": "-12,345,678,901", "de_DE": "-12.345.678.901", "fr_FR": "-12_345_678_901", "de_CH": "-12’345’678’901", "en_IN": "-12,34,56,78,901", "it_IT": "-12.345.678.901", "ru_RU": "-12_345_678_901", "pl_PL": "-12_345_678_901", "ko_KR": "-12,345,678,901", "ja_JP": "-12,345,678,901"]),
    ("0.000125", ["en_US": "0.000125", "de_DE": "0,000125", "fr_FR": "0,000125", "de_CH": "0.000125", "en_IN": "0.000125", "it_IT": "0,000125", "ru_RU": "0,000125", "pl_PL": "0,000125", "ko_KR": "0.000125", "ja_JP": "0.000125"]),
    ("-1.5e25", ["en_US": "-1.5e25", "de_DE": "-1,5e25", "fr_FR": "-1,5e25", "de_CH": "-1.5e25", "en_IN": "-1.5e25", "it_IT": "-1,5e25", "ru_RU": "-1,5e25", "pl_PL": "-1,5e25", "ko_KR": "-1.5e25", "ja_JP": "-1.5e25"]),
    ("× 1,200.", ["en_US": "× 1,200.", "de_DE": "× 1.200,", "fr_FR": "× 1_200,", "de_CH": "× 1’200.", "en_IN": "× 1,200.", "it_IT": "× 1.200,", "ru_RU": "× 1_200,", "pl_PL": "× 1_200,", "ko_KR": "× 1,200.", "ja_JP": "× 1,200."]),
    ("1345.9", ["en_US": "1345.9", "de_DE": "1345,9", "fr_FR": "1345,9", "de_CH": "1345.9", "en_IN": "1345.9", "it_IT": "1345,9", "ru_RU": "1345,9", "pl_PL": "1345,9", "ko_KR": "1345.9", "ja_JP": "1345.9"]),
    ("NaN", ["en_US": "NaN", "de_DE": "NaN", "fr_FR": "NaN", "de_CH": "NaN", "en_IN": "NaN", "it_IT": "NaN", "ru_RU": "NaN", "pl_PL": "NaN", "ko_KR": "NaN", "ja_JP": "NaN"]),
  ]

  @Test(arguments: conventions)
  func cFormTextsInTheLocalesForm(_ convention: Convention) {
    for (c, forms) in Self.forms {
      let expected = forms[convention.name]?.replacingOccurrences(of: "_", with: Self.narrowSpace)
      #expect(convention.numbers.localized(c) == expected, "\(c)")
    }
  }

  @Test func theCFormIsUnchanged() {
    #expect(NumberLocale.c.isC)
    #expect(NumberLocale.c.localized("× 1,234,567.5 = 1e-9") == "× 1,234,567.5 = 1e-9")
    #expect(NumberLocale.c.reading(" 1,234.5 ") == " 1,234.5 ")
  }

  // docs/SPEC.md section 13.3, in de_DE: the locale's form first, then the plain form,
  // anything else refused whole (the plain text the core then refuses).
  @Test(arguments: [
    ("1.234", "1234"), ("1,5", "1.5"), ("1.234,5", "1234.5"), ("1234.5", "1234.5"),
    ("1,234.5", "1,234.5"), ("-1.234.567,25", "-1234567.25"), (" 1234,5 ", "1234.5"),
    ("1,5e25", "1.5e25"), ("1.2.3", "1.2.3"), ("12.34", "12.34"), ("0.5", "0.5"), ("1,", "1."),
  ])
  func germanPastes(_ pasted: String, _ read: String) {
    let german = NumberLocale(decimalSeparator: ",", groupingSeparator: ".", groupSizes: [3])
    #expect(german.reading(pasted) == read)
  }

  @Test func whatTheCoreMakesOfGermanPastes() {
    let german = NumberLocale(decimalSeparator: ",", groupingSeparator: ".", groupSizes: [3])
    func pasted(_ text: String) -> String? {
      var calculator = Calculator()
      return (try? calculator.paste(german.reading(text))) != nil ? calculator.display : nil
    }
    #expect(pasted("1.234") == "1,234")
    #expect(pasted("1,5") == "1.5")
    #expect(pasted("1.234,5") == "1,234.5")
    #expect(pasted("1234.5") == "1,234.5")
    #expect(pasted("1,234.5") == "1,234.5")
    #expect(pasted("1.2.3") == nil)
    #expect(pasted("1,2,3") == nil)
  }

  @Test func spacesAndApostrophesAsUsersTypeThem() {
    let french = NumberLocale(
      decimalSeparator: ",", groupingSeparator: Self.narrowSpace, groupSizes: [3])
    #expect(french.plainForm(of: "1 234 567,5") == "1234567.5")
    #expect(french.plainForm(of: "1\u{A0}234,5") == "1234.5")
    #expect(french.plainForm(of: "1\u{202F}234,5") == "1234.5")
    #expect(french.plainForm(of: "12 34,5") == nil)
    let swiss = NumberLocale(
      decimalSeparator: ".", groupingSeparator: "\u{2019}", groupSizes: [3])
    #expect(swiss.plainForm(of: "1'234.5") == "1234.5")
    #expect(swiss.plainForm(of: "1’234’567") == "1234567")
    let indian = NumberLocale(decimalSeparator: ".", groupingSeparator: ",", groupSizes: [3, 2])
    #expect(indian.plainForm(of: "12,34,567.5") == "1234567.5")
    #expect(indian.plainForm(of: "1,234,567.5") == nil)  // then read plain: 1234567.5
  }

  /// Copy writes the locale's form without grouping and paste reads it back to the same number,
  /// in every locale, for numbers typed and computed.
  @Test(arguments: conventions)
  func copyAndPasteRoundTrips(_ convention: Convention) throws {
    let numbers = convention.numbers
    for keys in ["1234567.89", "12345678*9=", "1/8000=", "1.5[ee]25n=", "2[sqrt]", "0.", "7n"] {
      let calculator = TestSupport.calculator(after: keys)
      let copied = numbers.localized(try #require(calculator.copyText))
      #expect(!copied.contains(convention.grouping), "\(keys): \(copied)")
      var pasted = Calculator()
      let accepted = (try? pasted.paste(numbers.reading(copied))) != nil
      #expect(accepted, "\(keys): \(copied)")
      #expect(
        NumberFormat.parse(pasted.copyText ?? "") == NumberFormat.parse(calculator.copyText ?? ""),
        "\(keys): \(copied)")
    }
  }
}
