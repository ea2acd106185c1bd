// The order of operations (docs/SPEC.md section 12): one evaluator reads the order's precedence
// table; in Math Order the display shows the expression as typed until `=`.
extension Calculator {
  /// Evaluates a level's terms in `order`, operators of a higher level first.
  ///
  /// A run of one level groups as the table says. A stack of operands and one of operators
  /// (shunting-yard), so the cost is linear; in Left to Right every operator is applied as soon
  /// as the next comes, strictly left to right (`2 + 3 × 4` is 20), in Math Order `2 + 3 × 4` is
  /// 14.
  static func result(of terms: [Term], in order: Order) -> CalculatorValue {
    guard let first = terms.first else { return .success(.zero) }
    var values = [first.value]
    var operations: [Operation] = []
    func applyLast() {
      let right = values.removeLast()
      let left = values.removeLast()
      values.append(apply(operations.removeLast(), left, right))
    }
    for term in terms.dropFirst() {
      let operation = term.operation ?? .add
      let binding = order.binding(of: operation)
      while let last = operations.last, order.binding(of: last).isApplied(before: binding) {
        applyLast()
      }
      operations.append(operation)
      values.append(term.value)
    }
    while !operations.isEmpty { applyLast() }
    return values[0]
  }

  /// An operation applied to two values: the one place the calculator does binary arithmetic.
  ///
  /// `=`, `)`, `%`, `m+` and `m−` come here. NaN in, NaN out: the left operand's reason first.
  static func apply(_ operation: Operation, _ left: CalculatorValue, _ right: CalculatorValue)
    -> CalculatorValue
  {
    left.flatMap { left in
      right.flatMap { right in
        Result { () throws(ArithmeticError) -> RealNumber in try left.applying(operation, right)
        }
      }
    }
  }

  /// The index of the first strip row of the expression being typed, or nil when there is
  /// none: nothing pending and no group (a number alone, a result, `0`), where the rows left
  /// in the strip are those of a finished calculation.
  var expressionStart: Int? {
    if levels[0].pending != nil { return 0 }
    if levels.count > 1 { return levels[1].opening?.firstRow ?? 0 }
    if case .group(_, let opening) = entry { return opening.firstRow }
    return nil
  }

  /// The expression as Math Order's display shows it (docs/SPEC.md section 12): the rows from
  /// `expressionStart` with the operators as the keys show them and no spaces, each number as
  /// typed (`0.50`) or as the strip writes it, grouped; the open groups and pending operator,
  /// then the entry: `"12+3×4"`, `"2×(1,200+"`, `"2(1+1)"`; the entry alone when there is no
  /// expression.
  public var expressionText: String {
    guard let start = expressionStart else { return entryText.text }
    var text = ""
    for row in rows[start...] {
      if let joint = row.joint, !joint.isImplied { text += joint.operation.symbol }
      text +=
        String(repeating: "(", count: row.opens)
        + (row.typed.map(NumberFormat.grouping(typed:)) ?? row.number)
        + String(repeating: ")", count: row.closes)
    }
    // A group's value ends with its `)`: the operator before it is in its first row.
    guard !isGroupValue else { return text }
    let pending = pendingOpens > 0 ? openingJoint : levels[levels.count - 1].pending
    if let pending, entry != .zero && !isWrittenWithoutGlyph(pending) || !pending.isImplied {
      text += pending.operation.symbol
    }
    text += String(repeating: "(", count: pendingOpens)
    if entry != .zero { text += entryText.text }
    return text.isEmpty ? DisplayText.zero.text : text
  }
}
