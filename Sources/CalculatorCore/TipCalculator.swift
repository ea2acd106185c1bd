/// The Tip & Split calculator (docs/SPEC.md section 7): a bill, a tip percent and a number of
/// people in, the tip, the total and each person's share out, in exact decimal arithmetic.
///
///     var split = TipCalculator()
///     for key in try TipKey.sequence("84.5[t18][p+][p+]") { split.press(key) }
///     split.perPersonText  // "33.24": 99.71 ÷ 3 rounded up to the cent
///
/// Each field keeps its text as typed (`"84.5"`); the active one is typed into. The first key
/// typed into a field just made active replaces its value, later keys append. A field's text
/// changes only with its value: making the field typed into active again keeps `84.5` as it
/// is (its next key replaces it all the same). A key that would
/// break a field's limits changes nothing and `press` says so (the window shows the red cue).
public struct TipCalculator: Equatable, Sendable {
  /// Integer digits a bill may have.
  public static let maximumBillIntegerDigits = 10
  /// Decimals a bill may have.
  public static let billDecimals = 2
  /// The largest tip percent.
  public static let maximumTipPercent = 100
  /// Decimals a tip percent may have.
  public static let tipDecimals = 1
  /// How many people may share.
  public static let peopleRange = 1...99

  /// The fields' texts as typed: digits and at most one point, never grouped.
  private var typed: [TipField: String] = [.bill: "0", .tipPercent: "15", .people: "1"] {
    didSet { figures = computedFigures }
  }
  /// The tip, the total and the shares, computed together whenever a field changes (a frame
  /// reads them several times).
  public private(set) var figures = TipFigures.zero
  /// The field keys are typed into.
  public private(set) var active: TipField = .bill
  /// Whether the next key typed replaces the active field's value: the field was just made
  /// active, or set by a preset, `−`/`+`, AC or a paste.
  public private(set) var replacesOnType = true
  /// Whether the active field shows its text as typed (`84.5`), not its value (`84.50`): it was
  /// typed into since it was made active from another field or set.
  private var showsTyped = false

  /// Bill 0, tip 15%, 1 person, the Bill field active.
  public init() {}

  // MARK: - Keys

  /// Presses one key; returns false, changing nothing, when the key would break the active
  /// field's limits (an 11th integer digit, a third decimal, a tip over 100, people 0 or over 99)
  /// or `−`/`+` would go below 1 or above 99 people.
  @discardableResult
  public mutating func press(_ key: TipKey) -> Bool {
    switch key {
    case .digit(let digit): return type(digit.character)
    case .point: return type(".")
    case .backspace: backspace()
    case .allClear: set(active, to: TipCalculator.clearedText(of: active))
    case .field(let field):
      showsTyped = showsTyped && field == active  // made active again: its text stays
      active = field
      replacesOnType = true
    case .preset(let preset): set(.tipPercent, to: String(preset.percent))
    case .people(let step):
      let count = people + (step == .more ? 1 : -1)
      guard TipCalculator.peopleRange.contains(count) else { return false }
      set(.people, to: String(count))
    }
    return true
  }

  /// Takes pasted text as the active field's value, like a preset; returns false, changing
  /// nothing, unless it is one number (`NumberFormat.parse(_:)`) within the field's limits.
  public mutating func paste(_ text: String) -> Bool {
    // A bound on the size first, so that `1e999999` is never written out.
    guard let parts = NumberFormat.scan(text)?.parts, !parts.negative,
      (parts.magnitude ?? 0) < TipCalculator.maximumBillIntegerDigits,
      parts.exponent >= -TipCalculator.billDecimals
    else { return false }
    let plain = NumberFormat.plain(parts, grouped: false)
    guard TipCalculator.isValid(plain, for: active) else { return false }
    set(active, to: plain)
    return true
  }

  /// Entering the mode: while the bill is empty (0), a positive number on the calculator's
  /// display, a result or a number typed, becomes the bill, half-up to the cent, and the Bill
  /// field is made active; false, changing nothing, for anything else (a bill already entered,
  /// zero, a negative, NaN, or more than 10 integer digits) (docs/SPEC.md section 7.3).
  @discardableResult
  public mutating func takeBill(from calculator: Calculator) -> Bool {
    guard bill.isZero else { return false }
    let cents: DecimalParts
    switch calculator.entry {
    case .result(let value), .group(let value, _):
      guard case .success(let number) = value, !number.isZero, !number.shown.negative,
        let rounded = try? number.rounded(toPlaces: TipCalculator.billDecimals)
      else { return false }
      cents = rounded
    case .typing(let text):
      guard let number = NumberFormat.parse(text), !number.isZero, !number.parts.negative
      else { return false }
      cents = number.parts.rounded(toPlaces: TipCalculator.billDecimals)
    case .zero: return false
    }
    // Under half a cent rounds to no bill at all.
    guard let magnitude = cents.magnitude, magnitude < TipCalculator.maximumBillIntegerDigits
    else { return false }
    active = .bill
    set(.bill, to: NumberFormat.plain(cents, grouped: false))
    return true
  }

  private mutating func type(_ character: Character) -> Bool {
    let current = self[active]
    let text: String
    if replacesOnType {
      text = character == "." ? "0." : String(character)
    } else if character != "." && current == "0" {
      text = String(character)  // "0" then "5" is "5", not "05"
    } else {
      text = current + String(character)
    }
    guard TipCalculator.isValid(text, for: active) else { return false }
    self[active] = text
    replacesOnType = false
    showsTyped = true
    return true
  }

  /// Deletes the last character of the field as shown: `84.50` → `84.5`.
  ///
  /// Deleting its last digit gives the cleared value. A cleared field about to be replaced has
  /// nothing to delete.
  private mutating func backspace() {
    let cleared = TipCalculator.clearedText(of: active)
    if replacesOnType && self[active] == cleared { return }
    var text = showsTyped ? self[active] : editableText(of: active)
    text.removeLast()
    if text.isEmpty || text == "0" {
      set(active, to: cleared)
    } else {
      self[active] = text
      replacesOnType = false
      showsTyped = true
    }
  }

  /// Sets a field's value; when it is the active field, the next key typed replaces it.
  private mutating func set(_ field: TipField, to text: String) {
    self[field] = text
    if field == active {
      replacesOnType = true
      showsTyped = false
    }
  }

  /// A field's value as shown, without grouping or `%`: what ⌫ deletes from when the field is
  /// about to be replaced.
  private func editableText(of field: TipField) -> String {
    switch field {
    case .bill: TipCalculator.amount(bill).filter { $0 != "," }
    case .tipPercent: tipPercentText
    case .people: String(people)
    }
  }

  /// A field's text as typed (every field has one).
  private subscript(field: TipField) -> String {
    get { typed[field] ?? "" }
    set { typed[field] = newValue }
  }

  /// What AC leaves in a field: bill 0, tip 0, people 1.
  static func clearedText(of field: TipField) -> String { field == .people ? "1" : "0" }

  /// Whether a field may hold `text` (digits and at most one point): the limits of docs/SPEC.md
  /// section 7.2.
  static func isValid(_ text: String, for field: TipField) -> Bool {
    let pieces = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(pieces.count), !pieces[0].isEmpty,
      text.allSatisfy({ $0 == "." || Digit($0) != nil })
    else { return false }
    let integer = pieces[0]
    let fraction = pieces.count == 2 ? pieces[1] : ""
    switch field {
    case .bill:
      return integer.count <= maximumBillIntegerDigits && fraction.count <= billDecimals
    case .tipPercent:
      // "100.0" is 100; "100.5" and "101" are over.
      let whole = integer.count > 3 ? Int.max : Int(integer) ?? Int.max
      return fraction.count <= tipDecimals
        && (whole < maximumTipPercent
          || (whole == maximumTipPercent && fraction.allSatisfy { $0 == "0" }))
    case .people:
      return pieces.count == 1 && integer.count <= 2 && peopleRange.contains(Int(integer) ?? 0)
    }
  }

  // MARK: - Values

  /// The bill.
  public var bill: DecimalNumber { TipCalculator.number(typed: self[.bill]) }
  /// The tip percent.
  public var tipPercent: DecimalNumber { TipCalculator.number(typed: self[.tipPercent]) }
  /// How many people share the total.
  public var people: Int { Int(self[.people]) ?? 1 }

  /// The figures from the three fields.
  private var computedFigures: TipFigures {
    // bill × percent ÷ 100, half-up to the cent: 84.50 at 18% is 15.21, 0.25 at 10% is 0.03.
    let hundredths = TipCalculator.exact(bill, .multiply, tipPercent)
    let exactTip = TipCalculator.exact(hundredths, .divide, DecimalNumber(100))
    let tip = TipCalculator.number(exactTip.parts.rounded(toPlaces: TipCalculator.billDecimals))
    let total = TipCalculator.exact(bill, .add, tip)
    // Rounded up, so the shares never fall short: 100 ÷ 3 is 33.34.
    let share = TipCalculator.exact(total, .divide, DecimalNumber(people))
    let perPerson = TipCalculator.number(
      share.parts.roundedUp(toPlaces: TipCalculator.billDecimals))
    let shares = TipCalculator.exact(perPerson, .multiply, DecimalNumber(people))
    return TipFigures(
      tip: tip, total: total, perPerson: perPerson, shares: shares,
      overshoot: TipCalculator.exact(shares, .subtract, total))
  }

  // MARK: - What shows

  /// A field as the screen shows it: the text as typed while it is typed into (`1,234.5`,
  /// `12.%`), else its value (`1,234.50`, `12.5%`, `3`).
  public func shownText(of field: TipField) -> String {
    let isTyped = field == active && showsTyped
    switch field {
    case .bill:
      return isTyped ? NumberFormat.grouping(typed: self[.bill]) : TipCalculator.amount(bill)
    case .tipPercent: return (isTyped ? self[.tipPercent] : tipPercentText) + "%"
    case .people: return isTyped ? self[.people] : String(people)
    }
  }

  /// The tip percent as `--state` gives it: `"18"`, `"12.5"`.
  public var tipPercentText: String { NumberFormat.string(tipPercent) }

  /// The tip as shown: `"15.21"`.
  public var tipText: String { TipCalculator.amount(figures.tip) }
  /// The total as shown: `"99.71"`.
  public var totalText: String { TipCalculator.amount(figures.total) }
  /// Each person's share as shown: `"33.24"`; what `--print` prints.
  public var perPersonText: String { TipCalculator.amount(figures.perPerson) }

  /// The shares when they exceed the total: `"3 × 33.34 = 100.02"`; nil when they come to it.
  public var sharesText: String? {
    guard !figures.overshoot.isZero else { return nil }
    return "\(people) × \(perPersonText) = \(TipCalculator.amount(figures.shares))"
  }

  /// The overshoot as shown: `"0.02"`; nil when the shares come to the total.
  public var overshootText: String? {
    let overshoot = figures.overshoot
    return overshoot.isZero ? nil : TipCalculator.amount(overshoot)
  }

  /// The per-person amount without grouping commas, for the clipboard: `"1234.50"`.
  public var copyText: String { perPersonText.filter { $0 != "," } }

  /// An amount as shown: two decimals, grouped: `"1,234.50"`.
  public static func amount(_ number: DecimalNumber) -> String {
    NumberFormat.fixed(number, places: billDecimals)
  }

  private static func number(typed text: String) -> DecimalNumber {
    NumberFormat.parse(text) ?? .zero
  }

  private static func number(_ parts: DecimalParts) -> DecimalNumber {
    DecimalNumber(parts) ?? .zero
  }

  /// An operation on amounts; they stay below 1e11 and divide by 100 or by 1 to 99 people, so
  /// none is ever out of range.
  private static func exact(
    _ left: DecimalNumber, _ operation: Operation, _ right: DecimalNumber
  ) -> DecimalNumber {
    (try? left.applying(operation, right)) ?? .zero
  }
}

/// What a tip calculator's fields come to.
public struct TipFigures: Equatable, Sendable {
  /// A bill of 0: every figure 0.
  public static let zero = TipFigures(
    tip: .zero, total: .zero, perPerson: .zero, shares: .zero, overshoot: .zero)

  /// bill × percent ÷ 100, half-up to the cent.
  public let tip: DecimalNumber
  /// bill + tip.
  public let total: DecimalNumber
  /// total ÷ people, rounded up to the cent.
  public let perPerson: DecimalNumber
  /// per person × people: at least the total, by less than a cent a person.
  public let shares: DecimalNumber
  /// shares − total: 0.02 for 100 ÷ 3 (3 × 33.34 = 100.02).
  public let overshoot: DecimalNumber
}
