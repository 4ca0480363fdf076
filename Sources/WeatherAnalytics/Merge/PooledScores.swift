import WeatherCore
import WeatherStore

/// The pooled rows of `forecast_scores` (`location_id` = `*`) from the per-location rows already
/// in the output: the additive columns (found by name, so that a sum column added later merges
/// too) added over the locations in location order, the statistics recomputed from the sums by
/// `ScoreSums` and written by `ScoreTables`, as one aggregate writes them; then `scores_by_lead`.
struct PooledScores {
    let database: Database

    /// Columns that add over locations: counts and sums.
    static func isAdditive(_ column: String) -> Bool {
        column == "n" || column.hasPrefix("n_") || column.hasPrefix("sum_")
            || ["hits", "misses", "false_alarms", "correct_negatives"].contains(column)
    }

    static let keyColumns = ["provider", "product", "model", "derived_from", "variable", "lead_kind", "lead_days", "lead_hours_bin"]

    /// Writes the pooled rows and `scores_by_lead`; returns the number of pooled rows.
    func write() throws -> Int {
        let additive = try database.rows("SELECT name FROM pragma_table_info('forecast_scores', 'main') ORDER BY cid")
            .compactMap { $0.first?.string }.filter(Self.isAdditive)
        let select = (Self.keyColumns + ["location_id", "threshold_mm"] + additive).map(Database.quoteIdentifier).joined(separator: ", ")
        var perLocation: [ScoreKey: ScoreSums] = [:]
        var rows: [ScoreKey: [String: SQLValue]] = [:]
        var threshold: Double?
        try database.prepare("SELECT \(select) FROM main.forecast_scores WHERE location_id <> ?").forEachRow([.text(ScoreKey.pooled)], named: { r in
            let key = ScoreKey(provider: r.string("provider") ?? "", product: r.string("product") ?? "", model: r.string("model") ?? "",
                               derivedFrom: r.string("derived_from") ?? "", locationID: r.string("location_id") ?? "", variable: r.string("variable") ?? "",
                               lead: r.string("lead_kind") == "day" ? .days(Int(r.int("lead_days") ?? 0))
                                   : .hours(bin: r.string("lead_hours_bin") ?? ""))
            if let t = r.double("threshold_mm") { threshold = t }
            let values = Dictionary(uniqueKeysWithValues: additive.map { ($0, r.value(named: $0)) })
            rows[key] = values
            perLocation[key] = ScoreSums(columns: values)
        })
        // The same pooling as one aggregate (`ScoreTables.sums`): per-location sums added in location order.
        let pooled = ScoreSums.pooled(perLocation).filter { $0.key.locationID == ScoreKey.pooled }
        var options = AggregateOptions()
        if let threshold { options.precipThresholdMm = threshold }
        let tables = ScoreTables(database: database, options: options)
        try tables.write(pooled)
        try copyUnknownSums(rows, additive: additive)
        try tables.writeByLead(pooled)
        return pooled.count
    }

    /// Additive columns `ScoreSums` does not hold (added by a later version) are summed here,
    /// in the same location order, so they are never left at what `ScoreTables` wrote for them.
    private func copyUnknownSums(_ rows: [ScoreKey: [String: SQLValue]], additive: [String]) throws {
        let unknown = additive.filter { !ScoreSums.columnNames.contains($0) }
        guard !unknown.isEmpty else { return }
        var sums: [ScoreKey: [SQLValue]] = [:]
        for key in rows.keys.sorted(by: { $0.locationID < $1.locationID }) {
            var pooledKey = key
            pooledKey.locationID = ScoreKey.pooled
            let values = unknown.map { rows[key]![$0] ?? .null }
            sums[pooledKey] = zip(sums[pooledKey] ?? Array(repeating: .null, count: unknown.count), values).map(Self.add)
        }
        let set = unknown.map { "\(Database.quoteIdentifier($0)) = ?" }.joined(separator: ", ")
        let update = try database.prepare("""
            UPDATE main.forecast_scores SET \(set) WHERE location_id = '*' AND provider = ? AND product = ? AND IFNULL(model, '') = ?
            AND IFNULL(derived_from, '') = ? AND variable = ? AND lead_kind = ? AND IFNULL(CAST(lead_days AS TEXT), lead_hours_bin) = ?
            """)
        for (key, values) in sums {
            try update.run(values + [.text(key.provider), .text(key.product), .text(key.model), .text(key.derivedFrom), .text(key.variable),
                                     .text(key.leadKind), .text(key.leadText)])
        }
    }

    /// SQL's SUM of two values: NULL only when both are.
    static func add(_ a: SQLValue, _ b: SQLValue) -> SQLValue {
        switch (a, b) {
        case (.null, _): return b
        case (_, .null): return a
        case (.integer(let x), .integer(let y)): return .integer(x + y)
        default: return .real((a.double ?? 0) + (b.double ?? 0))
        }
    }
}

extension ScoreSums {
    /// The `forecast_scores` column of each sum (the names `ScoreTables.write` gives them).
    static let columnNames: Set<String> = ["n", "sum_f", "sum_o", "sum_f2", "sum_o2", "sum_fo", "sum_abs_error", "sum_sq_error",
                                           "n_within_2c", "n_within_3f", "n_bust", "hits", "misses", "false_alarms", "correct_negatives", "n_brier", "sum_brier"]

    /// Sums read back from a `forecast_scores` row (missing or NULL columns are 0).
    init(columns c: [String: SQLValue]) {
        self.init()
        func int(_ name: String) -> Int { Int(c[name]?.int ?? 0) }
        func real(_ name: String) -> Double { c[name]?.double ?? 0 }
        n = int("n")
        sumF = real("sum_f"); sumO = real("sum_o"); sumF2 = real("sum_f2"); sumO2 = real("sum_o2"); sumFO = real("sum_fo")
        sumAbsError = real("sum_abs_error"); sumSqError = real("sum_sq_error"); nWithin2 = int("n_within_2c")
        nWithin3F = int("n_within_3f"); nBust = int("n_bust")
        hits = int("hits"); misses = int("misses"); falseAlarms = int("false_alarms"); correctNegatives = int("correct_negatives")
        nBrier = int("n_brier"); sumBrier = real("sum_brier")
    }
}

extension ScoreSums {
    /// The per-location groups plus, for each, the pooled group (`location_id` = `*`): the sum of
    /// its locations' sums, added in location-id order. Pooling the per-location sums (rather
    /// than the pairs) makes one aggregate and a merge of location shards add the very same
    /// numbers in the same order, so their pooled scores agree to the last bit.
    static func pooled(_ perLocation: [ScoreKey: ScoreSums]) -> [ScoreKey: ScoreSums] {
        var all = perLocation
        for key in perLocation.keys.sorted(by: { $0.locationID < $1.locationID }) where key.locationID != ScoreKey.pooled {
            var pooledKey = key
            pooledKey.locationID = ScoreKey.pooled
            all[pooledKey] = (all[pooledKey] ?? ScoreSums()) + perLocation[key]!
        }
        return all
    }
}
