#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CSQLite

/// `SQLITE_TRANSIENT` is a C macro (`(sqlite3_destructor_type)-1`) that Swift cannot import:
/// it tells SQLite to copy bound text and blobs before `bind` returns.
let SQLITE_TRANSIENT = unsafeBitCast(Int(-1), to: sqlite3_destructor_type.self)

/// One SQLite connection. Not thread-safe by design: one owner, one thread.
///
/// Opened in WAL mode with a busy timeout, so a reader (or a second wxpipe) can work beside a
/// writer. https://www.sqlite.org/wal.html
public final class Database {
    let handle: OpaquePointer
    public let path: String
    /// How many times a transaction of this connection was rolled back.
    public internal(set) var rollbacks = 0

    /// How long a statement waits for another connection's write lock before it fails with
    /// `StoreError.locked`: 30 s, or `WXPIPE_BUSY_TIMEOUT_MS` (for tests of a locked store).
    static let busyTimeoutMilliseconds: Int32 = {
        getenv("WXPIPE_BUSY_TIMEOUT_MS").flatMap { Int32(String(cString: $0)) }.map { max(0, $0) } ?? 30_000
    }()

    /// Runs once, before the first connection initializes SQLite. Statement journals keep
    /// SQLite's default spill (64 KiB): kept in memory up to 16 MiB, SQLite 3.40 failed the
    /// aggregate's DROP of a large derived table with "database or disk is full".
    private static let configured: Bool = {
        wxpipe_sqlite_disable_memstatus() == SQLITE_OK
    }()

    public init(path: String, readOnly: Bool = false) throws(StoreError) {
        _ = Database.configured
        var db: OpaquePointer?
        let flags = readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        let rc = sqlite3_open_v2(path, &db, flags | SQLITE_OPEN_NOMUTEX, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close_v2(db)
            throw StoreError(sqlite: rc, message: "\(message): \(path)", path: path)
        }
        self.handle = db
        self.path = path
        // Counts rollbacks, explicit or forced by an error, for caches of keys written in a
        // transaction (`rollbacks`). https://www.sqlite.org/c3ref/commit_hook.html
        sqlite3_rollback_hook(db, { context in
            guard let context else { return }
            Unmanaged<Database>.fromOpaque(context).takeUnretainedValue().rollbacks += 1
        }, Unmanaged.passUnretained(self).toOpaque())
        sqlite3_busy_timeout(db, Database.busyTimeoutMilliseconds)
        sqlite3_extended_result_codes(db, 1)
        if !readOnly {
            try execute("PRAGMA journal_mode=WAL")
            try execute("PRAGMA synchronous=NORMAL")
        }
        try execute("PRAGMA foreign_keys=ON")
        // Fault injection for tests: `WXPIPE_FAULT_MAX_PAGES=N` caps the file at N pages, so a
        // write past it fails with SQLITE_FULL exactly as a full disk does.
        if !readOnly, let limit = getenv("WXPIPE_FAULT_MAX_PAGES").flatMap({ Int(String(cString: $0)) }) {
            try execute("PRAGMA max_page_count=\(limit)")
        }
    }

    deinit {
        cache.removeAll()
        sqlite3_close_v2(handle)
    }

    /// The statements of `run`, `rows` and `scalar`, prepared once per SQL text: ingest asks the
    /// same few bookkeeping questions of every file (was it read? drop its earlier sources), and
    /// preparing them anew cost more than running them on a folder of small files.
    private var cache: [String: Statement] = [:]
    /// Distinct texts kept at most; past that the cache starts over (texts built at run time,
    /// such as a dump's per-table queries, do not grow it without bound).
    private static let cacheLimit = 64

    /// The cached statement of `sql`, prepared when new.
    private func cached(_ sql: String) throws(StoreError) -> Statement {
        if let s = cache[sql] { return s }
        let s = try Statement(database: self, sql: sql, cached: true)
        if cache.count >= Database.cacheLimit { cache.removeAll() }
        cache[sql] = s
        return s
    }

    var lastError: String { String(cString: sqlite3_errmsg(handle)) }

    /// Runs SQL without parameters (schema, pragmas); may hold several statements.
    public func execute(_ sql: String) throws(StoreError) {
        var err: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &err)
        if rc != SQLITE_OK {
            let message = err.map { String(cString: $0) } ?? lastError
            sqlite3_free(err)
            throw StoreError(sqlite: rc, message: message, sql: sql, path: path)
        }
    }

    /// Prepares a statement; parameters are bound, never spliced into SQL text.
    public func prepare(_ sql: String) throws(StoreError) -> Statement {
        try Statement(database: self, sql: sql)
    }

    /// Runs one statement with bound parameters.
    public func run(_ sql: String, _ values: [SQLValue] = []) throws(StoreError) {
        let s = try cached(sql)
        defer { s.reset() }
        try s.run(values)
    }

    /// All rows of a query.
    public func rows(_ sql: String, _ values: [SQLValue] = []) throws(StoreError) -> [[SQLValue]] {
        let s = try cached(sql)
        defer { s.reset() }
        return try s.rows(values)
    }

    /// The first column of the first row, or nil.
    public func scalar(_ sql: String, _ values: [SQLValue] = []) throws(StoreError) -> SQLValue? {
        try rows(sql, values).first?.first
    }

    public var changes: Int { Int(sqlite3_changes(handle)) }
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Runs `body` in one transaction: commits when it returns, rolls back and rethrows when it
    /// throws (a failed rollback is not reported over the error that caused it). Every write
    /// that must be all-or-nothing goes through here, as GRDB's `inTransaction` does.
    /// `BEGIN IMMEDIATE` takes the write lock up front, so a busy store waits here (busy
    /// timeout) rather than failing halfway through a batch.
    public func inTransaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            if !isAutocommit { try? execute("ROLLBACK") }
            throw error
        }
    }

    /// Ends the open transaction and starts the next at once: a long write (an ingest of a
    /// million documents) commits in batches inside one `inTransaction` call, so its WAL stays
    /// bounded while a failure still rolls back only the batch in progress.
    public func commitAndContinue() throws(StoreError) {
        try execute("COMMIT")
        try execute("BEGIN IMMEDIATE")
    }

    /// Turns the connection's enforcement of foreign keys off or on again (on is how every
    /// connection opens). Off, SQLite neither checks a new row's parent nor cascades a delete:
    /// the ingest turns it off around its writes, whose every record belongs to the source it
    /// has just created, and deletes sources with their rows itself (`Store.deleteSources`).
    /// Only outside a transaction, where SQLite ignores the pragma: the setting is read back and
    /// a mismatch throws rather than leaving the connection not as asked.
    public func setForeignKeys(_ on: Bool) throws(StoreError) {
        try execute("PRAGMA foreign_keys=\(on ? "ON" : "OFF")")
        guard try scalar("PRAGMA foreign_keys")?.int == (on ? 1 : 0) else {
            throw StoreError.inconsistent(path: path, what: "foreign keys could not be turned \(on ? "on" : "off") inside a transaction")
        }
    }

    /// Keeps SQLite's temporary files in memory (`temp_store=MEMORY`), or on disk again as
    /// SQLite's default. The sub-journal of an open savepoint is one of them: with it on disk
    /// every page a savepoint changes is first written there, one `pwrite` each. Set outside a
    /// transaction only; SQLite drops the connection's TEMP tables when the setting changes.
    public func setTemporaryFilesInMemory(_ inMemory: Bool) throws(StoreError) {
        try execute("PRAGMA temp_store=\(inMemory ? "MEMORY" : "DEFAULT")")
    }

    /// Runs `body` with SQLite's sorter allowed one helper thread per core beyond this one
    /// (`PRAGMA threads`, at most 4), then back to what it was. A large `ORDER BY` that spills is sorted
    /// in parallel pieces and merged; the rows come out in the same order only when the `ORDER BY`
    /// decides every tie (ends with a unique column such as `rowid`), which is why this is scoped
    /// to the reads that do, never set for the connection. Nested calls keep the outer setting.
    public func withSortThreads<T>(_ body: () throws -> T) throws -> T {
        let before = try scalar("PRAGMA threads")?.int ?? 0
        let helpers = min(4, max(0, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))) - 1))
        try execute("PRAGMA threads=\(helpers)")
        defer { try? execute("PRAGMA threads=\(before)") }
        return try body()
    }

    /// Opens a savepoint inside the open transaction: a part of it that can be undone alone
    /// (`rollback(to:)`) while what came before it stays. `name` comes from code, never input.
    public func savepoint(_ name: String) throws(StoreError) {
        try execute("SAVEPOINT \(name)")
    }

    /// Keeps what was written since the savepoint as part of the transaction.
    public func release(_ name: String) throws(StoreError) {
        try execute("RELEASE \(name)")
    }

    /// Undoes what was written since the savepoint and closes it; the transaction stays open.
    /// SQLite's rollback hook does not see this, so it is counted here (`rollbacks`): keys
    /// created since the savepoint are gone as after a full rollback.
    public func rollback(to name: String) throws(StoreError) {
        rollbacks += 1
        try execute("ROLLBACK TO \(name)")
        try execute("RELEASE \(name)")
    }

    /// True outside a transaction (SQLite's autocommit mode).
    public var isAutocommit: Bool { sqlite3_get_autocommit(handle) != 0 }

    /// The same as `inTransaction`; kept under its earlier name for callers not yet renamed.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try inTransaction(body)
    }

    /// Names of the tables in the main schema, sorted.
    public func tableNames() throws(StoreError) -> [String] {
        try rows("SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
            .compactMap { $0.first?.string }
    }

    /// Quotes an identifier for SQL text. Used only for names read back from `sqlite_master`
    /// or checked against it; values are always bound.
    public static func quoteIdentifier(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: Character(target), omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
