import CalculatorCore
import TestSupport
import Testing

/// When a calculation was finished, and the days the side panel heads (docs/SPEC.md section
/// 15.4). Expected dates and times from Python's `datetime`.
@Suite struct TapeDaysTests {
  @Test(arguments: [
    (0, "1970-01-01"), (-1, "1969-12-31"), (19_723, "2024-01-01"), (11_016, "2000-02-29"),
    (20_423, "2025-12-01"), (20_424, "2025-12-02"), (2_932_896, "9999-12-31"),
    (-25_567, "1900-01-01"), (-719_162, "0001-01-01"), (20_788, "2026-12-01"),
  ])
  func daysFrom1970(days: Int, date: String) {
    let civil = CivilDate(daysSince1970: days)
    #expect(civil.description == date)
    #expect(civil.daysSince1970 == days)
  }

  @Test func everyDayOfFourCenturiesRoundTripsInOrder() {
    var previous = CivilDate(daysSince1970: -146_098)
    for days in -146_097...146_097 {
      let date = CivilDate(daysSince1970: days)
      #expect(date.daysSince1970 == days)
      #expect(previous < date)
      #expect((1...12).contains(date.month) && (1...31).contains(date.day))
      previous = date
    }
  }

  @Test(
    arguments: [
      (1_796_284_385, 3_600, "2026-12-03T08:53:05+01:00"),
      (1_796_284_385, -18_000, "2026-12-03T02:53:05-05:00"),
      (1_796_284_385, 19_800, "2026-12-03T13:23:05+05:30"),
      (0, 0, "1970-01-01T00:00:00Z"), (1_751_328_000, 7_200, "2025-07-01T02:00:00+02:00"),
      (946_684_799, 0, "1999-12-31T23:59:59Z"), (-1, 0, "1969-12-31T23:59:59Z"),
    ] as [(Int64, Int, String)])
  func localTimes(seconds: Int64, offset: Int, text: String) {
    #expect(LocalTime(secondsSince1970: seconds, offset: offset).iso8601 == text)
  }

  @Test func anIdentityIsATimeFrom2001On() {
    let id = CalculationID(rawValue: 1_796_284_385_284_144_330)
    #expect(id.secondsSince1970 == 1_796_284_385)
    #expect(id.localTime { _ in 3_600 }?.iso8601 == "2026-12-03T08:53:05+01:00")
    #expect(CalculationID(rawValue: 3).secondsSince1970 == nil)  // a first-version tape's
    #expect(CalculationID(rawValue: 999_999_999_999_999_999).localTime { _ in 0 } == nil)
    #expect(CalculationID(rawValue: 1_000_000_000_000_000_000).secondsSince1970 == 1_000_000_000)
  }

  @Test func headers() {
    let today = CivilDate(year: 2026, month: 3, day: 1)
    let write = { (date: CivilDate) in "\(date.day)/\(date.month)/\(date.year)" }
    #expect(DayHeader(day: today, today: today).title(formatDate: write) == "Today")
    let yesterday = CivilDate(year: 2026, month: 2, day: 28)
    #expect(DayHeader(day: yesterday, today: today).title(formatDate: write) == "Yesterday")
    let before = CivilDate(year: 2026, month: 2, day: 27)
    #expect(DayHeader(day: before, today: today).title(formatDate: write) == "27/2/2026")
    #expect(DayHeader(day: nil, today: today).title(formatDate: write) == "Earlier")
    let leap = CivilDate(year: 2024, month: 3, day: 1)
    #expect(DayHeader(day: CivilDate(year: 2024, month: 2, day: 29), today: leap) == .yesterday)
  }

  /// A header above the first calculation of each day, on the local clock: two numbered
  /// calculations (no time), then three on 2026-02-27 in UTC (the last already the 28th at
  /// UTC+1), one on the 28th (the 1st of March at UTC+1) and one on the 1st.
  @Test func theFirstCalculationOfEachDayIsHeaded() {
    var tape = HistoryTape()
    let seconds: [UInt64] = [
      1, 2, 1_772_150_400, 1_772_200_000, 1_772_236_000, 1_772_321_000, 1_772_323_200,
    ]
    for (index, second) in seconds.enumerated() {
      let stamp = second < 10 ? second : second * 1_000_000_000
      tape.append(Calculation(rows: ["\(index)", "+ 1"], result: "?"), at: stamp)
    }
    let today = CivilDate(year: 2026, month: 3, day: 1)
    let utc = tape.dayHeaders(in: 0..<tape.count, today: today) { _ in 0 }
    #expect(utc.map(\.position) == [0, 2, 5, 6])
    #expect(
      utc.map(\.header) == [
        .undated, .date(CivilDate(year: 2026, month: 2, day: 27)), .yesterday, .today,
      ])
    let plusOne = tape.dayHeaders(in: 0..<tape.count, today: today) { _ in 3_600 }
    #expect(plusOne.map(\.position) == [0, 2, 4, 5])
    #expect(plusOne.map(\.header).suffix(2) == [.yesterday, .today])
    // Asked from the middle: a header only where the day changes from the one before.
    #expect(tape.dayHeaders(in: 3..<5, today: today) { _ in 0 }.isEmpty)
    #expect(tape.dayHeaders(in: 5..<9, today: today) { _ in 0 }.map(\.position) == [5, 6])
  }
}
