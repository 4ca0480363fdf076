import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import TestSupport
import WeatherAnalytics
import WeatherCore
import WeatherStore
@testable import WeatherReport

struct ReportBuilderTests {
    func at(_ iso: String) -> Int64 { UTCTime.parseISO8601(iso)! }

    /// A store with one day of observations and day forecasts from two providers.
    func makeStore(in dir: String) throws -> Store {
        let store = try Store(path: dir + "/w.sqlite")
        try store.saveLocation(Location(id: "ny", name: "New <York> & Co", latitude: 40.7, longitude: -74, timeZone: "America/New_York", declared: true))
        let src = try store.beginSource(path: "x", member: nil, inputHash: "h", modifiedAt: nil, now: 0)
        let midnight = at("2024-05-01T04:00:00Z")
        for h in 0..<24 {
            var o = Observation(provider: "openweathermap", product: "current", observedAt: midnight + Int64(h) * 3600 + 1800, latitude: 40.7, longitude: -74)
            o.tempC = 10 + Double(h)
            o.precipMm = h == 12 ? 2 : 0
            o.precipWindowH = 1
            o.role = .observed
            _ = try store.insert(o, locationID: "ny", sourceID: src, line: h)
        }
        for (provider, max, min, rain) in [("weatherkit", 35.0, 9.0, 0.1), ("darksky", 32.0, 10.5, 3.0)] {
            for lead in 0..<3 {
                var f = Forecast(provider: provider, product: "p", latitude: 40.7, longitude: -74,
                                 issuedAt: at("2024-05-01T02:00:00Z") - Int64(lead) * 86400, issuedAtSource: .body,
                                 period: .day, validFrom: midnight, validTo: midnight + 86400)
                f.tempMaxC = max + Double(lead)
                f.tempMinC = min
                f.precipMm = rain
                f.precipProbPct = 50
                _ = try store.insert(f, locationID: "ny", sourceID: src, line: 100 + lead)
            }
        }
        try store.insert(Reject(origin: Origin(path: "bad.json", line: 3), reason: .invalidJSON, message: "unexpected '<script>'"), sourceID: src)
        var options = AggregateOptions()
        options.issueSelection = .all  // issued 22:00 local: after the default 06:00 cutoff
        _ = try Aggregator(database: store.database, options: options).run()
        return store
    }

    final class WellFormed: NSObject, XMLParserDelegate {
        var error: Error?
        func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) { error = parseError }
    }

    @Test func reportIsSelfContainedWellFormedAndHoldsTheStoresNumbers() throws {
        let dir = try temporaryFolder("report")
        defer { removeFolder(dir) }
        let store = try makeStore(in: dir)
        let html = try ReportBuilder(database: store.database).build(generatedAt: 0)
        // Parses as (X)HTML: every element closed, every attribute quoted, text escaped.
        let parser = XMLParser(data: Data(html.replacingOccurrences(of: "<!DOCTYPE html>", with: "").utf8))
        let check = WellFormed()
        parser.delegate = check
        #expect(parser.parse(), "\(String(describing: check.error))")
        // Self-contained: no scripts, no links, nothing fetched.
        #expect(!html.contains("<script") && !html.contains("<link") && !html.contains("@import"))
        let urls = html.components(separatedBy: "http").dropFirst().map { String($0.prefix(30)) }
        #expect(urls.allSatisfy { $0.hasPrefix("://www.w3.org/2000/svg") }, "\(urls)")
        // Every chart: MAE and bias for three variables, the daily band, the monthly bars, a reliability
        // diagram per provider, revision size by lead for three variables.
        #expect(html.components(separatedBy: "role=\"img\"").count - 1 == 13)
        #expect(html.contains("MAE (°C)") && html.contains("bias (mm)") && html.contains("lead time (days)"))
        // The numbers are the store's. Issued at 02:00 UTC = 22:00 the evening before in New York,
        // so the leads are 1, 2, 3 days; WeatherKit's high at lead 2 was 36 against 33 observed.
        let mae = try #require(store.database.scalar("SELECT mae FROM forecast_scores WHERE provider = 'weatherkit' AND variable = 'temp_max_c' AND lead_days = 2 AND location_id = '*'")?.double)
        #expect(mae == 3)
        #expect(html.contains("<tr><td class=\"t\">weatherkit/p</td><td>2</td><td>1</td><td>3</td><td>n = 1 &lt; 10: no interval</td><td>3</td><td>3</td></tr>"))
        #expect(html.contains("<tr><td class=\"t\">darksky/p</td><td>1</td><td>1</td><td>-1</td><td>n = 1 &lt; 10: no interval</td><td></td><td></td><td></td></tr>"))
        // Data quality, with input text escaped.
        #expect(html.contains("invalid_json</strong>: 1") && html.contains("unexpected &#39;&lt;script&gt;&#39;"))
        #expect(html.contains("New &lt;York&gt; &amp; Co"))
        #expect(html.contains("Daily values and verification used observed observations only"))
    }

    @Test func aStoreWithoutAggregatesSaysSo() throws {
        let dir = try temporaryFolder("report")
        defer { removeFolder(dir) }
        let store = try Store(path: dir + "/w.sqlite")
        let html = try ReportBuilder(database: store.database).build(generatedAt: 0)
        #expect(html.contains("run <code>wxpipe aggregate --db FILE</code> first"))
    }

    @Test func ticksAreRound() {
        #expect(SVGChart.ticks(0, 10) == [0, 2, 4, 6, 8, 10])
        #expect(SVGChart.ticks(-1.3, 2.2) == [-2, -1, 0, 1, 2, 3])  // the ticks cover the data
    }
}
