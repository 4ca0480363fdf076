#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Exports tables of a store as CSV files or as a standalone SQLite file.
///
/// Each output is written to a temporary name beside its destination and renamed into place
/// only when complete, so a failed export never leaves a half-written file behind.
public struct Exporter {
    public let database: Database

    public init(database: Database) { self.database = database }

    /// Resolves requested table names against the store; unknown names are an error.
    public func tables(_ requested: [String]) throws(StoreError) -> [String] {
        let existing = try database.tableNames().filter { $0 != "meta" }
        if requested.isEmpty { return existing }
        for name in requested where !existing.contains(name) {
            throw StoreError(code: -1, message: "no table named '\(name)' (tables: \(existing.joined(separator: ", ")))")
        }
        return requested
    }

    /// Writes `<dir>/<table>.csv` for each table; returns (table, rows) pairs.
    @discardableResult
    public func exportCSV(tables requested: [String], to directory: String, dialect: CSVDialect = .rfc4180,
                          units: ExportUnits = .metric) throws -> [(String, Int)] {
        let names = try tables(requested)
        try Exporter.makeDirectory(directory)
        var written: [(String, Int)] = []
        for table in names {
            let final = directory + "/" + table + ".csv"
            let temp = final + ".tmp-\(getpid())"
            do {
                let writer = try FileWriter(path: temp)
                let stmt = try database.prepare("SELECT * FROM \(Database.quoteIdentifier(table)) ORDER BY rowid")
                let shape = ExportShape(table: table, columns: stmt.columnNames, dialect: dialect, units: units)
                try writer.write(dialect.preamble + shape.header.map(CSV.headerCell).joined(separator: ",") + dialect.lineEnding)
                var rows = 0
                try stmt.forEachRow { row in
                    try writer.write(shape.transform(row).map(CSV.cell).joined(separator: ",") + dialect.lineEnding)
                    rows += 1
                }
                try writer.close()
                guard rename(temp, final) == 0 else {
                    throw StoreError(code: -1, message: "cannot move \(temp) to \(final): \(String(cString: strerror(errno)))")
                }
                written.append((table, rows))
            } catch {
                unlink(temp)
                throw error
            }
        }
        return written
    }

    /// Copies the tables (schema and rows) into a new SQLite file at `path`.
    public func exportSQLite(tables requested: [String], to path: String) throws {
        let names = try tables(requested)
        let temp = path + ".tmp-\(getpid())"
        unlink(temp)
        do {
            try database.run("ATTACH DATABASE ? AS export", [.text(temp)])
            // A chosen table may reference one not chosen (observations → sources): the copy is
            // a snapshot, so its foreign keys are not enforced while copying.
            try database.execute("PRAGMA foreign_keys=OFF")
            defer {
                try? database.execute("DETACH DATABASE export")
                try? database.execute("PRAGMA foreign_keys=ON")
            }
            try database.transaction {
                for table in names {
                    guard let create = try database.scalar(
                        "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", [.text(table)])?.string else { continue }
                    // CREATE TABLE "x" (...) → CREATE TABLE export."x" (...): names come from sqlite_master.
                    let body = create.drop(while: { $0 != "(" })
                    try database.execute("CREATE TABLE export.\(Database.quoteIdentifier(table)) \(body)")
                    try database.execute("INSERT INTO export.\(Database.quoteIdentifier(table)) SELECT * FROM main.\(Database.quoteIdentifier(table))")
                }
            }
            try database.execute("DETACH DATABASE export")
            guard rename(temp, path) == 0 else {
                throw StoreError(code: -1, message: "cannot move \(temp) to \(path): \(String(cString: strerror(errno)))")
            }
        } catch {
            unlink(temp)
            throw error
        }
    }

    /// Writes `text` to `path` through a temporary file renamed into place: a failure (a full
    /// disk) leaves no half-written file and any earlier version intact.
    public static func writeText(_ text: String, to path: String) throws {
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            try makeDirectory(String(path[..<slash]))
        }
        let temp = path + ".tmp-\(getpid())"
        do {
            let writer = try FileWriter(path: temp)
            try writer.write(text)
            try writer.close()
            guard rename(temp, path) == 0 else {
                throw StoreError(code: -1, message: "cannot move \(temp) to \(path): \(String(cString: strerror(errno)))")
            }
        } catch {
            unlink(temp)
            throw error
        }
    }

    /// `mkdir -p`.
    public static func makeDirectory(_ path: String) throws(StoreError) {
        var built = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            built += "/" + part
            var st = stat()
            if stat(built, &st) == 0 {
                if st.st_mode & S_IFMT != S_IFDIR {
                    throw StoreError(code: -1, message: "\(built) exists and is not a directory")
                }
                continue
            }
            if mkdir(built, 0o755) != 0 && errno != EEXIST {
                throw StoreError(code: -1, message: "cannot create directory \(built): \(String(cString: strerror(errno)))")
            }
        }
    }
}
