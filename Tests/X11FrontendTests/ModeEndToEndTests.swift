import CalculatorCore
import CalculatorLayout
import Foundation
import TestSupport
import Testing

/// The mode menu and the scientific keypad in the real window (docs/SPEC.md sections 5 and 6):
/// after each step a capture equals the renderer's frame of the same state, mode and size, pixel
/// for pixel.
@Suite(TestSupport.needs(TestSupport.xTools))
struct ModeEndToEndTests {
  @Test func theModesKeyOpensTheMenuAndAClickChoosesScientific() throws {
    let server = try XvfbServer()
    let window = try CalculatorWindow(server: server, keys: "9")
    try window.click(.modes)
    let nine = TestSupport.calculator(after: "9")
    #expect(try window.differingPixels(from: window.render(nine, menu: MenuSelection())) == 0)
    try window.click(.mode(.scientific))
    // The window keeps its size (scientific stacks its functions above the basic keys in a
    // portrait window); the calculator is the same.
    window.mode = .scientific
    #expect(try window.differingPixels(from: window.render(keys: "9")) == 0)
    try window.click(.modes)
    try window.click(.mode(.basic))
    window.mode = .basic
    #expect(try window.differingPixels(from: window.render(keys: "9")) == 0)
  }

  @Test func ctrl2ThenParenthesesAndMemoryByClickAndKeyboard() throws {
    let server = try XvfbServer()
    let window = try CalculatorWindow(server: server)
    try window.type("ctrl+2")
    window.mode = .scientific
    try window.click(
      .key(.digit(.two)), .key(.operation(.multiply)), .key(.parenthesis(.open)),
      .key(.digit(.nine)), .key(.operation(.add)), .key(.digit(.one)))
    #expect(try window.differingPixels(from: window.render(keys: "2*(9+1")) == 0)
    try window.type("parenright", "Return")
    #expect(try window.differingPixels(from: window.render(keys: "2*(9+1)=")) == 0)
    try window.click(.key(.memory(.add)), .key(.edit(.angle)))
    #expect(try window.differingPixels(from: window.render(keys: "2*(9+1)=[m+][rad]")) == 0)
    try window.type("ctrl+1")
    window.mode = .basic
    #expect(try window.differingPixels(from: window.render(keys: "2*(9+1)=[m+][rad]")) == 0)
  }

  @Test func ctrl2ThenNineAndSquareRootShowThreeAndTheKeyboardPowers() throws {
    let server = try XvfbServer()
    let window = try CalculatorWindow(server: server)
    try window.type("ctrl+2")
    window.mode = .scientific
    try window.click(.key(.digit(.nine)), .key(.function(.squareRoot)))
    let root = TestSupport.calculator(after: "9[sqrt]")
    #expect(root.display == "3")
    #expect(try window.differingPixels(from: window.render(keys: "9[sqrt]")) == 0)
    try window.type("2", "asciicircum", "1", "0", "Return")
    let power = TestSupport.calculator(after: "9[sqrt]2[pow]10=")
    #expect(power.display == "1,024")
    #expect(try window.differingPixels(from: window.render(keys: "9[sqrt]2[pow]10=")) == 0)
  }

  @Test func secondShowsTheAlternatesAndTheirKeysWork() throws {
    let server = try XvfbServer()
    let window = try CalculatorWindow(server: server, size: (852, 393), mode: .scientific)
    try window.type("0", "period", "5")
    try window.click(.secondFunctions)
    let half = TestSupport.calculator(after: "0.5")
    #expect(try window.differingPixels(from: window.render(half, second: true)) == 0)
    // With 2nd on, the eˣ circle is yˣ, an operator: it is pending, lit white.
    let exponential = try #require(window.layout.keypad.position(of: .function(.exponential)))
    let center = window.layout.circle(at: exponential).center
    try window.xdotool(
      "mousemove", "--window", window.window, "\(Int(center.x))", "\(Int(center.y))", "click", "1")
    let pending = TestSupport.calculator(after: "0.5[ypow]")
    #expect(pending.pendingOperation == .reversePower)
    #expect(try window.differingPixels(from: window.render(pending, second: true)) == 0)
    // sin⁻¹ of 0.5 in degrees: 30.
    try window.type("Escape", "0", "period", "5")
    let sine = try #require(window.layout.keypad.position(of: .function(.sine)))
    let point = window.layout.circle(at: sine).center
    try window.xdotool(
      "mousemove", "--window", window.window, "\(Int(point.x))", "\(Int(point.y))", "click", "1")
    let arcsine = TestSupport.calculator(after: "0.5[asin]")
    #expect(arcsine.display == "30")
    #expect(try window.differingPixels(from: window.render(arcsine, second: true)) == 0)
  }

  @Test func theMenuByKeyboardOpensTheShortcutsAndTheModeIsRemembered() throws {
    let server = try XvfbServer()
    let state = URL(fileURLWithPath: TestSupport.temporaryPath("state"))
    defer { try? FileManager.default.removeItem(at: state) }
    do {
      let window = try CalculatorWindow(server: server, keys: "5", stateDirectory: state)
      try window.click(.modes)
      try window.type("Down", "Down")
      let five = TestSupport.calculator(after: "5")
      let scientific = try #require(MenuItem.all.firstIndex(of: .mode(.scientific)))
      #expect(
        try window.differingPixels(
          from: window.render(five, menu: MenuSelection(index: scientific))) == 0)
      try window.type("Return")
      window.mode = .scientific
      #expect(try window.differingPixels(from: window.render(keys: "5")) == 0)
      try window.type("ctrl+q")
      #expect(window.exit()?.status == 0)
    }
    // Started again without --mode or --size: scientific, at the size it had.
    let again = try CalculatorWindow(server: server, size: nil, stateDirectory: state)
    again.mode = .scientific
    #expect(again.width == 360 && again.height == 640)
    #expect(try again.differingPixels(from: again.render(keys: "")) == 0)
  }

  /// docs/SPEC.md section 3: each mode's minimum size is its WM_NORMAL_HINTS, scaled by the dpi;
  /// a mode change keeps the user's size, unless it is below the new minimum, which it grows to.
  @Test func eachModeHintsItsMinimumAndASmallWindowGrowsToIt() throws {
    let server = try XvfbServer()
    let window = try CalculatorWindow(server: server, size: (200, 350))
    // The hints change when the window has taken the mode's key: the minimum size hinted once
    // it is `size` (`200 by 350`), or the last one seen.
    func minimum(_ size: String) throws -> String {
      let expected = "program specified minimum size: " + size
      var hints = ""
      try TestSupport.waitUntil {
        let text = try server.run("xprop", ["-id", window.window, "WM_NORMAL_HINTS"]).stdout
        hints =
          text.split(separator: "\n").first { $0.contains("minimum size") }
          .map(String.init)?.trimmingCharacters(in: .whitespaces) ?? text
        return hints == expected
      }
      return hints
    }
    #expect(try minimum("200 by 350") == "program specified minimum size: 200 by 350")
    try window.type("ctrl+2")
    try window.waitForSize(width: 360, height: 350)
    window.mode = .scientific
    #expect(try minimum("360 by 350") == "program specified minimum size: 360 by 350")
    #expect(try window.differingPixels(from: window.render(keys: "")) == 0)
    try window.type("ctrl+3")
    try window.waitForSize(width: 360, height: 500)
    window.mode = .tip
    #expect(try minimum("272 by 500") == "program specified minimum size: 272 by 500")
    // Back to basic: the window keeps the size the modes grew it to.
    try window.type("ctrl+1")
    window.mode = .basic
    #expect(try minimum("200 by 350") == "program specified minimum size: 200 by 350")
    #expect(try window.differingPixels(from: window.render(keys: "")) == 0)
    #expect(window.width == 360 && window.height == 500)
  }
}
