import Foundation
import Testing
import WeatherCore
@testable import WeatherStore

/// Edges of store schema 2: record rows with integer keys read through the views
/// `observations` and `forecasts`. A row whose key the views' JOIN cannot find would vanish
/// silently, so every test also checks that each view has as many rows as its row table.
struct RecordViewEdgeTests {
    /// A counter shared between a reader thread and the test.
    final class Tally: @unchecked Sendable {
        private let lock = NSLock()
        private var stopped = false
        private(set) var reads = 0
        private(set) var failures: [String] = []
        var isStopped: Bool { lock.withLock { stopped } }
        func stop() { lock.withLock { stopped = true } }
        func read(_ failure: String?) {
            lock.withLock {
                reads += 1
                if let failure { failures.append(failure) }
            }
        }
    }

    static func assertViewsHoldEveryRow(_ db: Database, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for (view, table) in RecordViews.rowTables {
            let shown = try db.scalar("SELECT COUNT(*) FROM \(view)")?.int
            let stored = try db.scalar("SELECT COUNT(*) FROM \(table)")?.int
            #expect(shown == stored, "\(view) shows \(shown ?? -1) of the \(stored ?? -1) rows of \(table)", sourceLocation: sourceLocation)
        }
    }

    /// Every writable open recreates the record views. Readers take no lock (export, sql), so
    /// the drop and the create must commit together: a reader between them found no
    /// `observations` ("no such table"), on a store that had it before and after.
    @Test func aReaderNeverSeesTheStoreWithoutItsRecordViews() throws {
        let t = try TemporaryStore()
        let path = t.folder + "/s.sqlite"
        let tally = Tally()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            defer { done.signal() }
            guard let reader = try? Database(path: path, readOnly: true) else { return tally.read("reader did not open") }
            while !tally.isStopped {
                do {
                    _ = try reader.scalar("SELECT COUNT(*) FROM observations")
                    tally.read(nil)
                } catch {
                    tally.read("\(error)")
                }
            }
        }
        for _ in 0..<150 { _ = try Store(path: path) }
        tally.stop()
        done.wait()
        #expect(tally.reads > 0)
        #expect(tally.failures.isEmpty, "\(tally.failures.count) of \(tally.reads) reads failed, e.g. \(tally.failures.first ?? "")")
    }

    /// Keys created in a transaction that rolls back no longer exist; the key cache must not
    /// hand them out again. Here the same keys are taken by other names after the rollback,
    /// so a stale cache would file rows under the wrong location and provider.
    @Test func keysOfARolledBackTransactionAreNotReused() throws {
        struct Boom: Error {}
        let t = try TemporaryStore()
        let store = t.store
        let db = store.database
        try store.saveLocation(Location(id: "first", latitude: 1, longitude: 1))
        func observation(_ provider: String, at time: Int64) -> Observation {
            Observation(provider: provider, product: "current", observedAt: time, latitude: 2, longitude: 2)
        }
        #expect(throws: Boom.self) {
            try db.inTransaction {
                try store.saveLocation(Location(id: "gone", latitude: 2, longitude: 2))
                let source = try store.beginSource(path: "a", member: nil, inputHash: nil, modifiedAt: nil, now: 0)
                _ = try store.insert(observation("rolled-back", at: 100), locationID: "gone", sourceID: source, line: 1)
                throw Boom()
            }
        }
        try db.inTransaction {
            // These take the keys "gone" and "rolled-back" had.
            try store.saveLocation(Location(id: "other", latitude: 3, longitude: 3))
            try store.saveLocation(Location(id: "gone", latitude: 2, longitude: 2))
            let source = try store.beginSource(path: "b", member: nil, inputHash: nil, modifiedAt: nil, now: 0)
            #expect(try store.insert(observation("taker", at: 100), locationID: "other", sourceID: source, line: 1))
            #expect(try store.insert(observation("rolled-back", at: 200), locationID: "gone", sourceID: source, line: 2))
        }
        let rows = try db.rows("SELECT provider, location_id, observed_at_utc FROM observations ORDER BY id").map { $0.map { $0.string ?? "" } }
        #expect(rows == [["taker", "other", "1970-01-01T00:01:40Z"], ["rolled-back", "gone", "1970-01-01T00:03:20Z"]])
        try Self.assertViewsHoldEveryRow(db)
    }

    /// A single-model forecast (model nil) and one of a named model are two feeds; the view
    /// gives NULL back for the first, as the version 1 table held it. Instants before 1970 and
    /// at the epoch are formatted as ISO text like any other.
    @Test func modelsAndInstantsReadBackAsVersion1HeldThem() throws {
        let t = try TemporaryStore()
        let store = t.store
        try store.saveLocation(Location(id: "p", latitude: 1, longitude: 1))
        let source = try store.beginSource(path: "a", member: nil, inputHash: nil, modifiedAt: nil, now: 0)
        for (model, issued) in [(nil, Int64(-86_400)), ("icon_d2", Int64(0)), (nil, Int64(-2_208_988_800))] as [(String?, Int64)] {
            var f = Forecast(provider: "open-meteo", product: "forecast", latitude: 1, longitude: 1, issuedAt: issued,
                             issuedAtSource: .body, period: .hour, validFrom: issued + 3600, validTo: issued + 7200)
            f.model = model
            #expect(try store.insert(f, locationID: "p", sourceID: source, line: 1))
        }
        // The same key again (model nil): a duplicate, not a new row.
        var again = Forecast(provider: "open-meteo", product: "forecast", latitude: 1, longitude: 1, issuedAt: 0,
                             issuedAtSource: .body, period: .hour, validFrom: 3600, validTo: 7200)
        again.model = "icon_d2"
        #expect(try !store.insert(again, locationID: "p", sourceID: source, line: 2))
        let rows = try store.database.rows("SELECT quote(model), issued_at_utc, valid_from_utc, lead_hours FROM forecasts ORDER BY id")
        #expect(rows.map { $0[0].string } == ["NULL", "'icon_d2'", "NULL"])
        #expect(rows.map { $0[1].string } == ["1969-12-31T00:00:00Z", "1970-01-01T00:00:00Z", "1900-01-01T00:00:00Z"])
        #expect(rows.map { $0[2].string } == ["1969-12-31T01:00:00Z", "1970-01-01T01:00:00Z", "1900-01-01T01:00:00Z"])
        #expect(try store.database.scalar("SELECT COUNT(*) FROM feeds")?.int == 2)
        try Self.assertViewsHoldEveryRow(store.database)
    }
}
