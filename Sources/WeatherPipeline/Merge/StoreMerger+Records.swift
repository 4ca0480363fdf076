import WeatherStore

extension StoreMerger {
    /// Rejects and warnings: rows of a source, copied with it.
    func copyBySource(_ table: String) throws -> Int {
        let columns = try RecordMerge(database).sharedColumns(table).filter { $0 != "id" }
        let t = Database.quoteIdentifier(table)
        let select = columns.map { $0 == "source_id" ? "sm.merged_id" : "r." + Database.quoteIdentifier($0) }.joined(separator: ", ")
        try database.execute("""
            INSERT INTO main.\(t)(\(columns.map(Database.quoteIdentifier).joined(separator: ", ")))
            SELECT \(select) FROM shard.\(t) r JOIN temp.source_map sm ON sm.shard_id = r.source_id ORDER BY r.id
            """)
        return database.changes
    }

}
