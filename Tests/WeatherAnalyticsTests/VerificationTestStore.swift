import Foundation
import TestSupport
import WeatherCore
import WeatherStore
@testable import WeatherAnalytics

/// A temporary store for the verification rules' hand-computed cases; removed when released.
final class VerificationTestStore {
    let dir: String
    let store: Store
    let source: Int64
    private var line = 0

    init(_ locations: [Location]) throws {
        dir = try temporaryFolder("verif")
        store = try Store(path: dir + "/w.sqlite")
        for l in locations { try store.saveLocation(l) }
        source = try store.beginSource(path: "x", member: nil, inputHash: "h", modifiedAt: nil, now: 0)
    }

    deinit { removeFolder(dir) }

    var db: Database { store.database }

    static let london = Location(id: "london", name: "London", latitude: 51.5, longitude: -0.13, timeZone: "Europe/London", declared: true)
    static let sydney = Location(id: "sydney", name: "Sydney", latitude: -33.87, longitude: 151.2, timeZone: "Australia/Sydney", declared: true)
    static let newYork = Location(id: "ny", name: "New York", latitude: 40.7, longitude: -74, timeZone: "America/New_York", declared: true)

    func observe(_ location: String, _ provider: String, _ product: String, _ role: ObservationRole?, at t: Int64,
                 temp: Double?, precip: Double? = nil) throws {
        var o = Observation(provider: provider, product: product, observedAt: t, latitude: 0, longitude: 0)
        o.tempC = temp
        if let precip { o.precipMm = precip; o.precipWindowH = 1 }
        o.role = role
        line += 1
        _ = try store.insert(o, locationID: location, sourceID: source, line: line)
    }

    /// Hourly observations from `start` for `hours` hours (offset `minute` minutes), temperature `temp(h)`.
    func observeHours(_ location: String, _ provider: String, _ product: String, _ role: ObservationRole? = .observed,
                      from start: Int64, hours: Int, minute: Int64 = 0, precip: Double? = nil, temp: (Int) -> Double?) throws {
        for h in 0..<hours {
            try observe(location, provider, product, role, at: start + Int64(h) * 3600 + minute * 60, temp: temp(h), precip: precip)
        }
    }

    func dayForecast(_ location: String, _ provider: String, _ product: String, issued: Int64, from: Int64, to: Int64,
                     max: Double?, min: Double?, precip: Double? = nil, prob: Double? = nil) throws {
        var f = Forecast(provider: provider, product: product, latitude: 0, longitude: 0, issuedAt: issued, issuedAtSource: .body,
                         period: .day, validFrom: from, validTo: to, validAt: from + (to - from) / 2)
        f.tempMaxC = max
        f.tempMinC = min
        f.precipMm = precip
        f.precipProbPct = prob
        line += 1
        _ = try store.insert(f, locationID: location, sourceID: source, line: line)
    }

    func pointForecast(_ location: String, _ provider: String, _ product: String, period: ForecastPeriod = .hour,
                       issued: Int64, from: Int64, at: Int64, temp: Double) throws {
        var f = Forecast(provider: provider, product: product, latitude: 0, longitude: 0, issuedAt: issued, issuedAtSource: .body,
                         period: period, validFrom: from, validTo: at, validAt: at)
        f.tempC = temp
        line += 1
        _ = try store.insert(f, locationID: location, sourceID: source, line: line)
    }

    @discardableResult
    func aggregate(_ configure: (inout AggregateOptions) -> Void = { _ in }) throws -> AggregateSummary {
        var options = AggregateOptions()
        configure(&options)
        return try Aggregator(database: store.database, options: options).run()
    }

    func rows(_ sql: String) throws -> [[SQLValue]] { try store.database.rows(sql) }
}
