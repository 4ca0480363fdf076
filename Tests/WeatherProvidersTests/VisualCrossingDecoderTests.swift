import Foundation
import Testing
import TestSupport
import WeatherCore
@testable import WeatherProviders

/// Visual Crossing Timeline replies: rows by `source`, epochs and local days, the unit group
/// that is never echoed. Values below are worked out by hand from the fixtures.
struct VisualCrossingDecoderTests {
    static let denver = "visualcrossing/timeline-us-denver-dst-obs-comb-fcst-stats-wxpipe.json"
    static let wroclaw = "visualcrossing/timeline-metric-wroclaw-stitched-us-current-wxpipe.json"

    func decodeSample(_ name: String, units: UnitSystem? = nil) throws -> DecodedDocument {
        try DocumentDecoder.decode(try sample(name), context: DecodeContext(owmUnits: units, sourceName: name)).get()
    }

    /// Denver, unitGroup=us by default: °F, mph, inches; `obs` hours are observations, `fcst`
    /// rows forecasts, the `comb` day and the `stats` day are not stored.
    @Test func rowsBySourceWithValuesInCanonicalUnits() throws {
        let doc = try decodeSample(Self.denver)
        #expect(doc.format == "visualcrossing/timeline")
        // Two obs hours of the 9th and currentConditions (its datetimeEpoch is the issue time).
        #expect(doc.observations.map(\.observedAt) == [1_709_967_600, 1_710_010_800, 1_710_016_200])
        let noon = doc.observations[1]
        #expect(abs(noon.tempC! - (48.9 - 32) * 5 / 9) < 1e-9)
        #expect(noon.precipMm == 0.508 && noon.precipWindowH == 1)  // 0.02 in
        #expect(abs(noon.windSpeedMs! - 5 * 0.44704) < 1e-9)
        #expect(noon.condition == .rain && noon.timeZone == "America/Denver" && noon.utcOffsetSeconds == -6 * 3600)
        #expect(noon.unitsAssumed == "us" && noon.unitsSource == .default)
        #expect(ObservationRole.decide(provider: noon.provider, product: noon.product) == .observed)
        let current = doc.observations[2]
        #expect(current.sunriseAt == 1_709_989_800 && current.sunsetAt == 1_710_031_800)

        let issued: Int64 = 1_710_016_200
        #expect(doc.forecasts.allSatisfy { $0.issuedAt == issued && $0.issuedAtSource == .body })
        let hours = doc.forecasts.filter { $0.period == .hour }
        // The comb hour after the issue time is kept as a forecast, the one before it is not.
        #expect(hours.map(\.validFrom) == [1_710_032_400, 1_710_057_600, 1_710_061_200, 1_710_136_800])
        #expect(hours.allSatisfy { $0.validTo == $0.validFrom + 3600 })
        let snowy = hours[3]
        #expect(abs(snowy.snowfallCm! - 1.5 * 2.54) < 1e-9 && snowy.precipProbPct == 80 && snowy.condition == .snow)
        #expect(doc.warnings.contains { $0.contains("1 comb days") } && doc.warnings.contains { $0.contains("1 stats days") }
                && doc.warnings.contains { $0.contains("1 comb hours before the issue time") })
    }

    /// Days are local days of the IANA zone: the 10th of March 2024 starts DST in Denver, so it
    /// lasts 23 hours (07:00Z to 06:00Z); the 11th is 24 hours from 06:00Z.
    @Test func dayWindowsFollowTheZoneAcrossDST() throws {
        let days = try decodeSample(Self.denver).forecasts.filter { $0.period == .day }
        #expect(days.map(\.targetDate) == ["2024-03-10", "2024-03-11"])
        #expect(days[0].validFrom == 1_710_054_000 && days[0].validTo == 1_710_136_800)
        #expect(days[0].validTo - days[0].validFrom == 23 * 3600)
        #expect(days[1].validFrom == 1_710_136_800 && days[1].validTo == 1_710_136_800 + 86400)
        #expect(abs(days[0].tempMaxC! - (55 - 32) * 5 / 9) < 1e-9 && abs(days[0].tempMinC! - (30 - 32) * 5 / 9) < 1e-9)
        #expect(days[0].tempC == nil)  // `temp` of a day is its mean, not a value at an instant
        #expect(days[1].precipMm == 0.25 * 25.4 && abs(days[1].snowfallCm! - 3 * 2.54) < 1e-9 && days[1].precipProbPct == 80)
    }

    /// A metric reply read as `us` (the default) has plausible temperatures, but its hours'
    /// humidity contradicts °F: an implausible-value reject naming the unit group it looks like,
    /// which decodes under --units metric (what ingest's units advice tries).
    @Test func metricReadAsUSIsRejectedAndDecodesAsMetric() throws {
        let bytes = try sample(Self.wroclaw)
        guard case .failure(let f) = DocumentDecoder.decode(bytes, context: DecodeContext(sourceName: Self.wroclaw)) else {
            Issue.record("a metric reply read as us must be rejected"); return
        }
        #expect(f.reason == .implausibleValue && f.message.contains("unitGroup=metric") && f.message.contains("--units metric"))
        #expect(f.fieldPath == "days[0].hours[0].temp")
        let doc = try decodeSample(Self.wroclaw, units: .metric)
        #expect(doc.observations.count == 1 && doc.forecasts.count == 3)
        let obs = try #require(doc.observations.first)
        #expect(obs.tempC == 16 && obs.windSpeedMs == 2.5 && obs.unitsAssumed == "metric" && obs.unitsSource == .input)  // 9 km/h
        // currentConditions is in US units in this stitched reply: left out, with a warning.
        #expect(doc.warnings.contains { $0.contains("currentConditions in another unit group") })
        let day = try #require(doc.forecasts.first { $0.period == .day })
        #expect(day.targetDate == "2024-08-10" && day.validFrom == 1_723_240_800 && day.precipMm == 1.2 && day.precipProbPct == 45)
    }

    @Test func theEnvelopeURLsUnitGroupWins() throws {
        let body = String(decoding: try sample(Self.denver), as: UTF8.self)
        let wrapped = #"{"fetched_at": "2024-03-09T20:31:00Z", "url": "https://weather.visualcrossing.com/VisualCrossingWebServices/rest/services/timeline/denver?unitGroup=uk", "response": "#
            + body + "}"
        let doc = try decode(wrapped, units: .imperial).get()
        #expect(doc.observations.first?.unitsAssumed == "uk" && doc.observations.first?.unitsSource == .envelopeURL)
        #expect(doc.observations.first?.tempC == 30.2)  // °C under uk, no conversion
        #expect(doc.forecasts.first?.issuedAtSource == .envelope)
    }

    @Test func errorBodyIsAProviderError() throws {
        guard case .failure(let f) = DocumentDecoder.decode(try sample("visualcrossing/error-401-no-account-wxpipe.json")) else {
            Issue.record("error body must be rejected"); return
        }
        #expect(f.reason == .providerError && f.message == "Visual Crossing error 401: No account found with API key 'xxxx'")
    }

    @Test func inspectNamesTheFormat() throws {
        let r = try CLI.run(["inspect", providerFixtures + "/" + Self.denver])
        #expect(r.status == 0)
        #expect(r.stdout.contains("visualcrossing/timeline (recognised by latitude, longitude, resolvedAddress"))
        #expect(r.stdout.contains("skipped 1 stats days"))
    }
}
