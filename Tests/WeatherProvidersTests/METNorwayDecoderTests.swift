import Foundation
import Testing
import TestSupport
import WeatherCore
@testable import WeatherProviders

/// MET Norway Locationforecast 2.0 (`metno/locationforecast`): values checked by hand against
/// Fixtures/providers/metno. Times are UTC and the reply has no zone, so there are no local days.
struct METNorwayDecoderTests {
    static func doc(_ file: String) throws -> DecodedDocument {
        try DocumentDecoder.decode(try sample("metno/" + file)).get()
    }

    static let beijing = "beijing_compact_2020-07-20.json"
    static let london = "london_complete_2020-07-20.json"
    static let oslo = "magicmirror_oslo_2026-02-06.json"
    static let osloComplete = "oslo-complete-probabilities-2026-wxpipe.json"

    struct Row: Sendable, CustomStringConvertible {
        var file: String, period: ForecastPeriod, index: Int
        var from: Int64, hours: Int64
        var tempC: Double?, tempMaxC: Double?, tempMinC: Double?, precipMm: Double?, popPct: Double?
        var condition: Condition?, code: String?
        var description: String { "\(file) \(period.rawValue) \(index)" }
    }

    static let rows: [Row] = [
        // The first step: instant values at 11:00Z and next_1_hours folded into the same hour.
        Row(file: beijing, period: .hour, index: 0, from: 1595242800, hours: 1, tempC: 30.4, precipMm: 0, condition: .clear, code: "clearsky_day"),
        Row(file: beijing, period: .sixHours, index: 0, from: 1595242800, hours: 6, precipMm: 0, condition: .partlyCloudy, code: "partlycloudy_night"),
        // 2020 replies: next_12_hours has only a summary, no details.
        Row(file: beijing, period: .rollingTwelveHours, index: 0, from: 1595242800, hours: 12, condition: .cloudy, code: "cloudy"),
        // /complete: next_6_hours has the period's extremes.
        Row(file: london, period: .sixHours, index: 0, from: 1595242800, hours: 6, tempMaxC: 21.1, tempMinC: 19.6, precipMm: 0,
            condition: .partlyCloudy, code: "fair_day"),
        Row(file: oslo, period: .hour, index: 0, from: 1770411600, hours: 1, tempC: -5.8, precipMm: 0.5, condition: .snow, code: "snow"),
        Row(file: oslo, period: .sixHours, index: 0, from: 1770411600, hours: 6, precipMm: 3.5, condition: .snow, code: "snow"),
        // The first 6-hourly step (2026-02-09T00:00Z): no next_1_hours, so a point value only.
        Row(file: oslo, period: .hour, index: 51, from: 1770595200, hours: 1, tempC: -7.1),
        // The last step has only its instant.
        Row(file: oslo, period: .hour, index: 82, from: 1771264800, hours: 1, tempC: -5.9),
        // Newer /complete replies carry probabilities (%) on every period.
        Row(file: osloComplete, period: .hour, index: 0, from: 1774742400, hours: 1, tempC: 2.3, precipMm: 0.4, popPct: 64.2, condition: .rain, code: "rainshowers_night"),
        Row(file: osloComplete, period: .sixHours, index: 0, from: 1774742400, hours: 6, tempMaxC: 2.9, tempMinC: 1.4, precipMm: 1.7, popPct: 68,
            condition: .sleet, code: "lightsleet"),
        Row(file: osloComplete, period: .rollingTwelveHours, index: 0, from: 1774742400, hours: 12, popPct: 71.4, condition: .rain, code: "lightrain"),
        Row(file: osloComplete, period: .sixHours, index: 1, from: 1775455200, hours: 6, tempMaxC: 9.6, tempMinC: 6.8, precipMm: 0, popPct: 3.1,
            condition: .partlyCloudy, code: "fair_day"),
    ]

    @Test(arguments: rows)
    func values(_ r: Row) throws {
        let f = try Self.doc(r.file).forecasts.filter { $0.period == r.period }[r.index]
        #expect(f.provider == "metno" && f.product == "locationforecast")
        #expect(f.validFrom == r.from && f.validAt == r.from && f.validTo == r.from + r.hours * 3600)
        #expect(f.tempC == r.tempC && f.tempMaxC == r.tempMaxC && f.tempMinC == r.tempMinC)
        #expect(f.precipMm == r.precipMm && f.precipProbPct == r.popPct)
        #expect(f.condition == r.condition && f.conditionCode == r.code)
    }

    /// Hourly steps for about 2.5 days, then 6-hourly; the last steps lose next_6/next_12.
    @Test func stepsChangeFromOneHourToSix() throws {
        let doc = try Self.doc(Self.oslo)
        let hours = doc.forecasts.filter { $0.period == .hour }
        #expect(hours.count == 83 && hours.filter { $0.precipMm != nil }.count == 51)
        #expect(hours[50].validFrom == 1770595200 - 3600 && hours[52].validFrom == 1770595200 + 6 * 3600)
        #expect(doc.forecasts.filter { $0.period == .sixHours }.count == 77)
        #expect(doc.forecasts.filter { $0.period == .rollingTwelveHours }.count == 71)
    }

    @Test func issueTimeCoordinatesAndUnits() throws {
        let doc = try Self.doc(Self.oslo)
        #expect(doc.format == "metno/locationforecast")
        #expect(doc.observations.isEmpty)
        #expect(doc.forecasts.allSatisfy { $0.issuedAt == 1770409626 && $0.issuedAtSource == .body })  // meta.updated_at
        let f = try #require(doc.forecasts.first)
        #expect(f.latitude == 59.9139 && f.longitude == 10.7522)  // geometry.coordinates is [lon, lat, alt]
        #expect(f.pressureHpa == 1014.6 && f.humidityPct == 66.5 && f.windSpeedMs == 6 && f.windDirDeg == 37 && f.cloudCoverPct == 100)
        #expect(f.unitsAssumed == "si" && f.unitsSource == .unitsBlock)
        #expect(doc.places.first?.timeZone == nil)
        let complete = try #require(try Self.doc(Self.london).forecasts.first)
        #expect(complete.dewPointC == 7.2 && complete.uvIndex == nil)  // clear-sky UV is not the forecast UV
    }

    /// A unit other than the documented one leaves that variable out, with a warning.
    @Test func anUnexpectedUnitLeavesTheVariableOut() throws {
        let body = #"{"type": "Feature", "geometry": {"type": "Point", "coordinates": [10, 60]}, "properties": {"meta": {"updated_at": "2026-02-06T20:27:06Z", "units": {"air_temperature": "fahrenheit", "wind_speed": "m/s"}}, "timeseries": [{"time": "2026-02-06T21:00:00Z", "data": {"instant": {"details": {"air_temperature": 21.6, "wind_speed": 3}}}}]}}"#
        let doc = try decode(body).get()
        #expect(doc.forecasts.first?.tempC == nil && doc.forecasts.first?.windSpeedMs == 3)
        #expect(doc.warnings.contains { $0.contains("air_temperature is 'fahrenheit'") })
    }

    /// MET Norway answers errors (403 without a User-Agent, 400, 429) with HTML or plain text, not JSON.
    @Test func anHTMLErrorPageIsNotJSON() throws {
        guard case .failure(let f) = DocumentDecoder.decode(try sample("metno/error-403-forbidden-html-wxpipe.json")) else {
            Issue.record("must be rejected"); return
        }
        #expect(f.reason == .invalidJSON && f.message.hasPrefix("not JSON but an HTML page"))
    }

    @Test func symbolCodes() {
        #expect(Condition.fromMETNorway(symbol: "clearsky_polartwilight") == .clear)
        #expect(Condition.fromMETNorway(symbol: "fair_night") == .partlyCloudy)
        #expect(Condition.fromMETNorway(symbol: "fog") == .fog)
        #expect(Condition.fromMETNorway(symbol: "heavyrainshowersandthunder_day") == .thunderstorm)
        #expect(Condition.fromMETNorway(symbol: "lightssleetshowers_day") == .sleet)  // MET's own spelling
        #expect(Condition.fromMETNorway(symbol: "heavysnow") == .snow)
        #expect(Condition.fromMETNorway(symbol: "lightrain") == .rain)
        #expect(Condition.fromMETNorway(symbol: "somethingnew") == .other)
    }

    @Test func inspectNamesTheFormat() throws {
        let r = try CLI.run(["inspect", providerFixtures + "/metno/" + Self.oslo])
        #expect(r.status == 0)
        #expect(r.stdout.contains("metno/locationforecast (recognised by GeoJSON properties.meta and properties.timeseries (MET Norway Locationforecast)): 0 observation(s), 231 forecast(s)"), "\(r.stdout)")
    }
}
