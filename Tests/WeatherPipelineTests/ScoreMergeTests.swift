import Foundation
import Testing
import TestSupport
import WeatherAnalytics
import WeatherCore
import WeatherStore
@testable import WeatherPipeline

/// `aggregate --shard K/N` + `merge-scores` against one aggregate of the same store.
struct ScoreMergeTests {
    /// A store of the city archive plus the fixtures (several providers, rain, rejects).
    static func recordStore(in folder: TemporaryFolder) throws -> String {
        let data = try makeCityArchive(in: folder.path)
        let path = folder.path + "/records.sqlite"
        _ = try IngestRunner(store: try Store(path: path)).run([IngestInput(path: data)] + fixtureInputs)
        return path
    }

    /// Bit for bit: the pooled sums add the same per-location sums in the same order.
    @Test func mergedPartsEqualOneAggregate() throws {
        let folder = try TemporaryFolder("merge-scores")
        defer { folder.remove() }
        let records = try Self.recordStore(in: folder)
        try FileManager.default.copyItem(atPath: records, toPath: folder.path + "/single.sqlite")
        let single = try Database(path: folder.path + "/single.sqlite")
        _ = try Aggregator(database: single).run()
        #expect(try single.scalar("SELECT COUNT(*) FROM forecast_scores WHERE location_id = '*'")?.int ?? 0 > 5)
        for n in [1, 3, 4] {
            var parts: [String] = []
            for k in 0..<n {
                var options = AggregateOptions()
                options.locationShard = Shard(index: k, count: n)
                let part = folder.path + "/part-\(n)-\(k).sqlite"
                _ = try ShardAggregation.run(records: records, out: part, options: options)
                parts.append(part)
            }
            let out = folder.path + "/merged-\(n).sqlite"
            try? FileManager.default.removeItem(atPath: out)
            try FileManager.default.copyItem(atPath: records, toPath: out)
            let result = try ScoreMerge.run(out: out, parts: parts.reversed())
            #expect(result.notMerged.isEmpty)
            // Every table of either store: the derived ones merged by location and those recomputed
            // from the merged pairs (intervals, skill, thresholds, reliability, consistency, comparisons),
            // and the records, which the merge only read.
            let diff = try StoreComparison.differences(single, try Database(path: out), relative: 0)
            #expect(diff.isEmpty, "N=\(n): \(diff)")
        }
        // The records store was only read.
        #expect(try Database(path: records).tableNames().contains("forecast_pairs") == false)
    }

    @Test func pooledSumsAddUpOverLocations() throws {
        let folder = try TemporaryFolder("merge-scores-sums")
        defer { folder.remove() }
        let records = try Self.recordStore(in: folder)
        var parts: [String] = []
        for k in 0..<2 {
            var options = AggregateOptions()
            options.locationShard = Shard(index: k, count: 2)
            parts.append(folder.path + "/part-\(k).sqlite")
            _ = try ShardAggregation.run(records: records, out: parts[k], options: options)
        }
        _ = try ScoreMerge.run(out: records, parts: parts)
        let db = try Database(path: records)
        // Every pooled n and sum (the within-3 °F and bust counts too) is the sum over that group's locations.
        let mismatched = try db.scalar("""
            SELECT COUNT(*) FROM forecast_scores p WHERE p.location_id = '*' AND (p.n, p.sum_f, p.sum_sq_error, p.n_within_3f, p.n_bust) IS NOT (
                SELECT SUM(l.n), SUM(l.sum_f), SUM(l.sum_sq_error), SUM(l.n_within_3f), SUM(l.n_bust) FROM forecast_scores l WHERE l.location_id <> '*'
                AND l.provider = p.provider AND l.product = p.product AND l.model IS p.model AND l.derived_from IS p.derived_from
                AND l.variable = p.variable
                AND l.lead_kind = p.lead_kind AND l.lead_days IS p.lead_days AND l.lead_hours_bin IS p.lead_hours_bin)
            """)?.int
        #expect(mismatched == 0)
    }

    @Test func refusesAnIncompleteSetOfParts() throws {
        let folder = try TemporaryFolder("merge-scores-missing")
        defer { folder.remove() }
        let records = try Self.recordStore(in: folder)
        var options = AggregateOptions()
        options.locationShard = Shard(index: 0, count: 2)
        _ = try ShardAggregation.run(records: records, out: folder.path + "/part-0.sqlite", options: options)
        #expect(throws: ShardAggregationError.self) { try ScoreMerge.run(out: records, parts: [folder.path + "/part-0.sqlite"]) }
        #expect(throws: (any Error).self) { try ScoreMerge.run(out: records, parts: [records]) }
        #expect(throws: ShardAggregationError.self) { try ShardAggregation.run(records: records, out: records, options: options) }
        options.homogeneous = true
        #expect(throws: ShardAggregationError.self) { try ShardAggregation.run(records: records, out: folder.path + "/h.sqlite", options: options) }
    }
}
