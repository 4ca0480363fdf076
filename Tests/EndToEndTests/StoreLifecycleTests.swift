import Foundation
import Testing
import TestSupport
import WeatherStore

/// Re-ingesting when settings change, forgetting, forcing, and the plain errors of a missing or
/// foreign store, as a user meets them on the command line.
struct StoreLifecycleTests {
    /// A copy of the bare metric replies (no envelope, so nothing says their units).
    func metricArchive(in dir: String) throws -> String {
        let archive = dir + "/archive"
        try FileManager.default.copyItem(atPath: repositoryRoot + "/Fixtures/inputs/metric", toPath: archive)
        return archive
    }

    func count(_ db: String, _ sql: String) throws -> Int64? {
        try Database(path: db, readOnly: true).scalar(sql)?.int
    }

    /// The units story: read as Kelvin they are all rejected and the summary names the fix;
    /// with `--units metric` the store re-ingests them, replacing the rejects with records.
    @Test func wrongUnitsCanBeRepairedByIngestingWithTheRightOnes() throws {
        let dir = try temporaryFolder("e2e")
        defer { removeFolder(dir) }
        _ = try metricArchive(in: dir)
        let first = try CLI.run(["ingest", "--db", "w.sqlite", "archive/"], cwd: dir)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("accepted 0 + rejected 72"), "\(first.stderr)")
        #expect(first.stderr.contains("72 of 72 documents in archive/ look like metric, not Kelvin: ingest with --units metric"), "\(first.stderr)")
        #expect(first.stderr.contains("the store will re-ingest them"))
        let db = dir + "/w.sqlite"
        #expect(try count(db, "SELECT COUNT(*) FROM rejects WHERE reason = 'implausible_value'") == 72)
        let second = try CLI.run(["ingest", "--db", "w.sqlite", "--units", "metric", "archive/"], cwd: dir)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stderr.contains("4 read before with other settings, ingested again"), "\(second.stderr)")
        #expect(second.stderr.contains("accepted 72 + rejected 0"), "\(second.stderr)")
        #expect(!second.stderr.contains("look like"))
        #expect(try count(db, "SELECT COUNT(*) FROM rejects") == 0)
        #expect(try count(db, "SELECT COUNT(*) FROM observations WHERE units_assumed = 'metric'") == 72)
        #expect(try count(db, "SELECT COUNT(*) FROM sources WHERE settings_fingerprint = 'units=metric'") == 4)
        let third = try CLI.run(["ingest", "--db", "w.sqlite", "--units", "metric", "archive/"], cwd: dir)
        #expect(third.stderr.contains("nothing new to ingest"), "\(third.stderr)")
    }

    /// Rejects that are not about units give no advice.
    @Test func noUnitsAdviceForOtherRejects() throws {
        let dir = try temporaryFolder("e2e")
        defer { removeFolder(dir) }
        let r = try CLI.run(["ingest", "--db", dir + "/w.sqlite", repositoryRoot + "/Fixtures/inputs/bad"])
        #expect(r.status == 0 && r.stderr.contains("rejected 12"), "\(r.stderr)")
        #expect(!r.stderr.contains("look like"), "\(r.stderr)")
    }

    @Test func forgetRemovesAFolderAndTheNextIngestReadsItAgain() throws {
        let dir = try temporaryFolder("e2e")
        defer { removeFolder(dir) }
        _ = try metricArchive(in: dir)
        try FileManager.default.copyItem(atPath: repositoryRoot + "/Fixtures/inputs/standard", toPath: dir + "/standard")
        #expect(try CLI.run(["ingest", "--quiet", "--db", "w.sqlite", "--units", "metric", "archive"], cwd: dir).status == 0)
        #expect(try CLI.run(["ingest", "--quiet", "--db", "w.sqlite", "standard"], cwd: dir).status == 0)
        let db = dir + "/w.sqlite"
        let before = try count(db, "SELECT COUNT(*) FROM observations") ?? 0
        let f = try CLI.run(["forget", "--db", "w.sqlite", "archive/"], cwd: dir)
        #expect(f.status == 0, "\(f.stderr)")
        #expect(f.stderr.contains("forgot 4 source(s): 72 document(s), 72 record(s)"), "\(f.stderr)")
        #expect(try count(db, "SELECT COUNT(*) FROM observations") == before - 72)
        #expect(try count(db, "SELECT COUNT(*) FROM sources WHERE path LIKE 'archive/%'") == 0)
        let again = try CLI.run(["ingest", "--db", "w.sqlite", "--units", "metric", "archive"], cwd: dir)
        #expect(again.stderr.contains("accepted 72"), "\(again.stderr)")
        // One file; a path that matches nothing is an error after the others are forgotten.
        let one = try CLI.run(["forget", "--db", "w.sqlite", "standard/london-2024-05-01T00-00-00Z.json", "nothing/here"], cwd: dir)
        #expect(one.status == 1)
        #expect(one.stderr.contains("forgot 1 source(s)") && one.stderr.contains("nothing in the store under nothing/here"), "\(one.stderr)")
        // A missing store is not created.
        let missing = try CLI.run(["forget", "--db", "none.sqlite", "archive"], cwd: dir)
        #expect(missing.status == 1 && missing.stderr.contains("no store at none.sqlite"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/none.sqlite"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/none.sqlite.lock"))
    }

    @Test func forceReingestsAndGivesTheSameTables() throws {
        let dir = try temporaryFolder("e2e")
        defer { removeFolder(dir) }
        let db = dir + "/w.sqlite"
        let standard = repositoryRoot + "/Fixtures/inputs/standard"
        #expect(try CLI.run(["ingest", "--quiet", "--db", db, standard]).status == 0)
        let rows = { try Database(path: db, readOnly: true).rows("SELECT provider, observed_at_utc, temp_c FROM observations ORDER BY 1, 2") }
        let before = try rows()
        let forced = try CLI.run(["ingest", "--force", "--db", db, standard])
        #expect(forced.status == 0)
        #expect(forced.stderr.contains("(0 unchanged since an earlier run, skipped)") && !forced.stderr.contains("nothing new"), "\(forced.stderr)")
        #expect(try rows() == before)
        #expect(try count(db, "SELECT COUNT(*) FROM sources") == count(db, "SELECT COUNT(DISTINCT path || IFNULL(member, '')) FROM sources"))
    }

    /// The same bytes under two names in one run: the second is "identical to" the first, not
    /// "unchanged since an earlier run".
    @Test func anInputIdenticalToAnotherOfTheSameRunIsNamed() throws {
        let dir = try temporaryFolder("e2e")
        defer { removeFolder(dir) }
        let file = repositoryRoot + "/Fixtures/inputs/standard/london-2024-05-01T00-00-00Z.json"
        try FileManager.default.copyItem(atPath: file, toPath: dir + "/a.json")
        try FileManager.default.copyItem(atPath: file, toPath: dir + "/b.json")
        let r = try CLI.run(["ingest", "--db", "w.sqlite", "a.json", "b.json"], cwd: dir)
        #expect(r.stderr.contains("inputs: 2 (0 unchanged since an earlier run, skipped; 1 identical to another input of this run, skipped)"), "\(r.stderr)")
        #expect(r.stderr.contains("skipped b.json: identical to a.json"), "\(r.stderr)")
        #expect(!r.stderr.contains("nothing new to ingest"))
    }

    @Test func missingOrForeignStoresAreCleanErrorsAndNothingIsCreated() throws {
        let dir = try temporaryFolder("e2e")
        defer { removeFolder(dir) }
        try "not a database\n".write(toFile: dir + "/text.sqlite", atomically: true, encoding: .utf8)
        // Another program's database (rollback journal, as sqlite3 makes it by default).
        try Database(path: dir + "/other.sqlite").execute("PRAGMA journal_mode=DELETE; CREATE TABLE t (x)")
        for store in ["nosuch.sqlite", "text.sqlite", "other.sqlite"] {
            for args in [["aggregate", "--db", store], ["export", "--db", store, "--out", "csv"], ["report", "--db", store, "--out", "r.html"]] {
                let r = try CLI.run(args, cwd: dir)
                #expect(r.status == 1, "\(args): \(r.stderr)")
                #expect(r.stderr.hasPrefix("error: ") && !r.stderr.contains("SQLite error") && !r.stderr.contains("SELECT"), "\(args): \(r.stderr)")
            }
        }
        // Ingest does not add wxpipe's tables to another program's database, nor write into a text file.
        for store in ["text.sqlite", "other.sqlite"] {
            let r = try CLI.run(["ingest", "--db", store, repositoryRoot + "/Fixtures/inputs/mixed"], cwd: dir)
            #expect(r.status == 1 && r.stderr.contains("not a wxpipe store") && !r.stderr.contains("SQLite error"), "\(r.stderr)")
        }
        #expect(try Database(path: dir + "/other.sqlite", readOnly: true).tableNames() == ["t"])
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        #expect(files == ["other.sqlite", "text.sqlite"], "\(files)")
    }

    /// Nothing readable: no store and no lock file.
    @Test func aMissingInputCreatesNoStore() throws {
        let dir = try temporaryFolder("e2e")
        defer { removeFolder(dir) }
        let r = try CLI.run(["ingest", "--db", "w.sqlite", "missing.json"], cwd: dir)
        #expect(r.status == 1)
        #expect(r.stderr.contains("missing.json: no such file or directory") && r.stderr.contains("no input could be read"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }

    @Test func aMistypedTableIsAUsageError() throws {
        let dir = try temporaryFolder("e2e")
        defer { removeFolder(dir) }
        try CLI.run(["ingest", "--quiet", "--db", "w.sqlite", repositoryRoot + "/Fixtures/inputs/mixed"], cwd: dir)
        let r = try CLI.run(["export", "--db", "w.sqlite", "--out", "csv", "--table", "daily_observd"], cwd: dir)
        #expect(r.status == 2)
        #expect(r.stderr.contains("no table named 'daily_observd'") && r.stderr.contains("daily_observed"), "\(r.stderr)")
        #expect(!r.stderr.contains("SQLite error"))
        // In a pipeline file too: exit 2 naming the key, before anything runs.
        try #"{"inputs": ["."], "store": "s.sqlite", "export": {"csv": "csv", "tables": ["daily_observd"]}}"#
            .write(toFile: dir + "/p.json", atomically: true, encoding: .utf8)
        let pipeline = try CLI.run(["run", "p.json"], cwd: dir)
        #expect(pipeline.status == 2 && pipeline.stderr.contains("p.json: key 'export.tables': no table named 'daily_observd'"), "\(pipeline.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/s.sqlite"))
        let early = try CLI.run(["export", "--db", "w.sqlite", "--out", "csv", "--table", "daily_observed"], cwd: dir)
        #expect(early.status == 1 && early.stderr.contains("run 'wxpipe aggregate --db w.sqlite' first"), "\(early.stderr)")
    }

    /// `run --strict` exits 3 for rejects of this run only: a re-run that reads nothing new passes.
    @Test func strictCountsThisRunsRejects() throws {
        let dir = try temporaryFolder("e2e")
        defer { removeFolder(dir) }
        try #"{"inputs": ["\#(repositoryRoot)/Fixtures/inputs/bad"], "store": "s.sqlite", "strict": true}"#
            .write(toFile: dir + "/p.json", atomically: true, encoding: .utf8)
        #expect(try CLI.run(["run", "p.json"], cwd: dir).status == 3)
        let again = try CLI.run(["run", "p.json"], cwd: dir)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr.contains("nothing new to ingest"))
    }
}
