/// Everything in the window that ends at a time: the one owner of every deadline.
///
/// The paste's wait for the selection owner and the display's two cues each have a duration
/// here; `start` sets a deadline, `cancel` and `expire` clear it, and the event loop sleeps
/// until `nearest`. Pure: the caller passes the time, so tests need no clock.
struct Deadlines: Equatable, Sendable {
  typealias Instant = ContinuousClock.Instant

  /// What waits for a deadline.
  enum Kind: Hashable, Sendable {
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
      case .copiedCue: .milliseconds(200)  // issue 9: "about 0.2 s"
      }
    }
  }

  private var ends: [Kind: Instant] = [:]

  /// Starts `kind` at `now`, or restarts it with its full duration.
  mutating func start(_ kind: Kind, at now: Instant) {
    ends[kind] = now + kind.duration
  }

  /// Ends `kind` early; nothing when it is not running.
  mutating func cancel(_ kind: Kind) {
    ends[kind] = nil
  }

  /// Whether `kind` has started and not ended.
  func isRunning(_ kind: Kind) -> Bool { ends[kind] != nil }

  /// When `kind` ends, or nil when it is not running.
  func end(of kind: Kind) -> Instant? { ends[kind] }

  /// The first deadline to come, or nil when nothing is waiting.
  var nearest: Instant? { ends.values.min() }

  /// Ends everything due at `now`.
  mutating func expire(at now: Instant) {
    ends = ends.filter { $0.value > now }
  }
}
