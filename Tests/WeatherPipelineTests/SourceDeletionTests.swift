import Foundation
import Testing
import TestSupport
import WeatherCore
@testable import WeatherStore
@testable import WeatherPipeline

/// The ingest writes with foreign keys off, so the schema's `ON DELETE CASCADE` does not remove
/// a replaced source's rows: `Store.deleteSources` does, table by table. These read what a
/// user would find after reading files again: no row of a deleted source, counts as after one
/// reading, and a connection that enforces foreign keys again once the ingest is done.
struct SourceDeletionTests {
    /// Inputs that give rows in every table a source owns: observations and rejects
    /// (`bad`), forecasts and warnings (`quarantine`).
    static let inputs = [
        IngestInput(path: fixtures + "/bad"),
        IngestInput(path: fixtures + "/quarantine/openmeteo-336h-cloud-cover-101-and-minus-1.json"),
    ]

    /// Rows of each source-owned table whose source is gone.
    static func orphans(_ db: Database) throws -> [String: Int64] {
        var out: [String: Int64] = [:]
        for table in Store.sourceOwnedTables {
            out[table] = try db.scalar("SELECT COUNT(*) FROM \(table) WHERE source_id NOT IN (SELECT id FROM sources)")?.int
        }
        return out
    }

    static func rowCounts(_ db: Database) throws -> [String: Int64] {
        var out: [String: Int64] = [:]
        for table in Store.sourceOwnedTables + ["sources"] {
            out[table] = try db.scalar("SELECT COUNT(*) FROM \(table)")?.int
        }
        return out
    }

    @Test func theOwnedTablesAreEveryTableWhoseRowsReferenceASource() throws {
        let dir = try temporaryFolder("owned")
        defer { removeFolder(dir) }
        let store = try Store(path: dir + "/weather.sqlite")
        let referencing = try store.database.rows("""
            SELECT m.name FROM sqlite_schema m, pragma_foreign_key_list(m.name) f
            WHERE m.type = 'table' AND f."table" = 'sources' ORDER BY m.name
            """).compactMap { $0[0].string }
        #expect(referencing == Store.sourceOwnedTables.sorted())
        #expect(referencing.count == 4)
    }

    @Test func readingFilesAgainReplacesEveryRowOfTheirEarlierSources() throws {
        let dir = try temporaryFolder("reread")
        defer { removeFolder(dir) }
        let store = try Store(path: dir + "/weather.sqlite")
        let first = try IngestRunner(store: store).run(Self.inputs)
        let db = store.database
        let once = try Self.rowCounts(db)
        #expect(once.values.allSatisfy { $0 > 0 }, "every owned table has rows: \(once)")
        #expect(first.duplicates == 0)

        // --force reads every file again: each earlier source is deleted with its rows first.
        let again = try IngestRunner(store: store)
        again.force = true
        let second = try again.run(Self.inputs)
        #expect(try Self.rowCounts(db) == once)
        let orphans = try Self.orphans(db)
        #expect(orphans.values.allSatisfy { $0 == 0 }, "\(orphans)")
        // Had the earlier rows stayed, the new reading's records would have been duplicates.
        #expect(second.duplicates == 0 && second.accepted == first.accepted && second.rejected == first.rejected)
        #expect(try db.scalar("SELECT MIN(id) FROM sources")?.int ?? 0 > Int64(once["sources"]!))

        // The store's connection enforces foreign keys again, and nothing violates them.
        #expect(try db.scalar("PRAGMA foreign_keys")?.int == 1)
        #expect(try db.rows("PRAGMA foreign_key_check").isEmpty)

        // forget, through the same deletion, leaves no row of what it forgot.
        let forgotten = try store.forget(path: fixtures + "/bad")
        #expect(forgotten.sources > 0)
        #expect(try Self.orphans(db).values.allSatisfy { $0 == 0 })
        #expect(try db.scalar("SELECT COUNT(*) FROM rejects")?.int == 0)
        #expect(try db.scalar("SELECT COUNT(*) FROM forecast_rows")?.int == once["forecast_rows"])
    }

    @Test func foreignKeysCannotBeTurnedOffInsideATransaction() throws {
        let dir = try temporaryFolder("fk-transaction")
        defer { removeFolder(dir) }
        let store = try Store(path: dir + "/weather.sqlite")
        try store.database.execute("BEGIN")
        #expect(throws: StoreError.self) { try store.database.setForeignKeys(false) }
        try store.database.execute("ROLLBACK")
        try store.database.setForeignKeys(false)
        #expect(try store.database.scalar("PRAGMA foreign_keys")?.int == 0)
        try store.database.setForeignKeys(true)
        #expect(try store.database.scalar("PRAGMA foreign_keys")?.int == 1)
    }
}
