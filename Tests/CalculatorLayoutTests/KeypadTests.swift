import CalculatorCore
import Testing

@testable import CalculatorLayout

@Suite struct KeypadTests {
  @Test func basicIsFiveRowsOfFourAndScientificFiveRowsOfTen() {
    #expect(Keypad.basic.rows.count == 5 && Keypad.basic.rows.allSatisfy { $0.count == 4 })
    #expect(Keypad.basic.rowCount == 5 && Keypad.basic.columnCount == 4)
    #expect(Keypad.basic.positions.count == 20)
    #expect(Keypad.scientific.rows.count == 5)
    #expect(Keypad.scientific.rows.allSatisfy { $0.count == 10 })
    #expect(Keypad.scientific.positions.count == 50)
    #expect(Keypad.of(.basic) == .basic && Keypad.of(.scientific) == .scientific)
  }

  /// The keys a keypad's cells press, with `2nd` off and on.
  func pressed(on keypad: Keypad) -> [Key] {
    keypad.rows.flatMap { $0 }.flatMap { cap -> [Key] in
      [cap.action, cap.alternate?.action].compactMap {
        if case .key(let key) = $0 { return key }
        return nil
      }
    }
  }

  @Test func everyKeyAppearsExactlyOnceOnTheScientificKeypad() {
    let onKeypad = pressed(on: .scientific)
    // AC and C share the clear cell; ⌫ is the keyboard's and the display's (a swipe).
    let expected = Key.allCases.filter { ![.backspace, .allClear, .clearEntry].contains($0) }
    for key in expected {
      #expect(onKeypad.filter { $0 == key }.count == 1, "\(key)")
    }
    #expect(onKeypad.count == expected.count)
  }

  @Test func theBasicKeypadHasExactlyTheBasicKeys() {
    let onKeypad = pressed(on: .basic)
    let expected = Key.allCases.filter {
      ![.backspace, .allClear, .clearEntry].contains($0) && !$0.isScientific
    }
    #expect(Set(onKeypad) == Set(expected))
    #expect(onKeypad.count == expected.count)
  }

  @Test func oneClearCellOneModesCellAndOneSecondCell() {
    for keypad in [Keypad.basic, .scientific] {
      let actions = keypad.rows.flatMap { $0 }.map(\.action)
      #expect(actions.filter { $0 == .clear }.count == 1)
      #expect(actions.filter { $0 == .modes }.count == 1)
      #expect(actions.filter { $0 == .secondFunctions }.count == (keypad == .basic ? 0 : 1))
    }
  }

  @Test func labelsReadLikeTheIPhone() {
    let basic = Keypad.basic.rows.map { $0.map(\.label.description).joined(separator: " ") }
    #expect(basic == ["AC ± % ÷", "7 8 9 ×", "4 5 6 −", "1 2 3 +", "⌨ 0 . ="])
    // docs/SPEC.md section 6.1's table, superscripts and subscripts flattened.
    let scientific = Keypad.scientific.rows.map {
      $0.prefix(6).map(\.label.description).joined(separator: " ")
    }
    #expect(
      scientific == [
        "( ) mc m+ m− mr", "2nd x2 x3 xy ex 10x", "1/x 2√x 3√x y√x ln log10",
        "x! sin cos tan e EE", "Rad sinh cosh tanh π Rand",
      ])
    let second = Keypad.scientific.rows.map {
      $0.prefix(6).map { $0.alternate?.label.description ?? "·" }.joined(separator: " ")
    }
    #expect(
      second == [
        "· · · · · ·", "· · · · yx 2x", "· · · · logy log2", "· sin−1 cos−1 tan−1 · ·",
        "· sinh−1 cosh−1 tanh−1 · ·",
      ])
  }

  @Test func theScientificKeypadEndsWithTheBasicOne() {
    for (row, basic) in zip(Keypad.scientific.rows, Keypad.basic.rows) {
      #expect(Array(row.suffix(4)) == basic)
    }
  }

  @Test func superscriptsAndSubscriptsAreRuns() {
    #expect(
      KeyLabel("x^{2}").runs == [
        .init(text: "x", position: .normal), .init(text: "2", position: .superscript),
      ])
    #expect(
      KeyLabel("^{1}/x").runs == [
        .init(text: "1", position: .superscript), .init(text: "/x", position: .normal),
      ])
    #expect(
      KeyLabel("log_{10}").runs == [
        .init(text: "log", position: .normal), .init(text: "10", position: .subscript),
      ])
    #expect(KeyLabel("sin^{−1}").runs.map(\.position) == [.normal, .superscript])
    #expect(KeyLabel("EE").runs == [.init(text: "EE", position: .normal)])
    #expect(KeyLabel("^").runs == [.init(text: "^", position: .normal)])
  }

  @Test func stateDecidesTheClearAndAngleLabelsAndTheLitKeys() throws {
    let keypad = Keypad.scientific
    let clear = try #require(keypad.position(of: KeypadAction.clear).flatMap(keypad.cap(at:)))
    let angle = try #require(keypad.position(of: .edit(.angle)).flatMap(keypad.cap(at:)))
    let recall = try #require(keypad.position(of: .memory(.recall)).flatMap(keypad.cap(at:)))
    let second = try #require(
      keypad.position(of: KeypadAction.secondFunctions).flatMap(keypad.cap(at:)))
    var calculator = Calculator()
    #expect(clear.label(on: KeypadFace(calculator, showsSecond: false)) == "AC")
    #expect(angle.label(on: KeypadFace(calculator, showsSecond: false)) == "Rad")
    #expect(!recall.isLit(on: KeypadFace(calculator, showsSecond: false)))
    #expect(
      second.isLit(on: KeypadFace(calculator, showsSecond: true))
        && !second.isLit(on: KeypadFace(calculator, showsSecond: false)))
    for key in [Key.digit(.two), .memory(.add), .edit(.angle)] { calculator.press(key) }
    #expect(clear.label(on: KeypadFace(calculator, showsSecond: false)) == "C")
    #expect(angle.label(on: KeypadFace(calculator, showsSecond: false)) == "Deg")
    #expect(recall.isLit(on: KeypadFace(calculator, showsSecond: false)))
  }

  @Test func positionsOfKeys() {
    let basic = Keypad.basic
    #expect(basic.position(of: .allClear) == GridPosition(row: 0, column: 0))
    #expect(basic.position(of: .clearEntry) == GridPosition(row: 0, column: 0))
    #expect(basic.position(of: .backspace) == nil)
    #expect(basic.position(of: .digit(.seven)) == GridPosition(row: 1, column: 0))
    #expect(basic.position(of: .equals) == GridPosition(row: 4, column: 3))
    #expect(basic.position(of: KeypadAction.modes) == GridPosition(row: 4, column: 0))
    #expect(basic.position(of: .function(.sine)) == nil)
    let scientific = Keypad.scientific
    #expect(scientific.position(of: .equals) == GridPosition(row: 4, column: 9))
    #expect(scientific.position(of: .function(.sine)) == GridPosition(row: 3, column: 1))
    #expect(scientific.position(of: .function(.arcsine)) == nil)
    #expect(
      scientific.position(of: .function(.arcsine), second: true) == GridPosition(row: 3, column: 1))
    #expect(scientific.action(at: GridPosition(row: 9, column: 9)) == nil)
    for keypad in [basic, scientific] {
      for position in keypad.positions {
        if case .key(let key) = keypad.action(at: position) {
          #expect(keypad.position(of: key) == position)
        }
      }
    }
  }

  @Test func theTipKeypadReadsLikeDesignSectionSeven() {
    let rows = Keypad.tip.rows.map { $0.map(\.label.description).joined(separator: " ") }
    #expect(rows == ["10% 15% 18% 20% 25%", "7 8 9 AC", "4 5 6 ⌫", "1 2 3 −", "⌨ 0 . +"])
    #expect(Keypad.tip.columnCount == 5 && Keypad.tip.rowCount == 5)
    #expect(Keypad.tip.screen == .tipAndSplit && Keypad.basic.screen == .calculator)
    #expect(Keypad.tip.indent(ofRow: 0) == 0 && Keypad.tip.indent(ofRow: 1) == 0.5)
    #expect(Keypad.tip.indent(ofRow: 9) == 0 && Keypad.basic.indent(ofRow: 2) == 0)
    #expect(Keypad.of(.tip) == .tip)
  }

  @Test func everyTipKeyButTheFieldsIsOnTheTipKeypadOnce() {
    let actions = Keypad.tip.rows.flatMap { $0 }.map(\.action)
    let expected = TipKey.allCases.filter { if case .field = $0 { false } else { true } }
    for key in expected {
      #expect(actions.filter { $0 == .tip(key) }.count == 1, "\(key)")
    }
    #expect(actions.filter { $0 == .modes }.count == 1)
    #expect(actions.count == expected.count + 1)
  }

  @Test func theTipPresetInUseIsLit() throws {
    var split = TipCalculator()
    let caps = Keypad.tip.rows[0]
    #expect(caps.map { $0.isLit(on: KeypadFace(split)) } == [false, true, false, false, false])
    for key in try TipKey.sequence("[tip]12.5") { split.press(key) }
    #expect(caps.allSatisfy { !$0.isLit(on: KeypadFace(split)) })
    for key in try TipKey.sequence("[tip]20.0") { split.press(key) }
    #expect(caps.map { $0.isLit(on: KeypadFace(split)) } == [false, false, false, true, false])
    #expect(Keypad.tip.rows[1].allSatisfy { !$0.isLit(on: KeypadFace(split)) })
  }
}
