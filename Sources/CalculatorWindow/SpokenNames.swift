import CalculatorCore
import CalculatorLayout

/// What a screen reader calls each keypad cell (docs/SPEC.md section 9.1): the core's spoken name
/// of its key (`Key.spokenName`), the clear cell as it shows (`all clear` or `clear`), `modes` for
/// the ⌨ cell and `second functions` for `2nd`.
enum SpokenNames {
  /// The name of a cell: `seven`, `decimal point`, `all clear`, `modes`.
  static func name(of action: KeypadAction, clearLabel: ClearLabel) -> String {
    switch action {
    case .key(let key): key.spokenName
    case .clear: clearLabel.key.spokenName
    case .modes: tr("modes")
    case .secondFunctions: tr("second functions")
    case .tip(let key): key.spokenName
    }
  }
}
