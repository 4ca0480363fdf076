import Testing
import TestSupport
import WeatherCore
@testable import WeatherStore

/// Observations queued and inserted in groups (`Store.queue(observation:…)`) give the same
/// rows, and the same answer for every row (new or duplicate), as one insert each.
struct ObservationQueueTests {
    /// Documents of 1–25 observations at times drawn from a small pool, with two stations:
    /// many rows repeat one stored before, one earlier in the same group, or one of their own
    /// document, and documents cross the queue's capacity.
    static func documents(seed: UInt64) -> [[Observation]] {
        var random = seed
        func next(_ n: Int) -> Int {
            random = random &* 6364136223846793005 &+ 1442695040888963407
            return Int((random >> 33) % UInt64(n))
        }
        return (0..<60).map { _ in
            (0..<(1 + next(25))).map { _ in
                var o = Observation(provider: "openweathermap", product: "current", observedAt: 1_700_000_000 + Int64(next(90)) * 600,
                                    latitude: 51.5, longitude: -0.12)
                o.stationID = next(4) == 0 ? "EGLL" : nil
                o.tempC = Double(next(300)) / 10
                o.placeName = next(2) == 0 ? "London" : nil
                return o
            }
        }
    }

    func store(_ t: TemporaryStore) throws -> Int64 {
        try t.store.saveLocation(Location(id: "l", latitude: 51.5, longitude: -0.12))
        return try t.store.beginSource(path: "a.ndjson", member: nil, inputHash: nil, modifiedAt: nil, now: 0)
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func queuedRowsAreTheRowsAndAnswersOfSingleInserts(seed: UInt64) throws {
        let docs = Self.documents(seed: seed)
        // One insert per row, as before the queue.
        let single = try TemporaryStore()
        let singleSource = try store(single)
        var singleNew: [Int] = []
        for (line, doc) in docs.enumerated() {
            var new = 0
            for o in doc where try single.store.insert(o, locationID: "l", sourceID: singleSource, line: line) { new += 1 }
            singleNew.append(new)
        }
        // Queued, flushed when full and at the end, as the writer does.
        let queued = try TemporaryStore()
        let queuedSource = try store(queued)
        var queuedNew = Array(repeating: 0, count: docs.count)
        for (line, doc) in docs.enumerated() {
            for k in doc.indices {
                try queued.store.queue(observation: k, of: doc, role: nil, locationID: "l", sourceID: queuedSource, line: line, tag: line)
                if queued.store.observationQueueIsFull { try queued.store.flushObservations { queuedNew[$0] += 1 } }
            }
        }
        try queued.store.flushObservations { queuedNew[$0] += 1 }
        #expect(queued.store.observationsQueued == 0)
        #expect(queuedNew == singleNew)
        #expect(singleNew.reduce(0, +) < docs.map(\.count).reduce(0, +), "the documents hold duplicates")
        #expect(singleNew.contains(0), "some document is all duplicates")
        let sql = "SELECT * FROM observation_rows ORDER BY id"
        #expect(try queued.store.database.rows(sql) == single.store.database.rows(sql))
    }

    @Test func discardedRowsAreNotWritten() throws {
        let t = try TemporaryStore()
        let source = try store(t)
        let doc = Self.documents(seed: 9)[0]
        for k in doc.indices { try t.store.queue(observation: k, of: doc, role: nil, locationID: "l", sourceID: source, line: 0, tag: 0) }
        t.store.discardQueuedObservations()
        var calls = 0
        try t.store.flushObservations { _ in calls += 1 }
        #expect(calls == 0)
        #expect(try t.store.database.rows("SELECT count(*) FROM observation_rows") == [[.integer(0)]])
    }
}
