import WeatherStore

extension StoreMerger {
    /// Rejects and warnings: rows of a source, copied with it.
    /// `homeOnly`: only the sources a location-sharded merge keeps them for (`temp.part_sources`).
    func copyBySource(_ table: String, homeOnly: Bool = false) throws -> Int {
        let columns = try RecordMerge(database).sharedColumns(table).filter { $0 != "id" }
        let t = Database.quoteIdentifier(table)
        let select = columns.map { $0 == "source_id" ? "sm.merged_id" : "r." + Database.quoteIdentifier($0) }.joined(separator: ", ")
        try database.execute("""
            INSERT INTO main.\(t)(\(columns.map(Database.quoteIdentifier).joined(separator: ", ")))
            SELECT \(select) FROM shard.\(t) r JOIN temp.source_map sm ON sm.shard_id = r.source_id
            \(homeOnly ? "WHERE r.source_id IN (SELECT shard_id FROM temp.part_sources WHERE home = 1)" : "") ORDER BY r.id
            """)
        return database.changes
    }

}
