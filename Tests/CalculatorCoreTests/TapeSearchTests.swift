import CalculatorCore
import Foundation
import TestSupport
import Testing

/// A search of the tape (docs/SPEC.md section 15.3): the calculations whose line holds the text,
/// numbers without their grouping, newest first, with the count.
@Suite struct TapeSearchTests {
  static let tape = TestSupport.tape(
    after: "1200*1.08+49.9=2*3=5-3=8/2=5/0=1345+1=2*3=99999999999*99999999999=")
  // 1: 1,200 × 1.08 + 49.9 = 1,345.9   2: 2 × 3 = 6   3: 5 − 3 = 2   4: 8 ÷ 2 = 4
  // 5: 5 ÷ 0 = NaN   6: 1,345 + 1 = 1,346   7: 2 × 3 = 6
  // 8: 99,999,999,999 × 99,999,999,999 = 9.9999999998e21

  @Test(
    arguments: [
      // Numbers match without their grouping, typed with it or not.
      ("1345", [6, 1]), ("1,345", [6, 1]), ("1,3,45", [6, 1]), ("345.9", [1]),
      ("99999999999", [8]),
      // Operators typed as on a keyboard; spaces ignored.
      ("2*3", [7, 2]), ("2 × 3", [7, 2]), ("5-3", [3]), ("5 − 3 = 2", [3]), ("8/2", [4]),
      ("=6", [7, 2]), ("= 6", [7, 2]), ("+ 1 =", [6]),
      // Letters in either case.
      ("nan", [5]), ("NaN", [5]), ("E21", [8]),
      // Nothing.
      ("7", []), ("=7", []), ("1345.99", []), ("x", []),
    ] as [(String, [Int])])
  func matches(query: String, calculations: [Int]) {
    let search = TapeSearch(query, in: Self.tape)
    #expect(search.matches == calculations.map { $0 - 1 }, "\(query)")
  }

  @Test func theCountAndTheSelection() {
    var search = TapeSearch("3", in: Self.tape)
    #expect(search.matches == [6, 5, 2, 1, 0])  // newest first
    #expect(search.countText == "1 of 5")
    #expect(search.selectedCalculation == 6)
    var moved = search.select(older: true) && search.select(older: true)
    #expect(moved)
    #expect(search.countText == "3 of 5")
    #expect(search.selectedCalculation == 2)
    moved = search.select(older: false)
    #expect(moved)
    #expect(search.countText == "2 of 5")
    moved = search.select(older: true) && search.select(older: true) && search.select(older: true)
    #expect(moved)
    moved = search.select(older: true)
    #expect(!moved)  // past the oldest: no change
    #expect(search.countText == "5 of 5")
  }

  @Test func noMatchIsZeroOfZero() {
    var search = TapeSearch("12345678", in: Self.tape)
    #expect(search.countText == "0 of 0")
    #expect(search.selectedCalculation == nil)
    let moved = search.select(older: true) || search.select(older: false)
    #expect(!moved)
    #expect(TapeSearch("1", in: HistoryTape()).countText == "0 of 0")
  }

  @Test func anEmptyTextMatchesEveryCalculation() {
    #expect(TapeSearch("", in: Self.tape).matches == Array((0..<8).reversed()))
    #expect(TapeSearch(" , ", in: Self.tape).countText == "1 of 8")
  }

  @Test func aLargeCountIsGrouped() {
    var tape = HistoryTape()
    for index in 0..<1_234 { tape.append(Calculation(rows: ["\(index)", "+ 5"], result: "?")) }
    #expect(TapeSearch("5", in: tape).countText == "1 of 1,234")
  }

  /// The rules written again on strings (docs/SPEC.md section 15.3): typing on narrows the
  /// last search's matches to exactly what a new search finds.
  @Test(arguments: 1...5 as ClosedRange<UInt64>)
  func typingOnFindsWhatANewSearchFinds(seed: UInt64) {
    var random = TestSupport.SeededGenerator(seed: seed)
    let tokens = "0123456789.+-*/=".map(String.init)
    let keys = (0..<3_000).map { _ in tokens.randomElement(using: &random) ?? "1" }
    let tape = TestSupport.tape(after: keys.joined())
    func reference(_ text: String) -> String {
      var text = text.lowercased()
      for (glyph, ascii) in [("−", "-"), ("×", "*"), ("÷", "/"), (" ", ""), (",", "")] {
        text = text.replacingOccurrences(of: glyph, with: ascii)
      }
      return text
    }
    let lines = tape.calculations.map { reference($0.line) }
    let alphabet = "0123456789.,-*/= e".map(String.init)
    for _ in 0..<20 {
      var search = TapeSearch("", in: tape)
      var query = ""
      for _ in 0..<4 {
        query += alphabet.randomElement(using: &random) ?? "1"
        search = TapeSearch(query, in: tape, narrowing: search)
        let expected = lines.indices.reversed().filter {
          reference(query).isEmpty || lines[$0].contains(reference(query))
        }
        #expect(search.matches == expected, "seed \(seed), \(query)")
        #expect(search.matches == TapeSearch(query, in: tape).matches)
      }
    }
  }

  /// A tape past its most calculations keeps its newest (docs/SPEC.md section 15.1); the ones
  /// dropped are not found, though their text may still share memory with the ones kept.
  @Test func theDroppedOldestAreNotFound() throws {
    let numbers = (1...110_010).map { String(1_000_000 + $0) }
    var file = "circlecalc history 3\n"
    for (line, number) in numbers.enumerated() { file += "\(line + 1)\tleft\t\(number)\t= 1\n" }
    let tape = try HistoryTape(fileBytes: Array(file.utf8))
    let kept = numbers.suffix(tape.count)
    #expect(kept.first == "1010011")  // the oldest 10,010 dropped
    for query in ["1000005", "1010015", "101001", "1110010"] {
      let expected = kept.indices.reversed().filter { kept[$0].contains(query) }
        .map { $0 - kept.startIndex }
      #expect(TapeSearch(query, in: tape).matches == expected, "\(query)")
    }
    #expect(TapeSearch("1010015", in: tape).matches == [4])
  }

  @Test func holdsComparesAsTheSearchDoes() {
    #expect(TapeSearch.holds("1,200 × 1.08 + 49.9 = 1,345.9", "1345"))
    #expect(TapeSearch.holds("5 ÷ 0 = NaN", "/0=nan"))
    #expect(!TapeSearch.holds("5 ÷ 0 = NaN", "50"))
  }
}
