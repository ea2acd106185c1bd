import CalculatorCore
import Glibc

/// The history tape kept between runs: the file `history` in the state folder (format:
/// HistoryTape+File.swift), mode 0600 (docs/SPEC.md sections 8.3 and 15.2).
///
/// A calculation finished is appended: its line is written at the end of the file and flushed
/// to disk, whatever the tape's length. Any other change (an edit, an undo, Clear History, the
/// oldest dropped, a file of an older version or with a line cut short) replaces the file
/// whole and atomically. Either way a crash leaves a file that reads with every calculation
/// saved before it.
///
/// Two windows share it by merging: a save takes `history.lock` (flock), reads what another
/// window changed since (only the lines it appended when that is all it did, else the whole
/// file), brings the window's tape and the file together calculation by calculation
/// (`HistoryTape.merged`: this window's changes since it last read or wrote the file, and
/// everything else as the file has it) and writes the result, so no window's calculations,
/// edits or removals are lost. A file that cannot be read as a history is never written over:
/// a regular file is first moved aside to `history.bad`; a folder or another kind of file in
/// its place stops saving for the session. Each of these says so in one line on stderr.
public struct HistoryStore {
  /// Why the file could not be read as a tape.
  enum Failure: Error, Equatable {
    /// `open` or `read` failed with this `errno`.
    case unreadable(Int32)
    /// Something else than a regular file is there: `"a folder"`.
    case notAFile(String)
    /// The text is not a history.
    case notATape(HistoryFileError)

    /// What is wrong, in the user's language, as one sentence about the file at `path`.
    func sentence(about path: String) -> String {
      switch self {
      case .unreadable(let code):
        tr("the history file %s cannot be read (%s)").filling(path, String(cString: strerror(code)))
      case .notAFile(let kind):
        tr("the history file %s is %s, not a regular file").filling(path, kind)
      case .notATape(let error): error.sentence(about: path)
      }
    }
  }

  /// Where a file was, when it was last seen: changed, it was replaced, appended to or edited
  /// since.
  struct FileIdentity: Equatable {
    var device: UInt
    var inode: UInt
    var size: Int
    var modified: timespec

    static func == (lhs: FileIdentity, rhs: FileIdentity) -> Bool {
      lhs.device == rhs.device && lhs.inode == rhs.inode && lhs.size == rhs.size
        && lhs.modified.tv_sec == rhs.modified.tv_sec
        && lhs.modified.tv_nsec == rhs.modified.tv_nsec
    }

    /// The same file (not one put in its place), whatever its size.
    func isSameFile(as other: FileIdentity) -> Bool {
      device == other.device && inode == other.inode
    }
  }

  /// A file read: what it holds, and which file it was, kept open.
  struct Saved {
    var contents: HistoryFileContents
    var identity: FileIdentity?
    var file: OpenFile?
  }

  /// The folder of the file.
  let directory: StateDirectory
  /// The file as this window last read or wrote it; nil when it was missing.
  private var known: FileIdentity?
  /// That file, held open: while it is, no other file can take its inode, so a file at the
  /// path with the same inode is this one, appended to or not.
  private var knownFile: OpenFile?
  /// Whether the file is `synced.fileText` byte for byte, so lines can be appended to it.
  private var isCurrent = false
  /// The tape as this window last read or wrote it: a window's tape that differs has changes
  /// to save.
  public private(set) var synced = HistoryTape()
  /// False once the path holds something that must not be replaced.
  private(set) var canSave = true
  /// A failed save is reported once.
  private var hasReportedFailure = false

  /// The store in `directory`.
  init(directory: StateDirectory) {
    self.directory = directory
  }

  /// The store in `StateDirectory.standard`; nil when there is none.
  public static var standard: HistoryStore? { StateDirectory.standard.map(HistoryStore.init) }

  var path: String { directory.file("history") }
  var asidePath: String { path + ".bad" }

  /// The saved tape: empty when there is none; a file that is not a tape is reported in one
  /// line on stderr and moved aside (or, if it cannot be, saving stops); a last line cut short
  /// is reported and dropped.
  public mutating func load() -> HistoryTape {
    switch read(lockedBy: sharedLock()) {
    case .success(let saved):
      see(saved)
      synced = saved.contents.tape
      return saved.contents.tape
    case .failure(let failure):
      setAside(failure)
      return HistoryTape()
    }
  }

  /// Writes the window's tape, brought together with the file as other windows left it.
  ///
  /// Returns the tape now saved, which also holds what other windows saved since (show it), or
  /// nil when the lock stayed busy for `patience` milliseconds or the write failed: keep the
  /// tape and try again later. Without a usable file it saves nothing and returns `tape`.
  public mutating func save(_ tape: HistoryTape, patience: Int = 50) -> HistoryTape? {
    guard canSave else { return tape }
    directory.create()
    guard let lock = lock(patience: patience) else { return nil }
    defer { if lock >= 0 { close(lock) } }  // closing the descriptor releases the lock
    // The file as another window left it, when one changed it since (a bad one set aside:
    // as this window last saw it).
    guard let theirs = changes() else { return tape }
    let merged = HistoryTape.merged(base: synced, mine: tape, theirs: theirs)
    let code: Int32
    if isCurrent, known != nil, merged.count >= theirs.count,
      merged.calculations.commonPrefixCount(with: theirs.calculations) == theirs.count
    {
      code = merged.count == theirs.count ? 0 : append(merged, after: theirs.count)
    } else {
      code = rewrite(merged)
    }
    guard code == 0 else {
      // Read again at the next save: the file may hold anything from before to after.
      known = nil
      knownFile = nil
      isCurrent = false
      if !hasReportedFailure {
        hasReportedFailure = true
        printError(
          "circlecalc: "
            + tr("cannot save the history to %s (%s)").filling(
              path, String(cString: strerror(code))))
      }
      return nil
    }
    synced = merged
    return merged
  }

  /// The file's tape brought together with the window's `tape` (changes not yet saved kept)
  /// when another window changed the file since this one last read or wrote it; nil when
  /// nothing changed, it cannot be read, or another window is writing it.
  public mutating func reloadIfChanged(_ tape: HistoryTape) -> HistoryTape? {
    guard canSave, identity() != known, let lock = lock(patience: 0) else { return nil }
    defer { if lock >= 0 { close(lock) } }
    let theirs: HistoryTape
    if let appended = readAppended() {
      theirs = appended
    } else if case .success(let saved) = read(lockedBy: -1) {
      see(saved, quietly: true)
      theirs = saved.contents.tape
    } else {
      return nil
    }
    let merged = HistoryTape.merged(base: synced, mine: tape, theirs: theirs)
    synced = theirs
    return merged
  }

  /// Under the lock: the file's tape as other windows left it; nil when its path holds
  /// something that cannot be replaced (saving stops).
  private mutating func changes() -> HistoryTape? {
    guard identity() != known else { return synced }
    if let appended = readAppended() { return appended }
    switch read(lockedBy: -1) {
    case .success(let saved):
      see(saved)
      return saved.contents.tape
    case .failure(let failure):
      setAside(failure)
      return canSave ? synced : nil
    }
  }

  /// Takes a file read as the one this window last saw (its tape is not `synced` until merged
  /// and written, or shown).
  private mutating func see(_ saved: Saved, quietly: Bool = false) {
    known = saved.identity
    knownFile = saved.file
    isCurrent = saved.contents.isCurrent
    if saved.contents.droppedPartialLine && !quietly {
      printError("circlecalc: " + HistoryStore.cutShort(path))
    }
  }

  /// Appends the lines of `tape`'s calculations from `position` on and flushes them to disk;
  /// 0, or the `errno` of the step that failed (the file is then cut back to what it held).
  private mutating func append(_ tape: HistoryTape, after position: Int) -> Int32 {
    guard let known, knownFile != nil else { return rewrite(tape) }
    let descriptor = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
    guard descriptor >= 0 else { return errno }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, FileIdentity(info) == known else {
      return rewrite(tape)  // not the file last seen after all
    }
    var failure: Int32 = 0
    tape.writeLines(from: position) { block in
      failure = StateDirectory.writeAll(block, to: descriptor)
      return failure == 0
    }
    if failure == 0, fdatasync(descriptor) != 0 { failure = errno }
    if failure != 0 {
      ftruncate(descriptor, off_t(known.size))
      return failure
    }
    guard fstat(descriptor, &info) == 0 else { return errno }
    self.known = FileIdentity(info)
    return 0
  }

  /// Replaces the file with `tape` whole, atomically; 0 or the `errno` of the step that failed.
  private mutating func rewrite(_ tape: HistoryTape) -> Int32 {
    directory.removeLeftovers(of: "history")  // under the lock: no other window is writing
    let code = directory.write(to: "history", mode: 0o600) { write in tape.writeFile(write) }
    guard code == 0 else { return code }
    let file = OpenFile.open(path)
    known = file.flatMap(\.identity)
    knownFile = file
    isCurrent = true
    return 0
  }

  /// The tape last seen with the lines other windows appended since, when that is all that
  /// changed (the same file, grown, its new lines calculations newer than the last seen); nil
  /// otherwise.
  private mutating func readAppended() -> HistoryTape? {
    guard isCurrent, let known, let knownFile, let now = identity(), now.isSameFile(as: known),
      now.size > known.size, now.size <= HistoryTape.maximumFileSize
    else { return nil }
    // From the newline that ended the last line seen.
    var bytes = [UInt8](repeating: 0, count: now.size - known.size + 1)
    let got = bytes.withUnsafeMutableBytes { buffer in
      pread(knownFile.descriptor, buffer.baseAddress, buffer.count, off_t(known.size - 1))
    }
    guard got == bytes.count, bytes.first == UInt8(ascii: "\n") else { return nil }
    var reader = HistoryFileReader(continuing: synced)
    do {
      try bytes.withUnsafeBufferPointer { buffer throws(HistoryFileError) in
        try reader.read(UnsafeBufferPointer(rebasing: buffer.dropFirst()))
      }
      let contents = try reader.finish()
      guard contents.isCurrent else { return nil }
      self.known = now  // read under the lock: nothing was written meanwhile
      return contents.tape
    } catch {
      return nil
    }
  }

  /// Reads the file, a block at a time: an empty tape when it is missing.
  ///
  /// `lock` is the descriptor of the lock held meanwhile (closed here), or -1.
  func read(lockedBy lock: Int32) -> Result<Saved, Failure> {
    defer { if lock >= 0 { close(lock) } }
    // O_NONBLOCK: a FIFO put in its place must not hang the window.
    guard let file = OpenFile.open(path, nonBlocking: true) else {
      return errno == ENOENT
        ? .success(Saved(contents: .missing, identity: nil, file: nil))
        : .failure(.unreadable(errno))
    }
    guard let info = file.info else { return .failure(.unreadable(errno)) }
    switch info.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: return .failure(.notAFile(tr("a folder")))
    default: return .failure(.notAFile(tr("a special file")))
    }
    guard info.st_size <= HistoryTape.maximumFileSize else {
      return .failure(.notATape(.tooLarge(bytes: Int(info.st_size))))
    }
    var reader = HistoryFileReader()
    var block = [UInt8](repeating: 0, count: 1 << 20)
    do {
      while true {
        let got = block.withUnsafeMutableBytes { buffer in
          Glibc.read(file.descriptor, buffer.baseAddress, buffer.count)
        }
        if got < 0 && errno == EINTR { continue }
        guard got >= 0 else { return .failure(.unreadable(errno)) }
        if got == 0 { break }
        try block.withUnsafeBufferPointer { buffer throws(HistoryFileError) in
          try reader.read(UnsafeBufferPointer(rebasing: buffer[..<got]))
        }
      }
      let contents = try reader.finish()
      return .success(Saved(contents: contents, identity: FileIdentity(info), file: file))
    } catch {
      return .failure(.notATape(error))
    }
  }

  /// Reports a file that cannot be read as a tape, and moves a regular one aside to
  /// `history.bad` so a new tape can be saved without losing it; anything else, or a move that
  /// fails, stops saving for the session.
  private mutating func setAside(_ failure: Failure) {
    let problem = "circlecalc: " + failure.sentence(about: path)
    known = nil
    knownFile = nil
    isCurrent = false
    if case .notAFile = failure {
      canSave = false
      printError(problem + "; " + tr("this window's history is not saved"))
    } else if rename(path, asidePath) == 0 {
      printError(problem + "; " + tr("kept it as history.bad and started a new history"))
    } else {
      let reason = String(cString: strerror(errno))
      canSave = false
      printError(
        problem + "; "
          + tr("could not move it aside (%s), so this window's history is not saved").filling(
            reason))
    }
  }

  /// The line saying the file at `path` ended inside a line, which was dropped.
  static func cutShort(_ path: String) -> String {
    tr("the history file %s ends in the middle of a line (cut short); that line was dropped")
      .filling(path)
  }

  /// The file's identity now; nil when it is missing.
  private func identity() -> FileIdentity? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return FileIdentity(info)
  }

  /// Takes `history.lock`, trying for about `patience` milliseconds: its descriptor, -1 when
  /// the lock file cannot be opened (the write will say why), nil when another window holds it.
  private func lock(patience: Int) -> Int32? {
    let descriptor = open(directory.file("history.lock"), O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return -1 }
    for attempt in 0...max(patience, 0) {
      if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return descriptor }
      if attempt < patience { usleep(1_000) }
    }
    close(descriptor)
    return nil
  }

  /// A reader's share of `history.lock`: its descriptor, or -1.
  ///
  /// Taken when the lock file exists, so that no line is read while a window appends it (for
  /// at most a second); it creates nothing.
  func sharedLock() -> Int32 {
    let descriptor = open(directory.file("history.lock"), O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return -1 }
    for attempt in 0...1_000 {
      if flock(descriptor, LOCK_SH | LOCK_NB) == 0 { break }
      if attempt < 1_000 { usleep(1_000) }
    }
    return descriptor
  }
}

extension HistoryStore.FileIdentity {
  init(_ info: stat) {
    self.init(
      device: UInt(info.st_dev), inode: UInt(info.st_ino), size: Int(info.st_size),
      modified: info.st_mtim)
  }
}

/// A file held open for reading, closed when the last copy goes.
final class OpenFile {
  let descriptor: Int32

  private init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// Opens `path` for reading; nil (with `errno`) when it cannot be.
  static func open(_ path: String, nonBlocking: Bool = false) -> OpenFile? {
    let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC | (nonBlocking ? O_NONBLOCK : 0))
    return descriptor >= 0 ? OpenFile(descriptor: descriptor) : nil
  }

  deinit { close(descriptor) }

  /// What `fstat` says of it; nil (with `errno`) when it fails.
  var info: stat? {
    var info = stat()
    return fstat(descriptor, &info) == 0 ? info : nil
  }

  var identity: HistoryStore.FileIdentity? { info.map(HistoryStore.FileIdentity.init) }
}

/// `circlecalc --history [--format FORMAT]`: prints the saved tape and returns the exit status
/// (docs/SPEC.md section 8.4).
///
/// Oldest first, in `format`: text (`1,200 × 1.08 + 49.9 = 1,345.9` a line), csv or json, each
/// calculation's time on the local clock; text writes the numbers in `numbers`' form
/// (docs/SPEC.md section 13.3). A missing or empty tape prints nothing in text,
/// status 0; a file that is not a history: one line on stderr, status 1; a last line cut short
/// is dropped, with one line on stderr. It only reads.
public func printSavedHistory(
  format: HistoryFormat = .text, numbers: NumberLocale = .c
) -> Int32 {
  guard let store = HistoryStore.standard else { return 0 }
  switch store.read(lockedBy: store.sharedLock()) {
  case .success(let saved):
    if saved.contents.droppedPartialLine {
      printError("circlecalc: " + HistoryStore.cutShort(store.path))
    }
    saved.contents.tape.export(as: format, numbers: numbers, localTime: LocalClock.time(of:)) {
      text in
      var text = text
      text.withUTF8 { bytes in _ = StateDirectory.writeAll(bytes, to: STDOUT_FILENO) }
    }
    return 0
  case .failure(let failure):
    printError("circlecalc: " + failure.sentence(about: store.path))
    return 1
  }
}
