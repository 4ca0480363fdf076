import Foundation
import Testing
import TestSupport
@testable import WeatherStore

/// `Database.withSortThreads`: helper threads for the sorter only inside the call, the setting
/// before it back afterwards — also when the body throws or the calls nest — and a sort of many
/// rows that spills gives the same rows, in the same order, with and without them.
struct SortThreadsTests {
    struct Boom: Error {}

    static var expectedHelpers: Int { min(4, max(0, ProcessInfo.processInfo.activeProcessorCount - 1)) }

    @Test func helpersOnlyInsideTheCall() throws {
        let t = try TemporaryStore()
        let db = t.store.database
        #expect(try db.scalar("PRAGMA threads")?.int == 0)
        try db.withSortThreads {
            #expect(try db.scalar("PRAGMA threads")?.int == Int64(Self.expectedHelpers))
            try db.withSortThreads {}
            #expect(try db.scalar("PRAGMA threads")?.int == Int64(Self.expectedHelpers), "a nested call keeps the outer setting")
        }
        #expect(try db.scalar("PRAGMA threads")?.int == 0)
        #expect(throws: Boom.self) { try db.withSortThreads { throw Boom() } }
        #expect(try db.scalar("PRAGMA threads")?.int == 0, "restored after a throw")
    }

    @Test func aSpillingSortGivesTheSameRows() throws {
        let t = try TemporaryStore()
        let db = t.store.database
        // Few distinct keys and many rows: every key ties thousands of times until rowid decides.
        try db.execute("""
            CREATE TABLE t (k TEXT, v REAL);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200000)
            INSERT INTO t SELECT 'key-' || (i * 7919 % 13), i * 0.5 FROM n;
            PRAGMA cache_size = 50;
            """)
        func read() throws -> [Double] {
            var out: [Double] = []
            try db.prepare("SELECT v FROM t ORDER BY k, rowid").forEachRow(named: { out.append($0.double("v") ?? .nan) })
            return out
        }
        let alone = try read()
        let helped = try db.withSortThreads { try read() }
        #expect(alone.count == 200_000)
        #expect(alone == helped)
    }
}
