import Foundation
import Testing
import TestSupport
import WeatherStore

/// A backyard station as a location's truth, run as a user would: an Ambient Weather history of
/// one station in London (hourly readings for 2 and 3 May 2024, made here with hand-chosen
/// values), OpenWeatherMap One Call and an Open-Meteo look-alike forecasting those days, and
/// OpenWeatherMap current weather for London, which would otherwise be a truth source too.
/// The pipeline names the station in `reference` (`ambient/devices MAC`): both providers are
/// scored against it.
struct StationTruthPipelineTests {
    static let mac = "00:0E:C6:AA:BB:CC"
    /// 2024-05-02 00:00 BST.
    static let may2: Int64 = 1_714_604_400

    /// °C at local hour k of each day: 8 + k/2 on 2 May (8 … 19.5), 10 + k/4 on 3 May (10 … 15.75).
    static func celsius(day: Int, hour k: Int) -> Double { day == 0 ? 8 + Double(k) / 2 : 10 + Double(k) / 4 }

    /// The day's rain counter (in): 0.1 at 10:00, 0.3 from 11:00 on 2 May (7.62 mm in all);
    /// reset at midnight, 0.05 from 06:00 on 3 May (1.27 mm).
    static func dailyRain(day: Int, hour k: Int) -> Double {
        day == 0 ? (k >= 11 ? 0.3 : k == 10 ? 0.1 : 0) : (k >= 6 ? 0.05 : 0)
    }

    static func ambientHistory() throws -> Data {
        var readings: [[String: Any]] = []
        for day in 0..<2 {
            for k in 0..<24 {
                let t = may2 + Int64(day * 86400 + k * 3600)
                readings.append(["dateutc": t * 1000, "tempf": 32 + 1.8 * celsius(day: day, hour: k), "humidity": 70,
                                 "dailyrainin": dailyRain(day: day, hour: k), "baromrelin": 29.9, "windspeedmph": 4.0])
            }
        }
        readings.reverse()  // newest first, as the API answers
        return try JSONSerialization.data(withJSONObject: [
            "fetched_at": "2024-05-04T00:05:00Z", "url": "https://rt.ambientweather.net/v1/devices/\(mac)?limit=288", "response": readings,
        ])
    }

    /// Open-Meteo daily highs and lows for 2 and 3 May, issued 1 May 06:00Z.
    static let openMeteo = """
        {"fetched_at": "2024-05-01T06:00:00Z", "url": "https://api.open-meteo.com/v1/forecast?latitude=51.5&longitude=-0.12&daily=temperature_2m_max,temperature_2m_min&timezone=Europe%2FLondon",
         "response": {"latitude": 51.5, "longitude": -0.12, "generationtime_ms": 0.1, "utc_offset_seconds": 3600, "timezone": "Europe/London",
          "timezone_abbreviation": "BST", "elevation": 20.0,
          "daily_units": {"time": "iso8601", "temperature_2m_max": "°C", "temperature_2m_min": "°C"},
          "daily": {"time": ["2024-05-02", "2024-05-03"], "temperature_2m_max": [18.5, 17.0], "temperature_2m_min": [9.0, 9.5]}}}
        """

    @Test func bothProvidersAreScoredAgainstTheStation() throws {
        let dir = try temporaryFolder("pws-truth")
        defer { removeFolder(dir) }
        try Self.ambientHistory().write(to: URL(fileURLWithPath: dir + "/ambient-history.json"))
        try Self.openMeteo.write(toFile: dir + "/open-meteo-forecast.json", atomically: true, encoding: .utf8)
        let f = repositoryRoot + "/Fixtures/inputs"
        let pipeline = """
            {"inputs": [{"path": "ambient-history.json", "place": "51.52,-0.11"}, "open-meteo-forecast.json",
                        "\(f)/providers/owm-onecall/london-2024-05-01T06-00-00Z.json", "\(f)/standard"],
             "store": "w.sqlite", "issue_selection": "all", "reference": ["ambient/devices \(Self.mac)"],
             "locations": [{"id": "london", "name": "London", "lat": 51.5085, "lon": -0.1257, "timezone": "Europe/London"}]}
            """
        try pipeline.write(toFile: dir + "/p.json", atomically: true, encoding: .utf8)
        let r = try CLI.run(["run", dir + "/p.json"])
        #expect(r.status == 0, "\(r.stderr)")
        let db = try Database(path: dir + "/w.sqlite", readOnly: true)
        #expect(try db.rows("SELECT provider, product, station_id, role, COUNT(*) FROM observations WHERE provider = 'ambient' GROUP BY 1, 2, 3, 4")
                == [[.text("ambient"), .text("devices"), .text(Self.mac), .text("observed"), .integer(48)]])
        #expect(try db.scalar("SELECT COUNT(*) FROM observations WHERE provider = 'openweathermap' AND product = 'current'")?.int ?? 0 > 0)

        // The station makes both days: highs and lows as chosen above, rain from the differenced counter.
        let days = try db.rows("""
            SELECT local_date, truth_source, truth_station, temp_max_c, temp_min_c, precip_mm FROM daily_observed
            WHERE location_id = 'london' AND local_date IN ('2024-05-02', '2024-05-03') ORDER BY 1
            """)
        #expect(days.count == 2)
        let expected: [(String, Double, Double, Double)] = [("2024-05-02", 19.5, 8, 7.62), ("2024-05-03", 15.75, 10, 1.27)]
        for (row, e) in zip(days, expected) {
            #expect(row[0].string == e.0 && row[1].string == "ambient/devices" && row[2].string == Self.mac, "\(row)")
            #expect(abs((row[3].double ?? .nan) - e.1) < 1e-9 && abs((row[4].double ?? .nan) - e.2) < 1e-9, "\(row)")
            #expect(abs((row[5].double ?? .nan) - e.3) < 0.011, "\(row)")
        }

        // Every pair of both providers has the station as its truth.
        let truths = try db.rows("SELECT DISTINCT provider, product, truth_provider, truth_product, truth_station FROM forecast_pairs ORDER BY 1, 2")
        #expect(truths == [
            [.text("open-meteo"), .text("forecast"), .text("ambient"), .text("devices"), .text(Self.mac)],
            [.text("openweathermap"), .text("onecall"), .text("ambient"), .text("devices"), .text(Self.mac)],
        ])
        // The observed side is the station's °F converted back to °C: equal to a rounding error.
        let pairs = try db.rows("SELECT target_date, variable, forecast, observed FROM forecast_pairs WHERE provider = 'open-meteo' ORDER BY 1, 2")
        let expectedPairs: [(String, String, Double, Double)] = [("2024-05-02", "temp_max_c", 18.5, 19.5), ("2024-05-02", "temp_min_c", 9, 8),
                                                                 ("2024-05-03", "temp_max_c", 17, 15.75), ("2024-05-03", "temp_min_c", 9.5, 10)]
        #expect(pairs.count == expectedPairs.count)
        for (row, e) in zip(pairs, expectedPairs) {
            #expect(row[0].string == e.0 && row[1].string == e.1 && row[2].double == e.2, "\(row)")
            #expect(abs((row[3].double ?? .nan) - e.3) < 1e-9, "\(row)")
        }
        #expect(try db.scalar("SELECT COUNT(*) FROM forecast_pairs WHERE provider = 'openweathermap' AND target_date IN ('2024-05-02', '2024-05-03')")?.int ?? 0 >= 4)
    }
}
