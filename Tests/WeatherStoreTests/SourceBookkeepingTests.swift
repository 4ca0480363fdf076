import Foundation
import Testing
import TestSupport
import WeatherCore
@testable import WeatherStore

/// The skip key with settings, forgetting paths and folders, leftovers of killed runs, and the
/// plain errors for a missing or foreign store.
struct SourceBookkeepingTests {
    func observation(at t: Int64) -> Observation {
        var o = Observation(provider: "openweathermap", product: "current", observedAt: t, latitude: 51.5, longitude: -0.12)
        o.tempC = 10
        return o
    }

    /// A complete source of `path` with one observation at `t`.
    @discardableResult
    func source(_ store: Store, path: String, hash: String, settings: String = "", at t: Int64 = 1_714_550_400) throws -> Int64 {
        let id = try store.beginSource(path: path, member: nil, inputHash: hash, settings: settings, modifiedAt: nil, now: 0)
        _ = try store.insert(observation(at: t), locationID: "l", sourceID: id, line: 1)
        var counts = Store.SourceCounts()
        counts.documents = 1
        counts.records = 1
        try store.finishSource(id: id, bytes: 10, contentHash: hash, counts: counts)
        return id
    }

    @Test func theSkipKeyIsTheHashWithTheSettings() throws {
        let t = try TemporaryStore()
        try t.store.saveLocation(Location(id: "l", latitude: 51.5, longitude: -0.12))
        try source(t.store, path: "a.json", hash: "h", settings: "")
        #expect(try t.store.isIngested(inputHash: "h", settings: ""))
        #expect(try t.store.isIngested(inputHash: "h", settings: "units=metric") == false)
        #expect(try t.store.wasIngested(inputHash: "h", otherThan: "units=metric"))
        #expect(try t.store.wasIngested(inputHash: "h", otherThan: "") == false)
        // The new reading replaces the old one at any path, leaving readings with these settings.
        try source(t.store, path: "copy.json", hash: "h", settings: "units=metric", at: 1_714_554_000)
        try t.store.discardSources(inputHash: "h", otherThan: "units=metric")
        #expect(try t.store.database.rows("SELECT path FROM sources") == [[.text("copy.json")]])
        try t.store.discardSources(inputHash: "h", otherThan: nil)
        #expect(try t.store.database.scalar("SELECT COUNT(*) FROM observations")?.int == 0)
    }

    @Test func forgetMatchesAPathOrAFolderByteForByte() throws {
        let t = try TemporaryStore()
        try t.store.saveLocation(Location(id: "l", latitude: 51.5, longitude: -0.12))
        try source(t.store, path: "archive/a.json", hash: "1", at: 1_714_550_400)
        try source(t.store, path: "archive/sub/b.json", hash: "2", at: 1_714_554_000)
        try source(t.store, path: "archive-2/c.json", hash: "3", at: 1_714_557_600)
        try source(t.store, path: "arch%/d.json", hash: "4", at: 1_714_561_200)
        #expect(try t.store.forget(path: "arch%").sources == 1)  // no LIKE pattern: % is a character
        let f = try t.store.forget(path: "archive/")
        #expect(f.sources == 2 && f.records == 2 && f.documents == 2)
        #expect(try t.store.database.rows("SELECT path FROM sources") == [[.text("archive-2/c.json")]])
        #expect(try t.store.forget(path: "archive-2/c.json").sources == 1)
        #expect(try t.store.database.scalar("SELECT COUNT(*) FROM observations")?.int == 0)
    }

    @Test func leftoversOfAKilledRunAreCountedAndRemoved() throws {
        let t = try TemporaryStore()
        try t.store.saveLocation(Location(id: "l", latitude: 51.5, longitude: -0.12))
        try source(t.store, path: "done.json", hash: "1")
        let open = try t.store.beginSource(path: "half.json", member: nil, inputHash: "2", modifiedAt: nil, now: 0)
        _ = try t.store.insert(observation(at: 1_714_554_000), locationID: "l", sourceID: open, line: 1)
        #expect(try t.store.discardIncomplete() == 1)
        #expect(try t.store.database.scalar("SELECT COUNT(*) FROM observations")?.int == 1)
        #expect(try t.store.discardIncomplete() == 0)
    }

    /// A store written before `settings_fingerprint` existed gets the column when opened.
    @Test func anOlderStoreGainsTheNewColumns() throws {
        let folder = try temporaryFolder("old")
        defer { removeFolder(folder) }
        let old = try Database(path: folder + "/s.sqlite")
        try old.execute(Schema.sql)
        try old.execute("ALTER TABLE sources DROP COLUMN settings_fingerprint")
        #expect(try !old.rows("SELECT name FROM pragma_table_info('sources')").contains([.text("settings_fingerprint")]))
        let store = try Store(path: folder + "/s.sqlite")
        #expect(try store.database.rows("SELECT name FROM pragma_table_info('sources')").contains([.text("settings_fingerprint")]))
        _ = try Store(path: folder + "/s.sqlite")  // opening again changes nothing
    }

    @Test func aMissingOrForeignStoreIsAPlainError() throws {
        let folder = try temporaryFolder("foreign")
        defer { removeFolder(folder) }
        func message(_ path: String) -> String {
            do { try StoreFile.check(path); return "" } catch { return error.message }
        }
        #expect(message(folder + "/none.sqlite").hasPrefix("no store at "))
        #expect(!FileManager.default.fileExists(atPath: folder + "/none.sqlite"))
        try "hello".write(toFile: folder + "/text.sqlite", atomically: true, encoding: .utf8)
        #expect(message(folder + "/text.sqlite").contains("is not a SQLite file"))
        try Database(path: folder + "/other.sqlite").execute("CREATE TABLE t (x)")
        let foreign = message(folder + "/other.sqlite")
        #expect(foreign.contains("not a wxpipe store") && !foreign.contains("SQLite error") && !foreign.contains("SELECT"))
        // What a run killed before its schema was committed leaves: SQLite's header, no table.
        // Ingest creates the store in it; a command that reads a store still refuses it.
        try Database(path: folder + "/killed.sqlite").execute("PRAGMA journal_mode=WAL")
        #expect(message(folder + "/killed.sqlite").contains("not a wxpipe store"))
        var leftover = ""
        do { try StoreFile.checkIfPresent(folder + "/killed.sqlite") } catch { leftover = error.message }
        #expect(leftover.isEmpty, "\(leftover)")
        do { try StoreFile.checkIfPresent(folder + "/other.sqlite") } catch { leftover = error.message }
        #expect(leftover.contains("not a wxpipe store"))
        _ = try Store(path: folder + "/killed.sqlite")
        #expect(message(folder + "/killed.sqlite").isEmpty)
        _ = try Store(path: folder + "/w.sqlite")
        #expect(message(folder + "/w.sqlite") == "")
    }
}
