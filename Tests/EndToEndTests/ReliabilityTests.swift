import Foundation
import Testing
import TestSupport
import WeatherStore

/// Interrupted, concurrent and failing runs: nothing lost, nothing half-written.
@Suite(.serialized)
struct ReliabilityTests {
    /// Eight NDJSON files of 3,000 OpenWeatherMap replies each (about 2 MB a file).
    static func makeArchive() throws -> String {
        let dir = try temporaryFolder("e2e") + "/archive"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let template = try String(contentsOfFile: repositoryRoot + "/Fixtures/inputs/standard/london-2024-05-01.ndjson", encoding: .utf8)
            .split(separator: "\n")[0]
        let dtRange = try #require(template.range(of: #""dt":1714550400"#))
        for f in 0..<8 {
            var text = ""
            for k in 0..<3000 {
                let t = 1_600_000_000 + (f * 3000 + k) * 600
                text += template.replacingCharacters(in: dtRange, with: "\"dt\":\(t)") + "\n"
            }
            try text.write(toFile: dir + "/part-\(f).ndjson", atomically: true, encoding: .utf8)
        }
        return dir
    }

    static func snapshot(_ db: String) throws -> [[SQLValue]] {
        let d = try Database(path: db, readOnly: true)
        return try d.rows("SELECT provider, product, location_id, observed_at_utc, temp_c, precip_mm FROM observations ORDER BY 1, 2, 3, 4")
            + d.rows("SELECT path, member, documents, accepted, rejected, duplicates, records, status FROM sources ORDER BY path, member")
            + d.rows("SELECT path, line, reason FROM rejects ORDER BY path, line")
    }

    /// Opened for writing, as the next ingest opens it: a run killed while SQLite switched a new
    /// file to WAL leaves a hot rollback journal, which only a connection that may write rolls back.
    static func integrity(_ db: String) throws -> String? {
        try Database(path: db).scalar("PRAGMA integrity_check")?.string
    }

    @Test func killedRunsLeaveAConsistentStoreAndARerunCompletesIt() throws {
        let archive = try Self.makeArchive()
        let work = (archive as NSString).deletingLastPathComponent  // the test's folder, removed at the end
        defer { removeFolder(work) }
        let reference = work + "/ref.sqlite"
        let r = try CLI.run(["ingest", "--quiet", "--db", reference, archive])
        #expect(r.status == 0, "\(r.stderr)")
        let expected = try Self.snapshot(reference)
        var killedMidway = 0
        for delay in [0.15, 0.5, 1.0, 2.0] {
            let db = work + "/killed-\(delay).sqlite"
            let (p, wait) = try CLI.start(["ingest", "--quiet", "--db", db, archive])
            Thread.sleep(forTimeInterval: delay)
            if p.isRunning {
                kill(p.processIdentifier, SIGKILL)
                killedMidway += 1
            }
            _ = wait()
            if FileManager.default.fileExists(atPath: db) {
                #expect(try Self.integrity(db) == "ok")
            }
            let again = try CLI.run(["ingest", "--quiet", "--db", db, archive])
            #expect(again.status == 0, "\(again.stderr)")
            #expect(try Self.snapshot(db) == expected, "after a kill at \(delay) s")
        }
        #expect(killedMidway > 0, "no kill landed while the ingest ran")
    }

    /// Waits until `p`, still running, has completed at least one file of the archive and not all
    /// eight: it is then ingesting, between files or inside one. False when it ended first.
    static func waitUntilIngesting(_ db: String, _ p: Process) -> Bool {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline && p.isRunning {
            if let c = try? Database(path: db, readOnly: true).scalar("SELECT COUNT(*) FROM sources WHERE status = 'complete'")?.int,
               (1..<8).contains(c) { return p.isRunning }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return false
    }

    /// SIGINT (Ctrl-C) and SIGTERM (a service manager) sent while the ingest is running (one file
    /// of eight complete, the process alive) stop it cleanly with 128 + signal, roll back the
    /// input in progress, keep the files it completed, and the next run completes the same tables.
    @Test(arguments: [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")])
    func signalsStopCleanlyAndSayWhatWasDone(_ signal: Int32, _ name: String) throws {
        let archive = try Self.makeArchive()
        let work = (archive as NSString).deletingLastPathComponent  // the test's folder, removed at the end
        defer { removeFolder(work) }
        let reference = work + "/ref.sqlite"
        #expect(try CLI.run(["ingest", "--quiet", "--db", reference, archive]).status == 0)
        let db = work + "/int.sqlite"
        let (p, wait) = try CLI.start(["ingest", "--db", db, archive])
        let ingesting = Self.waitUntilIngesting(db, p)
        kill(p.processIdentifier, signal)
        let out = wait()
        try #require(ingesting, "the ingest ended before the signal could be sent mid-run: \(out.stderr)")
        #expect(!out.signaled, "died of \(name) instead of handling it")
        #expect(out.status == 128 + signal, "\(out.stderr)")
        #expect(out.stderr.contains("interrupted by \(name)"), "\(out.stderr)")
        #expect(out.stderr.contains("will be ingested again by the next run"), "\(out.stderr)")
        #expect(try Self.integrity(db) == "ok")
        let store = try Database(path: db, readOnly: true)
        #expect(try store.scalar("SELECT COUNT(*) FROM sources WHERE status <> 'complete'")?.int == 0)
        // The files completed before the signal stay; the one in progress was rolled back.
        let kept = try #require(try store.scalar("SELECT COUNT(*) FROM sources")?.int)
        #expect((1..<8).contains(kept), "\(kept) of 8 files kept")
        // The eight files have the same shape: each gives an eighth of the uninterrupted run's observations.
        let all = try #require(try Database(path: reference, readOnly: true).scalar("SELECT COUNT(*) FROM observations")?.int)
        #expect(try store.scalar("SELECT COUNT(*) FROM observations")?.int == kept * all / 8)
        #expect(try CLI.run(["ingest", "--quiet", "--db", db, archive]).status == 0)
        #expect(try Self.snapshot(db) == Self.snapshot(reference))
    }

    @Test func twoConcurrentIngestsBothFinishCorrectly() throws {
        let archive = try Self.makeArchive()
        let work = (archive as NSString).deletingLastPathComponent  // the test's folder, removed at the end
        defer { removeFolder(work) }
        let reference = work + "/ref.sqlite"
        #expect(try CLI.run(["ingest", "--quiet", "--db", reference, archive]).status == 0)
        let db = work + "/both.sqlite"
        let a = try CLI.start(["ingest", "--db", db, archive])
        let b = try CLI.start(["ingest", "--db", db, archive])
        let (ra, rb) = (a.1(), b.1())
        #expect(ra.status == 0 && rb.status == 0, "\(ra.stderr)\n\(rb.stderr)")
        #expect((ra.stderr + rb.stderr).contains("nothing new to ingest"))
        #expect(try Self.integrity(db) == "ok")
        #expect(try Self.snapshot(db) == Self.snapshot(reference))
    }

    @Test func aFullStoreFailsCleanly() throws {
        let dir = try temporaryFolder("e2e")
        defer { removeFolder(dir) }
        let db = dir + "/full.sqlite"
        try CLI.run(["ingest", "--quiet", "--db", db, repositoryRoot + "/Fixtures/inputs/mixed"])
        let before = try Self.snapshot(db)
        let pages = try #require(try Database(path: db, readOnly: true).scalar("PRAGMA page_count")?.int)
        let r = try CLI.run(["ingest", "--db", db, repositoryRoot + "/Fixtures/inputs/standard"],
                           environment: ["WXPIPE_FAULT_MAX_PAGES": String(pages + 3)])
        #expect(r.status == 1)
        #expect(r.stderr.contains("database or disk is full"), "\(r.stderr)")
        #expect(try Self.integrity(db) == "ok")
        // Whatever was not completed was rolled back: every source that exists is complete, and
        // the sources of before are untouched.
        let d = try Database(path: db, readOnly: true)
        #expect(try d.scalar("SELECT COUNT(*) FROM sources WHERE status <> 'complete'")?.int == 0)
        let after = try Self.snapshot(db)
        #expect(before.allSatisfy { after.contains($0) })
        #expect(try d.scalar("SELECT COUNT(*) FROM observations o WHERE NOT EXISTS (SELECT 1 FROM sources s WHERE s.id = o.source_id)")?.int == 0)
    }

    @Test func aFullDiskDuringExportLeavesNoHalfFile() throws {
        let dir = try temporaryFolder("e2e")
        defer { removeFolder(dir) }
        let db = dir + "/w.sqlite"
        try CLI.run(["ingest", "--quiet", "--db", db, repositoryRoot + "/Fixtures/inputs/standard"])
        let r = try CLI.run(["export", "--db", db, "--format", "csv", "--out", dir + "/csv"],
                           environment: ["WXPIPE_FAULT_WRITE_LIMIT": "20000"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("No space left on device"), "\(r.stderr)")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: dir + "/csv")) ?? []
        #expect(!files.contains { $0.contains(".tmp") }, "\(files)")
        #expect(!files.contains("observations.csv"))
        // A workbook: the sheet's data file (written first) and the package itself, both cut off.
        for (limit, inSheetData) in [("3000", true), ("20000", false)] {
            let x = try CLI.run(["export", "--db", db, "--format", "xlsx", "--out", dir + "/x/w.xlsx"],
                                environment: ["WXPIPE_FAULT_WRITE_LIMIT": limit])
            #expect(x.status == 1)
            #expect(x.stderr.contains("No space left on device") && x.stderr.contains(".sheet failed") == inSheetData, "\(x.stderr)")
            #expect(((try? FileManager.default.contentsOfDirectory(atPath: dir + "/x")) ?? []).isEmpty)  // no workbook, no temporary
        }
    }

    @Test func hostileInputsStayWithinTimeAndMemory() throws {
        let dir = try temporaryFolder("e2e")
        defer { removeFolder(dir) }  // 100 MB of test input
        // One 100 MB line.
        let big = dir + "/one-line.ndjson"
        _ = FileManager.default.createFile(atPath: big, contents: nil)
        let h = try FileHandle(forWritingTo: URL(fileURLWithPath: big))
        h.write(Data("{\"x\":\"".utf8))
        let chunk = Data(repeating: UInt8(ascii: "a"), count: 1 << 20)
        for _ in 0..<100 { h.write(chunk) }
        h.write(Data("\"}\n{\"after\":1}\n".utf8))
        try h.close()
        // 1 GB of zeros, gzipped.
        let bomb = dir + "/bomb.json.gz"
        #expect(try Subprocess.shell("head -c 1073741824 /dev/zero | gzip -1 > '\(bomb)'").status == 0)
        // 100,000 levels of nesting.
        try (String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000))
            .write(toFile: dir + "/deep.json", atomically: true, encoding: .utf8)
        for input in [big, bomb, dir + "/deep.json"] {
            let started = Date()
            let (out, peakMB) = try CLI.measured(["ingest", "--db", dir + "/w.sqlite", input])
            #expect(!out.signaled, "\(input): died of a signal")
            #expect(out.status == 0, "\(input): \(out.stderr)")
            #expect(peakMB < 150, "\(input): peak \(peakMB) MB")
            #expect(Date().timeIntervalSince(started) < 60)
        }
        let d = try Database(path: dir + "/w.sqlite", readOnly: true)
        let reasons = try d.rows("SELECT reason FROM rejects ORDER BY id").compactMap { $0.first?.string }
        #expect(reasons == ["too_large", "unknown_format", "too_large", "invalid_json"])
        #expect(try d.scalar("SELECT SUM(documents) - SUM(accepted) - SUM(rejected) - SUM(duplicates) FROM sources")?.int == 0)
    }
}
