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
    }

    public static func run(out: String, shard: Shard, parts: [String]) throws -> Result {
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
            for part in parts {
                try database.attachReadOnly(part, as: "part")
                defer { try? database.execute("DETACH DATABASE part") }
                groups.append(try pairGroups(database))
            }
            let assignment = GroupAssignment(groups.flatMap { $0 }, tasks: shard.count)
            var shards: [Shard] = []
            var leadGroups: Set<String> = [], sourceGroups: Set<String> = []
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
                try stagePairs(database, part: k, groups: groups[k].filter { assignment.task(of: $0.group) == shard.index },
                               leadGroups: &leadGroups, sourceGroups: &sourceGroups)
            }
            try ScoreMerge.checkCoverage(shards, parts: parts)
            result.leadGroups = leadGroups.count
            result.sourceGroups = sourceGroups.count
            try database.inTransaction {
                try unstage(database, "daily_observed", into: "daily_observed")
                try unstage(database, ScoreMerge.scores, into: ScoreMerge.scores)
                _ = try PooledScores(database: database).write()
                result.leadPairs = try unstage(database, "pairs_lead", into: "forecast_pairs")
                try ScoreMerge.recomputeDetails(database, passes: .perLead)
                try database.execute("DELETE FROM main.forecast_pairs")
                result.sourcePairs = try unstage(database, "pairs_source", into: "forecast_pairs")
                try ScoreMerge.recomputeDetails(database, passes: .consistency)
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

    /// The part's pairs of the task's groups, one group at a time through the part's indexes.
    static func stagePairs(_ database: Database, part k: Int, groups: [GroupRow], leadGroups: inout Set<String>, sourceGroups: inout Set<String>) throws {
        for g in groups where g.group.kind == .lead {
            leadGroups.insert(g.group.key)
            try stage(database, "forecast_pairs", as: "pairs_lead", part: k,
                      where: "WHERE variable = ? AND lead_days IS ? AND lead_hours_bin IS ?", g.columns)
        }
        for g in groups where g.group.kind == .source {
            sourceGroups.insert(g.group.key)
            try stage(database, "forecast_pairs", as: "pairs_source", part: k,
                      where: "WHERE provider IS ? AND product IS ? AND model IS ? AND derived_from IS ? AND variable IS ?", g.columns)
        }
        for name in ["pairs_lead", "pairs_source"] where try database.scalar("SELECT COUNT(*) FROM temp.sqlite_master WHERE name = ?",
                                                                              [.text("m_" + name)])?.int == 0 {
            try database.execute("CREATE TEMP TABLE \(Database.quoteIdentifier("m_" + name)) AS SELECT *, 0 AS _part, 0 AS _rid FROM part.forecast_pairs WHERE 0")
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
