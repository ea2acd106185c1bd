import CalculatorCore
import CalculatorLayout
import CalculatorRender
import TestSupport
import Testing

@testable import CalculatorWindow

/// The red cue for what the calculator cannot show (docs/SPEC.md sections 10.4 and 16): a
/// temperature below absolute zero on the Convert lines, and a result whose digits no
/// precision up to the cap decides.
@Suite struct WindowStateCueTests {
  @Test func aTemperatureBelowAbsoluteZeroOnTheLinesGivesTheRedCue() {
    var state = WindowState(calculator: Calculator(), mode: .basic, width: 360, height: 640)
    state.convert.isOn = true
    state.convert.category = .temperature
    state.convert.pair = UnitPair(from: "K", to: "C")
    state.reduce(.typeKey(.digit(.five)))
    #expect(state.frame.displayCue == nil)
    #expect(state.frame.convert?.converted.text == "-268.15")
    state.reduce(.typeKey(.edit(.toggleSign)))  // -5 K
    #expect(state.frame.displayCue == .refused)
    #expect(state.frame.convert?.converted.text == NumberFormat.notANumber)
    state.reduce(.typeKey(.edit(.toggleSign)))  // 5 K again
    #expect(state.frame.displayCue == nil)
  }

  @Test func aResultNoPrecisionDecidesIsNaNWithTheRedCue() {
    // √2 × √3 ÷ √6 × (1 + 5e-20) is exactly 1 + 5e-20, a rounding tie no interval separates.
    var state = WindowState(
      calculator: TestSupport.calculator(after: "5[ee]20n=+1=[m+]2[sqrt]*3[sqrt]=/6[sqrt]=*[mr]"),
      mode: .scientific, width: 852, height: 393)
    #expect(state.frame.displayCue == nil)
    state.reduce(.typeKey(.edit(.equals)))
    #expect(state.frame.display.text == NumberFormat.notANumber)
    #expect(state.frame.displayCue == .refused)
  }
}
