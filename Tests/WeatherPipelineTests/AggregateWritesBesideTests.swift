import Foundation
import Testing
import TestSupport
@testable import WeatherAnalytics
import WeatherCore
@testable import WeatherStore

/// The aggregate reads the records through a second connection while its writes run on a
/// thread of their own (`AggregateOptions.writesBeside`, `WriteQueue`): every derived table must
/// be the one a single connection on a single thread writes, row for row, in the same order, bit
/// for bit — and the derived days read back by the rowids counted before they were written.
struct AggregateWritesBesideTests {
    @Test(arguments: [IssueSelection.latestBefore(minuteOfDay: IssueSelection.defaultCutoffMinute), .all])
    func writesBesideGiveTheTablesOfOneConnection(selection: IssueSelection) throws {
        let folder = try TemporaryFolder("aggregate-beside")
        defer { folder.remove() }
        // Nine cities over six zones, day, 12-hour, 6-hour, hourly and 3-hourly forecasts.
        let records = try ScoreMergeTests.recordStore(in: folder)
        let one = try AggregateChunkingTests.aggregate(records, copy: folder.path + "/one.sqlite", selection: selection) {
            $0.writesBeside = false
        }
        #expect(try one.scalar("SELECT COUNT(*) FROM forecast_pairs")?.int ?? 0 > 1000)
        #expect(try one.scalar("SELECT COUNT(*) FROM derived_day_forecasts")?.int ?? 0 > 50)
        #expect(try one.scalar("SELECT COUNT(*) FROM forecast_pairs WHERE derived_from IS NOT NULL")?.int ?? 0 > 0,
                "no pairs of derived days: their read-back would not be tested")
        let expected = try AggregateChunkingTests.derivedRows(one)
        // Spans of one day: the derived days are read back after every span's writes.
        for chunkDays in [7, 1] {
            let beside = try AggregateChunkingTests.aggregate(records, copy: folder.path + "/beside-\(chunkDays).sqlite",
                                                              selection: selection) { $0.issueChunkDays = chunkDays }
            #expect(beside.readerBeside() != nil, "the store allows a second connection: the threaded path ran")
            AggregateChunkingTests.expectSameRows(try AggregateChunkingTests.derivedRows(beside), expected, "writes beside, spans of \(chunkDays)")
        }
    }

    /// A write that fails on the writer thread (a full disk) fails the aggregate, which rolls
    /// back and leaves the store as it was; the next aggregate runs.
    @Test func aFailedWriteRollsTheAggregateBack() throws {
        let folder = try TemporaryFolder("aggregate-beside-fail")
        defer { folder.remove() }
        let records = try ScoreMergeTests.recordStore(in: folder)
        let copy = folder.path + "/store.sqlite"
        try FileManager.default.copyItem(atPath: records, toPath: copy)
        let db = try Database(path: copy)
        #expect(!(try db.tableNames().contains("forecast_pairs")))
        // The derived tables' first pages fit, their pairs do not.
        let pages = try #require(try db.scalar("PRAGMA page_count")?.int)
        try db.execute("PRAGMA max_page_count=\(pages + 40)")
        #expect(db.readerBeside() != nil)
        #expect(throws: StoreError.self) { _ = try Aggregator(database: db, options: AggregateOptions()).run() }
        #expect(db.isAutocommit)
        #expect(!(try db.tableNames().contains("forecast_pairs")), "rolled back")
        try db.execute("PRAGMA max_page_count=4294967294")
        let summary = try Aggregator(database: db, options: AggregateOptions()).run()
        #expect(summary.pairs > 1000)
    }
}
