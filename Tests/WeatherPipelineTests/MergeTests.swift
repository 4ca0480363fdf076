import Foundation
import Testing
import TestSupport
import WeatherCore
import WeatherIngest
import WeatherStore
@testable import WeatherPipeline

/// `wxpipe merge`: shard stores combined as one ingest would have written them.
struct MergeTests {
    /// Ingests `inputs` whole into `single.sqlite` and as 3 shards; returns the shard paths.
    static func shardStores(_ inputs: [IngestInput], in folder: TemporaryFolder, count: Int = 3) throws -> (Store, [String]) {
        let single = try Store(path: folder.path + "/single.sqlite")
        _ = try IngestRunner(store: single).run(inputs)
        var stores: [String] = []
        for k in 0..<count {
            let path = folder.path + "/shard-\(k).sqlite"
            _ = try IngestRunner(store: try Store(path: path)).run(inputs.map { var i = $0; i.shard = Shard(index: k, count: count); return i })
            stores.append(path)
        }
        return (single, stores)
    }

    static func merged(_ stores: [String], into path: String) throws -> StoreMerger {
        let merger = try StoreMerger(out: path)
        for s in stores { _ = try merger.merge(s) }
        return merger
    }

    @Test func threeShardsOfTheFixturesEqualOneIngestInAnyOrder() throws {
        let folder = try TemporaryFolder("merge-fixtures")
        defer { folder.remove() }
        let (single, stores) = try Self.shardStores(fixtureInputs, in: folder)
        // Cross-shard duplicates exist in the fixtures: the counts must be recounted to match.
        let shardDuplicates = try stores.map { try Database(path: $0).scalar("SELECT SUM(duplicates) FROM sources")?.int ?? 0 }.reduce(0, +)
        #expect(try single.database.scalar("SELECT SUM(duplicates) FROM sources")?.int ?? 0 > shardDuplicates)
        for (k, order) in [stores, stores.reversed(), [stores[1], stores[0], stores[2]]].enumerated() {
            let merger = try Self.merged(order, into: folder.path + "/merged-\(k).sqlite")
            let diff = try StoreComparison.differences(single.database, merger.database)
            #expect(diff.isEmpty, "order \(k): \(diff)")
        }
    }

    @Test func threeShardsOfACityArchiveEqualOneIngest() throws {
        let folder = try TemporaryFolder("merge-cities")
        defer { folder.remove() }
        let data = try makeCityArchive(in: folder.path)
        let (single, stores) = try Self.shardStores([IngestInput(path: data)], in: folder)
        #expect(try single.database.scalar("SELECT COUNT(*) FROM locations")?.int == 9)
        let merger = try Self.merged(stores.reversed(), into: folder.path + "/merged.sqlite")
        #expect(try StoreComparison.differences(single.database, merger.database).isEmpty)
    }

    @Test func mergingAStoreTwiceChangesNothing() throws {
        let folder = try TemporaryFolder("merge-twice")
        defer { folder.remove() }
        let (_, stores) = try Self.shardStores(fixtureInputs, in: folder)
        let merger = try Self.merged(stores, into: folder.path + "/merged.sqlite")
        let before = try StoreComparison.tables(merger.database).map { try StoreComparison.rows(merger.database, $0) }
        for s in stores { #expect(try merger.merge(s) == .alreadyMerged) }
        // A second merger (a rerun of the command) finds them in merged_stores too.
        let again = try StoreMerger(out: folder.path + "/merged.sqlite")
        #expect(try again.merge(stores[0]) == .alreadyMerged)
        #expect(try StoreComparison.tables(merger.database).map { try StoreComparison.rows(merger.database, $0) } == before)
        #expect(try merger.database.scalar("SELECT COUNT(*) FROM merged_stores")?.int == 3)
    }

    @Test func aSourceAlreadyInTheOutputIsNotCopiedTwice() throws {
        let folder = try TemporaryFolder("merge-overlap")
        defer { folder.remove() }
        let (single, stores) = try Self.shardStores(fixtureInputs, in: folder)
        // A whole ingest merged over its own shards: every source is already there.
        let merger = try Self.merged(stores, into: folder.path + "/merged.sqlite")
        guard case .merged(let counts) = try merger.merge(folder.path + "/single.sqlite") else { Issue.record("not merged"); return }
        #expect(counts.sources == 0 && counts.observations == 0 && counts.forecasts == 0 && counts.rejects == 0)
        #expect(counts.sourcesSkipped == Int(try single.database.scalar("SELECT COUNT(*) FROM sources")?.int ?? -1))
        #expect(try StoreComparison.differences(single.database, merger.database).isEmpty)
    }

    @Test func refusesWhatIsNotAStore() throws {
        let folder = try TemporaryFolder("merge-refuse")
        defer { folder.remove() }
        let merger = try StoreMerger(out: folder.path + "/out.sqlite")
        #expect(throws: (any Error).self) { try merger.merge(folder.path + "/missing.sqlite") }
        #expect(throws: (any Error).self) { try merger.merge(folder.path + "/out.sqlite") }
        try Database(path: folder.path + "/other.sqlite").execute("CREATE TABLE t (x)")
        #expect(throws: (any Error).self) { try merger.merge(folder.path + "/other.sqlite") }
        #expect(try merger.database.scalar("SELECT COUNT(*) FROM sources")?.int == 0)
    }
}
