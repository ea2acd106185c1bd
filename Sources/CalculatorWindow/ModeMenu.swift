import CalculatorCore
import CalculatorLayout

/// What a key does while the mode menu is open.
enum MenuCommand: Hashable, Sendable {
  case previous
  case next
  case first
  case last
  case choose
  case close
}

// swift-format-ignore
/// The keys of the open mode menu; Escape closes it like any overlay (`WindowState.typeKey`).
let menuBindings: [(keysym: KeySymbol, command: MenuCommand)] = [
  //  keysym                  command
  (.up,                       .previous),
  (.kpUp,                     .previous),
  (.down,                     .next),
  (.kpDown,                   .next),
  (.home,                     .first),
  (.end,                      .last),
  (.returnKey,                .choose),
  (.kpEnter,                  .choose),
  (.space,                    .choose),  // as Space presses a ringed key
  (.f10,                      .close),   // F10 and Menu open it and close it again
  (.menu,                     .close),
]

/// The mode menu (docs/SPEC.md section 5) and the shortcuts overlay: what shows over the keypad
/// besides the unit picker.
///
/// A new menu line is a `MenuItem` (its title and place in `MenuItem.lines(in:)`) and a case in
/// `WindowState.choose(_:)`: the keys, the clicks and the screen reader's lines follow.
struct ModeMenu: Equatable, Sendable {
  /// What changes the menu.
  enum Action {
    /// A key of the open menu.
    case command(MenuCommand)
    /// The ⌨ key: opens with nothing selected, or closes.
    case toggle
    /// F10 or the Menu key: opens with the current mode's line selected, or closes.
    case openFromKeyboard(current: Mode)
    /// A line selected by a screen reader's focus.
    case select(MenuItem)
    /// A line chosen by a click or a screen reader: the menu closes.
    case choose(MenuItem)
    /// Button 1 while the menu is open: a line is chosen, or outside the panel the menu closes.
    case press(Point, MenuLayout?)
    /// `?` or F1: the overlay shows or hides, the menu closes.
    case toggleShortcuts
    /// The menu's Keyboard Shortcuts.
    case showShortcuts
    /// Everything over the keypad closes.
    case closeAll
  }

  /// The open menu and the line the keyboard has selected; nil while closed.
  var selection: MenuSelection?
  /// The shortcuts overlay shows.
  var showsShortcuts = false
  /// The lines of the window's mode (`MenuItem.lines(in:)`), which the selection indexes; the
  /// window sets them with its layout.
  var lines = MenuItem.all

  /// The menu or the overlay shows.
  var isOpen: Bool { selection != nil || showsShortcuts }

  /// Applies `action`; the line chosen, for the window to act on, if any.
  @discardableResult
  mutating func reduce(_ action: Action) -> MenuItem? {
    switch action {
    case .command(let command): return perform(command)
    case .toggle:
      selection = selection == nil ? MenuSelection() : nil
      showsShortcuts = false
    case .openFromKeyboard(let mode):
      let wasOpen = selection != nil
      reduce(.toggle)
      if !wasOpen { selection = MenuSelection(index: lines.firstIndex(of: .mode(mode))) }
    case .select(let item): selection = MenuSelection(index: lines.firstIndex(of: item))
    case .choose(let item):
      selection = nil
      return item
    case .press(let point, let layout):
      guard let layout, layout.panel.contains(point) else {
        selection = nil
        return nil
      }
      if let item = layout.item(at: point) { return reduce(.choose(item)) }
    case .toggleShortcuts:
      showsShortcuts.toggle()
      selection = nil
    case .showShortcuts: showsShortcuts = true
    case .closeAll:
      selection = nil
      showsShortcuts = false
    }
    return nil
  }

  /// A key of the open menu: Up and Down move the selection over the choosable lines, wrapping
  /// (from none, to the first or the last), Home and End select the first or the last, Return
  /// chooses the selected line (nothing when none is), Escape closes the menu.
  private mutating func perform(_ command: MenuCommand) -> MenuItem? {
    guard let current = selection else { return nil }
    let choosable = lines.indices.filter { lines[$0].isChoosable }
    switch command {
    case .previous, .next:
      let step = command == .next ? 1 : -1
      let index = current.index.flatMap { choosable.firstIndex(of: $0) }
      let next =
        index.map { ($0 + step + choosable.count) % choosable.count }
        ?? (step > 0 ? 0 : choosable.count - 1)
      selection = MenuSelection(index: choosable[next])
    case .first: selection = MenuSelection(index: choosable.first)
    case .last: selection = MenuSelection(index: choosable.last)
    case .choose: if let index = current.index { return reduce(.choose(lines[index])) }
    case .close: reduce(.toggle)
    }
    return nil
  }
}
