import CalculatorCore
import CalculatorLayout

/// What a key does while the search line is open (docs/SPEC.md section 15.3).
enum SearchCommand: Hashable, Sendable {
  /// Up, Down: the match above (newer) or below (older) is selected.
  case newer, older
  /// PageUp, PageDown: a screenful of matches newer or older.
  case newerPage, olderPage
  /// Home, End: the newest or the oldest match.
  case newest, oldest
  /// Return: the selected match's result goes into the display, and the search closes.
  case choose
  /// Escape: the search closes, nothing changed.
  case close
  /// F2: the selected match's last number is edited on the tape, and the search closes.
  case edit
  /// BackSpace: deletes the search text's last character.
  case deleteBackward
  /// A character typed into the search text.
  case type(Character)
}

// swift-format-ignore
/// The keys of the open search line; any printable character (the keypad's operators too) types
/// into it, and a key with Ctrl (Ctrl+Z, Ctrl+C) acts as usual.
let searchBindings: [(keysym: KeySymbol, command: SearchCommand)] = [
  //  keysym                  command
  (.up,                       .newer),
  (.down,                     .older),
  (.prior,                    .newerPage),
  (.next,                     .olderPage),
  (.home,                     .newest),
  (.end,                      .oldest),
  (.returnKey,                .choose),
  (.kpEnter,                  .choose),
  (.escape,                   .close),
  (.f2,                       .edit),
  (.backSpace,                .deleteBackward),
]

extension SearchCommand {
  /// The character a key types into the search text: what it types into any text
  /// (`Keystroke.typedCharacter`), and the keypad's operators as the characters they are.
  static func typing(_ stroke: Keystroke) -> SearchCommand? {
    if let character = stroke.typedCharacter { return .type(character) }
    guard stroke.modifiers.subtracting(.shift).isEmpty else { return nil }
    let operators: [(KeySymbol, Character)] = [
      (.kpAdd, "+"), (.kpSubtract, "-"), (.kpMultiply, "*"), (.kpDivide, "/"), (.kpEqual, "="),
    ]
    return operators.first { $0.0 == stroke.symbol }.map { .type($0.1) }
  }
}

/// The open search of the tape (docs/SPEC.md section 15.3): what was typed, the matches
/// (`TapeSearch`, newest first, one selected) and which match shows first.
///
/// Typing on narrows the matches already found; BackSpace, or a tape changed under the search
/// (an undo, an edit, another window's calculations), searches the tape again, once.
struct SearchLine: Equatable, Sendable {
  /// The longest search text, in characters.
  static let maximumLength = 64

  /// The matches of the text typed on the tape, the selected one.
  var search: TapeSearch
  /// The first match shown (0: the newest).
  var offset = 0

  /// What changes the open search.
  enum Action {
    /// A key of the open search; `page` matches show at once.
    case command(SearchCommand, page: Int)
    /// Text pasted into the search line.
    case paste(String)
    /// The tape changed: the same text is searched for on `tape`, the same calculation kept
    /// selected when it still matches.
    case tapeChanged(HistoryTape)
    /// The `slot`th match shown was clicked: it is selected, and chosen.
    case click(slot: Int, page: Int)
    /// The wheel: the list scrolls a match a tick (newer first), the selection kept.
    case scroll(by: Int, page: Int)
  }

  /// What the search tells the window.
  enum Outcome: Equatable {
    /// The search closes, nothing changed.
    case close
    /// The result of calculation `position` (on the tape) goes into the display; the search
    /// closes.
    case recall(Int)
    /// Calculation `position`'s last number is edited on the tape; the search closes.
    case edit(Int)
    /// The key did nothing: the red cue (BackSpace on no text, a text too long).
    case refused
  }

  /// The search opened on `tape`: no text, every calculation a match, the newest selected.
  init(tape: HistoryTape) {
    search = TapeSearch("", in: tape)
  }

  /// Applies `action`; what the window must do, if anything.
  @discardableResult
  mutating func reduce(_ action: Action) -> Outcome? {
    switch action {
    case .command(let command, let page): return perform(command, page: page)
    case .paste(let text):
      // One line: a pasted newline or tab is a space, as the text is compared without spaces.
      let flat = String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 })
      guard !flat.isEmpty, search.query.count + flat.count <= SearchLine.maximumLength else {
        return .refused
      }
      retype(search.query + flat)
    case .tapeChanged(let tape):
      let selected = search.selectedCalculation.map { search.tape.calculations.id(at: $0) }
      search = TapeSearch(search.query, in: tape)
      if let selected, let position = tape.index(of: selected),
        let index = search.matches.firstIndex(of: position)
      {
        search.select(index)
      }
    case .scroll(let ticks, let page):
      offset += ticks
      offset = clampedOffset(page: page)
    case .click(let slot, let page):
      let index = clampedOffset(page: page) + slot
      guard search.matches.indices.contains(index) else { return nil }
      search.select(index)
      return .recall(search.matches[index])
    }
    return nil
  }

  /// A key of the open search.
  private mutating func perform(_ command: SearchCommand, page: Int) -> Outcome? {
    let current = search.selected ?? 0
    let page = max(page, 1)
    switch command {
    case .newer: move(to: current - 1, page: page)
    case .older: move(to: current + 1, page: page)
    case .newerPage: move(to: current - page, page: page)
    case .olderPage: move(to: current + page, page: page)
    case .newest: move(to: 0, page: page)
    case .oldest: move(to: search.matches.count - 1, page: page)
    case .choose:
      // No match: Return does nothing, and the search stays (docs/SPEC.md section 15.3).
      return search.selectedCalculation.map(Outcome.recall)
    case .close: return .close
    case .edit: return search.selectedCalculation.map(Outcome.edit) ?? .refused
    case .deleteBackward:
      guard !search.query.isEmpty else { return .refused }
      retype(String(search.query.dropLast()))
    case .type(let character):
      guard search.query.count < SearchLine.maximumLength else { return .refused }
      retype(search.query + String(character))
    }
    return nil
  }

  /// The search for `text`: typing on narrows the matches found, anything else reads the tape
  /// again; the newest match is selected and shows first.
  private mutating func retype(_ text: String) {
    search = TapeSearch(text, in: search.tape, narrowing: search)
    offset = 0
  }

  /// Selects match `index` (kept among the matches) and scrolls the list as little as it takes
  /// to show it.
  private mutating func move(to index: Int, page: Int) {
    search.select(index)
    if let selected = search.selected {
      offset = min(offset, selected)
      offset = max(offset, selected - max(page, 1) + 1)
    }
    offset = clampedOffset(page: page)
  }

  /// The first match shown when `page` show at once: `offset`, no further than the last
  /// screenful.
  func clampedOffset(page: Int) -> Int {
    min(max(offset, 0), max(search.matches.count - max(page, 1), 0))
  }

  /// The search as the frame shows it, `page` matches at once, the count in the user's
  /// language and numbers in `numbers`' form.
  func view(page: Int, numbers: NumberLocale) -> SearchView {
    let first = clampedOffset(page: page)
    let shown = search.matches.indices.dropFirst(first).prefix(max(page, 0))
    let calculations = search.tape.calculations
    return SearchView(
      query: search.query, count: SearchLine.count(of: search, numbers: numbers),
      matches: shown.map { index in
        let position = search.matches[index]
        return SearchMatchLine(
          text: numbers.localized(calculations[position].line), calculation: position,
          isSelected: index == search.selected)
      })
  }

  /// The selected match and the count, `3 of 27` (`0 of 0` for none), in the user's language
  /// and with the locale's grouping.
  static func count(of search: TapeSearch, numbers: NumberLocale) -> String {
    func grouped(_ value: Int) -> String {
      numbers.localized(NumberFormat.grouping(typed: String(value)))
    }
    return tr("%s of %s").filling(
      grouped(search.selected.map { $0 + 1 } ?? 0), grouped(search.matches.count))
  }
}

extension WindowState {
  /// How many matches the search shows at once.
  var searchPage: Int { layout.visibleSearchMatches }

  /// Ctrl+F: opens the search line over the tape (docs/SPEC.md section 15.3).
  ///
  /// Every calculation matches until something is typed; the row cursor ends. Nothing in Tip &
  /// Split; open already, it stays.
  mutating func openSearch() {
    closeOverlays()
    guard mode != .tip, search == nil else { return }
    endSelection()
    browser.toRest()
    search = SearchLine(tape: tape)
  }

  /// The open search's part of an input (TCA's Scope): its reducer on its state, and what it
  /// decided applied to the window.
  mutating func search(_ action: SearchLine.Action, at now: Instant) {
    guard var open = search else { return }
    let outcome = open.reduce(action)
    search = open
    switch outcome {
    case nil: break
    case .refused: showCue(.refused, at: now)
    case .close: search = nil
    case .recall(let position):
      let calculation = tape.calculations[position]
      let result = calculation.shownRow(calculation.shownRowCount - 1)
      guard document.recall(Calculation.number(inRow: result)) else {
        return showCue(.refused, at: now)
      }
      search = nil
      browser.toRest()
    case .edit(let position):
      // The number before `=`: a calculation has two rows or more, and only its first may be
      // carried, so it is always one that can be edited.
      let rows = tape.calculations[position].rows.count
      search = nil
      browser.cursor = TapeCursor(
        calculation: tape.calculations.id(at: position), row: max(rows - 1, 0))
      editSelectedRow(at: now)
    }
  }

  /// After an action that changed the tape while the search is open: it searches the new
  /// tape, once.
  mutating func searchFollowsTape() {
    guard var open = search, open.search.tape != tape else { return }
    open.reduce(.tapeChanged(tape))
    search = open
  }

  /// The search as the frame shows it.
  var searchView: SearchView? {
    search?.view(page: searchPage, numbers: numbers)
  }
}
