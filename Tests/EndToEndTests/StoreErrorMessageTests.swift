import Foundation
import Testing
import TestSupport
import WeatherStore

/// What a user reads when a store cannot be used: said in words with what to do, never as
/// "SQLite error N" (that prefix is kept for SQLite's own failures).
@Suite struct StoreErrorMessageTests {
    static let inputs = repositoryRoot + "/Fixtures/inputs/mixed"

    @Test func aStoreOfANewerSchemaSaysSoAndIsLeftAsItWas() throws {
        let dir = try temporaryFolder("e2e")
        defer { removeFolder(dir) }
        try CLI.run(["ingest", "--quiet", "--db", "w.sqlite", Self.inputs], cwd: dir)
        try Database(path: dir + "/w.sqlite").run("UPDATE meta SET value = ? WHERE key = 'schema_version'", [.text("\(Schema.version + 1)")])
        for args in [["ingest", "--force", "--db", "w.sqlite", Self.inputs], ["aggregate", "--db", "w.sqlite"]] {
            let r = try CLI.run(args, cwd: dir)
            #expect(r.status == 1, "\(args): \(r.stderr)")
            #expect(r.stderr.contains("w.sqlite has store schema \(Schema.version + 1), newer than this wxpipe's \(Schema.version): use a newer wxpipe"),
                    "\(args): \(r.stderr)")
            #expect(!r.stderr.contains("SQLite error"), "\(args): \(r.stderr)")
        }
        let version = try Database(path: dir + "/w.sqlite", readOnly: true).scalar("SELECT value FROM meta WHERE key = 'schema_version'")
        #expect(version?.string == "\(Schema.version + 1)")
    }

    @Test func aFileThatIsNotAStoreIsNamedInWords() throws {
        let dir = try temporaryFolder("e2e")
        defer { removeFolder(dir) }
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: dir + "/w.sqlite"))
        for args in [["ingest", "--db", "w.sqlite", Self.inputs], ["export", "--db", "w.sqlite", "--out", "csv"], ["sql", "--db", "w.sqlite", "SELECT 1"]] {
            let r = try CLI.run(args, cwd: dir)
            #expect(r.status != 0, "\(args)")
            #expect(r.stderr.contains("w.sqlite is not a SQLite file"), "\(args): \(r.stderr)")
            #expect(!r.stderr.contains("SQLite error"), "\(args): \(r.stderr)")
        }
    }

    /// Another program holds a write transaction (a sqlite3 shell left in `BEGIN IMMEDIATE`):
    /// the writer waits for the busy timeout (shortened here), then says who to close.
    @Test func aStoreLockedByAnotherProgramSaysWhatToClose() throws {
        let dir = try temporaryFolder("e2e")
        defer { removeFolder(dir) }
        try CLI.run(["ingest", "--quiet", "--db", "w.sqlite", Self.inputs], cwd: dir)
        let holder = try Database(path: dir + "/w.sqlite")
        try holder.execute("BEGIN IMMEDIATE")
        let r = try CLI.run(["ingest", "--force", "--db", "w.sqlite", Self.inputs], environment: ["WXPIPE_BUSY_TIMEOUT_MS": "200"], cwd: dir)
        try holder.execute("ROLLBACK")
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("the store w.sqlite is locked by another program"), "\(r.stderr)")
        #expect(r.stderr.contains("stayed locked for 200 ms: close it and run again"), "\(r.stderr)")
        #expect(!r.stderr.contains("SQLite error"), "\(r.stderr)")
        // Nothing was lost: once the other program is gone the same command succeeds.
        let again = try CLI.run(["ingest", "--quiet", "--force", "--db", "w.sqlite", Self.inputs], cwd: dir)
        #expect(again.status == 0, "\(again.stderr)")
    }
}
