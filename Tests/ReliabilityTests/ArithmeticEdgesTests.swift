import CalculatorCore
import TestSupport
import Testing

/// The ends of the range, long chains and rounding ties (docs/SPEC.md sections 2.3 and 2.4): the
/// arithmetic holds 1e-99 <= |x| < 1e100, shows NaN just beyond, never a wrong number or a trap,
/// and rounds half-up (ties away from zero) to 20 digits. Expected displays were worked out with
/// `fuzz/crosscheck.py --keys` (exact arithmetic) and by hand.
@Suite("Arithmetic edges")
struct ArithmeticEdgesTests {
  static let nines = "99999999999999999999"  // the largest typed number
  static let e19 = "10000000000000000000"
  /// 1e99: 1e19^5 × 1e4.
  static let e99 = e19 + String(repeating: "*" + e19, count: 4) + "*10000"
  /// 1e-98 as a typed 1 made a percentage 49 times.
  static let e98 = "1" + String(repeating: "%", count: 49)

  // swift-format-ignore
  @Test("The largest and smallest magnitudes, and NaN just beyond", arguments: [
    // name                               keys                                                        display
    ("largest typed",                     nines,                                                      "99,999,999,999,999,999,999"),
    ("(1e20 − 1)^5, just under 1e100",    nines + String(repeating: "*" + nines, count: 4) + "=",     "9.9999999999999999995e99"),
    ("−(1e20 − 1)^5",                     nines + String(repeating: "*" + nines, count: 4) + "=n",    "-9.9999999999999999995e99"),
    ("(1e20 − 1)^5 × 1.0000000000000000001", nines + String(repeating: "*" + nines, count: 4) + "*1.0000000000000000001=", "NaN"),
    ("2^332",                             "2" + String(repeating: "*2", count: 331) + "=",           "8.7490028991320476975e99"),
    ("2^333",                             "2" + String(repeating: "*2", count: 332) + "=",           "NaN"),
    ("1e99",                              e99 + "=",                                                  "1e99"),
    ("−1e99",                             e99 + "=n",                                                 "-1e99"),
    ("1e99 × 10",                         e99 + "*10=",                                               "NaN"),
    ("−1e99 × 10",                        e99 + "=n*10=",                                             "NaN"),
    ("1e99 + 9e99",                       e99 + "+9*" + e99 + "=",                                    "NaN"),
    ("1e99 − 1e-98",                      e99 + "-" + e98 + "=",                                      "1e99"),
    ("99999999999999999999.5e80 rounds to 1e100", "0.5+" + nines + String(repeating: "*" + e19, count: 4) + "*10000=", "1e100"),
    ("1e-98",                             e98,                                                        "1e-98"),
    ("1e-99",                             e98 + "/10=",                                               "1e-99"),
    ("−1e-99",                            e98 + "n/10=",                                              "-1e-99"),
    ("1.5e-99",                           "15" + String(repeating: "%", count: 50),                   "1.5e-99"),
    ("1e-99 ÷ 10",                        e98 + "/10=/10=",                                           "NaN"),
    ("1e-98 %",                           e98 + "%",                                                  "NaN"),
    ("1e-99 × 0.99999999999999999999",    e98 + "/10=*0.99999999999999999999=",                       "NaN"),
    ("1e-98 + 1e-98",                     e98 + "+" + e98 + "=",                                      "2e-98"),
    ("smallest typed",                    "0.00000000000000000001",                                   "0.00000000000000000001"),
    ("(1e-20)^4 ÷ 1e19",                  "0.00000000000000000001" + String(repeating: "*0.00000000000000000001", count: 3) + "/" + e19 + "=", "1e-99"),
    ("(1e-20)^5",                         "0.00000000000000000001" + String(repeating: "*0.00000000000000000001", count: 4) + "=", "NaN"),
    ("1e99 ÷ 1e-20",                      e99 + "/0.00000000000000000001=",                           "NaN"),
    ("5 ÷ 0",                             "5/0=",                                                     "NaN"),
    ("0 ÷ 0",                             "0/0=",                                                     "NaN"),
    ("NaN + 1",                           "5/0=+1=",                                                  "NaN"),
    ("NaN %, ±",                          "5/0=%n",                                                   "NaN"),
    ("a digit after NaN",                 "5/0=7",                                                    "7"),
  ])
  func range(name: String, keys: String, display: String) {
    #expect(TestSupport.calculator(after: keys).display == display, "\(name)")
  }

  // swift-format-ignore
  @Test("Chains of 10,000 operations", arguments: [
    // name                       keys                                                         display
    ("1+ × 10,000",               String(repeating: "1+", count: 10_000) + "=",                "10,000"),
    ("0.1+ × 10,000",             String(repeating: "0.1+", count: 10_000) + "=",              "1,000"),
    ("7 (×3 ÷3) × 5,000",         "7" + String(repeating: "*3/3", count: 5_000) + "=",         "7"),
    ("1 (÷3 ×3) × 5,000",         "1" + String(repeating: "/3*3", count: 5_000) + "=",         "1"),
    ("3 (÷7 ×7) × 5,000",         "3" + String(repeating: "/7*7", count: 5_000) + "=",         "3"),
    ("1 (×1.5 ÷1.5) × 5,000",     "1" + String(repeating: "*1.5/1.5", count: 5_000) + "=",     "1"),
    ("1 (−2 +2) × 5,000",         "1" + String(repeating: "-2+2", count: 5_000) + "=",         "1"),
    ("± × 10,000",                "5" + String(repeating: "n", count: 10_000),                 "5"),
    ("% × 10,000",                "5" + String(repeating: "%", count: 10_000),                 "NaN"),
    ("= × 10,000",                "2+3" + String(repeating: "=", count: 10_000),               "5"),
    ("10,000 operators replaced", "5" + String(repeating: "+-*/", count: 2_500) + "3=",        "1.6666666666666666667"),
    ("⌫ × 10,000",                "123" + String(repeating: "b", count: 10_000) + "4",         "4"),
  ])
  func chains(name: String, keys: String, display: String) {
    #expect(TestSupport.calculator(after: keys).display == display, "\(name)")
  }

  /// A 20-digit number whose carry, when 0.5 is added and the sum rounds, stops at digit
  /// `position`: `12…(position − 1 digits) 4 99…9`, which rounds to `12… 5 00…0`.
  static func tie(at position: Int) -> (number: String, rounded: String) {
    let prefix = String("12345678901234567890".prefix(position - 1))
    return (
      prefix + "4" + String(repeating: "9", count: 20 - position),
      prefix + "5" + String(repeating: "0", count: 20 - position)
    )
  }

  @Test(
    "A tie at the 21st digit rounds away from zero, whichever digit the carry stops at",
    arguments: 1...20)
  func ties(position: Int) {
    let (number, rounded) = ArithmeticEdgesTests.tie(at: position)
    for negative in [false, true] {
      let sign = negative ? "-" : ""
      let keys = number + (negative ? "n-0.5=" : "+0.5=")
      // As it is, ÷ 1e10 (plain with a fraction) and ÷ 1e28 (scientific, 1e-9).
      let integer = group(rounded)
      let fraction = String(rounded.dropFirst(10).reversed().drop { $0 == "0" }.reversed())
      let plain = group(String(rounded.prefix(10))) + (fraction.isEmpty ? "" : "." + fraction)
      let digits = String(rounded.reversed().drop { $0 == "0" }.reversed())
      let scientific =
        String(digits.prefix(1)) + (digits.count > 1 ? "." + digits.dropFirst() : "") + "e-9"
      for (scale, display) in [
        ("", integer), ("%%%%%", plain), (String(repeating: "%", count: 14), scientific),
      ] {
        let shown = TestSupport.calculator(after: keys + scale).display
        #expect(shown == sign + display, "\(keys + scale)")
      }
      // Just below the tie rounds toward zero; just above, away.
      let below = number + (negative ? "n-" : "+") + "0.49999999999999999999="
      #expect(TestSupport.calculator(after: below).display == sign + group(number), "\(below)")
      let above = number + (negative ? "n-" : "+") + "0.50000000000000000001="
      #expect(TestSupport.calculator(after: above).display == sign + integer, "\(above)")
    }
  }

  // swift-format-ignore
  @Test("Quotients keep their digits whatever the divisor's length", arguments: [
    // keys                                            exact display
    ("1/99999999999999999999*99999999999999999999=",   "1"),
    ("5/99999999999999999999=",                        "5.0000000000000000001e-20"),
    ("1/12345678901234567891=",                        "8.1000000729000006628e-20"),
    ("1/50830142493653843012=",                        "1.9673366056859869505e-20"),
    ("0.1/12345678901234567891=",                      "8.1000000729000006628e-21"),
  ])
  func quotients(keys: String, display: String) {
    #expect(TestSupport.calculator(after: keys).display == display, "\(keys)")
  }

  // swift-format-ignore
  @Test("Sums keep every digit that shows when the exponents are far apart", arguments: [
    // keys                                            exact display
    ("99999999999999999999-0.50000000000000000001=",   "99,999,999,999,999,999,998"),
    ("12345678901234567894-0.50000000000000000001=",   "12,345,678,901,234,567,893"),
  ])
  func sums(keys: String, display: String) {
    // Decimal's own + cut the smaller operand to the digits its mantissa had left
    // (99999999999999999999 − 0.50000000000000000001 kept .5 and showed …999); the core now
    // adds the digits exactly and cuts the sum to 38 digits toward zero.
    #expect(TestSupport.calculator(after: keys).display == display, "\(keys)")
  }

  /// `1234567` → `1,234,567`.
  func group(_ digits: String) -> String {
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return result
  }
}
