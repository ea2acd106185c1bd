import CalculatorCore
import CalculatorRates
import Foundation
import TestSupport
import Testing

/// Reading the ECB's daily rates file (docs/SPEC.md section 10.3): the fixture, every way of
/// cutting it short, and files that are not rates.
@Suite("ECB rates file")
struct ECBRatesTests {
  static let daily: [UInt8] = (try? RatesServer.fixture("eurofxref-daily.xml")) ?? []

  /// The fixture with `old` replaced by `new` (which must be there).
  static func variant(_ old: String, _ new: String) -> [UInt8] {
    let text = String(decoding: daily, as: UTF8.self)
    #expect(text.contains(old), "the fixture lacks \(old)")
    return Array(text.replacingOccurrences(of: old, with: new).utf8)
  }

  @Test("The fixture reads as the rates of its day, in its order, digits as written")
  func fixture() throws {
    let rates = try ECBRates.parse(Self.daily)
    #expect(rates.date == "2026-11-27")
    #expect(rates.rates.count == 30)
    #expect(rates.rates.first?.code == "USD")
    #expect(rates.rates.map(\.code).last == "ZAR")
    #expect(rates.perEuro("USD")?.description == "1.0538")
    #expect(rates.perEuro("HUF")?.description == "411.35")
    #expect(rates.perEuro("IDR")?.description == "16766.56")
    #expect(rates.perEuro("EUR") == nil)
  }

  /// Where `text` starts in the fixture's bytes.
  static func offset(of text: String) -> Int? {
    let needle = Array(text.utf8)
    return daily.indices.first { daily[$0...].starts(with: needle) }
  }

  @Test("Every file cut short is refused, at whatever byte it stops")
  func truncated() throws {
    let end = try #require(Self.offset(of: "</gesmes:Envelope>")) + 18
    var accepted: [Int] = []
    for length in 0..<end where (try? ECBRates.parse(Array(Self.daily.prefix(length)))) != nil {
      accepted.append(length)
    }
    #expect(accepted.isEmpty)
    #expect(try ECBRates.parse(Array(Self.daily.prefix(end))).rates.count == 30)
    let lastRate = try #require(Self.offset(of: "\t\t</Cube>"))
    #expect(throws: RatesError.invalid("it ends inside <Cube> (cut short?)")) {
      try ECBRates.parse(Array(Self.daily.prefix(lastRate)))
    }
  }

  @Test(
    "Other ways of writing the same file are read alike",
    arguments: [
      ("rate='1.0538'", "rate=\"1.0538\""), ("rate='1.0538'", "rate='1&#46;0538'"),
      ("<Cube>", "<!-- rates --><Cube>"), ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>", ""),
      ("</gesmes:Envelope>", "</gesmes:Envelope>\n<!-- cache -->\n"),
      (
        "<gesmes:subject>Reference rates</gesmes:subject>",
        "<gesmes:subject>Rates &amp; <![CDATA[more]]></gesmes:subject>"
      ),
      ("<?xml", "\u{FEFF}<?xml"), ("currency='USD' rate='1.0538'", "rate='1.0538'  currency='USD'"),
    ])
  func equivalent(old: String, new: String) throws {
    #expect(try ECBRates.parse(Self.variant(old, new)) == ECBRates.parse(Self.daily))
  }

  @Test(
    "A file that is not the day's rates is refused with the reason",
    arguments: [
      (
        "rate='1.0538'", "rate='-1.0538'",
        "the rate of USD, '-1.0538', is not a positive decimal number"
      ),
      ("rate='1.0538'", "rate='0.0000'", "the rate of USD is zero"),
      ("rate='1.0538'", "rate='1e3'", "the rate of USD, '1e3', is not a positive decimal number"),
      ("rate='1.0538'", "rate=''", "the rate of USD, '', is not a positive decimal number"),
      ("rate='1.0538'", "rate='1.'", "the rate of USD, '1.', is not a positive decimal number"),
      ("currency='USD' rate='1.0538'", "currency='USD'", "no rate for USD"),
      (" time='2026-11-27'", "", "the rate of 'USD' is outside the dated Cube"),
      ("time='2026-11-27'", "time='2026-02-30'", "the date '2026-02-30' is not a day"),
      ("time='2026-11-27'", "time='27/11/2026'", "the date '27/11/2026' is not a day"),
      ("currency='JPY'", "currency='EUR'", "a rate for the euro itself"),
      ("currency='JPY'", "currency='USD'", "two rates for USD"),
      ("currency='JPY'", "currency='jpy'", "'jpy' is not a currency code"),
      (
        "\t\t</Cube>\n\t</Cube>", "\t\t</Cube>\n\t\t<Cube time='2026-11-26'></Cube>\n\t</Cube>",
        "the rates of more than one day"
      ),
      ("gesmes:Envelope", "html", "the root element is <html>, not <gesmes:Envelope>"),
      ("<Cube>", "<Cube><Cube>", "a dated Cube outside the outer Cube"),
      ("</gesmes:Sender>", "</gesmes:Sendr>", "</gesmes:Sendr> closes <gesmes:Sender>"),
      ("</gesmes:Envelope>", "</gesmes:Envelope><Cube/>", "a second root element <Cube>"),
      ("</gesmes:Envelope>", "</gesmes:Envelope>rates", "text outside the root element"),
      (
        "<?xml", "<!DOCTYPE x [<!ENTITY e 'USD'>]><?xml",
        "a DOCTYPE or declaration, which rates never have"
      ),
      ("Reference rates", "Reference &euro;", "an unknown entity &euro;"),
      ("<Cube currency='USD'", "<Cube currency='USD' rate='1'", "<Cube> has two rate attributes"),
    ])
  func refused(old: String, new: String, reason: String) {
    #expect(throws: RatesError.invalid(reason)) { try ECBRates.parse(Self.variant(old, new)) }
  }

  @Test("No rates, an empty file, a web page and a huge file are refused")
  func notRates() {
    let noRates = Array(
      "<gesmes:Envelope><Cube><Cube time='2026-11-27'></Cube></Cube></gesmes:Envelope>".utf8)
    #expect(throws: RatesError.invalid("no rates")) { try ECBRates.parse(noRates) }
    let noDate = Array("<gesmes:Envelope><Cube></Cube></gesmes:Envelope>".utf8)
    #expect(throws: RatesError.invalid("no Cube with the rates' date (time='YYYY-MM-DD')")) {
      try ECBRates.parse(noDate)
    }
    #expect(throws: RatesError.invalid("the file is empty")) { try ECBRates.parse([]) }
    let page = Array("<html><body><h1>Service unavailable</h1></body></html>".utf8)
    #expect(throws: RatesError.invalid("the root element is <html>, not <gesmes:Envelope>")) {
      try ECBRates.parse(page)
    }
    let huge = Self.variant("<Cube>", "<!--" + String(repeating: " ", count: 70_000) + "--><Cube>")
    #expect(throws: RatesError.tooLarge(limit: 65_536)) { try ECBRates.parse(huge) }
  }

  /// The classic attack on an XML parser: ten levels of entities, each ten of the one below,
  /// a billion `lol`s from a file of a kilobyte.
  static let billionLaughs =
    "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n <!ENTITY lol \"lol\">\n"
    + (1...9).map { level in
      " <!ENTITY lol\(level) \""
        + String(repeating: "&lol\(level == 1 ? "" : String(level - 1));", count: 10) + "\">\n"
    }.joined() + "]>\n<gesmes:Envelope><subject>&lol9;</subject></gesmes:Envelope>"

  @Test(
    "Hostile XML is refused at once, with the reason, whatever it asks the parser to do",
    arguments: [
      (billionLaughs, "a DOCTYPE or declaration, which rates never have"),
      (
        "<!DOCTYPE e [<!ENTITY x SYSTEM 'file:///etc/passwd'>]><gesmes:Envelope>&x;"
          + "</gesmes:Envelope>", "a DOCTYPE or declaration, which rates never have"
      ),
      (
        "<!DOCTYPE e [<!ENTITY % p SYSTEM 'http://127.0.0.1:1/x.dtd'> %p;]><gesmes:Envelope/>",
        "a DOCTYPE or declaration, which rates never have"
      ),
      (
        "<!DOCTYPE gesmes:Envelope SYSTEM 'http://127.0.0.1:1/rates.dtd'><gesmes:Envelope/>",
        "a DOCTYPE or declaration, which rates never have"
      ),
      (
        "<gesmes:Envelope/><!DOCTYPE e [<!ENTITY x 'y'>]>",
        "a DOCTYPE or declaration, which rates never have"
      ),
      (
        "<gesmes:Envelope><!ENTITY x 'y'></gesmes:Envelope>",
        "not well-formed (invalid token) at line 1, column 20"
      ),
      ("<gesmes:Envelope>&x;</gesmes:Envelope>", "an unknown entity &x;"),
      ("<gesmes:Envelope a='&lt;&x;'/>", "an unknown entity &x;"),
      (
        "<gesmes:Envelope>&#0;</gesmes:Envelope>",
        "reference to invalid character number at line 1, column 18"
      ),
      (
        "<gesmes:Envelope>\u{01}</gesmes:Envelope>",
        "not well-formed (invalid token) at line 1, column 18"
      ),
      ("<gesmes:Envelope>", "it ends inside <gesmes:Envelope> (cut short?)"),
      ("<gesmes:Envelope><![CDATA[", "it ends inside <gesmes:Envelope> (cut short?)"),
      ("<gesmes:Env", "it ends inside the tag <gesmes:Env (cut short?)"),
      ("<?xml version='1.0'", "it ends inside a processing instruction (cut short?)"),
      ("<!-- rates", "it ends inside a comment (cut short?)"),
      ("<?xml version='1.0'?>\n<!-- no rates -->\n", "no element"),
      ("rates<gesmes:Envelope/>", "text outside the root element"),
      ("<![CDATA[x]]><gesmes:Envelope/>", "CDATA outside the root element"),
      ("<gesmes:Envelope/><![CDATA[x]]>", "CDATA outside the root element"),
      ("<gesmes:Envelope/>&amp;", "text outside the root element"),
      ("<gesmes:Envelope></Envelope>", "</Envelope> closes <gesmes:Envelope>"),
      ("<gesmes:Envelope\n a='1'\n a='2'/>", "<gesmes:Envelope> has two a attributes"),
      ("<gesmes:Envelope a=1/>", "not well-formed (invalid token) at line 1, column 20"),
    ] as [(String, String)])
  func hostile(text: String, reason: String) {
    let start = TestSupport.now()
    #expect(throws: RatesError.invalid(reason)) { try ECBRates.parse(Array(text.utf8)) }
    #expect(TestSupport.now() - start < 5)
  }

  @Test("Bytes that are not UTF-8 are refused, whatever the declaration says")
  func notUTF8() {
    let latin =
      Array("<?xml version='1.0' encoding='ISO-8859-1'?><gesmes:Envelope>".utf8) + [0xE9]
      + Array("</gesmes:Envelope>".utf8)
    #expect(throws: RatesError.invalid("not well-formed (invalid token) at line 1, column 61")) {
      try ECBRates.parse(latin)
    }
    let utf16 = [UInt8]([0xFF, 0xFE]) + Array("<".utf8) + [0]
    #expect(throws: RatesError.self) { try ECBRates.parse(utf16) }
  }

  @Test("Deep nesting and many attributes up to the size limit are read in bounded time")
  func large() {
    let depth = (ECBRates.sizeLimit - 40) / 13
    let nested =
      "<gesmes:Envelope>" + String(repeating: "<Cube>", count: depth)
      + String(repeating: "</Cube>", count: depth) + "</gesmes:Envelope>"
    #expect(nested.utf8.count <= 65_536)
    #expect(throws: RatesError.invalid("no Cube with the rates' date (time='YYYY-MM-DD')")) {
      try ECBRates.parse(Array(nested.utf8))
    }
    let attributes =
      "<gesmes:Envelope" + (0..<5_000).map { " a\($0)='1'" }.joined() + "/>"
    #expect(throws: RatesError.invalid("no Cube with the rates' date (time='YYYY-MM-DD')")) {
      try ECBRates.parse(Array(attributes.utf8))
    }
  }

  @Test("Every currency conversion through the euro is what Python's fractions give")
  func crossRates() throws {
    let rates = try ECBRates.parse(Self.daily)
    let path = RatesServer.fixtures.appendingPathComponent("eurofxref-daily.xml").path
    let script = TestSupport.repositoryRoot.appendingPathComponent(
      "Tests/CalculatorCoreTests/conversions.py"
    ).path
    let run = try TestSupport.run("python3", [script, "--rates", path])
    try #require(run.status == 0, "\(run.stderr)")
    let cases = run.stdout.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
    #expect(cases.count >= 90)
    for fields in cases {
      let text = "\(fields[0]) \(fields[1]) to \(fields[2])"
      let shown: String
      do {
        shown = NumberFormat.string(try Conversion(parsing: text, rates: rates).result())
      } catch {
        shown = error == .resultOutOfRange ? "out of range" : "\(error)"
      }
      #expect(shown == fields[3], "\(text)")
    }
  }
}
