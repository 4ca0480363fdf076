import Foundation
import Testing
import TestSupport
import WeatherStore

/// Interrupted runs beyond one transaction: a 50,000-line NDJSON file (ten times the 5,000
/// documents the ingest commits at a time), stopped by SIGINT, SIGTERM or SIGKILL after some of
/// its batches were committed. Afterwards no observation of the unfinished file reaches the
/// aggregates or an export, and a rerun gives the same tables as an uninterrupted run.
@Suite(.serialized)
struct InterruptedRunTests {
    static let lines = 50_000

    /// A folder with `a-small.ndjson` (16 replies, completes first) and `big.ndjson`.
    static func makeArchive() throws -> (work: String, archive: String) {
        let work = try temporaryFolder("e2e")
        let archive = work + "/archive"
        try FileManager.default.createDirectory(atPath: archive, withIntermediateDirectories: true)
        let fixture = repositoryRoot + "/Fixtures/inputs/standard/london-2024-05-01.ndjson"
        try FileManager.default.copyItem(atPath: fixture, toPath: archive + "/a-small.ndjson")
        let template = try String(contentsOfFile: fixture, encoding: .utf8).split(separator: "\n")[0]
        let parts = template.components(separatedBy: #""dt":1714550400"#)
        try #require(parts.count == 2)
        var data = Data()
        data.reserveCapacity(lines * (template.utf8.count + 4))
        let head = Data((parts[0] + #""dt":"#).utf8), tail = Data((parts[1] + "\n").utf8)
        for k in 0..<lines {
            data.append(head)
            data.append(contentsOf: String(1_600_000_000 + k * 600).utf8)
            data.append(tail)
        }
        try data.write(to: URL(fileURLWithPath: archive + "/big.ndjson"))
        return (work, archive)
    }

    /// Records, sources and the daily table, in a stable order.
    static func snapshot(_ db: String) throws -> [[SQLValue]] {
        let d = try Database(path: db, readOnly: true)
        return try d.rows("SELECT provider, product, location_id, observed_at_utc, temp_c FROM observations ORDER BY 1, 2, 3, 4")
            + d.rows("SELECT path, member, documents, accepted, rejected, duplicates, records, status FROM sources ORDER BY path, member")
            + d.rows("SELECT * FROM daily_observed ORDER BY location_id, local_date")
    }

    static func count(_ db: String, _ sql: String) throws -> Int64 {
        try Database(path: db, readOnly: true).scalar(sql)?.int ?? -1
    }

    /// Waits until at least `n` observations are committed (visible to another connection).
    static func waitForCommitted(_ db: String, atLeast n: Int64, while p: Process) -> Bool {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline && p.isRunning {
            if let c = try? Database(path: db, readOnly: true).scalar("SELECT COUNT(*) FROM observations")?.int, c >= n { return true }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return false
    }

    static let completeObservations = """
        SELECT COUNT(*) FROM observations WHERE source_id IN (SELECT id FROM sources WHERE status = 'complete')
        """

    /// What reaches aggregates and exports: only observations of complete sources.
    static func expectOnlyCompleteSourcesVisible(_ db: String, work: String, label: String) throws {
        let complete = try count(db, completeObservations)
        let csv = work + "/csv-\(UUID().uuidString)"
        let e = try CLI.run(["export", "--db", db, "--out", csv, "--table", "observations", "--table", "sources"])
        #expect(e.status == 0, "\(label): \(e.stderr)")
        let rows = try String(contentsOfFile: csv + "/observations.csv", encoding: .utf8).split(separator: "\n").count - 1
        #expect(Int64(rows) == complete, "\(label): the export holds observations of an unfinished source")
        let sources = try String(contentsOfFile: csv + "/sources.csv", encoding: .utf8)
        #expect(!sources.contains("in_progress"), "\(label)")
        let a = try CLI.run(["aggregate", "--db", db])
        #expect(a.status == 0, "\(label): \(a.stderr)")
        #expect(try count(db, "SELECT COUNT(*) FROM sources WHERE status <> 'complete'") == 0, "\(label)")
        #expect(try count(db, "SELECT SUM(n_obs) FROM daily_observed") == complete, "\(label): aggregates count unfinished records")
    }

    /// The reference: the same archive ingested and aggregated without interruption, once for
    /// the suite (paths are relative to each test's folder, so the tables compare equal).
    static let reference: Result<[[SQLValue]], Error> = Result {
        let (work, _) = try makeArchive()
        defer { removeFolder(work) }
        _ = try CLI.run(["ingest", "--quiet", "--db", "reference.sqlite", "archive"], cwd: work)
        _ = try CLI.run(["aggregate", "--db", "reference.sqlite"], cwd: work)
        return try snapshot(work + "/reference.sqlite")
    }

    /// Ingests again and aggregates; the tables must equal the reference.
    static func expectRerunMatchesReference(_ work: String, label: String) throws {
        let again = try CLI.run(["ingest", "--quiet", "--db", "w.sqlite", "archive"], cwd: work)
        #expect(again.status == 0, "\(label): \(again.stderr)")
        #expect(try CLI.run(["aggregate", "--db", "w.sqlite"], cwd: work).status == 0)
        #expect(try snapshot(work + "/w.sqlite") == reference.get(), "a rerun after \(label) differs from an uninterrupted run")
    }

    /// SIGINT and SIGTERM, once just after the first batch was committed and once late in the
    /// file: the records of the file in progress are removed before the process exits.
    @Test(arguments: [(SIGINT, "SIGINT", Int64(5_000), true), (SIGINT, "SIGINT", 20_000, false),
                      (SIGTERM, "SIGTERM", 5_000, false), (SIGTERM, "SIGTERM", 15_000, true)])
    func signalsRemoveTheCommittedBatchesOfTheFileInProgress(_ signal: Int32, _ name: String, _ after: Int64, _ rerun: Bool) throws {
        let (work, _) = try Self.makeArchive()
        defer { removeFolder(work) }
        let db = work + "/w.sqlite"
        let (p, wait) = try CLI.start(["ingest", "--db", "w.sqlite", "archive"], cwd: work)
        let landed = Self.waitForCommitted(db, atLeast: after, while: p)
        kill(p.processIdentifier, signal)
        let out = wait()
        #expect(landed, "the ingest ended before \(after) observations were committed")
        #expect(out.status == 128 + signal, "\(out.stderr)")
        #expect(out.stderr.contains("interrupted by \(name)") && out.stderr.contains("big.ndjson was rolled back"), "\(out.stderr)")
        #expect(try Self.count(db, "SELECT COUNT(*) FROM sources WHERE status <> 'complete'") == 0)
        #expect(try Self.count(db, "SELECT COUNT(*) FROM sources WHERE path LIKE '%big.ndjson'") == 0)
        #expect(try Self.count(db, "SELECT COUNT(*) FROM observations") == Self.count(db, Self.completeObservations))
        #expect(try Database(path: db, readOnly: true).scalar("PRAGMA integrity_check")?.string == "ok")
        try Self.expectOnlyCompleteSourcesVisible(db, work: work, label: "\(name) after \(after)")
        if rerun { try Self.expectRerunMatchesReference(work, label: "\(name) after \(after)") }
    }

    /// SIGKILL cannot be handled: the committed batches stay, `in_progress`. Export leaves them
    /// out, aggregate removes them before it reads, and a rerun completes the same tables.
    @Test func aKilledRunsLeftoversNeverReachAggregatesOrExports() throws {
        let (work, _) = try Self.makeArchive()
        defer { removeFolder(work) }
        let db = work + "/w.sqlite"
        let (p, wait) = try CLI.start(["ingest", "--quiet", "--db", "w.sqlite", "archive"], cwd: work)
        let landed = Self.waitForCommitted(db, atLeast: 10_000, while: p)
        kill(p.processIdentifier, SIGKILL)
        _ = wait()
        #expect(landed, "the ingest ended before the kill")
        #expect(try Self.count(db, "SELECT COUNT(*) FROM sources WHERE status = 'in_progress'") == 1)
        #expect(try Self.count(db, "SELECT COUNT(*) FROM observations") >= 10_000)
        try Self.expectOnlyCompleteSourcesVisible(db, work: work, label: "SIGKILL")
        try Self.expectRerunMatchesReference(work, label: "SIGKILL")
    }
}
