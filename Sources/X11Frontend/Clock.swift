import CalculatorWindow
import Glibc

extension Instant {
  /// The monotonic clock's time now (`CLOCK_MONOTONIC`).
  static var now: Instant {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Instant(nanoseconds: Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec))
  }
}
