import Foundation
import Testing
import WeatherCore
import WeatherStore
@testable import WeatherAnalytics

/// ForecastWatch's shares (within 3 °F, busts of 10 °F or more) and the interval of the
/// climatology skill.
struct ForecastWatchSharesTests {
    static func pair(_ variable: String, error: Double) -> ForecastPair {
        ForecastPair(provider: "p", product: "x", model: nil, locationID: "l", variable: variable, period: "day",
                     targetDate: "2024-05-01", validAt: nil, issuedAt: 0, leadDays: 1, leadHours: 24, forecast: 20 + error,
                     observed: 20, precipProbPct: nil, forecastID: 1, observationID: nil)
    }

    /// Errors 0, 1.6, 1.7, −1.66, 5.55, 5.6, −6, 12 °C: within 3 °F (≤ 5/3 = 1.6667) are 0, 1.6, −1.66
    /// (3 of 8); busts (≥ 50/9 = 5.5556) are 5.6, −6, 12 (3 of 8; 5.55 is not one).
    @Test func sharesByHand() {
        var s = ScoreSums()
        for e in [0, 1.6, 1.7, -1.66, 5.55, 5.6, -6, 12] { s.add(Self.pair("temp_max_c", error: e), thresholdMm: 0.2) }
        #expect(s.nWithin3F == 3 && s.nBust == 3 && s.nWithin2 == 4)
        #expect(s.within3FPct == 37.5 && s.bustPct == 37.5)
        // Exactly 3 °F and exactly 10 °F, from Fahrenheit values, count (the boundaries are inclusive).
        var edge = ScoreSums()
        edge.add(Self.pair("temp_max_c", error: (73.0 - 32) * 5 / 9 - (70.0 - 32) * 5 / 9), thresholdMm: 0.2)
        edge.add(Self.pair("temp_max_c", error: (80.0 - 32) * 5 / 9 - (70.0 - 32) * 5 / 9), thresholdMm: 0.2)
        #expect(edge.nWithin3F == 1 && edge.nBust == 1)
        // Counts add exactly when sums are merged.
        let merged = s + edge
        #expect(merged.nWithin3F == 4 && merged.nBust == 4 && merged.n == 10)
    }

    /// The store: percentages for temperatures only, the counts for every variable, pooled = sum of places.
    @Test func forecastScoresCarryTheShares() throws {
        let second = Location(id: "ut2", name: "Utopia 2", latitude: 1, longitude: 1, timeZone: "UTC", declared: true)
        let f = try DetailedScoresFixture(locations: [DetailedScoresFixture.place, second])
        // a's errors 1, −1, 2, 0, 1, −2, 1, 0, −1, 3, 1, −1: within 3 °F 9 of 12, no bust; b's
        // 2, 1, −3, 1, 2, −2, 2, 1, 2, 3, −2, 2: within 3 °F 3 of 12 (the 1s), no bust.
        let rows = try f.store.rows("""
            SELECT provider, n, n_within_3f, within_3f_pct, n_bust, bust_pct FROM forecast_scores
            WHERE variable = 'temp_max_c' AND lead_days = 1 AND location_id = 'ut' ORDER BY provider
            """)
        #expect(rows == [[.text("a"), .integer(12), .integer(9), .real(75), .integer(0), .real(0)],
                         [.text("b"), .integer(12), .integer(3), .real(25), .integer(0), .real(0)]], "\(rows)")
        #expect(try f.store.rows("SELECT n_within_3f, within_3f_pct, bust_pct FROM forecast_scores WHERE provider = 'a' AND variable = 'temp_max_c' AND lead_days = 1 AND location_id = '*'")
                == [[.integer(18), .real(75), .real(0)]])
        #expect(try f.store.rows("SELECT COUNT(*) FROM forecast_scores WHERE variable = 'precip_mm' AND (within_3f_pct IS NOT NULL OR bust_pct IS NOT NULL)")
                == [[.integer(0)]])
    }

    /// 370 days of record (so a climatology exists): the climatology skill has a block-bootstrap
    /// interval around it; the fixture's 14 days have none (NULL, with the skill note).
    @Test func climatologySkillHasAnInterval() throws {
        let place = DetailedScoresFixture.place
        let store = try VerificationTestStore([place])
        let start = DetailedScoresFixture.start
        func truth(_ d: Int) -> Double { 15 + 8 * sin(2 * Double.pi * Double(d) / 365) + 2 * sin(Double(d) * 1.7) }
        try store.observeHours(place.id, "truth", "obs", from: start, hours: 370 * 24) { truth($0 / 24) }
        for d in 340..<370 {
            let from = start + Int64(d) * 86400
            try store.dayForecast(place.id, "a", "x", issued: from - 86400 + 3 * 3600, from: from, to: from + 86400,
                                  max: truth(d) + 0.8 * sin(Double(d)), min: nil)
        }
        try store.aggregate { $0.bootstrap.samples = 300 }
        let r = try #require(store.rows("""
            SELECT n_climatology, mae_skill_climatology, skill_climatology_ci_low, skill_climatology_ci_high FROM forecast_scores
            WHERE provider = 'a' AND variable = 'temp_max_c' AND location_id = '*'
            """).first)
        #expect(r[0] == .integer(30))
        let skill = try #require(r[1].double), low = try #require(r[2].double), high = try #require(r[3].double)
        #expect(low <= skill && skill <= high && low < high && skill > 0, "\(r)")
        let short = try DetailedScoresFixture()
        #expect(try short.row("SELECT skill_climatology_ci_low, skill_climatology_ci_high FROM forecast_scores WHERE provider = 'a' AND variable = 'temp_max_c' AND lead_days = 1 AND location_id = '*'")
                == [.null, .null])
    }
}
