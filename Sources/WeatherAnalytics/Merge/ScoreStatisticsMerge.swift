import WeatherCore
import WeatherStore

/// The last step of a split `merge-scores`: the S statistics files (`ScoreStatistics`) put into
/// the output, attached one at a time as `stats`. Each group is in exactly one file, so this only
/// copies: the detail columns of `forecast_scores` onto the rows the concatenation and the pooled
/// sums wrote, and the `ScoreSchema` tables' rows, then put in the order one aggregate writes them.
enum ScoreStatisticsMerge {
    /// What identifies a `forecast_scores` row.
    static let scoreKey = ["provider", "product", "model", "derived_from", "location_id", "variable", "lead_kind", "lead_days", "lead_hours_bin"]

    /// Copies the attached file's rows into temp tables (a file cannot be detached inside the
    /// transaction that writes the output, and S files may be more than SQLite attaches at once),
    /// but those `left` in the files.
    static func stage(_ database: Database, shard: Shard, leaving left: [String] = []) throws {
        for table in [ScoreMerge.scores] + ScoreSchema.tables where !left.contains(table) {
            let staged = Database.quoteIdentifier("s_" + table)
            let columns = table == ScoreMerge.scores ? scoreKey + ScoreSchema.detailColumns.map(\.name)
                : try database.rows("SELECT name FROM pragma_table_info(?, 'stats')", [.text(table)]).compactMap { $0.first?.string }
            let list = columns.map(Database.quoteIdentifier).joined(separator: ", ")
            if try database.scalar("SELECT COUNT(*) FROM temp.sqlite_master WHERE name = ?", [.text("s_" + table)])?.int == 0 {
                try database.execute("CREATE TEMP TABLE \(staged) AS SELECT \(list), 0 AS _shard, 0 AS _rid FROM stats.\(Database.quoteIdentifier(table)) WHERE 0")
            }
            try database.run("INSERT INTO temp.\(staged)(\(list), _shard, _rid) SELECT \(list), ?, rowid FROM stats.\(Database.quoteIdentifier(table))",
                             [.integer(Int64(shard.index))])
        }
    }

    /// The detail columns of `forecast_scores` from the staged rows, matched by their key.
    static func updateDetails(_ database: Database) throws {
        let staged = Database.quoteIdentifier("s_" + ScoreMerge.scores)
        try database.execute("CREATE INDEX temp.s_scores_key ON \(staged)(provider, product, location_id, variable, lead_kind, lead_days, lead_hours_bin)")
        let details = ScoreSchema.detailColumns.map { Database.quoteIdentifier($0.name) }
        let set = details.map { "\($0) = s.\($0)" }.joined(separator: ", ")
        let match = scoreKey.map { "main.forecast_scores.\($0) IS s.\($0)" }.joined(separator: " AND ")
        try database.execute("UPDATE main.forecast_scores SET \(set) FROM temp.\(staged) AS s WHERE \(match)")
        try database.execute("DROP TABLE temp.\(staged)")
    }

    /// The key of each statistics table's rows in the aggregate's order: its groups in the order
    /// it visits them (spelled in SQL); within a group the rows keep the order the one task that
    /// computed it wrote them, which is the aggregate's. A table not named keeps its files' order.
    static let orders: [String: String] = {
        let rank = "CASE WHEN lead_days IS NOT NULL THEN lead_days "
            + ForecastPair.leadBins.enumerated().map { "WHEN lead_hours_bin = '\($0.element.0)' THEN \($0.offset) " }.joined()
            + "ELSE 99 END"
        let slice = "provider, product, model, derived_from, variable, lead_days, lead_hours_bin"
        // The precipitation tables hold one variable and day leads only (an hour lead's rows
        // have no bin to order by and keep the order of their statistics files).
        let precipitation = "provider, product, model, derived_from, lead_days"
        return [
            ScoreSchema.precipThresholds.name: precipitation,
            ScoreSchema.popReliability.name: precipitation,
            ScoreSchema.scoresByMonth.name: slice,
            ScoreSchema.forecastConsistency.name: "provider, product, COALESCE(model, ''), COALESCE(derived_from, ''), location_id, variable, "
                + "lead_kind, target_date, COALESCE(valid_at_utc, '')",
            ScoreSchema.forecastRevisionsByLead.name: "provider, product, COALESCE(model, '') || char(0) || COALESCE(derived_from, ''), variable, "
                + "lead_kind, \(rank)",
            ScoreSchema.providerComparison.name: "variable, lead_kind, \(rank)",
            RankingSchema.providerRanking.name: "variable, lead_kind, \(rank)",
        ]
    }()

    /// Writes the staged rows in the aggregate's order (`orders`, then file and row).
    static func order(_ database: Database) throws {
        for table in ScoreSchema.tables {
            let staged = Database.quoteIdentifier("s_" + table)
            guard try database.scalar("SELECT COUNT(*) FROM temp.sqlite_master WHERE name = ?", [.text("s_" + table)])?.int == 1 else { continue }
            let stagedColumns = Set(try database.rows("SELECT name FROM pragma_table_info(?, 'temp')", [.text("s_" + table)]).compactMap { $0.first?.string })
            let columns = try database.rows("SELECT name FROM pragma_table_info(?, 'main')", [.text(table)]).compactMap { $0.first?.string }
            let list = columns.filter(stagedColumns.contains).map(Database.quoteIdentifier).joined(separator: ", ")
            let key = orders[table].map { $0 + ", " } ?? ""
            try database.execute("INSERT INTO main.\(Database.quoteIdentifier(table))(\(list)) SELECT \(list) FROM temp.\(staged) ORDER BY \(key)_shard, _rid")
            try database.execute("DROP TABLE temp.\(staged)")
        }
    }
}
