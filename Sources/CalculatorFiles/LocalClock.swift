import CalculatorCore
import Glibc

/// The C library's local time zone (`TZ`, `/etc/localtime`), for the core's times and days.
public enum LocalClock {
  /// The local clock's offset east of UTC at `seconds` since 1970, daylight saving included.
  public static func offset(at seconds: Int64) -> Int {
    var time = time_t(seconds)
    var parts = tm()
    guard localtime_r(&time, &parts) != nil else { return 0 }
    return parts.tm_gmtoff
  }

  /// When the calculation `id` was finished, on the local clock; nil when it is not a time.
  public static func time(of id: CalculationID) -> LocalTime? {
    id.localTime(offset: offset(at:))
  }
}
