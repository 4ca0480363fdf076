import WeatherCore
import WeatherStore

/// The detail columns of each `forecast_scores` row: bootstrap intervals of bias, MAE and
/// RMSE, error quantiles, conditional bias by observed tercile, MAE skill against persistence and
/// climatology, and the Brier decomposition and skill of the probability of precipitation.
struct ScoreDetails {
    let options: AggregateOptions
    let baselines: BaselineRecord
    let rules: [String: ZoneRule]

    /// What one group's detail columns hold.
    struct Row {
        var intervals: Result<ErrorIntervals, IntervalUnavailable>
        var quantiles: ErrorQuantiles?
        var terciles: ConditionalBias?
        /// Day leads only: the baselines are daily.
        var skill: Skill?
        var brier: BrierDecomposition?
    }

    struct Skill {
        var persistence: MAESkill, climatology: MAESkill
        var interval: ConfidenceInterval?
        /// The interval of the climatology skill, by the same resampling with its own stream.
        var climatologyInterval: ConfidenceInterval?
        var note: String?
    }

    /// The detail values of one group.
    func row(_ key: ScoreKey, _ pairs: [ScoredPair]) -> Row {
        var bootstrap = options.bootstrap
        bootstrap.seed ^= StableSeed.fnv1a(key.text)
        var skill: Skill?
        if key.leadKind == "day" {
            let (persistence, climate, cases, climateCases, note) = baselines.skills(pairs, variable: key.variable, rules: rules)
            var skillBootstrap = options.bootstrap
            skillBootstrap.seed ^= StableSeed.fnv1a("skill|" + key.text)
            let interval = try? BlockBootstrap.skillInterval(cases, options: skillBootstrap).get()
            var climateBootstrap = options.bootstrap
            climateBootstrap.seed ^= StableSeed.fnv1a("climatology skill|" + key.text)
            let climateInterval = try? BlockBootstrap.skillInterval(climateCases, options: climateBootstrap).get()
            skill = Skill(persistence: persistence, climatology: climate, interval: interval, climatologyInterval: climateInterval, note: note)
        }
        return Row(intervals: BlockBootstrap.errorIntervals(pairs.map(\.dated), options: bootstrap),
                   quantiles: ErrorQuantiles(errors: pairs.map(\.error)),
                   terciles: ConditionalBias(pairs.map { (forecast: $0.forecast, observed: $0.observed) }),
                   skill: skill, brier: key.variable == "precip_mm" ? decomposition(pairs) : nil)
    }

    /// The detail values of a pooled group gathered as a stream (`PooledGroupStream.streams`:
    /// neither day-lead skill nor precipitation), the values `row` gives from its pairs.
    func row(_ key: ScoreKey, _ stream: PooledGroupStream) -> Row {
        var bootstrap = options.bootstrap
        bootstrap.seed ^= StableSeed.fnv1a(key.text)
        return Row(intervals: BlockBootstrap.errorIntervals(stream.dated, options: bootstrap), quantiles: stream.quantiles,
                   terciles: stream.terciles, skill: nil, brier: nil)
    }

    /// The Brier decomposition of the group's probability forecasts, the event being the amount at
    /// `precip_threshold_mm` (the same event as `brier`).
    func decomposition(_ pairs: [ScoredPair]) -> BrierDecomposition? {
        let withProbability = pairs.filter { $0.probability != nil }
        return BrierDecomposition(probabilities: withProbability.map { $0.probability! },
                                  outcomes: withProbability.map { $0.observed >= options.precipThresholdMm })
    }

    /// `ScoreSchema.detailColumns` from a group's details, rounded to 4 places; an interval that
    /// could not be drawn leaves its columns NULL and says why in `ci_note`.
    static let layout = RowLayout<Row>(columns: ScoreSchema.detailColumns.map(\.name)) { b, r throws(StoreError) in
        func round(_ v: Double?) -> Double? { v.map { Convert.round($0, 4) } }
        let i = r.intervals.success
        try b("bias_ci_low", round(i?.bias.low))
        try b("bias_ci_high", round(i?.bias.high))
        try b("mae_ci_low", round(i?.mae.low))
        try b("mae_ci_high", round(i?.mae.high))
        try b("rmse_ci_low", round(i?.rmse.low))
        try b("rmse_ci_high", round(i?.rmse.high))
        try b("ci_dates", i?.dates)
        if case .failure(let why) = r.intervals { try b("ci_note", why.description) } else { try b("ci_note", nil as String?) }
        try b("abs_error_p50", round(r.quantiles?.medianAbsError))
        try b("abs_error_p90", round(r.quantiles?.p90AbsError))
        try b("bias_lower_tercile", round(r.terciles?.terciles[0].bias))
        try b("bias_middle_tercile", round(r.terciles?.terciles[1].bias))
        try b("bias_upper_tercile", round(r.terciles?.terciles[2].bias))
        let s = r.skill
        try b("n_persistence", s.map { $0.persistence.n })
        try b("mae_persistence", round(s?.persistence.referenceMAE))
        try b("mae_skill_persistence", round(s?.persistence.skill))
        try b("skill_persistence_ci_low", round(s?.interval?.low))
        try b("skill_persistence_ci_high", round(s?.interval?.high))
        try b("n_climatology", s.map { $0.climatology.n })
        try b("mae_climatology", round(s?.climatology.referenceMAE))
        try b("mae_skill_climatology", round(s?.climatology.skill))
        try b("skill_climatology_ci_low", round(s?.climatologyInterval?.low))
        try b("skill_climatology_ci_high", round(s?.climatologyInterval?.high))
        try b("skill_note", s.map { $0.note } ?? "baselines are daily: day leads only")
        try b("brier_reliability", round(r.brier?.reliability))
        try b("brier_resolution", round(r.brier?.resolution))
        try b("brier_uncertainty", round(r.brier?.uncertainty))
        try b("brier_skill", round(r.brier?.brierSkillScore))
    }
}

/// Fills the `ScoreSchema.detailColumns` of the `forecast_scores` rows, one slice of groups at a time.
/// The rows are made in the caller's thread and written through `writes`.
struct ScoreDetailsWriter {
    let update: ColumnUpdate<ScoreDetails.Row>
    let details: ScoreDetails
    let writes: WriteQueue

    init(_ database: Database, _ details: ScoreDetails, writes: WriteQueue) throws {
        update = try ColumnUpdate(database, table: VerificationTables.forecastScores, layout: ScoreDetails.layout, where: ScoreKey.whereClause)
        self.details = details
        self.writes = writes
    }

    func write(_ groups: [ScoreKey: [ScoredPair]]) throws {
        for key in groups.keys.sorted() { try write(details.row(key, groups[key]!), key) }
    }

    func write(_ key: ScoreKey, _ stream: PooledGroupStream) throws {
        try write(details.row(key, stream), key)
    }

    private func write(_ row: ScoreDetails.Row, _ key: ScoreKey) throws {
        let update = update
        try writes.run { try update.update(row, key: key.bindings) }
    }
}
