#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WeatherCore

/// Opening a store that must already exist (aggregate, export, report, forget): a missing file
/// is not created, and a file that is not a wxpipe store is refused with a plain sentence — no
/// SQLite result code and no SQL text, which say nothing to a user who mistyped a name.
public enum StoreFile {
    /// Why an existing store could not be used.
    public struct Unavailable: Error, Sendable, CustomStringConvertible {
        public var message: String
        public init(_ message: String) { self.message = message }
        public var description: String { message }
    }

    /// Opens `path` when it is a wxpipe store; throws `Unavailable` otherwise.
    public static func open(_ path: String, readOnly: Bool) throws(Unavailable) -> Database {
        try check(path)
        do {
            return try Database(path: path, readOnly: readOnly)
        } catch {
            throw Unavailable("cannot open the store \(path): \(error.message)")
        }
    }

    /// For a store that may be created (ingest): nothing to check when `path` does not exist or
    /// is empty (SQLite makes an empty file a database); otherwise it must be a wxpipe store.
    ///
    /// `beingCreated`: another wxpipe process may be creating this store right now (before this
    /// one holds the lock), so a database with some of wxpipe's tables, or none at all, passes;
    /// only a file that is not SQLite, or a database of another program's tables alone, fails.
    /// Checked again without it once the lock is held.
    public static func checkIfPresent(_ path: String, beingCreated: Bool = false) throws(Unavailable) {
        var st = stat()
        guard stat(path, &st) == 0, !(st.st_mode & S_IFMT == S_IFREG && st.st_size == 0) else { return }
        try check(path, beingCreated: beingCreated, emptyIsNew: true)
    }

    /// Checks that `path` exists and holds wxpipe's tables, without creating or changing it.
    ///
    /// `emptyIsNew`: a database without any table passes, as an empty file does. A run killed
    /// between SQLite writing the file's header (the journal mode is set on open) and committing
    /// the schema leaves exactly that; it holds nobody's data, and the next ingest creates the store in it.
    public static func check(_ path: String, beingCreated: Bool = false, emptyIsNew: Bool = false) throws(Unavailable) {
        var st = stat()
        guard stat(path, &st) == 0 else {
            throw Unavailable("no store at \(path): create it with 'wxpipe ingest --db \(path) PATH...' (or check the name)")
        }
        guard st.st_mode & S_IFMT == S_IFREG else { throw Unavailable("\(path) is not a file, so not a wxpipe store") }
        let database: Database
        do {
            database = try Database(path: path, readOnly: true)
        } catch {
            throw Unavailable("cannot open the store \(path): \(error.message)")
        }
        let tables: [String]
        do {
            tables = try database.userTableNames()
        } catch {
            if case .notAStore = error { throw Unavailable("\(path) is not a SQLite file, so not a wxpipe store") }
            throw Unavailable("cannot read the store \(path): \(error.message)")
        }
        let needed = ["meta", "sources", "locations", "observations", "forecasts"]
        if (beingCreated || emptyIsNew) && tables.isEmpty { return }
        if beingCreated && needed.contains(where: tables.contains) { return }
        if !needed.allSatisfy(tables.contains) {
            throw Unavailable("\(path) is a SQLite database but not a wxpipe store (it lacks wxpipe's tables: "
                              + needed.filter { !tables.contains($0) }.joined(separator: ", ") + ")")
        }
    }

    /// Creates the folder a new store goes in (`--db archive/2024/w.sqlite`).
    public static func createFolder(for path: String) throws(StoreError) {
        if let problem = Folder.createParent(of: path) { throw StoreError.cannotCreate(path: path, reason: problem) }
    }
}
