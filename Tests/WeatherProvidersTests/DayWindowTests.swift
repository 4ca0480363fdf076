import Testing
import WeatherCore
@testable import WeatherProviders

/// A local day's bounds, and a date that is not one.
struct DayWindowTests {
    @Test func aLocalDayByZoneAndByOffset() throws {
        let zoned = try DayWindow.bounds(of: "2024-03-31", zone: "Europe/London", offset: nil, fieldPath: "daily.time[0]")
        #expect(zoned.to - zoned.from == 23 * 3600)
        let fixed = try DayWindow.bounds(of: "2024-05-01", zone: nil, offset: 3600, fieldPath: "daily.time[0]")
        #expect(fixed.from == UTCTime.parseISO8601("2024-04-30T23:00:00Z"))
        #expect(fixed.to - fixed.from == 86400)
    }

    @Test(arguments: ["2024-05-xx", "01/05/2024", ""])
    func aDateThatDoesNotParseIsAnErrorAtItsField(_ date: String) {
        #expect {
            _ = try DayWindow.bounds(of: date, zone: nil, offset: 0, fieldPath: "daily.time[3]")
        } throws: { error in
            guard let failure = error as? DecodeFailure else { return false }
            return failure.fieldPath == "daily.time[3]" && failure.reason == .wrongType && failure.message.contains("is not a date")
        }
    }
}
