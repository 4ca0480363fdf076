import Foundation
import Testing
import WeatherCore
@testable import WeatherProviders

/// The windows of daily summaries, worked out by hand from the zones' rules.
struct StationDayTests {
    func window(_ kind: StationDay.Kind, _ date: String, _ zone: String) throws -> (end: String, hours: Double) {
        let w = try StationDay.window(kind, date: date, zone: zone, fieldPath: "date")
        return (UTCTime.iso8601(w.end), w.hours)
    }

    /// Standard time all year: New York's climate day ends at 05:00Z (00:00 EST in winter, 01:00
    /// EDT in summer); Sydney's, south of the equator, at 14:00Z (00:00 AEST, 01:00 AEDT in January).
    @Test func climateDayEndsAtStandardMidnight() throws {
        #expect(try window(.climate, "2024-01-15", "America/New_York") == ("2024-01-16T05:00:00Z", 24))
        #expect(try window(.climate, "2024-07-15", "America/New_York") == ("2024-07-16T05:00:00Z", 24))
        #expect(try window(.climate, "2024-03-10", "America/New_York") == ("2024-03-11T05:00:00Z", 24))
        #expect(try window(.climate, "2024-01-15", "Australia/Sydney") == ("2024-01-15T14:00:00Z", 24))
        #expect(try window(.climate, "2024-07-15", "Australia/Sydney") == ("2024-07-15T14:00:00Z", 24))
    }

    /// Local midnight to midnight: 23 hours the day clocks go forward, 25 the day they go back.
    @Test func calendarDayFollowsTheClock() throws {
        #expect(try window(.calendar, "2024-03-10", "America/New_York") == ("2024-03-11T04:00:00Z", 23))
        #expect(try window(.calendar, "2024-11-03", "America/New_York") == ("2024-11-04T05:00:00Z", 25))
        #expect(try window(.calendar, "2024-06-01", "Europe/Berlin") == ("2024-06-01T22:00:00Z", 24))
    }

    /// An observer reading at 18:00 on the clock: 24 hours ending 18:00, 25 across the fall back.
    @Test func observerDayEndsAtTheReadingTime() throws {
        #expect(try window(.observer(hour: 18, minute: 0), "2013-09-09", "America/Detroit") == ("2013-09-09T22:00:00Z", 24))
        #expect(try window(.observer(hour: 18, minute: 0), "2024-11-03", "America/Detroit") == ("2024-11-03T23:00:00Z", 25))
        #expect(try window(.observer(hour: 7, minute: 30), "2024-03-10", "America/Chicago") == ("2024-03-10T12:30:00Z", 23))
    }

    @Test func aDateThatIsNotOneIsNamed() {
        #expect(throws: DecodeFailure.self) { try StationDay.window(.climate, date: "2024-02-30", zone: "UTC", fieldPath: "date") }
        #expect(throws: DecodeFailure.self) { try StationDay.window(.calendar, date: "yesterday", zone: "UTC", fieldPath: "date") }
    }

    @Test func archiveText() {
        #expect(ArchiveText.parse("  35") == .number(35) && ArchiveText.parse("M") == .missing && ArchiveText.parse("T") == .trace)
        #expect(ArchiveText.parse("S") == .notThisDay && ArchiveText.parse("1.23A") == .notThisDay && ArchiveText.parse("") == .missing)
        #expect(ArchiveText.parse("hot") == nil && ArchiveText.parse("xA") == nil)
    }
}
