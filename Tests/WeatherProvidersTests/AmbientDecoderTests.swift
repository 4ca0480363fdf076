import Foundation
import Testing
import TestSupport
import WeatherCore
@testable import WeatherProviders

/// Ambient Weather `/v1/devices` and `/v1/devices/{macAddress}`. Values are worked out by hand
/// from the fixtures (imperial by key name: °F, mph, inHg, in).
struct AmbientDecoderTests {
    static let devices = "ambient/aioambient_v1-devices_2019-01-07.json"
    static let history = "ambient/aioambient_v1-devices-mac_history_2019-01-10.json"
    static let gilbert = "ambient/own-devices-gilbert-coords-tz-wxpipe.json"
    static let dst = "ambient/own-devices-newyork-dst-start-wxpipe.json"
    static let reset = "ambient/own-history-gilbert-midnight-reset-wxpipe.json"
    static let gilbertPlace = IngestSettings.Place(latitude: 33.35, longitude: -111.79)

    /// A device with `info.coords` and `tz`: its latest reading, `dailyrainin` over the hours
    /// since local midnight (09:45 MST → 9.75 h), `hourlyrainin` a rate.
    @Test func aDevicesLatestReading() throws {
        let doc = try PWSFixture.doc(Self.gilbert)
        #expect(doc.format == "ambient/devices" && doc.observations.count == 1)
        let o = try #require(doc.observations.first)
        #expect(o.provider == "ambient" && o.product == "devices" && o.stationID == "00:0E:C6:20:AB:12")
        #expect(o.observedAt == 1_715_791_500 && o.latitude == 33.35 && o.longitude == -111.79 && o.timeZone == "America/Phoenix")
        #expect(near(o.tempC, 35) && near(o.dewPointC, 0) && near(o.feelsLikeC, 34) && o.humidityPct == 12 && o.uvIndex == 9)
        #expect(near(o.windSpeedMs, 2.2352) && near(o.windGustMs, 4.4704) && o.windDirDeg == 180 && near(o.pressureHpa, 29.92 * 33.8639))
        #expect(near(o.precipRateMmh, 2.54) && near(o.precipMm, 5.08) && o.precipWindowH == 9.75)
        #expect(o.placeName == "Backyard" && doc.places.first?.timeZone == "America/Phoenix")
        #expect(ObservationRole.decide(provider: o.provider, product: o.product) == .observed)
    }

    /// 10 March 2024 in New York starts daylight time: noon EDT is 11 hours after midnight EST,
    /// not the 12 the wall clock says. `tz` with a space is read as the IANA name; a device
    /// without `tz` keeps its reading but not its counter, and says why.
    @Test func sinceMidnightWindowOnTheDayDSTStarts() throws {
        let doc = try PWSFixture.doc(Self.dst)
        #expect(doc.observations.count == 2)
        let roof = doc.observations[0], garage = doc.observations[1]
        #expect(roof.observedAt == 1_710_086_400 && roof.timeZone == "America/New_York")
        #expect(near(roof.precipMm, 12.7) && roof.precipWindowH == 11)
        #expect(roof.latitude == 40.7282 && roof.longitude == -73.8448)  // GeoJSON [lon, lat]
        #expect(garage.stationID == "00:0E:C6:30:CD:35" && garage.latitude == 40.7301 && garage.precipMm == nil && garage.precipWindowH == nil)
        #expect(doc.warnings.contains { $0.contains("dailyrainin not stored") && $0.contains("tz") })
    }

    /// A history every 30 minutes across local midnight (22:30 … 01:00 MST): readings oldest
    /// first, each from the first hour on holding the rain of the hour before it; the daily
    /// counter's drop at midnight (0.35 → 0.00 in) is a reset, not −8.9 mm. 23:30: 0.02 + 0.03 in;
    /// 00:00: 0.03 + 0; 00:30: 0 + 0.02; 01:00: 0.02 + 0.
    @Test func historyCountersAreDifferencedAcrossAReset() throws {
        let doc = try PWSFixture.doc(Self.reset, place: Self.gilbertPlace)
        let obs = doc.observations
        #expect(obs.map(\.observedAt) == (0..<6).map { 1_715_837_400 + Int64($0) * 1800 })
        #expect(obs.allSatisfy { $0.stationID == "00:0E:C6:20:AB:12" && $0.latitude == 33.35 })  // from the envelope URL's path
        #expect(obs[0].precipMm == nil && obs[1].precipMm == nil && obs[0].precipWindowH == nil)
        #expect(obs[2].precipMm == 1.27 && obs[3].precipMm == 0.762 && obs[4].precipMm == 0.508 && obs[5].precipMm == 0.508)
        #expect(obs.dropFirst(2).allSatisfy { $0.precipWindowH == 1 })
        #expect(obs.allSatisfy { ($0.precipMm ?? 0) >= 0 })
        #expect(near(obs[0].tempC, (80.9 - 32) * 5 / 9))
    }

    /// The recorded replies name no place: rejected naming the setting, decoded with it. The
    /// device list's two entries are one reading (same MAC, same `dateutc`); an indoor-only
    /// console gives pressure and never its room's temperature.
    @Test func recordedRepliesTakeTheInputsPlace() throws {
        let f = try #require(PWSFixture.failure(Self.devices))
        #expect(f.reason == .missingField && f.message.contains("--place LAT,LON"))
        let doc = try PWSFixture.doc(Self.devices, place: Self.gilbertPlace)
        #expect(doc.observations.count == 1)
        let o = try #require(doc.observations.first)
        #expect(o.observedAt == 1_546_889_640 && o.tempC == nil && o.humidityPct == nil && near(o.pressureHpa, 30.09 * 33.8639))
        let h = try PWSFixture.doc(Self.history, place: Self.gilbertPlace)
        #expect(h.observations.map(\.observedAt) == [1_547_094_000, 1_547_094_300])
        #expect(h.observations.allSatisfy { $0.precipMm == nil })  // 5 minutes apart: no hour to hold
        #expect(h.observations.allSatisfy { $0.stationID == nil } && h.warnings.contains { $0.contains("names no device") })
    }

    /// `dateutc` is milliseconds: a value in seconds is refused, not read as January 1970.
    @Test func secondsAreNotMilliseconds() {
        let text = #"[{"macAddress":"AA","lastData":{"dateutc":1715791500,"tempf":50},"info":{"coords":{"coords":{"lat":1,"lon":2}}}}]"#
        guard case .failure(let f) = decode(text) else { Issue.record("must be rejected"); return }
        #expect(f.reason == .wrongType && f.message.contains("milliseconds"))
    }

    @Test func errorBodiesAreProviderErrors() throws {
        let f = try #require(PWSFixture.failure("ambient/own-error-missing-application-key-wxpipe.json"))
        #expect(f.reason == .providerError && f.message == "Ambient Weather error: applicationKey-missing")
    }

    @Test func inspectNamesTheFormat() throws {
        let r = try CLI.run(["inspect", providerFixtures + "/" + Self.gilbert])
        #expect(r.status == 0)
        #expect(r.stdout.contains("ambient/devices (recognised by an array of devices with macAddress and lastData"))
    }
}
