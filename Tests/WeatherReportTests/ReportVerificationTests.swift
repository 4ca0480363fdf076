import Foundation
import Testing
import TestSupport
import WeatherAnalytics
import WeatherCore
import WeatherStore
@testable import WeatherReport

/// The report states what the scores leave out: the truth, the issue selection, the cases
/// dropped for the matched sample, and the exclusions by reason.
struct ReportVerificationTests {
    @Test func reportShowsDroppedCasesAndExclusions() throws {
        let dir = try temporaryFolder("report-v")
        defer { removeFolder(dir) }
        let store = try Store(path: dir + "/w.sqlite")
        try store.saveLocation(Location(id: "ny", latitude: 40.7, longitude: -74, timeZone: "America/New_York", declared: true))
        let src = try store.beginSource(path: "x", member: nil, inputHash: "h", modifiedAt: nil, now: 0)
        let midnight = UTCTime.parseISO8601("2024-05-01T04:00:00Z")!
        for h in 0..<48 {
            var o = Observation(provider: "openweathermap", product: "current", observedAt: midnight + Int64(h) * 3600 + 1800, latitude: 0, longitude: 0)
            o.tempC = 10 + Double(h % 24)
            o.role = .observed
            _ = try store.insert(o, locationID: "ny", sourceID: src, line: h)
        }
        // a forecasts both days, b only the first (issued 01:00 EDT the day before): one case is dropped.
        for (provider, days) in [("a", 2), ("b", 1)] {
            for d in 0..<days {
                let from = midnight + Int64(d) * 86400
                var f = Forecast(provider: provider, product: "x", latitude: 0, longitude: 0, issuedAt: from - 23 * 3600,
                                 issuedAtSource: .body, period: .day, validFrom: from, validTo: from + 86400)
                f.tempMaxC = 30
                _ = try store.insert(f, locationID: "ny", sourceID: src, line: 100 + d)
            }
        }
        var options = AggregateOptions()
        options.homogeneous = true
        _ = try Aggregator(database: store.database, options: options).run()
        let html = try ReportBuilder(database: store.database).build(generatedAt: 0)
        #expect(html.contains("data-dropped-cases=\"1\""))
        #expect(html.contains("issue selection: latest_before 06:00"))
        #expect(html.contains("<td class=\"t\">not_in_matched_sample</td><td>1</td>"))
    }
}
