import Foundation
import Testing
import TestSupport
import WeatherStore

/// The verification rules where a store mixes truth and nowcasts (a provider must not be verified
/// against its own reply), run as a user would: a One Call reply with `current`, an OWM
/// current-weather series and an Open-Meteo archive, all for London, through `wxpipe run`.
struct VerificationStoreTests {
    func runLondon(_ extra: String = "") throws -> (Database, String, ProcessOutput) {
        let dir = try temporaryFolder("e2e")
        let f = repositoryRoot + "/Fixtures/inputs"
        let pipeline = """
            {"inputs": ["\(f)/providers/owm-onecall", "\(f)/standard", "\(f)/providers/open-meteo/london-archive-2024-05-01.json"],
             "store": "w.sqlite", "issue_selection": "all"\(extra),
             "locations": [{"id": "london", "name": "London", "lat": 51.5085, "lon": -0.1257, "timezone": "Europe/London"}]}
            """
        try pipeline.write(toFile: dir + "/p.json", atomically: true, encoding: .utf8)
        let r = try CLI.run(["run", dir + "/p.json"])
        return (try Database(path: dir + "/w.sqlite", readOnly: true), dir, r)
    }

    @Test func noPairUsesOneCallsOwnCurrentBlockAndEachDayHasOneSource() throws {
        let (db, dir, r) = try runLondon()
        defer { removeFolder(dir) }
        #expect(r.status == 0, "\(r.stderr)")
        // The three sources are there, One Call's current blocks as nowcasts.
        #expect(try db.rows("SELECT product, role FROM observations GROUP BY 1, 2 ORDER BY 1")
                == [[.text("archive"), .text("observed")], [.text("current"), .text("observed")], [.text("onecall"), .text("nowcast")]])
        let onecallPairs = try db.scalar("SELECT COUNT(*) FROM forecast_pairs WHERE product = 'onecall'")?.int ?? 0
        #expect(onecallPairs > 0)
        // No pair's truth is One Call, by its recorded source or by the observation it points at.
        #expect(try db.scalar("SELECT COUNT(*) FROM forecast_pairs WHERE truth_product = 'onecall' OR truth_product IS NULL")?.int == 0)
        #expect(try db.scalar("""
            SELECT COUNT(*) FROM forecast_pairs p JOIN observations o ON o.id = p.observation_id
            WHERE o.product = 'onecall' OR o.product <> p.truth_product
            """)?.int == 0)
        // Each day's values are those of its one truth source, recomputed here over the local day (BST = UTC+1).
        let days = try db.rows("SELECT local_date, truth_source, temp_max_c, temp_min_c FROM daily_observed WHERE complete = 1 ORDER BY 1")
        #expect(days.count >= 5)
        for d in days {
            guard let date = d[0].string, let source = d[1].string else { Issue.record("no truth source: \(d)"); continue }
            let parts = source.split(separator: "/").map(String.init)
            let independent = try db.rows("""
                SELECT MAX(temp_c), MIN(temp_c) FROM observations WHERE location_id = 'london' AND provider = ? AND product = ?
                AND datetime(observed_at_utc, '+1 hour') >= ? AND datetime(observed_at_utc, '+1 hour') < date(?, '+1 day')
                """, [.text(parts[0]), .text(parts[1]), .text(date), .text(date)])
            #expect([d[2], d[3]] == independent[0], "\(date) \(source)")
        }
        // Day pairs take the day's values from the source daily_observed names.
        #expect(try db.scalar("""
            SELECT COUNT(*) FROM forecast_pairs p JOIN daily_observed d ON d.location_id = p.location_id AND d.local_date = p.target_date
            WHERE p.period = 'day' AND d.truth_source <> p.truth_provider || '/' || p.truth_product
            """)?.int == 0)
    }

    /// The aggregate command's verification flags: the One Call replies were fetched at 07:00
    /// BST, after a 05:00 cutoff, so none is selected; a bad mode is a usage error.
    @Test func aggregateCommandFlags() throws {
        let (db, dir, r) = try runLondon()
        defer { removeFolder(dir) }
        #expect(r.status == 0, "\(r.stderr)")
        let before = try db.scalar("SELECT COUNT(*) FROM forecast_pairs WHERE product = 'onecall'")?.int ?? 0
        #expect(before > 0)
        let strict = try CLI.run(["aggregate", "--db", dir + "/w.sqlite", "--issue-selection", "latest_before", "--issue-cutoff", "05:00"])
        #expect(strict.status == 0, "\(strict.stderr)")
        #expect(strict.stderr.contains("forecasts not selected"), "\(strict.stderr)")
        #expect(try db.scalar("SELECT COUNT(*) FROM forecast_pairs WHERE product = 'onecall'")?.int == 0)
        let all = try CLI.run(["aggregate", "--db", dir + "/w.sqlite", "--issue-selection", "all", "--allow-self-reference",
                              "--reference", "openweathermap/onecall"])
        #expect(all.status == 0, "\(all.stderr)")
        #expect(try db.scalar("SELECT COUNT(*) FROM forecast_pairs WHERE truth_product = 'onecall'")?.int ?? 0 > 0)
        #expect(try CLI.run(["aggregate", "--db", dir + "/w.sqlite", "--issue-selection", "latest"]).status == 2)
        #expect(try CLI.run(["aggregate", "--db", dir + "/w.sqlite", "--issue-cutoff", "6am"]).status == 2)
    }

    @Test func namingTheNowcastWithoutPermissionStillLeavesOneCallWithoutTruth() throws {
        let (db, dir, r) = try runLondon(#", "reference": ["openweathermap/onecall"]"#)
        defer { removeFolder(dir) }
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try db.scalar("SELECT COUNT(*) FROM forecast_pairs WHERE product = 'onecall'")?.int == 0)
        #expect(try db.scalar("SELECT SUM(n) FROM verification_exclusions WHERE reason = 'own_observations_only'")?.int ?? 0 > 0)
        #expect(r.stderr.contains("forecasts whose only truth was their own observations"), "\(r.stderr)")
    }
}
