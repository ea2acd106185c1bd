import CalculatorCore
import CalculatorFiles
import CalculatorLayout
import Glibc

extension LocalClock {
  /// `frame` as the window started with the same `--keys` shows it (docs/SPEC.md section
  /// 15.4): the run's calculations finished now (the window adopts them so), headed by day on
  /// the local calendar; what `--render` draws.
  public static func dateAsTheWindow(_ frame: inout Frame) {
    let now = LocalClock.wallClock()
    var document = Document()
    document.adopt(frame.tape.past, at: now)
    frame.tape.past = document.tape
    frame.tape.days = TapeDays(today: calendar.day(atNanoseconds: now), calendar: calendar)
  }

  /// The window's calendar (docs/SPEC.md section 15.4): the local clock's offset, asked of the
  /// C library once a week of time (`WeekOffsets`), and dates in the locale's form.
  public static let calendar = LocalCalendar(
    offset: WeekOffsets().offset(at:), formatDate: LocalClock.localeDate)

  /// A date as the locale writes it: `strftime`'s `%x` under `LC_TIME` (`12/07/2026` in en_US,
  /// `07.12.2026` in de_DE).
  static func localeDate(_ date: CivilDate) -> String {
    var parts = tm()
    parts.tm_year = Int32(date.year - 1900)
    parts.tm_mon = Int32(date.month - 1)
    parts.tm_mday = Int32(date.day)
    parts.tm_hour = 12
    parts.tm_wday = Int32(((date.daysSince1970 % 7) + 11) % 7)  // 1970-01-01 was a Thursday
    var buffer = [CChar](repeating: 0, count: 128)
    let count = strftime(&buffer, buffer.count, "%x", &parts)
    guard count > 0 else { return date.description }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}

/// The local clock's offsets, remembered a week at a time: the side panel's day headers ask
/// for two a calculation, and a move to the oldest of 100,000 calculations passes them all
/// (docs/SPEC.md section 15.2), at a hash of a week instead of `localtime_r`'s search.
///
/// A week whose first and last second have the same offset has it throughout (a zone changes
/// its offset at most twice a year); a week of a change asks the C library each time.
final class WeekOffsets: @unchecked Sendable {
  /// One week of seconds.
  private static let week: Int64 = 7 * 86_400
  /// The last week asked for, and its offset (nil: the week of a change).
  private var last: (week: Int64, offset: Int?)?
  /// The weeks asked for before.
  private var weeks: [Int64: Int?] = [:]

  /// The offset east of UTC at `seconds` since 1970.
  func offset(at seconds: Int64) -> Int {
    let week = seconds >= 0 ? seconds / Self.week : (seconds - Self.week + 1) / Self.week
    let known: Int??
    if let last, last.week == week {
      known = last.offset
    } else if let kept = weeks[week] {
      known = kept
    } else {
      let start = week * Self.week
      let first = LocalClock.offset(at: start)
      let offset = first == LocalClock.offset(at: start + Self.week - 1) ? first : nil
      if weeks.count < 100_000 { weeks[week] = offset }
      known = offset
    }
    last = (week, known ?? nil)
    return (known ?? nil) ?? LocalClock.offset(at: seconds)
  }
}
