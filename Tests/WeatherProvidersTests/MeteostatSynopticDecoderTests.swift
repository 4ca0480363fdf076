import Foundation
import Testing
import WeatherCore
@testable import WeatherProviders

/// Meteostat (station named only by the request; model fill) and Synoptic (units per variable).
struct MeteostatSynopticDecoderTests {
    @Test func meteostatHourlyWithoutModelFillIsTruth() throws {
        let doc = try StationArchive.decode(try sample("meteostat/own-hourly-10382-model-false-2024-03-31-wxpipe.json")).get()
        #expect(doc.format == "meteostat/hourly")
        let o = doc.observations
        #expect(o.count == 2 && o.allSatisfy { $0.product == "hourly" && $0.qcFlag == nil && $0.stationID == "10382" })
        #expect(ObservationRole.decide(provider: "meteostat", product: "hourly") == .observed)
        #expect(o[0].observedAt == StationArchive.at("2024-03-31T00:00:00Z") && o[0].tempC == 8.1 && o[0].dewPointC == 5.2)
        #expect(rounds(o[0].windSpeedMs, 4.0, 9) && rounds(o[0].windGustMs, 8.0, 9) && o[0].precipMm == 0.3 && o[0].precipWindowH == 1)
        #expect(o[0].conditionCode == "7" && o[0].declaredLocationID == "berlin-tegel")
        #expect(o[1].tempC == 7.6 && o[1].dewPointC == nil && o[1].precipMm == nil && o[1].precipWindowH == nil)
    }

    /// The API's default model fill: stored with its flag in a product of its own, never the
    /// truth by default. Local calendar days in Berlin: 2024-03-31 has 23 hours.
    @Test func meteostatDailyModelFilledIsStoredNotTruth() throws {
        let doc = try StationArchive.decode(try sample("meteostat/own-daily-10382-model-filled-dst-start-2024-03-wxpipe.json")).get()
        #expect(doc.format == "meteostat/daily")
        let o = doc.observations
        #expect(o.count == 2 && o.allSatisfy { $0.product == "daily-model-filled" && $0.qcFlag == "model-filled" })
        #expect(ObservationRole.decide(provider: "meteostat", product: "daily-model-filled") == .nowcast)
        #expect(o[0].observedAt == StationArchive.at("2024-03-30T23:00:00Z") && o[0].extremesWindowH == 24 && o[0].precipWindowH == 24)
        #expect(o[0].tempMaxC == 18.2 && o[0].tempMinC == 6.1 && o[0].precipMm == 0)
        #expect(o[1].observedAt == StationArchive.at("2024-03-31T22:00:00Z") && o[1].extremesWindowH == 23 && o[1].tempMaxC == 20.5)
        #expect(rounds(o[1].windSpeedMs, 3.0, 9) && o[1].windGustMs == nil)
    }

    @Test func meteostatWithoutItsRequestNeedsAPlace() throws {
        let bare = #"{"meta": {"generated": "2024-04-02 08:12:40"}, "data": [{"time": "2024-03-31 00:00:00", "temp": 8.1}]}"#
        guard case .failure(let f) = StationArchive.decode(bare) else { Issue.record("must be rejected"); return }
        #expect(f.reason == .missingField && f.message.contains("--place LAT,LON"), "\(f.message)")
        let placed = try StationArchive.decode(bare, StationArchive.context(place: .init(latitude: 52.56, longitude: 13.31))).get()
        #expect(placed.observations.first?.latitude == 52.56 && placed.observations.first?.product == "hourly-model-filled")
    }

    @Test func meteostatStationMetaIsAPlace() throws {
        let doc = try StationArchive.decode(try sample("meteostat/own-stations-meta-10382-wxpipe.json")).get()
        #expect(doc.format == "meteostat/stations" && doc.recordCount == 0)
        let p = try #require(doc.places.first)
        #expect(p.latitude == 52.5644 && p.longitude == 13.3088 && p.name == "Berlin / Tegel" && p.timeZone == "Europe/Berlin" && p.country == "DE")
    }

    /// English units as `UNITS` names them: °F, knots, inches of mercury, inches.
    @Test func synopticTimeseriesInTheUnitsItStates() throws {
        let doc = try StationArchive.decode(try sample("synoptic/own-timeseries-kslc-english-2024-03-10-wxpipe.json")).get()
        #expect(doc.format == "synoptic/timeseries")
        let o = doc.observations
        #expect(o.count == 2 && o.allSatisfy { $0.stationID == "KSLC" && $0.latitude == 40.77069 && $0.timeZone == "America/Denver" })
        #expect(o[0].observedAt == StationArchive.at("2024-03-10T08:54:00Z"))
        #expect(rounds(o[0].tempC, 0, 9) && rounds(o[0].dewPointC, -5.0, 9) && o[0].humidityPct == 69)
        #expect(rounds(o[0].windSpeedMs, 5.144, 3) && o[0].windDirDeg == 340 && rounds(o[0].pressureHpa, 1019.981, 3))
        #expect(rounds(o[0].precipMm, 0.254, 9) && o[0].precipWindowH == 1 && rounds(o[0].visibilityM, 16093.44, 2))
        #expect(o[1].tempC == nil && o[1].precipMm == nil && o[1].precipWindowH == nil && o[1].windSpeedMs == 0)
    }

    @Test func synopticErrorsAndUnknownUnits() throws {
        guard case .failure(let f) = StationArchive.decode(try sample("synoptic/own-error-invalid-token-wxpipe.json")) else { Issue.record("must be rejected"); return }
        #expect(f.reason == .providerError && f.message.contains("200") && f.message.contains("Invalid token"))
        let body = #"{"UNITS": {"air_temp": "Kelvin"}, "STATION": [{"STID": "X", "LATITUDE": "40.0", "LONGITUDE": "-111.0", "#
            + #""OBSERVATIONS": {"date_time": ["2024-03-10T08:54:00Z"], "air_temp_set_1": [273.15]}}], "SUMMARY": {"RESPONSE_CODE": 1}}"#
        let doc = try StationArchive.decode(body).get()
        #expect(doc.observations.count == 1 && doc.observations[0].tempC == nil && doc.warnings.contains { $0.contains("Kelvin") })
    }
}
