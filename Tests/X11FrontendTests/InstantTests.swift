import Glibc
import Testing

@testable import X11Frontend

/// The window's clock: nanoseconds of `CLOCK_MONOTONIC`, with the standard library's `Duration`
/// added and measured between two moments.
@Suite struct InstantTests {
  /// Durations and their nanoseconds, written out.
  static let durations: [(Duration, Int64)] = [
    (.milliseconds(600), 600_000_000),
    (.seconds(1), 1_000_000_000),
    (.milliseconds(1_250), 1_250_000_000),
    (.nanoseconds(7), 7),
    (.milliseconds(-400), -400_000_000),
    (.seconds(-1.5), -1_500_000_000),
  ]

  @Test(arguments: durations)
  func aDurationAddsItsNanoseconds(duration: Duration, nanoseconds: Int64) {
    let start = Instant(nanoseconds: 5_000_000_000)
    #expect((start + duration).nanoseconds == 5_000_000_000 + nanoseconds)
    #expect((start + duration) - start == duration)
  }

  @Test func momentsCompareByTheirNanoseconds() {
    let earlier = Instant(nanoseconds: 999_999_999)
    let later = Instant(nanoseconds: 1_000_000_000)
    #expect(earlier < later)
    #expect(!(later < earlier))
    #expect(later - earlier == .nanoseconds(1))
    #expect(earlier - later == .nanoseconds(-1))
  }

  @Test func nowReadsTheMonotonicClock() {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    let before = Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    let now = Instant.now
    clock_gettime(CLOCK_MONOTONIC, &time)
    let after = Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    #expect(before <= now.nanoseconds && now.nanoseconds <= after)
  }
}
