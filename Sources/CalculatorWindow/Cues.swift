import CalculatorCore
import CalculatorLayout

/// A moment of the monotonic clock, in nanoseconds: when an input came and when a deadline ends.
///
/// The window's own type, not `ContinuousClock.Instant`: the standard library hides that one's
/// layout, so a value holding it (the window's state, every action) was copied and compared
/// only through the runtime's type metadata, on every key. The front end reads the clock
/// (`CLOCK_MONOTONIC`); the window's logic only compares moments.
public struct Instant: Comparable, Sendable {
  /// Nanoseconds since an arbitrary start (the machine's boot).
  public var nanoseconds: Int64

  /// The moment `nanoseconds` after the clock's start.
  public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

  /// Whether `earlier` comes before `later`.
  public static func < (earlier: Instant, later: Instant) -> Bool {
    earlier.nanoseconds < later.nanoseconds
  }

  /// The moment `duration` after `instant`.
  public static func + (instant: Instant, duration: Duration) -> Instant {
    let (seconds, attoseconds) = duration.components
    return Instant(
      nanoseconds: instant.nanoseconds + seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
  }

  /// The time from `earlier` to `later`.
  public static func - (later: Instant, earlier: Instant) -> Duration {
    .nanoseconds(later.nanoseconds - earlier.nanoseconds)
  }
}

/// Everything in the window that ends at a time: the one owner of every deadline.
///
/// The paste's wait for the selection owner and the display's two cues each have a duration
/// here; `start` sets a deadline, `cancel` and `expire` clear it, and the event loop sleeps
/// until `nearest`. Pure: the caller passes the time, so tests need no clock.
public struct Deadlines: Equatable, Sendable {
  /// What waits for a deadline.
  public enum Kind: Int, CaseIterable, Sendable {
    /// A paste waiting for the selection owner's answer.
    case pasteReply
    /// The display red after a refused paste or copy.
    case refusedCue
    /// The display dimmed after a copy.
    case copiedCue

    /// How long it lasts.
    public var duration: Duration {
      switch self {
      case .pasteReply: .seconds(1)
      case .refusedCue: .milliseconds(600)
      case .copiedCue: .milliseconds(200)  // docs/SPEC.md section 3.7
      }
    }
  }

  /// Each kind's end, by its raw value: a key press ends the cues, and a dictionary's hashing
  /// cost more than the rest of the key's way to the screen.
  private var ends = [Instant?](repeating: nil, count: Kind.allCases.count)

  private subscript(kind: Kind) -> Instant? {
    get { ends[kind.rawValue] }
    set { ends[kind.rawValue] = newValue }
  }

  /// Starts `kind` at `now`, or restarts it with its full duration.
  mutating func start(_ kind: Kind, at now: Instant) {
    self[kind] = now + kind.duration
  }

  /// Ends `kind` early; nothing when it is not running.
  mutating func cancel(_ kind: Kind) {
    self[kind] = nil
  }

  /// Whether `kind` has started and not ended.
  func isRunning(_ kind: Kind) -> Bool { self[kind] != nil }

  /// When `kind` ends, or nil when it is not running.
  func end(of kind: Kind) -> Instant? { self[kind] }

  /// The first deadline to come, or nil when nothing is waiting.
  public var nearest: Instant? { ends.compactMap { $0 }.min() }

  /// Ends everything due at `now`.
  mutating func expire(at now: Instant) {
    ends = ends.map { end in end.flatMap { $0 > now ? $0 : nil } }
  }
}

/// The display's cues (docs/SPEC.md section 3.7): red for refused input, dimmed for a copy, each
/// for its time; and how many refusals there have been, each spoken once.
struct Cues: Equatable, Sendable {
  /// What a part of the window asks of the cues.
  enum Action {
    /// Shows a cue for its full time from `at`, in place of any other cue.
    case show(DisplayCue, at: Instant)
    /// The red cue for a refusal whose reason a screen reader hears (a paste: docs/SPEC.md
    /// section 12), or none.
    case refuse(reason: String?, at: Instant)
    /// Takes the cue down (any key or click).
    case end
    /// The deadlines due at `at` end.
    case expire(at: Instant)
  }

  /// The cues' ends.
  var deadlines = Deadlines()
  /// How many refusals (the red cue) there have been: each is spoken to a screen reader once.
  var refusals = 0
  /// Why the last refusal was refused, when it says (`unbalanced parenthesis`).
  var refusalReason: String?

  mutating func reduce(_ action: Action) {
    switch action {
    case .show(let cue, let now):
      reduce(.end)
      deadlines.start(cue == .refused ? .refusedCue : .copiedCue, at: now)
      if cue == .refused {
        refusals += 1
        refusalReason = nil
      }
    case .refuse(let reason, let now):
      reduce(.show(.refused, at: now))
      refusalReason = reason
    case .end:
      deadlines.cancel(.refusedCue)
      deadlines.cancel(.copiedCue)
    case .expire(let now):
      deadlines.expire(at: now)
    }
  }

  /// The cue the display shows, from the running deadlines.
  var shown: DisplayCue? {
    if deadlines.isRunning(.refusedCue) { return .refused }
    if deadlines.isRunning(.copiedCue) { return .copied }
    return nil
  }
}
