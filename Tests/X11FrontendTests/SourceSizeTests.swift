import Foundation
import Testing

/// The window's measures (ARCHITECTURE.md, "The window"): the logic in small files, the shell
/// thin.
@Suite struct SourceSizeTests {
  /// Each Swift file of `folder` (from the repository's root) and its number of lines.
  static func lineCounts(_ folder: String) throws -> [String: Int] {
    let path = DocumentationTests.root + "/" + folder
    var counts: [String: Int] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: path)
    where name.hasSuffix(".swift") {
      let text = try String(contentsOfFile: path + "/" + name, encoding: .utf8)
      counts[name] =
        text.split(separator: "\n", omittingEmptySubsequences: false).count
        - (text.hasSuffix("\n") ? 1 : 0)
    }
    return counts
  }

  @Test func noFileOfTheWindowsLogicIsOver300Lines() throws {
    let counts = try Self.lineCounts("Sources/CalculatorWindow")
    #expect(counts.count > 10)
    for (name, count) in counts.sorted(by: { $0.key < $1.key }) {
      #expect(count <= 300, "\(name): \(count) lines")
    }
  }

  @Test func theShellIsUnder2500Lines() throws {
    let total = try Self.lineCounts("Sources/X11Frontend").values.reduce(0, +)
    #expect(total > 1_000)
    #expect(total < 2_500, "X11Frontend: \(total) lines")
  }
}
