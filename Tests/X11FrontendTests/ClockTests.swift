import CalculatorWindow
import Glibc
import Testing

@testable import X11Frontend

/// The front end reads the window's moments from `CLOCK_MONOTONIC`.
@Suite struct ClockTests {
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
