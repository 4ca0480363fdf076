import Foundation
import Testing
import WeatherCore
@testable import WeatherProviders

/// Open-Meteo writes a reply's times with the one `utc_offset_seconds` in force when it was
/// requested, with no DST change inside the series: every instant is local − that offset, across
/// both changes of the year, in US and EU zones, for forecast, past-day and archive replies alike.
@Suite struct OpenMeteoOffsetTests {
    /// An hourly (and daily) reply of `hours` hours from local `start`, as Open-Meteo writes it.
    static func reply(zone: String, offset: Int, start: String, hours: Int, days: [String] = [], name: String? = nil) -> String {
        let wall = UTCTime.parseISO8601(start + ":00Z")!
        let times = (0..<hours).map { "\"" + String(UTCTime.iso8601(wall + Int64($0) * 3600).prefix(16)) + "\"" }
        let temps = (0..<hours).map { String(Double($0 % 24) + 0.5) }
        var s = """
            {"latitude": 40.7, "longitude": -74.0, "generationtime_ms": 0.2, "utc_offset_seconds": \(offset),
             "timezone": "\(zone)", "timezone_abbreviation": "X", "elevation": 10,
             "hourly_units": {"time": "iso8601", "temperature_2m": "°C"},
             "hourly": {"time": [\(times.joined(separator: ","))], "temperature_2m": [\(temps.joined(separator: ","))]}
            """
        if !days.isEmpty {
            s += """
                , "daily_units": {"time": "iso8601", "temperature_2m_max": "°C"},
                "daily": {"time": [\(days.map { "\"\($0)\"" }.joined(separator: ","))], "temperature_2m_max": [\(days.map { _ in "20.5" }.joined(separator: ","))]}
                """
        }
        return s + "}"
    }

    func decode(_ text: String, name: String) throws -> DecodedDocument {
        try DocumentDecoder.decode(Array(text.utf8), context: DecodeContext(sourceName: name, ingestTime: 1_700_000_000)).get()
    }

    /// Cases across both changes: (zone, offset when requested, first local hour).
    static let cases: [(String, Int, String)] = [
        ("America/New_York", -14_400, "2024-11-02T00:00"),  // EDT requested, the fall-back change inside
        ("America/New_York", -18_000, "2024-03-09T00:00"),  // EST requested, the spring-forward change inside
        ("Europe/Berlin", 7_200, "2024-10-26T00:00"),       // CEST requested, fall back on the 27th
        ("Europe/Berlin", 3_600, "2024-03-30T00:00"),       // CET requested, spring forward on the 31st
    ]

    @Test(arguments: cases)
    func everyHourIsLocalMinusTheRepliesOffset(zone: String, offset: Int, start: String) throws {
        let wall = UTCTime.parseISO8601(start + ":00Z")!
        // A 14-day forecast, a past-day reply and an archive reply: the same rule.
        for name in ["open-meteo-forecast-2024.json", "past-days-2024.json", "archive-2024.json"] {
            let doc = try decode(Self.reply(zone: zone, offset: offset, start: start, hours: 72), name: name)
            // An hourly value is for its hour's end (`valid_at`; precipitation is the hour before it).
            let instants = (doc.forecasts.map(\.validAt) + doc.observations.map(\.observedAt)).sorted()
            #expect(instants.count == 72, "\(name)")
            for (k, t) in instants.enumerated() {
                #expect(t == wall + Int64(k) * 3600 - Int64(offset), "\(zone) \(name) hour \(k)")
            }
            // Hours stay one hour apart through the change: none is lost or doubled.
            #expect(Set(instants).count == 72)
        }
    }

    /// A day of the daily block is `[date 00:00, +24 h)` at the reply's offset, also on the day of a change.
    @Test func aDayIsTwentyFourHoursAtTheRepliesOffset() throws {
        let text = Self.reply(zone: "America/New_York", offset: -14_400, start: "2024-11-02T00:00", hours: 24,
                              days: ["2024-11-02", "2024-11-03", "2024-11-04"])
        let days = try decode(text, name: "open-meteo-forecast-2024.json").forecasts.filter { $0.period == .day }
        #expect(days.count == 3)
        for (k, day) in days.enumerated() {
            let midnight = UTCTime.parseISO8601("2024-11-0\(2 + k)T00:00:00Z")! + 14_400
            #expect(day.validFrom == midnight && day.validTo == midnight + 86_400, "day \(k)")
            #expect(day.targetDate == "2024-11-0\(2 + k)")
        }
    }
}
