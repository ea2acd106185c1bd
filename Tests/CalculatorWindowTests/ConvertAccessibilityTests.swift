import CalculatorCore
import CalculatorLayout
import CalculatorRender
import TestSupport
import Testing

@testable import CalculatorWindow

/// Convert for a screen reader (docs/SPEC.md sections 9 and 10.4), from window states without
/// an X server: both lines named with their units, the buttons and the swap key clickable, the
/// picker a menu whose selected line is focused, and a unit change or a swap spoken once.
@Suite struct ConvertAccessibilityTests {
  func state(after keys: String = "36") -> WindowState {
    var state = WindowState(
      calculator: TestSupport.calculator(after: keys), width: 360, height: 640)
    state.convert.pair = UnitPair(from: "km", to: "mi")
    state.type(keysyms: ["ctrl+4"])
    return state
  }

  func tree(_ state: WindowState) -> AccessibleElement {
    AccessibleElement(frame: state.frame, isActive: true)
  }

  @Test func bothLinesAreReadWithTheirUnits() throws {
    let tree = tree(state())
    #expect(tree.children.first?.name == "36 kilometres")
    let names = tree.children.map(\.name)
    #expect(names.contains("22.369362920544022906 miles"))
    let swap = try #require(tree.children.first { $0.name == "swap units" })
    #expect(swap.role == .pushButton && swap.target == .convert(.swap))
    let from = try #require(tree.children.first { $0.target == .convert(.unit(.from)) })
    #expect(from.name == "convert from kilometres")
    let to = try #require(tree.children.first { $0.target == .convert(.unit(.to)) })
    #expect(to.name == "convert to miles")
    // One and minus one take the unit's singular.
    #expect(self.tree(state(after: "1")).children.first?.name == "1 kilometre")
    #expect(self.tree(state(after: "1n")).children.first?.name == "-1 kilometre")
  }

  @Test func theMenusConvertLineIsACheckItemCheckedWhileOn() throws {
    var state = state()
    state.reduce(.toggleMenu)
    let menu = try #require(tree(state).children.first { $0.role == .menu })
    let line = try #require(menu.children.first { $0.target == .menuItem(.convert) })
    #expect(line.role == .checkMenuItem && line.isChecked)
  }

  @Test func thePickerIsAMenuWhoseSelectedLineIsFocused() throws {
    var state = state()
    state.type(keysyms: ["ctrl+u"])
    var menu = try #require(tree(state).children.first { $0.role == .menu })
    #expect(menu.name == "pick the unit to convert from, units")
    #expect(menu.children.prefix(2).map(\.name) == ["from km", "to mi"])
    let focused = menu.children.filter(\.isFocused)
    #expect(focused.map(\.name) == ["km, kilometre"])
    #expect(focused.first?.isSelected == true && focused.first?.isChecked == true)
    #expect(menu.children.dropFirst(2).first?.name == "back to the categories")
    state.type(keysyms: ["m", "i"])
    menu = try #require(tree(state).children.first { $0.role == .menu })
    #expect(menu.name == "pick the unit to convert from, units, typed mi")
    #expect(menu.children.filter(\.isFocused).map(\.name) == ["mi, mile"])
    // The keys are not focused while the picker has the focus.
    #expect(tree(state).children.filter { $0.role == .pushButton && $0.isFocused }.isEmpty)
  }

  @Test func aSwapAndAUnitPickedAreSpokenOnce() {
    var state = state()
    var spoken = SpokenLines(frame: state.frame)
    state.type(keysyms: ["ctrl+s"])
    let swapped = SpokenLines(frame: state.frame)
    // By hand: 36 mi = 36 × 1.609344 km.
    #expect(
      swapped.announcement(since: spoken, echoed: false)
        == "Convert, miles to kilometres, 36 miles, 57.936384 kilometres")
    #expect(swapped.announcement(since: swapped, echoed: false) == nil)
    spoken = swapped
    state.type(keysyms: ["ctrl+u", "Tab", "f", "t", "Return"])
    // 36 × 1609.344 / 0.3048 = 190,080 ft.
    #expect(
      SpokenLines(frame: state.frame).announcement(since: spoken, echoed: false)
        == "Convert, miles to feet, 190,080 feet")
    spoken = SpokenLines(frame: state.frame)
    state.type(keysyms: ["ctrl+4"])
    #expect(
      SpokenLines(frame: state.frame).announcement(since: spoken, echoed: false)
        == "Convert off, 36")
  }

  @Test func aTypedDigitLeavesBothLinesToTheEcho() {
    var state = state(after: "")
    let before = SpokenLines(frame: state.frame)
    state.type(keysyms: ["5"])
    #expect(SpokenLines(frame: state.frame).announcement(since: before, echoed: true) == nil)
  }
}
