import Testing
import WeatherCore
import WeatherStore
@testable import WeatherAnalytics

/// Reported extremes beat the readings through the store and the aggregate stage: the columns
/// of `observations` are read, `daily_observed` and the pairs say what made each value.
struct ReportedTruthStoreTests {
    /// 2024-05-01 00:00 EDT.
    static let may1 = at("2024-05-01T04:00:00Z")

    /// KNYC readings at :51 (`temp(h)`), with `edit` to add what the report at hour h stated.
    func station(_ s: VerificationTestStore, provider: String = "nws", from start: Int64, hours: Int, temp: (Int) -> Double?,
                 edit: (Int, inout Observation) -> Void = { _, _ in }) throws {
        for h in 0..<hours {
            var o = Observation(provider: provider, product: "observations", observedAt: start + Int64(h) * 3600 + 51 * 60,
                                latitude: 40.7789, longitude: -73.9692)
            o.tempC = temp(h)
            o.stationID = "KNYC"
            o.role = .observed
            edit(h, &o)
            _ = try s.store.insert(o, locationID: "ny", sourceID: s.source, line: 1000 + Int((start / 3600) % 1000) + h)
        }
    }

    /// May 1: readings from 10.0 rising by 0.5 to 21.5 (23:51 EDT); the report of 00:51 EDT on
    /// May 2 (04:51Z) states a 24-hour maximum of 22.8 and minimum of 9.4 — its 24 hours are the
    /// day within the tolerance — so the day's high is 22.8, not 21.5. May 2 has readings only.
    /// A day forecast of 23/9 is verified against 22.8/9.4; an NWS day period 06:00–18:00 EDT
    /// against its readings (no report covers it): 10 + 0.5 × 17 = 18.5 at 17:51 EDT.
    @Test func reportedExtremesBeatTheReadings() throws {
        let s = try VerificationTestStore([VerificationTestStore.newYork])
        try station(s, from: Self.may1, hours: 48, temp: { 10 + Double($0 % 24) / 2 }) { h, o in
            if h == 24 { (o.tempMax24hC, o.tempMin24hC) = (22.8, 9.4) }
        }
        try s.dayForecast("ny", "darksky", "forecast", issued: Self.may1 - 86400, from: Self.may1, to: Self.may1 + 86400, max: 23, min: 9)
        var f = Forecast(provider: "nws", product: "forecast", latitude: 40.7, longitude: -74, issuedAt: Self.may1, issuedAtSource: .body,
                         period: .halfDay, validFrom: Self.may1 + 6 * 3600, validTo: Self.may1 + 18 * 3600)
        f.tempMaxC = 17
        f.periodHours = 12
        _ = try s.store.insert(f, locationID: "ny", sourceID: s.source, line: 1)
        try s.aggregate()
        #expect(try s.rows("SELECT local_date, temp_max_c, temp_min_c, complete, truth_basis, precip_basis FROM daily_observed ORDER BY 1") == [
            [.text("2024-05-01"), .real(22.8), .real(9.4), .integer(1), .text("reported_24h"), .null],
            [.text("2024-05-02"), .real(21.5), .real(10), .integer(1), .text("hourly"), .null],
        ])
        #expect(try s.rows("SELECT provider, variable, observed, truth_basis, pairing FROM forecast_pairs ORDER BY 1, 2") == [
            [.text("darksky"), .text("temp_max_c"), .real(22.8), .text("reported_24h"), .text("calendar_day")],
            [.text("darksky"), .text("temp_min_c"), .real(9.4), .text("reported_24h"), .text("calendar_day")],
            [.text("nws"), .text("temp_max_c"), .real(18.5), .text("hourly"), .text("window")],
        ])
    }

    /// A day forecast issued after midnight is a partial hindcast: its pair in `excluded_pairs`
    /// carries the basis too. The climate summary (no readings, a stated window of 24 h ending at
    /// 01:00 EDT) is the day's only truth source.
    @Test func excludedPairsCarryTheBasis() throws {
        let s = try VerificationTestStore([VerificationTestStore.newYork])
        var o = Observation(provider: "iem", product: "daily", observedAt: Self.may1 + 25 * 3600, latitude: 40.7789, longitude: -73.9692)
        (o.tempMaxC, o.tempMinC, o.extremesWindowH, o.precipMm, o.precipWindowH) = (18.9, 11.7, 24, 0.3, 24)
        o.stationID = "NYC"
        o.role = .observed
        _ = try s.store.insert(o, locationID: "ny", sourceID: s.source, line: 1)
        try s.dayForecast("ny", "darksky", "forecast", issued: Self.may1 + 3600, from: Self.may1, to: Self.may1 + 86400, max: 19,
                          min: 12, precip: 1)
        try s.aggregate()
        #expect(try s.rows("SELECT local_date, temp_max_c, precip_mm, n_obs, hours_covered, truth_basis, precip_basis FROM daily_observed") == [
            [.text("2024-05-01"), .real(18.9), .real(0.3), .integer(1), .integer(0), .text("daily_summary"), .text("reported_total")],
        ])
        #expect(try s.rows("SELECT variable, observed, truth_basis, reason FROM excluded_pairs ORDER BY 1") == [
            [.text("precip_mm"), .real(0.3), .text("reported_total"), .text("partial_hindcast")],
            [.text("temp_max_c"), .real(18.9), .text("daily_summary"), .text("partial_hindcast")],
            [.text("temp_min_c"), .real(11.7), .text("daily_summary"), .text("partial_hindcast")],
        ])
    }
}
