import Foundation
import Testing
import TestSupport
import WeatherStore

/// A generated real-shaped archive (Tests/make_derived_days_archive.py: 16-day hourly Open-Meteo
/// replies fetched with `&timezone=auto` at New York across the end of DST, archive replies as
/// truth) through the CLI, and every pair and score of it recomputed without wxpipe
/// (Tests/check_derived_days.py: zoneinfo and plain arithmetic) to 1e-9: hour pairs, the
/// provider's own days and the days derived from its hours, day 1 to day 15.
struct DerivedDaysArchiveTests {
    @Test func pairsAndScoresOfDerivedDaysAgreeWithAnIndependentRecomputation() throws {
        let dir = try temporaryFolder("derived-days")
        defer { removeFolder(dir) }
        guard try Python.run(repositoryRoot + "/Tests/make_derived_days_archive.py", [dir]) != nil else { return }
        let run = try CLI.run(["run", "--quiet", dir + "/pipeline.json"])
        #expect(run.status == 0, "\(run.stderr)")
        let store = dir + "/store.sqlite"
        guard let out = try Python.run(repositoryRoot + "/Tests/check_derived_days.py", [dir, store]) else { return }
        let lines = out.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.contains("agree to 1e-9") == true, "\(out.stdout)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data((lines.last ?? "{}").utf8)) as? [String: Any])
        // Twelve replies of 384 hours: most hours pair; every lead day of a 16-day product but day 0
        // (a partial hindcast) is scored, and every hour bin to 360+.
        #expect((summary["hour_pairs"] as? Int ?? 0) > 4000, "\(summary)")
        #expect((summary["derived_day_pairs"] as? Int ?? 0) > 400 && (summary["own_day_pairs"] as? Int ?? 0) > 400, "\(summary)")
        #expect(summary["derived_leads"] as? [Int] == Array(1...15), "\(summary)")
        #expect(summary["hour_bins"] as? [String] == ["0-6", "6-12", "12-24", "24-48", "48-72", "72-120", "120-168", "168-240",
                                                       "240-360", "360+"], "\(summary)")

        // The same check with the instants placed by the zone's DST rules instead of the reply's
        // offset must disagree: the comparison can tell the two apart.
        let iana = try Python.run(repositoryRoot + "/Tests/check_derived_days.py", [dir, store, "--iana"], allowedStatuses: [1])
        #expect(iana?.stdout.contains("FAILED") == true, "\(iana?.stdout ?? "")")

        // The derived source is its own, beside the provider's daily product, in scores_by_lead too.
        let db = try Database(path: store, readOnly: true)
        let sources = try db.rows("SELECT DISTINCT IFNULL(derived_from, '') FROM scores_by_lead WHERE variable = 'temp_max_c' ORDER BY 1")
        #expect(sources == [[.text("")], [.text("hour")]])
        // 2024-11-03 has 25 hours in New York; the reply fetched on 31 October (EDT) covers all of
        // them. The one of 1 November lacks the amount labelled 13:00 that day: 24 hours, no total.
        let fallBack = try db.rows("""
            SELECT issued_at_utc, hours_in_day, hours_covered, precip_hours_covered, precip_mm IS NULL FROM derived_day_forecasts
            WHERE target_date = '2024-11-03' AND issued_at_utc IN ('2024-10-31T06:30:00Z', '2024-11-01T06:30:00Z') ORDER BY 1
            """)
        #expect(fallBack == [[.text("2024-10-31T06:30:00Z"), .integer(25), .integer(25), .integer(25), .integer(0)],
                             [.text("2024-11-01T06:30:00Z"), .integer(25), .integer(25), .integer(24), .integer(1)]])
    }
}
