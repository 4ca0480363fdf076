import Foundation
import Testing
import TestSupport
@testable import WeatherStore

/// `Database.withBackgroundCheckpoints`: committed pages reach the database file without the
/// writer copying them, the WAL stays bounded however much is written, every row is there, and
/// SQLite's own checkpoints are back afterwards — also when the body throws.
struct BackgroundCheckpointsTests {
    struct Boom: Error {}

    static func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }

    /// One commit of `kilobytes` of new pages.
    static func commit(_ db: Database, batch: Int, kilobytes: Int) throws {
        try db.inTransaction {
            try db.run("""
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
                INSERT INTO t SELECT ?, i, randomblob(1000) FROM n
                """, [.integer(Int64(kilobytes)), .integer(Int64(batch))])
        }
    }

    @Test func committedPagesReachTheFileInTheBackground() throws {
        let t = try TemporaryStore()
        let db = t.store.database
        try db.execute("CREATE TABLE t (batch INTEGER, i INTEGER, payload BLOB)")
        let before = Self.fileSize(db.path)
        // 2 MB in one commit: below SQLite's own checkpoint (1,000 pages), so without the
        // background copy every page would still be in the WAL only.
        try db.withBackgroundCheckpoints { try Self.commit(db, batch: 0, kilobytes: 2_000) }
        #expect(Self.fileSize(db.path) >= before + 2_000_000, "the pages were copied into the database file")
        #expect(try db.scalar("SELECT COUNT(*) FROM t")?.int == 2_000)
    }

    @Test func theWALStaysBounded() throws {
        let t = try TemporaryStore()
        let db = t.store.database
        try db.execute("CREATE TABLE t (batch INTEGER, i INTEGER, payload BLOB)")
        // 40 commits of about 100 pages with a bound of 256 pages: 4,000 pages written in all.
        try db.withBackgroundCheckpoints(restartPages: 256) {
            for batch in 0..<40 { try Self.commit(db, batch: batch, kilobytes: 400) }
        }
        let frame = 4_096 + 24
        let wal = Self.fileSize(db.path + "-wal")
        #expect(wal > 0)
        #expect(wal < 600 * frame, "the WAL started again at the bound (\(wal / frame) frames), not grown with the writes")
        #expect(try db.scalar("SELECT COUNT(*) FROM t")?.int == 16_000)
        #expect(try db.scalar("SELECT COUNT(DISTINCT batch) FROM t")?.int == 40)
        #expect(try db.scalar("PRAGMA integrity_check")?.string == "ok")
    }

    /// Many small commits (an ingest's one per file) ask for a copy once the WAL grew by
    /// `requestPages`, not at each commit: each copy is two syncs of the disk.
    @Test func smallCommitsAskForACopyOnlyAsTheWALGrows() throws {
        let t = try TemporaryStore()
        let db = t.store.database
        try db.execute("CREATE TABLE t (batch INTEGER, i INTEGER, payload BLOB)")
        var asks: [Int32] = []
        try db.withBackgroundCheckpoints(requestPages: 64, requested: { asks.append($0) }) {
            // 100 commits of 8 rows of 1 KB: about four frames each, ~400 in all.
            for batch in 0..<100 { try Self.commit(db, batch: batch, kilobytes: 8) }
        }
        #expect(asks.count >= 2 && asks.count <= 10, "a copy per 64 pages of WAL, not per commit: \(asks)")
        // Each ask is 64 pages past the one before, or past the start of a WAL copied whole.
        #expect(zip([0] + asks, asks).allSatisfy { $1 - $0 >= 64 || $1 >= 64 }, "\(asks)")
        #expect(try db.scalar("SELECT COUNT(*) FROM t")?.int == 800)
        #expect(try db.scalar("PRAGMA integrity_check")?.string == "ok")
    }

    @Test func sqliteCheckpointsAgainAfterwards() throws {
        let t = try TemporaryStore()
        let db = t.store.database
        try db.execute("CREATE TABLE t (batch INTEGER, i INTEGER, payload BLOB)")
        #expect(throws: Boom.self) {
            try db.withBackgroundCheckpoints { try Self.commit(db, batch: 0, kilobytes: 10); throw Boom() }
        }
        #expect(try db.scalar("PRAGMA wal_autocheckpoint")?.int == 1000)
        // SQLite's own hook is back: a commit past 1,000 pages copies them into the file itself.
        let before = Self.fileSize(db.path)
        try Self.commit(db, batch: 1, kilobytes: 6_000)
        #expect(Self.fileSize(db.path) >= before + 6_000_000)
    }

    @Test func aStoreInMemoryRunsTheBodyUnchanged() throws {
        let db = try Database(path: ":memory:")
        try db.execute("CREATE TABLE t (batch INTEGER, i INTEGER, payload BLOB)")
        let n = try db.withBackgroundCheckpoints { () throws -> Int64? in
            try Self.commit(db, batch: 0, kilobytes: 10)
            return try db.scalar("SELECT COUNT(*) FROM t")?.int
        }
        #expect(n == 10)
    }
}
