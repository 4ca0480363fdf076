import Foundation
import Testing
import TestSupport
import WeatherCore
@testable import WeatherProviders

/// Bright Sky `/weather` and `/current_weather`. Values are worked out by hand from the fixtures.
struct BrightSkyDecoderTests {
    static let current = "brightsky/iobroker_current_weather_berlin_2025-09-18.json"
    static let eightDays = "brightsky/iobroker_weather_8days_berlin_2025-09-18.json"
    static let dst = "brightsky/own-weather-muenster-dst-end-tz-berlin-wxpipe.json"

    func decodeSample(_ name: String, units: UnitSystem? = nil) throws -> DecodedDocument {
        try DocumentDecoder.decode(try sample(name), context: DecodeContext(owmUnits: units, sourceName: name)).get()
    }

    func close(_ a: Double?, _ b: Double) -> Bool { a.map { abs($0 - b) < 1e-9 } ?? false }

    /// `/current_weather`: one SYNOP-based observation at its station, the 10-minute wind in
    /// km/h → m/s, the past hour's precipitation; observed, truth priority 17.
    @Test func currentWeatherIsAStationObservation() throws {
        let doc = try decodeSample(Self.current)
        #expect(doc.format == "brightsky/current" && doc.observations.count == 1 && doc.forecasts.isEmpty)
        let o = try #require(doc.observations.first)
        #expect(o.observedAt == 1_758_202_200 && o.stationID == "00433" && o.placeName == "Berlin-Tempelhof")
        #expect(o.latitude == 52.4676 && o.longitude == 13.402)
        #expect(o.tempC == 19.7 && o.dewPointC == 15.77 && o.humidityPct == 78 && o.pressureHpa == 1019.7 && o.visibilityM == 61711)
        #expect(close(o.windSpeedMs, 18.7 / 3.6) && close(o.windGustMs, 33.1 / 3.6) && o.windDirDeg == 260 && o.cloudCoverPct == 88)
        #expect(o.precipMm == 0 && o.precipWindowH == 1)
        #expect(o.condition == .cloudy && o.conditionCode == "dry" && o.conditionText == "cloudy")
        #expect(o.unitsAssumed == "dwd" && o.unitsSource == .default)
        #expect(ObservationRole.decide(provider: o.provider, product: o.product) == .observed)
        #expect(ProductCatalog.standard.truthPriority(provider: "brightsky", product: "current") == 17)
    }

    /// One `/weather` reply: 14 records of the `current` observation source, then 168 MOSMIX
    /// hours, told apart by their source; a forecast stamped T is the hour ending at T.
    @Test func observationsAndForecastsByTheirSource() throws {
        let doc = try decodeSample(Self.eightDays)
        #expect(doc.format == "brightsky/weather" && doc.observations.count == 14 && doc.forecasts.count == 168)
        let o = doc.observations[0]
        #expect(o.observedAt == 1_758_153_600 && o.stationID == "00433" && o.latitude == 52.47 && o.precipWindowH == 1)
        #expect(ObservationRole.decide(provider: o.provider, product: o.product) == .observed)
        #expect(ProductCatalog.standard.truthPriority(provider: "brightsky", product: "weather") == 15)
        let f = doc.forecasts[6]  // weather[20], 20:00Z
        #expect(f.period == .hour && f.validFrom == 1_758_222_000 && f.validTo == 1_758_225_600 && f.validAt == f.validTo)
        #expect(f.tempC == 18.1 && f.precipMm == 0 && f.precipProbPct == 16 && f.humidityPct == nil && f.visibilityM == 24800)
        #expect(close(f.windSpeedMs, 13 / 3.6) && close(f.windGustMs, 25.9 / 3.6) && f.condition == .cloudy)
        #expect(f.latitude == 52.52 && f.longitude == 13.42)
        #expect(doc.observations.allSatisfy { $0.observedAt < doc.forecasts[0].validTo })
    }

    /// Asked with `tz=Europe/Berlin` across the end of DST: 02:00 +02:00 and 02:00 +01:00 are
    /// an hour apart; the record stamped at local midnight is the last hour of the day before.
    @Test func offsetsAcrossTheEndOfDST() throws {
        let doc = try decodeSample(Self.dst)
        #expect(doc.observations.map(\.observedAt) == [1_761_433_200, 1_761_436_800])
        #expect(doc.forecasts.map(\.validTo) == [1_761_440_400, 1_761_444_000, 1_761_519_600])
        #expect(doc.forecasts[0].validFrom == 1_761_436_800 && doc.forecasts[0].precipMm == 1.2 && doc.forecasts[0].precipProbPct == 64)
        let midnight = doc.forecasts[2]
        #expect(LocalTime.date(of: midnight.validFrom, zone: "Europe/Berlin", fixedOffset: nil) == "2025-10-26")
        #expect(midnight.condition == .partlyCloudy && midnight.issuedAt == 1_761_435_000 && midnight.unitsSource == .envelopeURL)
    }

    /// `units=si` (K, Pa, m/s) from the envelope URL.
    @Test func siUnitsFromTheEnvelope() throws {
        let body = #"{"fetched_at": 1761435000, "url": "https://api.brightsky.dev/weather?lat=51.95&lon=7.62&units=si", "response": {"weather": [{"timestamp": "2025-10-26T03:00:00+00:00", "source_id": 1, "temperature": 290.15, "pressure_msl": 101500, "wind_speed": 5.5, "precipitation": 0.4, "condition": "rain", "icon": "rain"}], "sources": [{"id": 1, "observation_type": "synop", "lat": 51.93, "lon": 7.61, "dwd_station_id": "01766"}]}}"#
        let o = try #require(try decode(body).get().observations.first)
        #expect(close(o.tempC, 17) && close(o.pressureHpa, 1015) && o.windSpeedMs == 5.5 && o.precipMm == 0.4 && o.unitsAssumed == "si")
    }

    @Test func errorBodiesAreProviderErrors() throws {
        guard case .failure(let f) = DocumentDecoder.decode(try sample("brightsky/own-error-no-sources-wxpipe.json")) else {
            Issue.record("error body must be rejected"); return
        }
        #expect(f.reason == .providerError && f.message == "Bright Sky error: No sources match your criteria.")
        guard case .failure(let g) = decode(#"{"title": "400 Bad Request", "description": "Please supply lat/lon or dwd_station_id"}"#) else {
            Issue.record("error body must be rejected"); return
        }
        #expect(g.reason == .providerError && g.message == "Bright Sky error 400 Bad Request: Please supply lat/lon or dwd_station_id")
        guard case .failure(let h) = decode(#"{"detail": "Not authenticated"}"#) else { Issue.record("error body must be rejected"); return }
        #expect(h.reason == .providerError && h.message == "Bright Sky or Meteosource error: Not authenticated")
    }

    @Test func aRecordOfAnUnknownSourceIsNamed() {
        guard case .failure(let f) = decode(#"{"weather": [{"timestamp": "2025-10-26T03:00:00+00:00", "source_id": 9}], "sources": []}"#) else {
            Issue.record("must be rejected"); return
        }
        #expect(f.reason == .missingField && f.fieldPath == "weather[0].source_id")
    }

    @Test func inspectNamesTheFormat() throws {
        let r = try CLI.run(["inspect", providerFixtures + "/" + Self.current, providerFixtures + "/" + Self.eightDays])
        #expect(r.status == 0)
        #expect(r.stdout.contains("brightsky/current (recognised by a weather object beside sources[]"))
        #expect(r.stdout.contains("brightsky/weather (recognised by weather[] beside sources[]"))
    }
}
