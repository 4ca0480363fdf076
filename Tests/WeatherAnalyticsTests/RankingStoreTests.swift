import Foundation
import Testing
import WeatherCore
import WeatherStore
@testable import WeatherAnalytics

/// `provider_ranking`, the issue alignment and hourly comparisons on stores built for the
/// purpose, against values worked out from the construction (in the comments).
///
/// One UTC place, days 2024-05-01 + d with a constant temperature 10 + d all day (so the day's
/// high is 10 + d). Day forecasts of target d (d = 1…29) issued at 03:00 UTC the day before.
struct RankingStoreTests {
    static let place = Location(id: "ut", name: "Utopia", latitude: 0, longitude: 0, timeZone: "UTC", declared: true)
    static let start = UTCTime.parseISO8601("2024-05-01T00:00:00Z")!
    static let days = 1..<30

    /// good: e = 1 + 0.5 sin d; twin: −e (the same |e| every day); near: e + 0.3 (−1)^d + 0.02;
    /// bad: e + 3 + 0.5 sin 2d.
    static func error(_ source: String, _ d: Int) -> Double {
        let e = 1 + 0.5 * sin(Double(d))
        switch source {
        case "twin": return -e
        case "near": return e + 0.3 * (d % 2 == 0 ? 1 : -1) + 0.02
        case "bad": return e + 3 + 0.5 * sin(2 * Double(d))
        default: return e
        }
    }

    static func store(_ sources: [String], issueShiftHours: (String, Int) -> Int = { _, _ in 0 },
                      configure: (inout AggregateOptions) -> Void = { _ in }) throws -> VerificationTestStore {
        let store = try VerificationTestStore([place])
        try store.observeHours("ut", "truth", "obs", from: start, hours: 31 * 24) { 10 + Double($0 / 24) }
        for source in sources {
            for d in days {
                let from = start + Int64(d) * 86400
                try store.dayForecast("ut", source, "x", issued: from - 86400 + Int64(3 + issueShiftHours(source, d)) * 3600,
                                      from: from, to: from + 86400, max: 10 + Double(d) + error(source, d), min: nil)
            }
        }
        try store.aggregate { options in
            options.bootstrap.samples = 200
            options.issueSelection = .all
            configure(&options)
        }
        return store
    }

    /// good and twin have the same |e| every day: their loss difference is constant, so no test
    /// can tell them apart and they are tied by construction; near differs from good by ±0.3
    /// alternating (+0.02): not significant; bad is ~3 °C worse every day: group 2.
    @Test func tiesByConstructionShareTheBestsGroup() throws {
        let store = try Self.store(["good", "twin", "near", "bad"])
        let rows = try store.rows("""
            SELECT source, rank, rank_group, tied_with, n_sources, n, n_cases, mae, mae_diff_best, p_adjusted, mdd, n_effective, note
            FROM provider_ranking WHERE variable = 'temp_max_c' AND lead_days = 1 ORDER BY rank
            """)
        #expect(rows.map { $0[0] } == [.text("good/x"), .text("twin/x"), .text("near/x"), .text("bad/x")])
        #expect(rows.map { $0[1] } == [.integer(1), .integer(2), .integer(3), .integer(4)])
        #expect(rows.map { $0[2] } == [.integer(1), .integer(1), .integer(1), .integer(2)])
        #expect(rows[0][3] == .text("twin/x, near/x") && rows[1][3] == .text("good/x, near/x") && rows[3][3] == .text(""))
        for r in rows { #expect(r[4] == .integer(4) && r[5] == .integer(29) && r[6] == .integer(29)) }
        let goodMAE = Self.days.map { abs(Self.error("good", $0)) }.reduce(0, +) / 29
        let nearMAE = Self.days.map { abs(Self.error("near", $0)) }.reduce(0, +) / 29
        #expect(abs(rows[0][7].double! - goodMAE) < 1e-6 && abs(rows[1][7].double! - goodMAE) < 1e-6)
        #expect(abs(rows[2][8].double! - (nearMAE - goodMAE)) < 1e-6)
        // twin: no test (constant difference), so no p and a note; near: large p; bad: tiny p.
        #expect(rows[0][9] == .null && rows[1][9] == .null && rows[1][12].string?.contains("no test") == true)
        #expect(rows[2][9].double! > 0.5 && rows[3][9].double! < 0.001)
        // near − good alternates ±0.3 (+0.02): ρ₁ < 0, so n_eff = n = 29, and
        // mdd = (z(1 − 0.05/m/2) + z(0.8)) · sd(d) / √29 with m = 5 tests (the twin pair has none).
        let d = Self.days.map { abs(Self.error("near", $0)) - abs(Self.error("good", $0)) }
        let mean = d.reduce(0, +) / 29
        let sd = (d.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / 29).squareRoot()
        let mdd = (StandardNormal.quantile(1 - 0.05 / 5 / 2) + StandardNormal.quantile(0.8)) * sd / 29.0.squareRoot()
        #expect(rows[2][11] == .real(29) && abs(rows[2][10].double! - mdd) < 1e-6, "\(rows[2])")
        #expect(rows[0][10] == .null)
        // The best's interval brackets its MAE.
        let ci = try store.rows("SELECT mae_ci_low, mae_ci_high FROM provider_ranking WHERE rank = 1")[0]
        #expect(ci[0].double! <= goodMAE && goodMAE <= ci[1].double!)
    }

    /// Issue alignment: b's forecasts of days 1…5 are issued 5 h after a's (8:00 instead of 3:00),
    /// of days 6…8 2 h after, the rest at the same time. With the default 3 h, the five cases
    /// are left out of the comparison and of the ranking and counted; the gaps over all 29 matched
    /// cases: 5 × 5 h, 3 × 2 h, 21 × 0 → median 0, max 5. With 6 h they all stay.
    @Test func misalignedIssuesAreDroppedAndCounted() throws {
        let shift: (String, Int) -> Int = { s, d in s == "bad" ? (d <= 5 ? 5 : d <= 8 ? 2 : 0) : 0 }
        let strict = try Self.store(["good", "bad"], issueShiftHours: shift)
        let c = try strict.rows("SELECT n, n_cases, n_misaligned, issue_gap_hours_median, issue_gap_hours_max, verdict FROM provider_comparison")
        #expect(c.count == 1)
        #expect(Array(c[0][0..<5]) == [.integer(24), .integer(24), .integer(5), .real(0), .real(5)], "\(c)")
        #expect(c[0][5].string?.hasSuffix("n = 24 matched days (5 cases left out: issues more than 3.0 h apart)") == true, "\(c)")
        let r = try strict.rows("SELECT n, n_misaligned, issue_gap_hours_max FROM provider_ranking ORDER BY rank")
        #expect(r == [[.integer(24), .integer(5), .real(5)], [.integer(24), .integer(5), .real(5)]])
        let loose = try Self.store(["good", "bad"], issueShiftHours: shift, configure: { $0.issueAlignmentHours = 6 })
        #expect(try loose.rows("SELECT n, n_misaligned FROM provider_comparison") == [[.integer(29), .integer(0)]])
        #expect(try loose.rows("SELECT value FROM meta WHERE key = 'aggregate.issue_alignment_hours'") == [[.text("6.0")]])
    }

    /// The family's p-values are adjusted together: with four sources, six comparisons; the
    /// adjusted p of each is Holm's over the six raw ones (BH's with `p_adjustment: bh`), and
    /// the verdict says "beats" only on the adjusted one.
    @Test func comparisonsAreAdjustedWithinTheirFamily() throws {
        for method in [PAdjustment.holm, .bh] {
            let store = try Self.store(["good", "twin", "near", "bad"], configure: { $0.pAdjustment = method })
            let rows = try store.rows("""
                SELECT p_abs, p_adjusted, p_adjustment, family_size, verdict FROM provider_comparison
                WHERE variable = 'temp_max_c' ORDER BY rowid
                """)
            #expect(rows.count == 6)
            let raw = rows.map { $0[0].double }
            let expected = method.adjust(raw)
            for (r, e) in zip(rows, expected) {
                #expect(r[1].double.map { abs($0 - e!) < 1e-5 } ?? (e == nil), "\(r)")
                #expect(r[2] == .text(method.rawValue) && r[3] == .integer(5))
                if let p = r[1].double { #expect((r[4].string?.contains(" beats ") == true) == (p < 0.05), "\(r)") }
            }
            #expect(rows.compactMap { $0[4].string }.allSatisfy { $0.contains("(\(method == .holm ? "Holm" : "Benjamini–Hochberg"), 5 comparisons; ") || $0.contains("no test") })
        }
    }

    /// Hourly leads: p's forecasts are 0.5 °C too warm, q's 2 °C + 0.5 sin h, for the hours
    /// 12…23 of days 1…10, issued at midnight (leads 12…23 h: bin 12-24). One comparison and
    /// one ranking of that bin, on 10 dates (the test's series) and 120 matched hours.
    @Test func hourlyLeadBinsAreComparedAndRanked() throws {
        let store = try VerificationTestStore([Self.place])
        try store.observeHours("ut", "truth", "obs", from: Self.start, hours: 12 * 24) { 10 + Double($0 % 24) / 4 }
        for d in 1...10 {
            let day = Self.start + Int64(d) * 86400
            for h in 12..<24 {
                let at = day + Int64(h) * 3600, truth = 10 + Double(h) / 4
                try store.pointForecast("ut", "p", "x", issued: day, from: at - 3600, at: at, temp: truth + 0.5)
                try store.pointForecast("ut", "q", "x", issued: day, from: at - 3600, at: at, temp: truth + 2 + 0.5 * sin(Double(d * 24 + h)))
            }
        }
        try store.aggregate { $0.bootstrap.samples = 100 }
        let c = try store.rows("SELECT lead_kind, lead_days, lead_hours_bin, n, n_cases, mae_a, verdict FROM provider_comparison WHERE variable = 'temp_c'")
        #expect(c.count == 1)
        #expect(Array(c[0][0..<6]) == [.text("hour"), .null, .text("12-24"), .integer(10), .integer(120), .real(0.5)], "\(c)")
        #expect(c[0][6].string?.hasPrefix("p/x beats q/x on temp_c at lead 12-24 h in Utopia: MAE 0.50 vs ") == true, "\(c)")
        let r = try store.rows("SELECT source, rank, rank_group, lead_hours_bin FROM provider_ranking WHERE variable = 'temp_c' ORDER BY rank")
        #expect(r == [[.text("p/x"), .integer(1), .integer(1), .text("12-24")], [.text("q/x"), .integer(2), .integer(2), .text("12-24")]])
    }

    /// A source that shares too few cases is listed unranked with the reason, never dropped.
    @Test func aSparseSourceIsListedNotRanked() throws {
        let store = try VerificationTestStore([Self.place])
        try store.observeHours("ut", "truth", "obs", from: Self.start, hours: 31 * 24) { 10 + Double($0 / 24) }
        for d in Self.days {
            let from = Self.start + Int64(d) * 86400
            for source in ["good", "bad"] + (d <= 2 ? ["rare"] : []) {
                try store.dayForecast("ut", source, "x", issued: from - 86400 + 3 * 3600, from: from, to: from + 86400,
                                      max: 10 + Double(d) + Self.error(source, d), min: nil)
            }
        }
        try store.aggregate { $0.bootstrap.samples = 50 }
        let r = try store.rows("SELECT source, rank, n_sources, n, mae, note FROM provider_ranking ORDER BY rowid")
        #expect(r.map { $0[0] } == [.text("good/x"), .text("bad/x"), .text("rare/x")])
        #expect(r[2][1] == .null && r[2][2] == .integer(2) && r[2][3] == .null && r[2][4] == .null)
        #expect(r[2][5].string?.hasPrefix("not ranked: 2 cases here") == true, "\(r[2])")
        #expect(r[0][3] == .integer(29))
    }
}
