import Foundation
import WeatherCore
import WeatherStore

/// `wxpipe merge-scores --shard J/S --out STATS PART…`: the statistics that pool pairs across
/// locations (`DetailedScores`) for the groups whose key hashes to J of S, so that S tasks
/// compute them at once instead of one `merge-scores` computing all (docs/SCALING.md).
///
/// Each statistic reads the pairs of one group and nothing else, so a group computed from only
/// its own pairs equals the group computed from all pairs. The groups are two: the per-lead
/// passes (detail columns, thresholds, reliability, months: source × variable × lead; comparisons,
/// rankings and their p-value families: variable × lead across sources) take the groups of
/// `leadGroup` (variable × lead), the consistency pass those of `sourceGroup` (source × variable
/// across leads). A task reads from each part only those groups' pairs, through the part's
/// indexes (`ShardAggregation.pairIndexes`), in the order one `merge-scores` concatenates them
/// (location, part, row), which keeps every tie the statistics break by row order.
/// STATS holds only the task's rows; `ScoreMerge.run(statistics:)` puts the S outputs together.
public enum ScoreStatistics {
    /// `meta` keys of a statistics file: its J/S and the parts' count it was computed from.
    static let shardKey = "merge_scores.shard", partsKey = "merge_scores.parts"
    /// `meta` key of the groups' assignment (`GroupAssignment.identity`): every file of one split has the same.
    static let assignmentKey = "merge_scores.assignment"

    /// The key of a pair's per-lead group (variable × lead), its lead as `ScoredPairs` and
    /// `ComparisonCases` read it: the day lead when there is one, else the hour bin.
    static func leadGroup(variable: String, leadDays: Int64?, leadBin: String?) -> String {
        if let leadDays { return "\(variable)|day|\(leadDays)" }
        return "\(variable)|hour|\(leadBin ?? "?")"
    }

    /// The key of a pair's consistency group (source × variable).
    static func sourceGroup(provider: String, product: String, model: String?, derivedFrom: String?, variable: String) -> String {
        [provider, product, model ?? "", derivedFrom ?? "", variable].joined(separator: "|")
    }

    public struct Result: Sendable, Equatable {
        /// Pairs read for the per-lead passes and for the consistency pass.
        public var leadPairs = 0, sourcePairs = 0
        /// Groups of each kind this task computed.
        public var leadGroups = 0, sourceGroups = 0
        /// Of the two kinds of pairs, how many were spooled straight from the parts (`PartPairs`).
        public var spooledFromParts = 0
    }

    /// `readsPartsDirectly`: false copies the pairs through tables of STATS, the way a task takes
    /// when they cannot be spooled straight from the parts (`PartPairs`); tests compare the two.
    public static func run(out: String, shard: Shard, parts: [String], readsPartsDirectly: Bool = true) throws -> Result {
        let partial = out + ".partial"
        try? FileManager.default.removeItem(atPath: partial)
        defer { try? FileManager.default.removeItem(atPath: partial) }
        var result = Result()
        do {
            let database = try Database(path: partial)
            try database.execute("PRAGMA foreign_keys=OFF")
            try database.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)")
            try database.execute(DerivedSchema.sql)
            var groups: [[GroupRow]] = []
            var locations: Set<String> = []
            for part in parts {
                try database.attachReadOnly(part, as: "part")
                defer { try? database.execute("DETACH DATABASE part") }
                groups.append(try pairGroups(database))
                try database.prepare("SELECT id FROM part.\(ShardAggregation.partLocations)").forEachRow(named: { r in
                    if let id = r.string("id") { locations.insert(id) }
                })
            }
            let assignment = GroupAssignment(groups.flatMap { $0 }, tasks: shard.count)
            let own = groups.map { $0.filter { assignment.task(of: $0.group) == shard.index } }
            let leadGroups = Set(own.flatMap { $0.filter { $0.group.kind == .lead }.map(\.group.key) })
            let sourceGroups = Set(own.flatMap { $0.filter { $0.group.kind == .source }.map(\.group.key) })
            result.leadGroups = leadGroups.count
            result.sourceGroups = sourceGroups.count
            let runRecords = AggregateOptions().pairSpoolRunRecords
            let leadPairs = try PartPairs(locations: locations, parts: parts.count, runRecords: runRecords)
            let sourcePairs = try PartPairs(locations: locations, parts: parts.count, runRecords: runRecords)
            var shards: [Shard] = []
            for (k, part) in parts.enumerated() {
                try database.attachReadOnly(part, as: "part")
                defer { try? database.execute("DETACH DATABASE part") }
                shards.append(try ScoreMerge.shardOf(part, database))
                if k == 0 {
                    try database.execute("INSERT INTO main.meta SELECT key, value FROM part.meta WHERE key LIKE 'aggregate.%' AND key <> 'aggregate.shard'")
                    try database.execute("CREATE TABLE main.locations AS SELECT * FROM part.\(ShardAggregation.partLocations) WHERE 0")
                }
                try database.execute("INSERT INTO main.locations SELECT * FROM part.\(ShardAggregation.partLocations)")
                try stage(database, "daily_observed", part: k, where: "", [])
                try stage(database, ScoreMerge.scores, part: k, where: "WHERE location_id <> ?", [.text(ScoreKey.pooled)])
                if readsPartsDirectly {
                    for g in own[k] {
                        try (g.group.kind == .lead ? leadPairs : sourcePairs).read(database, part: k, where: filter(g.group.kind), g.columns)
                    }
                }
            }
            try ScoreMerge.checkCoverage(shards, parts: parts)
            let leadSpool = readsPartsDirectly ? try leadPairs.spool() : nil
            let sourceSpool = readsPartsDirectly ? try sourcePairs.spool() : nil
            result.spooledFromParts = (leadSpool == nil ? 0 : 1) + (sourceSpool == nil ? 0 : 1)
            for kind in [GroupAssignment.Group.Kind.lead, .source] where (kind == .lead ? leadSpool : sourceSpool) == nil {
                for (k, part) in parts.enumerated() {
                    try database.attachReadOnly(part, as: "part")
                    defer { try? database.execute("DETACH DATABASE part") }
                    try stagePairs(database, kind, part: k, groups: own[k])
                }
            }
            try database.inTransaction {
                try unstage(database, "daily_observed", into: "daily_observed")
                try unstage(database, ScoreMerge.scores, into: ScoreMerge.scores)
                _ = try PooledScores(database: database).write()
                if let leadSpool {
                    result.leadPairs = leadPairs.count
                    try ScoreMerge.recomputeDetails(database, passes: .perLead, spool: leadSpool, observed: leadPairs.observed)
                } else {
                    result.leadPairs = try unstage(database, stagedName(.lead), into: "forecast_pairs")
                    try ScoreMerge.recomputeDetails(database, passes: .perLead)
                    try database.execute("DELETE FROM main.forecast_pairs")
                }
                if let sourceSpool {
                    result.sourcePairs = sourcePairs.count
                    try ScoreMerge.recomputeDetails(database, passes: .consistency, spool: sourceSpool)
                } else {
                    result.sourcePairs = try unstage(database, stagedName(.source), into: "forecast_pairs")
                    try ScoreMerge.recomputeDetails(database, passes: .consistency)
                }
                try keepOnlyOwnGroups(database, shard: shard, assignment: assignment)
                try database.run("INSERT OR REPLACE INTO main.meta(key, value) VALUES (?, ?), (?, ?), (?, ?)",
                                 [.text(shardKey), .text(shard.description), .text(partsKey), .text(String(parts.count)),
                                  .text(assignmentKey), .text(assignment.identity)])
            }
            try database.execute("VACUUM")
        }
        try? FileManager.default.removeItem(atPath: out)
        try FileManager.default.moveItem(atPath: partial, toPath: out)
        return result
    }

    /// The `WHERE` that selects a group's pairs through the part's index of its kind
    /// (`ShardAggregation.pairIndexes`), bound to `GroupRow.columns`.
    static func filter(_ kind: GroupAssignment.Group.Kind) -> String {
        switch kind {
        case .lead: return "WHERE variable = ? AND lead_days IS ? AND lead_hours_bin IS ?"
        case .source: return "WHERE provider IS ? AND product IS ? AND model IS ? AND derived_from IS ? AND variable IS ?"
        }
    }

    /// One group's pairs in one part: the group and the column values that select its pairs.
    struct GroupRow {
        var group: GroupAssignment.Group
        var columns: [SQLValue]
        var pairs: Int
    }

    /// The attached part's groups with their pair counts (`ShardAggregation.partPairGroups`,
    /// or counted from its pairs when the part was written before that table).
    static func pairGroups(_ database: Database) throws -> [GroupRow] {
        let recorded = try database.scalar("SELECT COUNT(*) FROM part.sqlite_master WHERE name = ?",
                                           [.text(ShardAggregation.partPairGroups)])?.int == 1
        let sql = recorded ? "SELECT * FROM part.\(ShardAggregation.partPairGroups)" : ShardAggregation.pairGroupsSQL(schema: "part")
        var rows: [GroupRow] = []
        try database.prepare("SELECT kind, provider, product, model, derived_from, variable, lead_days, lead_hours_bin, pairs FROM (\(sql))")
            .forEachRow(named: { r in
                let pairs = Int(r.int("pairs") ?? 0)
                if r.string("kind") == "lead" {
                    let key = leadGroup(variable: r.string("variable") ?? "", leadDays: r.int("lead_days"), leadBin: r.string("lead_hours_bin"))
                    rows.append(GroupRow(group: .init(kind: .lead, key: key),
                                         columns: [r.value(named: "variable"), r.value(named: "lead_days"), r.value(named: "lead_hours_bin")], pairs: pairs))
                } else {
                    let key = sourceGroup(provider: r.string("provider") ?? "", product: r.string("product") ?? "", model: r.string("model"),
                                          derivedFrom: r.string("derived_from"), variable: r.string("variable") ?? "")
                    rows.append(GroupRow(group: .init(kind: .source, key: key),
                                         columns: ["provider", "product", "model", "derived_from", "variable"].map { r.value(named: $0) }, pairs: pairs))
                }
            })
        return rows
    }

    /// Copies the part's rows of `table` into `temp.m_TABLE` tagged with the part and row id.
    static func stage(_ database: Database, _ table: String, as name: String? = nil, part k: Int, where filter: String, _ bindings: [SQLValue]) throws {
        let staged = Database.quoteIdentifier("m_" + (name ?? table))
        if try database.scalar("SELECT COUNT(*) FROM temp.sqlite_master WHERE name = ?", [.text("m_" + (name ?? table))])?.int == 0 {
            try database.execute("CREATE TEMP TABLE \(staged) AS SELECT *, 0 AS _part, 0 AS _rid FROM part.\(Database.quoteIdentifier(table)) WHERE 0")
        }
        try database.run("INSERT INTO temp.\(staged) SELECT *, ?, rowid FROM part.\(Database.quoteIdentifier(table)) \(filter)",
                         [.integer(Int64(k))] + bindings)
    }

    /// The staged table of one kind's pairs.
    static func stagedName(_ kind: GroupAssignment.Group.Kind) -> String { kind == .lead ? "pairs_lead" : "pairs_source" }

    /// The part's pairs of the task's groups of `kind`, one group at a time through the part's indexes.
    static func stagePairs(_ database: Database, _ kind: GroupAssignment.Group.Kind, part k: Int, groups: [GroupRow]) throws {
        for g in groups where g.group.kind == kind {
            try stage(database, "forecast_pairs", as: stagedName(kind), part: k, where: filter(kind), g.columns)
        }
        let name = "m_" + stagedName(kind)
        if try database.scalar("SELECT COUNT(*) FROM temp.sqlite_master WHERE name = ?", [.text(name)])?.int == 0 {
            try database.execute("CREATE TEMP TABLE \(Database.quoteIdentifier(name)) AS SELECT *, 0 AS _part, 0 AS _rid FROM part.forecast_pairs WHERE 0")
        }
    }

    /// Writes a staged table into `main.TABLE` in the order one `merge-scores` writes it (location, part, row).
    @discardableResult
    static func unstage(_ database: Database, _ name: String, into table: String) throws -> Int {
        let columns = try database.rows("SELECT name FROM pragma_table_info(?, 'main')", [.text(table)]).compactMap { $0.first?.string }
        let staged = Set(try database.rows("SELECT name FROM pragma_table_info(?, 'temp')", [.text("m_" + name)]).compactMap { $0.first?.string })
        let list = columns.filter(staged.contains).map(Database.quoteIdentifier).joined(separator: ", ")
        try database.execute("""
            INSERT INTO main.\(Database.quoteIdentifier(table))(\(list)) SELECT \(list) FROM temp.\(Database.quoteIdentifier("m_" + name))
            ORDER BY location_id, _part, _rid
            """)
        let n = database.changes
        try database.execute("DROP TABLE temp.\(Database.quoteIdentifier("m_" + name))")
        return n
    }

    /// Leaves in the file only what this task owns: the `ScoreSchema` tables (computed from its
    /// groups' pairs alone, so every row is its own) and the `forecast_scores` rows of its
    /// per-lead groups, key and detail columns; everything else was read to compute them.
    static func keepOnlyOwnGroups(_ database: Database, shard: Shard, assignment: GroupAssignment) throws {
        var others: [Int64] = []
        try database.prepare("SELECT rowid, variable, lead_days, lead_hours_bin FROM main.forecast_scores").forEachRow(named: { r in
            let key = leadGroup(variable: r.string("variable") ?? "", leadDays: r.int("lead_days"), leadBin: r.string("lead_hours_bin"))
            if assignment.task(of: .init(kind: .lead, key: key)) != shard.index {
                others.append(r.int("rowid") ?? 0)
            }
        })
        let delete = try database.prepare("DELETE FROM main.forecast_scores WHERE rowid = ?")
        for id in others { try delete.run([.integer(id)]) }
        for table in DerivedSchema.tables where table != ScoreMerge.scores && !ScoreSchema.tables.contains(table) {
            try database.execute("DROP TABLE IF EXISTS main.\(Database.quoteIdentifier(table))")
        }
        try database.execute("DROP TABLE main.locations")
    }
}
