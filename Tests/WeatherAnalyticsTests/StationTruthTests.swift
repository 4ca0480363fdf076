import Testing
import WeatherCore
import WeatherStore
@testable import WeatherAnalytics

/// Station truth first (README, Truth: without `reference`, a location-day takes a station's
/// observations before any provider's observation product), through the store and the aggregate stage.
struct StationTruthTests {
    /// 2024-05-01 00:00 EDT.
    static let may1 = at("2024-05-01T04:00:00Z")

    /// Hourly station observations (at :51) with the station's position.
    func station(_ s: VerificationTestStore, _ provider: String, _ id: String, lat: Double, lon: Double, from start: Int64,
                 hours: Int, temp: (Int) -> Double) throws {
        for h in 0..<hours {
            var o = Observation(provider: provider, product: "observations", observedAt: start + Int64(h) * 3600 + 51 * 60,
                                latitude: lat, longitude: lon)
            o.tempC = temp(h)
            o.stationID = id
            o.role = .observed
            _ = try s.store.insert(o, locationID: "ny", sourceID: s.source, line: h + 1)
        }
    }

    func halfDay(_ s: VerificationTestStore, issued: Int64, from: Int64, hours: Double, max: Double? = nil, min: Double? = nil) throws {
        var f = Forecast(provider: "nws", product: "forecast", latitude: 40.7, longitude: -74, issuedAt: issued, issuedAtSource: .body,
                         period: .halfDay, validFrom: from, validTo: from + Int64(hours * 3600))
        f.tempMaxC = max
        f.tempMinC = min
        f.periodHours = hours
        _ = try s.store.insert(f, locationID: "ny", sourceID: s.source, line: Int(from % 100_000))
    }

    /// OWM current covers May 1 with 24 hours, the station with 20 (complete, 75 % is 18):
    /// the station is the day's truth, and a day forecast is verified against it. On May 2 the
    /// station has 10 hours (incomplete): OWM current is the truth there.
    @Test func stationTruthBeatsOWMCurrentForTheSameLocationDay() throws {
        let s = try VerificationTestStore([VerificationTestStore.newYork])
        try s.observeHours("ny", "openweathermap", "current", from: Self.may1, hours: 48) { _ in 15 }
        try station(s, "nws", "KNYC", lat: 40.7789, lon: -73.9692, from: Self.may1, hours: 20) { h in 10 + Double(h) / 2 }
        try station(s, "nws", "KNYC", lat: 40.7789, lon: -73.9692, from: Self.may1 + 86400, hours: 10) { _ in 12 }
        try s.dayForecast("ny", "darksky", "forecast", issued: Self.may1 - 86400, from: Self.may1, to: Self.may1 + 86400, max: 20, min: 9)
        try s.aggregate()
        #expect(try s.rows("SELECT local_date, truth_source, truth_station, temp_max_c, temp_min_c FROM daily_observed ORDER BY 1") == [
            [.text("2024-05-01"), .text("nws/observations"), .text("KNYC"), .real(19.5), .real(10)],
            [.text("2024-05-02"), .text("openweathermap/current"), .null, .real(15), .real(15)],
        ])
        #expect(try s.rows("SELECT variable, observed, truth_provider, truth_product, truth_station, pairing FROM forecast_pairs ORDER BY 1") == [
            [.text("temp_max_c"), .real(19.5), .text("nws"), .text("observations"), .text("KNYC"), .text("calendar_day")],
            [.text("temp_min_c"), .real(10), .text("nws"), .text("observations"), .text("KNYC"), .text("calendar_day")],
        ])
    }

    /// KNYC (7.8 km) and KLGA (13.1 km) inside one location: per day, the nearest complete
    /// station; KNYC with 12 hours on May 2 is incomplete, so KLGA makes that day. Never a mix.
    @Test func nearestCompleteStationPerDay() throws {
        let s = try VerificationTestStore([VerificationTestStore.newYork])
        try station(s, "metar", "KLGA", lat: 40.7769, lon: -73.874, from: Self.may1, hours: 48) { _ in 20 }
        try station(s, "nws", "KNYC", lat: 40.7789, lon: -73.9692, from: Self.may1, hours: 24) { _ in 10 }
        try station(s, "nws", "KNYC", lat: 40.7789, lon: -73.9692, from: Self.may1 + 86400, hours: 12) { _ in 10 }
        try s.aggregate()
        #expect(try s.rows("SELECT local_date, truth_source, truth_station, temp_max_c FROM daily_observed ORDER BY 1") == [
            [.text("2024-05-01"), .text("nws/observations"), .text("KNYC"), .real(10)],
            [.text("2024-05-02"), .text("metar/observations"), .text("KLGA"), .real(20)],
        ])
    }

    /// One station reported both ways (api.weather.gov and METAR), both complete: the same
    /// distance, so the declared truth priorities decide — NWS's quality-controlled observations
    /// (the priorities the NWS and METAR decoders declare, pinned in ProductDeclarationTests).
    @Test func sameStationTwoProductsTakesNWSFirst() {
        let nws = SourceName(provider: "nws", product: "observations", station: "KNYC")
        let metar = SourceName(provider: "metar", product: "observations", station: "KNYC")
        let owm = SourceName(provider: "openweathermap", product: "current")
        let t = TruthSources(locationID: "ny", reference: [], allowSelfReference: false, series: [:],
                             days: [metar: [day("ny", "2024-05-01")], nws: [day("ny", "2024-05-01", complete: true)],
                                    owm: [day("ny", "2024-05-01")]],
                             distanceKm: [nws: 7.8, metar: 7.8],
                             products: ProductCatalog([.observed("nws", "observations", truthPriority: 10),
                                                       .observed("metar", "observations", truthPriority: 20),
                                                       .observed("openweathermap", "current", truthPriority: 30)]))
        #expect(t.ranking["2024-05-01"] == [nws, metar, owm])
        #expect(t.dailyTruth.first?.truthSource == "nws/observations" && t.dailyTruth.first?.truthStation == "KNYC")
    }

    /// NWS 12-hour periods through the aggregate stage: the night's low by window against the
    /// station, the cut-short first period counted as `truncated_period`, never paired by day.
    @Test func halfDayPeriodsArePairedByWindowAndTruncatedOnesCounted() throws {
        let s = try VerificationTestStore([VerificationTestStore.newYork])
        // KNYC from 00:51 EDT May 1 for 36 hours; the night 18:00–06:00 holds hours 18…29: 30 − h → low 1 (at 05:51).
        try station(s, "nws", "KNYC", lat: 40.7789, lon: -73.9692, from: Self.may1, hours: 36) { h in 30 - Double(h) }
        try s.observeHours("ny", "openweathermap", "current", from: Self.may1, hours: 36) { _ in 50 }
        let issued = Self.may1 + 4 * 3600 + 600  // 04:10 EDT
        try halfDay(s, issued: issued, from: Self.may1 + 4 * 3600, hours: 2, min: 12)  // 04:00–06:00: cut short
        try halfDay(s, issued: issued, from: Self.may1 + 18 * 3600, hours: 12, min: 2)
        let summary = try s.aggregate()
        #expect(try s.rows("SELECT period, variable, forecast, observed, pairing, truth_station, lead_days FROM forecast_pairs") == [
            [.text("12h"), .text("temp_min_c"), .real(2), .real(1), .text("window"), .text("KNYC"), .integer(0)],
        ])
        #expect(try s.rows("SELECT reason, n FROM verification_exclusions") == [[.text("truncated_period"), .integer(1)]])
        #expect(summary.excluded[.truncatedPeriod] == 1)
    }

    /// A day forecast in UTC days: left out by calendar-day pairing, paired by window when the
    /// provider's `pairing` is `window` (the high over 00:00–24:00 UTC, 20:00–20:00 EDT).
    @Test func utcDayForecastIsPairedByItsWindowWhenAsked() throws {
        let s = try VerificationTestStore([VerificationTestStore.newYork])
        try station(s, "nws", "KNYC", lat: 40.7789, lon: -73.9692, from: at("2024-05-01T00:00:00Z"), hours: 24) { h in Double(h) }
        let utcDay = at("2024-05-01T00:00:00Z")
        try s.dayForecast("ny", "open-meteo", "forecast", issued: at("2024-04-30T08:00:00Z"), from: utcDay, to: utcDay + 86400, max: 25, min: 1)
        try s.aggregate()
        #expect(try s.rows("SELECT COUNT(*) FROM forecast_pairs") == [[.integer(0)]])
        #expect(try s.rows("SELECT reason FROM verification_exclusions") == [[.text("day_window_not_local_day")]])
        try s.aggregate { $0.providerPairing = ["open-meteo/forecast": .window] }
        #expect(try s.rows("SELECT variable, forecast, observed, pairing, period FROM forecast_pairs ORDER BY 1") == [
            [.text("temp_max_c"), .real(25), .real(23), .text("window"), .text("day")],
            [.text("temp_min_c"), .real(1), .real(0), .text("window"), .text("day")],
        ])
        #expect(try s.rows("SELECT value FROM meta WHERE key = 'aggregate.pairing'") == [[.text("calendar_day; window: open-meteo/forecast")]])
    }
}
