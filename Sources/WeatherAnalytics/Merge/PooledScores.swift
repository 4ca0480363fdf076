import WeatherCore
import WeatherStore

/// The pooled rows of `forecast_scores` (`location_id` = `*`) from the per-location rows already
/// in the output: the additive columns summed in SQL, found by name so that a sum column added
/// later merges too, and the statistics recomputed from the sums by `ScoreSums` and written by
/// `ScoreTables`, as one aggregate writes them; then `scores_by_lead` from the pooled sums.
struct PooledScores {
    let database: Database

    /// Columns that add over locations: counts and sums.
    static func isAdditive(_ column: String) -> Bool {
        column == "n" || column.hasPrefix("n_") || column.hasPrefix("sum_")
            || ["hits", "misses", "false_alarms", "correct_negatives"].contains(column)
    }

    static let keyColumns = ["provider", "product", "model", "variable", "lead_kind", "lead_days", "lead_hours_bin"]

    /// Writes the pooled rows and `scores_by_lead`; returns the number of pooled rows.
    func write() throws -> Int {
        let additive = try database.rows("SELECT name FROM pragma_table_info('forecast_scores', 'main') ORDER BY cid")
            .compactMap { $0.first?.string }.filter(Self.isAdditive)
        let keys = Self.keyColumns.joined(separator: ", ")
        let sums = additive.map { "SUM(\(Database.quoteIdentifier($0)))" }.joined(separator: ", ")
        var pooled: [ScoreKey: ScoreSums] = [:]
        var summed: [ScoreKey: [String: SQLValue]] = [:]
        var threshold: Double?
        try database.prepare("""
            SELECT \(keys), MAX(threshold_mm), \(sums) FROM main.forecast_scores WHERE location_id <> ? GROUP BY \(keys)
            """).forEachRow([.text(ScoreKey.pooled)]) { r in
            let kind = r[4].string ?? ""
            let key = ScoreKey(provider: r[0].string ?? "", product: r[1].string ?? "", model: r[2].string ?? "", variable: r[3].string ?? "",
                               leadKind: kind, lead: kind == "day" ? r[5].int.map { String($0) } ?? "" : r[6].string ?? "")
            if let t = r[7].double { threshold = t }
            let values = Dictionary(uniqueKeysWithValues: zip(additive, r[8...]))
            summed[key] = values
            pooled[key] = ScoreSums(columns: values)
        }
        var options = AggregateOptions()
        if let threshold { options.precipThresholdMm = threshold }
        let tables = ScoreTables(database: database, options: options)
        try tables.write(pooled)
        try copyUnknownSums(summed, additive: additive)
        try tables.writeByLead(pooled)
        return pooled.count
    }

    /// Additive columns `ScoreSums` does not hold (added by a later version) get their summed
    /// value directly, so they are never left at what `ScoreTables` wrote for them.
    private func copyUnknownSums(_ summed: [ScoreKey: [String: SQLValue]], additive: [String]) throws {
        let unknown = additive.filter { !ScoreSums.columnNames.contains($0) }
        guard !unknown.isEmpty else { return }
        let set = unknown.map { "\(Database.quoteIdentifier($0)) = ?" }.joined(separator: ", ")
        let update = try database.prepare("""
            UPDATE main.forecast_scores SET \(set) WHERE location_id = '*' AND provider = ? AND product = ? AND IFNULL(model, '') = ?
            AND variable = ? AND lead_kind = ? AND IFNULL(CAST(lead_days AS TEXT), lead_hours_bin) = ?
            """)
        for (key, values) in summed {
            try update.run(unknown.map { values[$0] ?? .null }
                           + [.text(key.provider), .text(key.product), .text(key.model), .text(key.variable), .text(key.leadKind), .text(key.lead)])
        }
    }
}

extension ScoreSums {
    /// The `forecast_scores` column of each sum (the names `ScoreTables.write` gives them).
    static let columnNames: Set<String> = ["n", "sum_f", "sum_o", "sum_f2", "sum_o2", "sum_fo", "sum_abs_error", "sum_sq_error",
                                           "n_within_2c", "hits", "misses", "false_alarms", "correct_negatives", "n_brier", "sum_brier"]

    /// Sums read back from a `forecast_scores` row (missing or NULL columns are 0).
    init(columns c: [String: SQLValue]) {
        self.init()
        func int(_ name: String) -> Int { Int(c[name]?.int ?? 0) }
        func real(_ name: String) -> Double { c[name]?.double ?? 0 }
        n = int("n")
        sumF = real("sum_f"); sumO = real("sum_o"); sumF2 = real("sum_f2"); sumO2 = real("sum_o2"); sumFO = real("sum_fo")
        sumAbsError = real("sum_abs_error"); sumSqError = real("sum_sq_error"); nWithin2 = int("n_within_2c")
        hits = int("hits"); misses = int("misses"); falseAlarms = int("false_alarms"); correctNegatives = int("correct_negatives")
        nBrier = int("n_brier"); sumBrier = real("sum_brier")
    }
}
