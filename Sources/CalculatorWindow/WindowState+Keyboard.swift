import CalculatorCore
import CalculatorLayout

/// What a key pressed means now, in the order `WindowState.meaning(of:)` looks: the open unit
/// picker's keys, the scrolling shortcuts overlay's, the open menu's, the open search's, the
/// selected row's, then the bindings table.
enum KeyMeaning: Hashable, Sendable {
  case picker(PickerCommand)
  case shortcuts(ShortcutsScroll)
  case menu(MenuCommand)
  case search(SearchCommand)
  case tape(TapeCommand)
  case command(KeyCommand)
}

extension WindowState {
  /// A key went down: what it means is decided here, once (`meaning(of:)`), and done.
  ///
  /// Like any key it takes the cue down and returns the tape to rest first (`userActed`).
  mutating func keyPressed(_ stroke: Keystroke, at now: Instant) -> [WindowEffect] {
    userActed()
    speech.typedEcho = false
    switch meaning(of: stroke) {
    case nil: return []
    case .picker(let command): picker(.command(command))
    case .shortcuts(let scroll): scrollShortcuts(scroll)
    case .menu(.close): toggleMenu()
    case .menu(let command):
      if let item = menu.reduce(.command(command)) { return choose(item, at: now) }
    case .search(let command):
      closeOverlays()
      search(.command(command, page: searchPage), at: now)
    case .tape(.choose): chooseTapeRow(at: now)
    case .tape(.end): escapeTapeCursor()
    case .command(.key(let key)):
      typeKey(key, keycode: stroke.keycode, at: now)
      speech.typedEcho = SpokenLines.isEchoed(
        key, in: mode == .tip ? .leftToRight : calculator.order)
    case .command(.action(let action)): return perform(action, keycode: stroke.keycode, at: now)
    }
    return []
  }

  /// What a key means now: the open picker's keys (and any character typed into its filter),
  /// the open menu's, the open search's (and any character typed into it), the selected row's
  /// (without modifiers but Shift), then the bindings table.
  func meaning(of stroke: Keystroke) -> KeyMeaning? {
    let unshifted = stroke.modifiers.subtracting(.shift).isEmpty
    if picker != nil {
      if unshifted, let command = pickerBindings.first(where: { $0.keysym == stroke.symbol }) {
        return .picker(command.command)
      }
      if let typed = PickerCommand.typing(stroke) { return .picker(typed) }
    }
    if let scroll = shortcutsScroll(for: stroke) { return .shortcuts(scroll) }
    if menu.selection != nil,
      let command = menuBindings.first(where: { $0.keysym == stroke.symbol })
    {
      return .menu(command.command)
    }
    if search != nil {
      if unshifted, let command = searchBindings.first(where: { $0.keysym == stroke.symbol }) {
        return .search(command.command)
      }
      if let typed = SearchCommand.typing(stroke) { return .search(typed) }
    }
    if tapeSelection != nil, !menu.isOpen, unshifted,
      let command = tapeBindings.first(where: { $0.keysym == stroke.symbol })
    {
      return .tape(command.command)
    }
    return KeyBinding.command(for: stroke).map(KeyMeaning.command)
  }

  /// A bound calculator key went down: lighten its circle (none for ⌫) and press it; in tip
  /// mode the keys that mean something there (`TipKey(_:)`) press those.
  ///
  /// While the overlay or the menu shows, Escape only closes it; any other key closes it and
  /// acts. A key that acts takes the focus off the keys, back to where typing goes
  /// (`FocusRing.Action.typed`).
  mutating func typeKey(_ key: Key, keycode: UInt32, at now: Instant) {
    if closeOverlays(), key == .allClear { return }
    // Tip & Split takes only the keys it has (`TipKey`).
    let tipKey = mode == .tip ? TipKey(key) : nil
    guard mode != .tip || tipKey != nil else { return }
    highlight = cell(lighting: key).map { .keyboard(cell: $0, keycode: keycode) }
    focus.reduce(.typed)
    if let tipKey { press(tipKey, at: now) } else { press(key, at: now) }
  }

  /// The ⌨ key: the mode menu opens with nothing selected, or closes.
  mutating func toggleMenu() {
    menu.reduce(.toggle)
    picker = nil
    highlight = nil
  }

  /// The cell a typed key lights on the current keypad, or nil when it has none.
  func cell(lighting key: Key) -> GridPosition? {
    let keypad = layout.keypad
    if mode == .tip {
      return TipKey(key).flatMap { keypad.position(of: KeypadAction.tip($0)) }
    }
    return keypad.position(of: key, second: showsSecond)
  }

  /// A window action of the bindings table, pressed with the key `keycode`.
  ///
  /// Copying, pasting and quitting are effects; copying nothing (NaN, an empty tape) gives the
  /// red cue. Like any key, the others close the unit picker (but Ctrl+U, which toggles it).
  mutating func perform(_ action: AppAction, keycode: UInt32, at now: Instant) -> [WindowEffect] {
    switch action {
    case .copy: return copy(copyText, at: now)
    case .copyCalculation: return copy(calculationCopyText, at: now)
    case .paste: return [.paste(.clipboard)]
    case .quit: return [.quit]
    default: break
    }
    if action != .pickUnit { picker = nil }
    switch action {
    case .toggleShortcuts:
      menu.reduce(.toggleShortcuts)
      picker = nil
      highlight = nil
    case .mode(let mode): switchMode(to: mode)
    case .focusNext: moveFocus(by: 1)
    case .focusPrevious: moveFocus(by: -1)
    case .pressFocused: pressFocused(keycode: keycode, at: now)
    case .tape(let move): moveTapeCursor(move, at: now)
    case .editRow: editSelectedRow(at: now)
    case .undo: undoChange(at: now)
    case .redo: undoChange(redo: true, at: now)
    case .openMenu:
      menu.reduce(.openFromKeyboard(current: mode))
      picker = nil
      highlight = nil
    case .convert: toggleConvert()
    case .search: openSearch()
    case .switchOrder: switchOrder(to: calculator.order == .math ? .leftToRight : .math)
    case .pickUnit: togglePicker()
    case .swapUnits: swapUnits()
    case .keepOnTop: toggleKeepOnTop()
    case .copy, .copyCalculation, .paste, .quit: break
    }
    return []
  }

  /// Ctrl+C, Ctrl+Shift+C: `text` goes to the clipboard (the display dims when the window owns
  /// it, `.copied`); nothing to copy gives the red cue.
  private mutating func copy(_ text: String?, at now: Instant) -> [WindowEffect] {
    guard let text else {
      showCue(.refused, at: now)
      return []
    }
    return [.copy(text)]
  }

  /// Pastes text: a whole expression typed as keys in the current order, or one number.
  ///
  /// One number in Tip & Split or into a past number being edited; elsewhere an expression
  /// (docs/SPEC.md section 12.5). Throws, changing nothing, when the text is refused, with the
  /// reason where the expression's reader gives one; an empty clipboard is refused as `empty`.
  mutating func paste(_ pasted: String) throws(RefusedPaste) {
    guard !pasted.isEmpty else { throw RefusedPaste(reason: PasteRefusal.empty.reason) }
    // The locale's form first, then the plain form (docs/SPEC.md section 13.3).
    let text = numbers.reading(pasted)
    closeOverlays()
    highlight = nil
    if mode == .tip {
      guard document.split.paste(text) else { throw RefusedPaste() }
      return
    }
    if search != nil {
      // Into the search line, as typed (docs/SPEC.md section 15.3).
      var open = search
      guard open?.reduce(.paste(pasted)) == nil else { throw RefusedPaste() }
      search = open
      return
    }
    if browser.cursor?.edit != nil {
      guard browser.cursor?.edit?.paste(text) == true else { throw RefusedPaste() }
      scrollToCursor()  // a longer number may wrap the side panel's line
      return
    }
    // An expression in the locale's form first, then in the plain form (docs/SPEC.md 13.3);
    // refused in both, the locale's reason is said.
    let scientific = mode == .scientific
    var refusal: PasteRefusal?
    if let form = NumberForm(numbers) {
      do throws(PasteRefusal) {
        try document.paste(text, form: form, scientific: scientific)
      } catch {
        refusal = error
      }
    }
    if NumberForm(numbers) == nil || refusal != nil {
      do throws(PasteRefusal) {
        try document.paste(text, scientific: scientific)
      } catch {
        throw RefusedPaste(reason: (refusal ?? error).reason)
      }
    }
    endSelection()
    browser.historyOffset = 0
  }

  /// Left to Right or Math Order (Ctrl+O, the mode menu), for Basic and Scientific
  /// (docs/SPEC.md section 12): the calculator takes it from its next key on, and it is a
  /// setting, as the mode is, not a change Ctrl+Z takes back: every state undo keeps takes it.
  mutating func switchOrder(to order: Order) {
    closeOverlays()
    highlight = nil
    guard mode != .tip, order != calculator.order else { return }
    calculator.order = order
    undo.rebase { state in
      var state = state
      state.calculator.order = order
      return state
    }
  }
}

/// A paste refused: why, when the expression's reader says (`unbalanced parenthesis`); nil for
/// a number refused in Tip & Split or in a past number's edit.
struct RefusedPaste: Error, Equatable {
  var reason: String?
}
