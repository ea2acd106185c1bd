/// A past operand being edited in place (F2, docs/SPEC.md section 8), typed with the
/// calculator's own rules: digits (at most 20), one `.`, ⌫, ± and C.
///
///     var edit = OperandEdit(number: "49.9")
///     for _ in 0..<4 { edit.press(.backspace) }  // "0"
///     for key in try Key.sequence("50.1") { edit.press(key) }
///     edit.text  // "50.1"
///
/// It starts as the row's number would be pasted: as typed when it can be (`1,200` is `1200`
/// being typed, so ⌫ takes its last digit), else as a result that the first digit replaces
/// (`1.5e25`, `NaN`).
public struct OperandEdit: Equatable, Sendable {
  /// The number as it is being typed: the entry of a calculator of its own.
  private var entry = Calculator()

  /// An edit of the number a row shows: `"1,200"`, `"NaN"`.
  public init(number: String) {
    if !entry.enterNumber(number) { entry.show(Calculator.value(typed: number)) }
  }

  /// The number as the row shows it while it is edited: `"1,200"`, `"50."`, `"0"`.
  public var text: String { entry.display }

  /// The number the edit gives.
  public var value: CalculatorValue {
    Calculator.value(typed: entry.copyText ?? NumberFormat.notANumber)
  }

  /// Takes pasted text as the number, as the calculator takes a paste; false, changing
  /// nothing, unless the text is one number in range.
  public mutating func paste(_ text: String) -> Bool {
    var pasted = Calculator()
    guard pasted.enterNumber(text) else { return false }
    entry = pasted
    return true
  }

  /// Types a key into the number; returns false, changing nothing, for a key that would not
  /// change the number shown (a second `.`, a 21st digit, ⌫, ± or C on `0`) or that a number
  /// does not take (an operator, `=`, a function…).
  @discardableResult
  public mutating func press(_ key: Key) -> Bool {
    switch key {
    case .digit, .edit(.point), .edit(.backspace), .edit(.toggleSign),
      .edit(.clearEntry):
      let before = entry
      entry.press(key)
      guard entry.display != before.display else {
        entry = before
        return false
      }
      return true
    default:
      return false
    }
  }
}
