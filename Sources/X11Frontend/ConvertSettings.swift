import CalculatorCore

/// What the window remembers of Convert between runs (docs/SPEC.md section 10.4): whether the
/// lines show, the category they show, and the last pair of units of each category.
///
/// Kept in the window-size file after its first line (`WindowSizeStore`), one line each:
///
///     convert on length
///     pair length km mi
///     pair currency USD EUR
///     pair fuel economy L/100km mpg
///
/// A line that is not one of these, or names a category or unit that does not exist, is
/// skipped: the rest still counts (older versions read the first line only).
struct ConvertSettings: Equatable, Sendable {
  /// Whether the Convert lines show (in Basic and Scientific).
  var isOn = false
  /// The category of the units shown.
  var category: UnitCategory = .length
  /// The pairs chosen, by category; a category not here shows its standard pair.
  var pairs: [UnitCategory: UnitPair] = [:]

  /// The pair of units of `category`: the last one chosen, or its standard pair.
  func pair(for category: UnitCategory) -> UnitPair {
    pairs[category] ?? UnitPair.standard(for: category)
  }

  /// The pair of the category shown.
  var pair: UnitPair {
    get { pair(for: category) }
    set { pairs[category] = newValue }
  }

  /// The lines it is saved as; none while nothing differs from a first launch's (the file then
  /// reads as older versions wrote it).
  var lines: [String] {
    guard self != ConvertSettings() else { return [] }
    return ["convert \(isOn ? "on" : "off") \(category.rawValue)"]
      + UnitCategory.allCases.compactMap { category in
        pairs[category].map { "pair \(category.rawValue) \($0.from) \($0.to)" }
      }
  }

  /// Takes in one saved line; false, changing nothing, for a line it does not know.
  @discardableResult
  mutating func read(_ line: Substring) -> Bool {
    let fields = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
    switch fields.first {
    case "convert":
      // A category's name may hold a space (`fuel economy`); a symbol never does.
      guard fields.count >= 3, ["on", "off"].contains(fields[1]),
        let category = UnitCategory(rawValue: fields[2...].joined(separator: " "))
      else { return false }
      isOn = fields[1] == "on"
      self.category = category
    case "pair":
      guard fields.count >= 4 else { return false }
      let (from, to) = (fields[fields.count - 2], fields[fields.count - 1])
      let name = fields[1..<fields.count - 2].joined(separator: " ")
      guard let category = UnitCategory(rawValue: name), ConvertSettings.isUnit(from, of: category),
        ConvertSettings.isUnit(to, of: category)
      else { return false }
      pairs[category] = UnitPair(from: from, to: to)
    default:
      return false
    }
    return true
  }

  /// Whether `symbol` can be a unit of `category`: one of its table's, or for a currency a
  /// code of three capital letters (the day's rates decide which show).
  static func isUnit(_ symbol: String, of category: UnitCategory) -> Bool {
    guard category == .currency else {
      return UnitTable.units(in: category, rates: nil).contains { $0.symbol == symbol }
    }
    return symbol.utf8.count == 3 && symbol.utf8.allSatisfy { (65...90).contains($0) }
  }
}
