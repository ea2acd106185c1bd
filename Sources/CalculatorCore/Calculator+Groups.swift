// Parentheses (docs/SPEC.md section 6.2): each open group is a level of its own; its rows stay in
// the strip, marked with the `(` and `)` they open and close.
extension Calculator {
  /// `(`: opens a group where a new number could start.
  ///
  /// After a result with nothing pending it starts a new calculation. Right after a typed number
  /// or `)` it multiplies (docs/SPEC.md section 12): `2(1+1)` is 4.
  mutating func openGroup() {
    guard levels.count <= Calculator.maximumGroupDepth else { return }
    if isTyping || isGroupValue { multiplyImplicitly() }
    startEntry()
    entry = .zero
    let opening = Opening(
      firstRow: rows.count, outerOpens: pendingOpens,
      joint: pendingOpens > 0 ? openingJoint : levels[levels.count - 1].pending)
    levels.append(Level(opening: opening))
    pendingOpens += 1
    openingJoint = opening.joint
  }

  /// `)`: evaluates the innermost group in the calculator's order; its value is the operand of
  /// the operator before it.
  mutating func closeGroup() {
    guard levels.count > 1 else { return }
    if entry == .zero, pendingOperation == nil {
      commit(.success(.zero), groupRows: nil)  // "( )" is a group holding 0
    } else {
      commitEntry()
    }
    let level = levels.removeLast()
    if let last = rows.indices.last { rows[last].closes += 1 }
    guard let opening = level.opening else { return }
    entry = .group(Calculator.result(of: level.terms, in: order), opening)
  }
}
