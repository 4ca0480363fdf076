import Foundation
import Testing
import WeatherCore
@testable import WeatherStore

struct StoreTests {
    func sample(at t: Int64 = 1714550400) -> Observation {
        var o = Observation(provider: "openweathermap", product: "current", observedAt: t, latitude: 51.5, longitude: -0.12)
        o.tempC = 12.5
        o.placeName = "=cmd|' /C calc'!A0"
        return o
    }

    @Test func insertDuplicateAndReadBack() throws {
        let t = try TemporaryStore()
        let store = t.store
        try store.saveLocation(Location(id: "london", latitude: 51.5, longitude: -0.12))
        let source = try store.beginSource(path: "a.json", member: nil, inputHash: "h", modifiedAt: nil, now: 0)
        #expect(try store.insert(sample(), locationID: "london", sourceID: source, line: 1))
        #expect(try store.insert(sample(), locationID: "london", sourceID: source, line: 2) == false)
        #expect(try store.insert(sample(at: 1714554000), locationID: "london", sourceID: source, line: 3))
        let rows = try store.database.rows("SELECT observed_at_utc, temp_c, humidity_pct, place_name FROM observations ORDER BY id")
        #expect(rows.count == 2)
        #expect(rows[0] == [.text("2024-05-01T08:00:00Z"), .real(12.5), .null, .text("=cmd|' /C calc'!A0")])
    }

    @Test func hostileTextIsBoundNotExecuted() throws {
        let t = try TemporaryStore()
        let store = t.store
        try store.saveLocation(Location(id: "x'); DROP TABLE observations; --", latitude: 1, longitude: 1))
        #expect(try store.database.userTableNames().contains("observations"))
        #expect(try store.database.scalar("SELECT id FROM locations")?.string == "x'); DROP TABLE observations; --")
    }

    @Test func incompleteSourcesAreDiscardedAndHashesSkip() throws {
        let t = try TemporaryStore()
        let store = t.store
        try store.saveLocation(Location(id: "l", latitude: 51.5, longitude: -0.12))
        let s1 = try store.beginSource(path: "a.json", member: nil, inputHash: "h1", modifiedAt: nil, now: 0)
        _ = try store.insert(sample(), locationID: "l", sourceID: s1, line: 1)
        #expect(try store.isIngested(inputHash: "h1", settings: "") == false)  // not complete yet
        try store.discardSources(path: "a.json")
        #expect(try store.database.scalar("SELECT COUNT(*) FROM observations")?.int == 0)  // cascaded
        let s2 = try store.beginSource(path: "a.json", member: nil, inputHash: "h1", modifiedAt: nil, now: 0)
        try store.finishSource(id: s2, bytes: 10, contentHash: "h1", counts: .init())
        #expect(try store.isIngested(inputHash: "h1", settings: ""))
        #expect(try store.isIngested(inputHash: "other", settings: "") == false)
    }

    /// A record's source is checked at COMMIT, so a multi-row INSERT needs no statement
    /// journal; a row without its source still never lands, and deleting a source still
    /// deletes its rows at once.
    @Test func recordsKeyTheirSourceAtCommit() throws {
        let t = try TemporaryStore()
        let store = t.store
        for table in ["observation_rows", "forecast_rows", "rejects", "warnings"] {
            let sql = try store.database.scalar("SELECT sql FROM sqlite_schema WHERE name = ?", [.text(table)])?.string ?? ""
            #expect(sql.contains("REFERENCES sources(id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED"), "\(table)")
        }
        try store.saveLocation(Location(id: "l", latitude: 51.5, longitude: -0.12))
        #expect(throws: StoreError.self) {
            try store.database.inTransaction { _ = try store.insert(sample(), locationID: "l", sourceID: 999, line: 1) }
        }
        #expect(try store.database.scalar("SELECT COUNT(*) FROM observations")?.int == 0)
        let source = try store.beginSource(path: "a.json", member: nil, inputHash: "h", modifiedAt: nil, now: 0)
        try store.database.inTransaction {
            _ = try store.insert(sample(), locationID: "l", sourceID: source, line: 1)
            try store.discardSources(path: "a.json")
            #expect(try store.database.scalar("SELECT COUNT(*) FROM observations")?.int == 0)
        }
    }
}
