import Foundation
import Testing
import TestSupport
import WeatherCore
import WeatherStore
@testable import WeatherPipeline

/// Values set aside while decoding reach the store's `warnings` table with their field path,
/// value and rule, and the document counts as accepted.
struct QuarantineWarningsTests {
    @Test func quarantinedValuesBecomeWarningRows() throws {
        let dir = try temporaryFolder("quarantine")
        defer { removeFolder(dir) }
        let store = try Store(path: dir + "/weather.sqlite")
        let file = fixtures + "/quarantine/openmeteo-336h-cloud-cover-101-and-minus-1.json"
        let s = try IngestRunner(store: store).run([IngestInput(path: file)])
        #expect(s.accepted == 1 && s.rejected == 0)
        #expect(s.warnings == 2)
        #expect(s.quarantinedByRule == ["cloud cover 0…100 %": 2])
        #expect(s.render().contains("values set aside: 2") && s.render().contains("  set aside, cloud cover 0…100 %: 2"))
        let db = store.database
        let rows = try db.rows("SELECT field_path, value, rule, line, path FROM warnings ORDER BY field_path")
        #expect(rows.count == 2)
        #expect(rows.map { $0[0].string } == ["hourly.cloud_cover[203]", "hourly.cloud_cover[40]"])
        #expect(rows.map { $0[1].string } == ["-1", "101"])
        #expect(rows.allSatisfy { $0[2].string == "cloud cover 0…100 %" && $0[3].int == 1 && $0[4].string == file })
        #expect(try db.scalar("SELECT COUNT(*) FROM forecasts WHERE period = 'hour' AND cloud_cover_pct IS NOT NULL")?.int == 334)
        #expect(try db.scalar("SELECT COUNT(*) FROM rejects")?.int == 0)
        // Each row names the format of the document it remarks on (once written as the source id).
        #expect(try db.rows("SELECT DISTINCT format FROM warnings") == [[.text("open-meteo/forecast")]])
    }
}

/// Locations learned from replies get names: coordinates from Open-Meteo, then the city from an
/// OpenWeatherMap reply at the same place.
struct LocationNameTests {
    @Test func repliesNameLearnedLocations() throws {
        let dir = try temporaryFolder("names")
        defer { removeFolder(dir) }
        let store = try Store(path: dir + "/weather.sqlite")
        _ = try IngestRunner(store: store).run([IngestInput(path: fixtures + "/quarantine/openmeteo-336h-cloud-cover-101-and-minus-1.json")])
        let db = store.database
        #expect(try db.rows("SELECT id, name FROM locations").map { [$0[0].string, $0[1].string] } == [["52.52N_13.42E", "52.52N_13.42E"]])
        _ = try IngestRunner(store: store).run([IngestInput(path: fixtures + "/wrappers/result-time-url.json")])
        let rows = try db.rows("SELECT id, name, country FROM locations")
        #expect(rows.count == 1)
        #expect(rows.first?[1].string == "Berlin" && rows.first?[2].string == "DE")
    }
}

/// A store made before the warnings table had field_path, value and rule gets them on opening.
struct WarningsUpgradeTests {
    @Test func anOlderStoreGainsTheQuarantineColumns() throws {
        let dir = try temporaryFolder("upgrade")
        defer { removeFolder(dir) }
        do {
            let old = try Database(path: dir + "/weather.sqlite")
            try old.execute("CREATE TABLE warnings (id INTEGER PRIMARY KEY, source_id INTEGER NOT NULL, path TEXT NOT NULL, member TEXT, line INTEGER, format TEXT, message TEXT NOT NULL)")
        }
        let store = try Store(path: dir + "/weather.sqlite")
        let columns = try store.database.rows("SELECT name FROM pragma_table_info('warnings') ORDER BY cid").compactMap { $0[0].string }
        #expect(columns.suffix(3) == ["field_path", "value", "rule"])
        _ = try Store(path: dir + "/weather.sqlite")  // opening again adds nothing twice
    }
}
