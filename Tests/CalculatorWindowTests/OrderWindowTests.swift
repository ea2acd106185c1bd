import CalculatorCore
import CalculatorLayout
import Testing

@testable import CalculatorWindow

/// The order of operations in the window (docs/SPEC.md section 12): the mode menu's group and
/// Ctrl+O switch it in Basic and Scientific, a screen reader hears it change, and a pasted
/// expression is typed in it or refused whole with the reason said. Expected values are
/// written out by hand: 2 + 3 × 4 is 14 with × first, 20 strictly left to right; 1200 × 1.08 +
/// 49.9 is 1345.9; 2 × (1 + 1) is 4.
@Suite struct OrderWindowTests {
  func state(_ mode: Mode = .basic, order: Order = .leftToRight) -> WindowState {
    WindowState(calculator: Calculator(order: order), mode: mode, width: 360, height: 640)
  }

  /// Ctrl+O, as the bindings table has it.
  static let controlO = WindowAction.keyPressed(
    Keystroke(KeySymbol("o"), modifiers: .control, keycode: 32))

  /// Every spoken line of the frame, for what a screen reader hears after each turn.
  func announced(_ state: inout WindowState) -> String? {
    if case .announce(let text)? = state.send(.presented(state.frame)).first { return text }
    return nil
  }

  @Test func theMenuListsTheOrdersAsAGroupUnderTheModesInBasicAndScientific() throws {
    for mode in [Mode.basic, .scientific] {
      let state = state(mode)
      let menu = try #require(state.layout.menu)
      #expect(
        menu.items.map(\.title) == [
          "Basic", "Scientific", "Tip & Split", "", "Left to Right", "Math Order", "", "Convert",
          "Keep on Top", "Keyboard Shortcuts", "Copy Tape", "Clear History",
        ])
      #expect(menu.rows.count == menu.items.count)
    }
    // Tip & Split has no operators: no orders, one separator.
    let tip = try #require(state(.tip).layout.menu)
    #expect(
      tip.items.map(\.title) == [
        "Basic", "Scientific", "Tip & Split", "", "Convert", "Keep on Top", "Keyboard Shortcuts",
        "Copy Tape", "Clear History",
      ])
  }

  @Test func choosingMathOrderInTheMenuChecksItAndTheKeysFollowIt() throws {
    var state = state()
    state.reduce(.toggleMenu)
    state.reduce(.choose(.order(.math)))
    #expect(state.calculator.order == .math)
    #expect(state.frame.order == .math)
    #expect(state.menu.selection == nil)  // the menu closed
    state.type("2+3*4")
    #expect(state.frame.display.text == "2+3×4")
    state.type("=")
    #expect(state.frame.display.text == "14")
    // The tape keeps the calculation's order and reads as typed.
    #expect(state.tape.calculations.last?.order == .math)
    #expect(state.tape.calculations.last?.line == "2 + 3 × 4 = 14")
    // Checked in the menu, for a screen reader too.
    state.reduce(.toggleMenu)
    let menu = try #require(
      AccessibleElement(frame: state.frame, isActive: true).children.last)
    let orders = menu.children.filter {
      $0.name == "Left to Right" || $0.name == "Math Order"
    }
    #expect(orders.map(\.role) == [.radioMenuItem, .radioMenuItem])
    #expect(orders.map(\.isChecked) == [false, true])
  }

  @Test func theKeyboardWalksTheMenuOntoTheOrders() {
    var state = state()
    state.type(keysyms: ["F10"])  // Basic selected
    state.reduce(.menu(.next))  // Scientific
    state.reduce(.menu(.next))  // Tip & Split
    state.reduce(.menu(.next))  // Left to Right (the separator skipped)
    state.reduce(.menu(.next))  // Math Order
    state.reduce(.menu(.choose))
    #expect(state.calculator.order == .math)
    state.type("2+3*4=")
    #expect(state.frame.display.text == "14")
  }

  @Test func controlOSwitchesTheOrderBackAndForth() {
    var state = state(.scientific)
    state.send(OrderWindowTests.controlO)
    #expect(state.calculator.order == .math)
    state.type("2+3*4=")
    #expect(state.frame.display.text == "14")
    state.send(OrderWindowTests.controlO)
    #expect(state.calculator.order == .leftToRight)
    state.type("2+3*4=")
    #expect(state.frame.display.text == "20")
  }

  @Test func tipAndSplitHasNoOrder() {
    var state = state(.tip)
    state.send(OrderWindowTests.controlO)
    #expect(state.calculator.order == .leftToRight)
    let lines = KeyBinding.shortcutLines(for: .tip)
    #expect(!lines.contains { $0.keys.contains("Ctrl+O") })
  }

  @Test func theShortcutsOverlayListsControlO() {
    for mode in [Mode.basic, .scientific] {
      let lines = KeyBinding.shortcutLines(for: mode)
      #expect(lines.contains(ShortcutLine(keys: "Ctrl+O", action: "order of operations")))
    }
  }

  /// A setting, as the mode: Ctrl+Z takes back the keys, not the order.
  @Test func undoTakesBackKeysNotTheOrder() {
    var state = state()
    state.type("2+3")
    state.send(OrderWindowTests.controlO)
    state.type(keysyms: ["ctrl+z"])
    #expect(state.calculator.order == .math)
    #expect(state.frame.display.text == "2+")
    state.type("3*4=")
    #expect(state.frame.display.text == "14")
  }

  @Test func aScreenReaderHearsTheOrderWhenItChanges() {
    var state = state()
    #expect(announced(&state) == nil)  // the first frame
    state.send(OrderWindowTests.controlO)
    #expect(announced(&state) == "Math Order")
    state.send(OrderWindowTests.controlO)
    #expect(announced(&state) == "Left to Right")
    // A mode change says the mode alone.
    state.type(keysyms: ["ctrl+2"])
    #expect(announced(&state) == "Scientific")
  }

  /// In Math Order the key echo says each digit, operator and parenthesis: the expression is
  /// not read again after each; `=` says the result, ⌫ what it leaves.
  @Test func typingAnExpressionIsHeardByTheEchoAndEqualsSaysTheResult() {
    var state = state(order: .math)
    _ = announced(&state)
    for key in ["2", "+", "3", "*", "(", "5"] {
      state.type(key)
      #expect(announced(&state) == nil, "after \(key)")
    }
    state.type(keysyms: ["BackSpace"])
    #expect(announced(&state) == "2+3×(")
    for key in ["4", ")"] {
      state.type(key)
      #expect(announced(&state) == nil, "after \(key)")
    }
    state.type("=")
    #expect(announced(&state) == "14")
  }

  /// Where-am-I reads the focused display: in Math Order, the expression.
  @Test func whereAmIReadsTheExpression() throws {
    var state = state(order: .math)
    state.type("12+3*4")
    let display = try #require(
      AccessibleElement(frame: state.frame, isActive: true).children.first)
    #expect(display.role == .label && display.isFocused)
    #expect(display.name == "12+3×4")
  }

  @Test func aTapeLinePastedAndEqualsGivesItsResultAgain() {
    for order in Order.allCases {
      var state = state(order: order)
      state.reduce(.paste("1,200 × 1.08 + 49.9 = 1,345.9"))
      #expect(state.frame.displayCue == nil)
      if order == .math { #expect(state.frame.display.text == "1,200×1.08+49.9") }
      state.type("=")
      #expect(state.frame.display.text == "1,345.9", "\(order)")
    }
  }

  @Test func aPastedImpliedProductMultiplies() {
    for order in Order.allCases {
      var state = state(order: order)
      state.reduce(.paste("2(1+1)"))
      state.type("=")
      #expect(state.frame.display.text == "4", "\(order)")
    }
  }

  @Test func aPasteIsTypedInTheCurrentOrder() {
    var left = state()
    left.reduce(.paste("2+3*4"))
    left.type("=")
    #expect(left.frame.display.text == "20")
    var math = state(order: .math)
    math.reduce(.paste("2+3*4"))
    math.type("=")
    #expect(math.frame.display.text == "14")
  }

  /// One paste is one step of undo, however many keys it typed.
  @Test func undoTakesAPasteBackInOneStep() {
    var state = state(order: .math)
    state.type("7+")
    let before = state.document
    state.reduce(.paste("1,200 × 1.08 + 49.9"))
    #expect(state.frame.display.text == "7+1,200×1.08+49.9")
    state.type(keysyms: ["ctrl+z"])
    #expect(state.document == before)
    #expect(state.frame.display.text == "7+")
  }

  @Test func aRefusedPasteChangesNothingShowsTheCueAndSaysWhy() {
    let cases: [(String?, String)] = [
      ("(1+2", "Not accepted: unbalanced parenthesis"),
      ("1.2.3", "Not accepted: two decimal points in a number"),
      ("2+abc", "Not accepted: unknown character a"),
      ("", "Not accepted: empty"),
      (nil, "Not accepted: empty"),  // no owner answered
      (String(repeating: "1", count: 10_001), "Not accepted: over 10,000 characters"),
    ]
    for (text, said) in cases {
      var state = state(order: .math)
      state.type("7+")
      _ = announced(&state)
      let before = state.document
      let frameBefore = state.frame
      state.reduce(.paste(text))
      #expect(state.document == before, "\(said)")
      #expect(state.frame.display == frameBefore.display, "\(said)")
      #expect(state.frame.displayCue == .refused, "\(said)")
      #expect(announced(&state) == said)
      // Nothing partial left behind: the keys go on from where they were.
      state.type("1=")
      #expect(state.frame.display.text == "8")
    }
  }

  /// In German (docs/SPEC.md section 13.3: `,` the point, `.` the grouping) an expression is
  /// read in the locale's form first, then in the plain form; refused in both, the locale's
  /// reason is said.
  @Test func aGermanPasteIsReadInTheLocalesFormFirst() {
    let german = NumberLocale(decimalSeparator: ",", groupingSeparator: ".", groupSizes: [3])
    for text in ["1.200 × 1,08 + 49,9 = 1.345,9", "1,200 × 1.08 + 49.9"] {
      var state = state(order: .math)
      state.numbers = german
      state.reduce(.paste(text))
      #expect(state.frame.displayCue == nil, "\(text)")
      state.type("=")
      #expect(state.frame.display.text == "1.345,9", "\(text)")
    }
    var state = state(order: .math)
    state.numbers = german
    _ = announced(&state)
    state.reduce(.paste("1.2.3"))
    #expect(state.frame.displayCue == .refused)
    #expect(announced(&state) == "Not accepted: misplaced period")
  }

  @Test func aTenThousandCharacterPasteIsTaken() {
    var state = state(order: .math)
    let text = String(repeating: "1+", count: 4_999) + "1="
    #expect(text.count == 10_000)
    state.reduce(.paste(text))
    #expect(state.frame.displayCue == nil)
    state.type("=")
    #expect(state.frame.display.text == "5,000")
  }
}
