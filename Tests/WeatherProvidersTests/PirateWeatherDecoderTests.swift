import Foundation
import Testing
import TestSupport
import WeatherCore
@testable import WeatherProviders

/// Pirate Weather (`pirateweather/forecast`): Dark Sky's format read by the Dark Sky code, as a
/// provider of its own; values checked by hand against Fixtures/providers/pirateweather.
struct PirateWeatherDecoderTests {
    static func doc(_ file: String) throws -> DecodedDocument {
        try DocumentDecoder.decode(try sample(file)).get()
    }

    static let newYork = "pirateweather/magicmirror_newyork_si_2026-02-06.json"
    static let denver = "pirateweather/denver-us-version2-snow-dst-2025-03-08-wxpipe.json"

    /// Told apart from Dark Sky by `flags.version`/`sourceTimes` or version 2 fields; real Dark Sky
    /// replies (no such flags) stay `darksky/forecast`.
    @Test(arguments: [(newYork, "pirateweather/forecast"), (denver, "pirateweather/forecast"),
                      ("darksky/pirateweather-us-nyc-forecast-2023-godarksky.json", "pirateweather/forecast"),
                      ("darksky/us-hull-uk-forecast-alerts-2018-darkskycore.json", "darksky/forecast"),
                      ("darksky/si-vienna-at-lang-de-forecast-2020-wxpipe.json", "darksky/forecast")])
    func pirateRepliesAreTheirOwnProvider(_ file: String, _ format: String) throws {
        let doc = try Self.doc(file)
        #expect(doc.format == format)
        let provider = String(format.split(separator: "/")[0])
        #expect(doc.observations.allSatisfy { $0.provider == provider } && doc.forecasts.allSatisfy { $0.provider == provider })
    }

    @Test func aVersion2FieldAloneIsEnough() throws {
        let body = #"{"latitude": 1, "longitude": 2, "timezone": "Etc/GMT", "currently": {"time": 1741471200, "temperature": 1, "currentDayLiquid": 0}}"#
        #expect(try decode(body).get().format == "pirateweather/forecast")
    }

    /// `exclude=flags` on a version 1 request leaves nothing Pirate-only in the body: the
    /// envelope's URL or provider says where it came from; a bare body stays Dark Sky.
    @Test(arguments: [(#""url": "https://api.pirateweather.net/forecast/KEY/40.7,-74?exclude=flags", "#, "pirateweather/forecast"),
                      (#""url": "https://timemachine.pirateweather.net/forecast/KEY/40.7,-74,1709251200", "#, "pirateweather/timemachine"),
                      (#""provider": "PirateWeather", "#, "pirateweather/forecast"),
                      (#""url": "https://api.darksky.net/forecast/KEY/40.7,-74?q=pirateweather.net", "#, "darksky/forecast"),
                      (#""url": "https://notpirateweather.net/forecast/KEY/40.7,-74", "#, "darksky/forecast"),
                      ("", "darksky/forecast")])
    func aReplyWithoutFlagsIsToldApartByItsEnvelope(_ field: String, _ format: String) throws {
        let body = #"{"latitude": 40.7, "longitude": -74, "timezone": "America/New_York", "offset": -5, "#
            + #""currently": {"time": 1709251200, "temperature": 41.2, "precipProbability": 0.1}}"#
        let text = #"{"fetched_at": 1709251260, "# + field + #""response": "# + body + "}"
        let doc = try decode(text).get()
        #expect(doc.format == format)
        #expect(doc.observations.allSatisfy { $0.provider == format.split(separator: "/")[0].description })
    }

    @Test func currentlyIsANowcastAndPoPIsAFraction() throws {
        let doc = try Self.doc(Self.newYork)
        let o = try #require(doc.observations.first)
        #expect(o.observedAt == 1770414300 && o.tempC == -0.26 && approx(o.humidityPct, 56) && o.cloudCoverPct == 97)
        #expect(o.unitsAssumed == "si" && o.unitsSource == .flags)
        #expect(ObservationRole.decide(provider: o.provider, product: o.product) == .nowcast)
        let hour = try #require(doc.forecasts.first { $0.period == .hour })
        #expect(hour.validFrom == 1770411600 && hour.tempC == -2.19 && hour.precipProbPct == 16)
        #expect(hour.snowfallCm == nil)  // precipAccumulation counts rain too: not snowfall
        let day = try #require(doc.forecasts.first { $0.period == .day })
        #expect(day.targetDate == "2026-02-06" && day.validFrom == 1770354000 && day.validTo == 1770354000 + 86400)
        #expect(day.tempMaxC == -1.72 && day.tempMinC == -8.2 && day.precipProbPct == 33)
        #expect(day.precipMm == 0 && day.precipEstimated)  // no liquidAccumulation (version 1 fields): the Dark Sky estimate
        #expect(doc.forecasts.allSatisfy { $0.issuedAt == 1770414300 && $0.issuedAtSource == .body })
    }

    struct Day: Sendable, CustomStringConvertible {
        var index: Int, date: String, from: Int64, to: Int64, maxC: Double, minC: Double, precipMm: Double, snowCm: Double
        var description: String { date }
    }

    /// Version 2 in `us` units over the start of daylight saving time in Denver: 2025-03-09 is
    /// 23 hours; amounts are liquid + ice + the snow's water at 10:1 (inches → mm, cm).
    static let denverDays: [Day] = [
        Day(index: 0, date: "2025-03-08", from: 1741417200, to: 1741503600, maxC: 5.111111111111111, minC: -2.833333333333333,
            precipMm: 0.02 * 25.4 + 0.69 * 2.54, snowCm: 0.69 * 2.54),
        Day(index: 1, date: "2025-03-09", from: 1741503600, to: 1741586400, maxC: 2, minC: -4,
            precipMm: 0.05 * 25.4 + 0.01 * 25.4 + 2.0 * 2.54, snowCm: 2.0 * 2.54),
        Day(index: 2, date: "2025-03-10", from: 1741586400, to: 1741672800, maxC: 7.166666666666667, minC: -5.944444444444445, precipMm: 0, snowCm: 0),
    ]

    @Test(arguments: denverDays)
    func version2DayAmounts(_ d: Day) throws {
        let f = try Self.doc(Self.denver).forecasts.filter { $0.period == .day }[d.index]
        #expect(f.targetDate == d.date && f.validFrom == d.from && f.validTo == d.to)
        #expect(approx(f.tempMaxC, d.maxC) && approx(f.tempMinC, d.minC))
        #expect(approx(f.precipMm, d.precipMm) && !f.precipEstimated)
        #expect(approx(f.snowfallCm, d.snowCm))
    }

    @Test func version2HourSnowfallIsSnowAccumulation() throws {
        let hours = try Self.doc(Self.denver).forecasts.filter { $0.period == .hour }
        #expect(hours.count == 2)
        #expect(approx(hours[0].snowfallCm, 0.25 * 2.54) && approx(hours[0].precipMm, 0.0213 * 25.4) && hours[0].precipProbPct == 62)
    }

    /// Pirate Weather's `uk` is Dark Sky's `uk2` (wind mph, visibility miles).
    @Test func ukUnitsAreUK2() throws {
        let body = #"{"latitude": 51.5, "longitude": -0.1, "timezone": "Europe/London", "flags": {"units": "uk", "version": "V2.7.5"}, "currently": {"time": 1741471200, "temperature": 8, "windSpeed": 10, "visibility": 6}}"#
        let o = try observation(body)
        #expect(o.provider == "pirateweather" && o.tempC == 8 && approx(o.windSpeedMs, 4.4704) && approx(o.visibilityM, 6 * 1609.344))
        #expect(o.unitsAssumed == "uk2")
    }

    @Test func gatewayErrorIsAProviderError() throws {
        guard case .failure(let f) = DocumentDecoder.decode(try sample("pirateweather/error-502-bad-gateway-wxpipe.json")) else {
            Issue.record("must be rejected"); return
        }
        #expect(f.reason == .providerError)
        #expect(f.message == "Pirate Weather error: Bad Gateway: could not JSON decode Lambda function response: statusCode validation failed")
    }

    @Test func inspectNamesTheFormat() throws {
        let r = try CLI.run(["inspect", providerFixtures + "/" + Self.newYork])
        #expect(r.status == 0)
        #expect(r.stdout.contains("pirateweather/forecast (recognised by latitude, longitude, timezone and currently/hourly/daily blocks, with Pirate Weather's flags or version 2 fields): 1 observation(s), 117 forecast(s)"), "\(r.stdout)")
    }
}
