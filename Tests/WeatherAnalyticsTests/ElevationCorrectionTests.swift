import Testing
import WeatherCore
import WeatherStore
@testable import WeatherAnalytics

/// `elevation_correction: lapse_rate`: forecast temperatures for a grid point's elevation are
/// brought to the truth station's at 6.5 K per km; off, nothing changes. Values by hand.
struct ElevationCorrectionTests {
    /// 2024-05-01 00:00 EDT.
    static let may1 = at("2024-05-01T04:00:00Z")

    @Test func correctionIsTheLapseRateTimesTheDifference() {
        let on = ElevationCorrection.lapseRate
        #expect(on.correctionC(forecastElevationM: 300, truthElevationM: 48) == 1.638)  // 0.0065 × 252
        #expect(on.correctionC(forecastElevationM: 10, truthElevationM: 210) == -1.3)   // a grid cell below the station
        #expect(on.correctionC(forecastElevationM: nil, truthElevationM: 48) == nil)
        #expect(on.correctionC(forecastElevationM: 300, truthElevationM: nil) == nil)
        #expect(ElevationCorrection.none.correctionC(forecastElevationM: 300, truthElevationM: 48) == nil)
    }

    /// KNYC at 48 m reads 10.0 … 21.5 on May 1 (hourly, at :51). A day forecast for a grid cell at
    /// 348 m (300 m higher) says 20 / 8: corrected by +1.95 to 21.95 / 9.95, errors +0.45 and −0.05
    /// (uncorrected −1.5 and −2). An hourly forecast of 15.0 for 12:00 EDT (16:00Z; the nearest reading
    /// is 10 + 11 / 2 = 15.5 at 11:51 EDT) becomes 16.95. Precipitation is not corrected; a forecast without an elevation is not either.
    func store(_ mode: ElevationCorrection) throws -> VerificationTestStore {
        let s = try VerificationTestStore([VerificationTestStore.newYork])
        for h in 0..<24 {
            var o = Observation(provider: "nws", product: "observations", observedAt: Self.may1 + Int64(h) * 3600 + 51 * 60,
                                latitude: 40.7789, longitude: -73.9692)
            (o.tempC, o.precipMm, o.precipWindowH) = (10 + Double(h) / 2, 0.5, 1)
            (o.stationID, o.role, o.elevationM) = ("KNYC", .observed, 48)
            _ = try s.store.insert(o, locationID: "ny", sourceID: s.source, line: 100 + h)
        }
        func day(_ provider: String, elevation: Double?) throws {
            var f = Forecast(provider: provider, product: "forecast", latitude: 40.7, longitude: -74, issuedAt: Self.may1 - 86400,
                             issuedAtSource: .body, period: .day, validFrom: Self.may1, validTo: Self.may1 + 86400)
            (f.tempMaxC, f.tempMinC, f.precipMm, f.elevationM) = (20, 8, 10, elevation)
            _ = try s.store.insert(f, locationID: "ny", sourceID: s.source, line: provider.count)
        }
        try day("open-meteo", elevation: 348)
        try day("darksky", elevation: nil)
        var hour = Forecast(provider: "open-meteo", product: "forecast", latitude: 40.7, longitude: -74, issuedAt: Self.may1 - 86400,
                            issuedAtSource: .body, period: .hour, validFrom: Self.may1 + 11 * 3600, validTo: Self.may1 + 12 * 3600,
                            validAt: Self.may1 + 12 * 3600)
        (hour.tempC, hour.elevationM) = (15, 348)
        _ = try s.store.insert(hour, locationID: "ny", sourceID: s.source, line: 50)
        try s.aggregate { $0.elevationCorrection = mode }
        return s
    }

    static let query = "SELECT provider, variable, forecast, observed, error, elevation_correction_c FROM forecast_pairs ORDER BY 1, 2"

    @Test func lapseRateCorrectsTemperatures() throws {
        let s = try store(.lapseRate)
        #expect(try s.rows(Self.query) == [
            [.text("darksky"), .text("precip_mm"), .real(10), .real(12), .real(-2), .null],
            [.text("darksky"), .text("temp_max_c"), .real(20), .real(21.5), .real(-1.5), .null],
            [.text("darksky"), .text("temp_min_c"), .real(8), .real(10), .real(-2), .null],
            [.text("open-meteo"), .text("precip_mm"), .real(10), .real(12), .real(-2), .null],
            [.text("open-meteo"), .text("temp_c"), .real(16.95), .real(15.5), .real(1.45), .real(1.95)],
            [.text("open-meteo"), .text("temp_max_c"), .real(21.95), .real(21.5), .real(0.45), .real(1.95)],
            [.text("open-meteo"), .text("temp_min_c"), .real(9.95), .real(10), .real(-0.05), .real(1.95)],
        ])
    }

    @Test func offByDefault() throws {
        #expect(AggregateOptions().elevationCorrection == .none)
        let s = try store(.none)
        #expect(try s.rows(Self.query).filter { $0[0] == .text("open-meteo") } == [
            [.text("open-meteo"), .text("precip_mm"), .real(10), .real(12), .real(-2), .null],
            [.text("open-meteo"), .text("temp_c"), .real(15), .real(15.5), .real(-0.5), .null],
            [.text("open-meteo"), .text("temp_max_c"), .real(20), .real(21.5), .real(-1.5), .null],
            [.text("open-meteo"), .text("temp_min_c"), .real(8), .real(10), .real(-2), .null],
        ])
    }
}
