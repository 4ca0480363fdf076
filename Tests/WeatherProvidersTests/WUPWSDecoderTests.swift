import Foundation
import Testing
import TestSupport
import WeatherCore
@testable import WeatherProviders

/// Weather Underground PWS `/v2/pws/observations/current`. Values are worked out by hand from
/// the fixtures: one recorded metric reply, and look-alikes of our own for the other blocks.
struct WUPWSDecoderTests {
    static let metric = "wu-pws/scilabs_IHERNE113_current_metric_2020-01-14.json"
    static let flagged = "wu-pws/own-current-luzern-imperial-qc-flagged-wxpipe.json"
    static let metricSI = "wu-pws/own-current-bergen-metric_si-wxpipe.json"
    static let ukHybrid = "wu-pws/own-current-leeds-uk_hybrid-wxpipe.json"

    /// The `metric` block: km/h wind, hPa; `precipTotal` since midnight on the station's clock
    /// (13:46:10 → 13.77 h); the wind chill (6) below the air (9) is the feels-like.
    @Test func metricBlock() throws {
        let doc = try PWSFixture.doc(Self.metric)
        #expect(doc.format == "wu/pws" && doc.observations.count == 1 && doc.places.count == 1)
        let o = try #require(doc.observations.first)
        #expect(o.provider == "wu" && o.product == "pws" && o.stationID == "IHERNE113" && o.qcFlag == "1")
        #expect(o.observedAt == 1_579_005_970 && o.latitude == 51.54059601 && o.longitude == 7.20648146)
        #expect(o.tempC == 9 && o.dewPointC == 7 && o.feelsLikeC == 6 && o.humidityPct == 86 && o.windDirDeg == 231 && o.uvIndex == 0)
        #expect(near(o.windSpeedMs, 22 / 3.6) && near(o.windGustMs, 31 / 3.6) && o.pressureHpa == 1004.44)
        #expect(o.precipRateMmh == 0 && o.precipMm == 0.51 && near(o.precipWindowH, 13 + 46.0 / 60 + 10.0 / 3600))
        #expect(o.placeName == "Herne" && o.country == "DE" && o.unitsAssumed == "metric" && o.unitsSource == .unitsBlock)
        #expect(ObservationRole.decide(provider: o.provider, product: o.product) == .observed)
        #expect(ProductCatalog.standard.truthPriority(provider: "wu", product: "pws") == 24)
    }

    /// `imperial` with `qcStatus` 0: kept under `pws_flagged`, whose role keeps it from being the
    /// truth; °F, mph, inHg and in converted; `precipRate` null stays missing.
    @Test func aFlaggedReadingIsKeptButNotTheTruth() throws {
        let o = try #require(try PWSFixture.doc(Self.flagged).observations.first)
        #expect(o.product == "pws_flagged" && o.qcFlag == "0" && o.stationID == "ILUZERN7")
        #expect(ObservationRole.decide(provider: "wu", product: "pws_flagged") == .nowcast)
        #expect(near(o.tempC, 20) && near(o.dewPointC, (47 - 32) * 5.0 / 9) && near(o.feelsLikeC, 20))
        #expect(near(o.windSpeedMs, 3 * 0.44704) && near(o.windGustMs, 5 * 0.44704) && near(o.pressureHpa, 29.95 * 33.8639))
        #expect(o.precipRateMmh == nil && near(o.precipMm, 1.27) && near(o.precipWindowH, 10 + 14.0 / 60 + 40.0 / 3600))
        #expect(o.unitsAssumed == "imperial")
    }

    /// `metric_si`: wind in m/s as written; `uk_hybrid`: °C and hPa with mph wind, `qcStatus`
    /// −1 (not checked) is the truth as a passed one.
    @Test func metricSIAndUKHybridBlocks() throws {
        let si = try #require(try PWSFixture.doc(Self.metricSI).observations.first)
        #expect(si.windSpeedMs == 4.2 && si.windGustMs == 7.5 && si.tempC == 8.4 && si.feelsLikeC == 6.9 && si.pressureHpa == 1009.8)
        #expect(si.precipRateMmh == 0.6 && si.precipMm == 3.2 && si.precipWindowH == 12.25 && si.unitsAssumed == "metric_si")
        let uk = try #require(try PWSFixture.doc(Self.ukHybrid).observations.first)
        #expect(uk.product == "pws" && uk.qcFlag == "-1" && uk.tempC == 12.5 && uk.pressureHpa == 1015.2)
        #expect(near(uk.windSpeedMs, 4.4704) && near(uk.windGustMs, 18 * 0.44704) && uk.precipMm == 1.8 && uk.precipWindowH == 9.5)
    }

    /// api.weather.com's error body: a `provider_error` reject (read by the TWC decoder).
    @Test func errorBodiesAreProviderErrors() throws {
        let f = try #require(PWSFixture.failure("wu-pws/own-error-invalid-apikey-wxpipe.json"))
        #expect(f.reason == .providerError && f.message.contains("CDN-0001") && f.message.contains("Invalid apiKey."))
    }

    /// A station silent for the last hour answers an empty list: no records, and a warning.
    @Test func anEmptyListIsAStationWithoutAReading() throws {
        let doc = try decode(#"{"observations": []}"#).get()
        #expect(doc.format == "wu/pws" && doc.observations.isEmpty && doc.warnings.contains { $0.contains("reported nothing") })
    }

    /// A reply with two unit blocks cannot say which is the reading's: rejected, not guessed.
    @Test func twoUnitBlocksAreRefused() {
        let text = #"{"observations":[{"stationID":"IX1","epoch":1700000000,"lat":1,"lon":2,"metric":{"temp":5},"imperial":{"temp":41}}]}"#
        guard case .failure(let f) = decode(text) else { Issue.record("must be rejected"); return }
        #expect(f.reason == .wrongType && f.message.contains("several unit blocks"))
    }

    @Test func inspectNamesTheFormat() throws {
        let r = try CLI.run(["inspect", providerFixtures + "/" + Self.metric])
        #expect(r.status == 0)
        #expect(r.stdout.contains("wu/pws (recognised by observations[] with stationID"))
    }
}
