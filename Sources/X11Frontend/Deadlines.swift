import Glibc

/// Everything in the window that ends at a time: the one owner of every deadline.
///
/// The paste's wait for the selection owner and the display's two cues each have a duration
/// here; `start` sets a deadline, `cancel` and `expire` clear it, and the event loop sleeps
/// until `nearest`. Pure: the caller passes the time, so tests need no clock.
struct Deadlines: Equatable, Sendable {
  /// What waits for a deadline.
  enum Kind: Int, CaseIterable, Sendable {
    /// A paste waiting for the selection owner's answer.
    case pasteReply
    /// The display red after a refused paste or copy.
    case refusedCue
    /// The display dimmed after a copy.
    case copiedCue

    /// How long it lasts.
    var duration: Duration {
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
  var nearest: Instant? { ends.compactMap { $0 }.min() }

  /// Ends everything due at `now`.
  mutating func expire(at now: Instant) {
    ends = ends.map { end in end.flatMap { $0 > now ? $0 : nil } }
  }
}

/// A moment of the monotonic clock (`CLOCK_MONOTONIC`), in nanoseconds: when an event came and
/// when a deadline ends.
///
/// The window's own type, not `ContinuousClock.Instant`: the standard library hides that one's
/// layout, so a value holding it (the window's state, every action) was copied and compared
/// only through the runtime's type metadata, on every key: without it, 24% fewer perf samples
/// in the event handling and key → first damage 0.41 ms instead of 0.43–0.46 at 360 × 640
/// (README, Performance).
struct Instant: Comparable, Sendable {
  /// Nanoseconds since an arbitrary start (the machine's boot).
  var nanoseconds: Int64

  /// The clock's time now.
  static var now: Instant {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Instant(nanoseconds: Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec))
  }

  static func < (earlier: Instant, later: Instant) -> Bool {
    earlier.nanoseconds < later.nanoseconds
  }

  static func + (instant: Instant, duration: Duration) -> Instant {
    let (seconds, attoseconds) = duration.components
    return Instant(
      nanoseconds: instant.nanoseconds + seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
  }

  static func - (later: Instant, earlier: Instant) -> Duration {
    .nanoseconds(later.nanoseconds - earlier.nanoseconds)
  }
}
