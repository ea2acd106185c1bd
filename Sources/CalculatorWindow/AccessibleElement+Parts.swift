import CalculatorCore
import CalculatorLayout

extension AccessibleElement {
  /// Tip & Split: each field a label with its title and an entry named by it (the label is
  /// also its `labelledBy`) holding the value as shown, selected while it is the one typed into,
  /// focused then unless the ring is on a key (a focus request makes it active); then the
  /// results, labels named with their title and amount, and the shares line while the shares
  /// exceed the total.
  static func tipScreen(of frame: Frame, layout: TipLayout) -> [AccessibleElement] {
    guard let screen = frame.tipScreen else { return [] }
    var elements: [AccessibleElement] = []
    for (field, box) in zip(TipField.allCases, layout.fields) {
      elements.append(AccessibleElement(role: .label, name: field.title, bounds: box))
      elements.append(
        AccessibleElement(
          role: .entry, name: field.title, bounds: box, text: screen.text(of: field),
          labelledBy: elements.count - 1, isFocusable: true,
          isFocused: typingHasFocus(frame) && field == screen.active, isSelectable: true,
          isSelected: field == screen.active, target: .field(field)))
    }
    elements += [
      AccessibleElement(
        role: .label, name: tr("Tip, %s").filling(screen.tip), bounds: layout.tipRow),
      AccessibleElement(
        role: .label, name: tr("Total, %s").filling(screen.total), bounds: layout.totalRow),
      AccessibleElement(
        role: .label, name: tr("Per person, %s").filling(screen.perPerson),
        bounds: layout.perPersonRow),
    ]
    // As drawn: the overshoot at the left, the shares at the right (`+0.02`, `3 × 33.34 = 100.02`).
    if let shares = screen.shares, let overshoot = screen.overshoot {
      elements.append(
        AccessibleElement(role: .label, name: "+\(overshoot), \(shares)", bounds: layout.sharesRow))
    }
    return elements
  }

  /// One push button per cell, named for what it does now (with `2nd` on: the alternate).
  static func keys(of frame: Frame, layout: Layout) -> [AccessibleElement] {
    let keypad = layout.keypad
    let face = frame.face
    let second = face.showsSecond
    // The operator stays pending (checked) after the next number starts, when it is drawn
    // orange again: a listener cannot see the colour, and `--state` reports it so too.
    let pending = face.pendingOperation.flatMap {
      keypad.position(of: Key.operation($0), second: second)
    }
    return layout.positions.compactMap { position in
      guard let action = keypad.action(at: position, second: second) else { return nil }
      let isOn: Bool =
        switch action {
        case .secondFunctions: second
        case .key(.edit(.angle)): face.angle == .radians
        default: position == pending
        }
      return AccessibleElement(
        role: .pushButton, name: SpokenNames.name(of: action, clearLabel: face.clearLabel),
        bounds: layout.circle(at: position).bounds, isChecked: isOn, isFocusable: true,
        isFocused: ringHasFocus(frame) && position == frame.focused, target: .cell(position))
    }
  }

  /// The open mode menu: its choosable lines (the modes and the orders radio menu items, the
  /// current ones checked; Convert and Keep on Top check menu items, checked while on), the
  /// keyboard's selection selected and focused, or the menu itself focused while none is
  /// selected.
  static func menu(_ menu: MenuLayout, selection: MenuSelection, frame: Frame)
    -> AccessibleElement
  {
    var element = AccessibleElement(
      role: .menu, name: tr("modes"), bounds: menu.panel, isFocusable: true,
      isFocused: selection.index == nil)
    for (index, item) in menu.items.enumerated() where item.isChoosable {
      let role: Role =
        switch item {
        case .mode, .order: .radioMenuItem
        case .convert, .keepOnTop: .checkMenuItem
        default: .menuItem
        }
      element.children.append(
        AccessibleElement(
          role: role, name: item.title, bounds: menu.rows[index],
          isChecked: frame.isChecked(item), isFocusable: true,
          isFocused: selection.index == index,
          isSelectable: true, isSelected: selection.index == index, target: .menuItem(item)))
    }
    return element
  }
}
