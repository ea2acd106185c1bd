import Testing

@testable import CalculatorWindow

/// The window's moments: nanoseconds of a monotonic clock, with the standard library's
/// `Duration` added and measured between two of them.
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
}
