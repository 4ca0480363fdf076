import Foundation
import Testing
import TestSupport
import WeatherStore

/// `wxpipe run` then `wxpipe compare`, as a user would: forty days of an Open-Meteo archive as
/// the truth and a two-model Open-Meteo forecast fetched every morning, one model close to the
/// truth (`good`), one 1 to 3 °C too warm (`poor`).
struct CompareEndToEndTests {
    static let days = 40
    static let firstDay: Int64 = 1_714_521_600  // 2024-05-01T00:00:00Z

    static func truth(_ d: Int) -> Double { 14 + 4 * sin(Double(d) * 0.7) }

    /// The archive reply (hourly, unixtime) and one forecast reply per issue day, as NDJSON envelopes.
    static func archive() -> String {
        let hours = (0..<(days * 24)).map { firstDay + Int64($0) * 3600 }
        let temps = hours.indices.map { truth($0 / 24) }
        var lines = [envelope(fetched: firstDay + Int64(days + 1) * 86400,
                              url: "https://archive-api.open-meteo.com/v1/archive?latitude=52&longitude=-2.7&hourly=temperature_2m&timeformat=unixtime",
                              body: #""hourly_units": {"time": "unixtime", "temperature_2m": "°C"}, "hourly": {"time": \#(hours), "temperature_2m": \#(temps)}"#)]
        for i in 0..<(days - 1) {
            let target = i + 1
            let good = truth(target) + 0.4 * sin(Double(target) * 1.3), poor = truth(target) + 2 + cos(Double(target))
            let date = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: TimeInterval(firstDay + Int64(target) * 86400))).prefix(10)
            lines.append(envelope(fetched: firstDay + Int64(i) * 86400 + 3 * 3600,
                                  url: "https://api.open-meteo.com/v1/forecast?latitude=52&longitude=-2.7&daily=temperature_2m_max&models=good,poor&timezone=GMT",
                                  body: #""daily_units": {"time": "iso8601", "temperature_2m_max_good": "°C", "temperature_2m_max_poor": "°C"}, "#
                                      + #""daily": {"time": ["\#(date)"], "temperature_2m_max_good": [\#(good)], "temperature_2m_max_poor": [\#(poor)]}"#))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func envelope(fetched: Int64, url: String, body: String) -> String {
        #"{"fetched_at": \#(fetched), "url": "\#(url)", "provider": "open-meteo", "location": {"id": "here"}, "response": "#
            + #"{"latitude": 52.0, "longitude": -2.7, "utc_offset_seconds": 0, "timezone": "GMT", "elevation": 60, \#(body)}}"#
    }

    @Test func compareSaysWhichModelIsBetterWithIntervalAndPValue() throws {
        let dir = try temporaryFolder("e2e")
        defer { removeFolder(dir) }
        try FileManager.default.createDirectory(atPath: dir + "/in", withIntermediateDirectories: true)
        try Self.archive().write(toFile: dir + "/in/replies.ndjson", atomically: true, encoding: .utf8)
        try """
            {"inputs": ["in"], "store": "w.sqlite", "bootstrap_samples": 100, "bootstrap_seed": 7,
             "locations": [{"id": "here", "name": "Hereford", "lat": 52.0, "lon": -2.7, "timezone": "UTC"}],
             "export": {"report": "r.html"}}
            """.write(toFile: dir + "/p.json", atomically: true, encoding: .utf8)
        let run = try CLI.run(["run", dir + "/p.json"])
        #expect(run.status == 0, "\(run.stderr)")
        let all = try CLI.run(["compare", "--db", dir + "/w.sqlite"])
        #expect(all.status == 0, "\(all.stderr)")
        let lines = all.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 1, "\(all.stdout)")
        let line = try #require(lines.first)
        #expect(line.hasPrefix("open-meteo/forecast/good beats open-meteo/forecast/poor on temp_max_c at lead 1 d in Hereford: MAE "), "\(line)")
        #expect(line.contains(" °C, difference −") && line.contains("p < 0.001") && line.hasSuffix("n = 39 matched days"), "\(line)")
        // Named in the other order, the winner is still named first; a filter that matches nothing says so.
        let reversed = try CLI.run(["compare", "--db", dir + "/w.sqlite", "open-meteo/forecast/poor", "open-meteo/forecast/good", "--lead", "1"])
        #expect(reversed.stdout.hasPrefix("open-meteo/forecast/good beats open-meteo/forecast/poor"), "\(reversed.stdout)")
        let none = try CLI.run(["compare", "--db", dir + "/w.sqlite", "--variable", "precip_mm"])
        #expect(none.status == 0 && none.stdout.isEmpty && none.stderr.contains("no two sources share a matched case"), "\(none.stderr)")
        // The MAEs the verdict quotes, derived from the archive's own formulas: the daily maximum
        // is the day's constant truth, so good's error on day t is 0.4 sin(1.3 t) and poor's
        // 2 + cos t, for the 39 target days 1…39 (a forecast for the next day each morning).
        let goodMAE = (1...39).map { abs(0.4 * sin(Double($0) * 1.3)) }.reduce(0, +) / 39
        let poorMAE = (1...39).map { abs(2 + cos(Double($0))) }.reduce(0, +) / 39
        let quoted = "MAE " + String(format: "%.2f vs %.2f", goodMAE, poorMAE) + " °C, difference −" + String(format: "%.2f", poorMAE - goodMAE)
        #expect(line.contains(quoted), "\(line) should quote \(quoted)")
        // And the stored pairs carry those errors (SQL on forecast_pairs, not the comparison's own tables).
        let db = try Database(path: dir + "/w.sqlite", readOnly: true)
        for (model, mae) in [("good", goodMAE), ("poor", poorMAE)] {
            let rows = try db.rows("SELECT COUNT(*), AVG(ABS(forecast - observed)) FROM forecast_pairs WHERE model = ? AND lead_days = 1",
                                   [.text(model)])[0]
            #expect(rows[0].int == 39 && abs((rows[1].double ?? .nan) - mae) < 1e-9, "\(model): \(rows)")
        }
        // The same verdict is in the store; the intervals are there at 39 pairs; the report quotes it.
        #expect(try db.scalar("SELECT verdict FROM provider_comparison")?.string == line)
        #expect(try db.scalar("SELECT COUNT(*) FROM forecast_scores WHERE n = 39 AND mae_ci_low < mae AND mae < mae_ci_high")?.int == 4)
        let html = try String(contentsOfFile: dir + "/r.html", encoding: .utf8)
        #expect(html.contains(line.replacingOccurrences(of: "<", with: "&lt;")))
        #expect(try CLI.run(["compare", "--db", dir + "/missing.sqlite"]).status == 1)
        // An imperial export converts the intervals with the MAE they bracket (°C differences × 1.8).
        let export = try CLI.run(["export", "--db", dir + "/w.sqlite", "--out", dir + "/csv", "--table", "forecast_scores", "--units", "imperial"])
        #expect(export.status == 0, "\(export.stderr)")
        let csv = try String(contentsOfFile: dir + "/csv/forecast_scores.csv", encoding: .utf8).split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let header = csv[0], row = try #require(csv.dropFirst().first { $0.contains("good") && $0.contains("*") })
        let metric = try #require(db.rows("SELECT mae, mae_ci_low FROM forecast_scores WHERE model = 'good' AND location_id = '*'").first)
        for (column, value) in [("mae", metric[0].double!), ("mae_ci_low", metric[1].double!)] {
            let index = try #require(header.firstIndex(of: column))
            #expect(abs(Double(row[index])! - value * 1.8) < 1e-3, "\(column)")
        }
    }

    /// `wxpipe rank` on the same archive: good ranks first, poor (1 to 3 °C worse every day) in a
    /// group of its own; as text, CSV and JSON; the report opens with the same ranking.
    @Test func rankPutsTheBetterModelFirstInEveryFormat() throws {
        let dir = try temporaryFolder("e2e")
        defer { removeFolder(dir) }
        try FileManager.default.createDirectory(atPath: dir + "/in", withIntermediateDirectories: true)
        try Self.archive().write(toFile: dir + "/in/replies.ndjson", atomically: true, encoding: .utf8)
        try """
            {"inputs": ["in"], "store": "w.sqlite", "bootstrap_samples": 100,
             "locations": [{"id": "here", "name": "Hereford", "lat": 52.0, "lon": -2.7, "timezone": "UTC"}],
             "export": {"report": "r.html"}}
            """.write(toFile: dir + "/p.json", atomically: true, encoding: .utf8)
        #expect(try CLI.run(["run", dir + "/p.json"]).status == 0)
        let text = try CLI.run(["rank", "--db", dir + "/w.sqlite", "--variable", "temp_max_c"])
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        let goodMAE = (1...39).map { abs(0.4 * sin(Double($0) * 1.3)) }.reduce(0, +) / 39
        let poorMAE = (1...39).map { abs(2 + cos(Double($0))) }.reduce(0, +) / 39
        #expect(lines.count == 3, "\(text.stdout)")
        #expect(lines.first == "temp_max_c at lead 1 d in Hereford: 2 sources on 39 matched days, Holm-adjusted")
        #expect(lines.dropFirst().first?.hasPrefix("  1. open-meteo/forecast/good (group 1): MAE \(String(format: "%.2f", goodMAE)) °C [") == true, "\(lines)")
        #expect(lines.last?.hasPrefix("  2. open-meteo/forecast/poor (group 2): MAE \(String(format: "%.2f", poorMAE)) °C [") == true, "\(lines)")
        #expect(lines.last?.contains(", +\(String(format: "%.2f", poorMAE - goodMAE)) vs the best, adjusted p < 0.001, detectable ≥ ") == true, "\(lines)")
        let csv = try CLI.run(["rank", "--db", dir + "/w.sqlite", "--format", "csv", "--lead", "1"])
        let rows = csv.stdout.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        #expect(rows.count == 3 && rows[0].prefix(7) == ["source", "variable", "lead_kind", "lead_days", "lead_hours_bin", "location_id", "rank"], "\(csv.stdout)")
        #expect(rows.dropFirst().map { $0[0] } == ["open-meteo/forecast/good", "open-meteo/forecast/poor"])
        let json = try CLI.run(["rank", "--db", dir + "/w.sqlite", "--format", "json"])
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(objects.map { $0["rank_group"] as? Int } == [1, 2] && objects.map { $0["n"] as? Int } == [39, 39])
        // The report opens with the verdict, ahead of the pairwise comparisons.
        let html = try String(contentsOfFile: dir + "/r.html", encoding: .utf8)
        let verdict = try #require(html.range(of: "<h2>The verdict: which source is best</h2>"))
        let pairs = try #require(html.range(of: "<h2>Who is better, pair by pair</h2>"))
        #expect(verdict.lowerBound < pairs.lowerBound && html.contains("data-table=\"ranking\""))
        #expect(html.contains("<td class=\"t\">open-meteo/forecast/good</td>"))
        // Without adjustment the sentence says so; a store without pairs is refused.
        let none = try CLI.run(["compare", "--db", dir + "/w.sqlite", "--p-adjustment", "none"])
        #expect(none.stdout.contains("p < 0.001 (unadjusted, 1 comparison), n = 39 matched days"), "\(none.stdout)")
        #expect(try CLI.run(["rank", "--db", dir + "/missing.sqlite"]).status == 1)
    }

    /// `wxpipe run Pipelines/forecast-accuracy.json`, then `wxpipe compare` on its store: the
    /// 45-day season fixture gives enough matched days for a verdict with interval and p-value.
    @Test func compareRunsOnTheForecastAccuracyPipeline() throws {
        let dir = try temporaryFolder("e2e")
        defer { removeFolder(dir) }
        try CLI.layOutPipeline("forecast-accuracy.json", in: dir)
        let run = try CLI.run(["run", "--quiet", "Pipelines/forecast-accuracy.json"], cwd: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let compare = try CLI.run(["compare", "--db", "out/forecast-accuracy.sqlite", "openweathermap/onecall", "open-meteo/forecast",
                                  "--variable", "temp_min_c", "--lead", "1", "--location", "london"], cwd: dir)
        #expect(compare.status == 0, "\(compare.stderr)")
        // The expected line, derived without wxpipe's comparison code: the matched days are the
        // target dates both sources have a pair for (SQL on forecast_pairs), the MAEs their mean
        // absolute errors, and the difference's interval and p-value the HLN-corrected
        // Diebold–Mariano test of Tests/dm_crosscheck.py (scipy) on the absolute errors.
        let db = try Database(path: dir + "/out/forecast-accuracy.sqlite", readOnly: true)
        let matched = try db.rows("""
            SELECT a.forecast - a.observed, b.forecast - b.observed FROM forecast_pairs a JOIN forecast_pairs b
              ON b.target_date = a.target_date AND b.location_id = a.location_id AND b.variable = a.variable AND b.lead_days = a.lead_days
            WHERE a.provider = 'openweathermap' AND a.product = 'onecall' AND b.provider = 'open-meteo' AND b.product = 'forecast'
              AND a.derived_from IS NULL AND b.derived_from IS NULL
              AND a.location_id = 'london' AND a.variable = 'temp_min_c' AND a.lead_days = 1
            ORDER BY a.target_date
            """)
        let a = matched.compactMap { $0[0].double }, b = matched.compactMap { $0[1].double }
        try #require(a.count == matched.count && b.count == matched.count && a.count > 30, "\(matched.count) matched days")
        let input = try JSONSerialization.data(withJSONObject: ["dm": [["a": a, "b": b, "h": 1, "loss": "absolute"]], "t": [] as [Any]])
        guard let dm = try Python.run(repositoryRoot + "/Tests/dm_crosscheck.py", ["--stdin"], stdin: input) else { return }  // recorded
        let reference = try #require(((try JSONSerialization.jsonObject(with: Data(dm.stdout.utf8)) as? [String: Any])?["dm"] as? [[String: Any]])?.first)
        let low = try #require(reference["low"] as? Double), high = try #require(reference["high"] as? Double)
        let p = try #require(reference["p"] as? Double)
        func signed(_ x: Double) -> String { (x < 0 ? "−" : "") + String(format: "%.2f", abs(x)) }
        let maeA = a.map(abs).reduce(0, +) / Double(a.count), maeB = b.map(abs).reduce(0, +) / Double(b.count)
        let expected = "openweathermap/onecall beats open-meteo/forecast on temp_min_c at lead 1 d in London: "
            + "MAE \(String(format: "%.2f vs %.2f", maeA, maeB)) °C, difference \(signed(maeA - maeB)) [\(signed(low)), \(signed(high))], "
        #expect(compare.stdout.hasPrefix(expected), "\(compare.stdout)")
        // The p-value is adjusted over the family (every pair of sources of temp_min_c, lead 1, London):
        // Holm's step-down over the family's raw p-values, worked out here from the stored ones.
        let family = try db.rows("""
            SELECT p_abs, source_a || ' ' || source_b FROM provider_comparison
            WHERE variable = 'temp_min_c' AND lead_days = 1 AND location_id = 'london' AND p_abs IS NOT NULL ORDER BY p_abs
            """)
        let m = family.count
        var running = 0.0, adjusted = 0.0
        for (k, r) in family.enumerated() {
            running = max(running, min(1, Double(m - k) * r[0].double!))
            if r[1].string == "openweathermap/onecall open-meteo/forecast" || r[1].string == "open-meteo/forecast openweathermap/onecall" { adjusted = running }
        }
        func pText(_ x: Double) -> String { x < 0.001 ? "p < 0.001" : "p = " + String(format: "%.3f", x) }
        #expect(compare.stdout.hasSuffix("adjusted \(pText(adjusted)) (Holm, \(m) comparison\(m == 1 ? "" : "s"); \(pText(p)) alone), "
                                         + "n = \(a.count) matched days\n"), "\(compare.stdout)")
    }
}
