import Foundation
import Testing
import TestSupport
import WeatherAnalytics
import WeatherCore
import WeatherIngest
import WeatherStore
@testable import WeatherPipeline

/// The scale-out path: `merge --shard K/M` (one store per location shard, no store with every
/// record), `aggregate --shard K/M` of each, `merge-scores` of the parts into a scores store —
/// against one ingest + one aggregate, every table.
struct LocationShardMergeTests {
    /// The M location parts of `stores` (merged in this order), their aggregate parts and the
    /// scores store merge-scores writes from them (parts given in reverse, as any order must do).
    static func scaleOut(_ stores: [String], parts m: Int, in folder: String, tag: String) throws -> (locations: [String], scores: String) {
        var locations: [String] = [], aggregates: [String] = []
        for k in 0..<m {
            let shard = Shard(index: k, count: m)!
            let part = "\(folder)/locations-\(tag)-\(k).sqlite"
            #expect(try LocationShardMerger(out: part, shard: shard).merge(stores) != .alreadyMerged)
            var options = AggregateOptions()
            options.locationShard = shard
            let aggregate = "\(folder)/aggregate-\(tag)-\(k).sqlite"
            _ = try ShardAggregation.run(records: part, out: aggregate, options: options)
            locations.append(part)
            aggregates.append(aggregate)
        }
        let scores = "\(folder)/scores-\(tag).sqlite"
        _ = try ScoreMerge.run(out: scores, parts: aggregates.reversed())
        return (locations, scores)
    }

    /// One ingest and one aggregate of `inputs`, and their ingest shards.
    static func singleAndShards(_ inputs: [IngestInput], in folder: TemporaryFolder, count: Int = 3) throws -> (Database, [String]) {
        let (single, stores) = try MergeTests.shardStores(inputs, in: folder, count: count)
        _ = try Aggregator(database: single.database).run()
        return (single.database, stores)
    }

    static func differences(_ single: Database, _ result: (locations: [String], scores: String)) throws -> [String] {
        try StoreComparison.differences(single, union: result.locations.map { try Database(path: $0) } + [try Database(path: result.scores)])
    }

    @Test func theFixturesEqualOneIngestAndAggregateInEveryShardOrder() throws {
        let folder = try TemporaryFolder("location-merge-fixtures")
        defer { folder.remove() }
        let (single, stores) = try Self.singleAndShards(fixtureInputs, in: folder)
        #expect(try single.scalar("SELECT COUNT(*) FROM daily_observed")?.int ?? 0 > 0)
        // Cross-shard duplicates exist in the fixtures: decided inside the parts, counted as one ingest.
        #expect(try single.scalar("SELECT SUM(duplicates) FROM sources")?.int ?? 0
                > (try stores.map { try Database(path: $0).scalar("SELECT SUM(duplicates) FROM sources")?.int ?? 0 }.reduce(0, +)))
        let orders = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]]
        for (n, order) in orders.enumerated() {
            let result = try Self.scaleOut(order.map { stores[$0] }, parts: 3, in: folder.path, tag: "o\(n)")
            let diff = try Self.differences(single, result)
            #expect(diff.isEmpty, "order \(order): \(diff)")
        }
    }

    @Test func aCityArchiveEqualsOneIngestAndAggregateWithoutAStoreOfEveryRecord() throws {
        let folder = try TemporaryFolder("location-merge-cities")
        defer { folder.remove() }
        let data = try makeCityArchive(in: folder.path)
        let (single, stores) = try Self.singleAndShards([IngestInput(path: data)], in: folder)
        #expect(try single.scalar("SELECT COUNT(*) FROM forecast_scores WHERE location_id = '*'")?.int ?? 0 > 5)
        for m in [1, 3, 4] {
            // The last with the location pass read from what `merge --prepare` kept in each store.
            if m == 4 {
                for store in stores { #expect(try LocationFirstRecords.prepare(store) > 0) }
            }
            let result = try Self.scaleOut(stores.reversed(), parts: m, in: folder.path, tag: "m\(m)")
            let diff = try Self.differences(single, result)
            #expect(diff.isEmpty, "M=\(m): \(diff)")
        }
        // No part holds every record: each holds its own locations only, and they add up.
        let parts = try (0..<4).map { try Database(path: folder.path + "/locations-m4-\($0).sqlite") }
        let perPart = try parts.map { Int(try $0.scalar("SELECT COUNT(*) FROM forecast_rows")?.int ?? 0) }
        #expect(perPart.reduce(0, +) == Int(try single.scalar("SELECT COUNT(*) FROM forecast_rows")?.int ?? -1))
        #expect(perPart.allSatisfy { $0 < perPart.reduce(0, +) })
        for (k, part) in parts.enumerated() {
            let ids = try part.rows("SELECT id FROM locations").compactMap { $0.first?.string }
            #expect(!ids.isEmpty && ids.allSatisfy { Shard(index: k, count: 4)!.contains($0) })
        }
    }

    /// Where the whole merge differs from one ingest (the city archive and the fixtures together:
    /// a fixture's London and the archive's, 1 km apart, resolved from different shards), the
    /// location parts give what the whole merge gives: the same resolution, not a new one.
    @Test func thePartsEqualTheWholeMergeOfTheSameStores() throws {
        let folder = try TemporaryFolder("location-merge-whole")
        defer { folder.remove() }
        let data = try makeCityArchive(in: folder.path, cities: 6, days: 3)
        let (_, stores) = try MergeTests.shardStores([IngestInput(path: data)] + fixtureInputs, in: folder)
        let whole = try MergeTests.merged(stores, into: folder.path + "/whole.sqlite").database
        _ = try Aggregator(database: whole).run()
        let result = try Self.scaleOut(stores, parts: 3, in: folder.path, tag: "w")
        let diff = try Self.differences(whole, result)
        #expect(diff.isEmpty, "\(diff)")
    }

    /// One place, read by radius, whose replies in two ingest shards give points 4 km apart (and
    /// repeat each other's records): it resolves to the point one ingest reads first, in one part.
    @Test func aPlaceAtTwoPointsInDifferentShardsResolvesAsOneIngest() throws {
        let folder = try TemporaryFolder("location-merge-radius")
        defer { folder.remove() }
        let data = try makeCityArchive(in: folder.path, cities: 3, days: 2)
        // city-0002 has no location id: its replies are placed by their coordinates (-33.9, 151.2).
        let original = data + "/city-0002/2024-05-01-current.ndjson"
        let text = try String(contentsOfFile: original, encoding: .utf8)
            .replacingOccurrences(of: "-33.9", with: "-33.93").replacingOccurrences(of: "151.2", with: "151.23")
        // A name that puts the moved copy in another ingest shard than the original.
        let originalShard = (0..<3).first { Shard(index: $0, count: 3)!.contains("city-0002/2024-05-01-current.ndjson") }!
        let name = (0..<100).map { "moved-\($0)/2024-05-01-current.ndjson" }.first { name in
            !Shard(index: originalShard, count: 3)!.contains(name)
        }!
        try FileManager.default.createDirectory(atPath: data + "/" + name.split(separator: "/")[0], withIntermediateDirectories: true)
        try text.write(toFile: data + "/" + name, atomically: true, encoding: .utf8)
        let (single, stores) = try Self.singleAndShards([IngestInput(path: data)], in: folder)
        // One ingest made one location of the two points, and counted the second file's documents as duplicates.
        #expect(try single.scalar("SELECT COUNT(*) FROM locations")?.int == 3)
        #expect(try single.scalar("SELECT duplicates FROM sources WHERE path LIKE '%moved-%'")?.int ?? 0 > 0)
        for (n, order) in [stores, stores.reversed()].enumerated() {
            if n == 1 {
                for store in stores { _ = try LocationFirstRecords.prepare(store) }
            }
            for m in [2, 3] {
                let result = try Self.scaleOut(order, parts: m, in: folder.path, tag: "r\(n)-\(m)")
                let diff = try Self.differences(single, result)
                #expect(diff.isEmpty, "order \(n), M=\(m): \(diff)")
            }
        }
    }

    /// A part is written whole or not at all; a rerun of a complete part does nothing, and a part
    /// of other stores (an ingest task rerun since) is rebuilt.
    @Test func aKilledOrRerunTaskLeavesACompletePart() throws {
        let folder = try TemporaryFolder("location-merge-rerun")
        defer { folder.remove() }
        let data = try makeCityArchive(in: folder.path, cities: 6, days: 2)
        let (single, stores) = try Self.singleAndShards([IngestInput(path: data)], in: folder)
        let part = folder.path + "/locations-0.sqlite"
        let shard = Shard(index: 0, count: 2)!
        // What a task killed while writing leaves: a partial file, never the part.
        try "not a store".write(toFile: part + ".partial", atomically: true, encoding: .utf8)
        #expect(try LocationShardMerger(out: part, shard: shard).merge(stores) != .alreadyMerged)
        #expect(!FileManager.default.fileExists(atPath: part + ".partial"))
        let before = try StoreComparison.tables(try Database(path: part)).map { try StoreComparison.rows(try Database(path: part), $0) }
        #expect(try LocationShardMerger(out: part, shard: shard).merge(stores) == .alreadyMerged)
        // Other inputs (one shard fewer) rebuild the part rather than adding to it.
        #expect(try LocationShardMerger(out: part, shard: shard).merge(Array(stores.dropLast())) != .alreadyMerged)
        #expect(try LocationShardMerger(out: part, shard: shard).merge(stores) != .alreadyMerged)
        let after = try StoreComparison.tables(try Database(path: part)).map { try StoreComparison.rows(try Database(path: part), $0) }
        #expect(before == after)
        let result = try Self.scaleOut(stores, parts: 2, in: folder.path, tag: "rerun")
        #expect(try Self.differences(single, result).isEmpty)
        // Not a store: refused, and nothing written.
        try Database(path: folder.path + "/other.sqlite").execute("CREATE TABLE t (x)")
        #expect(throws: (any Error).self) { try LocationShardMerger(out: folder.path + "/bad.sqlite", shard: shard).merge([folder.path + "/other.sqlite"]) }
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/bad.sqlite"))
    }
}

/// `merge --prepare`: the kept first records are the ones a scan finds, and a store that changed
/// since is scanned again.
struct LocationFirstRecordsTests {
    @Test func theKeptFirstRecordsAreTheScannedOnesUntilTheStoreChanges() throws {
        let folder = try TemporaryFolder("location-first")
        defer { folder.remove() }
        let data = try makeCityArchive(in: folder.path, cities: 4, days: 2)
        let store = folder.path + "/store.sqlite"
        // As a shard (of one) ingests them: the store keeps its roots, whose order ranks the sources.
        let whole = Shard(index: 0, count: 1)
        _ = try IngestRunner(store: try Store(path: store)).run([IngestInput(path: data + "/city-0000", shard: whole),
                                                                IngestInput(path: data + "/city-0001", shard: whole)])
        func ranks() throws -> [String: String] {
            let database = try Database(path: ":memory:")
            try database.attachReadOnly(store, as: "shard")
            try IngestOrder.rankShardSources(database)
            return try LocationFirstRecords.ranks(database)
        }
        let scanned = try ranks()
        #expect(scanned.count == 2)
        // city-0000's first record is in its first file (sorted names), under the first root.
        #expect(scanned["city-0000"]?.hasPrefix("000000") == true && scanned["city-0000"]?.hasSuffix("2024-05-01-current.ndjson") == true)
        #expect(scanned["city-0001"]?.hasPrefix("000001") == true)
        #expect(try LocationFirstRecords.prepare(store) == 2)
        // The kept table is what is read now: a row changed by hand shows through.
        try Database(path: store).execute("UPDATE merge_location_first SET source_id = (SELECT MAX(id) FROM sources) WHERE location_id = 'city-0000'")
        #expect(try ranks()["city-0000"] != scanned["city-0000"])
        // More ingested since: the store has another identity, so its records are read again.
        _ = try IngestRunner(store: try Store(path: store)).run([IngestInput(path: data + "/city-0002", shard: whole)])
        let again = try ranks()
        #expect(again.count == 3 && again["city-0000"] == scanned["city-0000"])
    }
}
