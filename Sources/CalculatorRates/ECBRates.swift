import CalculatorCore

/// The European Central Bank's daily reference rates file, `eurofxref-daily.xml`.
///
/// Its format (docs/SPEC.md section 10.3):
///
///     <gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" …>
///       <gesmes:subject>Reference rates</gesmes:subject>
///       <gesmes:Sender><gesmes:name>European Central Bank</gesmes:name></gesmes:Sender>
///       <Cube>
///         <Cube time='2026-11-27'>
///           <Cube currency='USD' rate='1.0866'/>
///           <Cube currency='JPY' rate='169.21'/>
///           …
///
/// Read strictly: well-formed XML whose root is an `Envelope`, one dated `Cube` (a real day,
/// `YYYY-MM-DD`) inside the outer `Cube`, and inside it one or more rates, each a currency of
/// three capital letters (not the euro, none twice) and a positive decimal (`1.0866`; no
/// sign, no exponent, at most 38 significant digits). Anything else is refused with the reason.
public enum ECBRates {
  /// The largest file read: the daily file is about 1.7 KB.
  public static let sizeLimit = 65_536

  /// The rates `bytes` hold, or `.invalid` saying what is wrong.
  public static func parse(_ bytes: [UInt8]) throws(RatesError) -> CurrencyRates {
    guard bytes.count <= sizeLimit else { throw .tooLarge(limit: sizeLimit) }
    var path: [String] = []  // the local names of the open elements
    var date: String?
    var rates: [CurrencyRates.Rate] = []
    try Expat.read(bytes) { (tag) throws(RatesError) in
      switch tag {
      case .end:
        path.removeLast()
      case .start(let name, let attributes):
        let local = String(name.split(separator: ":").last ?? "")
        if path.isEmpty, local != "Envelope" {
          throw .invalid("the root element is <\(name)>, not <gesmes:Envelope>")
        }
        path.append(local)
        guard local == "Cube" else { return }
        if let time = attributes["time"] {
          guard path == ["Envelope", "Cube", "Cube"] else {
            throw .invalid("a dated Cube outside the outer Cube")
          }
          guard date == nil else { throw .invalid("the rates of more than one day") }
          guard isDate(time) else { throw .invalid("the date \(quoted(time)) is not a day") }
          date = time
        } else if let currency = attributes["currency"] {
          guard date != nil, path == ["Envelope", "Cube", "Cube", "Cube"] else {
            throw .invalid("the rate of \(quoted(currency)) is outside the dated Cube")
          }
          rates.append(try rate(currency, attributes["rate"], after: rates))
        }
      }
    }
    guard let date else { throw .invalid("no Cube with the rates' date (time='YYYY-MM-DD')") }
    guard !rates.isEmpty else { throw .invalid("no rates") }
    return CurrencyRates(date: date, rates: rates)
  }

  private static func rate(_ code: String, _ text: String?, after rates: [CurrencyRates.Rate])
    throws(RatesError) -> CurrencyRates.Rate
  {
    guard code.utf8.count == 3, code.utf8.allSatisfy({ (65...90).contains($0) }) else {
      throw .invalid("\(quoted(code)) is not a currency code")
    }
    guard code != Currency.euro else { throw .invalid("a rate for the euro itself") }
    guard !rates.contains(where: { $0.code == code }) else {
      throw .invalid("two rates for \(code)")
    }
    guard let text else { throw .invalid("no rate for \(code)") }
    let bytes = Array(text.utf8)
    let points = bytes.filter { $0 == UInt8(ascii: ".") }.count
    let digits = bytes.filter { (48...57).contains($0) }
    guard points <= 1, digits.count + points == bytes.count, !digits.isEmpty,
      bytes.first != UInt8(ascii: "."), bytes.last != UInt8(ascii: "."),
      let parts = NumberFormat.scan(text)?.parts
    else {
      throw .invalid("the rate of \(code), \(quoted(text)), is not a positive decimal number")
    }
    guard !parts.digits.isEmpty else { throw .invalid("the rate of \(code) is zero") }
    guard parts.digits.count <= DecimalNumber.storedDigits, let rate = DecimalNumber(parts)
    else { throw .invalid("the rate of \(code), \(quoted(text)), has too many digits") }
    return CurrencyRates.Rate(code: code, perEuro: rate)
  }

  /// Whether `text` is a day of the Gregorian calendar written `YYYY-MM-DD`.
  static func isDate(_ text: String) -> Bool {
    let fields = text.split(separator: "-", omittingEmptySubsequences: false)
    guard fields.count == 3, fields.map(\.utf8.count) == [4, 2, 2],
      fields.allSatisfy({ $0.utf8.allSatisfy { (48...57).contains($0) } }),
      let year = Int(fields[0]), let month = Int(fields[1]), let day = Int(fields[2]),
      (1...12).contains(month)
    else { return false }
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    return (1...lengths[month - 1]).contains(day)
  }
}
