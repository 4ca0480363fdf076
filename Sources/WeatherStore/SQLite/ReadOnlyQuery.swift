#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CSQLite

/// Why a user's query did not run: no store there, a statement that is not a single read, or
/// an error from SQLite (with its message).
public struct QueryError: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable { case missingStore, refused, failed }
    public var kind: Kind
    public var message: String
    public var description: String { message }
}

/// One SQL statement a user typed, run so that it cannot change the store.
///
/// Three locks, each enough alone for ordinary statements: the file is opened with
/// `SQLITE_OPEN_READONLY`, the connection has `PRAGMA query_only`, and a statement that SQLite
/// does not report read-only (`sqlite3_stmt_readonly`) is refused before it runs. `ATTACH` is
/// denied by an authorizer, since it would create the file it names even on a read-only
/// connection; and only one statement is accepted, so nothing hides after a `;`.
/// https://www.sqlite.org/c3ref/stmt_readonly.html
public final class ReadOnlyQuery {
    public let database: Database
    public let statement: Statement
    /// Values bound to the query's `?` parameters on every read (a caller's filter, never spliced into the text).
    public var parameters: [SQLValue] = []

    public init(store path: String, sql: String) throws(QueryError) {
        guard access(path, F_OK) == 0 else {
            throw QueryError(kind: .missingStore, message: "no store at \(path) (wxpipe ingest creates one)")
        }
        do {
            database = try Database(path: path, readOnly: true)
            try database.execute("PRAGMA query_only=ON")
            // SQLite reads the file lazily: a file that is not a store fails here, not later.
            try database.execute("SELECT COUNT(*) FROM sqlite_master")
        } catch {
            if case .notAStore = error { throw QueryError(kind: .failed, message: error.message) }
            throw QueryError(kind: .failed, message: "cannot open \(path): \(error.message)")
        }
        sqlite3_set_authorizer(database.handle, { _, action, _, _, _, _ in
            action == SQLITE_ATTACH ? SQLITE_DENY : SQLITE_OK
        }, nil)
        try ReadOnlyQuery.checkSingleStatement(sql, in: database)
        do {
            statement = try database.prepare(sql)
        } catch {
            throw QueryError(kind: error.isSQLite(SQLITE_AUTH) ? .refused : .failed, message: error.message)
        }
        guard sqlite3_stmt_readonly(statement.handle) != 0 else {
            throw QueryError(kind: .refused, message: "wxpipe sql only reads: this statement would change the store, so it was not run")
        }
    }

    /// The result's column names.
    public var columnNames: [String] { statement.columnNames }

    /// The declared type of each result column (nil for an expression).
    public var declaredTypes: [String?] {
        (0..<sqlite3_column_count(statement.handle)).map { sqlite3_column_decltype(statement.handle, $0).map { String(cString: $0) } }
    }

    /// Calls `body` for each row as it is read.
    public func forEachRow(_ body: ([SQLValue]) throws -> Void) throws {
        do {
            try statement.forEachRow(parameters, body)
        } catch let error as StoreError {
            let writes = error.isSQLite(SQLITE_READONLY)
            throw QueryError(kind: writes ? .refused : .failed, message: error.message)
        }
    }

    /// Refuses an empty query and one followed by another statement.
    static func checkSingleStatement(_ sql: String, in database: Database) throws(QueryError) {
        var first: OpaquePointer?
        var rest: OpaquePointer?
        defer { sqlite3_finalize(first); sqlite3_finalize(rest) }
        var failure: String?
        sql.withCString { text in
            var tail: UnsafePointer<CChar>?
            let rc = sqlite3_prepare_v2(database.handle, text, -1, &first, &tail)
            if rc != SQLITE_OK { failure = database.lastError; return }
            if let tail, sqlite3_prepare_v2(database.handle, tail, -1, &rest, nil) != SQLITE_OK || rest != nil {
                failure = "one statement at a time: remove what follows the first ';'"
            }
        }
        if let failure {
            if failure.contains("not authorized") {
                throw QueryError(kind: .refused, message: "ATTACH is refused: wxpipe sql reads this one store only")
            }
            // A write to the record views fails as it is prepared, before `sqlite3_stmt_readonly`
            // could tell: it is the same refusal.
            if failure.contains("because it is a view") || failure.contains("use DROP VIEW") {
                throw QueryError(kind: .refused, message: "wxpipe sql only reads: this statement would change the store, so it was not run")
            }
            throw QueryError(kind: failure.hasPrefix("one statement") ? .refused : .failed, message: failure)
        }
        if first == nil { throw QueryError(kind: .refused, message: "the query is empty") }
    }
}
