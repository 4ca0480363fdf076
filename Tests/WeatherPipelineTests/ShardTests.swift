import Foundation
import Testing
import TestSupport
import WeatherCore
import WeatherIngest
import WeatherStore
@testable import WeatherPipeline

/// `--shard K/N`: a stable partition of the inputs (docs/SCALING.md).
struct ShardTests {
    @Test func fnvIsTheStandardOne() {
        // Published FNV-1a 64 test vectors: the hash must never change between releases or machines.
        #expect(Shard.fnv1a64("") == 0xcbf2_9ce4_8422_2325)
        #expect(Shard.fnv1a64("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(Shard.fnv1a64("foobar") == 0x8594_4171_f739_67e8)
    }

    @Test func parsesKOfNAndTheArrayJobEnvironment() throws {
        #expect(try Shard.parse("2/5", environment: [:]) == Shard(index: 2, count: 5))
        for bad in ["5/5", "-1/3", "1", "a/b", "1/0", "1/2/3", ""] {
            #expect(throws: Shard.ParseError.self) { try Shard.parse(bad, environment: [:]) }
        }
        let slurm = ["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_COUNT": "4"]
        #expect(try Shard.parse("auto", environment: slurm) == Shard(index: 3, count: 4))
        // `--array=1-4`: task ids start at SLURM_ARRAY_TASK_MIN.
        let fromOne = ["SLURM_ARRAY_TASK_ID": "4", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_MIN": "1"]
        #expect(try Shard.parse("auto", environment: fromOne) == Shard(index: 3, count: 4))
        let k8s = ["JOB_COMPLETION_INDEX": "7", "WXPIPE_SHARD_COUNT": "8"]
        #expect(try Shard.parse("auto", environment: k8s) == Shard(index: 7, count: 8))
        #expect(throws: Shard.ParseError.self) { try Shard.parse("auto", environment: [:]) }
        #expect(throws: Shard.ParseError.self) { try Shard.parse("auto", environment: ["JOB_COMPLETION_INDEX": "1"]) }
        #expect(throws: Shard.ParseError.self) { try Shard.parse("auto", environment: ["SLURM_ARRAY_TASK_ID": "9", "SLURM_ARRAY_TASK_COUNT": "4"]) }
    }

    @Test func keyIsThePathUnderItsRoot() {
        #expect(InputWalker.shardKey(of: "/a/b/c.json", under: "/a/b") == "c.json")
        #expect(InputWalker.shardKey(of: "/a/b/c/d.json", under: "/a/b/") == "c/d.json")
        #expect(InputWalker.shardKey(of: "x.json", under: "x.json") == "x.json")
        // The same archive under two mount points shards the same way.
        let files = (0..<40).map { InputFile(path: "/mnt/one/archive/f\($0).json", size: 1, modifiedAt: nil) }
        let moved = files.map { InputFile(path: $0.path.replacingOccurrences(of: "/mnt/one", with: "/scratch/two"), size: 1, modifiedAt: nil) }
        let shard = Shard(index: 1, count: 3)!
        #expect(InputWalker.files(files, under: "/mnt/one/archive", in: shard).map { $0.path.split(separator: "/").last! }
                == InputWalker.files(moved, under: "/scratch/two/archive", in: shard).map { $0.path.split(separator: "/").last! })
    }

    /// For N = 1…5 every fixture file is in exactly one shard, and not all in one (N > 1).
    @Test func everyInputIsInExactlyOneShard() {
        for input in fixtureInputs {
            let all = InputWalker.expand([input.path]).files.map(\.path)
            for n in 1...5 {
                let parts = (0..<n).map { k in InputWalker.files(InputWalker.expand([input.path]).files, under: input.path, in: Shard(index: k, count: n)!).map(\.path) }
                #expect(parts.flatMap { $0 }.sorted() == all.sorted(), "\(input.path) N=\(n)")
                #expect(Set(parts.flatMap { $0 }).count == all.count)
            }
        }
        let standard = InputWalker.expand([fixtures + "/standard"]).files
        #expect((0..<3).filter { !InputWalker.files(standard, under: fixtures + "/standard", in: Shard(index: $0, count: 3)!).isEmpty }.count > 1)
    }

    /// For N = 1…5 the shards' stores merged equal one ingest of everything.
    @Test func unionOfTheShardsEqualsOneRun() throws {
        let folder = try TemporaryFolder("shard-union")
        defer { folder.remove() }
        let single = try IngestRunner(store: try Store(path: folder.path + "/single.sqlite"))
        _ = try single.run(fixtureInputs)
        for n in 1...5 {
            var stores: [String] = []
            for k in 0..<n {
                let path = folder.path + "/n\(n)-\(k).sqlite"
                let runner = try IngestRunner(store: try Store(path: path))
                let summary = try runner.run(fixtureInputs.map { var i = $0; i.shard = Shard(index: k, count: n); return i })
                #expect(summary.problems.isEmpty)
                stores.append(path)
            }
            let merger = try StoreMerger(out: folder.path + "/merged-\(n).sqlite")
            for s in stores.reversed() { _ = try merger.merge(s) }
            let diff = try StoreComparison.differences(single.store.database, merger.database)
            #expect(diff.isEmpty, "N=\(n): \(diff)")
        }
    }
}

/// `"shard"` in a pipeline file: that run ingests its shard only.
struct PipelineShardTests {
    func pipeline(_ shard: String, in folder: TemporaryFolder) throws -> String {
        let path = folder.path + "/p.json"
        try """
        {"inputs": ["\(fixtures)/standard"], "store": "\(folder.path)/s.sqlite", "shard": "\(shard)", "export": {"csv": "\(folder.path)/csv"}}
        """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func aShardedPipelineIngestsItsShardAndStops() throws {
        let folder = try TemporaryFolder("pipeline-shard")
        defer { folder.remove() }
        let loaded = try PipelineFile.load(path: try pipeline("1/2", in: folder))
        #expect(loaded.shard == Shard(index: 1, count: 2))
        final class Log: StageLog {
            var lines: [String] = []
            func info(_ message: String) { lines.append(message) }
            func warning(_ message: String) { lines.append(message) }
            func error(_ message: String) { lines.append(message) }
        }
        let log = Log()
        #expect(PipelineRunner.run(loaded, options: IngestStage.Options(quiet: true), log: log) == .completed)
        let all = InputWalker.expand([fixtures + "/standard"]).files
        let mine = InputWalker.files(all, under: fixtures + "/standard", in: Shard(index: 1, count: 2)!)
        let store = try Store(path: folder.path + "/s.sqlite")
        #expect(try store.database.scalar("SELECT COUNT(DISTINCT path) FROM sources")?.int == Int64(mine.count))
        #expect(mine.count < all.count)
        // No aggregate and no export of a partial store.
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/csv"))
        #expect(try !store.database.tableNames().contains("forecast_pairs"))
        #expect(try store.database.scalar("SELECT value FROM meta WHERE key = 'ingest.roots'")?.string == fixtures + "/standard")
    }

    @Test func aBadShardNamesTheKey() throws {
        let folder = try TemporaryFolder("pipeline-shard-bad")
        defer { folder.remove() }
        #expect { try PipelineFile.load(path: try pipeline("2/2", in: folder)) } throws: { error in
            (error as? PipelineFile.Problem)?.key == "shard"
        }
    }
}
