import WeatherStore

/// Each location's first record in a shard store, as the source that holds it: what the merge's
/// location pass needs (`LocationMerge`, which ranks a shard's locations by the `IngestOrder` rank
/// of their first record). Found by reading every record of the store; `merge --prepare` does
/// that once per store, right after its ingest, and keeps the answer in the store
/// (`merge_location_first`, with the store's identity in `meta`), so that each of the M tasks of
/// a location-sharded merge reads a table of a few rows per location instead of every record of
/// every store. A store whose identity changed since (it ingested more) is read in full again.
enum LocationFirstRecords {
    static let table = "merge_location_first"
    static let identityKey = "merge.location_first_identity"

    /// The rank of each location's first record in the store attached as `shard`; needs
    /// `temp.shard_source_rank` (`IngestOrder.rankShardSources`).
    /// `identity`: the shard's, when the caller computed it already.
    static func ranks(_ database: Database, identity: String? = nil) throws -> [String: String] {
        var ranks: [String: String] = [:]
        let sql = try isPrepared(database, identity: identity)
            ? "SELECT f.location_id, r.rank FROM shard.\(table) f JOIN temp.shard_source_rank r ON r.shard_id = f.source_id"
            : "SELECT location_id, rank FROM (\(firstSources)) JOIN temp.shard_source_rank r ON r.shard_id = source_id"
        for r in try database.rows(sql) {
            if let id = r[0].string, let rank = r[1].string { ranks[id] = rank }
        }
        return ranks
    }

    /// Each location and the source of its first record (the lowest rank), from the records.
    static let firstSources = """
        SELECT location_id, source_id FROM (
            SELECT k.location_id, x.source_id, ROW_NUMBER() OVER (PARTITION BY k.location_id ORDER BY r.rank) AS n
            FROM (SELECT DISTINCT location_key, source_id FROM shard.observation_rows
                  UNION SELECT DISTINCT location_key, source_id FROM shard.forecast_rows) x
            JOIN shard.location_keys k ON k.key = x.location_key JOIN temp.shard_source_rank r ON r.shard_id = x.source_id)
        WHERE n = 1
        """

    private static func isPrepared(_ database: Database, identity: String?) throws -> Bool {
        guard try database.scalar("SELECT COUNT(*) FROM shard.sqlite_master WHERE name = ?", [.text(table)])?.int == 1 else { return false }
        let stored = try database.scalar("SELECT value FROM shard.meta WHERE key = ?", [.text(identityKey)])?.string
        return try stored == (identity ?? StoreMerger.identity(database, schema: "shard"))
    }

    /// `merge --prepare STORE`: writes the table into the store (under its lock, taken by the caller).
    /// Returns the number of locations.
    static func prepare(_ path: String) throws -> Int {
        let database = try Database(path: path)
        try database.attachReadOnly(path, as: "shard")
        do {
            try IngestOrder.rankShardSources(database)
            try database.execute("DROP TABLE IF EXISTS temp.first_sources; CREATE TEMP TABLE first_sources AS \(firstSources)")
            let identity = try StoreMerger.identity(database, schema: "shard")
            try database.execute("DETACH DATABASE shard")
            return try database.inTransaction {
                try database.execute("""
                    CREATE TABLE IF NOT EXISTS main.\(table) (location_id TEXT PRIMARY KEY, source_id INTEGER NOT NULL);
                    DELETE FROM main.\(table);
                    INSERT INTO main.\(table)(location_id, source_id) SELECT location_id, source_id FROM temp.first_sources;
                    """)
                let n = database.changes
                try database.run("INSERT OR REPLACE INTO main.meta(key, value) VALUES (?, ?)", [.text(identityKey), .text(identity)])
                return n
            }
        } catch {
            try? database.execute("DETACH DATABASE shard")
            throw error
        }
    }
}
