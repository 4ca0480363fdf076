import Foundation
import Testing
import TestSupport
import WeatherStore

/// `wxpipe run Pipelines/providers.json` as a user runs it: every forecast provider wxpipe reads, 24 days
/// of replies at New York fetched at 05:00 EDT (Fixtures/inputs/every-provider), verified against KNYC on
/// one matched sample. Fixtures/generate_every_provider.py wrote each reply as the truth of the window it
/// is verified over plus the provider's own bias and spread, and computed the day-1 errors it expects from
/// the values it wrote (Fixtures/expected/every-provider.json): the store must hold exactly those.
struct EveryProviderEndToEndTests {
    /// The 19 forecast products of the archive: one reply of each per issue day.
    static let products = [
        "accuweather/daily", "accuweather/hourly", "brightsky/weather", "darksky/forecast", "meteosource/point",
        "metno/locationforecast", "metoffice/sitespecific", "nws/forecast", "nws/forecast-hourly", "open-meteo/forecast",
        "openweathermap/forecast5", "openweathermap/onecall", "pirateweather/forecast", "tomorrowio/timelines", "twc/daily",
        "visualcrossing/timeline", "weatherapi/forecast", "weatherbit/daily", "weatherkit/weather",
    ]
    /// The products with hourly (or three-hourly) temperatures.
    static let hourly = products.filter {
        !["accuweather/daily", "nws/forecast", "twc/daily", "weatherbit/daily"].contains($0)
    }
    static let issueDays = 24, truthDays = 28

    struct Expected {
        var order: [String]
        var mae: [String: [String: (n: Int, mae: Double)]]
        var pairs: [String: [(date: String, variable: String, observed: Double, forecast: Double)]]

        init() throws {
            let data = try Data(contentsOf: URL(fileURLWithPath: repositoryRoot + "/Fixtures/expected/every-provider.json"))
            let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            order = json["order"] as? [String] ?? []
            mae = [:]
            for (source, value) in json["sources"] as? [String: [String: [String: NSNumber]]] ?? [:] {
                mae[source] = value.mapValues { (n: $0["n"]?.intValue ?? -1, mae: $0["mae"]?.doubleValue ?? .nan) }
            }
            pairs = [:]
            for (source, rows) in json["pairs"] as? [String: [[Any]]] ?? [:] {
                pairs[source] = rows.map { r in
                    (r[0] as? String ?? "", r[1] as? String ?? "", (r[3] as? NSNumber)?.doubleValue ?? .nan,
                     (r[4] as? NSNumber)?.doubleValue ?? .nan)
                }
            }
        }
    }

    @Test func everyProviderIsScoredOnOneMatchedSampleInTheOrderOfItsSkill() throws {
        let dir = try temporaryFolder("e2e")
        defer { removeFolder(dir) }
        try CLI.layOutPipeline("providers.json", in: dir)
        // The pipeline as shipped but with 200 bootstrap resamples instead of 1000: the intervals are not
        // checked here, and they are most of the aggregate's time (the run stays within seconds).
        let file = dir + "/Pipelines/providers.json"
        var pipeline = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        #expect(pipeline["bootstrap_samples"] == nil)
        pipeline["bootstrap_samples"] = 200
        try JSONSerialization.data(withJSONObject: pipeline).write(to: URL(fileURLWithPath: file))
        let r = try CLI.run(["run", "Pipelines/providers.json"], cwd: dir)
        #expect(r.status == 0, "\(r.stderr)")
        // One reply per product and issue day, one observation collection per day: nothing rejected, nothing lost.
        let documents = Self.products.count * Self.issueDays + Self.truthDays
        #expect(r.stderr.contains("documents read: \(documents) = accepted \(documents) + rejected 0 + duplicates 0"), "\(r.stderr)")
        #expect(!r.stderr.contains("day_window_not_local_day") && !r.stderr.contains("values set aside"), "\(r.stderr)")
        let db = try Database(path: dir + "/out/providers.sqlite", readOnly: true)
        #expect(try db.scalar("SELECT COUNT(*) FROM rejects") == .integer(0))
        #expect(try db.scalar("SELECT COUNT(*) FROM sources WHERE documents <> accepted + rejected + duplicates") == .integer(0))
        #expect(try db.rows("SELECT provider || '/' || product, COUNT(DISTINCT issued_at_utc) FROM forecasts GROUP BY 1 ORDER BY 1")
                == Self.products.sorted().map { [.text($0), .integer(Int64(Self.issueDays))] })
        // Each reply's issue time is its fetch, 05:00 EDT, except where the body's own clock comes first:
        // NWS's generatedAt (8 minutes before) and the Met Office's model run (an hour before).
        #expect(try db.rows("""
            SELECT DISTINCT provider, substr(issued_at_utc, 12) FROM forecasts
            WHERE substr(issued_at_utc, 12) <> '09:00:00Z' ORDER BY 1, 2
            """) == [[.text("metoffice"), .text("08:00:00Z")], [.text("nws"), .text("08:52:00Z")]])
        // KNYC is the truth of every pair.
        #expect(try db.rows("SELECT DISTINCT truth_product, truth_station FROM forecast_pairs") == [[.text("observations"), .text("KNYC")]])

        // Day 1: every day product has a pair each day for highs and lows (two for The Weather Company: its
        // calendar day and its 12-hour daypart), with the errors the generator gave it.
        let expected = try Expected()
        #expect(expected.order.count == 13)
        var maes: [(String, Double)] = []
        for source in expected.order {
            for variable in ["temp_max_c", "temp_min_c"] {
                let want = try #require(expected.mae[source]?[variable])
                let row = try db.rows("""
                    SELECT n, mae FROM forecast_scores WHERE provider || '/' || product = ? AND derived_from IS NULL
                    AND location_id = 'new-york' AND variable = ? AND lead_days = 1
                    """, [.text(source), .text(variable)])
                #expect(row.count == 1 && row.first?[0] == .integer(Int64(want.n)), "\(source) \(variable): \(row)")
                // forecast_scores keeps four decimals; the pairs give the MAE at full precision.
                let stored = row.first?[1].double ?? .nan
                #expect(abs(stored - want.mae) <= 0.5e-4 + 1e-12, "\(source) \(variable): MAE \(stored), expected \(want.mae)")
                let mae = try db.scalar("""
                    SELECT AVG(ABS(forecast - observed)) FROM forecast_pairs WHERE provider || '/' || product = ?
                    AND derived_from IS NULL AND location_id = 'new-york' AND variable = ? AND lead_days = 1
                    """, [.text(source), .text(variable)])?.double ?? .nan
                #expect(abs(mae - want.mae) < 1e-9, "\(source) \(variable): MAE \(mae), expected \(want.mae)")
                if variable == "temp_max_c" { maes.append((source, mae)) }
            }
            #expect(expected.mae[source]?["temp_max_c"]?.n == (source == "twc/daily" ? 48 : 24))
        }
        // The scores rank the providers as the generator's skill table does (bias and spread, best first).
        #expect(maes.sorted { $0.1 < $1.1 }.map(\.0) == expected.order)
        // Value by value for three kinds of day: 0.1 °C local days, whole-°C dayparts, whole-°F NWS periods.
        for (source, want) in expected.pairs {
            let got = try db.rows("""
                SELECT target_date, variable, observed, forecast FROM forecast_pairs
                WHERE provider || '/' || product = ? AND derived_from IS NULL AND lead_days = 1
                AND variable IN ('temp_max_c', 'temp_min_c') ORDER BY 1, 2, 3, 4
                """, [.text(source)])
            let sorted = want.sorted { ($0.date, $0.variable, $0.observed, $0.forecast) < ($1.date, $1.variable, $1.observed, $1.forecast) }
            #expect(got.count == sorted.count, "\(source)")
            for (g, w) in zip(got, sorted) {
                #expect(g[0] == .text(w.date) && g[1] == .text(w.variable), "\(source): \(g) vs \(w)")
                #expect(abs((g[2].double ?? .nan) - w.observed) < 1e-9 && abs((g[3].double ?? .nan) - w.forecast) < 1e-9,
                        "\(source) \(w.date) \(w.variable): \(g) vs \(w)")
            }
        }
        // KNYC's highest reading of June 4 (EDT), read back from the raw observations: the truth of its day-1 pairs.
        let high = try db.scalar("""
            SELECT MAX(temp_c) FROM observations WHERE station_id = 'KNYC'
            AND observed_at_utc >= '2024-06-04T04:00:00Z' AND observed_at_utc < '2024-06-05T04:00:00Z'
            """)?.double
        #expect(high != nil && high == expected.pairs["weatherapi/forecast"]?.first { $0.variable == "temp_max_c" }?.observed)

        // Hours: every hourly product is scored on the same valid hours and leads (three-hourly steps and a
        // 24-hour AccuWeather reply bound the matched sample).
        let hourlyPairs = try db.rows("""
            SELECT provider || '/' || product, lead_hours_bin, COUNT(*) FROM forecast_pairs WHERE variable = 'temp_c'
            GROUP BY 1, 2 ORDER BY 1, 2
            """)
        let bins: [(String, Int64)] = [("0-6", 1), ("12-24", 4), ("24-48", 1), ("6-12", 2)]
        #expect(hourlyPairs == Self.hourly.sorted().flatMap { s in
            bins.map { [SQLValue.text(s), .text($0.0), .integer($0.1 * Int64(Self.issueDays))] }
        })

        // The exported pairs, read as text: one provider's day-1 MAE (its own days, not those from its hours) by plain arithmetic.
        let csv = try String(contentsOfFile: dir + "/out/providers-csv/forecast_pairs.csv", encoding: .utf8)
        let lines = csv.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let header = try #require(lines.first)
        let col = { (name: String) in header.firstIndex(of: name) ?? -1 }
        let rows = lines.dropFirst().filter {
            $0.count == header.count && $0[col("provider")] == "weatherapi" && $0[col("derived_from")] == ""
                && $0[col("variable")] == "temp_max_c" && $0[col("lead_days")] == "1"
        }
        let errors = rows.compactMap { r in Double(r[col("forecast")]).flatMap { f in Double(r[col("observed")]).map { abs(f - $0) } } }
        #expect(errors.count == 24)
        let csvMAE = errors.reduce(0, +) / Double(errors.count)
        #expect(abs(csvMAE - (expected.mae["weatherapi/forecast"]?["temp_max_c"]?.mae ?? .nan)) < 1e-9)

        // Days derived from the hours: every hourly product whose reply covers day 1 (all but AccuWeather's 24
        // hours from 06:00) is a day source of its own, `(from 3h)` for forecast5's steps, with all 24 days.
        let derived = Self.hourly.filter { $0 != "accuweather/hourly" }.map { ($0, $0 == "openweathermap/forecast5" ? "3h" : "hour") }
        #expect(try db.rows("""
            SELECT provider || '/' || product, derived_from, COUNT(*) FROM forecast_pairs
            WHERE derived_from IS NOT NULL AND variable = 'temp_max_c' AND lead_days = 1 GROUP BY 1, 2 ORDER BY 1
            """) == derived.map { [.text($0.0), .text($0.1), .integer(Int64(Self.issueDays))] })
        // Every two day sources are compared on their 24 matched days (day leads; the hourly products
        // are compared by lead-hours bin too), and the best beats the worst. The
        // comparison reads day periods only: NWS, whose days are all 12-hour periods, is scored above but
        // compared with no one (and The Weather Company by its calendar days alone).
        let compared = expected.order.filter { $0 != "nws/forecast" } + derived.map { "\($0.0) (from \($0.1))" }
        #expect(try db.scalar("""
            SELECT COUNT(*) FROM provider_comparison WHERE location_id = 'new-york' AND variable = 'temp_max_c' AND lead_days = 1
            """) == .integer(Int64(compared.count * (compared.count - 1) / 2)))
        #expect(try db.rows("""
            SELECT s FROM (SELECT source_a AS s FROM provider_comparison WHERE lead_kind = 'day'
                           UNION SELECT source_b FROM provider_comparison WHERE lead_kind = 'day') ORDER BY 1
            """) == compared.sorted().map { [.text($0)] })
        // The ranking of every day source on one matched sample: all of them ranked, in the order
        // of the skill the generator gave them, the best first.
        let ranked = try db.rows("""
            SELECT source, rank, n FROM provider_ranking
            WHERE location_id = 'new-york' AND variable = 'temp_max_c' AND lead_kind = 'day' AND lead_days = 1 ORDER BY rank, source
            """)
        #expect(Set(ranked.compactMap { $0[0].string }) == Set(compared), "\(ranked)")
        #expect(ranked.allSatisfy { $0[1].int != nil && $0[2].int == Int64(Self.issueDays) }, "\(ranked)")
        #expect(ranked.first?[0].string == "weatherapi/forecast", "\(ranked)")
        let own = ranked.compactMap { $0[0].string }.filter { expected.order.contains($0) }
        #expect(own == expected.order.filter { $0 != "nws/forecast" }, "ranked \(own), designed \(expected.order)")
        let verdict = try db.scalar("""
            SELECT verdict FROM provider_comparison WHERE location_id = 'new-york' AND variable = 'temp_max_c' AND lead_days = 1
            AND 'weatherapi/forecast' IN (source_a, source_b) AND 'darksky/forecast' IN (source_a, source_b)
            """)?.string ?? ""
        #expect(verdict.hasPrefix("weatherapi/forecast beats darksky/forecast") && verdict.contains("n = 24 matched days"), "\(verdict)")
        // What is not scored is counted, each for its reason: day-0 replies issued after midnight, NWS's cut-short
        // first period, AccuWeather's last day past the truth, and whatever lies outside the matched sample.
        #expect(try db.rows("SELECT DISTINCT reason FROM verification_exclusions ORDER BY 1")
                == ["not_in_matched_sample", "partial_hindcast", "past_period", "truncated_period", "window_not_covered"].map { [.text($0)] })
        #expect(FileManager.default.fileExists(atPath: dir + "/out/providers-report.html"))
    }
}
