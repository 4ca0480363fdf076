#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WeatherCore
import WeatherStore

/// `wxpipe aggregate --shard K/N --out PART`: the aggregate of one shard of the locations,
/// read from a (merged) record store attached read-only and written into a store of its own,
/// so any number of tasks run at once. `ScoreMerge` combines the parts (docs/SCALING.md).
public enum ShardAggregation {
    /// The name the record store is attached under; unqualified table names in the aggregate's
    /// SQL find the records there because the part's own file has no such tables.
    static let recordsSchema = "records"
    /// A part's copy of its locations' rows (the zones and names the pooled statistics read).
    static let partLocations = "part_locations"
    /// The part's indexes on its pairs by the groups of `ScoreStatistics`, so that each task of a
    /// split `merge-scores` reads only its groups' pairs (a part without them is read by scans).
    static let pairIndexes = [("forecast_pairs_by_lead", "variable, lead_days, lead_hours_bin"),
                              ("forecast_pairs_by_source", "provider, product, model, derived_from, variable")]

    /// A part's pair count per group of `ScoreStatistics` (a few hundred rows), so that every task
    /// of a split `merge-scores` balances the groups over the tasks by their size without reading
    /// the pairs of every part (a part written before it is counted by a scan).
    static let partPairGroups = "part_pair_groups"

    public static func run(records: String, out: String, options: AggregateOptions) throws -> AggregateSummary {
        guard let shard = options.locationShard else { throw ShardAggregationError("a sharded aggregate needs a shard") }
        guard !options.homogeneous else {
            throw ShardAggregationError("--homogeneous compares sources over all locations: aggregate the whole store instead of shards")
        }
        if let a = realpath(records, nil), let b = realpath(out, nil) {
            defer { free(a); free(b) }
            if String(cString: a) == String(cString: b) { throw ShardAggregationError("--out must be a store of its own, not \(records)") }
        }
        let database = try Database(path: out)
        // A part holds derived tables only; their `locations` are in the attached record store,
        // and SQLite's foreign keys cannot point across schemas. Checked where the parts meet
        // the records again (`merge-scores` into the merged store).
        try database.execute("PRAGMA foreign_keys=OFF")
        // Every table the aggregate writes (or drops) exists here first, so each unqualified
        // write lands in this file and never reaches the attached records (read-only anyway).
        try database.execute("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT)")
        for table in DerivedSchema.tables {
            try database.execute("CREATE TABLE IF NOT EXISTS \(Database.quoteIdentifier(table)) (placeholder INTEGER)")
        }
        try database.attachReadOnly(records, as: recordsSchema)
        defer { try? database.execute("DETACH DATABASE \(recordsSchema)") }
        let summary = try Aggregator(database: database, options: options).run()
        try database.run("INSERT OR REPLACE INTO meta(key, value) VALUES ('aggregate.shard', ?)", [.text(shard.description)])
        for (name, columns) in pairIndexes {
            try database.execute("CREATE INDEX IF NOT EXISTS \(name) ON forecast_pairs(\(columns))")
        }
        try writePairGroups(database)
        // This shard's locations (zones, names), for the statistics `merge-scores` recomputes when
        // its output holds no records (a location-sharded merge leaves them in the location parts).
        try database.execute("DROP TABLE IF EXISTS \(partLocations)")
        try database.execute("CREATE TABLE \(partLocations) AS SELECT * FROM \(recordsSchema).locations WHERE 0")
        let ids = try database.rows("SELECT id FROM \(recordsSchema).locations").compactMap { $0.first?.string }.filter(shard.contains)
        let insert = try database.prepare("INSERT INTO \(partLocations) SELECT * FROM \(recordsSchema).locations WHERE id = ?")
        for id in ids.sorted() { try insert.run([.text(id)]) }
        return summary
    }

    /// The part's pairs counted by each group key of `ScoreStatistics`: by variable and lead
    /// (`kind` = 'lead') and by source and variable ('source').
    static func writePairGroups(_ database: Database) throws {
        try database.execute("DROP TABLE IF EXISTS \(partPairGroups)")
        try database.execute("CREATE TABLE \(partPairGroups) AS \(pairGroupsSQL(schema: "main"))")
    }

    /// The groups and their pairs, counted from `schema`'s `forecast_pairs`.
    static func pairGroupsSQL(schema: String) -> String {
        """
        SELECT 'lead' AS kind, NULL AS provider, NULL AS product, NULL AS model, NULL AS derived_from, variable, lead_days, lead_hours_bin,
        COUNT(*) AS pairs FROM \(schema).forecast_pairs GROUP BY variable, lead_days, lead_hours_bin
        UNION ALL
        SELECT 'source', provider, product, model, derived_from, variable, NULL, NULL, COUNT(*) FROM \(schema).forecast_pairs
        GROUP BY provider, product, model, derived_from, variable
        """
    }
}

public struct ShardAggregationError: Error, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}
