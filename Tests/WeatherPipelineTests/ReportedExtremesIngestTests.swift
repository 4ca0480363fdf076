import Testing
import TestSupport
import WeatherCore
import WeatherStore
import WeatherAnalytics
@testable import WeatherPipeline

/// The NYC day whose hourly readings read low, from a METAR reply through ingest and the
/// aggregate: `Fixtures/providers/metar/own-knyc-metar-api-2026-05-14-six-hour-extremes.json`
/// (our look-alike of a recorded Central Park day).
struct ReportedExtremesIngestTests {
    static let newYork = Location(id: "new-york", name: "New York", latitude: 40.7143, longitude: -74.006,
                                  timeZone: "America/New_York", declared: true)

    /// The 24 routine reports of 2026-05-14 EDT (04:51Z–03:51Z) read 18.3 °C (65 °F) at most;
    /// the 6-hour maximum group of the 23:51Z report says 18.9 °C (66 °F) over 17:51–23:51Z,
    /// inside the day: the day's high is 18.9. The low is the 12.2 of the 11:51Z report's group
    /// (05:51–11:51Z), below the lowest reading 12.8; the 12.0 of the 05:51Z report is over a
    /// window that began at 19:51 EDT the evening before, so it is not the day's. A forecast high
    /// of 20 (issued 04:00 EDT the day before) has an error of +1.1; against the readings it would be +1.7.
    @Test func sixHourMaximumGroupIsTheDaysHigh() throws {
        let tmp = try TemporaryFolder("reported")
        defer { tmp.remove() }
        let store = try Store(path: tmp.path + "/w.sqlite")
        _ = try IngestRunner(store: store, declaredLocations: [Self.newYork])
            .run([IngestInput(path: repositoryRoot + "/Fixtures/providers/metar/own-knyc-metar-api-2026-05-14-six-hour-extremes.json")])
        #expect(try store.database.rows("SELECT COUNT(*), MAX(temp_c), MIN(temp_c), MAX(temp_max_6h_c), MAX(elevation_m) FROM observations") ==
                [[.integer(24), .real(18.3), .real(12.8), .real(18.9), .real(48)]])
        let source = try store.beginSource(path: "forecast", member: nil, inputHash: "f", modifiedAt: nil, now: 0)
        let midnight = UTCTime.parseISO8601("2026-05-14T04:00:00Z")!
        var f = Forecast(provider: "darksky", product: "forecast", latitude: 40.7143, longitude: -74.006, issuedAt: midnight - 20 * 3600,
                         issuedAtSource: .body, period: .day, validFrom: midnight, validTo: midnight + 86400, validAt: midnight + 43200)
        (f.tempMaxC, f.tempMinC) = (20, 12)
        _ = try store.insert(f, locationID: "new-york", sourceID: source, line: 1)
        _ = try Aggregator(database: store.database, options: AggregateOptions()).run()
        #expect(try store.database.rows("""
            SELECT local_date, temp_max_c, temp_min_c, hours_covered, complete, truth_station, truth_basis
            FROM daily_observed WHERE local_date = '2026-05-14'
            """) == [[.text("2026-05-14"), .real(18.9), .real(12.2), .integer(24), .integer(1), .text("KNYC"), .text("reported_6h")]])
        #expect(try store.database.rows("SELECT variable, observed, error, truth_basis FROM forecast_pairs ORDER BY 1") == [
            [.text("temp_max_c"), .real(18.9), .real(1.1), .text("reported_6h")],
            [.text("temp_min_c"), .real(12.2), .real(-0.2), .text("reported_6h")],
        ])
    }
}

/// The elevations the decoders know, as stored: a model grid's (Open-Meteo `elevation`, the NWS
/// gridpoint's `properties.elevation`, the third coordinate of MET Norway and Met Office) and a station's (NWS `elevation`, METAR `elev`), read from
/// the fixtures by hand.
struct ElevationIngestTests {
    @Test func decodersStoreTheElevationTheyState() throws {
        let tmp = try TemporaryFolder("elevation")
        defer { tmp.remove() }
        let store = try Store(path: tmp.path + "/w.sqlite")
        let p = repositoryRoot + "/Fixtures/providers/"
        _ = try IngestRunner(store: store).run([
            IngestInput(path: p + "open-meteo/forecast-prague-coords-tz-london-current-daily-iso8601-2024-wxpipe.json"),
            IngestInput(path: p + "nws/nws-forecast-dca-2026-si.json"), IngestInput(path: p + "nws/nws-latest-kdca-2026.json"),
            IngestInput(path: p + "metar/metar-api-ktys-2026.json"), IngestInput(path: p + "metno/london_complete_2020-07-20.json"),
            IngestInput(path: p + "metoffice/own-three-hourly-edinburgh-snow-wxpipe.json"),
        ])
        #expect(try store.database.rows("""
            SELECT 'f', provider, MIN(elevation_m), MAX(elevation_m), COUNT(*) = COUNT(elevation_m) FROM forecasts GROUP BY provider
            UNION ALL
            SELECT 'o', provider, MIN(elevation_m), MAX(elevation_m), COUNT(*) = COUNT(elevation_m) FROM observations GROUP BY provider
            ORDER BY 1, 2
            """) == [
            [.text("f"), .text("metno"), .real(25), .real(25), .integer(1)],
            [.text("f"), .text("metoffice"), .real(47), .real(47), .integer(1)],
            [.text("f"), .text("nws"), .real(7.9248), .real(7.9248), .integer(1)],
            [.text("f"), .text("open-meteo"), .real(237), .real(237), .integer(1)],
            [.text("o"), .text("metar"), .real(300), .real(300), .integer(1)],
            [.text("o"), .text("nws"), .real(20), .real(20), .integer(1)],
            [.text("o"), .text("open-meteo"), .real(237), .real(237), .integer(1)],
        ])
    }
}
