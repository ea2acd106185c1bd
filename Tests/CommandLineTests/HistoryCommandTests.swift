import Foundation
import TestSupport
import Testing

/// The tape on the command line (docs/SPEC.md sections 4.1 and 8.4): `circlecalc --history` prints
/// the saved tape; headless runs never read or write it.
@Suite("circlecalc --history")
struct HistoryCommandTests {
  /// A state folder of its own, removed afterwards, and the environment that points at it.
  final class State {
    let root = TestSupport.temporaryPath("history-command")
    var folder: String { root + "/circlecalc" }
    var file: String { folder + "/history" }
    var environment: [String: String] {
      var environment = ProcessInfo.processInfo.environment
      environment["XDG_STATE_HOME"] = root
      environment["DISPLAY"] = nil
      return environment
    }
    init(history: String? = nil) throws {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      if let history { try history.write(toFile: file, atomically: false, encoding: .utf8) }
    }
    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// Every file under the folder with its contents.
    var files: [String: String] {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
      return Dictionary(
        uniqueKeysWithValues: names.map {
          ($0, (try? String(contentsOfFile: folder + "/" + $0, encoding: .utf8)) ?? "?")
        })
    }
  }

  static let saved = """
    circlecalc history 1
    1,200\t× 1.08\t+ 49.9\t= 1,345.9
    2\t× (3\t+ 4)\t= 14
    5\t÷ 0\t= NaN

    """

  @Test func printsOneCalculationPerLineOldestFirst() throws {
    let state = try State(history: Self.saved)
    let run = try TestSupport.circlecalc(["--history"], environment: state.environment)
    #expect(run.status == 0)
    #expect(run.stdout == "1,200 × 1.08 + 49.9 = 1,345.9\n2 × (3 + 4) = 14\n5 ÷ 0 = NaN\n")
    #expect(run.stderr.isEmpty)
  }

  @Test func readsUnderHOMEWithoutXDGStateHome() throws {
    let state = try State()
    let home = state.root + "/home"
    try FileManager.default.createDirectory(
      atPath: home + "/.local/state/circlecalc", withIntermediateDirectories: true)
    try "circlecalc history 1\n1\t+ 1\t= 2\n".write(
      toFile: home + "/.local/state/circlecalc/history", atomically: false, encoding: .utf8)
    var environment = state.environment
    environment["XDG_STATE_HOME"] = "relative/ignored"  // not absolute: the XDG spec ignores it
    environment["HOME"] = home
    let run = try TestSupport.circlecalc(["--history"], environment: environment)
    #expect(run.status == 0 && run.stdout == "1 + 1 = 2\n")
  }

  @Test(arguments: [nil, "", "circlecalc history 1\n"])
  func aMissingOrEmptyTapePrintsNothing(history: String?) throws {
    let state = try State(history: history)
    let run = try TestSupport.circlecalc(["--history"], environment: state.environment)
    #expect(run.status == 0)
    #expect(run.stdout.isEmpty && run.stderr.isEmpty)
  }

  @Test(arguments: [
    "circlecalc history 1\n1\t+ 1\t= 2\nx\n", "circlecalc history 1\n1 + 1 = 2\n", "PNG\u{1}",
  ])
  func aCorruptTapeIsOneLineOnStderrAndStatus1(history: String) throws {
    let state = try State(history: history)
    let run = try TestSupport.circlecalc(["--history"], environment: state.environment)
    #expect(run.status == 1)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr.hasPrefix("circlecalc: the history file \(state.file) "), "\(run.stderr)")
    #expect(run.stderr.filter { $0 == "\n" }.count == 1)
    #expect(state.files == ["history": history])  // only read: not moved aside
  }

  @Test func aFolderInItsPlaceIsStatus1() throws {
    let state = try State()
    try FileManager.default.createDirectory(atPath: state.file, withIntermediateDirectories: true)
    let run = try TestSupport.circlecalc(["--history"], environment: state.environment)
    #expect(run.status == 1)
    #expect(
      run.stderr == "circlecalc: the history file \(state.file) is a folder, not a regular file\n")
  }

  @Test(arguments: [["--history", "--keys", "1"], ["--print", "--history"], ["--history", "-x"]])
  func withAnythingElseItIsABadCommandLine(arguments: [String]) throws {
    let state = try State(history: Self.saved)
    let run = try TestSupport.circlecalc(arguments, environment: state.environment)
    #expect(run.status == 2)
    #expect(run.stdout.isEmpty && run.stderr.filter { $0 == "\n" }.count == 1)
  }

  /// `--keys` runs without a window give the same answer on every machine: the history is not
  /// read (a corrupt one says nothing), not written (no file appears), not moved aside.
  @Test(arguments: [["--print"], ["--state"], ["--render", "RENDER"]])
  func headlessRunsNeverReadOrWriteIt(output: [String]) throws {
    for history in [nil, "not a history\n"] {
      let state = try State(history: history)
      let arguments =
        ["--keys", "1200*1.08+49.9=2+3="]
        + output.map { $0 == "RENDER" ? state.root + "/r.png" : $0 }
      let run = try TestSupport.circlecalc(arguments, environment: state.environment)
      #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
      #expect(state.files == (history.map { ["history": $0] } ?? [:]))
    }
  }
}
