import CalculatorCore
import Foundation
import TestSupport
import Testing

/// Seeded random key sequences through the core: after every key every rule of `Invariants`
/// holds, and nothing traps. `make test` runs a fixed-seed slice; `fuzz/run` sets
/// `FUZZ_SECONDS` (run that long, new seeds) and `FUZZ_STATE` (a folder where each fuzzer
/// names the chunk it runs, so that a crash can be replayed with `FUZZ_REPLAY=core:<seed>`,
/// which runs that one chunk and prints each sequence to stderr first).
@Suite("Fuzzing: key sequences through the core")
struct CoreFuzzTests {
  static let sequencesPerChunk = 500
  static let sliceChunks: UInt64 = 3

  @Test("Random key sequences keep every rule after every key")
  func keySequences() throws {
    let base = TestSupport.fuzzSeed(20_261_130)
    let start = TestSupport.now()
    var sequences = 0
    var keys = 0
    var failures: [String] = []
    TestSupport.fuzzChunks("core", base: base, sliceChunks: CoreFuzzTests.sliceChunks) {
      random, isReplay in
      for _ in 0..<CoreFuzzTests.sequencesPerChunk where failures.count < 20 {
        let sequence = CoreFuzzTests.sequence(&random)
        if isReplay { FileHandle.standardError.write(Data((tokens(sequence) + "\n").utf8)) }
        let maxLength = Int.random(in: 1...24, using: &random)
        var calculator = Calculator()
        for (index, key) in sequence.enumerated() {
          calculator.press(key)
          let broken = Invariants.broken(calculator, maxLength: maxLength)
          if !broken.isEmpty {
            failures.append("\(tokens(sequence.prefix(index + 1))): \(broken)")
            break
          }
        }
        sequences += 1
        keys += sequence.count
      }
      return failures.count < 20
    }
    let seconds = TestSupport.now() - start
    print(
      "core fuzz, seed \(base): \(sequences) sequences, \(keys) keys in \(Int(seconds)) s"
        + " (\(Int(Double(keys) / seconds)) keys/s), \(failures.count) failures")
    #expect(failures.isEmpty, "\(failures)")
  }

  /// The scientific keys but Rand, whose value would make a replay differ.
  static let scientificKeys = Key.allCases.filter { $0.isScientific && $0 != .constant(.random) }

  /// Keys weighted toward digits, with bursts that reach the limits: 25 nines (past the typing
  /// limit), runs of %, repeated × by a 20-digit number (past 1e100), ÷ by tiny numbers; one
  /// sequence in three also presses the scientific keys (functions, groups, memory).
  static func sequence(_ random: inout TestSupport.SeededGenerator) -> [Key] {
    var keys: [Key] = []
    let length = Int.random(in: 1...120, using: &random)
    let scientific = Int.random(in: 0..<3, using: &random) == 0
    while keys.count < length {
      if scientific, Int.random(in: 0..<4, using: &random) == 0 {
        keys.append(scientificKeys.randomElement(using: &random) ?? .parenthesis(.open))
        continue
      }
      switch Int.random(in: 0..<100, using: &random) {
      case 0..<45: keys.append(.digit(Digit.allCases.randomElement(using: &random) ?? .one))
      case 45..<50: keys.append(.decimalPoint)
      case 50..<68:
        let operations: [Key] = [
          .operation(.add), .operation(.subtract), .operation(.multiply), .operation(.divide),
        ]
        keys.append(operations.randomElement(using: &random) ?? .operation(.add))
      case 68..<75: keys.append(.equals)
      case 75..<78: keys.append(.percent)
      case 78..<81: keys.append(.toggleSign)
      case 81..<83: keys.append(.clearEntry)
      case 83: keys.append(.allClear)
      case 84..<88: keys.append(.backspace)
      case 88..<91: keys += Array(repeating: .digit(.nine), count: 25)
      case 91..<93:
        keys += [.decimalPoint] + Array(repeating: .digit(.zero), count: 22) + [.digit(.one)]
      case 93..<95:
        keys += Array(repeating: .percent, count: Int.random(in: 5...60, using: &random))
      case 95..<97:
        keys += CoreFuzzTests.keys("*99999999999999999999") + [.equals]
      case 97..<99:
        keys += CoreFuzzTests.keys("/0.00000000000000000001") + [.equals]
      default: keys += Array(repeating: .toggleSign, count: Int.random(in: 1...5, using: &random))
      }
    }
    return keys
  }

  static func keys(_ sequence: String) -> [Key] { (try? Key.sequence(sequence)) ?? [] }
}

/// A key sequence as `--keys` tokens: `"12+3="`.
func tokens(_ keys: some Sequence<Key>) -> String { keys.map(\.token).joined() }
