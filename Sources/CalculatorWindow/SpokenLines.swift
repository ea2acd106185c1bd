import CalculatorCore
import CalculatorLayout

/// What a screen reader is told of a change, wherever the focus is (docs/SPEC.md section 9).
///
/// A frame has a few spoken lines: its mode and order (docs/SPEC.md section 12: said only
/// when it changes, `Math Order`); with the Convert lines, their units
/// (`Convert, kilometres to miles`); then the display (with Convert, the display and the
/// converted value each with its unit: `36 kilometres`, `22.369362920544022906 miles`) and,
/// while the row cursor is on the tape, `Editing` while its number is edited, the row and its
/// calculation; or in Tip & Split each field with its value and the share per person. After a
/// turn of events, the lines that went away (those that say so: `Convert off`), then those that
/// changed or appeared, are said once, together and in order, through the window's
/// notification, except the lines a typed digit or point went into: the screen reader's key
/// echo has just said that character. So `7 + 8 =` is heard as the echo's `7`, `plus`, `8`,
/// `equals`, then `15` from here; ⌫ after `123` as `12`; Ctrl+2 as `Scientific`; a preset in Tip
/// & Split as `Tip, 18 percent, Per person, 33.34`; Up onto the tape as its newest row and its
/// calculation (`= 1,345.9, 1,200 × 1.08 + 49.9 = 1,345.9`), Up again as the row alone
/// (`+ 49.9`), an edit committed as the calculation computed again; a swap of units as
/// `Convert, miles to kilometres, 36 miles, 57.936384 kilometres`.
///
/// When no line changed but the tape did (Clear History, an undo or a redo of it or of an
/// edit), that change is said: the one calculation that changed or came, else how many there
/// are now.
struct SpokenLines: Equatable, Sendable {
  /// What a line tells of.
  enum Subject: Hashable, Sendable {
    case mode
    /// The order of operations (docs/SPEC.md section 12), said when it changes.
    case order
    case units
    case display
    case converted
    /// A row's number is being edited.
    case editing
    /// Shown row `row` of calculation `calculation` (0 = oldest) under the row cursor.
    case tapeRow(calculation: Int, row: Int)
    /// The calculation holding the row cursor's row.
    case tapeCalculation(Int)
    /// The open search's count (docs/SPEC.md section 15.3).
    case searchCount
    /// The search's selected match: calculation `calculation`'s line.
    case searchMatch(calculation: Int)
    case field(TipField)
    case perPerson
  }

  /// One line: its subject and its words, and what to say when it goes away (nothing: nil).
  struct Line: Equatable, Sendable {
    var subject: Subject
    var text: String
    var ending: String? = nil
  }

  var lines: [Line]
  /// The lines the keyboard types into: the display (and the converted value, which follows
  /// it), a row being edited, or in Tip & Split the active field.
  var typedInto: [Subject]
  /// The finished calculations, whose change is said when no line says it.
  var tape: HistoryTape
  /// The form the tape's numbers are said in (docs/SPEC.md section 13.1).
  var numbers = NumberLocale.c

  /// What a screen reader hears when the search closes.
  static var searchClosedText: String { tr("Search closed") }

  /// What a screen reader hears for a row being edited, before the row as typed.
  static var editingText: String { tr("Editing") }

  /// The lines of `frame`.
  init(frame: Frame) {
    lines = [
      Line(subject: .mode, text: MenuItem.mode(frame.mode).title),
      Line(subject: .order, text: frame.order.name),
    ]
    tape = frame.tape.past
    numbers = frame.tape.numbers
    guard let screen = frame.tipScreen else {
      if let convert = frame.convert {
        let units = convert.units
        lines.append(
          Line(
            subject: .units,
            text: tr("Convert, %s to %s").filling(
              units.from.pluralName, units.to.pluralName),
            ending: tr("Convert off")))
      }
      // Right after an operator the display shows the 0 of an operand not yet begun: the
      // operator's echo said what happened (`7 +` is heard as `7`, `plus`, not `0`).
      let display = frame.display.text
      if !(frame.face.pendingOperation != nil && display == "0") {
        if let convert = frame.convert {
          lines.append(
            Line(subject: .display, text: ConvertView.spoken(display, in: convert.units.from)))
          lines.append(Line(subject: .converted, text: convert.spokenConverted))
        } else {
          lines.append(Line(subject: .display, text: display))
        }
      }
      typedInto = frame.convert == nil ? [.display] : [.display, .converted]
      if let search = frame.search {
        // `3 of 27` and the selected match's line, as typing or walking changes them.
        lines.append(
          Line(subject: .searchCount, text: search.count, ending: SpokenLines.searchClosedText))
        if let match = search.selected {
          lines.append(
            Line(subject: .searchMatch(calculation: match.calculation), text: match.text))
        }
      }
      guard let selection = frame.tape.selection,
        tape.calculations.indices.contains(selection.calculation)
      else { return }
      let calculation = tape.calculations[selection.calculation]
      let numbers = frame.tape.numbers
      let row = Subject.tapeRow(calculation: selection.calculation, row: selection.row)
      if let edited = selection.editedText {
        lines.append(Line(subject: .editing, text: SpokenLines.editingText))
        typedInto = [row]
        lines.append(Line(subject: row, text: numbers.localized(edited)))
      } else {
        lines.append(
          Line(subject: row, text: numbers.localized(calculation.shownRow(selection.row))))
      }
      lines.append(
        Line(
          subject: .tapeCalculation(selection.calculation),
          text: numbers.localized(calculation.line)))
      return
    }
    for field in TipField.allCases {
      let text = SpokenLines.spoken(
        field, of: screen, tipPercent: frame.face.tipPercent, numbers: frame.display.numbers)
      lines.append(Line(subject: .field(field), text: text))
    }
    lines.append(
      Line(subject: .perPerson, text: tr("Per person, %s").filling(screen.perPerson)))
    typedInto = [.field(screen.active)]
  }

  /// A field with its value as a screen reader should say it: `Tip, 18 percent`.
  ///
  /// Also `Bill, 84.50`, `People, 3`. The value, not the text as typed: a field left or entered
  /// shows `84.5` as `84.50`, which is no change to speak. `tipPercent` is the keypad face's.
  static func spoken(
    _ field: TipField, of screen: TipScreen, tipPercent: String?, numbers: NumberLocale = .c
  ) -> String {
    let shown = screen.text(of: field)
    let value =
      switch field {
      case .bill:
        NumberFormat.parse(numbers.reading(shown)).map {
          numbers.localized(TipCalculator.amount($0))
        } ?? shown
      case .tipPercent:
        tr("%s percent").filling(tipPercent.map(numbers.localized) ?? String(shown.dropLast()))
      case .people: shown
      }
    return tr("%s, %s").filling(field.title, value)
  }

  /// Whether the screen reader's key echo says what `key` typed: a digit or the point goes
  /// into the entry as the character the echo spoke; in Math Order an operator or a
  /// parenthesis goes into the expression the same way (docs/SPEC.md section 12.7), so the
  /// display is not read again after each.
  static func isEchoed(_ key: Key, in order: Order = .leftToRight) -> Bool {
    switch key {
    case .digit, .edit(.point): true
    case .operation, .parenthesis: order == .math
    default: false
    }
  }

  /// What to say after `old`: the endings of the lines that went away, then the lines that
  /// changed or appeared, joined; without any, the tape's change; nil for nothing.
  ///
  /// The typed lines are left out when `echoed` (the last key typed was a digit or point).
  func announcement(since old: SpokenLines, echoed: Bool) -> String? {
    let ended = old.lines.filter { line in !lines.contains { $0.subject == line.subject } }
      .compactMap(\.ending)
    let said = lines.filter { line in
      !(echoed && typedInto.contains(line.subject))
        && !old.lines.contains { $0.subject == line.subject && $0.text == line.text }
    }
    let words = ended + said.map(\.text)
    guard words.isEmpty else { return words.joined(separator: ", ") }
    return tape == old.tape ? nil : SpokenLines.change(from: old.tape, to: tape, numbers: numbers)
  }

  /// A change of the tape in words: the calculation that came or changed (the oldest of them
  /// when an edit changed a chain) while no other came or went, else how many there are now:
  /// `1,200 × 1.08 + 49.9 = 1,345.9`, `3 calculations`, `No calculations`.
  static func change(from old: HistoryTape, to new: HistoryTape, numbers: NumberLocale = .c)
    -> String
  {
    let fresh = new.calculations.lazy.filter { calculation in
      old.index(of: calculation.id).map { old.calculations[$0] != calculation } ?? true
    }
    if let first = fresh.first,
      new.count == old.count || (new.count == old.count + 1 && fresh.count == 1)
    {
      return numbers.localized(first.line)
    }
    switch new.count {
    case 0: return tr("No calculations")
    case let count: return trPlural("%d calculation", "%d calculations", count).filling(count)
    }
  }
}

/// What a screen reader was told (docs/SPEC.md section 9): the spoken lines of the last frame
/// presented, whether the last key was echoed, and how many refusals have been said.
struct Speech: Equatable, Sendable {
  /// The lines a screen reader was last told of.
  var lines: SpokenLines?
  /// The last key of the turn was a digit or point typed on the keyboard, which the screen
  /// reader's key echo said.
  var typedEcho = false
  /// The refusals said so far (`Cues.refusals`).
  var announcedRefusals = 0

  /// What a screen reader says for a refusal.
  static var refusalAnnouncement: String { tr("Not accepted") }

  /// What a screen reader says for a refusal with its reason: `Not accepted: unbalanced
  /// parenthesis` (docs/SPEC.md section 12).
  static func refusalAnnouncement(reason: String) -> String {
    tr("Not accepted: %s").filling(reason)
  }

  /// After a turn, `frame` on the window: the lines that changed, once, joined, and a refusal
  /// (a paste that is not a number, NaN copied, a Tip & Split key beyond its limit), after
  /// which the display only turns red, its text the same.
  mutating func reduce(_ frame: Frame, refusals: Int, reason: String? = nil) -> [WindowEffect] {
    let now = SpokenLines(frame: frame)
    var said = lines.flatMap { now.announcement(since: $0, echoed: typedEcho) }
    lines = now
    typedEcho = false
    if refusals != announcedRefusals {
      announcedRefusals = refusals
      let refusal = reason.map(Speech.refusalAnnouncement(reason:)) ?? Speech.refusalAnnouncement
      said = [said, refusal].compactMap { $0 }.joined(separator: ", ")
    }
    return said.map { [.announce($0)] } ?? []
  }
}
