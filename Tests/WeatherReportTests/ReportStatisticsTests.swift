import Foundation
import Testing
import TestSupport
import WeatherAnalytics
import WeatherCore
import WeatherStore
@testable import WeatherReport

/// How sure each score is, as the report shows it (docs/STATISTICS.md): intervals on the charts, the verdicts, skill, the reliability diagram,
/// consistency, small multiples for several locations, rain on its own axis, scrolling tables.
struct ReportStatisticsTests {
    /// Two locations, 20 days of constant daily temperatures; a forecasts close, b 2 °C warm, both with a PoP.
    func makeStore(in dir: String) throws -> Store {
        let store = try Store(path: dir + "/w.sqlite")
        let start = UTCTime.parseISO8601("2024-05-01T00:00:00Z")!
        let places = [("a1", "Alpha"), ("b2", "Beta")]
        for (id, name) in places { try store.saveLocation(Location(id: id, name: name, latitude: 0, longitude: 0, timeZone: "UTC", declared: true)) }
        let src = try store.beginSource(path: "x", member: nil, inputHash: "h", modifiedAt: nil, now: 0)
        var line = 0
        for (id, _) in places {
            for d in 0..<20 {
                for h in 0..<24 {
                    var o = Observation(provider: "truth", product: "obs", observedAt: start + Int64(d * 86400 + h * 3600), latitude: 0, longitude: 0)
                    o.tempC = 10 + Double(d % 7)
                    o.precipMm = h == 12 && d % 3 == 0 ? 4 : 0
                    o.precipWindowH = 1
                    o.role = .observed
                    line += 1
                    _ = try store.insert(o, locationID: id, sourceID: src, line: line)
                }
            }
            for d in 1..<20 {
                for (provider, offset, lead) in [("a", 0.3 * sin(Double(d)), 1), ("b", 2 + sin(Double(d)), 1), ("a", 0.5, 2)] where d > lead {
                    let from = start + Int64(d) * 86400
                    var f = Forecast(provider: provider, product: "x", latitude: 0, longitude: 0, issuedAt: from - Int64(lead) * 86400 + 3600,
                                     issuedAtSource: .body, period: .day, validFrom: from, validTo: from + 86400)
                    f.tempMaxC = 10 + Double(d % 7) + offset
                    f.precipMm = d % 3 == 0 ? 3 : 0
                    f.precipProbPct = d % 3 == 0 ? 70 : 20
                    line += 1
                    _ = try store.insert(f, locationID: id, sourceID: src, line: line)
                }
            }
        }
        var options = AggregateOptions()
        options.bootstrap.samples = 100
        _ = try Aggregator(database: store.database, options: options).run()
        return store
    }

    @Test func chartsCarryIntervalsVerdictsSkillAndReliability() throws {
        let dir = try temporaryFolder("report-s")
        defer { removeFolder(dir) }
        let store = try makeStore(in: dir)
        let html = try ReportBuilder(database: store.database).build(generatedAt: 0)
        // Error bars on the MAE charts, and the interval in the table beneath, equal to the store's.
        #expect(html.contains("<path class=\"ci\""))
        let ci = try #require(store.database.rows("SELECT mae_ci_low, mae_ci_high, n FROM forecast_scores WHERE provider = 'a' AND variable = 'temp_max_c' AND lead_days = 1 AND location_id = '*'").first)
        let cell = "[\(SVGChart.label(ci[0].double!)), \(SVGChart.label(ci[1].double!))]"
        #expect(html.contains("<td class=\"t\">a/x</td><td>1</td><td>\(ci[2].int!)</td>") && html.contains(cell), "\(cell)")
        #expect(html.contains("n = 34–36 pairs per point"))
        // Who is better: the verdict sentence and the interval chart.
        let verdict = try #require(store.database.scalar("SELECT verdict FROM provider_comparison WHERE variable = 'temp_max_c' AND location_id = '*'")?.string)
        #expect(verdict.hasPrefix("a/x beats b/x on temp_max_c at lead 1 d in 2 locations"))
        #expect(html.contains("<li>\(verdict.replacingOccurrences(of: "<", with: "&lt;"))</li>"))
        #expect(html.contains("aria-label=\"MAE difference between sources\""))
        // Skill against persistence by lead, the reliability diagram (diagonal and histogram), consistency.
        #expect(html.contains("aria-label=\"Daily high: skill against persistence\""))
        #expect(html.contains("aria-label=\"a/x: reliability diagram\"") && html.contains("stroke-dasharray=\"4 4\"") && html.contains(" forecasts</title></rect>"))
        #expect(html.contains("data-table=\"reliability-a/x\"") && html.contains("data-table=\"brier\""))
        #expect(html.contains("aria-label=\"Daily high: revision size by lead time\""))
        #expect(html.contains("data-table=\"precip-thresholds\""))
        #expect(html.contains("data-table=\"by-month\"") && html.contains("<th>90th percentile |error|</th>"))
        // Several locations: one small chart each; rain on its own axis; every table in a scrolling box.
        #expect(html.contains("aria-label=\"Daily high at Alpha: MAE by lead time\"") && html.contains("aria-label=\"Daily high at Beta: MAE by lead time\""))
        #expect(html.contains(">rain (mm)</text>"))
        #expect(html.components(separatedBy: "<table").count == html.components(separatedBy: "<div class=\"scroll\"><table").count)
        #expect(html.contains("@media (max-width:480px){svg.chart text{font-size:19px}"))
    }
}
