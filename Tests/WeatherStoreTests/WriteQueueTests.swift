import Foundation
import Testing
import TestSupport
@testable import WeatherStore

/// `WriteQueue`: writes run in the order queued, on a thread of their own; the first error stops
/// the queue and is thrown to the caller; at most `capacity` writes wait; a stopped queue drops
/// what was not run and runs later writes inline. `Database.readerBeside`: a second connection
/// only where it sees the same tables, and never the writer's open transaction.
struct WriteQueueTests {
    struct Boom: Error, Equatable { var n: Int }

    /// A list shared with the queue's thread.
    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [Int] = []
        func append(_ n: Int) { lock.lock(); items.append(n); lock.unlock() }
        var values: [Int] { lock.lock(); defer { lock.unlock() }; return items }
    }

    @Test(arguments: [true, false])
    func writesRunInTheOrderQueued(threaded: Bool) throws {
        let queue = WriteQueue(threaded: threaded, capacity: 3)
        defer { queue.stop() }
        let log = Log()
        for n in 0..<1_000 { try queue.run { log.append(n) } }
        try queue.drain()
        #expect(log.values == Array(0..<1_000))
        #expect(queue.threaded == threaded)
    }

    @Test func theFirstErrorStopsTheQueueAndReachesTheCaller() throws {
        let queue = WriteQueue(threaded: true, capacity: 4)
        defer { queue.stop() }
        let log = Log()
        try queue.run { log.append(1) }
        try queue.run { throw Boom(n: 2) }
        // Queued before or after the failure is seen: none of these runs.
        var thrown: Error?
        for n in 3...10 {
            do { try queue.run { log.append(n) } } catch { thrown = error; break }
        }
        if thrown == nil { #expect(throws: Boom(n: 2)) { try queue.drain() } }
        #expect(throws: Boom(n: 2)) { try queue.drain() }
        #expect(throws: Boom(n: 2)) { try queue.run { log.append(99) } }
        #expect(log.values == [1])
    }

    @Test func atMostCapacityWritesWait() throws {
        let queue = WriteQueue(threaded: true, capacity: 2)
        let gate = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        let queued = Log()
        try queue.run { started.signal(); gate.wait() }
        started.wait()
        let producer = Thread {
            for n in 0..<6 {
                try? queue.run {}
                queued.append(n)
            }
        }
        producer.start()
        Thread.sleep(forTimeInterval: 0.2)
        // One write runs (held by the gate), two wait: the third `run` blocks.
        #expect(queued.values.count == 2)
        gate.signal()
        try queue.drain()
        while queued.values.count < 6 { Thread.sleep(forTimeInterval: 0.01) }
        try queue.drain()
        queue.stop()
    }

    @Test func aStoppedQueueDropsWhatWaitedAndRunsLaterWritesInline() throws {
        let queue = WriteQueue(threaded: true, capacity: 8)
        let gate = DispatchSemaphore(value: 0)
        let log = Log()
        let started = DispatchSemaphore(value: 0)
        try queue.run { started.signal(); gate.wait(); log.append(1) }
        try queue.run { log.append(2) }
        // Once the first write runs, stop while it runs and the second waits.
        started.wait()
        let stopper = Thread { queue.stop() }
        stopper.start()
        Thread.sleep(forTimeInterval: 0.05)
        gate.signal()
        while log.values.isEmpty { Thread.sleep(forTimeInterval: 0.01) }
        queue.stop()
        #expect(log.values == [1])
        let caller = Thread.current
        nonisolated(unsafe) var ranOn: Thread?
        try queue.run { log.append(3); ranOn = Thread.current }
        try queue.drain()
        #expect(log.values == [1, 3])
        #expect(ranOn === caller)
    }

    @Test func aReaderBesideSeesTheCommittedStoreOnly() throws {
        let t = try TemporaryStore()
        defer { withExtendedLifetime(t) {} }
        let db = t.store.database
        try db.execute("CREATE TABLE t (i INTEGER)")
        try db.execute("INSERT INTO t VALUES (1)")
        let reader = try #require(db.readerBeside())
        try db.inTransaction {
            try db.execute("INSERT INTO t VALUES (2)")
            #expect(try reader.scalar("SELECT COUNT(*) FROM t")?.int == 1, "the writer's open transaction is not seen")
            #expect(throws: StoreError.self) { try reader.execute("INSERT INTO t VALUES (3)") }
        }
        #expect(try reader.scalar("SELECT COUNT(*) FROM t")?.int == 2)
    }

    @Test func noReaderBesideWhereItWouldSeeOtherTables() throws {
        let memory = try Database(path: ":memory:")
        #expect(memory.readerBeside() == nil)
        let t = try TemporaryStore()
        defer { withExtendedLifetime(t) {} }
        let db = t.store.database
        try db.execute("CREATE TEMP TABLE scratch (i INTEGER)")
        #expect(db.readerBeside() == nil, "a temporary table of this connection")
        try db.execute("DROP TABLE temp.scratch")
        #expect(db.readerBeside() != nil)
        let other = try TemporaryStore()
        defer { withExtendedLifetime(other) {} }
        try db.attachReadOnly(other.store.database.path, as: "records")
        #expect(db.readerBeside() == nil, "an attached schema")
    }
}
