import Foundation
import Testing
import TestSupport
import WeatherCore
@testable import WeatherStore

/// A store in its own temporary folder, removed when the test is done with it.
final class TemporaryStore {
    let folder: String
    let store: Store
    init() throws {
        folder = try temporaryFolder("store")
        store = try Store(path: folder + "/s.sqlite")
    }
    deinit { removeFolder(folder) }
}

struct TransactionTests {
    struct Boom: Error {}

    @Test func commitsWhenTheBodyReturns() throws {
        let t = try TemporaryStore()
        let db = t.store.database
        let n = try db.inTransaction { () throws -> Int in
            try db.run("INSERT INTO meta(key, value) VALUES (?, ?)", [.text("k"), .text("v")])
            return 7
        }
        #expect(n == 7)
        #expect(db.isAutocommit)
        #expect(try db.scalar("SELECT value FROM meta WHERE key = 'k'")?.string == "v")
    }

    @Test func rollsBackWhenTheBodyThrows() throws {
        let t = try TemporaryStore()
        let db = t.store.database
        #expect(throws: Boom.self) {
            try db.inTransaction {
                try db.run("INSERT INTO meta(key, value) VALUES (?, ?)", [.text("k"), .text("v")])
                throw Boom()
            }
        }
        #expect(db.isAutocommit)
        #expect(try db.scalar("SELECT COUNT(*) FROM meta WHERE key = 'k'")?.int == 0)
    }

    /// Batches committed inside one call stay; the batch in progress at a failure does not.
    @Test func commitAndContinueKeepsEarlierBatches() throws {
        let t = try TemporaryStore()
        let db = t.store.database
        #expect(throws: Boom.self) {
            try db.inTransaction {
                try db.run("INSERT INTO meta(key, value) VALUES ('a', '1')")
                try db.commitAndContinue()
                try db.run("INSERT INTO meta(key, value) VALUES ('b', '2')")
                throw Boom()
            }
        }
        #expect(try db.rows("SELECT key FROM meta WHERE key IN ('a', 'b')") == [[.text("a")]])
    }
}

struct BindTests {
    @Test func aBindOutOfRangeThrows() throws {
        let t = try TemporaryStore()
        let s = try t.store.database.prepare("SELECT ?")
        s.reset()
        #expect(throws: StoreError.self) { try s.set(2, 1.5) }
        #expect(throws: StoreError.self) { try s.set(0, "x") }
        try s.set(1, Int64(3))
        #expect(try s.step() && s.column(0) == .integer(3))
    }

    @Test func aMissingValueIsAnErrorNotANull() throws {
        let t = try TemporaryStore()
        #expect(throws: StoreError.self) { try t.store.database.run("INSERT INTO meta(key, value) VALUES (?, ?)", [.text("k")]) }
        #expect(throws: StoreError.self) { try t.store.database.rows("SELECT ?", [.null, .null]) }
    }

    @Test func insertSQLIsDerivedFromTheColumnList() {
        #expect(ColumnInsert<Int>.sql(table: "t", columns: ["a", "b", "c"], verb: "OR IGNORE")
                == "INSERT OR IGNORE INTO t(a, b, c) VALUES (?, ?, ?)")
        #expect(ColumnInsert<Int>.sql(table: "t", columns: ["a"]) == "INSERT INTO t(a) VALUES (?)")
        #expect(ColumnInsert<Int>.sql(table: "t", columns: ["a", "b"], rows: 2) == "INSERT INTO t(a, b) VALUES (?, ?), (?, ?)")
    }

    /// Every column of each record table (but its rowid) has exactly one entry in its list.
    @Test func columnListsCoverTheirTables() throws {
        let t = try TemporaryStore()
        func columns(_ table: String) throws -> Set<String> {
            Set(try t.store.database.rows("SELECT name FROM pragma_table_info(?)", [.text(table)]).compactMap { $0[0].string })
        }
        func names<R>(_ layout: RowLayout<R>) -> [String] { layout.columns }
        #expect(Set(names(RecordTables.observationLayout)) == (try columns("observation_rows")).subtracting(["id"]))
        #expect(names(RecordTables.observationLayout).count == Set(names(RecordTables.observationLayout)).count)
        #expect(Set(names(RecordTables.forecastLayout)) == (try columns("forecast_rows")).subtracting(["id"]))
        #expect(names(RecordTables.forecastLayout).count == Set(names(RecordTables.forecastLayout)).count)
        #expect(Set(names(IngestTables.rejectLayout)) == (try columns("rejects")).subtracting(["id"]))
        #expect(Set(names(IngestTables.warningLayout)) == (try columns("warnings")).subtracting(["id"]))
        #expect(Set(names(IngestTables.locationLayout)) == (try columns("locations")))
    }

    /// Bindings are not cleared between rows (`Statement.reset`): a missing value must still be
    /// NULL after a row that had one.
    @Test func aMissingValueAfterAPresentOneIsNull() throws {
        let t = try TemporaryStore()
        try t.store.saveLocation(Location(id: "l", latitude: 1, longitude: 2))
        let source = try t.store.beginSource(path: "a.json", member: nil, inputHash: "h", modifiedAt: 0, now: 0)
        var o = Observation(provider: "p", product: "q", observedAt: 1714550400, latitude: 1, longitude: 2)
        o.tempC = 12.5; o.conditionText = "rain"; o.utcOffsetSeconds = 3600
        #expect(try t.store.insert(o, locationID: "l", sourceID: source, line: 1))
        o.observedAt += 3600; o.tempC = nil; o.conditionText = nil; o.utcOffsetSeconds = nil
        #expect(try t.store.insert(o, locationID: "l", sourceID: source, line: 2))
        let rows = try t.store.database.rows("SELECT temp_c, condition_text, utc_offset_s FROM observations ORDER BY id")
        #expect(rows == [[.real(12.5), .text("rain"), .integer(3600)], [.null, .null, .null]])
    }

    /// Values land in the columns named beside them, first to last.
    @Test func anObservationRoundTripsByColumnName() throws {
        let t = try TemporaryStore()
        let store = t.store
        try store.saveLocation(Location(id: "l", latitude: 1, longitude: 2))
        let source = try store.beginSource(path: "a.json", member: "m", inputHash: "h", modifiedAt: 0, now: 0)
        var o = Observation(provider: "p", product: "q", observedAt: 1714550400, latitude: 1.5, longitude: 2.5)
        o.tempC = 1; o.feelsLikeC = 2; o.dewPointC = 3; o.pressureHpa = 4; o.humidityPct = 5; o.windSpeedMs = 6
        o.windGustMs = 7; o.windDirDeg = 8; o.cloudCoverPct = 9; o.visibilityM = 10; o.uvIndex = 11; o.rainMm = 12
        o.snowMm = 13; o.precipMm = 14; o.precipWindowH = 15; o.precipRateMmh = 16
        o.conditionCode = "800"; o.conditionText = "clear"; o.placeName = "Here"; o.country = "GB"
        o.utcOffsetSeconds = 3600; o.timeZone = "Europe/London"; o.sunriseAt = 0; o.sunsetAt = 60
        o.unitsAssumed = "metric"; o.unitsSource = .input
        #expect(try store.insert(o, locationID: "l", sourceID: source, line: 42))
        let r = try #require(try store.database.rows("""
            SELECT line, location_id, observed_at_utc, temp_c, wind_dir_deg, precip_rate_mmh, condition_code, place_name,
                   lat, lon, utc_offset_s, timezone, sunrise_utc, sunset_utc, units_assumed, units_source FROM observations
            """).first)
        #expect(r == [.integer(42), .text("l"), .text("2024-05-01T08:00:00Z"), .real(1), .real(8), .real(16), .text("800"),
                      .text("Here"), .real(1.5), .real(2.5), .integer(3600), .text("Europe/London"),
                      .text("1970-01-01T00:00:00Z"), .text("1970-01-01T00:01:00Z"), .text("metric"), .text("input")])
    }
}

/// A large derived table is dropped inside the aggregate's one transaction each run: with
/// statement journals kept in memory up to 16 MiB (a setting once tried for ingest), SQLite
/// 3.40 failed that DROP with "database or disk is full" on a store of 800,000 pairs.
struct LargeDropTests {
    @Test func aTableLargerThanSixteenMebibytesIsDroppedInsideATransaction() throws {
        let t = try TemporaryStore()
        let db = t.store.database
        try db.execute("CREATE TABLE big(x BLOB)")
        try db.execute("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 48) INSERT INTO big SELECT randomblob(1 << 20) FROM n")
        try db.inTransaction {
            try db.execute("DROP TABLE IF EXISTS big")
            try db.execute("CREATE TABLE big(x BLOB)")
        }
        #expect(try db.scalar("SELECT COUNT(*) FROM big")?.int == 0)
    }
}
