/// What a window's user changes and Ctrl+Z takes back (docs/SPEC.md section 8): the
/// calculator, Tip & Split and the history tape, one value.
///
/// `press` puts each calculation `=` finishes on the tape, and links one continued from a
/// result to the calculation that result came from:
///
///     var document = Document()
///     for key in try Key.sequence("2*3=+4=") { document.press(key) }
///     document.tape.calculations.map(\.line)  // ["2 × 3 = 6", "6 + 4 = 10"]
///     document.tape.calculations[1].source == document.tape.calculations[0].id  // true
public struct Document: Undoable {
  /// The calculator of the basic and scientific keypads.
  public var calculator: Calculator
  /// The Tip & Split calculator.
  public var split: TipCalculator {
    get { tipBox.value }
    set { tipBox = TipBox(newValue) }
  }
  /// Tip & Split in a box of its own: it is most of a document's bytes and changes rarely,
  /// while the undo stack copies the document after every key that changes it.
  private var tipBox: TipBox
  /// The calculations finished with `=`.
  public var tape: HistoryTape
  /// The calculation `=` just finished while the calculator still shows it: an operator now
  /// continues from its result.
  private(set) var finished: CalculationID?
  /// The calculation whose result the calculation being typed carries as its first row.
  private(set) var continued: CalculationID?

  /// A document of these calculators and this tape.
  public init(
    calculator: Calculator = Calculator(), split: TipCalculator = TipCalculator(),
    tape: HistoryTape = HistoryTape()
  ) {
    self.calculator = calculator
    self.tipBox = TipBox(split)
    self.tape = tape
  }

  /// Whether both hold the same calculators, tape and links.
  public static func == (lhs: Document, rhs: Document) -> Bool {
    lhs.calculator == rhs.calculator && lhs.tape == rhs.tape && lhs.finished == rhs.finished
      && lhs.continued == rhs.continued
      && (lhs.tipBox === rhs.tipBox || lhs.tipBox.value == rhs.tipBox.value)
  }

  /// Rows and calculations a copy may hold on its own (the bound of `UndoStack`): the tape's
  /// chunks are shared with the states around it (`HistoryTape.undoWeight`).
  public var undoWeight: Int { calculator.historyCount + tape.undoWeight + 1 }

  /// Presses a calculator key; a calculation it finishes goes on the tape with the identity
  /// `stamp` gives (`HistoryTape.append(_:at:)`), linked to the calculation it continues.
  public mutating func press(_ key: Key, at stamp: UInt64 = 0) {
    let before = calculator
    calculator.press(key)
    guard var calculation = Calculation(finishing: key, before: before, after: calculator) else {
      return track(key, from: before)
    }
    // The link holds while the first row is that calculation's result as it shows now (an edit
    // of it since has made it another number).
    if let continued, calculation.rows.first == tape[continued]?.result {
      calculation.source = continued
    }
    finished = tape.append(calculation, at: stamp)
    continued = nil
  }

  /// Types a pasted expression into the calculator (`Calculator.paste(_:scientific:)`), one
  /// change for undo; throws the reason, changing nothing, when it is refused.
  public mutating func paste(_ text: String, form: NumberForm = .plain, scientific: Bool = true)
    throws(PasteRefusal)
  {
    let before = calculator
    try calculator.paste(text, form: form, scientific: scientific)
    track(nil, from: before)
  }

  /// Puts a number of the strip or the tape in the display as a result
  /// (`Calculator.recall(_:)`).
  public mutating func recall(_ text: String) -> Bool {
    let before = calculator
    guard calculator.recall(text) else { return false }
    track(nil, from: before)
    return true
  }

  /// Puts the calculations a run with `--keys` finished on the tape, as if finished here at
  /// `stamp`: each gets an identity of this tape, and their links follow; when the calculator
  /// still shows the last one, an operator continues it.
  public mutating func adopt(_ finished: HistoryTape, at stamp: UInt64) {
    var identities: [CalculationID: CalculationID] = [:]
    for calculation in finished.calculations {
      var adopted = calculation
      adopted.source = calculation.source.flatMap { identities[$0] }
      identities[calculation.id] = tape.append(adopted, at: stamp)
    }
    if let last = finished.calculations.last, tape.isNewestShown(by: calculator) {
      self.finished = identities[last.id]
    }
  }

  /// Clear History: the tape empties; the calculators stay.
  public mutating func clearHistory() {
    tape.removeAll()
    finished = nil
    continued = nil
  }

  /// Follows the links after the calculator changed without finishing a calculation.
  ///
  /// An operator right after `=` starts a strip with the result, continuing that calculation;
  /// a strip emptied (a digit after a result, AC, a paste or a recall there) continues none.
  /// Keys that change neither the entry nor the strip (`m+`, Rad, a second `=`) keep both.
  private mutating func track(_ key: Key?, from before: Calculator) {
    // Only right after `=` does it matter whether the key changed anything (one comparison).
    if let finished, !calculator.showsSameCalculation(as: before) {
      if case .operation = key, calculator.historyCount == 1 { continued = finished }
      self.finished = nil
    }
    if calculator.historyCount == 0 { continued = nil }
  }
}

/// An unchanging Tip & Split calculator, shared by the copies of a document.
final class TipBox: Sendable {
  let value: TipCalculator

  init(_ value: TipCalculator) {
    self.value = value
  }
}
