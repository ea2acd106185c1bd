import CalculatorCore
import CalculatorLayout
import CalculatorRender
import TestSupport
import Testing

@testable import CalculatorWindow

/// Convert in the window without an X server (docs/SPEC.md section 10.4): the toggle, the two
/// lines following every key, the picker from the keyboard and the mouse, the swap, the pairs
/// remembered. Expected values by hand from the definitions (1 mi = 1.609344 km, 1 ft =
/// 0.3048 m, °F = °C × 9/5 + 32), cut to 20 significant digits as Python's decimal gives them.
@Suite struct WindowStateConvertTests {
  func state(after keys: String = "", mode: Mode = .basic) -> WindowState {
    WindowState(
      calculator: TestSupport.calculator(after: keys), mode: mode, width: 360, height: 640)
  }

  func middle(_ rect: Rect) -> Point {
    Point(x: rect.minX + rect.width / 2, y: rect.minY + rect.height / 2)
  }

  /// The lines as drawn: the upper unit, the lower value and unit.
  func lines(_ state: WindowState) -> String? {
    state.frame.convert.map {
      "\($0.units.from.symbol) → \($0.converted.text) \($0.units.to.symbol)"
    }
  }

  @Test func ctrl4ShowsTheLinesWhichFollowEveryKey() {
    var state = state()
    #expect(state.frame.convert == nil && state.layout.convert == nil)
    state.type(keysyms: ["ctrl+4"])
    #expect(state.convert.isOn && state.layout.convert != nil)
    #expect(lines(state) == "m → 0 ft")
    state.type(keysyms: ["1", "2"])
    #expect(lines(state) == "m → 39.370078740157480315 ft")  // 12 / 0.3048
    state.type(keysyms: ["asterisk", "3"])
    #expect(lines(state) == "m → 9.8425196850393700787 ft")  // the display shows 3
    state.type(keysyms: ["Return"])
    #expect(state.frame.display.text == "36")
    #expect(lines(state) == "m → 118.11023622047244094 ft")
    state.type(keysyms: ["ctrl+4"])
    #expect(!state.convert.isOn && state.frame.convert == nil && state.layout.convert == nil)
  }

  @Test func theMenusConvertLineTogglesAndIsCheckedWhileOn() throws {
    var state = state()
    state.reduce(.toggleMenu)
    state.reduce(.choose(.convert))
    #expect(state.convert.isOn && state.menu.selection == nil)
    #expect(state.frame.convert != nil)
  }

  @Test func inTipAndSplitConvertShowsBasicWithTheLines() {
    var state = state(mode: .tip)
    #expect(!state.showsConvert)
    state.type(keysyms: ["ctrl+4"])
    #expect(state.mode == .basic && state.convert.isOn && state.layout.convert != nil)
    state.type(keysyms: ["ctrl+3"])
    #expect(state.mode == .tip && state.layout.convert == nil && state.frame.convert == nil)
    state.type(keysyms: ["ctrl+2"])
    #expect(state.layout.convert != nil)  // still on, in Scientific
  }

  @Test func anErrorOrAValueOutOfRangeShowsNaNNotAWrongNumber() {
    var state = state(after: "1/0=")
    state.type(keysyms: ["ctrl+4"])
    #expect(state.frame.convert?.converted.text == "NaN")
    // 9e99 km is 9e102 m: past ±1e100.
    var huge = self.state(after: "9[ee]99=", mode: .scientific)
    huge.convert.pair = UnitPair(from: "km", to: "mm")
    huge.type(keysyms: ["ctrl+4"])
    #expect(huge.frame.convert?.converted.text == "NaN")
  }

  @Test func pickKilometresAndMilesWithTheKeyboard() throws {
    var state = state(after: "12*3=")
    state.type(keysyms: ["ctrl+4", "ctrl+u"])
    let picker = try #require(state.picker)
    #expect(picker.side == .from && picker.stage == .units(.length))
    // The unit in use is selected; the first row goes back to the categories.
    #expect(state.pickerRows.first == .back)
    #expect(state.pickerView?.lines[picker.selection ?? -1].symbol == "m")
    state.type(keysyms: ["k", "m"])
    #expect(state.picker?.filter == "km")
    #expect(state.pickerView?.lines[state.picker?.selection ?? -1].symbol == "km")
    state.type(keysyms: ["Return"])
    #expect(state.picker == nil)
    #expect(lines(state) == "km → 118,110.23622047244094 ft")
    state.type(keysyms: ["ctrl+u", "Tab"])
    #expect(state.picker?.side == .to)
    #expect(state.pickerView?.lines[state.picker?.selection ?? -1].symbol == "ft")
    state.type(keysyms: ["m", "i", "Return"])
    #expect(lines(state) == "km → 22.369362920544022906 mi")
    #expect(state.convert.pairs[.length] == UnitPair(from: "km", to: "mi"))
  }

  @Test func arrowsPagesHomeEndAndBackSpaceMoveOverTheList() throws {
    var state = state()
    // Over the categories, `m` finds the categories and units holding it: more than show.
    state.type(keysyms: ["ctrl+4", "ctrl+u", "Escape", "m", "Home"])
    #expect(state.picker?.selection == 0)
    let count = state.pickerRows.count
    let page = try #require(state.layout.picker).rows.count
    #expect(count > page)
    state.type(keysyms: ["End"])
    #expect(state.picker?.selection == count - 1 && state.picker?.offset == count - page)
    state.type(keysyms: ["Prior"])
    #expect(state.picker?.selection == count - page)
    state.type(keysyms: ["Home", "Down", "Down", "Up"])
    #expect(state.picker?.selection == 1 && state.picker?.offset == 0)
    state.type(keysyms: ["Next"])
    #expect(state.picker?.selection == page && state.picker?.offset == 1)
    state.reduce(.scrollHistory(olderBy: 1))  // the wheel up a tick: the list moves down a row
    #expect(state.picker?.offset == 0)
    state.reduce(.scrollHistory(olderBy: -3))
    #expect(state.picker?.offset == 3)
    state.type(keysyms: ["x", "y", "z", "z", "y"])
    // Nothing matches in any category: the list says so (docs/SPEC.md section 14.7).
    #expect(state.pickerRows == [.noMatch] && state.picker?.filter == "mxyzzy")
    #expect(state.pickerView?.lines.last?.text == "No unit matches")
    for _ in 0..<5 { state.type(keysyms: ["BackSpace"]) }
    #expect(state.pickerRows.count == count && state.picker?.filter == "m")
  }

  /// A resize changes how many rows show: the list scrolls back within its rows (no blank rows
  /// under the last), the selected row still in view.
  @Test func aResizeKeepsThePickersListWithinItsRowsAndTheSelectionInView() throws {
    var state = state()
    state.reduce(.resize(width: 360, height: 400))
    state.type(keysyms: ["ctrl+4", "ctrl+u", "Escape", "m", "End"])
    let count = state.pickerRows.count
    let small = try #require(state.layout.picker).rows.count
    #expect(state.picker?.offset == count - small)
    state.reduce(.resize(width: 360, height: 640))
    let large = try #require(state.layout.picker).rows.count
    #expect(large > small)
    #expect(state.picker?.offset == max(count - large, 0))
    #expect(state.frame.picker?.offset == max(count - large, 0))
    state.type(keysyms: ["End", "Prior", "Prior"])
    let selected = try #require(state.picker?.selection)
    state.reduce(.resize(width: 360, height: 400))
    let offset = try #require(state.picker?.offset)
    #expect(offset <= selected && selected < offset + small)
  }

  @Test func escapeGoesBackToTheCategoriesThenCloses() throws {
    var state = state(after: "36")
    state.type(keysyms: ["ctrl+4", "ctrl+u", "Escape"])
    #expect(state.picker?.stage == .categories)
    #expect(state.pickerRows.count == UnitCategory.allCases.count)
    #expect(state.pickerRows[state.picker?.selection ?? -1] == .category(.length))
    // Typing filters the categories and every unit; Return enters Temperature.
    state.type(keysyms: ["t", "e", "m", "p"])
    #expect(state.pickerRows.first == .category(.temperature))
    state.type(keysyms: ["Return"])
    #expect(state.picker?.stage == .units(.temperature))
    #expect(state.pickerView?.lines[state.picker?.selection ?? -1].symbol == "C")
    state.type(keysyms: ["Return"])
    #expect(state.convert.category == .temperature)
    #expect(lines(state) == "C → 96.8 F")
    state.type(keysyms: ["ctrl+u", "Escape", "Escape"])
    #expect(state.picker == nil && state.convert.category == .temperature)
  }

  @Test func aUnitFoundOverTheCategoriesSwitchesToItsCategoryAndItsLastPair() throws {
    var state = state(after: "36")
    state.convert.pairs[.speed] = UnitPair(from: "m/s", to: "kn")
    state.type(keysyms: ["ctrl+4", "ctrl+u", "Escape", "m", "p", "h"])
    let first = try #require(state.pickerRows.first { if case .unit = $0 { true } else { false } })
    #expect(first == .unit(UnitTable.units(in: .speed, rates: nil).first { $0.symbol == "mph" }!))
    state.type(keysyms: ["Return"])
    #expect(state.convert.category == .speed)
    #expect(state.convert.pair == UnitPair(from: "mph", to: "kn"))
    // Length kept its pair; back to it through the picker.
    state.type(keysyms: ["ctrl+u", "Escape", "Home", "Return", "Escape"])
    #expect(state.convert.category == .speed)  // Escape out of length's units picked nothing
    #expect(state.convert.pairs[.length] == nil)
    #expect(state.convert.pair(for: .length) == UnitPair(from: "m", to: "ft"))
  }

  @Test func pickingTheOtherSidesUnitSwapsThem() {
    var state = state(after: "36")
    state.type(keysyms: ["ctrl+4", "ctrl+u", "f", "t", "Return"])
    #expect(state.convert.pair == UnitPair(from: "ft", to: "m"))
  }

  @Test func ctrlSSwapsTheUnitsAndTheDisplayKeepsItsNumber() {
    var state = state(after: "36")
    state.convert.pair = UnitPair(from: "km", to: "mi")
    state.type(keysyms: ["ctrl+4", "ctrl+s"])
    #expect(state.frame.display.text == "36")
    #expect(lines(state) == "mi → 57.936384 km")  // 36 × 1.609344
    state.type(keysyms: ["ctrl+s"])
    #expect(lines(state) == "km → 22.369362920544022906 mi")
  }

  @Test func theMouseOpensThePickerChoosesARowScrollsAndSwaps() throws {
    var state = state(after: "36")
    state.convert.pair = UnitPair(from: "km", to: "mi")
    state.type(keysyms: ["ctrl+4"])
    let lines = try #require(state.layout.convert)
    state.reduce(.pointerPressed(at: middle(lines.unitButton(.to, holding: "mi"))))
    state.reduce(.pointerReleased(at: middle(lines.unitButton(.to, holding: "mi"))))
    #expect(state.picker?.side == .to)
    let picker = try #require(state.layout.picker)
    let row = 2
    let expected = state.pickerRows[row]
    state.reduce(.pointerPressed(at: middle(picker.rows[row])))
    guard case .unit(let unit) = expected else {
      Issue.record("row \(row) is \(expected)")
      return
    }
    #expect(state.picker == nil && state.convert.pair.to == unit.symbol)
    state.reduce(.pointerPressed(at: lines.swap.center))
    #expect(state.convert.pair.from == unit.symbol)
    // A click outside the open picker closes it and does nothing else.
    state.type(keysyms: ["ctrl+u"])
    state.reduce(.pointerPressed(at: Point(x: 1, y: 1)))
    #expect(state.picker == nil)
  }
}
