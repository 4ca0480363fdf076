import Foundation

/// A connection's writes run in order on a thread of their own, while the thread that made
/// them goes on (reading through another connection, computing the next rows).
///
/// A `Database` is one thread's at a time, so once writes are queued here the connection is this
/// queue's until `drain` returns: the caller must not touch it in between, and reads the store
/// through a connection of its own (`Database.readerBeside`). Writes run in the order they were
/// queued; the first that throws stops the queue, and its error is thrown by the next `run` or
/// `drain`, so the transaction around them rolls back as if the write had run inline. At most
/// `capacity` writes wait: the queue's memory is bounded by what they hold, not by the run.
///
/// `threaded: false` runs each write at once in the caller's thread: the same order and errors,
/// for a store that cannot have a second connection (`:memory:`, a rollback journal, attached
/// schemas).
public final class WriteQueue: @unchecked Sendable {
    public typealias Write = () throws -> Void

    public let threaded: Bool
    private let capacity: Int
    private let condition = NSCondition()
    private var pending: [Write] = []
    private var head = 0
    private var running = false
    private var failure: Error?
    private var stopping = false
    private var stopped = false

    public init(threaded: Bool, capacity: Int = 64) {
        self.threaded = threaded
        self.capacity = max(1, capacity)
        guard threaded else { return }
        let thread = Thread { [self] in loop() }
        thread.name = "wxpipe-writes"
        thread.start()
    }

    /// Queues `write` (runs it now when not threaded, or once stopped: the connection is the
    /// caller's again); throws the error of an earlier write.
    public func run(_ write: @escaping Write) throws {
        guard threaded else { return try write() }
        condition.lock()
        defer { condition.unlock() }
        while failure == nil && !stopping && pending.count - head >= capacity { condition.wait() }
        if let failure { throw failure }
        if stopping {
            condition.unlock()
            defer { condition.lock() }
            return try write()
        }
        pending.append(write)
        condition.broadcast()
    }

    /// Waits until every queued write has run; throws the first error. The connection is the
    /// caller's again until the next `run`.
    public func drain() throws {
        guard threaded else { return }
        condition.lock()
        defer { condition.unlock() }
        while failure == nil && !stopping && (running || head < pending.count) { condition.wait() }
        if let failure { throw failure }
    }

    /// Ends the thread once the write running now returns; writes not yet run are dropped (the
    /// caller is leaving on an error, and its transaction rolls back). A threaded queue must be
    /// stopped: its thread holds it until then.
    public func stop() {
        guard threaded else { return }
        condition.lock()
        stopping = true
        condition.broadcast()
        while !stopped { condition.wait() }
        condition.unlock()
    }

    private func loop() {
        condition.lock()
        while true {
            while !stopping && (head == pending.count || failure != nil) { condition.wait() }
            if stopping { break }
            let write = pending[head]
            head += 1
            if head == pending.count {
                pending.removeAll(keepingCapacity: true)
                head = 0
            } else if head >= capacity {
                // Run writes are let go of, so what they captured is freed as they run.
                pending.removeFirst(head)
                head = 0
            }
            running = true
            condition.unlock()
            var error: Error?
            do { try write() } catch let e { error = e }
            condition.lock()
            running = false
            if let error, failure == nil { failure = error }
            condition.broadcast()
        }
        pending.removeAll()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }
}

extension Database {
    /// A read-only connection to this store's file, for reads beside this connection's writes
    /// (`WriteQueue`). It sees the store as last committed, never this connection's open
    /// transaction: for reads of tables that transaction does not change. Nil when no second
    /// connection would see the same tables: an in-memory store, a journal other than WAL (whose
    /// readers wait for the writer), attached schemas or temporary tables of this connection.
    public func readerBeside() -> Database? {
        guard !path.isEmpty, path != ":memory:", !path.hasPrefix("file:"),
              (try? scalar("PRAGMA journal_mode"))??.string == "wal",
              let schemas = try? rows("SELECT name FROM pragma_database_list"),
              schemas.allSatisfy({ ["main", "temp"].contains($0.first?.string ?? "") }),
              (try? scalar("SELECT COUNT(*) FROM temp.sqlite_master"))??.int == 0,
              let reader = try? Database(path: path, readOnly: true),
              (try? reader.execute("PRAGMA query_only=ON")) != nil else { return nil }
        return reader
    }
}
