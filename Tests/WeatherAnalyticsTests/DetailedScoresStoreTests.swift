import Foundation
import Testing
import WeatherCore
import WeatherStore
@testable import WeatherAnalytics

/// The statistics tables beyond bias, MAE and RMSE (intervals, quantiles, skill, thresholds, reliability,
/// consistency, comparisons: docs/STATISTICS.md) on a tiny store, against values computed by hand (in the comments).
///
/// One UTC location, days 2024-05-01 … 05-14 (d = 0…13), a constant temperature 10 + d all day
/// and rain only in the hour before noon. Source a/x forecasts targets d = 2…13 at lead 1 (high and
/// rain with a PoP), 10…13 also at lead 2, and 13 at lead 3; b/x forecasts the highs at lead 1.
final class DetailedScoresFixture {
    let store: VerificationTestStore
    static let place = Location(id: "ut", name: "Utopia", latitude: 0, longitude: 0, timeZone: "UTC", declared: true)
    static let start = UTCTime.parseISO8601("2024-05-01T00:00:00Z")!
    static let rain: [Double] = [0, 0, 0.5, 3, 12, 0, 0, 6, 0.1, 1, 0, 20, 0, 2]
    static let errorsA: [Double] = [1, -1, 2, 0, 1, -2, 1, 0, -1, 3, 1, -1]
    static let errorsB: [Double] = [2, 1, -3, 1, 2, -2, 2, 1, 2, 3, -2, 2]
    static let rainA: [Double] = [0.3, 0, 8, 0, 1.2, 5, 0, 0.2, 0, 11, 0.4, 0]
    static let popA: [Double] = [80, 10, 90, 0, 60, 100, 20, 40, 0, 100, 30, 10]

    init(locations: [Location] = [DetailedScoresFixture.place], configure: (inout AggregateOptions) -> Void = { _ in }) throws {
        store = try VerificationTestStore(locations)
        for location in locations {
            for d in 0..<14 {
                let day = Self.start + Int64(d) * 86400
                for h in 0..<24 {
                    try store.observe(location.id, "truth", "obs", .observed, at: day + Int64(h) * 3600, temp: 10 + Double(d),
                                      precip: h == 12 ? Self.rain[d] : 0)
                }
            }
            for (i, d) in (2..<14).enumerated() {
                try forecast(location.id, "a", d, lead: 1, max: 10 + Double(d) + Self.errorsA[i], precip: Self.rainA[i], prob: Self.popA[i])
                try forecast(location.id, "b", d, lead: 1, max: 10 + Double(d) + Self.errorsB[i])
            }
            for d in 10..<14 { try forecast(location.id, "a", d, lead: 2, max: 10 + Double(d) + (d == 13 ? 2 : 0)) }
            try forecast(location.id, "a", 13, lead: 3, max: 23)
        }
        try store.aggregate { options in
            options.bootstrap.samples = 200
            configure(&options)
        }
    }

    /// A day forecast of target day `d` issued at 03:00 UTC `lead` days before.
    func forecast(_ location: String, _ provider: String, _ d: Int, lead: Int, max: Double, precip: Double? = nil, prob: Double? = nil) throws {
        let from = Self.start + Int64(d) * 86400
        try store.dayForecast(location, provider, "x", issued: from - Int64(lead) * 86400 + 3 * 3600, from: from, to: from + 86400,
                              max: max, min: nil, precip: precip, prob: prob)
    }

    func row(_ sql: String) throws -> [SQLValue] { try store.rows(sql).first ?? [] }
}

struct DetailedScoresStoreTests {
    func close(_ v: SQLValue?, _ expected: Double, _ tolerance: Double = 1e-4) -> Bool {
        guard let x = v?.double else { return false }
        return abs(x - expected) <= tolerance
    }

    @Test func forecastScoresCarryIntervalsQuantilesTercilesAndSkill() throws {
        let f = try DetailedScoresFixture()
        let a = try f.row("""
            SELECT n, mae, mae_ci_low, mae_ci_high, bias_ci_low, bias_ci_high, rmse_ci_low, rmse_ci_high, ci_note, abs_error_p50,
                   abs_error_p90, bias_lower_tercile, bias_middle_tercile, bias_upper_tercile, n_persistence, mae_persistence,
                   mae_skill_persistence, n_climatology, mae_skill_climatology, skill_note
            FROM forecast_scores WHERE provider = 'a' AND variable = 'temp_max_c' AND lead_days = 1 AND location_id = '*'
            """)
        #expect(a[0] == .integer(12) && close(a[1], 14.0 / 12))
        // An interval around each score, from 12 dates > block length 3.
        #expect(a[2].double! <= 14.0 / 12 && a[3].double! >= 14.0 / 12 && a[2].double! < a[3].double!)
        #expect(a[4].double! <= 4.0 / 12 && a[5].double! >= 4.0 / 12)
        #expect(a[6].double! > 0 && a[7].double! >= a[6].double! && a[8] == .null)
        // |e| sorted 0 0 1 1 1 1 1 1 1 2 2 3: type-7 median 1, p90 at h = 9.9 → 2.
        #expect(close(a[9], 1) && close(a[10], 2))
        // Observed 12…23: cut points 15.667 and 19.333; errors (1, −1, 2, 0), (1, −2, 1, 0), (−1, 3, 1, −1).
        #expect(close(a[11], 0.5) && close(a[12], 0) && close(a[13], 0.5))
        // Persistence = observed of the day before the issue date = 10 + d − 2: |ref error| = 2 every day.
        #expect(a[14] == .integer(12) && close(a[15], 2) && close(a[16], 1 - (14.0 / 12) / 2))
        let skillCI = try f.row("SELECT skill_persistence_ci_low, skill_persistence_ci_high FROM forecast_scores WHERE provider = 'a' AND variable = 'temp_max_c' AND lead_days = 1 AND location_id = '*'")
        #expect(skillCI[0].double! < 1 - (14.0 / 12) / 2 && skillCI[1].double! > 1 - (14.0 / 12) / 2)
        // 14 days of record: no climatology, and the note says why.
        #expect(a[17] == .integer(0) && a[18] == .null)
        #expect(a[19].string?.contains("climatology needs ≥ 365 days of observations (14 days)") == true)
        // Lead 2 has 4 pairs: no interval, and the note says why.
        let lead2 = try f.row("SELECT mae_ci_low, ci_note FROM forecast_scores WHERE provider = 'a' AND lead_days = 2 AND location_id = '*'")
        #expect(lead2 == [.null, .text("n = 4 < 10: no interval")])
    }

    @Test func precipitationThresholdsAndReliability() throws {
        let f = try DetailedScoresFixture()
        // At 0.2 mm: hits 5, misses 2, false alarms 2, correct negatives 3.
        let t = try f.row("""
            SELECT n, hits, misses, false_alarms, correct_negatives, pod, far, csi, frequency_bias, ets, hss, pss FROM precip_thresholds
            WHERE provider = 'a' AND location_id = '*' AND threshold_mm = 0.2
            """)
        #expect(Array(t[0..<5]) == [.integer(12), .integer(5), .integer(2), .integer(2), .integer(3)])
        let ar = 7.0 * 7 / 12
        #expect(close(t[5], 5.0 / 7) && close(t[6], 2.0 / 7) && close(t[7], 5.0 / 9) && close(t[8], 1))
        #expect(close(t[9], (5 - ar) / (9 - ar)) && close(t[10], 22.0 / 70) && close(t[11], 11.0 / 35))
        // At 5 mm the three heavy days are all forecast: ETS 1.
        #expect(try f.row("SELECT hits, false_alarms, misses, ets FROM precip_thresholds WHERE provider = 'a' AND location_id = '*' AND threshold_mm = 5")
                == [.integer(3), .integer(0), .integer(0), .real(1)])
        #expect(try f.store.rows("SELECT threshold_mm FROM precip_thresholds WHERE provider = 'a' AND location_id = '*'").map { $0[0] }
                == [.real(0.2), .real(1), .real(5), .real(10)])
        // Bin 0.9–1: PoP 90, 100, 100, all wet.
        let bin = try f.row("SELECT n, mean_forecast_prob, observed_frequency FROM pop_reliability WHERE provider = 'a' AND location_id = '*' AND bin_low = 0.9")
        #expect(bin[0] == .integer(3) && close(bin[1], 2.9 / 3) && close(bin[2], 1))
        #expect(try f.row("SELECT SUM(n), COUNT(*) FROM pop_reliability WHERE provider = 'a' AND location_id = '*'") == [.integer(12), .integer(10)])
        // BS = 2.52/12 = 0.21; base rate 7/12, UNC = 35/144; BSS = 1 − BS/UNC; REL − RES + UNC (+ within-bin terms) = BS.
        let b = try f.row("""
            SELECT brier, brier_uncertainty, brier_skill, brier_reliability, brier_resolution FROM forecast_scores
            WHERE provider = 'a' AND variable = 'precip_mm' AND location_id = '*'
            """)
        #expect(close(b[0], 0.21) && close(b[1], 35.0 / 144) && close(b[2], 1 - 0.21 / (35.0 / 144)))
        #expect(b[3].double! >= 0 && b[4].double! >= 0)
    }

    @Test func consistencyMonthsAndComparison() throws {
        let f = try DetailedScoresFixture()
        // Target 13 of a: 23 (lead 3), 25 (lead 2), 22 (lead 1): revisions +2, −3.
        #expect(try f.row("""
            SELECT n_issues, longest_lead_days, shortest_lead_days, mean_abs_revision, sign_changes, flip_flop_share, flip_flop_index
            FROM forecast_consistency WHERE provider = 'a' AND variable = 'temp_max_c' AND target_date = '2024-05-14'
            """) == [.integer(3), .integer(3), .integer(1), .real(2.5), .integer(1), .real(1), .real(2)])
        // Revisions arriving at lead 1: |−1|, |3|, |1|, |−3| (targets 10…13).
        #expect(try f.row("SELECT n, mean_abs_revision FROM forecast_revisions_by_lead WHERE provider = 'a' AND variable = 'temp_max_c' AND lead_days = 1")
                == [.integer(4), .real(2)])
        #expect(try f.row("SELECT n, mae FROM scores_by_month WHERE provider = 'a' AND variable = 'temp_max_c' AND lead_days = 1")
                == [.integer(12), .real(Convert.round(14.0 / 12, 4))])
        // a against b: |e| differences −1, 0, −1, −1, −1, 0, −1, −1, −1, 0, −1, −1; the table holds the test's numbers.
        let c = try f.row("""
            SELECT source_a, source_b, n, mae_a, mae_b, mae_diff, mae_diff_ci_low, mae_diff_ci_high, hln_abs, p_abs, verdict
            FROM provider_comparison WHERE variable = 'temp_max_c' AND lead_days = 1
            """)
        let test = try DieboldMariano.test(errorsA: DetailedScoresFixture.errorsA, errorsB: DetailedScoresFixture.errorsB, horizon: 1,
                                           loss: .absolute).get()
        #expect(Array(c[0..<3]) == [.text("a/x"), .text("b/x"), .integer(12)])
        #expect(close(c[3], 14.0 / 12) && close(c[4], 23.0 / 12) && close(c[5], -0.75))
        #expect(close(c[6], test.interval.low, 1e-6) && close(c[7], test.interval.high, 1e-6) && close(c[8], test.hln, 1e-6))
        // DM = −0.75 / √(0.1875/12) = −6; HLN = −6 · √(11/12).
        #expect(close(c[8], -6 * (11.0 / 12).squareRoot(), 1e-6) && c[9].double! < 0.001)
        #expect(c[10] == .text("a/x beats b/x on temp_max_c at lead 1 d in Utopia: MAE 1.17 vs 1.92 °C, difference −0.75 [−1.04, −0.46], adjusted p < 0.001 (Holm, 1 comparison; p < 0.001 alone), n = 12 matched days"))
    }

    /// Intervals are seeded: the same options give the same tables, another seed other intervals.
    @Test func bootstrapIsReproducibleThroughTheAggregate() throws {
        let query = "SELECT mae_ci_low, mae_ci_high, bias_ci_low, rmse_ci_high FROM forecast_scores WHERE n >= 10 ORDER BY provider, variable, location_id"
        let first = try DetailedScoresFixture().store.rows(query)
        #expect(!first.isEmpty)
        #expect(try DetailedScoresFixture().store.rows(query) == first)
        #expect(try DetailedScoresFixture { $0.bootstrap.seed = 99 }.store.rows(query) != first)
    }

    /// Pooled sums are still the sums of the per-location rows; the pooled interval is recomputed.
    @Test func pooledSumsStillMergeAndIntervalsAreRecomputed() throws {
        let second = Location(id: "ut2", name: "Utopia 2", latitude: 1, longitude: 1, timeZone: "UTC", declared: true)
        let f = try DetailedScoresFixture(locations: [DetailedScoresFixture.place, second])
        let merged = try f.store.rows("""
            SELECT p.n - SUM(l.n), p.sum_abs_error - SUM(l.sum_abs_error), p.sum_sq_error - SUM(l.sum_sq_error), p.sum_f - SUM(l.sum_f)
            FROM forecast_scores p JOIN forecast_scores l ON l.provider = p.provider AND l.variable = p.variable
              AND l.lead_days IS p.lead_days AND l.lead_hours_bin IS p.lead_hours_bin AND l.location_id <> '*'
            WHERE p.location_id = '*' GROUP BY p.rowid
            """)
        #expect(!merged.isEmpty)
        for r in merged { #expect(r.allSatisfy { abs($0.double ?? 1) < 1e-9 }, "\(r)") }
        // 24 pairs on 12 dates: the pooled group has its own interval, and one comparison per place plus the pooled one.
        let pooled = try f.row("SELECT n, ci_dates FROM forecast_scores WHERE provider = 'a' AND variable = 'temp_max_c' AND lead_days = 1 AND location_id = '*'")
        #expect(pooled == [.integer(24), .integer(12)])
        #expect(try f.store.rows("SELECT location_id FROM provider_comparison WHERE variable = 'temp_max_c' ORDER BY 1").map { $0[0] }
                == [.text("*"), .text("ut"), .text("ut2")])
    }

    /// The skill interval: constant errors give zero width; the seed fixes it; a small group has none.
    @Test func skillIntervalOfConstantRatioHasZeroWidth() throws {
        let dates = (1...20).map { "2024-05-\($0 < 10 ? "0" : "")\($0)" }
        let constant = dates.map { SkillCase(date: $0, absError: 1, absReferenceError: 2) }
        let ci = try BlockBootstrap.skillInterval(constant, options: BootstrapOptions(samples: 200)).get()
        #expect(ci.low == 0.5 && ci.high == 0.5)
        let varied = dates.enumerated().map { SkillCase(date: $1, absError: Double($0 % 4), absReferenceError: 2 + Double($0 % 3)) }
        let one = try BlockBootstrap.skillInterval(varied, options: BootstrapOptions(samples: 200, seed: 5)).get()
        #expect(one == (try BlockBootstrap.skillInterval(varied, options: BootstrapOptions(samples: 200, seed: 5)).get()))
        #expect(one.width > 0)
        #expect(throws: IntervalUnavailable.self) { try BlockBootstrap.skillInterval(Array(varied.prefix(9)), options: BootstrapOptions()).get() }
    }
}
