import Foundation
import Testing
import TestSupport
import WeatherStore

/// Runs Tests/crosscheck_scores.py (an independent recomputation of the scores from
/// `forecast_pairs` with the `scores` package) over the fixtures and over a generated multi-city
/// archive; any disagreement beyond 1e-9 fails `make test`. python3 and `scores` are core
/// (`make test` installs them): without them this test fails.
struct CrossCheckTests {
    @Test func scoresAgreeWithAnIndependentRecomputation() throws {
        let dir = try temporaryFolder("crosscheck")
        defer { removeFolder(dir) }
        try CLI.layOutPipeline("default.json", in: dir)  // the fixtures, through the default pipeline
        let run = try CLI.run(["run", "--quiet"], cwd: dir)
        #expect(run.status == 0, "\(run.stderr)")
        try Self.crossCheck(dir + "/out/weather.sqlite")
        // A generated archive: four cities in four zones, two providers polled several times a day.
        guard try Python.run(repositoryRoot + "/Tests/make_verification_archive.py", [dir + "/generated"]) != nil else { return }
        let generated = try CLI.run(["run", "--quiet", dir + "/generated/pipeline.json"])
        #expect(generated.status == 0, "\(generated.stderr)")
        try Self.crossCheck(dir + "/generated/store.sqlite")
    }

    /// Runs the script on `store`, then compares the numbers it printed with `forecast_scores`
    /// as read here: every group, its n, and bias, MAE and RMSE (and POD, FAR, Brier where the
    /// group has a threshold) to 1e-9. So the check cannot pass on a script that printed
    /// "agree" without having computed anything, nor with another engine than `scores`.
    static func crossCheck(_ store: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        guard let out = try Python.run(repositoryRoot + "/Tests/crosscheck_scores.py", [store, "--json"], sourceLocation: sourceLocation)
        else { return }
        let lines = out.stdout.split(separator: "\n").map(String.init)
        print(lines.first ?? "crosscheck_scores.py printed nothing")
        #expect(lines.count == 2, "\(out.stdout)", sourceLocation: sourceLocation)
        guard lines.count == 2 else { return }
        #expect(lines[0].contains("agree to 1e-09 (scores "), "\(lines[0])", sourceLocation: sourceLocation)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any], sourceLocation: sourceLocation)
        #expect((report["engine"] as? String)?.hasPrefix("scores ") == true, "\(report["engine"] ?? "no engine")", sourceLocation: sourceLocation)
        let groups = report["groups"] as? [[String: Any]] ?? []
        let db = try Database(path: store, readOnly: true)
        let rows = try db.rows("""
            SELECT provider, product, IFNULL(model, '') || IFNULL(' (from ' || derived_from || ')', ''), location_id, variable, lead_kind,
                   COALESCE(CAST(lead_days AS TEXT), lead_hours_bin), n,
                   (sum_f - sum_o) / n, sum_abs_error / n, sum_sq_error / n, threshold_mm,
                   CASE WHEN hits + misses > 0 THEN 1.0 * hits / (hits + misses) END,
                   CASE WHEN hits + false_alarms > 0 THEN 1.0 * false_alarms / (hits + false_alarms) END,
                   CASE WHEN n_brier > 0 THEN sum_brier / n_brier END
            FROM forecast_scores
            """)
        #expect(groups.count == rows.count && rows.count > 10, "\(groups.count) groups printed, \(rows.count) in forecast_scores",
                sourceLocation: sourceLocation)
        let printed = Dictionary(groups.map { (($0["key"] as? [Any] ?? []).map { "\($0)" }.joined(separator: "|"), $0) },
                                 uniquingKeysWith: { a, _ in a })
        var compared = 0
        for row in rows {
            let key = row[0..<7].map { $0.string ?? "\($0.int ?? -1)" }.joined(separator: "|")
            guard let group = printed[key] else {
                Issue.record("\(key): in forecast_scores, not printed by crosscheck_scores.py", sourceLocation: sourceLocation)
                continue
            }
            #expect((group["n"] as? Int).map(Int64.init) == row[7].int, "\(key): n", sourceLocation: sourceLocation)
            var checks = [("bias", row[8].double), ("mae", row[9].double), ("rmse", row[10].double?.squareRoot())]
            if row[11] != .null { checks += [("pod", row[12].double), ("far", row[13].double), ("brier", row[14].double)] }
            for (name, stored) in checks {
                let mine = (group[name] as? NSNumber)?.doubleValue
                #expect((mine == nil) == (stored == nil), "\(key) \(name): \(mine as Any) vs \(stored as Any)", sourceLocation: sourceLocation)
                if let mine, let theirs = stored {
                    #expect(abs(mine - theirs) <= 1e-9, "\(key) \(name): scores \(mine), wxpipe \(theirs)", sourceLocation: sourceLocation)
                    compared += 1
                }
            }
        }
        #expect(compared >= 3 * rows.count, "only \(compared) numbers compared", sourceLocation: sourceLocation)
    }
}
