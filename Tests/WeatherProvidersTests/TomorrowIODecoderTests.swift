import Foundation
import Testing
import TestSupport
import WeatherCore
@testable import WeatherProviders

/// Tomorrow.io v4, both shapes: 06:00→06:00 days as window forecasts, units not echoed, snow
/// depth kept apart from its water equivalent. Values are worked out by hand from the fixtures.
struct TomorrowIODecoderTests {
    static let lacMann = "tomorrowio/hossain_weatherforecast_lacmann_snow_2025-01-20.json"
    static let sola = "tomorrowio/own-forecast-sola-plus11-days-wxpipe.json"
    static let dst = "tomorrowio/own-timelines-newyork-dst-days-wxpipe.json"
    static let orlandoDays = "tomorrowio/pytomorrowio_timelines_1d_orlando_2022-04-14-envelope.json"
    static let orlandoNow = "tomorrowio/pytomorrowio_timelines_current_orlando_2022-04-17-envelope.json"

    func decodeSample(_ name: String, units: UnitSystem? = nil) throws -> DecodedDocument {
        try DocumentDecoder.decode(try sample(name), context: DecodeContext(owmUnits: units, sourceName: name)).get()
    }

    /// Lac Mann (metric, the default): hour 0 has 95.98 mm of snow depth but 7.64 mm of water;
    /// the precipitation is the water, the snowfall the depth (in cm).
    @Test func snowDepthIsNotPrecipitation() throws {
        let doc = try decodeSample(Self.lacMann)
        #expect(doc.format == "tomorrowio/forecast")
        #expect(doc.forecasts.filter { $0.period == .minute }.count == 60)
        let hour = try #require(doc.forecasts.first { $0.period == .hour })
        #expect(hour.validFrom == 1_737_428_400 && hour.validTo == 1_737_432_000)  // 2025-01-21T03:00Z
        #expect(hour.precipMm == 7.64 && abs(hour.snowfallCm! - 9.598) < 1e-9 && hour.precipProbPct == 5)
        #expect(hour.tempC == -30.19 && hour.condition == .snow && hour.conditionCode == "5101" && hour.pressureHpa == nil)
        #expect(hour.unitsAssumed == "metric" && hour.unitsSource == .default)
        // The first minute is the reply's own clock.
        #expect(hour.issuedAt == 1_737_428_640 && hour.issuedAtSource == .body)
        let day = try #require(doc.forecasts.first { $0.period == .day })
        #expect(day.validFrom == 1_737_370_800 && day.validTo == day.validFrom + 86400 && day.targetDate == "2025-01-20")  // 11:00Z = 06:00 EST
        #expect(day.precipMm == 46.97 && abs(day.snowfallCm! - 47.769) < 1e-9 && day.precipProbPct == 100)
        #expect(day.tempMaxC == -26.19 && day.tempMinC == -33.38)
    }

    /// Sola (+11): a day starting 06:00 local is 19:00Z on the previous UTC date; its target date
    /// is the local one.
    @Test func daysAtPlusElevenLandOnThePreviousUTCDate() throws {
        let doc = try decodeSample(Self.sola)
        let days = doc.forecasts.filter { $0.period == .day }
        #expect(days.map(\.validFrom) == [1_740_510_000, 1_740_596_400])  // 2025-02-25T19:00Z, 26T19:00Z
        #expect(days.map(\.targetDate) == ["2025-02-26", "2025-02-27"])
        #expect(days[0].validTo == days[1].validFrom)
        #expect(days[0].precipMm == 88.41 && days[0].precipProbPct == 100 && days[0].condition == .rain && days[0].windGustMs == 17.2)
        #expect(days[1].precipMm == 3.2 && days[1].precipProbPct == 40 && days[1].condition == .drizzle)
        let hours = doc.forecasts.filter { $0.period == .hour }
        #expect(hours.map(\.precipMm) == [12.31, 8.5] && hours[0].pressureHpa == 1006.5 && hours[1].precipProbPct == 5)
        #expect(doc.places.first?.name == "Sola, Torba, Vanuatu")
    }

    /// New York across the DST start: days from 11:00Z (06:00 EST) then 10:00Z (06:00 EDT), so
    /// the first window is 23 hours; a 5-minute timeline has no period kind and is skipped.
    @Test func dayWindowsRunToTheNextDayAcrossDST() throws {
        let doc = try decodeSample(Self.dst)
        #expect(doc.format == "tomorrowio/timelines")
        let days = doc.forecasts.filter { $0.period == .day }
        #expect(days.map(\.validFrom) == [1_709_982_000, 1_710_064_800, 1_710_151_200])
        #expect(days[0].validTo == 1_710_064_800 && days[0].validTo - days[0].validFrom == 23 * 3600)
        #expect(days[2].validTo == days[2].validFrom + 86400)
        #expect(days.map(\.targetDate) == ["2024-03-09", "2024-03-10", "2024-03-11"])
        #expect(days[0].precipMm == nil && days[0].precipProbPct == 70)  // a mean rate is no day total
        let hour = try #require(doc.forecasts.first { $0.period == .hour })
        #expect(hour.precipMm == 0.6 && hour.precipEstimated && hour.precipRateMmh == 0.6)  // rate × 1 h, flagged
        #expect(doc.warnings.contains { $0.contains("5m timeline") })
        #expect(days.allSatisfy { $0.latitude == 40.7128 && $0.longitude == -74.006 })  // from the envelope URL
    }

    /// pytomorrowio's replies were fetched with units=imperial (°F, mph, inHg, miles), stated here
    /// by the envelope URL; `current` is a nowcast, never truth.
    @Test func imperialTimelinesFromTheEnvelope() throws {
        let now = try decodeSample(Self.orlandoNow)
        let o = try #require(now.observations.first)
        #expect(o.observedAt == 1_650_161_760 && abs(o.tempC! - (74.53 - 32) * 5 / 9) < 1e-9)
        #expect(abs(o.pressureHpa! - 30.04 * 33.8639) < 1e-9 && abs(o.windSpeedMs! - 3.36 * 0.44704) < 1e-9)
        #expect(abs(o.visibilityM! - 9.91 * 1609.344) < 1e-6 && o.condition == .clear && o.unitsSource == .envelopeURL)
        #expect(ObservationRole.decide(provider: o.provider, product: o.product) == .nowcast)
        let days = try decodeSample(Self.orlandoDays).forecasts
        #expect(days.count == 15 && days.allSatisfy { $0.period == .day && $0.validTo - $0.validFrom == 86400 })
        #expect(days[0].validFrom == 1_649_930_400 && days[0].targetDate == "2022-04-14" && days[0].precipProbPct == 30)  // 10:00Z = 06:00 EDT
        #expect(abs(days[0].tempMaxC! - (86.98 - 32) * 5 / 9) < 1e-9)
    }

    /// The same imperial body read as metric (a recorded URL without `units=`: the default was
    /// in force) has no plausible pressure (30.04 "hPa") nor temperature; a metric reply read
    /// with --units imperial has no plausible pressure either (1006.5 "inHg").
    @Test func wrongUnitsAreRejected() throws {
        let text = String(decoding: try sample(Self.orlandoNow), as: UTF8.self).replacingOccurrences(of: "&units=imperial", with: "")
        guard case .failure(let f) = decode(text, units: .imperial) else { Issue.record("imperial read as metric must be rejected"); return }
        #expect(f.reason == .implausibleValue && f.message.contains("units assumed: metric, from the envelope URL"))
        guard case .failure(let g) = DocumentDecoder.decode(try sample(Self.sola), context: DecodeContext(owmUnits: .imperial)) else {
            Issue.record("metric read as imperial must be rejected"); return
        }
        #expect(g.reason == .implausibleValue && g.message.contains("units assumed: imperial, from the input's units setting"))
        #expect((try? decodeSample(Self.sola, units: .metric))?.forecasts.count == 4)
    }

    @Test func timelinesWithoutAPlaceAreAnExplainedReject() throws {
        guard case .failure(let f) = decode(#"{"data": {"timelines": [{"timestep": "1h", "intervals": []}]}}"#) else {
            Issue.record("no place, no records"); return
        }
        #expect(f.reason == .missingField && f.message.contains("location=LAT,LON"))
    }

    @Test func errorBodyIsAProviderError() throws {
        guard case .failure(let f) = DocumentDecoder.decode(try sample("tomorrowio/own-error-401001-invalid-auth-wxpipe.json")) else {
            Issue.record("error body must be rejected"); return
        }
        #expect(f.reason == .providerError && f.message.hasPrefix("Tomorrow.io error 401001 (Invalid Auth): The method requires"))
    }

    @Test func inspectNamesTheFormat() throws {
        let r = try CLI.run(["inspect", providerFixtures + "/" + Self.sola, providerFixtures + "/" + Self.dst])
        #expect(r.status == 0)
        #expect(r.stdout.contains("tomorrowio/forecast (recognised by timelines.minutely/hourly/daily"))
        #expect(r.stdout.contains("tomorrowio/timelines (recognised by data.timelines[]"))
    }
}
