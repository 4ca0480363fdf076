import Foundation
import Testing
import TestSupport
import WeatherCore
import WeatherIngest
import WeatherStore
@testable import WeatherPipeline

/// `--jobs`: decoding on several workers gives the same tables as on one, row for row and id
/// for id; batches in flight are bounded by bytes, and handed to the writer in split order.
struct ParallelDecodeTests {
    /// Every table of the store, each row as text, in rowid order, without the wall-clock
    /// time a source was ingested at (the only value that depends on when the run happened).
    static func dump(_ store: Store) throws -> [String: [String]] {
        var tables: [String: [String]] = [:]
        let names = try store.database.rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").compactMap { $0[0].string }
        for name in names {
            let columns = try store.database.rows("SELECT name FROM pragma_table_info(?)", [.text(name)]).compactMap { $0[0].string }
                .filter { $0 != "ingested_at_utc" }
            let list = columns.map { "quote(\"\($0)\")" }.joined(separator: " || '|' || ")
            tables[name] = try store.database.rows("SELECT \(list) FROM \"\(name)\" ORDER BY rowid").map { $0[0].string ?? "" }
        }
        return tables
    }

    /// Ingests the fixtures (every container, provider and reject of them) with `jobs` workers,
    /// small batches and a small budget, so batches are decoded out of order.
    static func ingest(jobs: Int, into folder: TemporaryFolder) throws -> (IngestSummary, [String: [String]]) {
        let store = try Store(path: folder.path + "/jobs\(jobs).sqlite")
        let runner = try IngestRunner(store: store)
        runner.jobs = jobs
        runner.memoryBudget = 64 << 10
        runner.batchBytes = 16 << 10
        let inputs = [fixtures, repositoryRoot + "/Fixtures/providers"].map { IngestInput(path: $0) }
        let summary = try runner.run(inputs)
        return (summary, try dump(store))
    }

    @Test func oneAndSeveralWorkersGiveIdenticalTables() throws {
        let tmp = try TemporaryFolder("jobs")
        defer { tmp.remove() }
        let (one, tablesOne) = try Self.ingest(jobs: 1, into: tmp)
        #expect(one.observations + one.forecasts > 1000 && one.rejected > 10, "the fixtures should give records and rejects")
        // Every table, the row tables and their lookup tables (`feeds`, `location_keys`) too.
        #expect(Set(tablesOne.keys).isSuperset(of: ["feeds", "location_keys", "observation_rows", "forecast_rows"]))
        for jobs in [2, 3] {
            let (other, tablesOther) = try Self.ingest(jobs: jobs, into: tmp)
            #expect(other.observations == one.observations && other.forecasts == one.forecasts && other.rejected == one.rejected)
            #expect(tablesOne.keys.sorted() == tablesOther.keys.sorted())
            for (name, rows) in tablesOne {
                #expect(rows == tablesOther[name], "table \(name) differs between --jobs 1 and --jobs \(jobs)")
            }
        }
    }

    /// Batches come out in reservation order whatever order they are decoded in, and the
    /// splitter waits while the bytes in flight exceed the budget.
    @Test func orderedBatchesKeepOrderAndBoundBytes() throws {
        let batches = OrderedBatches<Int>(budget: 100_000)
        let a = try #require(batches.reserve(jsonBytes: 5000))   // 8 × 5000 = 40,000 reserved
        let b = try #require(batches.reserve(jsonBytes: 5000))
        #expect(batches.bytesInFlight == 80_000)
        batches.deliver(b, 2, bytes: 20_000, jsonBytes: 5000)
        batches.deliver(a, 1, bytes: 20_000, jsonBytes: 5000)   // expansion now 4
        #expect(batches.bytesInFlight == 40_000)
        let reserved = DispatchSemaphore(value: 0)
        Thread {
            _ = batches.reserve(jsonBytes: 20_000)   // 80,000 more: waits until the first is taken
            reserved.signal()
        }.start()
        #expect(reserved.wait(timeout: .now() + 0.3) == .timedOut, "the reservation should wait for room")
        #expect(batches.next() == 1)
        #expect(reserved.wait(timeout: .now() + 5) == .success)
        #expect(batches.next() == 2)
        batches.cancel()
        #expect(batches.next() == nil)
        #expect(batches.reserve(jsonBytes: 1) == nil)
    }

    /// Files are started ahead only when the guess says they will be read, at most `ahead` at
    /// a time and not past the limit; a reader started ahead is the one the file then gets.
    @Test func thePrefetcherStartsOnlyLikelyFilesWithinItsWindow() throws {
        let tmp = try TemporaryFolder("prefetch")
        defer { tmp.remove() }
        let files = try (0..<6).map { k -> InputFile in
            let path = tmp.path + "/\(k).json"
            try "{}".write(toFile: path, atomically: true, encoding: .utf8)
            return InputFile(path: path, size: 2, modifiedAt: nil)
        }
        let pool = DecodePool(jobs: 1)
        defer { pool.shutdown() }
        var started: [String] = []
        let prefetcher = Prefetcher(files: files, ahead: 2, start: { file in
            started.append(file.path)
            return BackgroundReader(ingestor: Ingestor(), file: file, settings: IngestSettings(), now: 0, pool: pool, budget: 1 << 20)
        }, willRead: { index, _ in index != 2 })
        let first = prefetcher.reader(for: 0)
        prefetcher.startAhead(of: 0, limit: 5)
        #expect(started == [files[0].path, files[1].path, files[3].path])
        while first.next() != nil {}
        prefetcher.finished(0)
        _ = prefetcher.reader(for: 1)
        prefetcher.startAhead(of: 1, limit: 5)
        #expect(started.count == 4 && started.last == files[4].path, "one more, and never past the limit")
        prefetcher.finished(1)
        _ = prefetcher.reader(for: 2)   // not guessed: started now
        #expect(started.count == 5 && started.last == files[2].path)
        prefetcher.stopAll()
        first.stop()
    }
}
