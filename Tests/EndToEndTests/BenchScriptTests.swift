import Foundation
import Testing
import TestSupport

/// The bench's own scripts (`make bench` never runs in `make test`, so a broken script would
/// go unnoticed until someone measures): every script compiles, the SQLite floor copies exactly
/// the rows of the store it is given, and the grown store of the aggregate's memory check holds
/// the copies it says, in places and months of their own.
struct BenchScriptTests {
    static func sql(_ store: String, _ query: String) throws -> String {
        let out = try CLI.run(["sql", "--db", store, "--format", "csv", query])
        #expect(out.status == 0, "\(out.stderr)")
        return out.stdout.split(separator: "\n").dropFirst().joined(separator: "\n")
    }

    @Test func everyScriptCompiles() throws {
        let scripts = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot + "/scripts")
            .filter { $0.hasSuffix(".py") }.sorted().map { repositoryRoot + "/scripts/" + $0 }
        #expect(scripts.count >= 7)
        guard let python = Python.interpreter else {
            Issue.record("python3 is not installed: install it and run `make test`")
            return
        }
        let dir = try temporaryFolder("bench-scripts")
        defer { removeFolder(dir) }
        // Compiled into the test's folder, so the checkout gets no __pycache__.
        let out = try Subprocess.run(python, ["-c", "import py_compile, sys\nfor f in sys.argv[1:]: py_compile.compile(f, cfile='\(dir)/x.pyc', doraise=True)"]
                                     + scripts)
        #expect(out.status == 0, "\(out.stderr)")
    }

    @Test func theFloorCopiesEveryRowOfTheStore() throws {
        let dir = try temporaryFolder("bench-floor")
        defer { removeFolder(dir) }
        let store = dir + "/s.sqlite"
        let ingest = try CLI.run(["ingest", "--quiet", "--db", store, repositoryRoot + "/Fixtures/inputs/season"])
        #expect(ingest.status == 0, "\(ingest.stderr)")
        let rows = try Self.sql(store, "SELECT (SELECT COUNT(*) FROM forecast_rows) + (SELECT COUNT(*) FROM observation_rows)")
        guard let out = try Python.run(repositoryRoot + "/scripts/bench_floor.py", [store]) else { return }
        let fields = out.stdout.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(fields.count == 3 && fields[0] == "floor", "\(out.stdout)")
        #expect(fields.last == rows, "the floor inserted \(fields.last ?? "?") rows, the store holds \(rows)")
        #expect(Int(rows) ?? 0 > 10_000)
    }

    @Test func theGrownStoreHoldsEveryCopyAndAggregates() throws {
        let dir = try temporaryFolder("bench-grow")
        defer { removeFolder(dir) }
        let store = dir + "/s.sqlite", grown = dir + "/grown.sqlite"
        let ingest = try CLI.run(["ingest", "--quiet", "--db", store, repositoryRoot + "/Fixtures/inputs/standard"])
        #expect(ingest.status == 0, "\(ingest.stderr)")
        let script = """
            import sys; sys.path.insert(0, '\(repositoryRoot)/scripts'); import bench_corpora as c
            c.grow_store(sys.argv[1], sys.argv[2], places=2, periods=3, shift_days=112)
            """
        guard (try Python.run("-c", [script, store, grown])) != nil else { return }
        let count = "SELECT (SELECT COUNT(*) FROM forecast_rows), (SELECT COUNT(*) FROM observation_rows), (SELECT COUNT(*) FROM locations)"
        let before = try Self.sql(store, count).split(separator: ",").compactMap { Int($0) }
        let after = try Self.sql(grown, count).split(separator: ",").compactMap { Int($0) }
        #expect(after == [before[0] * 6, before[1] * 6, before[2] * 2], "\(before) → \(after)")
        for db in [store, grown] {
            let aggregate = try CLI.run(["aggregate", "--db", db])
            #expect(aggregate.status == 0, "\(aggregate.stderr)")
        }
        // Every place's days: the original's and each copy's (its own place, 112 and 224 days later).
        let days = Int(try Self.sql(store, "SELECT COUNT(*) FROM daily_observed")) ?? 0
        let grownDays = Int(try Self.sql(grown, "SELECT COUNT(*) FROM daily_observed")) ?? 0
        #expect(days > 0 && grownDays == days * 6, "\(days) days → \(grownDays)")
    }
}
