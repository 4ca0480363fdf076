import Foundation
import Testing
import TestSupport
import WeatherCore
@testable import WeatherProviders

/// Ecowitt API v3 `/device/real_time`, `/device/info` and `/device/history`. Values are worked
/// out by hand from our look-alike fixtures (each value in the unit written beside it).
struct EcowittDecoderTests {
    static let realtime = "ecowitt/own-realtime-imperial-stale-uvi-wxpipe.json"
    static let info = "ecowitt/own-device-info-warsaw-imperial-wxpipe.json"
    static let history = "ecowitt/own-history-metric-midnight-reset-wxpipe.json"
    static let place = IngestSettings.Place(latitude: 50.11, longitude: 8.68)

    /// `ºF`, `in/hr`, `inHg`, `mph`: each converted by its own unit; `hourly` is the last hour's
    /// rain; the UV leaf, two hours older than the reading, is not this reading's.
    @Test func realtimeReading() throws {
        #expect(PWSFixture.failure(Self.realtime)?.message.contains("--place LAT,LON") == true)
        let doc = try PWSFixture.doc(Self.realtime, place: Self.place)
        #expect(doc.format == "ecowitt/realtime" && doc.observations.count == 1)
        let o = try #require(doc.observations.first)
        #expect(o.provider == "ecowitt" && o.product == "realtime" && o.stationID == "AA:BB:CC:DD:EE:01")
        #expect(o.observedAt == 1_643_877_861 && o.latitude == 50.11 && o.longitude == 8.68)
        #expect(near(o.tempC, 5) && near(o.feelsLikeC, 3) && near(o.dewPointC, 2) && o.humidityPct == 78)
        #expect(near(o.windSpeedMs, 4.5 * 0.44704) && near(o.windGustMs, 9 * 0.44704) && o.windDirDeg == 225)
        #expect(near(o.pressureHpa, 30 * 33.8639) && near(o.precipRateMmh, 1.016) && near(o.precipMm, 0.508) && o.precipWindowH == 1)
        #expect(o.uvIndex == nil && doc.warnings.contains { $0.contains("solar_and_uvi.uvi not read") })
    }

    /// `/device/info`: its own place, MAC and zone; `℉`; without `hourly`, `daily` counts from
    /// local midnight in Warsaw (10:22:50Z is 12:22:50 CEST).
    @Test func deviceInfoCarriesItsPlace() throws {
        let doc = try PWSFixture.doc(Self.info)
        let o = try #require(doc.observations.first)
        #expect(o.stationID == "AA:BB:CC:DD:EE:02" && o.latitude == 52.33 && o.longitude == 21.09 && o.timeZone == "Europe/Warsaw")
        #expect(o.observedAt == 1_714_558_970 && near(o.tempC, 25) && near(o.dewPointC, 5) && o.humidityPct == 28 && o.placeName == "GW1100")
        #expect(near(o.windSpeedMs, 6.7 * 0.44704) && near(o.windGustMs, 11.2 * 0.44704) && near(o.pressureHpa, 29.92 * 33.8639))
        #expect(near(o.precipMm, 2.032) && near(o.precipWindowH, 12 + 22.0 / 60 + 50.0 / 3600) && o.precipRateMmh == 0)
    }

    /// A history's times (every 30 minutes, 23:00 … 01:00 CEST) out of order are sorted; the
    /// `daily` counter is differenced (5.2 → 5.6 is 0.4 mm; the drop to 0 at local midnight a
    /// reset) and each time from the first hour on holds its last hour (00:00: 0.4 + 0; 00:30:
    /// 0 + 0.3; 01:00: 0.3 + 0); `-` is missing; the humidity of 180 % is set aside and the
    /// document kept.
    @Test func historyIsDifferencedAndChecked() throws {
        let doc = try PWSFixture.doc(Self.history, place: Self.place)
        #expect(doc.format == "ecowitt/history")
        let obs = doc.observations
        #expect(obs.map(\.observedAt) == [1_713_733_200, 1_713_735_000, 1_713_736_800, 1_713_738_600, 1_713_740_400])
        #expect(obs.map(\.tempC) == [4.0, 3.9, 3.9, 3.8, 3.8] && obs.map(\.dewPointC) == [1.8, 1.8, 1.7, 1.7, nil])
        #expect(obs.map(\.humidityPct) == [86, 87, nil, 88, 88] && doc.quarantined.count == 1)
        #expect(obs.map(\.precipMm) == [nil, nil, 0.4, 0.3, 0.3] && obs.dropFirst(2).allSatisfy { $0.precipWindowH == 1 })
        #expect(obs.map(\.precipRateMmh) == [4.8, 3.6, 3.6, 0, 0] && obs.allSatisfy { $0.product == "history" && $0.stationID == "AA:BB:CC:DD:EE:03" })
        #expect(obs.allSatisfy { $0.pressureHpa != nil && $0.windSpeedMs != nil })
    }

    /// A WS90's piezo gauge (`rainfall_piezo`) stands in for the tipping bucket; a wind speed in
    /// Beaufort is not converted: missing, with a warning, the rest of the reading kept.
    @Test func piezoRainAndAnUnconvertedUnit() throws {
        let body = #"""
            {"code":0,"msg":"success","time":"1700000100","data":{
             "outdoor":{"temperature":{"time":"1700000000","unit":"℃","value":"12.5"}},
             "wind":{"wind_speed":{"time":"1700000000","unit":"BFT","value":"3"}},
             "rainfall_piezo":{"rain_rate":{"time":"1700000000","unit":"mm/hr","value":"2.4"},"hourly":{"time":"1700000000","unit":"mm","value":"1.2"}}}}
            """#
        let doc = try DocumentDecoder.decode(Array(body.utf8), context: DecodeContext(settings: IngestSettings(place: Self.place))).get()
        let o = try #require(doc.observations.first)
        #expect(o.tempC == 12.5 && o.precipRateMmh == 2.4 && o.precipMm == 1.2 && o.precipWindowH == 1)
        #expect(o.windSpeedMs == nil && doc.quarantined.isEmpty && doc.warnings.contains { $0.contains("'BFT'") && $0.contains("wind speed") })
    }

    @Test func unitGlyphsAreNormalised() {
        #expect(EcowittUnit.normalised("ºF") == "f" && EcowittUnit.normalised("℃") == "c" && EcowittUnit.normalised("℉") == "f")
        #expect(EcowittUnit.normalised("in/hr") == "in/h" && EcowittUnit.normalised("W/m²") == "w/m2")
        #expect(EcowittUnit.conversion("BFT", for: .speed) == nil && EcowittUnit.conversion("mmHg", for: .pressure)?(750) == 750 * 1.33322)
    }

    @Test func errorBodiesAreProviderErrors() throws {
        let f = try #require(PWSFixture.failure("ecowitt/own-error-illegal-application-key-wxpipe.json"))
        #expect(f.reason == .providerError && f.message == "Ecowitt error 40010: Illegal Application_Key Parameter")
    }

    @Test func inspectNamesTheFormat() throws {
        let r = try CLI.run(["inspect", providerFixtures + "/" + Self.info])
        #expect(r.status == 0)
        #expect(r.stdout.contains("ecowitt/realtime (recognised by code, msg and data with mac and last_update"))
    }
}
