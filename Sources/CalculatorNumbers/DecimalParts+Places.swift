/// Rounding to a number of decimal places, and amounts written with a fixed number of them, for
/// money (docs/SPEC.md section 7.2: cents half-up for a tip, shares rounded up, two decimals
/// shown).
extension DecimalParts {
  /// Rounded half-up (ties away from zero) to `places` decimal places: 0.125 → 0.13,
  /// 0.004 → 0.
  public func rounded(toPlaces places: Int) -> DecimalParts {
    guard let magnitude else { return self }
    return rounded(toSignificantDigits: magnitude + 1 + places)
  }

  /// Rounded away from zero to `places` decimal places, so it never falls short: 33.333… → 33.34,
  /// 33.33 stays.
  public func roundedUp(toPlaces places: Int) -> DecimalParts {
    guard let magnitude, digits.count > magnitude + 1 + places else { return self }
    let cut = truncated(toSignificantDigits: max(magnitude + 1 + places, 0))
    return cut.adding(DecimalParts(negative: negative, digits: [1], exponent: -places))
  }
}

extension NumberFormat {
  /// An amount half-up to `places` decimals, always that many, integer part grouped:
  /// 1234.5 → `"1,234.50"`, 0 → `"0.00"`, -2.005 → `"-2.01"`.
  public static func fixed(_ number: DecimalNumber, places: Int) -> String {
    let parts = number.parts.rounded(toPlaces: places)
    var text = plain(parts, grouped: false)
    if places > 0 {
      let decimals = text.firstIndex(of: ".").map { text[text.index(after: $0)...].count }
      text += (decimals == nil ? "." : "") + String(repeating: "0", count: places - (decimals ?? 0))
    }
    return grouping(typed: text)
  }
}
