import CalculatorCore
import CalculatorLayout
import CalculatorRender
import Foundation
import TestSupport
import Testing

/// Tip & Split in the real window (docs/SPEC.md section 7): after each step a capture equals the
/// renderer's frame of the same state and size, pixel for pixel, and `--state` says what that state
/// is.
@Suite(TestSupport.needs(TestSupport.xTools))
struct TipEndToEndTests {
  @Test func ctrl3ThenABillTwentyPercentAndTwoMorePeople() throws {
    let server = try XvfbServer()
    let window = try CalculatorWindow(server: server)
    try window.type("ctrl+3")
    window.mode = .tip
    #expect(try window.differingPixels(from: window.render(keys: "")) == 0)
    try window.type("8", "4", "period", "5")
    try window.click(.tip(.preset(.twenty)), .tip(.people(.more)), .tip(.people(.more)))
    let keys = "84.5[t20][p+][p+]"
    #expect(try window.differingPixels(from: window.render(keys: keys)) == 0)
    let state = try TestSupport.circlecalc(["--mode", "tip", "--keys", keys, "--state"])
    #expect(
      state.stdout
        == #"{"mode":"tip","bill":"84.50","tipPercent":"20","people":3,"tip":"16.90","#
        + #""total":"101.40","perPerson":"33.80","active":"bill"}"# + "\n")
    #expect(window.errorOutput.isEmpty)
  }

  @Test func aResultBecomesTheBillAndTabWalksTheFields() throws {
    let server = try XvfbServer()
    let window = try CalculatorWindow(server: server, keys: "40+44.5=")
    try window.type("ctrl+3")
    window.mode = .tip
    #expect(try window.differingPixels(from: window.render(keys: "84.50")) == 0)
    // The Bill field has the focus: Tab rings Tip, whose next key replaces it, Tab then People
    // (docs/SPEC.md section 9.3).
    try window.type("Tab", "2", "0", "Tab", "4")
    var scene = Scene(width: 360, height: 640, mode: .tip)
    scene.calculator = TestSupport.calculator(after: "40+44.5=")
    _ = scene.split.takeBill(from: scene.calculator)
    for key in try TipKey.sequence("[tip]20[people]4") { scene.split.press(key) }
    scene.focusedField = .people
    var frame = scene.frame
    #expect(try window.differingPixels(from: Renderer().render(frame)) == 0)
    // A key past a limit (a third digit of people) turns the value red, briefly.
    try window.type("7", "7")
    scene.displayCue = .refused
    scene.split.press(.digit(.seven))
    frame = scene.frame
    #expect(try window.differingPixels(from: Renderer().render(frame)) == 0)
    scene.displayCue = nil
    frame = scene.frame
    #expect(try window.differingPixels(from: Renderer().render(frame)) == 0)
    // Back to the calculator: its result is still there.
    try window.type("ctrl+1")
    window.mode = .basic
    #expect(try window.differingPixels(from: window.render(keys: "40+44.5=")) == 0)
  }

  @Test func theWindowRemembersTipMode() throws {
    let server = try XvfbServer()
    let state = URL(fileURLWithPath: TestSupport.temporaryPath("state"))
    defer { try? FileManager.default.removeItem(at: state) }
    do {
      let window = try CalculatorWindow(server: server, stateDirectory: state)
      try window.type("ctrl+3", "ctrl+q")
      #expect(window.exit()?.status == 0)
    }
    // Started again without --mode: Tip & Split, with a fresh bill.
    let again = try CalculatorWindow(server: server, stateDirectory: state)
    again.mode = .tip
    #expect(try again.differingPixels(from: again.render(keys: "")) == 0)
  }
}
