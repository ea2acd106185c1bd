// Edit and recompute (docs/SPEC.md section 8): a past operand gets a new number and its
// calculation runs again through the calculator, row by row, with the rows' own operators and
// parentheses, in the calculation's own order (docs/SPEC.md section 12); a calculation continued
// from one whose result changed runs again too, down the chain. The tape keeps rows as they show,
// so a calculation is always recomputed from the numbers it shows: recomputing gives the same
// result before and after a restart.

/// A strip row taken apart: `"× ((3"` is `×`, two groups opened, then `3`.
public struct RowParts: Equatable, Sendable {
  /// The operator before the number; nil for a first row, or a later row joined to the one
  /// before by an implied × (`"(3"` after `"2"`, `"4"` after `"+ 1)"`).
  public var operation: Operation?
  /// The groups the row opens before its number.
  public var opens: Int
  /// The number as shown: `"1,200"`, `"NaN"`, `"1.5e25"`.
  public var number: String
  /// The groups it closes after its number.
  public var closes: Int

  /// The parts of `row`; nil for text that is not a row the strip writes.
  public init?(_ row: String) {
    var rest = Substring(row)
    if let space = rest.lastIndex(of: " ") {
      let glyph = rest[..<space]
      guard let operation = Operation.allCases.first(where: { $0.symbol == glyph }) else {
        return nil
      }
      self.operation = operation
      rest = rest[rest.index(after: space)...]
    } else {
      operation = nil
    }
    let number = rest.drop { $0 == "(" }
    opens = rest.count - number.count
    let trimmed = number.reversed().drop { $0 == ")" }
    closes = number.count - trimmed.count
    self.number = String(number.dropLast(closes))
    guard !self.number.isEmpty else { return nil }
  }

  /// The row as the strip writes it.
  public var text: String {
    let number =
      String(repeating: "(", count: opens) + number + String(repeating: ")", count: closes)
    return operation.map { "\($0.symbol) \(number)" } ?? number
  }
}

extension Calculation {
  /// The calculation the calculator makes of these rows, each with the value given for it, in
  /// `order`.
  ///
  /// It presses the keys of each row (its operator or an implied ×, its `(`, its number as a
  /// result, its `)`), then `=`. The rows and result are the calculator's own; the links are
  /// the caller's.
  static func replaying(_ parts: [RowParts], values: [CalculatorValue], order: Order)
    -> Calculation
  {
    var calculator = Calculator(order: order)
    for (index, (row, value)) in zip(parts, values).enumerated() {
      if let operation = row.operation {
        calculator.press(.operation(operation))
      } else if index > 0 {
        calculator.multiplyImplicitly()
      }
      for _ in 0..<row.opens { calculator.press(.parenthesis(.open)) }
      calculator.show(value)
      for _ in 0..<row.closes { calculator.press(.parenthesis(.close)) }
    }
    calculator.press(.equals)
    var calculation = Calculation(rows: calculator.history, result: calculator.display)
    calculation.order = order
    return calculation
  }
}

extension HistoryTape {
  /// Gives row `row` of calculation `id` the number `value` and computes that calculation
  /// again with the calculator's rules in its own order, then every calculation continued from
  /// one whose result changed, down the chain (docs/SPEC.md sections 8 and 12).
  ///
  /// Returns false, changing nothing, when the tape does not hold the calculation, the row is
  /// not editable (`Calculation.isEditable(row:)`) or already shows that number.
  @discardableResult
  public mutating func edit(row: Int, of id: CalculationID, to value: CalculatorValue) -> Bool {
    guard let first = index(of: id), calculations[first].isEditable(row: row),
      Calculator.format(value) != RowParts(calculations[first].rows[row])?.number
    else { return false }
    var results: [CalculationID: String] = [:]  // the new results of those that changed
    for index in first..<calculations.count {
      // Only the calculation edited and those continuing a changed one are made and computed
      // again; the others are passed over on their packed form (docs/SPEC.md section 15.2).
      let source = calculations.source(at: index)
      guard index == first || source.map({ results[$0] != nil }) == true else { continue }
      let old = calculations[index]
      let parts = old.rows.compactMap(RowParts.init)
      guard parts.count == old.rows.count else { continue }
      var values = parts.map { Calculator.value(typed: $0.number) }
      if index == first {
        values[row] = value
      } else if let source = old.source, let result = results[source] {
        values[0] = Calculator.value(typed: result)
      }
      var new = Calculation.replaying(parts, values: values, order: old.order)
      new.source = old.source
      new.id = old.id
      new.order = old.order
      // A line the file could not hold (docs/SPEC.md section 8.3): the calculation stays as it was.
      guard HistoryTape.lineSize(of: new) <= HistoryTape.maximumLineSize else { continue }
      calculations[index] = new
      fileSize += HistoryTape.lineSize(of: new) - HistoryTape.lineSize(of: old)
      if new.result != old.result { results[old.id] = new.result }
    }
    dropOldest()
    return true
  }
}
