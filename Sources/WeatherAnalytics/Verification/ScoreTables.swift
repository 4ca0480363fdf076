import WeatherCore
import WeatherStore

/// `forecast_scores` and `scores_by_lead`, computed from the final `forecast_pairs` (after the
/// matched-sample filter), so every score is reproducible from the exported pairs.
struct ScoreTables {
    let database: Database
    let options: AggregateOptions

    /// Sums per source, variable and lead, read from the final `forecast_pairs` in their order:
    /// one group per location, and pooled (`*`) as their sum. The aggregate sums the pairs as it
    /// writes them (`PairWriter.sums`) and reads them back only after the matched sample moved
    /// some out; the result is the same either way.
    func sums() throws -> [ScoreKey: ScoreSums] {
        var scores: [ScoreKey: ScoreSums] = [:]
        try database.prepare("""
            SELECT provider, product, model, derived_from, location_id, variable, lead_days, lead_hours_bin, forecast, observed,
                   precip_prob_pct
            FROM forecast_pairs
            """).forEachRow(named: { r in
            let variable = r.string("variable") ?? ""
            let key = ScoreKey(provider: r.string("provider") ?? "", product: r.string("product") ?? "", model: r.string("model") ?? "",
                               derivedFrom: r.string("derived_from") ?? "", locationID: r.string("location_id") ?? "", variable: variable,
                               lead: r.int("lead_days").map { .days(Int($0)) } ?? .hours(bin: r.string("lead_hours_bin") ?? "?"))
            scores[key, default: ScoreSums()].add(forecast: r.double("forecast") ?? 0, observed: r.double("observed") ?? 0,
                                                  precipProbPct: r.double("precip_prob_pct"), variable: variable,
                                                  thresholdMm: options.precipThresholdMm)
        })
        return ScoreSums.pooled(scores)
    }

    /// One row of `forecast_scores` as `write` gives it.
    struct ScoreRow {
        var key: ScoreKey
        var sums: ScoreSums
        var thresholdMm: Double
    }

    /// `forecast_scores`' columns from a group's sums: the statistics rounded to 4 places, those
    /// of temperatures or precipitation only for them. The detail columns are filled later.
    static let scoreLayout = RowLayout<ScoreRow>(columns: VerificationTables.scoreColumns.map(\.name)) { b, r throws(StoreError) in
        func round(_ v: Double?) -> Double? { v.map { Convert.round($0, 4) } }
        let key = r.key, v = r.sums
        let isTemp = key.variable.hasPrefix("temp")
        let isPrecip = key.variable == "precip_mm"
        func count(_ c: Int) -> Int? { isPrecip ? c : nil }
        func precip(_ x: Double?) -> Double? { isPrecip ? round(x) : nil }
        try b("provider", key.provider)
        try b("product", key.product)
        try b("model", key.model.isEmpty ? nil : key.model)
        try b("derived_from", key.derivedFrom.isEmpty ? nil : key.derivedFrom)
        try b("location_id", key.locationID)
        try b("variable", key.variable)
        try b("lead_kind", key.leadKind)
        try b("lead_days", key.leadDays)
        try b("lead_hours_bin", key.leadBin)
        try b("n", v.n)
        try b("bias", round(v.bias))
        try b("mae", round(v.mae))
        try b("rmse", round(v.rmse))
        try b("error_sd", round(v.errorSD))
        try b("within_2c_pct", isTemp ? round(v.within2Pct) : nil)
        try b("within_3f_pct", isTemp ? round(v.within3FPct) : nil)
        try b("bust_pct", isTemp ? round(v.bustPct) : nil)
        try b("sum_f", v.sumF)
        try b("sum_o", v.sumO)
        try b("sum_f2", v.sumF2)
        try b("sum_o2", v.sumO2)
        try b("sum_fo", v.sumFO)
        try b("sum_abs_error", v.sumAbsError)
        try b("n_within_2c", v.nWithin2)
        try b("n_within_3f", v.nWithin3F)
        try b("n_bust", v.nBust)
        try b("threshold_mm", isPrecip ? r.thresholdMm : nil)
        try b("hits", count(v.hits))
        try b("misses", count(v.misses))
        try b("false_alarms", count(v.falseAlarms))
        try b("correct_negatives", count(v.correctNegatives))
        try b("pod", precip(v.pod))
        try b("far", precip(v.far))
        try b("csi", precip(v.csi))
        try b("frequency_bias", precip(v.frequencyBias))
        try b("brier", precip(v.brier))
        try b("n_brier", count(v.nBrier))
        try b("sum_brier", isPrecip ? v.sumBrier : nil)
        try b("sum_sq_error", v.sumSqError)
    }

    func write(_ scores: [ScoreKey: ScoreSums]) throws {
        let insert = try ColumnInsert(database, into: VerificationTables.forecastScores, layout: Self.scoreLayout)
        _ = try insert.insert(scores.keys.sorted().map { ScoreRow(key: $0, sums: scores[$0]!, thresholdMm: options.precipThresholdMm) })
    }

    /// `scores_by_lead`: one row per source (provider/product/model, and `derived_from`: a day
    /// derived from hourly forecasts is a row of its own) and variable (pooled over locations),
    /// one column per lead day with the MAE, then the bias, then `n` — a chart of accuracy
    /// against lead time in a spreadsheet is one click away, with the sample size beside it.
    func writeByLead(_ scores: [ScoreKey: ScoreSums]) throws {
        let dayKeys = scores.keys.filter { $0.leadKind == "day" && $0.locationID == ScoreKey.pooled }
        let leads = Set(dayKeys.compactMap(\.leadDays)).sorted()
        let table = VerificationTables.scoresByLead(leads: leads)
        try database.execute(table.createSQL)
        var rows: [String: (ScoreKey, [Int: ScoreSums])] = [:]
        for key in dayKeys {
            let id = [key.provider, key.product, key.model, key.derivedFrom, key.variable].joined(separator: "\u{0}")
            var entry = rows[id] ?? (key, [:])
            entry.1[key.leadDays ?? 0] = scores[key]
            rows[id] = entry
        }
        // The lead columns are named after the data, so they are bound under the names the
        // declaration gave them, in its order.
        let layout = RowLayout<(ScoreKey, [Int: ScoreSums])>(columns: table.insertColumns) { b, row throws(StoreError) in
            let (key, byLead) = row
            try b("provider", key.provider)
            try b("product", key.product)
            try b("model", key.model.isEmpty ? nil : key.model)
            try b("derived_from", key.derivedFrom.isEmpty ? nil : key.derivedFrom)
            try b("variable", key.variable)
            for lead in leads { try b.generated("mae_lead_\(lead)d", byLead[lead]?.mae.map { Convert.round($0, 3) }) }
            for lead in leads { try b.generated("bias_lead_\(lead)d", byLead[lead]?.bias.map { Convert.round($0, 3) }) }
            for lead in leads { try b.generated("n_lead_\(lead)d", byLead[lead].map { Int64($0.n) }) }
        }
        _ = try ColumnInsert(database, into: table, layout: layout).insert(rows.values.sorted { $0.0 < $1.0 })
    }
}

extension ScoreKey {
    /// The pooled key of a pair (`location_id` = `*`).
    init(_ p: ForecastPair) {
        self.init(provider: p.provider, product: p.product, model: p.model ?? "", derivedFrom: p.derivedFrom ?? "", variable: p.variable,
                  lead: p.leadDays.map { .days($0) } ?? .hours(bin: p.leadKey))
    }
}
