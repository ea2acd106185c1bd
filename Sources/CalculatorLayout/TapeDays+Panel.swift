import CalculatorCore

/// The local calendar the front end reads from the C library: the clock's offset from UTC at a
/// moment, and a date in the locale's form (docs/SPEC.md section 15.4).
///
/// Functions, not data: two calendars compare equal, so a frame's equality is its `today`.
public struct LocalCalendar: Equatable, @unchecked Sendable {
  /// The local clock's offset east of UTC, in seconds, at a moment (seconds since 1970).
  public var offset: (Int64) -> Int
  /// A date as the locale writes it (`strftime`'s `%x`).
  public var formatDate: (CivilDate) -> String

  /// A calendar of these functions.
  public init(offset: @escaping (Int64) -> Int, formatDate: @escaping (CivilDate) -> String) {
    self.offset = offset
    self.formatDate = formatDate
  }

  /// UTC, dates in ISO 8601: the calendar of the tests.
  public static let utc = LocalCalendar(offset: { _ in 0 }, formatDate: { $0.description })

  /// Any two calendars are the same to a frame.
  public static func == (lhs: LocalCalendar, rhs: LocalCalendar) -> Bool { true }

  /// The local day of the moment `nanoseconds` after 1970.
  public func day(atNanoseconds nanoseconds: UInt64) -> CivilDate {
    let seconds = Int64(nanoseconds / 1_000_000_000)
    return LocalTime(secondsSince1970: seconds, offset: offset(seconds)).date
  }
}

/// What the side panel's day headers are read with (docs/SPEC.md section 15.4): the day that
/// is `Today` and the local calendar.
public struct TapeDays: Equatable, Sendable {
  /// The day shown as `Today`.
  public var today: CivilDate
  /// The local calendar.
  public var calendar: LocalCalendar

  /// Headers for a window on `today` of `calendar`.
  public init(today: CivilDate, calendar: LocalCalendar) {
    self.today = today
    self.calendar = calendar
  }

  /// The header above calculation `index` of `list`, if it is the first of its day.
  ///
  /// A tape without a time (a headless run's 1, 2, 3…, or the first version's) has no
  /// headers; one with times heads its calculations without a time `Earlier`.
  ///
  /// Reads two identities: what the panel passes and shows costs its calculations, never the
  /// tape's length.
  public func header(at index: Int, of list: CalculationList) -> DayHeader? {
    guard startsDay(at: index, of: list) else { return nil }
    return DayHeader(day: day(of: list.id(at: index)), today: today)
  }

  /// Whether calculation `index` of `list` has a header: the days of two identities compared
  /// as numbers, what counting the panel's lines asks of every calculation it passes.
  public func startsDay(at index: Int, of list: CalculationList) -> Bool {
    guard index >= 0, index < list.count, list.id(at: list.count - 1).secondsSince1970 != nil
    else { return false }
    return index == 0 || dayNumber(of: list.id(at: index - 1)) != dayNumber(of: list.id(at: index))
  }

  /// The local day of a calculation as days since 1970; nil when its identity is not a time.
  func dayNumber(of id: CalculationID) -> Int64? {
    guard let seconds = id.secondsSince1970 else { return nil }
    let local = seconds + Int64(calendar.offset(seconds))
    return local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
  }

  /// The local day a calculation was finished on; nil when its identity is not a time.
  func day(of id: CalculationID) -> CivilDate? {
    id.localTime(offset: calendar.offset)?.date
  }

  /// A header's line as shown.
  public func title(of header: DayHeader) -> String {
    header.title(formatDate: calendar.formatDate)
  }
}
