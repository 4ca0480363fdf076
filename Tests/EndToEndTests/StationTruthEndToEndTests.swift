import Foundation
import Testing
import TestSupport
import WeatherStore

/// Station truth and window pairing through `make run`'s pipeline: the NWS forecast for New York is verified over each
/// period's window against station observations (Fixtures/inputs/stations; values in
/// Fixtures/expected/stations.md).
struct StationTruthEndToEndTests {
    @Test func defaultPipelineVerifiesNWSByWindowAgainstStations() throws {
        let dir = try temporaryFolder("e2e")
        defer { removeFolder(dir) }
        try CLI.layOutPipeline("default.json", in: dir)
        let r = try CLI.run(["run"], cwd: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("2 12-hour periods cut short (truncated_period), 2 window forecasts the truth did not cover"), "\(r.stderr)")
        let db = try Database(path: dir + "/out/weather.sqlite", readOnly: true)
        // Every NWS pair is a 12-hour period paired by window with a station's observations.
        #expect(try db.rows("""
            SELECT period, pairing, truth_product, truth_station, COUNT(*) FROM forecast_pairs WHERE provider = 'nws' GROUP BY 1, 2, 3, 4 ORDER BY 4
            """) == [[.text("12h"), .text("window"), .text("observations"), .text("KLGA"), .integer(4)],
                     [.text("12h"), .text("window"), .text("observations"), .text("KNYC"), .integer(7)]])
        // The first night (18:00–06:00 EDT = 22:00Z–10:00Z): KNYC's lowest reading, 8.9 °C by hand
        // (the -5.0 flagged X at 07:51Z is dropped at ingest), the same as SQL over the stored readings.
        let night = try db.rows("""
            SELECT observed, forecast FROM forecast_pairs WHERE provider = 'nws' AND variable = 'temp_min_c'
            AND valid_at_utc = '2024-05-01T22:00:00Z'
            """)
        // The fixture's forecast low for that night is 49 °F.
        let forecastC: Double = (49.0 - 32.0) * 5.0 / 9.0
        #expect(night.count == 1 && night.first?.first == .real(8.9))
        #expect(abs((night.first?.last?.double ?? 0) - forecastC) < 1e-9)
        #expect(try db.scalar("""
            SELECT MIN(temp_c) FROM observations WHERE station_id = 'KNYC'
            AND observed_at_utc >= '2024-05-01T22:00:00Z' AND observed_at_utc < '2024-05-02T10:00:00Z'
            """) == .real(8.9))
        // The night of May 3: KNYC stops at 23:51 EDT (6 of 12 hours), so the farther KLGA, which covers it, is the truth.
        #expect(try db.rows("""
            SELECT DISTINCT truth_station FROM forecast_pairs WHERE provider = 'nws' AND valid_at_utc = '2024-05-03T22:00:00Z'
            """) == [[.text("KLGA")]])
        // Station truth first: New York's days come from KNYC, then KLGA when KNYC has no day; OWM current is not used there.
        #expect(try db.rows("""
            SELECT local_date, truth_source, truth_station FROM daily_observed WHERE location_id = 'new-york' AND local_date >= '2024-05-01' ORDER BY 1
            """) == [[.text("2024-05-01"), .text("nws/observations"), .text("KNYC")],
                     [.text("2024-05-02"), .text("nws/observations"), .text("KNYC")],
                     [.text("2024-05-03"), .text("nws/observations"), .text("KNYC")],
                     [.text("2024-05-04"), .text("metar/observations"), .text("KLGA")]])
        #expect(try db.scalar("SELECT COUNT(*) FROM forecast_pairs WHERE location_id = 'new-york' AND truth_product = 'current'") == .integer(0))
        #expect(try db.scalar("SELECT n FROM forecast_scores WHERE provider = 'nws' AND location_id = '*' AND variable = 'temp_min_c' AND lead_days = 0")
                == .integer(2))
        let report = try String(contentsOfFile: dir + "/out/report.html", encoding: .utf8)
        #expect(report.contains("nws/observations KNYC") && report.contains("data-table=\"truth\""))
    }
}
