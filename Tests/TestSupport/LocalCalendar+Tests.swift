import CalculatorCore
import CalculatorLayout
import Glibc

extension TestSupport {
  /// The local calendar as the C library gives it to this process (`TZ`, `LC_TIME`), written
  /// here again from `localtime_r` and `strftime`, for the frames a window's capture is compared
  /// with: the side panel's day headers and the strip's day (docs/SPEC.md section 15.4).
  public static let localCalendar = LocalCalendar(
    offset: { seconds in
      var time = time_t(seconds)
      var parts = tm()
      return localtime_r(&time, &parts) == nil ? 0 : parts.tm_gmtoff
    },
    formatDate: { date in
      var parts = tm()
      parts.tm_year = Int32(date.year - 1900)
      parts.tm_mon = Int32(date.month - 1)
      parts.tm_mday = Int32(date.day)
      var time = timegm(&parts)
      var filled = tm()
      gmtime_r(&time, &filled)  // the weekday and the day of the year
      var buffer = [CChar](repeating: 0, count: 128)
      let count = strftime(&buffer, buffer.count, "%x", &filled)
      return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    })

  /// The day headers of a window whose last input came now.
  public static var tapeDays: TapeDays {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return TapeDays(
      today: localCalendar.day(atNanoseconds: UInt64(now.tv_sec) * 1_000_000_000),
      calendar: localCalendar)
  }
}

extension Frame {
  /// The frame as a window shows the same calculations finished now (the window gives them
  /// the wall clock's identities): headed by day (docs/SPEC.md section 15.4).
  public var dated: Frame {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    var document = Document()
    document.adopt(tape.past, at: UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec))
    var frame = self
    frame.tape.past = document.tape
    frame.tape.days = TestSupport.tapeDays
    return frame
  }
}
