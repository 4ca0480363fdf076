import Foundation
import Testing
import TestSupport
import WeatherCore
@testable import WeatherProviders

/// WeatherAPI.com (`weatherapi/forecast`): values checked by hand against the recorded replies
/// in Fixtures/providers/weatherapi.
struct WeatherAPIDecoderTests {
    static func doc(_ file: String, context: DecodeContext = DecodeContext()) throws -> DecodedDocument {
        try DocumentDecoder.decode(try sample("weatherapi/" + file), context: context).get()
    }

    static let sola = "hossain_forecast_2day_sola_vanuatu_2025-02-26.json"
    static let regina = "hossain_forecast_5day_regina_2025-02-04.json"
    static let london = "london-dst-spring-forward-2024-03-31-wxpipe.json"

    struct Hour: Sendable, CustomStringConvertible {
        var file: String, index: Int
        var validFrom: Int64, tempC: Double, precipMm: Double, popPct: Double, condition: Condition, code: String
        var description: String { "\(file) hour \(index)" }
    }

    /// Hours from `time_epoch` (never the local `time` text), metric keys, PoP 0–100.
    static let hours: [Hour] = [
        // Sola "2025-02-27 00:00" local is 13:00Z the day before.
        Hour(file: sola, index: 0, validFrom: 1740574800, tempC: 27.7, precipMm: 1.06, popPct: 100, condition: .rain, code: "1240"),
        Hour(file: sola, index: 24, validFrom: 1740661200, tempC: 26.7, precipMm: 0.9, popPct: 100, condition: .rain, code: "1240"),
        // Regina "2025-02-04 00:00" local (UTC−6) is 06:00Z; freezing fog is fog.
        Hour(file: regina, index: 0, validFrom: 1738648800, tempC: -27.5, precipMm: 0, popPct: 0, condition: .fog, code: "1147"),
        // London on the day clocks go forward: the hour after local midnight is 02:00 BST = 01:00Z.
        Hour(file: london, index: 1, validFrom: 1711846800, tempC: 8.8, precipMm: 0, popPct: 12, condition: .cloudy, code: "1009"),
    ]

    @Test(arguments: hours)
    func hourValues(_ h: Hour) throws {
        let f = try Self.doc(h.file).forecasts.filter { $0.period == .hour }[h.index]
        #expect(f.provider == "weatherapi" && f.product == "forecast")
        #expect(f.validFrom == h.validFrom && f.validAt == h.validFrom && f.validTo == h.validFrom + 3600)
        #expect(f.tempC == h.tempC)
        #expect(f.precipMm == h.precipMm)
        #expect(f.precipProbPct == h.popPct)
        #expect(f.condition == h.condition && f.conditionCode == h.code)
    }

    struct Day: Sendable, CustomStringConvertible {
        var file: String, index: Int
        var date: String, from: Int64, to: Int64, maxC: Double, minC: Double, precipMm: Double, popPct: Double
        var description: String { "\(file) day \(index)" }
    }

    /// Day windows are the local date in `tz_id`, not `date_epoch` (00:00 UTC of that date).
    static let days: [Day] = [
        // Sola, UTC+11: the local day 2025-02-27 runs 2025-02-26T13:00Z → 2025-02-27T13:00Z; its
        // date_epoch 1740614400 (2025-02-27T00:00Z) is 11:00 local, inside the day.
        Day(file: sola, index: 0, date: "2025-02-27", from: 1740574800, to: 1740661200, maxC: 26.7, minC: 25.3, precipMm: 88.41, popPct: 95),
        // Regina, UTC−6 without DST.
        Day(file: regina, index: 4, date: "2025-02-08", from: 1738994400, to: 1739080800, maxC: -16.8, minC: -30.7, precipMm: 0.14, popPct: 82),
        // London, 2024-03-31: 23 hours (00:00Z → 23:00Z).
        Day(file: london, index: 0, date: "2024-03-31", from: 1711843200, to: 1711926000, maxC: 13.4, minC: 7.9, precipMm: 2.6, popPct: 86),
    ]

    @Test(arguments: days)
    func dayValues(_ d: Day) throws {
        let f = try Self.doc(d.file).forecasts.filter { $0.period == .day }[d.index]
        #expect(f.targetDate == d.date)
        #expect(f.validFrom == d.from && f.validTo == d.to)
        #expect(f.tempMaxC == d.maxC && f.tempMinC == d.minC)
        #expect(f.precipMm == d.precipMm && !f.precipEstimated)
        #expect(f.precipProbPct == d.popPct)
    }

    /// `day.totalprecip_mm` is the sum of the day's hourly amounts (Sola: 88.41 mm).
    @Test func dayAmountIsTheSumOfItsHours() throws {
        let doc = try Self.doc(Self.sola)
        let day = try #require(doc.forecasts.first { $0.period == .day })
        let hours = doc.forecasts.filter { $0.period == .hour && $0.validFrom >= day.validFrom && $0.validTo <= day.validTo }
        #expect(hours.count == 24)
        #expect(abs(hours.compactMap(\.precipMm).reduce(0, +) - 88.41) < 1e-9)
    }

    @Test func currentIsANowcastAndGivesTheIssueTime() throws {
        let doc = try Self.doc(Self.sola)
        #expect(doc.format == "weatherapi/forecast")
        let o = try #require(doc.observations.first)
        #expect(o.observedAt == 1740579300)  // last_updated_epoch; "2025-02-27 01:15" is local text
        #expect(o.tempC == 27.5 && o.humidityPct == 81 && o.pressureHpa == 1008 && o.cloudCoverPct == 68)
        #expect(approx(o.windSpeedMs, 26.3 / 3.6) && approx(o.windGustMs, 37.8 / 3.6) && o.windDirDeg == 292)
        #expect(o.visibilityM == 10000 && o.feelsLikeC == 31.6 && o.dewPointC == 24.1)
        #expect(o.condition == .rain && o.conditionText == "Light rain shower")
        #expect(o.precipMm == nil)  // current precip_mm has no documented window
        #expect(o.timeZone == "Pacific/Efate" && o.utcOffsetSeconds == 11 * 3600)
        #expect(ObservationRole.decide(provider: o.provider, product: o.product) == .nowcast)
        #expect(doc.forecasts.allSatisfy { $0.issuedAt == 1740579300 && $0.issuedAtSource == .body })
        let place = try #require(doc.places.first)
        #expect(place.name == "Sola" && place.country == "Vanuatu" && place.latitude == -13.883 && place.timeZone == "Pacific/Efate")
    }

    @Test func trailingSpacesInConditionTextAreDropped() throws {
        let day = try #require(try Self.doc(Self.regina).forecasts.first { $0.period == .day })
        #expect(day.conditionText == "Overcast" && day.condition == .cloudy)
    }

    /// The 2021 recording had its `location` block removed by its author: without coordinates
    /// it cannot be placed, unless the envelope's URL gives them (`q=LAT,LON`).
    @Test func aReplyWithoutLocationNeedsTheEnvelopeURL() throws {
        let bytes = try sample("weatherapi/iprak_forecast_1day_aqi_2021-08-28.json")
        guard case .failure(let f) = DocumentDecoder.decode(bytes) else { Issue.record("must be rejected"); return }
        #expect(f.reason == .missingField && f.fieldPath == "location")
        let wrapped = #"{"fetched_at": "2021-08-28T10:31:00Z", "url": "https://api.weatherapi.com/v1/forecast.json?q=51.52%2C-0.11&days=1&aqi=yes", "response": "#
            + String(decoding: bytes, as: UTF8.self) + "}"
        let doc = try DocumentDecoder.decode(Array(wrapped.utf8)).get()
        #expect(doc.observations.count == 1 && doc.forecasts.count == 25)
        #expect(doc.observations[0].latitude == 51.52 && doc.observations[0].longitude == -0.11)
        #expect(doc.forecasts[0].issuedAtSource == .envelope)
        // No tz_id: the offset is the one that puts hour[0] (1630105200, 23:00Z) at local midnight.
        let day = try #require(doc.forecasts.first { $0.period == .day })
        #expect(day.targetDate == "2021-08-28" && day.validFrom == 1630105200 && day.validTo == 1630105200 + 86400)
    }

    @Test func errorBodyIsAProviderError() throws {
        guard case .failure(let f) = DocumentDecoder.decode(try sample("weatherapi/error-1006-no-matching-location-wxpipe.json")) else {
            Issue.record("must be rejected"); return
        }
        #expect(f.reason == .providerError)
        #expect(f.message == "WeatherAPI.com error 1006: No matching location found.")
    }

    @Test func conditionCodes() {
        #expect(Condition.fromWeatherAPI(code: 1000) == .clear)
        #expect(Condition.fromWeatherAPI(code: 1003) == .partlyCloudy)
        #expect(Condition.fromWeatherAPI(code: 1030) == .fog)
        #expect(Condition.fromWeatherAPI(code: 1072) == .drizzle)
        #expect(Condition.fromWeatherAPI(code: 1195) == .rain)
        #expect(Condition.fromWeatherAPI(code: 1237) == .sleet)
        #expect(Condition.fromWeatherAPI(code: 1114) == .snow)
        #expect(Condition.fromWeatherAPI(code: 1276) == .thunderstorm)
        #expect(Condition.fromWeatherAPI(code: 9999) == .other)
    }

    @Test func inspectNamesTheFormat() throws {
        let r = try CLI.run(["inspect", providerFixtures + "/weatherapi/" + Self.sola])
        #expect(r.status == 0)
        #expect(r.stdout.contains("weatherapi/forecast (recognised by current.last_updated_epoch or forecast.forecastday (WeatherAPI.com)): 1 observation(s), 50 forecast(s)"), "\(r.stdout)")
    }
}
