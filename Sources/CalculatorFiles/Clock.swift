import CalculatorWindow
import Glibc

extension Instant {
  /// The monotonic clock's time now (`CLOCK_MONOTONIC`).
  public static var now: Instant {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Instant(nanoseconds: Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec))
  }
}

extension LocalClock {
  /// The wall clock in nanoseconds since 1970: a calculation finished now is identified by it.
  public static func wallClock() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return UInt64(max(time.tv_sec, 0)) * 1_000_000_000 + UInt64(max(time.tv_nsec, 0))
  }
}
