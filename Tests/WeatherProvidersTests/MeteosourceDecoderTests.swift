import Foundation
import Testing
import TestSupport
import WeatherCore
@testable import WeatherProviders

/// Meteosource `/point` and `/time_machine`. Values are worked out by hand from the fixtures.
struct MeteosourceDecoderTests {
    static let point = "meteosource/meteosource-php_point_london_2021-09-08.json"
    static let dst = "meteosource/own-point-newyork-dst-start-no-units-wxpipe.json"
    static let timeMachine = "meteosource/own-timemachine-prague-dst-end-us-wxpipe.json"

    func decodeSample(_ name: String, units: UnitSystem? = nil) throws -> DecodedDocument {
        try DocumentDecoder.decode(try sample(name), context: DecodeContext(owmUnits: units, sourceName: name)).get()
    }

    func close(_ a: Double?, _ b: Double) -> Bool { a.map { abs($0 - b) < 1e-9 } ?? false }

    /// `current` as a nowcast at the reply's clock (the first minute, 09:45 UTC), hours from
    /// `date`, days from `all_day`; lat/lon strings with hemisphere letters; units echoed.
    @Test func pointReply() throws {
        let doc = try decodeSample(Self.point)
        #expect(doc.format == "meteosource/point" && doc.observations.count == 1 && doc.forecasts.count == 155 + 30)
        let o = try #require(doc.observations.first)
        #expect(o.observedAt == 1_631_094_300 && o.latitude == 51.50853 && o.longitude == -0.12574)
        #expect(o.tempC == 19.8 && o.feelsLikeC == 18.8 && o.dewPointC == 14.8 && o.humidityPct == 81 && o.pressureHpa == 1015)
        #expect(o.windSpeedMs == 2.6 && o.windGustMs == 5.7 && o.windDirDeg == 102 && o.cloudCoverPct == 10 && o.uvIndex == 1.09)
        #expect(close(o.visibilityM, 9120) && o.condition == .clear && o.conditionCode == "2" && o.conditionText == "Sunny")
        #expect(o.unitsAssumed == "metric" && o.unitsSource == .metadata)
        #expect(ObservationRole.decide(provider: o.provider, product: o.product) == .nowcast)
        let h = doc.forecasts[0]
        #expect(h.period == .hour && h.validFrom == 1_631_091_600 && h.validTo == 1_631_095_200 && h.issuedAt == 1_631_094_300 && h.issuedAtSource == .body)
        #expect(h.tempC == 19.8 && h.dewPointC == 11.8 && h.cloudCoverPct == 10 && h.pressureHpa == 1014 && h.humidityPct == 63)
        #expect(h.precipMm == 0 && h.precipProbPct == 0 && close(h.visibilityM, 24140) && h.condition == .clear && h.conditionText == "sunny")
        let d = doc.forecasts[155]
        #expect(d.period == .day && d.targetDate == "2021-09-08" && d.validFrom == 1_631_059_200 && d.validTo == 1_631_145_600)
        #expect(d.tempMaxC == 28 && d.tempMinC == 17.5 && d.tempC == nil && d.precipMm == 0 && d.precipProbPct == 1)
        #expect(d.cloudCoverPct == 34 && d.windSpeedMs == 3.7 && d.condition == .partlyCloudy)
        #expect(doc.warnings == ["skipped the minutely block (116 steps): whether its precipitation is a rate or an amount is not documented"])
    }

    /// America/New_York across the start of DST: 01:00 EST then 03:00 EDT are an hour apart;
    /// local days start at 05:00Z then 04:00Z, the 10th lasting 23 hours; no units echoed and
    /// none asked: metric, as the default.
    @Test func localTimesAcrossTheStartOfDST() throws {
        let doc = try decodeSample(Self.dst)
        #expect(doc.forecasts.filter { $0.period == .hour }.map(\.validFrom) == [1_710_050_400, 1_710_054_000, 1_710_057_600])
        let days = doc.forecasts.filter { $0.period == .day }
        #expect(days.map(\.targetDate) == ["2024-03-09", "2024-03-10", "2024-03-11"])
        #expect(days.map(\.validFrom) == [1_709_960_400, 1_710_046_800, 1_710_129_600] && days[2].validTo == 1_710_216_000)
        #expect(days[1].validTo - days[1].validFrom == 23 * 3600 && days[1].precipMm == 1.9 && days[1].precipProbPct == 60)
        #expect(doc.observations.first?.observedAt == 1_710_051_300 && doc.places.first?.timeZone == "America/New_York")
        #expect(doc.forecasts.allSatisfy { $0.unitsAssumed == "metric" && $0.unitsSource == .default })
        // The input's units apply when neither the reply nor an envelope says.
        let us = try decodeSample(Self.dst, units: .imperial)
        #expect(close(us.forecasts[0].tempC, (4.2 - 32) * 5 / 9) && us.forecasts[0].unitsAssumed == "us" && us.forecasts[0].unitsSource == .input)
    }

    /// The time machine: observed history, local times in the envelope URL's zone (the reply
    /// has none) across the end of DST in Prague (02:00 twice), `units=us` from the URL.
    @Test func timeMachineAcrossTheEndOfDST() throws {
        let doc = try decodeSample(Self.timeMachine)
        #expect(doc.format == "meteosource/timemachine" && doc.forecasts.isEmpty)
        #expect(doc.observations.map(\.observedAt) == [1_603_576_800, 1_603_580_400, 1_603_584_000, 1_603_587_600, 1_603_591_200])
        let o = doc.observations[0]
        #expect(close(o.tempC, 10) && close(o.windSpeedMs, 6.7 * 0.44704) && close(o.visibilityM, 6.2 * 1609.344) && o.precipMm == nil)
        #expect(o.condition == .cloudy && doc.observations[4].condition == .fog && o.unitsAssumed == "us" && o.unitsSource == .envelopeURL)
        #expect(ObservationRole.decide(provider: o.provider, product: o.product) == .observed)
        #expect(ProductCatalog.standard.truthPriority(provider: "meteosource", product: "timemachine") == 57)
    }

    /// Without a zone in the reply or the envelope, local times cannot be placed: rejected.
    @Test func aReplyWithoutAZoneIsRejected() {
        guard case .failure(let f) = decode(#"{"lat": "50.08804N", "lon": "14.42076E", "data": [{"date": "2020-10-25T00:00:00", "temperature": 10}]}"#) else {
            Issue.record("must be rejected"); return
        }
        #expect(f.reason == .missingField && f.fieldPath == "timezone")
    }

    @Test func errorBodiesAreProviderErrors() throws {
        guard case .failure(let f) = DocumentDecoder.decode(try sample("meteosource/own-error-invalid-key-wxpipe.json")) else {
            Issue.record("error body must be rejected"); return
        }
        #expect(f.reason == .providerError && f.message.hasPrefix("Meteosource error: Invalid API key."))
    }

    @Test func inspectNamesTheFormat() throws {
        let r = try CLI.run(["inspect", providerFixtures + "/" + Self.point, providerFixtures + "/" + Self.timeMachine])
        #expect(r.status == 0)
        #expect(r.stdout.contains("meteosource/point (recognised by current/hourly/daily beside lat/lon"))
        #expect(r.stdout.contains("meteosource/timemachine (recognised by data[] beside lat/lon"))
    }
}
