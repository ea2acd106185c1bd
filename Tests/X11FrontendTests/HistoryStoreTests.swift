import CalculatorCore
import Foundation
import TestSupport
import Testing

@testable import CalculatorFiles

#if canImport(Glibc)
  import Glibc
#endif

/// The history file (docs/SPEC.md section 8.3). Atomic, mode 0600, merged between windows under a
/// lock (each window's changes kept: calculations, edits, removals), and a file that is not a
/// history is never written over.
@Suite struct HistoryStoreTests {
  /// A fresh state folder (not created yet) and a store in it; the folder goes with `cleanup`.
  final class Folder {
    let root = TestSupport.temporaryPath("history-store")
    var path: String { root + "/state/circlecalc" }
    var store: HistoryStore { HistoryStore(directory: StateDirectory(path: path)) }
    var file: String { path + "/history" }
    deinit { try? FileManager.default.removeItem(atPath: root) }

    func text(_ name: String = "history") -> String? {
      try? String(contentsOfFile: path + "/" + name, encoding: .utf8)
    }

    func write(_ text: String) throws {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
      try text.write(toFile: file, atomically: false, encoding: .utf8)
    }
  }

  static func calculation(_ first: Int) -> Calculation {
    Calculation(rows: ["\(first)", "+ 1"], result: "\(first + 1)")
  }

  /// The calculations' lines, as `--history` prints them.
  static func lines(_ tape: HistoryTape?) -> [String] { tape?.calculations.map(\.line) ?? [] }

  static func lines(_ calculations: [Calculation]) -> [String] { calculations.map(\.line) }

  /// The file's calculations as lines.
  static func lines(in folder: Folder) -> [String] {
    lines(try? HistoryTape(fileBytes: Array((folder.text() ?? "").utf8)))
  }

  /// Saves one more calculation as a window does: finished at `stamp` (the window's clock),
  /// on the tape shown, then the tape saved.
  static func add(
    _ calculation: Calculation, at stamp: UInt64 = 0, to tape: inout HistoryTape,
    in store: inout HistoryStore
  ) {
    tape.append(calculation, at: stamp)
    if let saved = store.save(tape) { tape = saved }
  }

  @Test func savesAtomicallyWithMode0600AndLoadsBack() throws {
    let folder = Folder()
    var store = folder.store
    var tape = store.load()
    #expect(tape.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: folder.root + "/state"))  // read only
    Self.add(
      Calculation(rows: ["1,200", "× 1.08", "+ 49.9"], result: "1,345.9"), to: &tape, in: &store)
    Self.add(Calculation(rows: ["5", "÷ 0"], result: "NaN"), to: &tape, in: &store)
    #expect(
      folder.text()
        == "circlecalc history 3\n1\tleft\t1,200\t× 1.08\t+ 49.9\t= 1,345.9\n"
        + "2\tleft\t5\t÷ 0\t= NaN\n")
    var info = stat()
    #expect(stat(folder.file, &info) == 0)
    #expect(info.st_mode & 0o777 == 0o600)
    #expect(stat(folder.path, &info) == 0 && info.st_mode & 0o777 == 0o700)
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(names == ["history", "history.lock"])  // no temporary file left
    var again = folder.store
    #expect(again.load() == tape)
  }

  @Test func twoWindowsMergeTheirCalculationsAndAClearClearsBoth() throws {
    let folder = Folder()
    var first = folder.store
    var second = folder.store
    var firstTape = first.load()
    var secondTape = second.load()
    Self.add(Self.calculation(1), at: 10, to: &firstTape, in: &first)
    Self.add(Self.calculation(100), at: 20, to: &secondTape, in: &second)
    #expect(Self.lines(secondTape) == Self.lines([Self.calculation(1), Self.calculation(100)]))
    Self.add(Self.calculation(2), at: 30, to: &firstTape, in: &first)
    let all = Self.lines([Self.calculation(1), Self.calculation(100), Self.calculation(2)])
    #expect(Self.lines(firstTape) == all)
    #expect(Self.lines(in: folder) == all)
    // The second window sees the first's newest when it scrolls, its own unsaved kept.
    var pending = secondTape
    pending.append(Self.calculation(7), at: 40)
    #expect(Self.lines(second.reloadIfChanged(pending)) == all + ["7 + 1 = 8"])
    #expect(second.reloadIfChanged(pending) == nil)  // nothing new since
    // Clear History in the first window: what it had seen goes; the second window's
    // calculation saved since the clear, and those it had not saved, stay.
    firstTape.removeAll()
    #expect(first.save(firstTape) == HistoryTape())
    #expect(folder.text() == "circlecalc history 3\n")
    Self.add(Self.calculation(101), at: 50, to: &pending, in: &second)
    #expect(Self.lines(pending) == ["7 + 1 = 8", "101 + 1 = 102"])
  }

  /// An edit in one window and a calculation in the other: both are in the file, and an undo
  /// in the first (its tape as before) takes back only its own change.
  @Test func editsAndUndosMergeWithTheOtherWindowsCalculations() throws {
    let folder = Folder()
    var first = folder.store
    var second = folder.store
    var firstTape = first.load()
    Self.add(Self.calculation(1), at: 10, to: &firstTape, in: &first)
    var secondTape = second.load()
    #expect(Self.lines(secondTape) == ["1 + 1 = 2"])
    Self.add(Self.calculation(2), at: 20, to: &secondTape, in: &second)
    var before = firstTape
    let edited = {
      var tape = firstTape
      tape.edit(row: 0, of: tape.calculations[0].id, to: .success(RealNumber(5)))
      return tape
    }()
    let saved = first.save(edited)
    firstTape = try #require(saved)
    #expect(Self.lines(firstTape) == ["5 + 1 = 6", "2 + 1 = 3"])
    #expect(Self.lines(in: folder) == ["5 + 1 = 6", "2 + 1 = 3"])
    // The state undo keeps gets the second window's calculation as the window's does
    // (`WindowState.absorb`); undone, the edit alone goes.
    before = HistoryTape.merged(base: edited, mine: before, theirs: firstTape)
    let undone = first.save(before)
    #expect(undone != nil)
    #expect(Self.lines(in: folder) == ["1 + 1 = 2", "2 + 1 = 3"])
  }

  @Test func aBusyLockKeepsTheChangesForLater() throws {
    let folder = Folder()
    var store = folder.store
    var tape = store.load()
    Self.add(Self.calculation(1), to: &tape, in: &store)
    let lock = open(folder.path + "/history.lock", O_RDWR)
    #expect(flock(lock, LOCK_EX) == 0)
    tape.append(Self.calculation(2))
    #expect(store.save(tape, patience: 0) == nil)
    #expect(folder.text() == "circlecalc history 3\n1\tleft\t1\t+ 1\t= 2\n")
    close(lock)
    #expect(store.save(tape, patience: 0) == tape)
    #expect(folder.text() == "circlecalc history 3\n1\tleft\t1\t+ 1\t= 2\n2\tleft\t2\t+ 1\t= 3\n")
  }

  /// Two writers at once, 150 saves each with no pause: the file is always a history and ends
  /// holding all 300 calculations, each writer's in its order.
  @Test func twoWritersAtOnceNeverCorruptTheFile() throws {
    let folder = Folder()
    let path = folder.path
    let failures = Failures()
    DispatchQueue.concurrentPerform(iterations: 3) { writer in
      var store = HistoryStore(directory: StateDirectory(path: path))
      if writer == 2 {  // a reader, as a third window scrolling
        for _ in 0..<300 {
          if case .failure(let failure) = store.read(lockedBy: -1) {
            failures.add(failure.sentence(about: path))
          }
        }
        return
      }
      var tape = store.load()
      for index in 0..<150 {
        let calculation = Self.calculation(writer * 1_000 + index)
        // Each writer's clock: identities 1,000 apart, never the other's.
        tape.append(calculation, at: UInt64(index * 2 + writer) * 1_000)
        // A lock busy for a second: try again, as the window does at its next save.
        var saved: HistoryTape?
        while saved == nil {
          saved = store.save(tape, patience: 1_000)
          if saved == nil { failures.add("writer \(writer) waited a second for the lock") }
        }
        tape = saved ?? tape
      }
    }
    #expect(failures.all.isEmpty)
    let saved = try HistoryTape(fileBytes: Array((folder.text() ?? "").utf8)).calculations
    #expect(saved.count == 300)
    for writer in 0..<2 {
      let own = saved.compactMap { Int($0.rows[0]) }.filter { $0 / 1_000 == writer }
      #expect(own == (0..<150).map { writer * 1_000 + $0 })
    }
  }

  /// Messages from other threads, read on the test's.
  final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []
    func add(_ message: String) { lock.withLock { messages.append(message) } }
    var all: [String] { lock.withLock { messages } }
  }

  enum BadFile: String, CaseIterable, Sendable {
    case corrupt, longLine, huge, unreadable, folder, fifo

    /// Puts the bad thing where the file goes.
    func make(in folder: Folder) throws {
      try FileManager.default.createDirectory(
        atPath: folder.path, withIntermediateDirectories: true)
      switch self {
      case .corrupt: try folder.write("circlecalc history 2\n1\t1\t+ 1\t= 2\nrm -rf /\n")
      case .longLine:  // a line of 1 MB
        try folder.write(
          "circlecalc history 3\n1\tleft\t" + String(repeating: "1", count: 1_000_000) + "\t= 1\n")
      case .huge:  // 200 MB of nothing (sparse): never read
        let descriptor = open(folder.file, O_WRONLY | O_CREAT, 0o600)
        ftruncate(descriptor, 200_000_000)
        close(descriptor)
      case .unreadable:  // a link to itself: open fails with ELOOP (root reads any mode)
        symlink("history", folder.file)
      case .folder:
        try FileManager.default.createDirectory(
          atPath: folder.file + "/keep", withIntermediateDirectories: true)
      case .fifo: mkfifo(folder.file, 0o600)
      }
    }

    /// Whether a new history can be saved: a regular file (or link) is moved aside first.
    var isMovedAside: Bool { self != .folder && self != .fifo }
  }

  @Test(arguments: BadFile.allCases)
  func aBadFileIsNeverWrittenOver(bad: BadFile) throws {
    let folder = Folder()
    try bad.make(in: folder)
    var before = stat()
    lstat(folder.file, &before)
    var store = folder.store
    var tape = store.load()
    #expect(tape.isEmpty)
    Self.add(Self.calculation(1), to: &tape, in: &store)
    #expect(Self.lines(tape) == ["1 + 1 = 2"])
    var aside = stat()
    var now = stat()
    if bad.isMovedAside {
      // The very same file, moved: its inode and size kept.
      #expect(lstat(folder.file + ".bad", &aside) == 0)
      #expect(aside.st_ino == before.st_ino && aside.st_size == before.st_size)
      #expect(folder.text() == "circlecalc history 3\n1\tleft\t1\t+ 1\t= 2\n")
      #expect(store.canSave)
    } else {
      #expect(lstat(folder.file + ".bad", &aside) != 0)
      #expect(lstat(folder.file, &now) == 0 && now.st_ino == before.st_ino)
      #expect(!store.canSave)
    }
    if bad == .folder {
      #expect(FileManager.default.fileExists(atPath: folder.file + "/keep"))
    }
  }

  @Test func aFileDamagedWhileTheWindowRunsIsMovedAsideAtTheNextSave() throws {
    let folder = Folder()
    var store = folder.store
    var tape = store.load()
    Self.add(Self.calculation(1), to: &tape, in: &store)
    try "not a history".write(toFile: folder.file, atomically: false, encoding: .utf8)
    Self.add(Self.calculation(2), to: &tape, in: &store)
    #expect(folder.text("history.bad") == "not a history")
    #expect(folder.text() == "circlecalc history 3\n1\tleft\t1\t+ 1\t= 2\n2\tleft\t2\t+ 1\t= 3\n")
  }

  /// The file's inode: an append keeps it, a rewrite (a new file renamed over) changes it.
  static func inode(_ folder: Folder) -> UInt {
    var info = stat()
    return stat(folder.file, &info) == 0 ? UInt(info.st_ino) : 0
  }

  /// docs/SPEC.md section 8.3: a calculation finished is appended (the same file, grown by its
  /// line); an edit, an undo and Clear History replace the file; a calculation after a clear is
  /// appended to the empty tape's file, header kept once.
  @Test func aCalculationIsAppendedAndAnyOtherChangeRewritesTheFile() throws {
    let folder = Folder()
    var store = folder.store
    var tape = store.load()
    Self.add(Self.calculation(1), to: &tape, in: &store)
    let first = Self.inode(folder)
    Self.add(Self.calculation(2), to: &tape, in: &store)
    Self.add(Self.calculation(3), to: &tape, in: &store)
    #expect(Self.inode(folder) == first)
    #expect(Self.lines(in: folder) == ["1 + 1 = 2", "2 + 1 = 3", "3 + 1 = 4"])
    let before = tape
    tape.edit(row: 0, of: CalculationID(rawValue: 2), to: .success(RealNumber(5)))
    var saved = store.save(tape)
    tape = try #require(saved)
    let edited = Self.inode(folder)
    #expect(edited != first)
    #expect(Self.lines(in: folder) == ["1 + 1 = 2", "5 + 1 = 6", "3 + 1 = 4"])
    saved = store.save(before)  // the undo
    tape = try #require(saved)
    #expect(Self.inode(folder) != edited)
    #expect(Self.lines(in: folder) == ["1 + 1 = 2", "2 + 1 = 3", "3 + 1 = 4"])
    tape.removeAll()  // Clear History
    saved = store.save(tape)
    tape = try #require(saved)
    #expect(folder.text() == "circlecalc history 3\n")
    let cleared = Self.inode(folder)
    Self.add(Self.calculation(7), to: &tape, in: &store)
    #expect(Self.inode(folder) == cleared)
    #expect(folder.text() == "circlecalc history 3\n1\tleft\t7\t+ 1\t= 8\n")
  }

  /// A file of an earlier version, or one whose last line was cut short (dropped when read),
  /// is rewritten whole at the next save; appends follow.
  @Test(arguments: [
    "circlecalc history 2\n5\t1\t+ 1\t= 2\n", "circlecalc history 3\n5\tleft\t1\t+ 1\t= 2\n6\tle",
  ])
  func anOlderOrCutFileIsRewrittenAtTheNextSave(text: String) throws {
    let folder = Folder()
    try folder.write(text)
    let original = Self.inode(folder)
    var store = folder.store
    var tape = store.load()
    #expect(Self.lines(tape) == ["1 + 1 = 2"])
    Self.add(Self.calculation(2), to: &tape, in: &store)
    let rewritten = Self.inode(folder)
    #expect(rewritten != original)
    #expect(folder.text() == "circlecalc history 3\n5\tleft\t1\t+ 1\t= 2\n6\tleft\t2\t+ 1\t= 3\n")
    Self.add(Self.calculation(3), to: &tape, in: &store)
    #expect(Self.inode(folder) == rewritten)
  }

  /// Another window's appends are read as the lines it appended, and this window's newer
  /// calculation appended after them; one older than the other's newest (the other finished a
  /// calculation meanwhile) makes the file rewritten in identity order.
  @Test func twoWindowsAppendAfterEachOtherAndRewriteOnlyWhenTheirOrderCrosses() throws {
    let folder = Folder()
    var first = folder.store
    var second = folder.store
    var firstTape = first.load()
    var secondTape = second.load()
    Self.add(Self.calculation(1), at: 10, to: &firstTape, in: &first)
    let file = Self.inode(folder)
    Self.add(Self.calculation(2), at: 20, to: &secondTape, in: &second)
    Self.add(Self.calculation(3), at: 30, to: &firstTape, in: &first)
    #expect(Self.inode(folder) == file)
    #expect(Self.lines(firstTape) == ["1 + 1 = 2", "2 + 1 = 3", "3 + 1 = 4"])
    #expect(Self.lines(in: folder) == Self.lines(firstTape))
    // The second window finished one at 25, before the first's 30 was saved: rewritten.
    Self.add(Self.calculation(4), at: 25, to: &secondTape, in: &second)
    #expect(Self.inode(folder) != file)
    #expect(Self.lines(in: folder) == ["1 + 1 = 2", "2 + 1 = 3", "4 + 1 = 5", "3 + 1 = 4"])
    #expect(Self.lines(secondTape) == Self.lines(in: folder))
  }

  /// A temporary file a crash left (`history.PID.tmp`) goes at the next rewrite; the window
  /// size's and other files stay.
  @Test func aRewriteRemovesTheTemporaryFilesACrashLeft() throws {
    let folder = Folder()
    try folder.write("circlecalc history 2\n")
    for name in ["history.123.tmp", "history.9.tmp", "window-size.5.tmp", "history.x.tmp"] {
      try "partial".write(toFile: folder.path + "/" + name, atomically: false, encoding: .utf8)
    }
    var store = folder.store
    var tape = store.load()
    Self.add(Self.calculation(1), to: &tape, in: &store)
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(names == ["history", "history.lock", "history.x.tmp", "window-size.5.tmp"])
  }
}
