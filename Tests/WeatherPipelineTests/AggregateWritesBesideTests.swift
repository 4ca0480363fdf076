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
        // The passes over the spool run side by side (`DetailedScores`); with runs of 50 records
        // both of them merge sorted runs at the same time.
        let smallRuns = try AggregateChunkingTests.aggregate(records, copy: folder.path + "/beside-runs.sqlite", selection: selection) {
            $0.pairSpoolRunRecords = 50
        }
        #expect(try smallRuns.scalar("SELECT COUNT(*) FROM forecast_consistency")?.int ?? 0 > 100)
        #expect(try smallRuns.scalar("SELECT COUNT(*) FROM provider_ranking")?.int ?? 0 > 10)
        AggregateChunkingTests.expectSameRows(try AggregateChunkingTests.derivedRows(smallRuns), expected, "passes side by side, runs of 50")
    }

    /// A full disk at any point of the aggregate's late stages (the passes side by side, the
    /// indexes, the months) fails it, rolls it back and leaves the store usable: never a crash, a
    /// hang, or a half-written table.
    @Test func aFullDiskLateInTheAggregateRollsItBack() throws {
        let folder = try TemporaryFolder("aggregate-beside-late")
        defer { folder.remove() }
        let records = try ScoreMergeTests.recordStore(in: folder)
        let done = try AggregateChunkingTests.aggregate(records, copy: folder.path + "/done.sqlite", selection: .all) { _ in }
        try done.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        let needed = try #require(try done.scalar("PRAGMA page_count")?.int)
        // Limits at which the fixtures' aggregate runs out of room in the passes (their errors
        // name the INSERT: `provider_ranking`, `provider_comparison`, `forecast_consistency`) and later.
        var failedIn: [String] = []
        for short: Int64 in [2, 30, 60, 100, 150, 250] {
            let copy = folder.path + "/short-\(short).sqlite"
            try FileManager.default.copyItem(atPath: records, toPath: copy)
            let db = try Database(path: copy)
            try db.execute("PRAGMA max_page_count=\(needed - short)")
            var options = AggregateOptions()
            options.issueSelection = .all
            let error = #expect(throws: StoreError.self, "\(short) pages short") { _ = try Aggregator(database: db, options: options).run() }
            failedIn.append(error.map { String(describing: $0) } ?? "")
            #expect(db.isAutocommit)
            #expect(!(try db.tableNames().contains("forecast_pairs")), "rolled back, \(short) pages short")
            try db.execute("PRAGMA max_page_count=4294967294")
            #expect(try Aggregator(database: db, options: options).run().pairs > 1000)
        }
        #expect(failedIn.contains { $0.contains("INTO forecast_consistency") || $0.contains("INTO provider_") },
                "no limit ran out of room in the passes: \(failedIn)")
    }

    /// `SideBySide`: both bodies run to their end whichever throws, and the first's error wins.
    @Test func sideBySideRunsBothAndThrowsTheFirstError() throws {
        struct Failure: Error, Equatable { var lane: Int }
        final class Flags: @unchecked Sendable {
            let lock = NSLock()
            var ran: Set<Int> = []
            func mark(_ lane: Int) { lock.lock(); ran.insert(lane); lock.unlock() }
        }
        for failing in [[], [0], [1], [0, 1]] {
            let flags = Flags()
            func body(_ lane: Int) throws {
                Thread.sleep(forTimeInterval: lane == 0 ? 0.01 : 0.03)
                flags.mark(lane)
                if failing.contains(lane) { throw Failure(lane: lane) }
            }
            do {
                try SideBySide.run({ try body(0) }, { try body(1) })
                #expect(failing.isEmpty)
            } catch let error as Failure {
                #expect(error == Failure(lane: failing[0]), "failing \(failing)")
            }
            #expect(flags.ran == [0, 1], "failing \(failing)")
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
