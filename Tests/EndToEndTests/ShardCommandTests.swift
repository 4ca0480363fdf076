import Foundation
import Testing
import TestSupport
import WeatherStore

/// The sharding commands as a user (or a Slurm array task) runs them: `ingest --shard`,
/// `merge`, `aggregate --shard --out`, `merge-scores` (docs/SCALING.md).
struct ShardCommandTests {
    /// `scripts/compare-stores.py A B [--tables …]`: exit 0 when the stores are equal, 1 when
    /// they differ. A crash (a traceback, any other status) or a missing python3 is recorded as a
    /// failure and gives nil, so it can never pass for "the stores differ".
    static func compare(_ a: String, _ b: String, tables: String = "records",
                        sourceLocation: SourceLocation = #_sourceLocation) throws -> ProcessOutput? {
        try Python.run(repositoryRoot + "/scripts/compare-stores.py", [a, b, "--tables", tables], allowedStatuses: [0, 1],
                       sourceLocation: sourceLocation)
    }

    static func ingestShards(_ dir: String, count: Int) throws -> [String] {
        try (0..<count).map { k in
            let store = "\(dir)/shard-\(k).sqlite"
            let out = try CLI.run(["ingest", "--quiet", "--shard", "\(k)/\(count)", "--db", store, repositoryRoot + "/Fixtures/inputs"])
            #expect(out.status == 0, "\(out.stderr)")
            return store
        }
    }

    @Test func aMergeKilledMidwayIsCompletedByARerun() throws {
        let dir = try temporaryFolder("e2e")
        defer { removeFolder(dir) }
        #expect(try CLI.run(["ingest", "--quiet", "--db", dir + "/single.sqlite", repositoryRoot + "/Fixtures/inputs"]).status == 0)
        let shards = try Self.ingestShards(dir, count: 3)
        // SIGKILL with the second store's rows written but not committed.
        let killed = try CLI.run(["merge", "--db", dir + "/merged.sqlite"] + shards, environment: ["WXPIPE_FAULT_KILL_IN_MERGE": "1"])
        #expect(killed.signaled)
        #expect(try Self.compare(dir + "/single.sqlite", dir + "/merged.sqlite")?.status == 1)
        let rerun = try CLI.run(["merge", "--db", dir + "/merged.sqlite"] + shards)
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(rerun.stderr.contains("shard-0.sqlite: merged before, nothing to do"))
        let same = try Self.compare(dir + "/single.sqlite", dir + "/merged.sqlite")
        #expect(same?.status == 0, "\(same?.stdout ?? "")")
    }

    @Test func autoShardFromASlurmArrayAndTheDistributedAggregate() throws {
        let dir = try temporaryFolder("e2e")
        defer { removeFolder(dir) }
        #expect(try CLI.run(["ingest", "--quiet", "--db", dir + "/single.sqlite", repositoryRoot + "/Fixtures/inputs"]).status == 0)
        var shards: [String] = []
        for task in 1...2 {  // --array=1-2: ids start at 1
            let env = ["SLURM_ARRAY_TASK_ID": String(task), "SLURM_ARRAY_TASK_COUNT": "2", "SLURM_ARRAY_TASK_MIN": "1"]
            let out = try CLI.run(["ingest", "--quiet", "--shard", "auto", "--db", "\(dir)/task-\(task).sqlite", repositoryRoot + "/Fixtures/inputs"],
                                 environment: env)
            #expect(out.status == 0, "\(out.stderr)")
            shards.append("\(dir)/task-\(task).sqlite")
        }
        #expect(try CLI.run(["merge", "--db", dir + "/merged.sqlite"] + shards).status == 0)
        #expect(try Self.compare(dir + "/single.sqlite", dir + "/merged.sqlite")?.status == 0)
        // Aggregate: the whole store once, and as 2 location shards merged.
        #expect(try CLI.run(["aggregate", "--db", dir + "/single.sqlite"]).status == 0)
        for k in 0..<2 {
            let out = try CLI.run(["aggregate", "--db", dir + "/merged.sqlite", "--shard", "\(k)/2", "--out", "\(dir)/agg-\(k).sqlite"])
            #expect(out.status == 0, "\(out.stderr)")
        }
        let merged = try CLI.run(["merge-scores", "--db", dir + "/merged.sqlite", dir + "/agg-1.sqlite", dir + "/agg-0.sqlite"])
        #expect(merged.status == 0, "\(merged.stderr)")
        let same = try Self.compare(dir + "/single.sqlite", dir + "/merged.sqlite", tables: "all")
        #expect(same?.status == 0, "\(same?.stdout ?? "")")
    }

    /// The merge by location as the Slurm recipe runs it: `merge --prepare` after each ingest,
    /// `merge --shard auto` per array task, an aggregate per part, merge-scores into a scores store;
    /// the parts and the scores store together equal one ingest + aggregate (compare-stores.py).
    @Test func theMergeByLocationFromASlurmArray() throws {
        let dir = try temporaryFolder("e2e")
        defer { removeFolder(dir) }
        #expect(try CLI.run(["ingest", "--quiet", "--db", dir + "/single.sqlite", repositoryRoot + "/Fixtures/inputs"]).status == 0)
        #expect(try CLI.run(["aggregate", "--db", dir + "/single.sqlite"]).status == 0)
        let shards = try Self.ingestShards(dir, count: 3)
        let prepared = try CLI.run(["merge", "--prepare"] + shards)
        #expect(prepared.status == 0, "\(prepared.stderr)")
        var parts: [String] = []
        for task in 0..<2 {
            let env = ["SLURM_ARRAY_TASK_ID": String(task), "SLURM_ARRAY_TASK_COUNT": "2", "SLURM_ARRAY_TASK_MIN": "0"]
            let part = "\(dir)/locations-\(task).sqlite"
            let out = try CLI.run(["merge", "--shard", "auto", "--db", part] + shards, environment: env)
            #expect(out.status == 0 && out.stderr.contains("location shard \(task)/2 of 3 stores"), "\(out.stderr)")
            let again = try CLI.run(["merge", "--shard", "auto", "--db", part] + shards, environment: env)
            #expect(again.stderr.contains("nothing to do"), "\(again.stderr)")
            let agg = try CLI.run(["aggregate", "--db", part, "--shard", "auto", "--out", "\(dir)/agg-\(task).sqlite"], environment: env)
            #expect(agg.status == 0, "\(agg.stderr)")
            parts.append(part)
        }
        #expect(try CLI.run(["merge-scores", "--db", dir + "/scores.sqlite", dir + "/agg-0.sqlite", dir + "/agg-1.sqlite"]).status == 0)
        let same = try Python.run(repositoryRoot + "/scripts/compare-stores.py", [dir + "/single.sqlite"] + parts + [dir + "/scores.sqlite", "--tables", "all"],
                                  allowedStatuses: [0, 1])
        #expect(same?.status == 0, "\(same?.stdout ?? "")")
        // The pooled statistics split into a 3-task array, then put together from their folder.
        let aggregates = [dir + "/agg-0.sqlite", dir + "/agg-1.sqlite"]
        for task in 0..<3 {
            let env = ["SLURM_ARRAY_TASK_ID": String(task), "SLURM_ARRAY_TASK_COUNT": "3", "SLURM_ARRAY_TASK_MIN": "0"]
            let out = try CLI.run(["merge-scores", "--shard", "auto", "--out", "\(dir)/statistics/stats-\(task).sqlite"] + aggregates, environment: env)
            #expect(out.status == 0 && out.stderr.contains("share \(task)/3 of the pooled statistics"), "\(out.stderr)")
        }
        let split = try CLI.run(["merge-scores", "--db", dir + "/split.sqlite", "--statistics", dir + "/statistics"] + aggregates)
        #expect(split.status == 0, "\(split.stderr)")
        let sameSplit = try Python.run(repositoryRoot + "/scripts/compare-stores.py",
                                       [dir + "/single.sqlite"] + parts + [dir + "/split.sqlite", "--tables", "all"], allowedStatuses: [0, 1])
        #expect(sameSplit?.status == 0, "\(sameSplit?.stdout ?? "")")
        // The per-location tables left in the parts: no copy in the scores store, and still every table of one run.
        let kept = try CLI.run(["merge-scores", "--db", dir + "/kept.sqlite", "--statistics", dir + "/statistics", "--rows-in-parts"] + aggregates)
        #expect(kept.status == 0 && kept.stderr.contains("forecast_pairs, excluded_pairs") && kept.stderr.contains("forecast_consistency in the statistics files (part_tables)"), "\(kept.stderr)")
        let keptTables = try Database(path: dir + "/kept.sqlite").tableNames()
        #expect(!keptTables.contains("forecast_pairs") && !keptTables.contains("daily_observed") && !keptTables.contains("forecast_consistency")
                && keptTables.contains("forecast_scores") && keptTables.contains("forecast_revisions_by_lead"), "\(keptTables)")
        let sameKept = try Python.run(repositoryRoot + "/scripts/compare-stores.py",
                                      [dir + "/single.sqlite"] + parts + [dir + "/kept.sqlite", "--tables", "all"], allowedStatuses: [0, 1])
        #expect(sameKept?.status == 0 && sameKept?.stdout.contains("forecast_pairs: ") == true
                && sameKept?.stdout.contains("forecast_consistency: ") == true, "\(sameKept?.stdout ?? "")")
        // A part it names gone is a difference, not a smaller table.
        try FileManager.default.moveItem(atPath: aggregates[1], toPath: dir + "/moved.sqlite")
        let gone = try Python.run(repositoryRoot + "/scripts/compare-stores.py",
                                  [dir + "/single.sqlite"] + parts + [dir + "/kept.sqlite", "--tables", "all"], allowedStatuses: [0, 1])
        #expect(gone?.status == 1 && gone?.stdout.contains("cannot be read") == true, "\(gone?.stdout ?? "")")
        try FileManager.default.moveItem(atPath: dir + "/moved.sqlite", toPath: aggregates[1])
        // So is a statistics file it names for forecast_consistency.
        try FileManager.default.moveItem(atPath: dir + "/statistics/stats-1.sqlite", toPath: dir + "/moved.sqlite")
        let goneStatistics = try Python.run(repositoryRoot + "/scripts/compare-stores.py",
                                            [dir + "/single.sqlite"] + parts + [dir + "/kept.sqlite", "--tables", "all"], allowedStatuses: [0, 1])
        #expect(goneStatistics?.status == 1 && goneStatistics?.stdout.contains("forecast_consistency: the file") == true, "\(goneStatistics?.stdout ?? "")")
        try FileManager.default.moveItem(atPath: dir + "/moved.sqlite", toPath: dir + "/statistics/stats-1.sqlite")
        // A missing share is refused, naming it.
        let missing = try CLI.run(["merge-scores", "--db", dir + "/bad.sqlite", "--statistics", dir + "/statistics/stats-0.sqlite",
                                   "--statistics", dir + "/statistics/stats-2.sqlite"] + aggregates)
        #expect(missing.status == 1 && missing.stderr.contains("shard 1/3 is missing"), "\(missing.stderr)")
        let twice = try CLI.run(["merge-scores", "--db", dir + "/bad.sqlite", "--statistics", dir + "/statistics",
                                 "--statistics", dir + "/statistics/stats-2.sqlite"] + aggregates)
        #expect(twice.status == 1 && twice.stderr.contains("shard 2/3 was given twice"), "\(twice.stderr)")
        // One part alone is not the whole: the comparison can fail.
        let one = try Python.run(repositoryRoot + "/scripts/compare-stores.py", [dir + "/single.sqlite", parts[0], dir + "/scores.sqlite"],
                                 allowedStatuses: [0, 1])
        #expect(one?.status == 1)
    }

    @Test func shardUsageErrors() throws {
        let dir = try temporaryFolder("e2e")
        defer { removeFolder(dir) }
        for args in [["ingest", "--db", dir + "/a.sqlite", "--shard", "3/3", dir],
                     ["ingest", "--db", dir + "/a.sqlite", "--shard", "auto", dir],
                     ["aggregate", "--db", dir + "/a.sqlite", "--shard", "0/2"],
                     ["aggregate", "--db", dir + "/a.sqlite", "--shard", "0/2", "--out", dir + "/p.sqlite", "--homogeneous"],
                     ["merge", "--db", dir + "/a.sqlite"], ["merge-scores", "--db", dir + "/a.sqlite"],
                     ["merge-scores", "--shard", "0/2", dir + "/a.sqlite"], ["merge-scores", "--out", dir + "/s.sqlite", dir + "/a.sqlite"],
                     ["merge-scores", "--shard", "2/2", "--out", dir + "/s.sqlite", dir + "/a.sqlite"],
                     ["merge-scores", "--shard", "0/2", "--out", dir + "/s.sqlite", "--db", dir + "/b.sqlite", dir + "/a.sqlite"],
                     ["merge-scores", "--db", dir + "/b.sqlite", "--statistics", dir + "/missing", dir + "/a.sqlite"],
                     ["merge-scores", "--db", dir + "/b.sqlite", "--rows-in-parts", dir + "/a.sqlite"],
                     ["merge-scores", dir + "/a.sqlite"],
                     ["merge", "--shard", "0/2", dir + "/a.sqlite"], ["merge", "--shard", "2/2", "--db", dir + "/b.sqlite", dir + "/a.sqlite"],
                     ["merge", "--prepare", "--db", dir + "/b.sqlite", dir + "/a.sqlite"], ["merge", "--prepare"]] {
            let out = try CLI.run(args, environment: ["SLURM_ARRAY_TASK_ID": "", "JOB_COMPLETION_INDEX": ""])
            #expect(out.status == 2, "\(args): \(out.stderr)")
        }
        #expect(try CLI.run(["merge", "--db", dir + "/a.sqlite", dir + "/missing.sqlite"]).status == 1)
    }
}
