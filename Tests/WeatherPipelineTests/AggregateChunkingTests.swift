import Foundation
import Testing
import TestSupport
@testable import WeatherAnalytics
import WeatherCore
import WeatherStore
@testable import WeatherPipeline

/// The aggregate reads each location's forecasts by spans of issue days (`issueChunkDays`): the
/// derived tables must be those of one read of the whole location, row for row and bit for bit —
/// in the order the rows were written too, since scores are sums taken in that order.
struct AggregateChunkingTests {
    /// Every derived table in the order its rows were written, reals to the last bit.
    static func derivedRows(_ db: Database) throws -> [String: [String]] {
        var out: [String: [String]] = [:]
        for table in DerivedSchema.tables where try StoreComparison.exists(db, table) {
            out[table] = try db.rows("SELECT * FROM \(Database.quoteIdentifier(table)) ORDER BY rowid").map { StoreComparison.render($0) }
        }
        return out
    }

    /// Every table of `expected` in `got`, row for row; `what` names the run in a failure.
    static func expectSameRows(_ got: [String: [String]], _ expected: [String: [String]], _ what: String,
                               sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(got.keys.sorted() == expected.keys.sorted(), sourceLocation: sourceLocation)
        for (table, rows) in expected {
            let other = got[table] ?? []
            let first = rows.indices.first { $0 >= other.count || rows[$0] != other[$0] }
            #expect(rows.count == other.count && first == nil,
                    "\(table), \(what): \(rows.count) rows vs \(other.count); first difference at \(first.map(String.init) ?? "-")",
                    sourceLocation: sourceLocation)
        }
    }

    /// A copy of the record store `records` at `copy`, aggregated with `selection` and what `configure` sets.
    static func aggregate(_ records: String, copy: String, selection: IssueSelection,
                          _ configure: (inout AggregateOptions) -> Void) throws -> Database {
        try? FileManager.default.removeItem(atPath: copy)
        try FileManager.default.copyItem(atPath: records, toPath: copy)
        let db = try Database(path: copy)
        var options = AggregateOptions()
        options.issueSelection = selection
        configure(&options)
        _ = try Aggregator(database: db, options: options).run()
        return db
    }

    static func aggregate(_ records: String, copy: String, chunkDays: Int, selection: IssueSelection) throws -> Database {
        try aggregate(records, copy: copy, selection: selection) { $0.issueChunkDays = chunkDays }
    }

    @Test(arguments: [IssueSelection.latestBefore(minuteOfDay: IssueSelection.defaultCutoffMinute), .firstOfDay, .all])
    func spansOfIssueDaysGiveTheTablesOfOneRead(selection: IssueSelection) throws {
        let folder = try TemporaryFolder("aggregate-chunks")
        defer { folder.remove() }
        // Nine cities over six zones (local midnights at every hour of UTC), four days of issues,
        // and the fixtures' providers (day, 12-hour, 6-hour, hourly and 3-hourly forecasts).
        let records = try ScoreMergeTests.recordStore(in: folder)
        let whole = try Self.aggregate(records, copy: folder.path + "/whole.sqlite", chunkDays: 0, selection: selection)
        let pairs = try whole.scalar("SELECT COUNT(*) FROM forecast_pairs")?.int ?? 0
        #expect(pairs > 1000)
        #expect(try whole.scalar("SELECT COUNT(*) FROM derived_day_forecasts")?.int ?? 0 > 50)
        let expected = try Self.derivedRows(whole)
        for days in [1, 2, 7] {
            let chunked = try Self.aggregate(records, copy: folder.path + "/chunked-\(days).sqlite", chunkDays: days, selection: selection)
            Self.expectSameRows(try Self.derivedRows(chunked), expected, "spans of \(days) days")
        }
    }

    /// The spans cut at the location's local midnights, whatever its zone and across a DST change.
    @Test func spansStartAtLocalMidnights() throws {
        let rule = ZoneRule(zone: "America/New_York")
        // 2024-03-09 12:00 local (EST) to 2024-03-12 12:00 local (EDT).
        let first = try #require(UTCTime.parseISO8601("2024-03-09T17:00:00Z"))
        let last = try #require(UTCTime.parseISO8601("2024-03-12T16:00:00Z"))
        let spans = IssueChunks(span: first...last, days: 2, rule: rule).spans
        let midnights = ["2024-03-09T05:00:00Z", "2024-03-11T04:00:00Z", "2024-03-13T04:00:00Z"].compactMap { UTCTime.parseISO8601($0) }
        #expect(spans == [midnights[0]..<midnights[1], midnights[1]..<midnights[2]])
        #expect(IssueChunks(span: first...last, days: 0, rule: rule).spans == [first..<(last + 1)])
        #expect(IssueChunks(span: nil, days: 7, rule: rule).spans.isEmpty)
    }
}
