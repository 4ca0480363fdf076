import Foundation
import Testing
import TestSupport
import WeatherCore
import WeatherStore
@testable import WeatherAnalytics

/// The aggregate stage over a small store whose every number can be checked by hand.
struct AggregatorTests {
    /// New York, 2024-05-01 (EDT, UTC−4): OWM observations of 10 + h °C at h:30 local for hours
    /// 0…23, each with a 1-hour rain window centred on h:00, 0.5 mm in the hours 12 and 13; a Dark Sky `currently` (a nowcast)
    /// every hour at 20 °C, never the truth by default; a day forecast issued the evening before and an hourly one.
    func makeStore(in dir: String) throws -> Store {
        let store = try Store(path: dir + "/w.sqlite")
        try store.saveLocation(Location(id: "ny", latitude: 40.7, longitude: -74, timeZone: "America/New_York", declared: true))
        let src = try store.beginSource(path: "x", member: nil, inputHash: "h", modifiedAt: nil, now: 0)
        let midnight = at("2024-05-01T04:00:00Z")
        for h in 0..<24 {
            var o = Observation(provider: "openweathermap", product: "current", observedAt: midnight + Int64(h) * 3600 + 1800,
                                latitude: 40.7, longitude: -74)
            o.tempC = 10 + Double(h)
            o.precipMm = (h == 12 || h == 13) ? 0.5 : 0
            o.precipWindowH = 1
            o.role = .observed
            _ = try store.insert(o, locationID: "ny", sourceID: src, line: h)
            var other = Observation(provider: "darksky", product: "forecast", observedAt: midnight + Int64(h) * 3600, latitude: 40.7, longitude: -74)
            other.tempC = 20
            other.role = .nowcast
            _ = try store.insert(other, locationID: "ny", sourceID: src, line: h)
        }
        var f = Forecast(provider: "weatherkit", product: "weather", latitude: 40.7, longitude: -74, issuedAt: at("2024-04-30T22:00:00Z"),
                         issuedAtSource: .body, period: .day, validFrom: midnight, validTo: midnight + 86400)
        f.tempMaxC = 35
        f.tempMinC = 9
        f.precipMm = 0.1
        f.precipProbPct = 30
        _ = try store.insert(f, locationID: "ny", sourceID: src, line: 1)
        var h = Forecast(provider: "weatherkit", product: "weather", latitude: 40.7, longitude: -74, issuedAt: at("2024-05-01T10:25:00Z"),
                         issuedAtSource: .body, period: .hour, validFrom: at("2024-05-01T16:25:00Z"), validTo: at("2024-05-01T17:25:00Z"))
        h.tempC = 23  // nearest observation: 16:30Z = 12:30 local → 22 °C
        _ = try store.insert(h, locationID: "ny", sourceID: src, line: 2)
        return store
    }

    @Test func tablesMatchHandComputedValues() throws {
        let dir = try temporaryFolder("agg")
        defer { removeFolder(dir) }
        let store = try makeStore(in: dir)
        var options = AggregateOptions()
        options.reference = ["openweathermap/current"]
        options.issueSelection = .all
        let summary = try Aggregator(database: store.database, options: options).run()
        #expect(summary.pairs == 4)
        let db = store.database
        let d = try db.rows("SELECT local_date, temp_max_c, temp_min_c, temp_mean_c, n_obs, hours_covered, hours_in_day, complete, precip_mm, precip_hours_covered FROM daily_observed")
        #expect(d.count == 1)
        #expect(d[0] == [.text("2024-05-01"), .real(33), .real(10), .real(21.5), .integer(24), .integer(24), .integer(24), .integer(1), .real(1), .integer(24)])
        let pairs = try db.rows("SELECT variable, lead_days, forecast, observed, error FROM forecast_pairs WHERE period = 'day' ORDER BY variable")
        #expect(pairs == [
            [.text("precip_mm"), .integer(1), .real(0.1), .real(1), .real(-0.9)],
            [.text("temp_max_c"), .integer(1), .real(35), .real(33), .real(2)],
            [.text("temp_min_c"), .integer(1), .real(9), .real(10), .real(-1)],
        ])
        let hourly = try db.rows("SELECT forecast, observed, lead_hours FROM forecast_pairs WHERE variable = 'temp_c'")
        #expect(hourly == [[.real(23), .real(22), .real(6)]])
        let precip = try db.rows("SELECT n, hits, misses, false_alarms, correct_negatives, brier FROM forecast_scores WHERE variable = 'precip_mm' AND location_id = '*'")
        // Forecast 0.1 mm (no event) vs 1 mm observed (event): a miss; Brier (0.3 − 1)² = 0.49.
        #expect(precip == [[.integer(1), .integer(0), .integer(1), .integer(0), .integer(0), .real(0.49)]])
        let bin = try db.scalar("SELECT lead_hours_bin FROM forecast_scores WHERE variable = 'temp_c' AND location_id = 'ny'")
        #expect(bin == .text("6-12"))
        let wide = try db.rows("SELECT variable, mae_lead_1d, bias_lead_1d FROM scores_by_lead ORDER BY variable")
        #expect(wide == [[.text("precip_mm"), .real(0.9), .real(-0.9)], [.text("temp_max_c"), .real(2), .real(2)], [.text("temp_min_c"), .real(1), .real(-1)]])
        #expect(try db.scalar("SELECT precip_mm FROM rainfall_monthly WHERE month = '2024-05'") == .real(1))
    }

    @Test func observedOnlyByDefaultAndRunningTwiceGivesTheSameTables() throws {
        let dir = try temporaryFolder("agg")
        defer { removeFolder(dir) }
        let store = try makeStore(in: dir)
        let agg = Aggregator(database: store.database)
        _ = try agg.run()
        let db = store.database
        // The Dark Sky nowcasts are not truth by default: 24 readings, max 33, mean 21.5, from OWM current.
        #expect(try db.rows("SELECT n_obs, temp_max_c, temp_mean_c, truth_source FROM daily_observed")
                == [[.integer(24), .real(33), .real(21.5), .text("openweathermap/current")]])
        // Named in `reference` (and first), the nowcast is the truth: its day is the one kept, not a mix.
        var named = AggregateOptions()
        named.reference = ["darksky/forecast", "openweathermap/current"]
        _ = try Aggregator(database: db, options: named).run()
        #expect(try db.rows("SELECT n_obs, temp_max_c, temp_mean_c, truth_source FROM daily_observed")
                == [[.integer(24), .real(20), .real(20), .text("darksky/forecast")]])
        _ = try agg.run()
        func dump() throws -> [[SQLValue]] {
            try DerivedSchema.tables.flatMap { try db.rows("SELECT * FROM \($0) ORDER BY 1, 2, 3, 4") }
        }
        let first = try dump()
        let secureDelete = try db.scalar("PRAGMA secure_delete")
        _ = try agg.run()
        #expect(try dump() == first)
        // The old tables are dropped without zeroing their pages, and the connection's setting is kept.
        #expect(try db.scalar("PRAGMA secure_delete") == secureDelete)
        #expect(try db.scalar("PRAGMA threads") == .integer(0))
    }
}

/// The fair comparison, run by the aggregate stage over a store.
struct HomogeneousTests {
    func at(_ iso: String) -> Int64 { UTCTime.parseISO8601(iso)! }

    /// Two complete days at New York and one at London. Provider a forecasts both New York days,
    /// b only the first; c the first New York day and London.
    func makeStore(in dir: String) throws -> Store {
        let store = try Store(path: dir + "/w.sqlite")
        try store.saveLocation(Location(id: "ny", latitude: 40.7, longitude: -74, timeZone: "America/New_York", declared: true))
        try store.saveLocation(Location(id: "ldn", latitude: 51.5, longitude: -0.1, timeZone: "Europe/London", declared: true))
        let src = try store.beginSource(path: "x", member: nil, inputHash: "h", modifiedAt: nil, now: 0)
        for (loc, midnight, days) in [("ny", at("2024-05-01T04:00:00Z"), 2), ("ldn", at("2024-04-30T23:00:00Z"), 1)] {
            for h in 0..<(24 * days) {
                var o = Observation(provider: "obs", product: "x", observedAt: midnight + Int64(h) * 3600 + 1800, latitude: 0, longitude: 0)
                o.tempC = Double(h % 24)
                o.role = .observed
                _ = try store.insert(o, locationID: loc, sourceID: src, line: h)
            }
        }
        func forecast(_ provider: String, _ loc: String, _ from: String) throws {
            var f = Forecast(provider: provider, product: "p", latitude: 0, longitude: 0, issuedAt: at(from) - 86400 - 3600 * 6,
                             issuedAtSource: .body, period: .day, validFrom: at(from), validTo: at(from) + 86400)
            f.tempMaxC = 25
            _ = try store.insert(f, locationID: loc, sourceID: src, line: 1)
        }
        try forecast("a", "ny", "2024-05-01T04:00:00Z")
        try forecast("a", "ny", "2024-05-02T04:00:00Z")
        try forecast("b", "ny", "2024-05-01T04:00:00Z")
        try forecast("c", "ny", "2024-05-01T04:00:00Z")
        try forecast("c", "ldn", "2024-04-30T23:00:00Z")
        return store
    }

    @Test func onlyCasesEveryComparedSourceHasAreScored() throws {
        let dir = try temporaryFolder("agg")
        defer { removeFolder(dir) }
        let store = try makeStore(in: dir)
        var options = AggregateOptions()
        options.issueSelection = .all
        _ = try Aggregator(database: store.database, options: options).run()
        #expect(try store.database.scalar("SELECT COUNT(*) FROM forecast_pairs")?.int == 5)
        options.homogeneous = true
        let summary = try Aggregator(database: store.database, options: options).run()
        let kept = try store.database.rows("SELECT provider, location_id, target_date FROM forecast_pairs ORDER BY 1, 3")
        // a's second New York day has no b or c forecast: dropped. London has c alone, not a and b: dropped too,
        // so the pooled scores of a, b and c are over the same one case.
        #expect(kept == [[.text("a"), .text("ny"), .text("2024-05-01")], [.text("b"), .text("ny"), .text("2024-05-01")],
                         [.text("c"), .text("ny"), .text("2024-05-01")]])
        #expect(try store.database.scalar("SELECT SUM(n) FROM forecast_scores WHERE location_id = '*'")?.int == 3)
        #expect(summary.matchedSampleDroppedCases == 2 && summary.excluded[.notInMatchedSample] == 2)
        #expect(try store.database.scalar("SELECT COUNT(*) FROM excluded_pairs WHERE reason = 'not_in_matched_sample'")?.int == 2)
    }
}
