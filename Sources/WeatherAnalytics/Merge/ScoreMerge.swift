import WeatherCore
import WeatherStore

/// `wxpipe merge-scores --db OUT PART...`: the derived tables of a whole store from the parts
/// that `aggregate --shard K/N` wrote (docs/SCALING.md, "Distributed aggregation").
///
/// Locations are disjoint between parts, so every table with a `location_id` is the union of
/// the parts' rows (in location order, as one aggregate writes them), and so are the
/// per-location rows of `forecast_scores`. The pooled rows (`location_id` = `*`) add the
/// additive columns (`n`, `n_*`, `sum_*`, the contingency counts) over the locations and
/// recompute the statistics from the sums with `ScoreSums`/`ScoreTables`; `scores_by_lead`
/// is rebuilt from them. All is written in one transaction.
public enum ScoreMerge {
    public struct Result: Sendable, Equatable {
        public var parts = 0
        /// Rows per merged table.
        public var rows: [String: Int] = [:]
        /// Derived tables of the parts that have no `location_id` and could not be merged.
        public var notMerged: [String] = []
    }

    static let scores = "forecast_scores"
    /// Rebuilt from the pooled scores rather than copied.
    /// Rebuilt from the merged tables rather than copied: `scores_by_lead` from the pooled sums,
    /// and the statistics of `DetailedScores` (intervals, skill, thresholds, reliability,
    /// consistency, comparisons) from the merged pairs — a bootstrap is recomputed, not merged.
    static let rebuilt: Set<String> = Set(["scores_by_lead"] + ScoreSchema.tables)

    /// With `statistics` (the S files of `merge-scores --shard J/S`, one per J), the statistics
    /// that pool pairs across locations are taken from them instead of recomputed here
    /// (`ScoreStatistics`); what stays is the concatenation and the pooled sums. With
    /// `rowsInParts` as well, the tables of `PartTables.tables` (the per-location tables, the pairs
    /// among them: as many rows as the records, nearly all of the concatenation's cost) are not
    /// copied but left in the parts, and `forecast_consistency` in the statistics files, which
    /// `part_tables` names, so that no serial step grows with the records.
    public static func run(out: String, parts: [String], statistics: [String] = [], rowsInParts: Bool = false) throws -> Result {
        if rowsInParts && statistics.isEmpty {
            throw ShardAggregationError("the per-location tables can stay in the parts only with --statistics: without it merge-scores computes the statistics from them here")
        }
        let database = try Database(path: out)
        var result = Result()
        var staged: [String] = []
        var shards: [Shard] = []
        defer { for t in staged { try? database.execute("DROP TABLE IF EXISTS temp.\(Database.quoteIdentifier("m_" + t))") } }
        for (k, part) in parts.enumerated() {
            try database.attachReadOnly(part, as: "part")
            defer { try? database.execute("DETACH DATABASE part") }
            shards.append(try shardOf(part, database))
            result.notMerged += try stage(database, part: k, into: &staged, leaving: rowsInParts ? PartTables.tables : [])
            try stageLocations(database)
        }
        defer { try? database.execute("DROP TABLE IF EXISTS temp.locations") }
        // An output without records (the scores store of the location-sharded path) has no
        // `locations` for the derived tables' foreign keys, as a part has none (`ShardAggregation`).
        if try database.scalar("SELECT COUNT(*) FROM main.sqlite_master WHERE name = 'locations'")?.int == 0 {
            try database.execute("PRAGMA foreign_keys=OFF")
        }
        try checkCoverage(shards, parts: parts)
        let statisticsShards = try statistics.map { try statisticsShard($0, database, parts: parts.count) }
        if !statistics.isEmpty {
            try checkCoverage(statisticsShards, parts: statistics, what: "statistics file")
            try checkAssignment(database, statistics)
        }
        for (shard, file) in zip(statisticsShards, statistics).sorted(by: { $0.0.index < $1.0.index }) {
            try database.attachReadOnly(file, as: "stats")
            defer { try? database.execute("DETACH DATABASE stats") }
            try ScoreStatisticsMerge.stage(database, shard: shard, leaving: rowsInParts ? PartTables.statisticsTables : [])
        }
        result.notMerged = Array(Set(result.notMerged)).sorted()
        result.parts = parts.count
        try database.inTransaction {
            for table in DerivedSchema.tables + [PartTables.table] { try database.execute("DROP TABLE IF EXISTS main.\(Database.quoteIdentifier(table))") }
            try database.execute("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT)")
            try database.execute(DerivedSchema.sql)
            for table in staged where table != "meta" {
                result.rows[table] = try unstage(database, table)
            }
            if rowsInParts {
                try PartTables.record(database, parts: parts, shards: shards, statistics: statistics, statisticsShards: statisticsShards)
            }
            let pooled = PooledScores(database: database)
            result.rows[scores, default: 0] += try pooled.write()
            try database.execute("""
                INSERT OR REPLACE INTO main.meta(key, value) SELECT key, value FROM temp.m_meta
                WHERE _part = 0 AND key LIKE 'aggregate.%' AND key <> 'aggregate.shard'
                """)
            if statistics.isEmpty {
                try recomputeDetails(database)
            } else {
                try ScoreStatisticsMerge.updateDetails(database)
                try ScoreStatisticsMerge.order(database)
            }
        }
        return result
    }

    /// Without records in OUT (the location-sharded path keeps them in the location parts), the
    /// locations the statistics read (zones, names) come from the parts' `part_locations`, as
    /// `temp.locations`, dropped after the merge.
    static func stageLocations(_ database: Database) throws {
        guard try database.scalar("SELECT COUNT(*) FROM main.sqlite_master WHERE name = 'locations'")?.int == 0,
              try database.scalar("SELECT COUNT(*) FROM part.sqlite_master WHERE name = ?", [.text(ShardAggregation.partLocations)])?.int == 1
        else { return }
        let table = ShardAggregation.partLocations
        if try database.scalar("SELECT COUNT(*) FROM temp.sqlite_master WHERE name = 'locations'")?.int == 0 {
            try database.execute("CREATE TEMP TABLE locations AS SELECT * FROM part.\(table) WHERE 0")
        }
        try database.execute("INSERT INTO temp.locations SELECT * FROM part.\(table) WHERE id NOT IN (SELECT id FROM temp.locations)")
    }

    /// The part's `aggregate.shard` (K/N) from its meta table.
    static func shardOf(_ part: String, _ database: Database) throws -> Shard {
        let text = try database.scalar("SELECT value FROM part.meta WHERE key = 'aggregate.shard'")?.string
        guard let text, let shard = try? Shard.parse(text, environment: [String: String]()) else {
            throw ShardAggregationError("\(part) was not written by 'wxpipe aggregate --shard K/N --out …'")
        }
        return shard
    }

    /// Every shard 0..<N exactly once, all of the same N: a missing part would silently drop locations.
    static func checkCoverage(_ shards: [Shard], parts: [String], what: String = "part") throws {
        guard let n = shards.first?.count else { throw ShardAggregationError("no \(what) given") }
        for (shard, part) in zip(shards, parts) where shard.count != n {
            throw ShardAggregationError("\(part) is shard \(shard), but the first \(what) is of \(n) shards")
        }
        let seen = shards.map(\.index)
        if let missing = (0..<n).first(where: { !seen.contains($0) }) {
            throw ShardAggregationError("shard \(missing)/\(n) is missing: give every \(what) (0 to \(n - 1))")
        }
        if let twice = seen.first(where: { j in seen.filter { $0 == j }.count > 1 }) {
            throw ShardAggregationError("shard \(twice)/\(n) was given twice: give each \(what) once")
        }
    }

    /// A statistics file's J/S, and that it was computed from as many parts as are given here.
    static func statisticsShard(_ file: String, _ database: Database, parts: Int) throws -> Shard {
        try database.attachReadOnly(file, as: "stats")
        defer { try? database.execute("DETACH DATABASE stats") }
        func meta(_ key: String) throws -> String? {
            guard try database.scalar("SELECT COUNT(*) FROM stats.sqlite_master WHERE name = 'meta'")?.int == 1 else { return nil }
            return try database.scalar("SELECT value FROM stats.meta WHERE key = ?", [.text(key)])?.string
        }
        guard let text = try meta(ScoreStatistics.shardKey), let shard = try? Shard.parse(text, environment: [String: String]()) else {
            throw ShardAggregationError("\(file) was not written by 'wxpipe merge-scores --shard J/S --out …'")
        }
        guard try meta(ScoreStatistics.partsKey) == String(parts) else {
            throw ShardAggregationError("\(file) was computed from \(try meta(ScoreStatistics.partsKey) ?? "?") parts, not the \(parts) given")
        }
        return shard
    }

    /// Every statistics file dealt the groups out the same way (`GroupAssignment.identity`), else a
    /// group could be in two files or in none.
    static func checkAssignment(_ database: Database, _ files: [String]) throws {
        var first: (String, String?)?
        for file in files {
            try database.attachReadOnly(file, as: "stats")
            defer { try? database.execute("DETACH DATABASE stats") }
            let value = try database.scalar("SELECT value FROM stats.meta WHERE key = ?", [.text(ScoreStatistics.assignmentKey)])?.string
            guard let (name, expected) = first else { first = (file, value); continue }
            if value != expected {
                throw ShardAggregationError("\(file) dealt the groups out otherwise than \(name) (other parts, or another version): compute every share again")
            }
        }
    }

    /// Copies the attached part's per-location tables (and its meta) into temp tables tagged
    /// with the part's number and row id, except those `left` in the parts. Returns the tables
    /// that could not be merged.
    static func stage(_ database: Database, part k: Int, into staged: inout [String], leaving left: [String] = []) throws -> [String] {
        let present = Set(try database.rows("SELECT name FROM part.sqlite_master WHERE type = 'table'").compactMap { $0.first?.string })
        var skipped: [String] = []
        for table in DerivedSchema.tables + ["meta"] where present.contains(table) && !rebuilt.contains(table) && !left.contains(table) {
            let columns = try database.rows("SELECT name FROM pragma_table_info(?, 'part')", [.text(table)]).compactMap { $0.first?.string }
            guard columns.contains("location_id") || table == "meta" else { skipped.append(table); continue }
            let name = Database.quoteIdentifier("m_" + table)
            let filter = table == scores ? "WHERE location_id <> '\(ScoreKey.pooled)'" : ""
            if !staged.contains(table) {
                try database.execute("DROP TABLE IF EXISTS temp.\(name)")
                try database.execute("CREATE TEMP TABLE \(name) AS SELECT *, 0 AS _part, 0 AS _rid FROM part.\(Database.quoteIdentifier(table)) WHERE 0")
                staged.append(table)
            }
            try database.run("INSERT INTO temp.\(name) SELECT *, ?, rowid FROM part.\(Database.quoteIdentifier(table)) \(filter)",
                             [.integer(Int64(k))])
        }
        return skipped
    }

    /// Writes a staged table into the output in location order, then part and row order.
    static func unstage(_ database: Database, _ table: String) throws -> Int {
        let mainColumns = try database.rows("SELECT name FROM pragma_table_info(?, 'main')", [.text(table)]).compactMap { $0.first?.string }
        let stagedColumns = Set(try database.rows("SELECT name FROM pragma_table_info(?, 'temp')", [.text("m_" + table)])
            .compactMap { $0.first?.string })
        let list = mainColumns.filter(stagedColumns.contains).map(Database.quoteIdentifier).joined(separator: ", ")
        let t = Database.quoteIdentifier(table)
        try database.execute("""
            INSERT INTO main.\(t)(\(list)) SELECT \(list) FROM temp.\(Database.quoteIdentifier("m_" + table)) ORDER BY location_id, _part, _rid
            """)
        return database.changes
    }

    /// The statistics computed from pairs, over the merged pairs, with the aggregate's own
    /// bootstrap settings (recorded in `meta` by every part) and the locations' zones.
    /// `spool`: the pairs already spooled (`PartPairs`), with their `observed` counts; nil: read
    /// from `main.forecast_pairs`.
    static func recomputeDetails(_ database: Database, passes: DetailedScores.Passes = .all, spool given: PairSpool? = nil,
                                 observed: [ScoreKey: [Double: Int]]? = nil) throws {
        var options = AggregateOptions()
        func meta(_ key: String) throws -> String? {
            try database.scalar("SELECT value FROM main.meta WHERE key = ?", [.text("aggregate." + key)])?.string
        }
        if let v = try meta("bootstrap_samples").flatMap(Int.init) { options.bootstrap.samples = v }
        if let v = try meta("bootstrap_block_days").flatMap(Int.init) { options.bootstrap.blockLengthDays = v }
        if let v = try meta("bootstrap_seed").flatMap(UInt64.init) { options.bootstrap.seed = v }
        try options.readComparisonSettings { try meta($0) }
        if let v = try meta("precip_thresholds_mm") {
            let values = v.split(separator: ",").compactMap { Double($0) }
            if !values.isEmpty { options.precipThresholdsMm = values }
        }
        var summary = AggregateSummary()
        let hasLocations = try database.scalar("""
            SELECT (SELECT COUNT(*) FROM main.sqlite_master WHERE name = 'locations') + (SELECT COUNT(*) FROM temp.sqlite_master WHERE name = 'locations')
            """)?.int ?? 0 > 0
        let rules = hasLocations ? try Aggregator(database: database, options: options).zoneRules(&summary) : [:]
        // The pairs are read into a spool once, in the order they were written, so that each pass
        // sorts compact records instead of SQLite sorting the table's text columns per pass.
        let spool = try given ?? PairSpool.reading(database, runRecords: options.pairSpoolRunRecords)
        try DetailedScores(database: database, options: options, rules: rules, passes: passes, observed: observed, spool: spool).write()
    }
}
