import Foundation
import Testing
import TestSupport
import WeatherStore

/// The truth a user has, in a ranking: a backyard station, and an official climate report fetched
/// afterwards, each the truth two forecast models are ranked against, run with the CLI as a user
/// would. The models are one multi-model Open-Meteo reply a day (`ecmwf_ifs025` close to what
/// happened, `gfs_global` about 2 °C warm), so the expected order is known by construction.
struct StationTruthRankingTests {
    static let days = 28

    /// One Open-Meteo daily reply issued the evening before `date`, with both models' high and low.
    static func openMeteo(date: String, issued: String, lat: Double, lon: Double, zone: String, offset: Int,
                          high: Double, low: Double, k: Int) throws -> String {
        let sign = k % 2 == 0 ? 1.0 : -1.0
        let daily: [String: Any] = [
            "time": [date],
            "temperature_2m_max_ecmwf_ifs025": [high + 0.3 * sign], "temperature_2m_min_ecmwf_ifs025": [low - 0.3 * sign],
            "temperature_2m_max_gfs_global": [high + 2.0 + 0.4 * sign], "temperature_2m_min_gfs_global": [low + 2.0 - 0.4 * sign],
        ]
        let units = ["time": "iso8601", "temperature_2m_max_ecmwf_ifs025": "°C", "temperature_2m_min_ecmwf_ifs025": "°C",
                     "temperature_2m_max_gfs_global": "°C", "temperature_2m_min_gfs_global": "°C"]
        let body: [String: Any] = ["latitude": lat, "longitude": lon, "generationtime_ms": 0.2, "utc_offset_seconds": offset,
                                   "timezone": zone, "timezone_abbreviation": "X", "elevation": 200.0,
                                   "daily_units": units, "daily": daily]
        let envelope: [String: Any] = ["fetched_at": issued, "url": "https://api.open-meteo.com/v1/forecast?models=ecmwf_ifs025,gfs_global",
                                       "response": body]
        return String(decoding: try JSONSerialization.data(withJSONObject: envelope, options: [.sortedKeys]), as: UTF8.self)
    }

    static func date(_ start: Int64, plus k: Int) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX"); f.timeZone = TimeZone(identifier: "UTC"); f.dateFormat = "yyyy-MM-dd"
        return f.string(from: Date(timeIntervalSince1970: TimeInterval(start + Int64(k) * 86400)))
    }

    /// The ranking of temperature highs one day ahead at `location`, best first.
    static func ranking(_ db: Database, _ location: String) throws -> [[SQLValue]] {
        try db.rows("""
            SELECT source, rank, rank_group, n FROM provider_ranking
            WHERE location_id = ? AND variable = 'temp_max_c' AND lead_kind = 'day' AND lead_days = 1 ORDER BY rank
            """, [.text(location)])
    }

    static func expectRanked(_ rows: [[SQLValue]], n: Int) {
        #expect(rows.map { $0[0].string ?? "" } == ["open-meteo/forecast/ecmwf_ifs025", "open-meteo/forecast/gfs_global"], "\(rows)")
        #expect(rows.map { $0[1].int ?? 0 } == [1, 2], "\(rows)")
        // 2 °C worse on every day: not a tie.
        #expect(rows.map { $0[2].int ?? 0 } == [1, 2], "\(rows)")
        #expect(rows.allSatisfy { $0[3].int == Int64(n) }, "\(rows)")
    }

    /// An Ambient Weather station in London is the truth (`reference` names it): hourly readings
    /// with a known high and low each day.
    @Test func aBackyardStationIsTheTruthOfARanking() throws {
        let dir = try temporaryFolder("pws-rank")
        defer { removeFolder(dir) }
        let mac = "00:0E:C6:AA:BB:DD"
        let start: Int64 = 1_714_604_400  // 2024-05-02 00:00 BST
        var readings: [[String: Any]] = []
        var forecasts: [String] = []
        for k in 0..<Self.days {
            let high = 14 + Double(k % 5), low = 6 + Double(k % 3)
            for h in 0..<24 {
                // The low at 04:00, the high at 15:00 local, in between a straight line.
                let c = h == 15 ? high : h == 4 ? low : low + (high - low) * 0.5
                readings.append(["dateutc": (start + Int64(k * 86400 + h * 3600)) * 1000, "tempf": 32 + 1.8 * c, "humidity": 70])
            }
            forecasts.append(try Self.openMeteo(date: Self.date(start + 3600, plus: k), issued: Self.date(start + 3600, plus: k - 1) + "T18:00:00Z",
                                                lat: 51.5, lon: -0.12, zone: "Europe/London", offset: 3600, high: high, low: low, k: k))
        }
        readings.reverse()  // newest first, as the API answers
        let history: [String: Any] = ["fetched_at": "2024-06-01T00:05:00Z", "url": "https://rt.ambientweather.net/v1/devices/\(mac)",
                                      "response": readings]
        try JSONSerialization.data(withJSONObject: history).write(to: URL(fileURLWithPath: dir + "/ambient.json"))
        try forecasts.joined(separator: "\n").write(toFile: dir + "/open-meteo.ndjson", atomically: true, encoding: .utf8)
        try """
            {"inputs": [{"path": "ambient.json", "place": "51.52,-0.11"}, "open-meteo.ndjson"], "store": "w.sqlite",
             "issue_selection": "all", "reference": ["ambient/devices \(mac)"],
             "locations": [{"id": "london", "name": "London", "lat": 51.5085, "lon": -0.1257, "timezone": "Europe/London"}]}
            """.write(toFile: dir + "/p.json", atomically: true, encoding: .utf8)
        let r = try CLI.run(["run", dir + "/p.json"])
        #expect(r.status == 0, "\(r.stderr)")
        let db = try Database(path: dir + "/w.sqlite", readOnly: true)
        #expect(try db.rows("SELECT DISTINCT truth_provider, truth_station FROM forecast_pairs") == [[.text("ambient"), .text(mac)]])
        Self.expectRanked(try Self.ranking(db, "london"), n: Self.days)
        let rank = try CLI.run(["rank", "--db", dir + "/w.sqlite", "--variable", "temp_max_c", "--lead", "1", "--location", "london"])
        #expect(rank.status == 0 && rank.stdout.contains("1. open-meteo/forecast/ecmwf_ifs025"), "\(rank.stdout)\(rank.stderr)")
    }

    /// The NWS climate reports of Des Moines (IEM `cli`, fetched afterwards) are the truth: the
    /// official highs and lows over the climate day (midnight to midnight standard time, so
    /// 01:00–01:00 daylight time in April), placed by the location's `station`.
    @Test func aClimateReportIsTheTruthOfARanking() throws {
        let dir = try temporaryFolder("cli-rank")
        defer { removeFolder(dir) }
        let start: Int64 = 1_712_016_000  // 2024-04-02 00:00 UTC
        var results: [[String: Any]] = []
        var forecasts: [String] = []
        for k in 0..<Self.days {
            let highF = 60 + k % 7, lowF = 40 + k % 4
            results.append(["station": "KDSM", "valid": Self.date(start, plus: k), "name": "DES MOINES", "state": "IA",
                            "high": highF, "low": lowF, "precip": k % 6 == 0 ? "T" : 0.0, "snow": 0.0])
            let high = (Double(highF) - 32) / 1.8, low = (Double(lowF) - 32) / 1.8
            forecasts.append(try Self.openMeteo(date: Self.date(start, plus: k), issued: Self.date(start, plus: k - 1) + "T23:00:00Z",
                                                lat: 41.53, lon: -93.65, zone: "America/Chicago", offset: -18000, high: high, low: low, k: k))
        }
        let cli: [String: Any] = ["fetched_at": "2024-05-01T12:00:00Z",
                                  "url": "https://mesonet.agron.iastate.edu/json/cli.py?station=KDSM&year=2024", "response": ["results": results]]
        try JSONSerialization.data(withJSONObject: cli).write(to: URL(fileURLWithPath: dir + "/cli.json"))
        try forecasts.joined(separator: "\n").write(toFile: dir + "/open-meteo.ndjson", atomically: true, encoding: .utf8)
        try """
            {"inputs": ["cli.json", "open-meteo.ndjson"], "store": "w.sqlite", "issue_selection": "all",
             "locations": [{"id": "dsm", "name": "Des Moines", "lat": 41.534, "lon": -93.653, "timezone": "America/Chicago", "station": "KDSM"}]}
            """.write(toFile: dir + "/p.json", atomically: true, encoding: .utf8)
        let r = try CLI.run(["run", dir + "/p.json"])
        #expect(r.status == 0, "\(r.stderr)")
        let db = try Database(path: dir + "/w.sqlite", readOnly: true)
        #expect(try db.rows("SELECT DISTINCT truth_source, truth_station, truth_basis FROM daily_observed WHERE temp_max_c IS NOT NULL")
                == [[.text("iem/cli"), .text("KDSM"), .text("daily_summary")]])
        #expect(try db.rows("SELECT DISTINCT truth_provider, truth_product, truth_basis FROM forecast_pairs")
                == [[.text("iem"), .text("cli"), .text("daily_summary")]])
        // The first day's high is the report's 60 °F.
        let first = try db.scalar("SELECT observed FROM forecast_pairs WHERE variable = 'temp_max_c' AND target_date = '2024-04-02' LIMIT 1")
        #expect(abs((first?.double ?? .nan) - (60 - 32) / 1.8) < 1e-9, "\(String(describing: first))")
        Self.expectRanked(try Self.ranking(db, "dsm"), n: Self.days)
    }
}
