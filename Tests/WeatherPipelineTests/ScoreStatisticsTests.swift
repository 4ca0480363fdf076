import Foundation
import Testing
import TestSupport
import WeatherAnalytics
import WeatherCore
import WeatherStore
@testable import WeatherPipeline

/// `merge-scores --shard J/S` (the pooled statistics split into S tasks) and the last step
/// `merge-scores --statistics`: against one ingest + one aggregate, every table, tolerance 0.
struct ScoreStatisticsTests {
    /// The S statistics files of `parts`, given to the last step in reverse, and the scores store.
    static func split(_ parts: [String], tasks s: Int, in folder: String, tag: String) throws
        -> (scores: String, results: [ScoreStatistics.Result], files: [String]) {
        var files: [String] = [], results: [ScoreStatistics.Result] = []
        for j in 0..<s {
            let file = "\(folder)/stats-\(tag)-\(j).sqlite"
            results.append(try ScoreStatistics.run(out: file, shard: Shard(index: j, count: s)!, parts: parts))
            files.append(file)
        }
        let scores = "\(folder)/scores-split-\(tag).sqlite"
        _ = try ScoreMerge.run(out: scores, parts: parts.reversed(), statistics: files.reversed())
        _ = try ScoreMerge.run(out: "\(folder)/scores-parts-\(tag).sqlite", parts: parts.reversed(), statistics: files.reversed(), rowsInParts: true)
        return (scores, results, files)
    }

    /// The location parts and the aggregate parts of `stores`, M of each.
    static func parts(_ stores: [String], m: Int, in folder: String, tag: String) throws -> (locations: [String], aggregates: [String]) {
        var locations: [String] = [], aggregates: [String] = []
        for k in 0..<m {
            let shard = Shard(index: k, count: m)!
            let part = "\(folder)/loc-\(tag)-\(k).sqlite"
            _ = try LocationShardMerger(out: part, shard: shard).merge(stores)
            var options = AggregateOptions()
            options.locationShard = shard
            let aggregate = "\(folder)/agg-\(tag)-\(k).sqlite"
            _ = try ShardAggregation.run(records: part, out: aggregate, options: options)
            locations.append(part)
            aggregates.append(aggregate)
        }
        return (locations, aggregates)
    }

    /// The rows of a statistics table in the order they were written (row id), every column.
    static func written(_ db: Database, _ table: String) throws -> [String] {
        try db.rows("SELECT * FROM \(Database.quoteIdentifier(table)) ORDER BY rowid").map { StoreComparison.render($0) }
    }

    static func check(_ single: Database, inputs stores: [String], m: Int, in folder: TemporaryFolder, tag: String) throws {
        let (locations, aggregates) = try Self.parts(stores, m: m, in: folder.path, tag: tag)
        let pairs = try aggregates.map { Int(try Database(path: $0).scalar("SELECT COUNT(*) FROM forecast_pairs")?.int ?? 0) }.reduce(0, +)
        let singlePairs = Int(try single.scalar("SELECT COUNT(*) FROM forecast_pairs")?.int ?? -1)
        #expect(pairs == singlePairs)
        let leadGroups = Int(try single.scalar("""
            SELECT COUNT(*) FROM (SELECT DISTINCT variable, lead_days, CASE WHEN lead_days IS NULL THEN lead_hours_bin END FROM forecast_pairs)
            """)?.int ?? -1)
        let sourceGroups = Int(try single.scalar("""
            SELECT COUNT(*) FROM (SELECT DISTINCT provider, product, model, derived_from, variable FROM forecast_pairs)
            """)?.int ?? -1)
        let largestLeadGroup = Int(try single.scalar("""
            SELECT MAX(n) FROM (SELECT COUNT(*) AS n FROM forecast_pairs GROUP BY variable, lead_days, CASE WHEN lead_days IS NULL THEN lead_hours_bin END)
            """)?.int ?? 0)
        for s in [1, 2, 3] {
            let (scores, results, files) = try Self.split(aggregates, tasks: s, in: folder.path, tag: "\(tag)-s\(s)")
            // Every group by exactly one task, from exactly its pairs: each pass reads every pair once.
            #expect(results.map(\.leadPairs).reduce(0, +) == pairs, "S=\(s)")
            #expect(results.map(\.sourcePairs).reduce(0, +) == pairs, "S=\(s)")
            #expect(results.map(\.leadGroups).reduce(0, +) == leadGroups, "S=\(s)")
            #expect(results.map(\.sourceGroups).reduce(0, +) == sourceGroups, "S=\(s)")
            if s > 1 && pairs > 0 { #expect(results.allSatisfy { $0.leadPairs < pairs }, "S=\(s): one task read every pair") }
            let diff = try StoreComparison.differences(single, union: locations.map { try Database(path: $0) } + [try Database(path: scores)])
            #expect(diff.isEmpty, "S=\(s): \(diff)")
            try Self.checkPairsInParts(single, locations: locations, aggregates: aggregates, statistics: files, scores: scores, s: s)
            if s > 1 { #expect(results.map(\.leadPairs).max() ?? 0 <= max(largestLeadGroup, pairs / s + largestLeadGroup), "S=\(s)") }
            if s == 2 { try Self.checkCopiedPairs(aggregates, files: files, results: results, in: folder.path, tag: tag) }
            // In the order one aggregate writes them, not only the same rows.
            let out = try Database(path: scores)
            for table in ["precip_thresholds", "pop_reliability", "scores_by_month", "forecast_consistency", "forecast_revisions_by_lead",
                          "provider_comparison", "provider_ranking"] {
                let expected = try Self.written(single, table)
                #expect(try Self.written(out, table) == expected, "S=\(s): \(table) in another order")
            }
        }
    }

    /// A task that copies the pairs through tables of its file (the way it takes when they cannot
    /// be spooled straight from the parts) writes the file the direct read writes, row for row.
    static func checkCopiedPairs(_ parts: [String], files: [String], results: [ScoreStatistics.Result], in folder: String, tag: String) throws {
        for (j, file) in files.enumerated() {
            let copied = "\(folder)/stats-copied-\(tag)-\(j).sqlite"
            var result = try ScoreStatistics.run(out: copied, shard: Shard(index: j, count: files.count)!, parts: parts, readsPartsDirectly: false)
            #expect(result.spooledFromParts == 0 && results[j].spooledFromParts == 2, "share \(j)")
            result.spooledFromParts = results[j].spooledFromParts
            #expect(result == results[j], "share \(j)")
            let direct = try Database(path: file), other = try Database(path: copied)
            let tables = try direct.rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").compactMap { $0.first?.string }
            #expect(try other.rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").compactMap { $0.first?.string } == tables)
            for table in tables {
                #expect(try Self.written(other, table) == Self.written(direct, table), "share \(j): \(table)")
            }
        }
    }

    /// The scores store written with the pairs left in the parts: every table of the single run
    /// (the pairs read from the parts its `part_tables` names, `forecast_consistency` from the
    /// statistics files; in `PartTables.unionOrder` they are the single run's rows in its order,
    /// tolerance 0), no copy of them, and the same other tables as the copying one.
    static func checkPairsInParts(_ single: Database, locations: [String], aggregates: [String], statistics: [String], scores: String, s: Int) throws {
        let kept = try Database(path: scores.replacingOccurrences(of: "scores-split-", with: "scores-parts-"))
        for (table, files) in [("forecast_pairs", aggregates), ("forecast_consistency", statistics)] {
            #expect(try !StoreComparison.exists(kept, table), "S=\(s): \(table) copied")
            let named = try kept.rows("SELECT path FROM part_tables WHERE table_name = ? ORDER BY shard_index", [.text(table)]).compactMap { $0.first?.string }
            #expect(named == files.map(PartTables.absolute), "S=\(s): \(table)")
            let expected = try single.rows("SELECT \(try Self.columns(single, table)) FROM \(table) ORDER BY rowid").map { StoreComparison.render($0) }
            #expect(try Self.union(table, of: named, columns: Self.columns(single, table)) == expected, "S=\(s): \(table) from its files in another order")
        }
        #expect(try kept.scalar("SELECT COUNT(*) FROM part_tables WHERE table_name = 'forecast_consistency'")?.int == Int64(s))
        let diff = try StoreComparison.differences(single, union: locations.map { try Database(path: $0) } + [kept])
        #expect(diff.isEmpty, "S=\(s), pairs in the parts: \(diff)")
        let copying = try Database(path: scores)
        for table in try StoreComparison.tables(copying) where !(PartTables.tables + PartTables.statisticsTables).contains(table) {
            #expect(try StoreComparison.differences(copying, kept, tables: [table]).isEmpty, "S=\(s): \(table)")
        }
    }

    /// The compared columns of a table, quoted, in schema order.
    static func columns(_ db: Database, _ table: String) throws -> String {
        try db.rows("SELECT name FROM pragma_table_info(?) ORDER BY cid", [.text(table)]).compactMap { $0.first?.string }
            .filter { !StoreComparison.ignored.contains($0) }.map(Database.quoteIdentifier).joined(separator: ", ")
    }

    /// The rows of `table` over `files`, read as docs/SCALING.md says: attached, each row tagged
    /// with its file and row id, in `PartTables.unionOrder`.
    static func union(_ table: String, of files: [String], columns: String) throws -> [String] {
        let db = try Database(path: ":memory:")
        for (k, file) in files.enumerated() {
            try db.attachReadOnly(file, as: "f")
            if k == 0 { try db.execute("CREATE TABLE u AS SELECT 0 AS file, 0 AS row, * FROM f.\(table) WHERE 0") }
            try db.run("INSERT INTO u SELECT ?, rowid, * FROM f.\(table)", [.integer(Int64(k))])
            try db.execute("DETACH DATABASE f")
        }
        return try db.rows("SELECT \(columns) FROM u ORDER BY \(PartTables.unionOrder(table))").map { StoreComparison.render($0) }
    }

    @Test func theFixturesSplitInOneTwoAndThreeTasksEqualOneAggregate() throws {
        let folder = try TemporaryFolder("score-statistics-fixtures")
        defer { folder.remove() }
        let (single, stores) = try LocationShardMergeTests.singleAndShards(fixtureInputs, in: folder)
        #expect(try single.scalar("SELECT COUNT(*) FROM daily_observed")?.int ?? 0 > 0)
        try Self.check(single, inputs: stores, m: 3, in: folder, tag: "f")
    }

    @Test func aCityArchiveSplitInOneTwoAndThreeTasksEqualsOneAggregate() throws {
        let folder = try TemporaryFolder("score-statistics-cities")
        defer { folder.remove() }
        let data = try makeCityArchive(in: folder.path)
        let (single, stores) = try LocationShardMergeTests.singleAndShards([IngestInput(path: data)], in: folder)
        for table in ["forecast_pairs", "forecast_consistency", "provider_comparison", "provider_ranking", "scores_by_month"] {
            #expect(try single.scalar("SELECT COUNT(*) FROM \(table)")?.int ?? 0 > 0, "\(table)")
        }
        try Self.check(single, inputs: stores, m: 2, in: folder, tag: "c")
    }

    @Test func refusesAMissingOrRepeatedShareOrOneOfOtherParts() throws {
        let folder = try TemporaryFolder("score-statistics-refuse")
        defer { folder.remove() }
        let (_, stores) = try LocationShardMergeTests.singleAndShards(fixtureInputs, in: folder, count: 2)
        let (_, aggregates) = try Self.parts(stores, m: 2, in: folder.path, tag: "r")
        var files: [String] = []
        for j in 0..<3 {
            files.append(folder.path + "/stats-\(j).sqlite")
            _ = try ScoreStatistics.run(out: files[j], shard: Shard(index: j, count: 3)!, parts: aggregates)
        }
        let out = folder.path + "/scores.sqlite"
        func refusal(_ statistics: [String], parts: [String]? = nil) -> String? {
            do { _ = try ScoreMerge.run(out: out, parts: parts ?? aggregates, statistics: statistics); return nil } catch { return "\(error)" }
        }
        #expect(refusal([files[0], files[2]])?.contains("shard 1/3 is missing") == true)
        #expect(refusal([files[0], files[1], files[2], files[1]])?.contains("shard 1/3 was given twice") == true)
        #expect(refusal([files[0], files[1], aggregates[0]])?.contains("was not written by 'wxpipe merge-scores --shard") == true)
        let one = folder.path + "/stats-one.sqlite"
        var options = AggregateOptions()
        options.locationShard = Shard(index: 0, count: 1)
        _ = try ShardAggregation.run(records: stores[0], out: folder.path + "/agg-whole.sqlite", options: options)
        _ = try ScoreStatistics.run(out: one, shard: Shard(index: 0, count: 1)!, parts: [folder.path + "/agg-whole.sqlite"])
        #expect(refusal([one])?.contains("computed from 1 parts, not the 2 given") == true)
        // Refused before anything was written.
        let written = FileManager.default.fileExists(atPath: out) ? try Database(path: out).tableNames().contains("forecast_scores") : false
        #expect(!written)
    }
}
