import Foundation
import Testing
import WeatherCore

/// `UTCTime`: Unix seconds to ISO 8601 text and back, and the civil-calendar arithmetic under it.
///
/// Expected instants are Python's `calendar.timegm` of the same date-times, written out here.
struct UTCTimeTests {
    @Test(arguments: [
        (Int64(0), "1970-01-01T00:00:00Z"),
        (1_714_521_600, "2024-05-01T00:00:00Z"),
        (1_709_208_000, "2024-02-29T12:00:00Z"),      // a leap day
        (951_782_400, "2000-02-29T00:00:00Z"),        // divisible by 400: a leap year
        (-2_203_891_201, "1900-02-28T23:59:59Z"),     // 1900 is not a leap year: the next second is 1 March
        (-2_203_891_200, "1900-03-01T00:00:00Z"),
        (-1, "1969-12-31T23:59:59Z"),                 // before 1970 the day still starts at midnight
        (-86_400, "1969-12-31T00:00:00Z"),
        (-86_401, "1969-12-30T23:59:59Z"),
        (-14_182_940, "1969-07-20T20:17:40Z"),
        (-11_676_096_000, "1600-01-01T00:00:00Z"),
        (2_147_483_648, "2038-01-19T03:14:08Z"),      // one past the 32-bit time_t
        (253_402_300_799, "9999-12-31T23:59:59Z"),
    ])
    func formatsAndParsesKnownInstants(seconds: Int64, text: String) {
        #expect(UTCTime.iso8601(seconds) == text)
        #expect(UTCTime.parseISO8601(text) == seconds)
    }

    @Test func everyHourOfFourCenturiesRoundTrips() {
        // 1800-01-01 to 2200-01-01 in steps of 7 h 1 min 1 s, so every hour, minute and second turns up.
        var t: Int64 = -5_364_662_400
        var n = 0
        while t < 7_258_118_400 {
            let text = UTCTime.iso8601(t)
            if UTCTime.parseISO8601(text) != t { Issue.record("\(t) → \(text) → \(String(describing: UTCTime.parseISO8601(text)))"); return }
            t += 7 * 3600 + 61
            n += 1
        }
        #expect(n > 490_000)
    }

    @Test func civilDaysAgreeWithFoundationsGregorianCalendar() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        // 1600…2400: Foundation's calendar is Julian before 1582, so the range starts after that.
        var day: Int64 = -135_140
        while day < 157_000 {
            let c = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: TimeInterval(day * 86400)))
            let civil = UTCTime.civil(fromDays: day)
            #expect(civil.year == Int64(c.year!) && civil.month == c.month! && civil.day == c.day!, "day \(day)")
            #expect(UTCTime.days(year: civil.year, month: civil.month, day: civil.day) == day)
            day += 13
        }
    }

    @Test func leapYearsHave366Days() {
        for (year, length) in [(1900, 365), (2000, 366), (2023, 365), (2024, 366), (2100, 365), (2400, 366), (1600, 366), (1700, 365)] {
            #expect(UTCTime.days(year: Int64(year) + 1, month: 1, day: 1) - UTCTime.days(year: Int64(year), month: 1, day: 1) == Int64(length),
                    "\(year)")
        }
        #expect(UTCTime.civil(fromDays: UTCTime.days(year: 2024, month: 3, day: 1) - 1) == (2024, 2, 29))
    }

    @Test func parsesOffsetsFractionsAndSpaces() {
        let base: Int64 = 1_714_543_203  // 2024-05-01T06:00:03Z
        #expect(UTCTime.parseISO8601("2024-05-01T06:00:03Z") == base)
        #expect(UTCTime.parseISO8601("2024-05-01T08:00:03+02:00") == base)
        #expect(UTCTime.parseISO8601("2024-05-01T02:00:03-04:00") == base)
        #expect(UTCTime.parseISO8601("2024-05-01T11:30:03+0530") == base)
        #expect(UTCTime.parseISO8601("2024-05-01T07:00:03+01") == base)
        #expect(UTCTime.parseISO8601("2024-05-01T06:00:03.511Z") == base, "fractions are dropped, not rounded")
        #expect(UTCTime.parseISO8601("2024-05-01T06:00:03,9Z") == base)
        #expect(UTCTime.parseISO8601("2024-05-01 06:00:03Z") == base)
        #expect(UTCTime.parseISO8601("2024-05-01T06:00Z") == base - 3)
        // No offset: only with an assumed one, which is subtracted (a wall clock at UTC+10).
        #expect(UTCTime.parseISO8601("2024-05-01T16:00:03") == nil)
        #expect(UTCTime.parseISO8601("2024-05-01T16:00:03", assumingOffset: 36000) == base)
        #expect(UTCTime.parseISO8601("2024-05-01", assumingOffset: 0) == base - 6 * 3600 - 3)
    }

    @Test(arguments: ["", "2024", "2024-05", "24-05-01T00:00:00Z", "2024-13-01T00:00:00Z", "2024-00-10T00:00:00Z",
                      "2024-05-32T00:00:00Z", "2024-05-00T00:00:00Z", "2024-05-01T25:00:00Z", "2024-05-01T06:60:00Z",
                      "2024-05-01T06:00:61Z", "2024/05/01T06:00:00Z", "2024-05-01T06:00:00X", "2024-05-01T06:00:00Zjunk",
                      "2024-05-01T6:00:00Z", "2024-05-01T06:00:00+2", "2024-05-01T06:00:00+02:0", "2024-05-01T06:00:00+02:00:00",
                      "yesterday", "１９７０-01-01T00:00:00Z"])
    func rejectsWhatIsNotAnInstant(text: String) {
        #expect(UTCTime.parseISO8601(text, assumingOffset: nil) == nil, "\(text)")
    }

    @Test func datesShiftByTheOffsetGiven() {
        let t: Int64 = 1_714_606_200  // 2024-05-01T23:30:00Z
        #expect(UTCTime.date(t) == "2024-05-01")
        #expect(UTCTime.date(t, offset: 3600) == "2024-05-02")
        #expect(UTCTime.date(t, offset: -14400) == "2024-05-01")
        #expect(UTCTime.date(-1) == "1969-12-31")
        #expect(UTCTime.date(0, offset: -1) == "1969-12-31")
    }
}
