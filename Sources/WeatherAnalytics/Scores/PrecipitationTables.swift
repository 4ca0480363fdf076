import WeatherCore
import WeatherStore

/// `precip_thresholds` (one contingency table per source, location, lead and threshold) and
/// `pop_reliability` (the ten-bin reliability table of the probability of precipitation).
struct PrecipitationTables {
    let options: AggregateOptions
    let thresholds: ColumnInsert<(ScoreKey, ThresholdContingency)>
    let reliability: ColumnInsert<(ScoreKey, ReliabilityBin)>
    /// Where the rows are written (`DetailedScores`); they are made in the caller's thread.
    let writes: WriteQueue

    static let thresholdLayout = RowLayout<(ScoreKey, ThresholdContingency)>(columns: ScoreSchema.precipThresholds.insertColumns) {
        b, row throws(StoreError) in
        func round(_ v: Double?) -> Double? { v.map { Convert.round($0, 4) } }
        let (key, t) = row
        let c = t.table
        try bindIdentity(&b, key)
        try b("threshold_mm", t.thresholdMm)
        try b("n", c.n)
        try b("hits", c.hits)
        try b("misses", c.misses)
        try b("false_alarms", c.falseAlarms)
        try b("correct_negatives", c.correctNegatives)
        try b("pod", round(c.pod))
        try b("far", round(c.far))
        try b("pofd", round(c.pofd))
        try b("csi", round(c.csi))
        try b("frequency_bias", round(c.frequencyBias))
        try b("ets", round(c.ets))
        try b("hss", round(c.hss))
        try b("pss", round(c.pss))
    }

    static let reliabilityLayout = RowLayout<(ScoreKey, ReliabilityBin)>(columns: ScoreSchema.popReliability.insertColumns) {
        b, row throws(StoreError) in
        func round(_ v: Double?) -> Double? { v.map { Convert.round($0, 4) } }
        let (key, bin) = row
        try bindIdentity(&b, key)
        try b("bin_low", bin.lower)
        try b("bin_high", bin.upper)
        try b("n", bin.count)
        try b("mean_forecast_prob", round(bin.meanForecast))
        try b("observed_frequency", round(bin.observedFrequency))
    }

    /// The identity columns of a row: provider, product, model, `derived_from`, location, and `lead_days` (NULL for hourly bins).
    @inline(__always)
    static func bindIdentity(_ b: inout RowBinder, _ key: ScoreKey) throws(StoreError) {
        try b("provider", key.provider)
        try b("product", key.product)
        try b("model", key.model.isEmpty ? nil : key.model)
        try b("derived_from", key.derivedFrom.isEmpty ? nil : key.derivedFrom)
        try b("location_id", key.locationID)
        try b("lead_days", key.leadDays)
    }

    init(_ database: Database, options: AggregateOptions, writes: WriteQueue) throws {
        self.options = options
        self.writes = writes
        thresholds = try ColumnInsert(database, into: ScoreSchema.precipThresholds, layout: Self.thresholdLayout)
        reliability = try ColumnInsert(database, into: ScoreSchema.popReliability, layout: Self.reliabilityLayout)
    }

    func write(_ groups: [ScoreKey: [ScoredPair]]) throws {
        for key in groups.keys.sorted() where key.variable == "precip_mm" {
            let pairs = groups[key]!
            for t in PrecipitationContingency.tables(pairs.map { (forecastMm: $0.forecast, observedMm: $0.observed) },
                                                     thresholdsMm: options.precipThresholdsMm) {
                let thresholds = thresholds
                try writes.run { try thresholds.insert((key, t)) }
            }
            let withProbability = pairs.filter { $0.probability != nil }
            guard let brier = BrierDecomposition(probabilities: withProbability.map { $0.probability! },
                                                 outcomes: withProbability.map { $0.observed >= options.precipThresholdMm }) else { continue }
            let reliability = reliability
            for bin in brier.bins { try writes.run { try reliability.insert((key, bin)) } }
        }
    }
}

/// `scores_by_month`: bias, MAE and RMSE per source, variable, lead and month of the target date
/// (`YYYY-MM`), pooled over locations — a provider that is good in summer and poor in winter shows.
struct MonthlyScores {
    /// One row: a group, a month, and its pairs' count, bias, MAE and RMSE.
    struct MonthRow {
        var key: ScoreKey
        var month: String
        var n: Int
        var bias: Double, mae: Double, rmse: Double
    }

    static let layout = RowLayout<MonthRow>(columns: ScoreSchema.scoresByMonth.insertColumns) { b, r throws(StoreError) in
        try b("provider", r.key.provider)
        try b("product", r.key.product)
        try b("model", r.key.model.isEmpty ? nil : r.key.model)
        try b("derived_from", r.key.derivedFrom.isEmpty ? nil : r.key.derivedFrom)
        try b("variable", r.key.variable)
        try b("lead_kind", r.key.leadKind)
        try b("lead_days", r.key.leadDays)
        try b("lead_hours_bin", r.key.leadBin)
        try b("month", r.month)
        try b("n", r.n)
        try b("bias", Convert.round(r.bias, 4))
        try b("mae", Convert.round(r.mae, 4))
        try b("rmse", Convert.round(r.rmse, 4))
    }

    let insert: ColumnInsert<MonthRow>
    /// Where the rows are written (`DetailedScores`); they are made in the caller's thread.
    let writes: WriteQueue

    init(_ database: Database, writes: WriteQueue) throws {
        insert = try ColumnInsert(database, into: ScoreSchema.scoresByMonth, layout: Self.layout)
        self.writes = writes
    }

    private func write(_ row: MonthRow) throws {
        let insert = insert
        try writes.run { try insert.insert(row) }
    }

    func write(_ groups: [ScoreKey: [ScoredPair]]) throws {
        for key in groups.keys.sorted() where key.locationID == ScoreKey.pooled {
            for (month, pairs) in Dictionary(grouping: groups[key]!, by: { String($0.date.prefix(7)) }).sorted(by: { $0.key < $1.key }) {
                let n = Double(pairs.count)
                let bias = pairs.reduce(0) { $0 + $1.error } / n
                let mae = pairs.reduce(0) { $0 + abs($1.error) } / n
                let rmse = (pairs.reduce(0) { $0 + $1.error * $1.error } / n).squareRoot()
                try write(MonthRow(key: key, month: month, n: pairs.count, bias: bias, mae: mae, rmse: rmse))
            }
        }
    }

    /// A streamed pooled group's months: the same sums, taken in the same order as from its pairs.
    func write(_ key: ScoreKey, _ stream: PooledGroupStream) throws {
        for (month, m) in stream.months.sorted(by: { $0.key < $1.key }) {
            let n = Double(m.n)
            try write(MonthRow(key: key, month: month, n: m.n, bias: m.error / n, mae: m.absError / n,
                               rmse: (m.squaredError / n).squareRoot()))
        }
    }
}
