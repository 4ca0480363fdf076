import Foundation
import Testing
import WeatherCore
@testable import WeatherStore

/// The columns of station observations (NWS, METAR) and NWS forecasts reach the store, and
/// stations sharing a location keep one row each.
struct StationColumnsTests {
    func station(_ id: String?, at t: Int64 = 1_775_929_860) -> Observation {
        var o = Observation(provider: "metar", product: "observations", observedAt: t, latitude: 40.78, longitude: -73.97)
        o.stationID = id
        o.tempC = 15
        return o
    }

    @Test func stationFieldsAreStoredAndStationsShareALocation() throws {
        let t = try TemporaryStore()
        let store = t.store
        try store.saveLocation(Location(id: "nyc", latitude: 40.71, longitude: -74.01))
        let source = try store.beginSource(path: "a.json", member: nil, inputHash: "h", modifiedAt: nil, now: 0)
        var nyc = station("KNYC")
        nyc.qcFlag = "V"; nyc.precipMm = 0; nyc.precipWindowH = 1; nyc.precipTrace = true
        nyc.tempMax6hC = 16.1; nyc.tempMin6hC = 11.7; nyc.tempMax24hC = 17.2; nyc.tempMin24hC = 9.4
        #expect(try store.insert(nyc, locationID: "nyc", sourceID: source, line: 1))
        #expect(try store.insert(station("KLGA"), locationID: "nyc", sourceID: source, line: 1))  // same minute, other station
        #expect(try store.insert(station("KNYC"), locationID: "nyc", sourceID: source, line: 2) == false)  // a duplicate
        // Records without a station still deduplicate ('' in the key, not NULL).
        #expect(try store.insert(station(nil), locationID: "nyc", sourceID: source, line: 3))
        #expect(try store.insert(station(nil), locationID: "nyc", sourceID: source, line: 4) == false)
        let rows = try store.database.rows("""
            SELECT station_id, qc_flag, precip_trace, temp_max_6h_c, temp_min_6h_c, temp_max_24h_c, temp_min_24h_c
            FROM observations ORDER BY id
            """)
        #expect(rows.count == 3)
        #expect(rows[0] == [.text("KNYC"), .text("V"), .integer(1), .real(16.1), .real(11.7), .real(17.2), .real(9.4)])
        #expect(rows[1] == [.text("KLGA"), .null, .integer(0), .null, .null, .null, .null])
        #expect(rows[2][0] == .text(""))
    }

    @Test func forecastWindRangeAndPeriodHours() throws {
        let t = try TemporaryStore()
        let store = t.store
        try store.saveLocation(Location(id: "nyc", latitude: 40.71, longitude: -74.01))
        let source = try store.beginSource(path: "f.json", member: nil, inputHash: "h", modifiedAt: nil, now: 0)
        var f = Forecast(provider: "nws", product: "forecast", latitude: 40.78, longitude: -73.97, issuedAt: 1_563_698_832,
                         issuedAtSource: .body, period: .halfDay, validFrom: 1_563_699_600, validTo: 1_563_703_200)
        f.tempMinC = 26.11; f.windSpeedMs = 2.235; f.windSpeedMaxMs = 4.47; f.periodHours = 1
        #expect(try store.insert(f, locationID: "nyc", sourceID: source, line: 1))
        let row = try store.database.rows("SELECT period, wind_speed_ms, wind_speed_max_ms, period_hours FROM forecasts")
        #expect(row == [[.text("12h"), .real(2.235), .real(4.47), .real(1)]])
    }
}
