import CalculatorCore
import CalculatorLayout
import Foundation
import TestSupport
import Testing

/// The order of operations in the real window (docs/SPEC.md section 12.7): switched from the
/// mode menu and with Ctrl+O, remembered with the mode, and whole expressions pasted through
/// real selections (xclip). After each step a capture equals the renderer's frame of the
/// expected state. The expected results are written out by hand: 2 + 3 × 4 is 14 with ×
/// first and 20 strictly left to right; 1200 × 1.08 + 49.9 is 1345.9; 2 × (1 + 1) is 4.
@Suite(TestSupport.needs(TestSupport.xTools + ["xclip"]))
struct OrderEndToEndTests {
  /// The document a window holds after `steps`: keys typed in an order each.
  static func document(_ steps: [(Order, String)]) -> Document {
    var document = Document()
    for (order, keys) in steps {
      document.calculator.order = order
      for key in (try? Key.sequence(keys)) ?? [] { document.press(key) }
    }
    return document
  }

  @Test func theMenuAndControlOSwitchTheOrderAndARestartKeepsIt() throws {
    let server = try XvfbServer()
    let state = URL(fileURLWithPath: TestSupport.temporaryPath("state"))
    defer { try? FileManager.default.removeItem(at: state) }
    let typed = ["2", "plus", "3", "asterisk", "4"]
    do {
      let window = try CalculatorWindow(server: server, stateDirectory: state)
      // From the menu: Math Order, checked; the keys then show the expression, = gives 14.
      try window.click(.modes)
      try window.click(.order(.math))
      try window.type(typed)
      var math = Self.document([(.math, "2+3*4")])
      #expect(math.calculator.display == "2+3×4")
      #expect(
        try window.differingPixels(from: window.render(math.calculator, tape: math.tape)) == 0)
      try window.type("Return")
      math = Self.document([(.math, "2+3*4=")])
      #expect(math.calculator.display == "14")
      #expect(
        try window.differingPixels(from: window.render(math.calculator, tape: math.tape)) == 0)
      // The menu shows the check mark on Math Order.
      try window.click(.modes)
      let menu = try #require(window.layout.menu)
      let selection = MenuSelection(index: nil)
      var frame = Frame(
        layout: window.layout, calculator: math.calculator, tape: math.tape)
      frame.menuSelection = selection
      #expect(menu.items.contains(.order(.math)))
      #expect(try window.differingPixels(from: window.render(frame)) == 0)
      try window.type("Escape")
      // Ctrl+O: Left to Right again, 20.
      try window.type(["ctrl+o", "Escape"] + typed + ["Return"])
      var both = Self.document([(.math, "2+3*4="), (.leftToRight, "a2+3*4=")])
      #expect(both.calculator.display == "20")
      #expect(
        try window.differingPixels(from: window.render(both.calculator, tape: both.tape)) == 0)
      // Ctrl+O again: Math Order, then the window closes in it.
      try window.type(["ctrl+o", "Escape"] + typed + ["Return"])
      both = Self.document([(.math, "2+3*4="), (.leftToRight, "a2+3*4="), (.math, "a2+3*4=")])
      #expect(both.calculator.display == "14")
      #expect(
        try window.differingPixels(from: window.render(both.calculator, tape: both.tape)) == 0)
      try window.type("ctrl+q")
      #expect(window.exit()?.status == 0)
    }
    let saved = try String(contentsOfFile: state.path + "/circlecalc/window-size", encoding: .utf8)
    // The size and mode, then the order (docs/SPEC.md section 12.7), before the habits' lines.
    #expect(saved.hasPrefix("360x640 basic\norder math\n"))
    // Each calculation on the tape in its own order, as typed.
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_STATE_HOME"] = state.path
    let printed = try TestSupport.circlecalc(["--history"], environment: environment)
    #expect(printed.stdout == "2 + 3 × 4 = 14\n2 + 3 × 4 = 20\n2 + 3 × 4 = 14\n")
    #expect(printed.status == 0)

    // Started again without --order: Math Order, remembered.
    let again = try CalculatorWindow(server: server, stateDirectory: state)
    try again.type(typed)
    let tape = Self.document([(.math, "2+3*4="), (.leftToRight, "a2+3*4="), (.math, "a2+3*4=")])
      .tape
    var calculator = Calculator(order: .math)
    for key in try Key.sequence("2+3*4") { calculator.press(key) }
    #expect(calculator.display == "2+3×4")
    #expect(try again.differingPixels(from: again.render(calculator, tape: tape)) == 0)
    try again.type("ctrl+q")
    #expect(again.exit()?.status == 0)

    // --order overrides what the window remembers, for that window.
    let left = try CalculatorWindow(server: server, order: .leftToRight, stateDirectory: state)
    try left.type(typed + ["Return"])
    let leftTape = Self.document([
      (.math, "2+3*4="), (.leftToRight, "a2+3*4="), (.math, "a2+3*4="), (.leftToRight, "2+3*4="),
    ])
    #expect(leftTape.calculator.display == "20")
    #expect(
      try left.differingPixels(from: left.render(leftTape.calculator, tape: leftTape.tape)) == 0)
    try left.type("ctrl+q")
    #expect(left.exit()?.status == 0)
  }

  @Test func aTapeLinePastedThenEqualsGivesItsResultAgain() throws {
    let server = try XvfbServer()
    let window = try CalculatorWindow(server: server, order: .math)
    let line = "1,200 × 1.08 + 49.9 = 1,345.9"
    let owner = try ClipboardOwner(server, text: line)
    try window.type("ctrl+v")
    var calculator = Calculator(order: .math)
    try calculator.paste(line)
    #expect(calculator.display == "1,200×1.08+49.9")
    #expect(try window.differingPixels(from: window.render(calculator)) == 0)
    owner.stop()
    try window.type("Return")
    let done = Self.document([(.math, "1200*1.08+49.9=")])
    #expect(done.calculator.display == "1,345.9")
    #expect(
      try window.differingPixels(from: window.render(done.calculator, tape: done.tape)) == 0)
  }

  @Test func anImpliedProductPastedWithShiftInsertAndTheMiddleButton() throws {
    let server = try XvfbServer()
    let window = try CalculatorWindow(server: server, order: .math)
    let owner = try ClipboardOwner(server, text: "2(1+1)")
    try window.type("shift+Insert")
    var calculator = Calculator(order: .math)
    try calculator.paste("2(1+1)")
    #expect(calculator.display == "2(1+1)")
    #expect(try window.differingPixels(from: window.render(calculator)) == 0)
    owner.stop()
    try window.type("Return")
    let four = Self.document([(.math, "2(1+1)=")])
    #expect(four.calculator.display == "4")
    #expect(
      try window.differingPixels(from: window.render(four.calculator, tape: four.tape)) == 0)
    // The middle button on the display pastes PRIMARY: a new calculation after the result.
    let primary = try ClipboardOwner(server, text: "(1+1)(2+2)", selection: "primary")
    defer { primary.stop() }
    let display = window.layout.displayRect
    try window.xdotool(
      "mousemove", "--window", window.window, "\(Int(display.maxX - 20))",
      "\(Int(display.minY + display.height / 2))", "click", "2")
    var pasted = four.calculator
    try pasted.paste("(1+1)(2+2)")
    #expect(pasted.display == "(1+1)(2+2)")
    #expect(try window.differingPixels(from: window.render(pasted, tape: four.tape)) == 0)
    try window.type("Return")
    var eight = four
    for key in try Key.sequence("(1+1)(2+2)=") { eight.press(key) }
    #expect(eight.calculator.display == "8")
    #expect(
      try window.differingPixels(from: window.render(eight.calculator, tape: eight.tape)) == 0)
  }

  /// Refused whole: the red cue, nothing typed, the keys go on from where they were.
  @Test func aRefusedPasteShowsTheCueAndChangesNothing() throws {
    let server = try XvfbServer()
    let window = try CalculatorWindow(server: server, keys: "7+", order: .math)
    var calculator = Calculator(order: .math)
    for key in try Key.sequence("7+") { calculator.press(key) }
    #expect(calculator.display == "7+")
    for text in ["(1+2", "1.2.3", "2+abc", String(repeating: "1", count: 10_001)] {
      var core = calculator
      #expect(throws: PasteRefusal.self) { try core.paste(text) }
      let owner = try ClipboardOwner(server, text: text)
      try window.type("ctrl+v")
      #expect(
        try window.differingPixels(from: window.render(calculator, cue: .refused)) == 0,
        "no red cue for \(text.prefix(20))")
      owner.stop()
      try window.type("shift")  // any key ends the cue
      #expect(try window.differingPixels(from: window.render(calculator)) == 0)
    }
    try window.type("1", "Return")
    let eight = Self.document([(.math, "7+1=")])
    #expect(eight.calculator.display == "8")
    #expect(
      try window.differingPixels(from: window.render(eight.calculator, tape: eight.tape)) == 0)
  }
}
