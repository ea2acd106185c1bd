import CalculatorCore
import CalculatorLayout
import CalculatorRender

/// What a screen reader is told of a change, wherever the focus is (docs/SPEC.md section 9).
///
/// A frame has a few spoken lines: its mode, then the display, or in Tip & Split each field
/// with its value and the share per person. After a turn of events, the lines that changed or
/// appeared are said once, together and in order, through the window's notification, except
/// the line a typed digit or point went into: the screen reader's key echo has just said that
/// character. So `7 + 8 =` is heard as the echo's `7`, `plus`, `8`, `equals`, then `15` from
/// here; ⌫ after `123` as `12`; Ctrl+2 as `Scientific`; a preset in Tip & Split as
/// `Tip, 18 percent, Per person, 33.34`.
struct SpokenLines: Equatable, Sendable {
  /// What a line tells of.
  enum Subject: Hashable, Sendable {
    case mode
    case display
    case field(TipField)
    case perPerson
  }

  /// One line: its subject and its words.
  struct Line: Equatable, Sendable {
    var subject: Subject
    var text: String
  }

  var lines: [Line]
  /// The line the keyboard types into: the display, or in Tip & Split the active field.
  var typedInto: Subject

  /// The lines of `frame`.
  init(frame: Frame) {
    lines = [Line(subject: .mode, text: MenuItem.mode(frame.mode).title)]
    guard let screen = frame.tip else {
      // Right after an operator the display shows the 0 of an operand not yet begun: the
      // operator's echo said what happened (`7 +` is heard as `7`, `plus`, not `0`).
      let display = frame.display.text
      if !(frame.face.pendingOperation != nil && display == "0") {
        lines.append(Line(subject: .display, text: display))
      }
      typedInto = .display
      return
    }
    for field in TipField.allCases {
      let text = SpokenLines.spoken(field, of: screen, tipPercent: frame.face.tipPercent)
      lines.append(Line(subject: .field(field), text: text))
    }
    lines.append(Line(subject: .perPerson, text: "Per person, \(screen.perPerson)"))
    typedInto = .field(screen.active)
  }

  /// A field with its value as a screen reader should say it: `Tip, 18 percent`.
  ///
  /// Also `Bill, 84.50`, `People, 3`. The value, not the text as typed: a field left or entered
  /// shows `84.5` as `84.50`, which is no change to speak. `tipPercent` is the keypad face's.
  static func spoken(_ field: TipField, of screen: TipScreen, tipPercent: String?) -> String {
    let shown = screen.text(of: field)
    let value =
      switch field {
      case .bill: NumberFormat.parse(shown).map(TipCalculator.amount) ?? shown
      case .tipPercent: "\(tipPercent ?? String(shown.dropLast())) percent"
      case .people: shown
      }
    return "\(field.title), \(value)"
  }

  /// Whether the screen reader's key echo says what `key` typed: a digit or the point goes
  /// into the entry as the character the echo spoke.
  static func isEchoed(_ key: Key) -> Bool {
    switch key {
    case .digit, .modifier(.point): true
    default: false
    }
  }

  /// What to say after `old`: the lines that changed or appeared, joined; nil for nothing.
  ///
  /// The typed line is left out when `echoed` (the last key typed was a digit or point).
  func announcement(since old: SpokenLines, echoed: Bool) -> String? {
    let said = lines.filter { line in
      !(echoed && line.subject == typedInto)
        && !old.lines.contains { $0.subject == line.subject && $0.text == line.text }
    }
    return said.isEmpty ? nil : said.map(\.text).joined(separator: ", ")
  }
}
