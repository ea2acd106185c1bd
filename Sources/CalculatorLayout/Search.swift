import CalculatorCore

/// A search of the tape as a frame shows it (docs/SPEC.md section 15.3): the search line, what
/// was typed and the count, above the matches that show, newest first.
public struct SearchView: Equatable, Sendable {
  /// What was typed, as typed.
  public var query: String
  /// The selected match and the count: `3 of 27`, `0 of 0`.
  public var count: String
  /// The matches that show, top to bottom (the newest first).
  public var matches: [SearchMatchLine]

  /// A search line holding `query` and `count` over `matches`.
  public init(query: String, count: String, matches: [SearchMatchLine]) {
    self.query = query
    self.count = count
    self.matches = matches
  }

  /// The selected match among those that show, if it shows.
  public var selected: SearchMatchLine? { matches.first { $0.isSelected } }
}

/// One match of a search as shown: its calculation's line.
public struct SearchMatchLine: Equatable, Sendable {
  /// The calculation's line as `circlecalc --history` prints it, numbers in the locale's form.
  public var text: String
  /// The calculation's position on the tape (0 = oldest).
  public var calculation: Int
  /// The selected match: drawn highlighted.
  public var isSelected: Bool

  /// The line `text` of calculation `calculation`, selected or not.
  public init(text: String, calculation: Int, isSelected: Bool) {
    self.text = text
    self.calculation = calculation
    self.isSelected = isSelected
  }
}

/// Where a search shows (docs/SPEC.md section 15.3): over the side panel's lines in a wide
/// window, else over the strip; the search line on top, then one line per match.
extension Layout {
  /// The rectangle the search takes: the side panel's lines, or the strip.
  public var searchArea: Rect { tapePanel.isEmpty ? historyRect : tapeLinesRect }

  /// The font of the search line and the matches: the side panel's, or a past row's.
  public var searchFontSize: Double { tapePanel.isEmpty ? pastHistoryFontSize : tapeFontSize }

  /// The height of the search line and of each match's line.
  public var searchLineHeight: Double {
    tapePanel.isEmpty ? pastHistoryRowHeight : tapeLineHeight
  }

  /// The search line: the area's top line.
  public var searchFieldRect: Rect {
    let area = searchArea
    return Rect(
      x: area.minX, y: area.minY, width: area.width, height: min(searchLineHeight, area.height))
  }

  /// How many matches show at once, under the search line.
  public var visibleSearchMatches: Int {
    let height = searchLineHeight
    guard height > 0, !searchArea.isEmpty else { return 0 }
    return max(Int((searchArea.height - height) / height + 1e-9), 0)
  }

  /// The line of the `slot`th match shown (0: the top one).
  public func searchMatchRect(_ slot: Int) -> Rect {
    let area = searchArea
    let height = searchLineHeight
    return Rect(
      x: area.minX, y: area.minY + height * Double(slot + 1), width: area.width, height: height)
  }

  /// The slot of the match line under `point`, if any of the `count` shown.
  public func searchMatchSlot(at point: Point, count: Int) -> Int? {
    (0..<min(count, visibleSearchMatches)).first { searchMatchRect($0).contains(point) }
  }
}
