import CalculatorCore
import TestSupport
import Testing

/// The calculators and the tape as one value (docs/SPEC.md section 8): which calculations are
/// linked to the one they continue, and undo and redo over it.
@Suite struct DocumentTests {
  /// Each calculation's source as an index into the tape, oldest first.
  static func sources(_ tape: HistoryTape) -> [Int?] {
    tape.calculations.map { $0.source.flatMap(tape.index(of:)) }
  }

  @Test(
    arguments: [
      // An operator right after `=` continues its calculation, down a chain.
      ("2*3=+4=", ["2 × 3 = 6", "6 + 4 = 10"], [nil, 0]),
      ("2*3=+4=*5=", ["2 × 3 = 6", "6 + 4 = 10", "10 × 5 = 50"], [nil, 0, 1]),
      ("1+1=+1=+1=+1=", ["1 + 1 = 2", "2 + 1 = 3", "3 + 1 = 4", "4 + 1 = 5"], [nil, 0, 1, 2]),
      // Keys that change neither the entry nor the strip keep the link: `=` again, m+, C.
      ("2*3==+4=", ["2 × 3 = 6", "6 + 4 = 10"], [nil, 0]),
      ("2*3=[m+]+4=", ["2 × 3 = 6", "6 + 4 = 10"], [nil, 0]),
      ("2*3=+4c5=", ["2 × 3 = 6", "6 + 5 = 11"], [nil, 0]),
      ("2*3=+=+4=", ["2 × 3 = 6", "6 + 4 = 10"], [nil, 0]),
      ("2*3=+(1+1)=", ["2 × 3 = 6", "6 + (1 + 1) = 8"], [nil, 0]),
      // A new number, ± or % on the result, AC or `(`: a calculation of its own.
      ("2*3=4+4=", ["2 × 3 = 6", "4 + 4 = 8"], [nil, nil]),
      ("2*3=n+4=", ["2 × 3 = 6", "-6 + 4 = -2"], [nil, nil]),
      ("2*3=%+4=", ["2 × 3 = 6", "0.06 + 4 = 4.06"], [nil, nil]),
      ("2*3=a+4=", ["2 × 3 = 6", "0 + 4 = 4"], [nil, nil]),
      ("2*3=(1+1)*2=", ["2 × 3 = 6", "(1 + 1) × 2 = 4"], [nil, nil]),
      (
        "2*3=[sqrt]+4=", ["2 × 3 = 6", "2.4494897427831780982 + 4 = 6.4494897427831780982"],
        [
          nil, nil,
        ]
      ),
    ] as [(String, [String], [Int?])])
  func anOperatorAfterEqualsLinks(keys: String, lines: [String], sources: [Int?]) {
    let tape = TestSupport.tape(after: keys)
    #expect(tape.calculations.map(\.line) == lines, "\(keys)")
    #expect(Self.sources(tape) == sources, "\(keys)")
  }

  /// A link holds only to the result as it shows: after its calculation was edited, a result
  /// still in the display continues nothing.
  @Test func aResultEditedSinceLinksToNothing() {
    var document = TestSupport.document(after: "2*3=")
    let first = document.tape.calculations[0].id
    document.tape.edit(row: 1, of: first, to: .success(RealNumber(5)))
    for key in (try? Key.sequence("+4=")) ?? [] { document.press(key) }
    #expect(document.tape.calculations.map(\.line) == ["2 × 5 = 10", "6 + 4 = 10"])
    #expect(Self.sources(document.tape) == [nil, nil])
  }

  @Test func pastesAndRecallsOnAResultStartAfresh() {
    var pasted = TestSupport.document(after: "2*3=+")
    let isPasted = (try? pasted.paste("4")) != nil
    #expect(isPasted)
    pasted.press(.equals)
    #expect(Self.sources(pasted.tape) == [nil, 0])
    var recalled = TestSupport.document(after: "2*3=")
    let isRecalled = recalled.recall("6")
    #expect(isRecalled)
    for key in (try? Key.sequence("+4=")) ?? [] { recalled.press(key) }
    #expect(Self.sources(recalled.tape) == [nil, nil])
  }
}

/// Undo and redo as a stack of values.
@Suite struct UndoTests {
  /// One random thing a user does to a document: a key (mostly), a paste, a recall, Clear
  /// History or an edit of a past number.
  static func act(on document: inout Document, using random: inout TestSupport.SeededGenerator) {
    let keys = Key.allCases.filter { $0 != .constant(.random) }
    switch Int.random(in: 0..<40, using: &random) {
    case 0: try? document.paste(["42", "-1.5", "x", "1e30"].randomElement(using: &random) ?? "")
    case 1: _ = document.recall(["7", "NaN", "0.25"].randomElement(using: &random) ?? "")
    case 2: document.clearHistory()
    case 3, 4:
      guard let calculation = document.tape.calculations.randomElement(using: &random) else {
        return
      }
      let row = Int.random(in: 0..<calculation.shownRowCount, using: &random)
      let number = ["3", "0", "0.5", "-2"].randomElement(using: &random) ?? "1"
      document.tape.edit(row: row, of: calculation.id, to: RecomputeTests.value(number))
    default:
      let key = keys.randomElement(using: &random) ?? .equals
      document.press(key, at: UInt64.random(in: 0...2, using: &random))
    }
  }

  /// Undo ×N then redo ×N passes through every state in reverse, then forwards, and ends where
  /// it began, for random sessions (each change one level, a change of nothing none).
  @Test(arguments: 1...40 as ClosedRange<UInt64>)
  func undoThenRedoRetracesEveryState(seed: UInt64) {
    var random = TestSupport.SeededGenerator(seed: seed)
    var document = TestSupport.document(after: "1200*1.08+49.9=2*3=+4=")
    var undo = UndoStack(document)
    var states = [document]
    let actions = Int.random(in: 1...140, using: &random)
    for _ in 0..<actions {
      UndoTests.act(on: &document, using: &random)
      undo.settle(document)
      if document != states.last { states.append(document) }
    }
    let levels = min(states.count - 1, UndoStack<Document>.depth)
    let end = document
    for step in 1...max(levels, 1) where levels > 0 {
      let isUndone = undo.undo(&document)
      #expect(isUndone)
      #expect(document == states[states.count - 1 - step], "seed \(seed), undo \(step)")
    }
    let isUndoneBeyond = undo.undo(&document)
    #expect(!isUndoneBeyond)
    for step in stride(from: levels - 1, through: 0, by: -1) {
      let isRedone = undo.redo(&document)
      #expect(isRedone)
      #expect(document == states[states.count - 1 - step], "seed \(seed), redo")
    }
    let isRedoneBeyond = undo.redo(&document)
    #expect(!isRedoneBeyond)
    #expect(document == end)
  }

  @Test func aNewChangeForgetsTheUndoneOnes() {
    var document = Document()
    var undo = UndoStack(document)
    for key in (try? Key.sequence("12+3")) ?? [] {
      document.press(key)
      undo.settle(document)
    }
    undo.undo(&document)
    undo.undo(&document)
    #expect(document.calculator.display == "12")
    document.press(.digit(.nine))
    undo.settle(document)
    #expect(undo.undone.isEmpty)
    let isRedone = undo.redo(&document)
    #expect(!isRedone)
    #expect(document.calculator.display == "129")
  }

  @Test func clearHistoryAndAnEditAreUndoneLikeAKey() {
    var document = TestSupport.document(after: "2*3=+4=")
    var undo = UndoStack(document)
    let full = document
    document.clearHistory()
    undo.settle(document)
    #expect(document.tape.isEmpty)
    undo.undo(&document)
    #expect(document == full)
    document.tape.edit(row: 1, of: document.tape.calculations[0].id, to: .success(RealNumber(5)))
    undo.settle(document)
    #expect(document.tape.calculations.map(\.line) == ["2 × 5 = 10", "10 + 4 = 14"])
    undo.undo(&document)
    #expect(document == full)
    undo.redo(&document)
    #expect(document.tape.calculations.map(\.line) == ["2 × 5 = 10", "10 + 4 = 14"])
  }

  @Test func aHundredLevelsAndNoMore() {
    var document = Document()
    var undo = UndoStack(document)
    for _ in 0..<150 {
      document.press(.digit(.one))
      document.press(.operation(.add))
      undo.settle(document)
    }
    #expect(undo.past.count == UndoStack<Document>.depth)
    var undone = 0
    while undo.undo(&document) { undone += 1 }
    #expect(undone == 100)
    // The oldest state left: the calculator after 50 of the 150 changes.
    #expect(document.calculator.historyCount == 50)
  }

  /// A state that weighs what it says, to see the weight bound alone.
  struct Heavy: Undoable {
    var value: Int
    var undoWeight: Int
  }

  @Test func heavyStatesKeepFewerLevelsButAlwaysTheLast() {
    var state = Heavy(value: 0, undoWeight: 100_000)
    var undo = UndoStack(state)
    for value in 1...10 {
      state.value = value
      undo.settle(state)
    }
    #expect(undo.past.map(\.value) == [6, 7, 8, 9])  // 4 × 100,000 fit in 400,000
    state = Heavy(value: 11, undoWeight: 1_000_000)
    undo.settle(state)
    state = Heavy(value: 12, undoWeight: 1)
    undo.settle(state)
    #expect(undo.past.map(\.value) == [11])  // over the bound alone, but the newest stays
    let isUndone = undo.undo(&state)
    #expect(isUndone && state.value == 11)
  }

  /// The ring against plain lists of the same states, through random changes, undos and
  /// redos far past the bound: the same states come back in the same order.
  @Test(arguments: 1...20 as ClosedRange<UInt64>)
  func theRingKeepsWhatAListWould(seed: UInt64) {
    var random = TestSupport.SeededGenerator(seed: seed)
    var state = Heavy(value: 0, undoWeight: 1)
    var undo = UndoStack(state)
    // The reference: the current value, the values before it (at most 100), those undone.
    var (current, past, undone) = (0, [Int](), [Int]())
    for next in 1...1_000 {
      switch Int.random(in: 0..<10, using: &random) {
      case 0...5:
        past.append(current)
        if past.count > 100 { past.removeFirst() }
        undone = []
        current = next
        state = Heavy(value: next, undoWeight: 1)
        undo.settle(state)
      case 6...7:
        let isUndone = undo.undo(&state)
        #expect(isUndone == !past.isEmpty)
        if let previous = past.popLast() {
          undone.append(current)
          current = previous
        }
      default:
        let isRedone = undo.redo(&state)
        #expect(isRedone == !undone.isEmpty)
        if let redone = undone.popLast() {
          past.append(current)
          current = redone
        }
      }
      #expect(state.value == current, "seed \(seed)")
      #expect(undo.past.map(\.value) == past, "seed \(seed)")
      #expect(undo.undone.map(\.value) == undone, "seed \(seed)")
    }
  }

  @Test func aDocumentWeighsItsRowsAndCalculations() {
    let document = TestSupport.document(after: "1+2=3+4=5+6+7")  // rows 5, + 6
    // Its rows, the tape's one chunk and two calculations, and itself.
    #expect(document.undoWeight == 2 + (1 + 2) + 1)
  }

  @Test func rebaseRewritesEveryKeptState() {
    var state = Heavy(value: 1, undoWeight: 1)
    var undo = UndoStack(state)
    for value in 2...4 {
      state.value = value
      undo.settle(state)
    }
    undo.undo(&state)
    undo.rebase { Heavy(value: $0.value * 10, undoWeight: 1) }
    state.value *= 10
    #expect(undo.settled.value == 30 && state.value == 30)
    #expect(undo.past.map(\.value) == [10, 20])
    #expect(undo.undone.map(\.value) == [40])
    undo.settle(state)  // the rebased state is the settled one: no new level
    #expect(undo.past.count == 2)
  }
}

/// Two versions of a tape brought together by identity.
@Suite struct MergeTests {
  static func tape(_ lines: [(UInt64, String)]) -> HistoryTape {
    var tape = HistoryTape()
    for (id, number) in lines {
      tape.append(Calculation(rows: [number, "+ 1"], result: "?"), at: id)
    }
    return tape
  }

  static func firsts(_ tape: HistoryTape) -> [String] { tape.calculations.map { $0.rows[0] } }

  @Test func bothSidesAddingKeepsBothInOrder() {
    let base = Self.tape([(1, "a"), (2, "b")])
    let mine = Self.tape([(1, "a"), (2, "b"), (5, "mine")])
    let theirs = Self.tape([(1, "a"), (2, "b"), (4, "theirs"), (6, "later")])
    let merged = HistoryTape.merged(base: base, mine: mine, theirs: theirs)
    #expect(Self.firsts(merged) == ["a", "b", "theirs", "mine", "later"])
    #expect(merged.fileSize == merged.fileText.utf8.count)
  }

  @Test func myRemovalsAndEditsWinTheirsStandElsewhere() {
    let base = Self.tape([(1, "a"), (2, "b"), (3, "c")])
    let mine = Self.tape([(1, "A"), (3, "c")])  // edited 1, removed 2 (an undo)
    let theirs = Self.tape([(1, "a"), (2, "b"), (3, "C"), (7, "new")])  // edited 3, added 7
    let merged = HistoryTape.merged(base: base, mine: mine, theirs: theirs)
    #expect(Self.firsts(merged) == ["A", "C", "new"])
  }

  /// Both windows changed the same calculation since the base: this window's change is the
  /// one it saves (docs/SPEC.md section 8), whichever kind each change is.
  @Test func onAConflictMyChangeWins() {
    let base = Self.tape([(1, "a"), (2, "b"), (3, "c"), (4, "d")])
    // 1: both edited; 2: I edited, they removed; 3: I removed, they edited; 4: both removed.
    let mine = Self.tape([(1, "mine"), (2, "mine too"), (5, "new")])
    let theirs = Self.tape([(1, "theirs"), (3, "theirs too"), (6, "theirs new")])
    let merged = HistoryTape.merged(base: base, mine: mine, theirs: theirs)
    #expect(Self.firsts(merged) == ["mine", "mine too", "new", "theirs new"])
    #expect(merged.calculations.map(\.id.rawValue) == [1, 2, 5, 6])
    // Seen from the other window, its own changes win the same way.
    let other = HistoryTape.merged(base: base, mine: theirs, theirs: mine)
    #expect(Self.firsts(other) == ["theirs", "theirs too", "new", "theirs new"])
  }

  @Test func clearHistoryOnEitherSide() {
    let base = Self.tape([(1, "a"), (2, "b")])
    let cleared = HistoryTape.merged(
      base: base, mine: HistoryTape(), theirs: Self.tape([(1, "a"), (2, "b"), (3, "c")]))
    #expect(Self.firsts(cleared) == ["c"])  // what another window added since stays
    let theirsCleared = HistoryTape.merged(
      base: base, mine: Self.tape([(1, "a"), (2, "b"), (4, "d")]), theirs: HistoryTape())
    #expect(Self.firsts(theirsCleared) == ["d"])
    // An undone Clear History brings the calculations back beside the newer ones.
    let restored = HistoryTape.merged(
      base: HistoryTape(), mine: base, theirs: Self.tape([(3, "c")]))
    #expect(Self.firsts(restored) == ["a", "b", "c"])
  }

  /// Two windows' 60,000 each make 120,000: past 110,000, the newest 100,000 stay
  /// (docs/SPEC.md section 15.1).
  @Test func theMergedTapeKeepsTheNewestHundredThousand() {
    let base = HistoryTape()
    let mine = Self.tape((1...60_000).map { (UInt64($0) * 2, "\($0)") })
    let theirs = Self.tape((1...60_000).map { (UInt64($0) * 2 + 1, "\($0)") })
    let merged = HistoryTape.merged(base: base, mine: mine, theirs: theirs)
    #expect(merged.count == 100_000)
    #expect(merged.calculations.first?.id.rawValue == 20_002)  // of 2…120,001
    #expect(merged.calculations.last?.id.rawValue == 120_001)
    #expect(merged.fileSize == merged.fileText.utf8.count)
  }

  /// What all three tapes hold alike is taken whole: a tape of 100,000 with a calculation
  /// added on each side merges in a few chunks' time (docs/SPEC.md section 15.2), and the same
  /// as a calculation-by-calculation walk would.
  @Test func tapesSharingTheirOlderCalculationsMergeFromWhereTheyDiffer() {
    var base = HistoryTape()
    for index in 1...100_000 {
      base.append(Calculation(rows: ["\(index)", "+ 1"], result: "?"), at: UInt64(index) * 10)
    }
    var mine = base
    mine.append(Calculation(rows: ["mine", "+ 1"], result: "?"), at: 2_000_005)
    var theirs = base
    theirs.append(Calculation(rows: ["theirs", "+ 1"], result: "?"), at: 2_000_003)
    theirs.edit(row: 0, of: CalculationID(rawValue: 999_990), to: .success(RealNumber(7)))
    let merged = HistoryTape.merged(base: base, mine: mine, theirs: theirs)
    #expect(merged.count == 100_002)
    #expect(Self.firsts(merged).suffix(3) == ["100000", "theirs", "mine"])
    #expect(merged[CalculationID(rawValue: 999_990)]?.rows.first == "7")
    #expect(merged.fileSize == merged.fileText.utf8.count)
  }
}
