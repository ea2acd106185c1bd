import CalculatorCore
import TestSupport
import Testing

/// One row of the rules table: keys pressed on the basic calculator (whose result entering the
/// mode may carry in), keys pressed in Tip & Split, and the `--state` object expected after them.
struct TipCase: Sendable, CustomTestStringConvertible {
  let basic: String
  let keys: String
  let expected: String
  let rule: String

  // swift-format-ignore
  init(_ rule: String, basic: String = "", _ keys: String, bill: String, percent: String,
       people: Int, tip: String, total: String, perPerson: String, active: String = "bill") {
    self.rule = rule
    self.basic = basic
    self.keys = keys
    // Written out by hand here, independently of the core's own JSON.
    expected = #"{"mode":"tip","bill":"\#(bill)","tipPercent":"\#(percent)","people":\#(people),"#
      + #""tip":"\#(tip)","total":"\#(total)","perPerson":"\#(perPerson)","active":"\#(active)"}"#
  }

  var testDescription: String { "\(rule): \(basic.isEmpty ? "" : basic + " → ")\(keys)" }
}

@Suite("Tip & Split rules (docs/SPEC.md section 7.2)")
struct TipRulesTests {
  // swift-format-ignore
  static let cases: [TipCase] = [
    //      rule                          basic          keys                               bill                percent  people tip                total               perPerson         active
    TipCase("defaults",                                  "",                          bill: "0.00",           percent: "15",  people: 1,  tip: "0.00",          total: "0.00",           perPerson: "0.00"),
    TipCase("the specification's example",              "84.5[t18][p+][p+]",         bill: "84.50",          percent: "18",  people: 3,  tip: "15.21",         total: "99.71",          perPerson: "33.24"),
    TipCase("whole bill, default tip",                   "100",                       bill: "100.00",         percent: "15",  people: 1,  tip: "15.00",         total: "115.00",         perPerson: "115.00"),
    TipCase("tie: 0.025 → 0.03",                         "0.25[t10]",                 bill: "0.25",           percent: "10",  people: 1,  tip: "0.03",          total: "0.28",           perPerson: "0.28"),
    TipCase("tie: 0.105 → 0.11",                         "1.05[t10]",                 bill: "1.05",           percent: "10",  people: 1,  tip: "0.11",          total: "1.16",           perPerson: "1.16"),
    TipCase("tie: 1.235 → 1.24",                         "12.35[t10]",                bill: "12.35",          percent: "10",  people: 1,  tip: "1.24",          total: "13.59",          perPerson: "13.59"),
    TipCase("tie: 0.015 → 0.02",                         ".1",                        bill: "0.10",           percent: "15",  people: 1,  tip: "0.02",          total: "0.12",           perPerson: "0.12"),
    TipCase("tie: 12.675 → 12.68",                       "84.5",                      bill: "84.50",          percent: "15",  people: 1,  tip: "12.68",         total: "97.18",          perPerson: "97.18"),
    TipCase("tie at 12.5%: 1.005 → 1.01",                "[tip]12.5[bill]8.04",       bill: "8.04",           percent: "12.5", people: 1, tip: "1.01",          total: "9.05",           perPerson: "9.05"),
    TipCase("below half: 0.024 → 0.02",                  "0.24[t10]",                 bill: "0.24",           percent: "10",  people: 1,  tip: "0.02",          total: "0.26",           perPerson: "0.26"),
    TipCase("below half: 0.1845 → 0.18",                 "1.23",                      bill: "1.23",           percent: "15",  people: 1,  tip: "0.18",          total: "1.41",           perPerson: "1.41"),
    TipCase("0% tip",                                    "50[tip]0",                  bill: "50.00",          percent: "0",   people: 1,  tip: "0.00",          total: "50.00",          perPerson: "50.00",  active: "tip"),
    TipCase("100% tip",                                  "50[tip]100",                bill: "50.00",          percent: "100", people: 1,  tip: "50.00",         total: "100.00",         perPerson: "100.00", active: "tip"),
    TipCase("100.0% is 100%",                            "50[tip]100.0",              bill: "50.00",          percent: "100", people: 1,  tip: "50.00",         total: "100.00",         perPerson: "100.00", active: "tip"),
    TipCase("splits evenly in 3",                        "90[t10][p+][p+]",           bill: "90.00",          percent: "10",  people: 3,  tip: "9.00",          total: "99.00",          perPerson: "33.00"),
    TipCase("splits evenly in 4",                        "100[t20][people]4",         bill: "100.00",         percent: "20",  people: 4,  tip: "20.00",         total: "120.00",         perPerson: "30.00",  active: "people"),
    TipCase("uneven: 110 ÷ 3 up to 36.67",               "100[t10][p+][p+]",          bill: "100.00",         percent: "10",  people: 3,  tip: "10.00",         total: "110.00",         perPerson: "36.67"),
    TipCase("uneven: 100 ÷ 3 up to 33.34",               "100[tip]0[people]3",        bill: "100.00",         percent: "0",   people: 3,  tip: "0.00",          total: "100.00",         perPerson: "33.34",  active: "people"),
    TipCase("uneven: 100.01 ÷ 2 up to 50.01",            "100.01[tip]0[p+]",          bill: "100.01",         percent: "0",   people: 2,  tip: "0.00",          total: "100.01",         perPerson: "50.01",  active: "tip"),
    TipCase("1 person pays the total",                   "33.33[t20]",                bill: "33.33",          percent: "20",  people: 1,  tip: "6.67",          total: "40.00",          perPerson: "40.00"),
    TipCase("99 people, uneven",                         "100[people]99",             bill: "100.00",         percent: "15",  people: 99, tip: "15.00",         total: "115.00",         perPerson: "1.17",   active: "people"),
    TipCase("99 people share one cent",                  "0.01[tip]0[people]99",      bill: "0.01",           percent: "0",   people: 99, tip: "0.00",          total: "0.01",           perPerson: "0.01",   active: "people"),
    TipCase("the 10-digit bill",                         "9999999999.99",             bill: "9,999,999,999.99", percent: "15", people: 1, tip: "1,500,000,000.00", total: "11,499,999,999.99", perPerson: "11,499,999,999.99"),
    TipCase("the largest total, 99 ways",                "9999999999.99[tip]100[people]99", bill: "9,999,999,999.99", percent: "100", people: 99, tip: "9,999,999,999.99", total: "19,999,999,999.98", perPerson: "202,020,202.02", active: "people"),
    TipCase("refused: an 11th integer digit",            "12345678901",               bill: "1,234,567,890.00", percent: "15", people: 1, tip: "185,185,183.50", total: "1,419,753,073.50", perPerson: "1,419,753,073.50"),
    TipCase("refused: a third decimal",                  "1.234",                     bill: "1.23",           percent: "15",  people: 1,  tip: "0.18",          total: "1.41",           perPerson: "1.41"),
    TipCase("refused: a second point",                   "1.2.3",                     bill: "1.23",           percent: "15",  people: 1,  tip: "0.18",          total: "1.41",           perPerson: "1.41"),
    TipCase("refused: a tip over 100",                   "50[tip]101",                bill: "50.00",          percent: "10",  people: 1,  tip: "5.00",          total: "55.00",          perPerson: "55.00",  active: "tip"),
    TipCase("refused: 100.5%",                           "50[tip]100.5",              bill: "50.00",          percent: "100", people: 1,  tip: "50.00",         total: "100.00",         perPerson: "100.00", active: "tip"),
    TipCase("refused: a second tip decimal",             "200[tip]12.55",             bill: "200.00",         percent: "12.5", people: 1, tip: "25.00",         total: "225.00",         perPerson: "225.00", active: "tip"),
    TipCase("refused: people 0",                         "10[people]0",               bill: "10.00",          percent: "15",  people: 1,  tip: "1.50",          total: "11.50",          perPerson: "11.50",  active: "people"),
    TipCase("refused: 0 then the next digit replaces",   "10[people]05",              bill: "10.00",          percent: "15",  people: 5,  tip: "1.50",          total: "11.50",          perPerson: "2.30",   active: "people"),
    TipCase("refused: 100 people",                       "100[people]100",            bill: "100.00",         percent: "15",  people: 10, tip: "15.00",         total: "115.00",         perPerson: "11.50",  active: "people"),
    TipCase("refused: a point in people",                "12[people]2.5",             bill: "12.00",          percent: "15",  people: 25, tip: "1.80",          total: "13.80",          perPerson: "0.56",   active: "people"),
    TipCase("refused: − at 1",                           "[p-][p-]8",                 bill: "8.00",           percent: "15",  people: 1,  tip: "1.20",          total: "9.20",           perPerson: "9.20"),
    TipCase("refused: + at 99",                          "100[people]99[p+]",         bill: "100.00",         percent: "15",  people: 99, tip: "15.00",         total: "115.00",         perPerson: "1.17",   active: "people"),
    TipCase("− and +",                                   "[p+][p+][p+][p-]",          bill: "0.00",           percent: "15",  people: 3,  tip: "0.00",          total: "0.00",           perPerson: "0.00"),
    TipCase("AC clears the bill to 0",                   "84.5[t20]a",                bill: "0.00",           percent: "20",  people: 1,  tip: "0.00",          total: "0.00",           perPerson: "0.00"),
    TipCase("AC clears the tip to 0",                    "84.5[tip]a",                bill: "84.50",          percent: "0",   people: 1,  tip: "0.00",          total: "84.50",          perPerson: "84.50",  active: "tip"),
    TipCase("AC clears people to 1",                     "84.5[p+][p+][people]a",     bill: "84.50",          percent: "15",  people: 1,  tip: "12.68",         total: "97.18",          perPerson: "97.18",  active: "people"),
    TipCase("AC then a digit replaces people",           "20[people]a3",              bill: "20.00",          percent: "15",  people: 3,  tip: "3.00",          total: "23.00",          perPerson: "7.67",   active: "people"),
    TipCase("⌫ deletes the last typed digit",            "84.55b",                    bill: "84.50",          percent: "15",  people: 1,  tip: "12.68",         total: "97.18",          perPerson: "97.18"),
    TipCase("⌫ on a field just made active edits it",    "200[tip]b",                 bill: "200.00",         percent: "1",   people: 1,  tip: "2.00",          total: "202.00",         perPerson: "202.00", active: "tip"),
    TipCase("⌫ on the last digit clears people to 1",    "9[people]4b",               bill: "9.00",           percent: "15",  people: 1,  tip: "1.35",          total: "10.35",          perPerson: "10.35",  active: "people"),
    TipCase("the first key replaces the field",          "50[tip]20",                 bill: "50.00",          percent: "20",  people: 1,  tip: "10.00",         total: "60.00",          perPerson: "60.00",  active: "tip"),
    TipCase("making a field active again replaces",      "[tip]2[bill]3[tip]5",       bill: "3.00",           percent: "5",   people: 1,  tip: "0.15",          total: "3.15",           perPerson: "3.15",   active: "tip"),
    TipCase("a preset keeps the Bill field typed into",  "50[t20]5",                  bill: "505.00",         percent: "20",  people: 1,  tip: "101.00",        total: "606.00",         perPerson: "606.00"),
    TipCase("a preset on the Tip field: next replaces",  "[tip]1[t20]5",              bill: "0.00",           percent: "5",   people: 1,  tip: "0.00",          total: "0.00",           perPerson: "0.00",   active: "tip"),
    TipCase("people typed, then +",                      "60[people]12[p+]",          bill: "60.00",          percent: "15",  people: 13, tip: "9.00",          total: "69.00",          perPerson: "5.31",   active: "people"),
    TipCase("carry: a basic result is the bill",         basic: "40+44.5=", "[t18][p+][p+]", bill: "84.50",   percent: "18",  people: 3,  tip: "15.21",         total: "99.71",          perPerson: "33.24"),
    TipCase("carry: half-up to the cent",                basic: "1.005*1=", "",       bill: "1.01",           percent: "15",  people: 1,  tip: "0.15",          total: "1.16",           perPerson: "1.16"),
    TipCase("carry: 2 ÷ 3 is 0.67",                      basic: "2/3=",   "",         bill: "0.67",           percent: "15",  people: 1,  tip: "0.10",          total: "0.77",           perPerson: "0.77"),
    TipCase("carry: the value of a group",               basic: "2*(3+4)", "",        bill: "7.00",           percent: "15",  people: 1,  tip: "1.05",          total: "8.05",           perPerson: "8.05"),
    TipCase("carry: then typing replaces the bill",      basic: "6*7=",   "12",       bill: "12.00",          percent: "15",  people: 1,  tip: "1.80",          total: "13.80",          perPerson: "13.80"),
    TipCase("carry: a number typed without =",           basic: "84.5",   "",         bill: "84.50",          percent: "15",  people: 1,  tip: "12.68",         total: "97.18",          perPerson: "97.18"),
    TipCase("no carry: a typed number under half a cent", basic: "0.004", "",         bill: "0.00",           percent: "15",  people: 1,  tip: "0.00",          total: "0.00",           perPerson: "0.00"),
    TipCase("no carry: a negative typed number",         basic: "5n",     "",         bill: "0.00",           percent: "15",  people: 1,  tip: "0.00",          total: "0.00",           perPerson: "0.00"),
    TipCase("no carry: a negative result",               basic: "5-8=",   "",         bill: "0.00",           percent: "15",  people: 1,  tip: "0.00",          total: "0.00",           perPerson: "0.00"),
    TipCase("no carry: NaN",                             basic: "5/0=",   "",         bill: "0.00",           percent: "15",  people: 1,  tip: "0.00",          total: "0.00",           perPerson: "0.00"),
    TipCase("no carry: 11 integer digits",               basic: "9999999999.995*1=", "", bill: "0.00",        percent: "15",  people: 1,  tip: "0.00",          total: "0.00",           perPerson: "0.00"),
  ]

  @Test("Keys → the exact --state object", arguments: cases)
  func state(_ row: TipCase) throws {
    var split = TipCalculator()
    if !row.basic.isEmpty { split.takeBill(from: TestSupport.calculator(after: row.basic)) }
    for key in try TipKey.sequence(row.keys) { split.press(key) }
    #expect(split.state.text == row.expected)
  }

  /// docs/SPEC.md section 7.3: a bill entered is kept; only an empty bill takes a number.
  @Test func aBillEnteredIsKeptAndOnlyAnEmptyBillTakesANumber() throws {
    var split = TipCalculator()
    for key in try TipKey.sequence("84.5[people]") { split.press(key) }
    // 1234 × 5678 = 7,006,652: not taken over the bill entered.
    let taken = split.takeBill(from: TestSupport.calculator(after: "1234*5678="))
    #expect(!taken)
    #expect(split.state.text.contains(#""bill":"84.50""#))
    #expect(split.active == .people)
    let typedTaken = split.takeBill(from: TestSupport.calculator(after: "12.5"))
    #expect(!typedTaken)
    for key in try TipKey.sequence("[bill]a") { split.press(key) }  // AC: the bill is empty
    let takenWhenEmpty = split.takeBill(from: TestSupport.calculator(after: "12.5"))
    #expect(takenWhenEmpty)
    #expect(split.state.text.contains(#""bill":"12.50""#))
  }

  @Test("The table has at least 40 cases") func enoughCases() {
    #expect(Self.cases.count >= 40)
  }

  @Test(
    "A key past a limit is refused and changes nothing",
    arguments: [
      ("1234567890", "1"), ("1.23", "4"), ("1.2", "."), ("[tip]100", "1"), ("[tip]10.5", "5"),
      ("[tip]100.", "5"), ("[people]", "0"), ("[people]", "."), ("[people]99", "9"),
      ("[people]9", "."), ("", "[p-]"), ("[people]99", "[p+]"), ("[p+]", "[p-][p-]"),
    ])
  func refused(before: String, refused: String) throws {
    var split = TipCalculator()
    for key in try TipKey.sequence(before) { split.press(key) }
    let keys = try TipKey.sequence(refused)
    for key in keys.dropLast() { split.press(key) }
    let unchanged = split
    let isAccepted = split.press(try #require(keys.last))
    #expect(!isAccepted)
    #expect(split == unchanged)
  }

  @Test(
    "Accepted keys say so, even when nothing shows different",
    arguments: ["0", "00", "5", ".", "a", "b", "[bill]", "[t15]", "[p+]", "1234567890.12"])
  func accepted(keys: String) throws {
    var split = TipCalculator()
    for key in try TipKey.sequence(keys) {
      let isAccepted = split.press(key)
      #expect(isAccepted, "\(key)")
    }
  }

  @Test("The screen shows a field as typed while it is typed into, else its value")
  func shownText() throws {
    var split = TipCalculator()
    for key in try TipKey.sequence("1234.5") { split.press(key) }
    #expect(split.shownText(of: .bill) == "1,234.5")
    // Made active again, the field keeps its text (its value is the same); the next key still
    // replaces it, and ⌫ deletes from what shows.
    split.press(.field(.bill))
    #expect(split.shownText(of: .bill) == "1,234.5" && split.replacesOnType)
    var replaced = split
    replaced.press(.digit(.nine))
    #expect(replaced.shownText(of: .bill) == "9")
    var deleted = split
    deleted.press(.backspace)
    #expect(deleted.shownText(of: .bill) == "1,234.")
    split.press(.field(.tipPercent))
    #expect(split.shownText(of: .bill) == "1,234.50")
    #expect(split.shownText(of: .tipPercent) == "15%")
    for key in try TipKey.sequence("12.") { split.press(key) }
    #expect(split.shownText(of: .tipPercent) == "12.%")
    split.press(.field(.people))
    #expect(split.shownText(of: .tipPercent) == "12%")
    #expect(split.shownText(of: .people) == "1")
    #expect(split.tipText == "148.14")  // 1234.50 × 12% = 148.14
    #expect(split.perPersonText == "1,382.64")
    #expect(split.copyText == "1382.64")
  }

  @Test(
    "The shares line shows only when the shares exceed the total",
    arguments: [
      ("100[tip]0[people]3", "3 × 33.34 = 100.02", "0.02"),
      ("90[t10][p+][p+]", nil, nil),
      ("0.01[tip]0[people]99", "99 × 0.01 = 0.99", "0.98"),
      ("1000[tip]0[people]7", "7 × 142.86 = 1,000.02", "0.02"),
      ("5", nil, nil),
    ] as [(String, String?, String?)])
  func sharesLine(keys: String, shares: String?, overshoot: String?) throws {
    var split = TipCalculator()
    for key in try TipKey.sequence(keys) { split.press(key) }
    #expect(split.sharesText == shares)
    #expect(split.overshootText == overshoot)
  }

  @Test(
    "Paste sets the active field like a preset, within its limits",
    arguments: [
      ("", "84.50", true, "84.50"), ("", " 1,234.5 ", true, "1,234.50"),
      ("", "1e3", true, "1,000.00"), ("", "9999999999.99", true, "9,999,999,999.99"),
      ("", "10000000000", false, "0.00"), ("", "84.505", false, "0.00"),
      ("", "-5", false, "0.00"), ("", "12abc", false, "0.00"), ("", "", false, "0.00"),
      ("", "1e999999", false, "0.00"), ("", "+7", true, "7.00"),
      ("[tip]", "12.5", true, "12.5%"), ("[tip]", "100.0", true, "100%"),
      ("[tip]", "100.1", false, "15%"), ("[tip]", "12.55", false, "15%"),
      ("[people]", "3.0", true, "3"), ("[people]", "0", false, "1"),
      ("[people]", "100", false, "1"), ("[people]", "2.5", false, "1"),
    ] as [(String, String, Bool, String)])
  func paste(keys: String, text: String, accepted: Bool, shown: String) throws {
    var split = TipCalculator()
    for key in try TipKey.sequence(keys) { split.press(key) }
    let before = split
    let isAccepted = split.paste(text)
    #expect(isAccepted == accepted)
    if !accepted { #expect(split == before) }
    #expect(split.shownText(of: split.active) == shown)
    #expect(split.replacesOnType)
  }
}
