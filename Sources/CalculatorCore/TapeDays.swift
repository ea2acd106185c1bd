/// A day of the Gregorian calendar (extended before 1582, as ISO 8601 does).
public struct CivilDate: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The year: 2026.
  public var year: Int
  /// The month, 1 to 12.
  public var month: Int
  /// The day of the month, 1 to 31.
  public var day: Int

  /// The date `year`-`month`-`day`.
  public init(year: Int, month: Int, day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }

  /// The date `days` days after 1970-01-01 (before it when negative).
  ///
  /// The civil-from-days algorithm of Howard Hinnant's "chrono-Compatible Low-Level Date
  /// Algorithms": eras of 400 years, years starting in March.
  public init(daysSince1970 days: Int) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthFromMarch = (5 * dayOfYear + 2) / 153
    day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
    month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
    year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
  }

  /// Days from 1970-01-01 to this date (negative before it): the inverse of
  /// `init(daysSince1970:)`.
  public var daysSince1970: Int {
    let marchYear = month <= 2 ? year - 1 : year
    let era = (marchYear >= 0 ? marchYear : marchYear - 399) / 400
    let yearOfEra = marchYear - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The day before.
  public var previous: CivilDate { CivilDate(daysSince1970: daysSince1970 - 1) }

  /// Whether `lhs` comes before `rhs`.
  public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  /// ISO 8601: `2026-12-01`.
  public var description: String {
    LocalTime.padded(year, 4) + "-" + LocalTime.padded(month, 2) + "-" + LocalTime.padded(day, 2)
  }
}

/// A moment as a clock of some time zone shows it, to the second, with that zone's offset from
/// UTC (the calling front end reads the offset from the C library: the core knows no zones).
public struct LocalTime: Equatable, Sendable {
  /// The day.
  public var date: CivilDate
  /// The hour, 0 to 23.
  public var hour: Int
  /// The minute, 0 to 59.
  public var minute: Int
  /// The second, 0 to 59.
  public var second: Int
  /// The zone's offset east of UTC, in seconds: 3600 for UTC+01:00.
  public var offset: Int

  /// The moment `seconds` after 1970-01-01T00:00:00Z, on a clock `offset` seconds east of UTC.
  public init(secondsSince1970 seconds: Int64, offset: Int) {
    let local = seconds + Int64(offset)
    let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
    let rest = Int(local - days * 86_400)
    date = CivilDate(daysSince1970: Int(days))
    hour = rest / 3_600
    minute = rest / 60 % 60
    second = rest % 60
    self.offset = offset
  }

  /// ISO 8601 with the offset: `2026-12-01T14:03:05+01:00` (`Z` for UTC).
  public var iso8601: String {
    let time =
      LocalTime.padded(hour, 2) + ":" + LocalTime.padded(minute, 2) + ":"
      + LocalTime.padded(second, 2)
    let zone =
      offset == 0
      ? "Z"
      : (offset < 0 ? "-" : "+") + LocalTime.padded(abs(offset) / 3_600, 2) + ":"
        + LocalTime.padded(abs(offset) / 60 % 60, 2)
    return date.description + "T" + time + zone
  }

  /// `value` in decimal with zeros before it to `width` digits.
  static func padded(_ value: Int, _ width: Int) -> String {
    let digits = String(abs(value))
    return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count))
      + digits
  }
}

extension CalculationID {
  /// The smallest identity that is a time (2001-09-09T01:46:40Z in nanoseconds): a tape of the
  /// first version numbers its calculations 1, 2, 3…, which are not.
  public static let earliestTime: UInt64 = 1_000_000_000_000_000_000

  /// The wall-clock second the calculation was finished, since 1970 (docs/SPEC.md section 8.3);
  /// nil when the identity is not a time.
  public var secondsSince1970: Int64? {
    rawValue >= CalculationID.earliestTime ? Int64(rawValue / 1_000_000_000) : nil
  }

  /// The time the calculation was finished on a clock whose offset from UTC at a moment is
  /// `offset(secondsSince1970)`; nil when the identity is not a time.
  public func localTime(offset: (Int64) -> Int) -> LocalTime? {
    secondsSince1970.map { LocalTime(secondsSince1970: $0, offset: offset($0)) }
  }
}

/// The line above the first calculation of each day in the side panel (docs/SPEC.md section
/// 15.4): `Today`, `Yesterday`, the date, or for calculations without a time (a tape of the
/// first version) `Earlier`.
public enum DayHeader: Hashable, Sendable {
  case today
  case yesterday
  case date(CivilDate)
  case undated

  /// The header of calculations finished on `day` (nil: without a time), seen on `today`.
  public init(day: CivilDate?, today: CivilDate) {
    switch day {
    case nil: self = .undated
    case today?: self = .today
    case today.previous?: self = .yesterday
    case let day?: self = .date(day)
    }
  }

  /// The line as shown, a date written by `formatDate` (the locale's form, the front end's).
  public func title(formatDate: (CivilDate) -> String) -> String {
    switch self {
    case .today: tr("Today")
    case .yesterday: tr("Yesterday")
    case .date(let day): formatDate(day)
    case .undated: tr("Earlier")
    }
  }
}

extension HistoryTape {
  /// The day calculation `position` was finished on, by a clock whose offset from UTC at a
  /// moment is `offset(secondsSince1970)`; nil when its identity is not a time.
  public func day(at position: Int, offset: (Int64) -> Int) -> CivilDate? {
    calculations.id(at: position).localTime(offset: offset)?.date
  }

  /// The day headers among the calculations at `positions`, oldest first: one above each that
  /// is the first of its day on the tape, with that day's header as seen on `today`.
  ///
  /// Only the calculations asked about and the one before them are read: what the side panel
  /// shows, whatever the tape's length.
  public func dayHeaders(
    in positions: Range<Int>, today: CivilDate, offset: (Int64) -> Int
  ) -> [(position: Int, header: DayHeader)] {
    let positions = positions.clamped(to: 0..<count)
    guard !positions.isEmpty else { return [] }
    var headers: [(position: Int, header: DayHeader)] = []
    var isFirst = positions.lowerBound == 0
    var before = isFirst ? nil : day(at: positions.lowerBound - 1, offset: offset)
    for position in positions {
      let day = day(at: position, offset: offset)
      if isFirst || day != before { headers.append((position, DayHeader(day: day, today: today))) }
      isFirst = false
      before = day
    }
    return headers
  }
}
