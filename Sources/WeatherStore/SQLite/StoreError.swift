import CSQLite

/// What went wrong with a store, as a case a caller can match and a message a user can act on.
///
/// Only `.sqlite` is SQLite's own failure, and only its message says "SQLite error": a store
/// written by a newer wxpipe, a file that is not a store, or a store another program keeps
/// locked are said in words, with what to do. Result codes are read here and in the wrapper
/// (`Database`, `Statement`), nowhere else: `init(sqlite:message:sql:path:)` maps the codes
/// that have a case of their own.
public enum StoreError: Error, Sendable, CustomStringConvertible, Equatable {
    /// SQLite returned `code` (an extended result code) running `sql`.
    case sqlite(code: Int32, message: String, sql: String?)
    /// The store's `meta.schema_version` is newer than this build reads.
    case newerSchema(path: String, found: Int, supported: Int)
    /// The file exists but is not a wxpipe store: `why` says what it is ("not a SQLite file").
    case notAStore(path: String, why: String)
    /// Another connection held the store's write lock for longer than the busy timeout.
    case locked(path: String)
    /// A file to read could not be opened (`reason` from the system, or why SQLite refused it).
    case cannotOpen(path: String, reason: String)
    /// The folder of a new store could not be made (`reason` says why).
    case cannotCreate(path: String, reason: String)
    /// The lock file beside the store could not be created or taken.
    case lockFile(path: String, reason: String)
    /// The store is not as wxpipe wrote it (an upgrade that would lose rows, a key missing).
    case inconsistent(path: String, what: String)
    /// A row was bound with another number of values than its statement has parameters: a
    /// defect in wxpipe, caught before SQLite could store a value in its neighbour's column.
    case bindingMismatch(bound: Int, expected: Int, sql: String)
    /// An insert names a column its table's declaration does not have: a defect in wxpipe.
    case undeclaredColumn(table: String, column: String)

    /// The error for a SQLite result code: the codes with a meaning of their own get their case.
    init(sqlite code: Int32, message: String, sql: String? = nil, path: String) {
        switch code & 0xFF {
        case SQLITE_BUSY, SQLITE_LOCKED: self = .locked(path: path)
        case SQLITE_NOTADB: self = .notAStore(path: path, why: "not a SQLite file")
        default: self = .sqlite(code: code, message: message, sql: sql)
        }
    }

    /// SQLite's extended result code, for `.sqlite` (and the primary code of `.locked`).
    public var sqliteCode: Int32? {
        switch self {
        case .sqlite(let code, _, _): return code
        case .locked: return SQLITE_BUSY
        default: return nil
        }
    }

    /// True when SQLite failed with the primary result code `primary` (`SQLITE_READONLY`, …).
    public func isSQLite(_ primary: Int32) -> Bool {
        sqliteCode.map { $0 & 0xFF == primary } ?? false
    }

    /// The message without the "SQLite error N" prefix.
    public var message: String {
        switch self {
        case .sqlite(_, let message, _):
            return message
        case .newerSchema(let path, let found, let supported):
            return "\(path) has store schema \(found), newer than this wxpipe's \(supported): "
                + "use a newer wxpipe, or ingest into a new store"
        case .notAStore(let path, let why):
            return "\(path) is \(why), so not a wxpipe store"
        case .locked(let path):
            return "the store \(path) is locked by another program (a sqlite3 shell or a tool with a write "
                + "transaction open) and stayed locked for \(StoreError.duration(Database.busyTimeoutMilliseconds)): close it and run again"
        case .cannotOpen(let path, let reason):
            return "cannot open \(path): \(reason)"
        case .cannotCreate(_, let reason):
            return reason
        case .lockFile(let path, let reason):
            return "cannot lock \(path): \(reason)"
        case .inconsistent(let path, let what):
            return "\(path): \(what)"
        case .bindingMismatch(let bound, let expected, _):
            return "\(bound) value(s) bound for \(expected) column(s)"
        case .undeclaredColumn(let table, let column):
            return "\(column) is not a column of \(table)'s declaration"
        }
    }

    static func duration(_ ms: Int32) -> String {
        ms >= 1000 && ms % 1000 == 0 ? "\(ms / 1000) s" : "\(ms) ms"
    }

    public var description: String {
        switch self {
        case .sqlite(let code, let message, let sql):
            var s = "SQLite error \(code): \(message)"
            if let sql { s += " (in: \(sql.prefix(200)))" }
            return s
        case .bindingMismatch(_, _, let sql):
            return "internal error: \(message) (in: \(sql.prefix(200)))"
        case .undeclaredColumn:
            return "internal error: " + message
        default:
            return message
        }
    }
}
