import CalculatorLayout
import Testing

@testable import CalculatorWindow
@testable import X11Frontend

/// How the bridge updates its nodes (`Accessibility.matches`).
@Suite struct AccessibilityMatchesTests {
  func element(_ role: AccessibleElement.Role, _ target: AccessibleElement.Target? = nil)
    -> AccessibleElement
  {
    AccessibleElement(
      role: role, name: "", bounds: Rect(x: 0, y: 0, width: 1, height: 1), target: target)
  }
  /// The bridge keeps the nodes that stay the same element (role and target), so a line that
  /// comes or goes does not replace every key after it.
  @Test func matchesPairTheElementsThatStay() {
    let a = element(.pushButton, .cell(GridPosition(row: 0, column: 0)))
    let b = element(.pushButton, .cell(GridPosition(row: 0, column: 1)))
    let label = element(.label)
    let entry = element(.entry, .field(.bill))
    func pairs(_ old: [AccessibleElement], _ new: [AccessibleElement]) -> [[Int]] {
      Accessibility.matches(old, new).map { [$0.old, $0.new] }
    }
    #expect(pairs([label, a, b], [label, a, b]) == [[0, 0], [1, 1], [2, 2]])
    // The shares line appears, then goes.
    #expect(
      pairs([label, label, a, b], [label, label, label, a, b]) == [
        [0, 0], [1, 1], [2, 3], [3, 4],
      ])
    #expect(
      pairs([label, label, label, a, b], [label, label, a, b]) == [
        [0, 0], [1, 1], [3, 2], [4, 3],
      ])
    // Basic to Tip & Split: the display becomes the first label, the keys stay their cells.
    let list = element(.list)
    #expect(
      pairs([label, list, a, b], [label, entry, label, entry, a, b]) == [[0, 0], [2, 4], [3, 5]])
    #expect(pairs([a], [b]) == [])
  }
}
