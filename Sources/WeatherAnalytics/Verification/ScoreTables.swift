import WeatherCore
import WeatherStore

/// `forecast_scores` and `scores_by_lead`, computed from the final `forecast_pairs` (after the
/// matched-sample filter), so every score is reproducible from the exported pairs.
struct ScoreTables {
    let database: Database
    let options: AggregateOptions

    /// Sums per source, variable and lead: one group per location, and pooled (`*`) as their sum.
    func sums() throws -> [ScoreKey: ScoreSums] {
        var scores: [ScoreKey: ScoreSums] = [:]
        try database.prepare("""
            SELECT provider, product, model, location_id, variable, period, target_date, lead_days, lead_hours,
                   forecast, observed, precip_prob_pct FROM forecast_pairs
            """).forEachRow { r in
            let p = ForecastPair(provider: r[0].string ?? "", product: r[1].string ?? "", model: r[2].string,
                                 locationID: r[3].string ?? "", variable: r[4].string ?? "", period: r[5].string ?? "",
                                 targetDate: r[6].string, validAt: nil, issuedAt: 0, leadDays: r[7].int.map(Int.init),
                                 leadHours: r[8].double ?? 0, forecast: r[9].double ?? 0, observed: r[10].double ?? 0,
                                 precipProbPct: r[11].double, forecastID: 0, observationID: nil)
            var key = ScoreKey(p)
            key.locationID = p.locationID
            scores[key, default: ScoreSums()].add(p, thresholdMm: options.precipThresholdMm)
        }
        return ScoreSums.pooled(scores)
    }

    func write(_ scores: [ScoreKey: ScoreSums]) throws {
        let marks = Array(repeating: "?", count: 34).joined(separator: ", ")
        let s = try database.prepare("INSERT INTO forecast_scores VALUES (\(marks))")
        func r(_ v: Double?) -> SQLValue { .optional(v.map { Convert.round($0, 4) }) }
        for key in scores.keys.sorted() {
            let v = scores[key]!
            let isTemp = key.variable.hasPrefix("temp")
            let isPrecip = key.variable == "precip_mm"
            let threshold: SQLValue = isPrecip ? .real(options.precipThresholdMm) : .null
            func count(_ c: Int) -> SQLValue { isPrecip ? .integer(Int64(c)) : .null }
            try s.run([.text(key.provider), .text(key.product), key.model.isEmpty ? .null : .text(key.model), .text(key.locationID),
                       .text(key.variable), .text(key.leadKind), .optional(key.leadDays),
                       .optional(key.leadBin), .integer(Int64(v.n)),
                       r(v.bias), r(v.mae), r(v.rmse), r(v.errorSD), isTemp ? r(v.within2Pct) : .null,
                       .real(v.sumF), .real(v.sumO), .real(v.sumF2), .real(v.sumO2), .real(v.sumFO), .real(v.sumAbsError),
                       .integer(Int64(v.nWithin2)), threshold, count(v.hits), count(v.misses), count(v.falseAlarms),
                       count(v.correctNegatives), isPrecip ? r(v.pod) : .null, isPrecip ? r(v.far) : .null,
                       isPrecip ? r(v.csi) : .null, isPrecip ? r(v.frequencyBias) : .null, isPrecip ? r(v.brier) : .null,
                       isPrecip ? .integer(Int64(v.nBrier)) : .null, isPrecip ? .real(v.sumBrier) : .null, .real(v.sumSqError)])
        }
    }

    /// `scores_by_lead`: one row per provider/product/model and variable (pooled over locations),
    /// one column per lead day with the MAE, then the bias, then `n` — a chart of accuracy
    /// against lead time in a spreadsheet is one click away, with the sample size beside it.
    func writeByLead(_ scores: [ScoreKey: ScoreSums]) throws {
        let dayKeys = scores.keys.filter { $0.leadKind == "day" && $0.locationID == ScoreKey.pooled }
        let leads = Set(dayKeys.compactMap(\.leadDays)).sorted()
        var columns = ["provider TEXT", "product TEXT", "model TEXT", "variable TEXT"]
        columns += leads.map { "mae_lead_\($0)d REAL" }
        columns += leads.map { "bias_lead_\($0)d REAL" }
        columns += leads.map { "n_lead_\($0)d INTEGER" }
        try database.execute("CREATE TABLE scores_by_lead (\(columns.joined(separator: ", ")))")
        var rows: [String: (ScoreKey, [Int: ScoreSums])] = [:]
        for key in dayKeys {
            let id = [key.provider, key.product, key.model, key.variable].joined(separator: "\u{0}")
            var entry = rows[id] ?? (key, [:])
            entry.1[key.leadDays ?? 0] = scores[key]
            rows[id] = entry
        }
        let marks = Array(repeating: "?", count: 4 + 3 * leads.count).joined(separator: ", ")
        let s = try database.prepare("INSERT INTO scores_by_lead VALUES (\(marks))")
        for (_, (key, byLead)) in rows.sorted(by: { $0.value.0 < $1.value.0 }) {
            var values: [SQLValue] = [.text(key.provider), .text(key.product), key.model.isEmpty ? .null : .text(key.model), .text(key.variable)]
            values += leads.map { .optional(byLead[$0]?.mae.map { Convert.round($0, 3) }) }
            values += leads.map { .optional(byLead[$0]?.bias.map { Convert.round($0, 3) }) }
            values += leads.map { byLead[$0].map { .integer(Int64($0.n)) } ?? .null }
            try s.run(values)
        }
    }
}

extension ScoreKey {
    /// The pooled key of a pair (`location_id` = `*`).
    init(_ p: ForecastPair) {
        self.init(provider: p.provider, product: p.product, model: p.model ?? "", variable: p.variable,
                  lead: p.leadDays.map { .days($0) } ?? .hours(bin: p.leadKey))
    }
}
