import CalculatorCore
import Testing

@testable import CalculatorLayout

@Suite struct KeypadTests {
  @Test func fiveRowsOfFour() {
    #expect(Keypad.rows.count == 5)
    #expect(Keypad.rows.allSatisfy { $0.count == 4 })
    #expect(Keypad.rowCount == 5 && Keypad.columnCount == 4)
    #expect(Keypad.positions.count == 20)
  }

  @Test func everyPressableKeyAppearsExactlyOnce() {
    let onKeypad = Keypad.rows.flatMap { $0 }.compactMap { cap -> Key? in
      if case .key(let key) = cap.action { return key }
      return nil
    }
    let expected = Key.allCases.filter {
      ![.backspace, .allClear, .clearEntry].contains($0) && !$0.isScientific
    }
    for key in expected {
      #expect(onKeypad.filter { $0 == key }.count == 1, "\(key)")
    }
    #expect(onKeypad.count == expected.count)
  }

  @Test func oneClearCellAndOneShortcutsCell() {
    let actions = Keypad.rows.flatMap { $0 }.map(\.action)
    #expect(actions.filter { $0 == .clear }.count == 1)
    #expect(actions.filter { $0 == .shortcuts }.count == 1)
  }

  @Test func labelsReadLikeTheIPhone() {
    let labels = Keypad.rows.map { $0.map(\.label).joined(separator: " ") }
    #expect(labels == ["AC ± % ÷", "7 8 9 ×", "4 5 6 −", "1 2 3 +", "⌨ 0 . ="])
  }

  @Test func operatorsLabelledWithTheirSymbols() {
    for cap in Keypad.rows.flatMap({ $0 }) {
      if case .key(.operation(let operation)) = cap.action {
        #expect(cap.label == operation.symbol)
        #expect(cap.style == .operator)
      }
    }
  }

  @Test func positionsOfKeys() {
    #expect(Keypad.position(of: .allClear) == GridPosition(row: 0, column: 0))
    #expect(Keypad.position(of: .clearEntry) == GridPosition(row: 0, column: 0))
    #expect(Keypad.position(of: .backspace) == nil)
    #expect(Keypad.position(of: .digit(.seven)) == GridPosition(row: 1, column: 0))
    #expect(Keypad.position(of: .equals) == GridPosition(row: 4, column: 3))
    #expect(Keypad.position(of: KeypadAction.shortcuts) == GridPosition(row: 4, column: 0))
    for position in Keypad.positions {
      if case .key(let key) = Keypad.action(at: position) {
        #expect(Keypad.position(of: key) == position)
      }
    }
  }
}
