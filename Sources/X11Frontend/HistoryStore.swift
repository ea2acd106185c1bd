import CalculatorCore
import Glibc

/// The history tape kept between runs: the file `history` in the state folder (format:
/// HistoryTape+File.swift), mode 0600, always replaced whole and atomically.
///
/// Two windows share it by merging: a save takes `history.lock` (flock), reads the file again
/// if another window replaced it since, brings the window's tape and the file together
/// calculation by calculation (`HistoryTape.merged`: this window's changes since it last read
/// or wrote the file, and everything else as the file has it) and writes the result, so no
/// window's calculations, edits or removals are lost. A file that cannot be read as a history
/// is never written over: a regular file is first moved aside to `history.bad`; a folder or
/// another kind of file in its place stops saving for the session. Each of these says so in one
/// line on stderr.
struct HistoryStore {
  /// Why the file could not be read as a tape.
  enum Failure: Error, Equatable {
    /// `open` or `read` failed with this `errno`.
    case unreadable(Int32)
    /// Something else than a regular file is there: `"a folder"`.
    case notAFile(String)
    /// The text is not a history.
    case notATape(HistoryFileError)

    /// The end of a sentence starting "the history file PATH ".
    var description: String {
      switch self {
      case .unreadable(let code): "cannot be read (\(String(cString: strerror(code))))"
      case .notAFile(let kind): "is \(kind), not a regular file"
      case .notATape(let error): error.description
      }
    }
  }

  /// Where a file was, when it was last seen: changed, it was replaced (or edited) since.
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
  }

  /// The folder of the file.
  let directory: StateDirectory
  /// The file as this window last read or wrote it; nil when it was missing.
  private var known: FileIdentity?
  /// The tape as this window last read or wrote it: a window's tape that differs has changes
  /// to save.
  private(set) var synced = HistoryTape()
  /// False once the path holds something that must not be replaced.
  private(set) var canSave = true
  /// A failed save is reported once.
  private var hasReportedFailure = false

  /// The store in `directory`.
  init(directory: StateDirectory) {
    self.directory = directory
  }

  /// The store in `StateDirectory.standard`; nil when there is none.
  static var standard: HistoryStore? { StateDirectory.standard.map(HistoryStore.init) }

  var path: String { directory.file("history") }
  var asidePath: String { path + ".bad" }

  /// The saved tape: empty when there is none; a file that is not a tape is reported in one
  /// line on stderr and moved aside (or, if it cannot be, saving stops).
  mutating func load() -> HistoryTape {
    switch read() {
    case .success(let saved):
      known = saved.identity
      synced = saved.tape
      return saved.tape
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
  mutating func save(_ tape: HistoryTape, patience: Int = 50) -> HistoryTape? {
    guard canSave else { return tape }
    directory.create()
    guard let lock = lock(patience: patience) else { return nil }
    defer { if lock >= 0 { close(lock) } }  // closing the descriptor releases the lock
    // The file as another window left it, when one replaced it since (a bad one set aside:
    // as this window last saw it).
    var theirs = synced
    if identity() != known {
      switch read() {
      case .success(let file): theirs = file.tape
      case .failure(let failure):
        setAside(failure)
        guard canSave else { return tape }
      }
    }
    let merged = HistoryTape.merged(base: synced, mine: tape, theirs: theirs)
    let code = directory.write(merged.fileText, to: "history", mode: 0o600)
    guard code == 0 else {
      if !hasReportedFailure {
        hasReportedFailure = true
        printError(
          "circlecalc: cannot save the history to \(path) (\(String(cString: strerror(code))))")
      }
      return nil
    }
    known = identity()
    synced = merged
    return merged
  }

  /// The file's tape brought together with the window's `tape` (changes not yet saved kept)
  /// when another window replaced the file since this one last read or wrote it; nil when
  /// nothing changed or it cannot be read.
  mutating func reloadIfChanged(_ tape: HistoryTape) -> HistoryTape? {
    guard canSave, identity() != known, case .success(let saved) = read() else { return nil }
    known = saved.identity
    let merged = HistoryTape.merged(base: synced, mine: tape, theirs: saved.tape)
    synced = saved.tape
    return merged
  }

  /// Reads the file: an empty tape when it is missing.
  func read() -> Result<(tape: HistoryTape, identity: FileIdentity?), Failure> {
    // O_NONBLOCK: a FIFO put in its place must not hang the window.
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      return errno == ENOENT ? .success((HistoryTape(), nil)) : .failure(.unreadable(errno))
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return .failure(.unreadable(errno)) }
    switch info.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: return .failure(.notAFile("a folder"))
    default: return .failure(.notAFile("a special file"))
    }
    guard info.st_size <= HistoryTape.maximumFileSize else {
      return .failure(.notATape(.tooLarge(bytes: Int(info.st_size))))
    }
    // One byte more than fstat said: a file that grew since is still read to its end or
    // caught by the limit.
    var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
    var count = 0
    while count < bytes.count {
      let got = bytes.withUnsafeMutableBytes { buffer in
        Glibc.read(descriptor, buffer.baseAddress.map { $0 + count }, buffer.count - count)
      }
      if got < 0 && errno == EINTR { continue }
      guard got >= 0 else { return .failure(.unreadable(errno)) }
      if got == 0 { break }
      count += got
      if count == bytes.count && count <= HistoryTape.maximumFileSize {
        bytes += [UInt8](repeating: 0, count: min(count, HistoryTape.maximumFileSize + 1 - count))
      }
    }
    bytes.removeSubrange(count...)
    do {
      return .success((try HistoryTape(fileBytes: bytes), FileIdentity(info)))
    } catch {
      return .failure(.notATape(error))
    }
  }

  /// Reports a file that cannot be read as a tape, and moves a regular one aside to
  /// `history.bad` so a new tape can be saved without losing it; anything else, or a move that
  /// fails, stops saving for the session.
  private mutating func setAside(_ failure: Failure) {
    let problem = "circlecalc: the history file \(path) \(failure.description)"
    if case .notAFile = failure {
      canSave = false
      printError(problem + "; this window's history is not saved")
    } else if rename(path, asidePath) == 0 {
      known = nil
      printError(problem + "; kept it as history.bad and started a new history")
    } else {
      canSave = false
      printError(
        problem + "; could not move it aside (\(String(cString: strerror(errno))))"
          + ", so this window's history is not saved")
    }
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
}

extension HistoryStore.FileIdentity {
  init(_ info: stat) {
    self.init(
      device: UInt(info.st_dev), inode: UInt(info.st_ino), size: Int(info.st_size),
      modified: info.st_mtim)
  }
}

/// `circlecalc --history`: prints the saved tape and returns the exit status.
///
/// One calculation per line, oldest first (`1,200 × 1.08 + 49.9 = 1,345.9`). Nothing for a
/// missing or empty tape, status 0; a file that is not a history: one line on stderr, status
/// 1. It only reads.
public func printSavedHistory(numbers: NumberLocale = .c) -> Int32 {
  guard let store = HistoryStore.standard else { return 0 }
  switch store.read() {
  case .success(let saved):
    print(
      saved.tape.calculations.map { numbers.localized($0.line) + "\n" }.joined(), terminator: "")
    return 0
  case .failure(let failure):
    printError("circlecalc: the history file \(store.path) \(failure.description)")
    return 1
  }
}
