/// The `sources` table as the ingest stage keeps it: which inputs were read, with which
/// settings, and whether they completed. Deleting a source removes its records, rejects and
/// warnings: explicitly, table by table (`deleteSources`), and not only through the schema's
/// `ON DELETE CASCADE`, because the ingest writes with foreign keys off (`withoutForeignKeys`).
extension Store {
    /// The skip key: an input whose every source completed before, identified by the hash of its
    /// bytes together with the fingerprint of the settings it was read with. The same bytes read
    /// with other settings (units, …) would give other records, so they are not "ingested".
    public func isIngested(inputHash: String, settings: String) throws(StoreError) -> Bool {
        let row = try database.scalar(
            "SELECT COUNT(*) - SUM(status = 'complete') FROM sources WHERE input_hash = ? AND settings_fingerprint IS ?",
            [.text(inputHash), .text(settings)])
        guard let row, case .integer(let pending) = row else { return false }
        return pending == 0
    }

    /// Whether these bytes were read completely before with settings other than `settings`:
    /// the reading about to start replaces that one (the summary says so).
    public func wasIngested(inputHash: String, otherThan settings: String) throws(StoreError) -> Bool {
        try database.scalar("""
            SELECT EXISTS (SELECT 1 FROM sources WHERE input_hash = ? AND status = 'complete' AND settings_fingerprint IS NOT ?)
            """, [.text(inputHash), .text(settings)])?.int == 1
    }

    /// Removes what an interrupted earlier run left of an input (its sources not marked complete),
    /// so that re-running gives the same tables as one uninterrupted run.
    public func discardIncomplete(path: String) throws(StoreError) {
        try Store.deleteSources(in: database, where: "path = ? AND status <> 'complete'", [.text(path)])
    }

    /// Removes every source not marked complete, with its records; returns how many. Only a
    /// process holding the store's lock may call it: then no ingest is running, and any
    /// `in_progress` source is what a killed run left behind.
    @discardableResult
    public func discardIncomplete() throws(StoreError) -> Int {
        try Store.discardIncomplete(in: database)
    }

    /// `discardIncomplete()` on a bare connection (the aggregate and report stages open one).
    @discardableResult
    public static func discardIncomplete(in database: Database) throws(StoreError) -> Int {
        try deleteSources(in: database, where: "status <> 'complete'")
    }

    /// Drops all earlier sources of an input path (a changed file, new settings, `--force`), so
    /// records are not doubled.
    public func discardSources(path: String) throws(StoreError) {
        try Store.deleteSources(in: database, where: "path = ?", [.text(path)])
    }

    /// Drops earlier readings of the same bytes, at any path, made with settings other than
    /// `settings` (all of them when nil): the new reading replaces them.
    public func discardSources(inputHash: String, otherThan settings: String?) throws(StoreError) {
        if let settings {
            try Store.deleteSources(in: database, where: "input_hash = ? AND settings_fingerprint IS NOT ?",
                                    [.text(inputHash), .text(settings)])
        } else {
            try Store.deleteSources(in: database, where: "input_hash = ?", [.text(inputHash)])
        }
    }

    /// What `forget` removed under one path.
    public struct Forgotten: Sendable, Equatable {
        public var sources = 0
        public var documents = 0
        public var records = 0
        public init() {}
    }

    /// Removes the sources whose path is `path`, or lies under it when `path` is a folder
    /// (`archive` and `archive/` both match `archive/2024/x.json`), with their records. The
    /// comparison is on the text as it was given to `ingest`, byte for byte (no LIKE patterns).
    public func forget(path: String) throws(StoreError) -> Forgotten {
        var folder = path
        while folder.count > 1 && folder.hasSuffix("/") { folder.removeLast() }
        let prefix = folder == "/" ? "/" : folder + "/"
        let match = "path = ? OR substr(path, 1, length(?)) = ?"
        let values: [SQLValue] = [.text(folder), .text(prefix), .text(prefix)]
        let counts = try database.rows("SELECT COUNT(*), TOTAL(documents), TOTAL(records) FROM sources WHERE \(match)", values)[0]
        var forgotten = Forgotten()
        forgotten.sources = Int(counts[0].int ?? 0)
        forgotten.documents = Int(counts[1].double ?? 0)
        forgotten.records = Int(counts[2].double ?? 0)
        try Store.deleteSources(in: database, where: match, values)
        return forgotten
    }

    /// The tables whose rows belong to a source (a `source_id` column), from the declarations.
    static let sourceOwnedTables: [String] = Schema.declarations
        .filter { $0.columns.contains { $0.name == ColumnDeclaration.sourceID.name } }
        .map(\.rowTable)

    /// Deletes the sources matching `condition` (SQL over `sources`' columns, with `values`
    /// bound) and every row of theirs in `sourceOwnedTables`, children first; returns the
    /// sources deleted. The schema's cascade would do the same, but only with foreign keys on,
    /// and the ingest's connection writes with them off: SQLite looked the source up again for
    /// every record inserted, a twentieth of the writer's work on a folder of Open-Meteo replies.
    /// The sources are found first, so that the usual case, a file read for the first time,
    /// costs one query and not one per table.
    @discardableResult
    static func deleteSources(in database: Database, where condition: String, _ values: [SQLValue] = []) throws(StoreError) -> Int {
        let ids = try database.rows("SELECT id FROM sources WHERE \(condition)", values).compactMap { $0.first?.int }
        for id in ids {
            for table in sourceOwnedTables {
                try database.run("DELETE FROM \(table) WHERE source_id = ?", [.integer(id)])
            }
            try database.run("DELETE FROM sources WHERE id = ?", [.integer(id)])
        }
        return ids.count
    }
}
