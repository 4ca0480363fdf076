import Foundation
import Testing
import TestSupport
import WeatherCore
@testable import WeatherStore

/// Upgrades of stores of schema version 1 built by hand, with the rows the fixture store lacks:
/// instants before 1970, a missing sunrise, several stations at one instant, NULL and named
/// models, a location no record names, and a row whose location is missing.
struct MigrationEdgeTests {
    /// A folder with a store of schema version 1 in it, removed when the test is done.
    final class Version1Store {
        let folder: String
        var path: String { folder + "/v1.sqlite" }

        init() throws {
            folder = try temporaryFolder("v1")
            let db = try Database(path: path)
            // These tables were the same in version 1.
            for table in ["meta", "sources", "locations", "rejects", "warnings"] { try db.execute(Self.create(table)) }
            try db.execute(SchemaV1.observations)
            try db.execute(SchemaV1.forecasts)
            try db.execute("CREATE UNIQUE INDEX forecasts_key ON forecasts(location_id, period, provider, product, IFNULL(model, ''), issued_at_utc, valid_from_utc)")
            try db.execute("""
                INSERT INTO meta VALUES ('schema_version', '1');
                INSERT INTO sources(id, path, status, ingested_at_utc) VALUES (1, 'a.json', 'complete', '2024-05-01T00:00:00Z');
                INSERT INTO locations(id, lat, lon, radius_km) VALUES ('new-york', 40.7, -74.0, 25), ('unused', 1, 1, 25), ('o''hare', 41.9, -87.9, 25);
                INSERT INTO observations(id, source_id, line, provider, product, location_id, observed_at_utc, temp_c, lat, lon,
                    sunrise_utc, sunset_utc, station_id) VALUES
                    (1, 1, 1, 'nws', 'observations', 'new-york', '1969-07-20T20:17:40Z', 21.5, 40.7, -74.0, '1969-07-20T09:30:00Z', NULL, 'KJFK'),
                    (2, 1, 1, 'nws', 'observations', 'new-york', '1969-07-20T20:17:40Z', 21.0, 40.7, -74.0, NULL, NULL, 'KLGA'),
                    (3, 1, 2, 'openweathermap', 'current', 'o''hare', '1970-01-01T00:00:00Z', NULL, 41.9, -87.9, NULL, '2024-05-01T19:00:00Z', ''),
                    (5, 1, 3, 'openweathermap', 'current', 'new-york', '2024-05-01T06:00:00Z', 12.25, 40.7, -74.0, NULL, NULL, '');
                INSERT INTO forecasts(id, source_id, line, provider, product, model, location_id, issued_at_utc, issued_at_source, period,
                    valid_from_utc, valid_to_utc, valid_at_utc, lead_hours, temp_c) VALUES
                    (7, 1, 4, 'open-meteo', 'forecast', NULL, 'new-york', '1969-12-31T23:00:00Z', 'body', 'hour',
                     '1970-01-01T00:00:00Z', '1970-01-01T01:00:00Z', '1970-01-01T00:00:00Z', 1.0, 3.5),
                    (8, 1, 4, 'open-meteo', 'forecast', 'gfs', 'new-york', '1969-12-31T23:00:00Z', 'body', 'hour',
                     '1970-01-01T00:00:00Z', '1970-01-01T01:00:00Z', '1970-01-01T00:00:00Z', 1.0, 4.5),
                    (9, 1, 5, 'nws', 'forecast', NULL, 'o''hare', '2024-05-01T06:00:00Z', 'body', '12h',
                     '2024-05-01T10:00:00Z', '2024-05-01T22:00:00Z', '2024-05-01T16:00:00Z', 4.0, NULL);
                """)
        }
        deinit { removeFolder(folder) }

        /// The `CREATE TABLE` of `table` in today's schema.
        static func create(_ table: String) -> String {
            let sql = Schema.sql
            let start = sql.range(of: "CREATE TABLE IF NOT EXISTS \(table) (")!.lowerBound
            let end = sql.range(of: ");", range: start..<sql.endIndex)!.upperBound
            return String(sql[start..<end])
        }
    }

    static func snapshot(_ db: Database) throws -> [String: [[SQLValue]]] {
        var out: [String: [[SQLValue]]] = [:]
        for table in ["observations", "forecasts", "locations", "sources"] {
            out[table] = try db.rows("SELECT * FROM \(table) ORDER BY id")
        }
        return out
    }

    @Test func version1RowsReadTheSameThroughTheViews() throws {
        let v1 = try Version1Store()
        let db = try Database(path: v1.path)
        var before = try Self.snapshot(db)
        // The one value the upgrade changes: `lead_hours` becomes valid_at − issued — the NWS
        // period valid at 16:00, issued at 06:00, is 10 hours ahead, not the 4 to its start.
        let lead = Int(try #require(try db.scalar("SELECT cid FROM pragma_table_info('forecasts') WHERE name = 'lead_hours'")?.int))
        #expect(before["forecasts"]?.map { $0[lead] } == [.real(1), .real(1), .real(4)])
        before["forecasts"]?[2][lead] = .real(10)
        #expect(try Migration.upgrade(db) == 1)
        #expect(try Migration.version(of: db) == Schema.version)
        #expect(try db.scalar("SELECT type FROM sqlite_master WHERE name = 'observations'")?.string == "view")
        let after = try Self.snapshot(db)
        // Columns added after version 1 come last, and are empty for the rows it held.
        for table in before.keys.sorted() {
            let width = before[table]?.first?.count ?? 0
            #expect(after[table]?.map { Array($0.prefix(width)) } == before[table], "\(table) changed in the upgrade")
            #expect(after[table]?.allSatisfy { $0.dropFirst(width).allSatisfy { $0 == .null } } == true, "\(table): added columns not empty")
        }
        RecordViewEdgeTests.assertViewsCount(db, observations: 4, forecasts: 3)
        // Rows keep their ids, and every location (the unused one too) has a key.
        #expect(try db.scalar("SELECT group_concat(id) FROM (SELECT id FROM observation_rows ORDER BY id)")?.string == "1,2,3,5")
        #expect(try db.scalar("SELECT COUNT(*) FROM location_keys")?.int == 3)
        // Opening it again changes nothing.
        #expect(try Migration.upgrade(db) == Schema.version)
        #expect(try Self.snapshot(db) == after)
    }

    /// A schema 2 store written while `forecasts.lead_hours` measured to `valid_from`: opened
    /// for writing, its leads become valid_at − issued, once (the meta key records it).
    @Test func leadHoursOfAnOlderStoreAreMeasuredToValidAt() throws {
        let t = try TemporaryStore()
        try t.store.saveLocation(Location(id: "p", latitude: 1, longitude: 1))
        let source = try t.store.beginSource(path: "a", member: nil, inputHash: nil, modifiedAt: nil, now: 0)
        // An OWM 3-hour step: [09:00, 12:00], valid at 12:00, issued at 06:00 — 6 h ahead, 3 to its start.
        let f = Forecast(provider: "openweathermap", product: "forecast5", latitude: 1, longitude: 1, issuedAt: 6 * 3600,
                         issuedAtSource: .body, period: .threeHours, validFrom: 9 * 3600, validTo: 12 * 3600, validAt: 12 * 3600)
        #expect(try t.store.insert(f, locationID: "p", sourceID: source, line: 1))
        let db = t.store.database
        #expect(try db.scalar("SELECT lead_hours FROM forecasts") == .real(6))
        try db.execute("UPDATE forecast_rows SET lead_hours = 3; DELETE FROM meta WHERE key = 'forecasts.lead_hours'")
        try Migration.upgrade(db)
        #expect(try db.scalar("SELECT lead_hours FROM forecasts") == .real(6))
        #expect(try db.scalar("SELECT value FROM meta WHERE key = 'forecasts.lead_hours'") == .text("valid_at"))
        // Once: a value written afterwards is not rewritten on the next open.
        try db.execute("UPDATE forecast_rows SET lead_hours = 7")
        try Migration.upgrade(db)
        #expect(try db.scalar("SELECT lead_hours FROM forecasts") == .real(7))
    }

    /// A row the upgrade cannot carry over (its location is missing: written with foreign keys
    /// off) stops it, and the store is left at version 1 with every row, not upgraded without it.
    @Test func anUpgradeThatWouldLoseARowLeavesTheStoreAsItWas() throws {
        let v1 = try Version1Store()
        let db = try Database(path: v1.path)
        try db.execute("PRAGMA foreign_keys=OFF")
        try db.execute("""
            INSERT INTO observations(id, source_id, line, provider, product, location_id, observed_at_utc, lat, lon)
            VALUES (6, 1, 9, 'openweathermap', 'current', 'nowhere', '2024-05-01T07:00:00Z', 0, 0)
            """)
        try db.execute("PRAGMA foreign_keys=ON")
        let error = #expect(throws: StoreError.self) { try Migration.upgrade(db) }
        #expect(error?.message.contains("observations has 5 rows but 4 were carried over") == true, "\(String(describing: error))")
        #expect(try Migration.version(of: db) == 1)
        #expect(try db.scalar("SELECT type FROM sqlite_master WHERE name = 'observations'")?.string == "table")
        #expect(try db.scalar("SELECT COUNT(*) FROM observations")?.int == 5)
        #expect(try db.scalar("SELECT COUNT(*) FROM sqlite_master WHERE name IN ('observation_rows', 'feeds')")?.int == 0)
    }

    /// Two connections that open one version 1 store at once: it is upgraded once, and neither
    /// fails (the version is read inside the upgrade's transaction, not before it).
    @Test func twoConnectionsUpgradingAtOnceBothSucceed() throws {
        let v1 = try Version1Store()
        let path = v1.path
        let tally = RecordViewEdgeTests.Tally()
        let group = DispatchGroup()
        for _ in 0..<2 {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                do {
                    _ = try Migration.upgrade(try Database(path: path))
                    tally.read(nil)
                } catch {
                    tally.read("\(error)")
                }
            }
        }
        group.wait()
        #expect(tally.failures.isEmpty, "\(tally.failures)")
        let db = try Database(path: path)
        #expect(try Migration.version(of: db) == Schema.version)
        RecordViewEdgeTests.assertViewsCount(db, observations: 4, forecasts: 3)
    }
}

extension RecordViewEdgeTests {
    /// The views and their row tables hold `observations` and `forecasts` rows each.
    static func assertViewsCount(_ db: Database, observations: Int, forecasts: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        let counts: [String: Int64] = ["observations": Int64(observations), "forecasts": Int64(forecasts)]
        for (view, table) in RecordViews.rowTables {
            #expect((try? db.scalar("SELECT COUNT(*) FROM \(view)")?.int) == counts[view], "\(view)", sourceLocation: sourceLocation)
            #expect((try? db.scalar("SELECT COUNT(*) FROM \(table)")?.int) == counts[view], "\(table)", sourceLocation: sourceLocation)
        }
    }
}
