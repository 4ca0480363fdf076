#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WeatherStore

extension Exporter {
    /// Copies the tables (schema and rows) into a new SQLite file at `path`.
    ///
    /// The copy is made by `ATTACH` + `CREATE TABLE` + `INSERT … SELECT`, so `database` must be a
    /// writable connection (SQLite attaches only through one).
    public func exportSQLite(tables requested: [String], to path: String) throws {
        let names = try tables(requested)
        let temp = OutputFile.temporaryName(for: path)
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
            try database.inTransaction {
                for table in names { try copyTable(table) }
            }
            try database.execute("DETACH DATABASE export")
            try OutputFile.moveIntoPlace(temp, path)
        } catch {
            unlink(temp)
            throw error
        }
    }

    /// Creates `table` in the attached `export` schema as it is in the store, and fills it.
    private func copyTable(_ table: String) throws {
        guard let create = try database.createStatement(of: table) else { return }
        // CREATE TABLE "x" (...) → CREATE TABLE export."x" (...): names come from sqlite_master.
        let body = create.drop(while: { $0 != "(" })
        try database.execute("CREATE TABLE export.\(Database.quoteIdentifier(table)) \(body)")
        let filter = try completeSourcesFilter(table: table)
        try database.execute("INSERT INTO export.\(Database.quoteIdentifier(table)) SELECT * FROM main.\(Database.quoteIdentifier(table))\(filter)")
    }
}
