import Foundation
import Testing
import TestSupport
@testable import WeatherAnalytics
import WeatherCore
@testable import WeatherStore

/// The detail, comparison and consistency passes read the pairs from the aggregate's spool
/// (`PairSpool`, sorted by `RecordFile`) instead of `forecast_pairs`: every derived table must be
/// the one the table's reads give, row for row and bit for bit, whatever the runs' size.
struct AggregateSpoolTests {
    static func aggregate(_ records: String, copy: String, runRecords: Int, selection: IssueSelection) throws -> Database {
        try AggregateChunkingTests.aggregate(records, copy: copy, selection: selection) { $0.pairSpoolRunRecords = runRecords }
    }

    @Test(arguments: [IssueSelection.latestBefore(minuteOfDay: IssueSelection.defaultCutoffMinute), .all])
    func spooledPassesGiveTheTablesOfTheTablesReads(selection: IssueSelection) throws {
        let folder = try TemporaryFolder("aggregate-spool")
        defer { folder.remove() }
        // Nine cities over six zones, day, 12-hour, 6-hour, hourly and 3-hourly forecasts.
        let records = try ScoreMergeTests.recordStore(in: folder)
        let table = try Self.aggregate(records, copy: folder.path + "/table.sqlite", runRecords: 0, selection: selection)
        #expect(try table.scalar("SELECT COUNT(*) FROM forecast_pairs")?.int ?? 0 > 1000)
        for name in ["forecast_consistency", "provider_comparison", "provider_ranking", "scores_by_month", "precip_thresholds"] {
            #expect(try table.scalar("SELECT COUNT(*) FROM \(name)")?.int ?? 0 > 0, "\(name) is empty: the test would compare nothing")
        }
        let expected = try AggregateChunkingTests.derivedRows(table)
        // One run held whole, and runs of a few records merged (a run of 1: every record its own).
        for runRecords in [131_072, 7, 1] {
            let spooled = try Self.aggregate(records, copy: folder.path + "/spool-\(runRecords).sqlite", runRecords: runRecords,
                                             selection: selection)
            AggregateChunkingTests.expectSameRows(try AggregateChunkingTests.derivedRows(spooled), expected, "runs of \(runRecords)")
        }
    }

    @Test func recordFileSortsAndFiltersWhateverTheRunSize() throws {
        let file = try RecordFile<Int64>()
        var random = SplitMix64(seed: 42)
        let values = (0..<5_000).map { _ in Int64(random.next() % 1_000) * 10_000 }.enumerated().map { $0.element + Int64($0.offset) }
        for v in values { try file.append(v) }
        #expect(file.count == values.count)
        let expected = values.filter { $0 % 3 != 0 }.sorted()
        for run in [1, 2, 99, 4_999, 5_000, 100_000] {
            var got: [Int64] = []
            try file.forEachSorted(runRecords: run, include: { $0 % 3 != 0 }, by: <) { got.append($0) }
            #expect(got == expected, "runs of \(run)")
        }
        var none: [Int64] = []
        try RecordFile<Int64>().forEachSorted(runRecords: 4, include: { _ in true }, by: <) { none.append($0) }
        #expect(none.isEmpty)
    }

    /// A pair the records cannot hold as the table does makes the spool inexact: the passes then
    /// read the table, never a record that sorts or reads back differently.
    @Test(arguments: ["model", "date", "instant", "value"])
    func aPairTheRecordsCannotHoldSpoilsTheSpool(what: String) throws {
        var pair = ForecastPair(provider: "p", product: "forecast", model: nil, locationID: "x", variable: "temp_max_c", period: "day",
                                targetDate: "2024-05-01", validAt: 1_714_564_800, issuedAt: 1_714_478_400, leadDays: 1, leadHours: 24,
                                forecast: 20, observed: 19, precipProbPct: nil, forecastID: 1, observationID: nil)
        let spool = try PairSpool()
        try spool.append(pair, leadHoursBin: nil)
        #expect(spool.exact && spool.count == 1)
        switch what {
        case "model": pair.model = ""
        case "date": pair.targetDate = "2024-5-1"
        case "instant": pair.issuedAt = 253_402_300_800  // year 10000: its text is wider
        default: pair.forecast = .nan  // stored as NULL
        }
        try spool.append(pair, leadHoursBin: nil)
        #expect(!spool.exact)
    }
}

/// The aggregate's day and window reads, feed by feed and merged (`FeedMergedReads`), give the
/// rows of the read SQLite sorts, in its order, for every location, kind and span of issues.
struct FeedMergedReadsTests {
    @Test func mergedReadsGiveTheSortedReadsRowsInOrder() throws {
        let folder = try TemporaryFolder("feed-merged-reads")
        defer { folder.remove() }
        let db = try Database(path: try ScoreMergeTests.recordStore(in: folder))
        // Every day and hourly feed twice: a copy under a model, so that two feeds' rows tie on
        // every issue and the feed order must break the tie as the sorted read does.
        try db.execute("""
            INSERT INTO feeds(provider, product, model, period, station_id)
            SELECT provider, product, 'copy', period, '' FROM feeds WHERE period IN ('day', 'hour') AND model = ''
            """)
        let columns = try db.rows("SELECT name FROM pragma_table_info('forecast_rows') WHERE name NOT IN ('id', 'feed_key')")
            .compactMap { $0.first?.string }
        let list = columns.joined(separator: ", "), from = columns.map { "f." + $0 }.joined(separator: ", ")
        try db.execute("""
            INSERT INTO forecast_rows(feed_key, \(list)) SELECT c.key, \(from) FROM forecast_rows f
            JOIN feeds o ON o.key = f.feed_key JOIN feeds c ON c.provider = o.provider AND c.product = o.product AND c.period = o.period
                                                            AND o.model = '' AND c.model = 'copy'
            """)
        let merged = try LocationRecords(db), sorted = try LocationRecords(db, mergingFeeds: false)
        func rows(_ read: ((LocationRecords.Forecast) throws -> Void) throws -> Void) throws -> [String] {
            var out: [String] = []
            try read { f in
                out.append("\(f.id) \(f.provider)/\(f.product)/\(f.model ?? "-") \(f.period) \(f.issuedAt) \(f.validFrom) \(f.validTo) "
                           + "\(f.validAt.map(String.init) ?? "-") \(f.tempC.map { String($0) } ?? "-") \(f.precipMm.map { String($0) } ?? "-")")
            }
            return out
        }
        var compared = 0
        // Several feeds of one kind, so that reads are merged (and ties between feeds broken).
        let feeds = try db.rows("SELECT period, COUNT(*) FROM feeds GROUP BY 1").map { ($0[0].string ?? "", $0[1].int ?? 0) }
        #expect(feeds.contains { $0.0 == "day" && $0.1 >= 2 } && feeds.contains { $0.0 == "hour" && $0.1 >= 2 }, "\(feeds)")
        for location in try db.rows("SELECT id FROM locations ORDER BY id").compactMap({ $0.first?.string }) {
            guard let span = try merged.issueSpan(location) else { continue }
            let middle = span.lowerBound + (span.upperBound - span.lowerBound) / 2
            for issued in [LocationRecords.allIssues, span.lowerBound..<middle, middle..<(span.upperBound + 1)] {
                let days = try rows { try merged.dayForecasts(location, issued: issued, $0) }
                #expect(days == (try rows { try sorted.dayForecasts(location, issued: issued, $0) }), "\(location) days")
                compared += days.count
                for (a, b, amounts) in [("hour", "3h", false), ("hour", "3h", true), ("12h", "12h", false), ("6h", "6h", false)] {
                    let got = try rows { try merged.windowForecasts(location, periods: (a, b), amountsOnly: amounts, issued: issued, $0) }
                    let want = try rows { try sorted.windowForecasts(location, periods: (a, b), amountsOnly: amounts, issued: issued, $0) }
                    #expect(got == want, "\(location) \(a)/\(b) amounts \(amounts): \(got.count) rows vs \(want.count)")
                    compared += got.count
                }
            }
        }
        #expect(compared > 5_000)
    }
}
