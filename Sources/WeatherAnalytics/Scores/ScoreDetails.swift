import WeatherCore
import WeatherStore

/// The columns issue 13 adds to each `forecast_scores` row: bootstrap intervals of bias, MAE and
/// RMSE, error quantiles, conditional bias by observed tercile, MAE skill against persistence and
/// climatology, and the Brier decomposition and skill of the probability of precipitation.
struct ScoreDetails {
    let options: AggregateOptions
    let baselines: BaselineRecord
    let rules: [String: ZoneRule]

    /// The values of `ScoreSchema.scoreColumns` for one group, in that order.
    func values(_ key: ScoreKey, _ pairs: [ScoredPair]) -> [SQLValue] {
        func r(_ v: Double?) -> SQLValue { .optional(v.map { Convert.round($0, 4) }) }
        var out: [SQLValue] = []
        out += intervals(key, pairs)
        let quantiles = ErrorQuantiles(errors: pairs.map(\.error))
        out += [r(quantiles?.medianAbsError), r(quantiles?.p90AbsError)]
        let terciles = ConditionalBias(pairs.map { (forecast: $0.forecast, observed: $0.observed) })
        out += (0..<3).map { r(terciles?.terciles[$0].bias) }
        if key.leadKind == "day" {
            let (persistence, climate, cases, note) = baselines.skills(pairs, variable: key.variable, rules: rules)
            var bootstrap = options.bootstrap
            bootstrap.seed ^= StableSeed.fnv1a("skill|" + key.text)
            let interval = try? BlockBootstrap.skillInterval(cases, options: bootstrap).get()
            out += [.integer(Int64(persistence.n)), r(persistence.referenceMAE), r(persistence.skill), r(interval?.low), r(interval?.high),
                    .integer(Int64(climate.n)), r(climate.referenceMAE), r(climate.skill), .optional(note)]
        } else {
            out += [.null, .null, .null, .null, .null, .null, .null, .null, .text("baselines are daily: day leads only")]
        }
        let brier = key.variable == "precip_mm" ? decomposition(pairs) : nil
        out += [r(brier?.reliability), r(brier?.resolution), r(brier?.uncertainty), r(brier?.brierSkillScore)]
        return out
    }

    /// The bootstrap intervals and the dates they rest on, or the reason there are none.
    func intervals(_ key: ScoreKey, _ pairs: [ScoredPair]) -> [SQLValue] {
        var bootstrap = options.bootstrap
        bootstrap.seed ^= StableSeed.fnv1a(key.text)
        func r(_ v: Double) -> SQLValue { .real(Convert.round(v, 4)) }
        switch BlockBootstrap.errorIntervals(pairs.map(\.dated), options: bootstrap) {
        case .success(let i):
            return [r(i.bias.low), r(i.bias.high), r(i.mae.low), r(i.mae.high), r(i.rmse.low), r(i.rmse.high),
                    .integer(Int64(i.dates)), .null]
        case .failure(let why):
            return [.null, .null, .null, .null, .null, .null, .null, .text(why.description)]
        }
    }

    /// The Brier decomposition of the group's probability forecasts, the event being the amount at
    /// `precip_threshold_mm` (the same event as `brier`).
    func decomposition(_ pairs: [ScoredPair]) -> BrierDecomposition? {
        let withProbability = pairs.filter { $0.probability != nil }
        return BrierDecomposition(probabilities: withProbability.map { $0.probability! },
                                  outcomes: withProbability.map { $0.observed >= options.precipThresholdMm })
    }

}

/// Fills the `ScoreSchema.scoreColumns` of the `forecast_scores` rows, one slice of groups at a time.
struct ScoreDetailsWriter {
    let update: Statement
    let details: ScoreDetails

    init(_ database: Database, _ details: ScoreDetails) throws {
        let assignments = ScoreSchema.scoreColumns.map { $0.0 + " = ?" }.joined(separator: ", ")
        update = try database.prepare("UPDATE forecast_scores SET \(assignments) WHERE \(ScoreKey.whereClause)")
        self.details = details
    }

    func write(_ groups: [ScoreKey: [ScoredPair]]) throws {
        for key in groups.keys.sorted() { try update.run(details.values(key, groups[key]!) + key.bindings) }
    }
}
