import CalculatorCore
import CalculatorLayout
import CalculatorRender
import TestSupport
import Testing

@testable import CalculatorWindow

/// What a screen reader is told after each step (docs/SPEC.md section 9), from two frames.
@Suite struct SpokenLinesTests {
  func frame(_ keys: String, mode: Mode = .basic, tip: TipCalculator = TipCalculator()) -> Frame {
    Frame(
      layout: Layout(width: 360, height: 640, keypad: .of(mode)),
      calculator: TestSupport.calculator(after: keys), split: tip)
  }

  /// The words after typing `keys` then `key`, the key typed on the keyboard (its echo spoken)
  /// or clicked.
  func said(after keys: String, then key: String, typed: Bool = true) throws -> String? {
    let pressed = try #require(try Key.sequence(key).first)
    let old = SpokenLines(frame: frame(keys))
    return SpokenLines(frame: frame(keys + key))
      .announcement(since: old, echoed: typed && SpokenLines.isEchoed(pressed))
  }

  // The expected words are what the display shows (docs/SPEC.md section 2 by hand: 7 + 8 is
  // 15, ⌫ on 123 leaves 12, √2 to 20 digits is 1.4142135623730950488), or nothing where the
  // key echo already said it.
  @Test(
    arguments: [
      ("", "7", true, nil),  // the echo said 7
      ("", "7", false, "7"),  // a click or Space: nobody said it
      ("7", "+", true, nil),  // the 0 of an operand not begun
      ("7+", "8", true, nil),
      ("7+8", "=", true, "15"),
      ("123", "b", true, "12"),
      ("12", ".", true, nil),
      ("2", "[sqrt]", true, "1.4142135623730950488"),
      ("5/0", "=", true, "NaN"),
      ("15", "a", true, "0"),
      ("7", "n", true, "-7"),
    ] as [(String, String, Bool, String?)])
  func theDisplaySpeaksWhatTheEchoDidNotSay(
    keys: String, key: String, typed: Bool, expected: String?
  ) throws {
    #expect(try said(after: keys, then: key, typed: typed) == expected)
  }

  @Test func aModeIsSpokenByName() {
    let basic = SpokenLines(frame: frame("12"))
    #expect(
      SpokenLines(frame: frame("12", mode: .scientific)).announcement(since: basic, echoed: false)
        == "Scientific")
    #expect(basic.announcement(since: basic, echoed: false) == nil)
  }

  /// Tip & Split: entering it says the whole screen; then each field's change with its value
  /// (the typed one left to the echo) and the share per person. docs/SPEC.md section 7 by hand:
  /// 84.50 at 18% is 15.21, total 99.71; at 15% 12.675 is 12.68, total 97.18; 99.71 ÷ 2 is
  /// 49.855, rounded up 49.86.
  @Test func tipAndSplitSpeaksItsFieldsAndTheShare() {
    var split = TipCalculator()
    for key in (try? TipKey.sequence("84.5")) ?? [] { _ = split.press(key) }
    let basic = SpokenLines(frame: frame("0"))
    let entered = SpokenLines(frame: frame("0", mode: .tip, tip: split))
    #expect(
      entered.announcement(since: basic, echoed: false)
        == "Tip & Split, Bill, 84.50, Tip, 15 percent, People, 1, Per person, 97.18")
    _ = split.press(.preset(.eighteen))
    let preset = SpokenLines(frame: frame("0", mode: .tip, tip: split))
    #expect(
      preset.announcement(since: entered, echoed: false) == "Tip, 18 percent, Per person, 99.71")
    _ = split.press(.people(.more))
    let people = SpokenLines(frame: frame("0", mode: .tip, tip: split))
    #expect(people.announcement(since: preset, echoed: false) == "People, 2, Per person, 49.86")
    _ = split.press(.field(.bill))
    _ = split.press(.digit(.one))
    let typed = SpokenLines(frame: frame("0", mode: .tip, tip: split))
    #expect(typed.announcement(since: people, echoed: true) == "Per person, 0.59")
  }

  /// What is said after each key of `keys` (keysyms, as the window gets them) typed into a
  /// window of `width` × `height` that already holds `tape`; the key echo is Orca's.
  func heard(
    _ keys: [String], after tape: String, width: Int = 360, height: Int = 640
  ) -> [String?] {
    var state = WindowState(calculator: Calculator(), width: width, height: height)
    state.type(keysyms: keysyms(tape))
    var lines = SpokenLines(frame: state.frame)
    return keys.map { key in
      state.type(keysyms: [key])
      let echoed = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "period"].contains(key)
      let next = SpokenLines(frame: state.frame)
      defer { lines = next }
      return next.announcement(since: lines, echoed: echoed)
    }
  }

  /// docs/SPEC.md section 9.5, the tape: Up onto it says the row and, entering a calculation,
  /// its line; F2 says `Editing`; ⌫ what is left; a digit nothing (its echo said it); Return the
  /// calculation computed again (1,200 × 1.08 + 50.1 = 1,346.1 by hand); Ctrl+Z what came back.
  /// The same in a wide window, whose side panel has the cursor.
  @Test(arguments: [(360, 640), (1600, 500)])
  func theTapeIsHeardRowByRow(width: Int, height: Int) {
    let keys = [
      "Up", "Up", "F2", "BackSpace", "BackSpace", "BackSpace", "BackSpace", "5", "0", "period",
      "1", "Return", "ctrl+z", "ctrl+y", "Up", "Up", "Up", "Escape",
    ]
    let expected: [String?] = [
      "= 1,345.9, 1,200 × 1.08 + 49.9 = 1,345.9", "+ 49.9", "Editing", "+ 49.", "+ 49", "+ 4",
      "+ 0", nil, nil, nil, nil, "1,200 × 1.08 + 50.1 = 1,346.1",
      "+ 49.9, 1,200 × 1.08 + 49.9 = 1,345.9", "+ 50.1, 1,200 × 1.08 + 50.1 = 1,346.1",
      "× 1.08", "1,200", "= 5, 2 + 3 = 5", nil,
    ]
    #expect(heard(keys, after: "2+3=1200*1.08+49.9=", width: width, height: height) == expected)
  }

  /// Rows that read the same are each said (`+ 2` twice), and so is a calculation that reads as
  /// the one before it.
  @Test func eachMoveIsHeard() {
    #expect(
      heard(["Up", "Up", "Up", "Up"], after: "2+2+2=1+1=1+1=")
        == ["= 2, 1 + 1 = 2", "+ 1", "1", "= 2, 1 + 1 = 2"])
    #expect(heard(["Up", "Up", "Up"], after: "2+2+2=") == ["= 6, 2 + 2 + 2 = 6", "+ 2", "+ 2"])
  }

  /// With no row selected a change of the tape nothing else says is said: Clear History and its
  /// undo by count, an edit's undo by the calculation that came back, a result the display
  /// already showed by its calculation.
  @Test func aChangeOfTheTapeAloneIsSaid() {
    #expect(
      heard(["F10", "End", "Return", "ctrl+z", "ctrl+y"], after: "1+2=3*4=")
        == [nil, nil, "No calculations", "2 calculations", "No calculations"])
    #expect(
      heard(["Up", "Up", "F2", "BackSpace", "5", "Return", "Escape", "ctrl+z"], after: "2*3=")
        .suffix(2) == [nil, "2 × 3 = 6"])
    #expect(heard(["1", "asterisk", "1", "equal"], after: "") == [nil, nil, nil, "1 × 1 = 1"])
  }
}
