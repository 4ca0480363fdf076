import WeatherCore
import WeatherStore

/// `precip_thresholds` (one contingency table per source, location, lead and threshold) and
/// `pop_reliability` (the ten-bin reliability table of the probability of precipitation).
struct PrecipitationTables {
    let options: AggregateOptions
    let thresholds: Statement
    let reliability: Statement

    init(_ database: Database, options: AggregateOptions) throws {
        self.options = options
        thresholds = try database.prepare("INSERT INTO precip_thresholds VALUES (\(marks(19)))")
        reliability = try database.prepare("INSERT INTO pop_reliability VALUES (\(marks(10)))")
    }

    func write(_ groups: [ScoreKey: [ScoredPair]]) throws {
        func r(_ v: Double?) -> SQLValue { .optional(v.map { Convert.round($0, 4) }) }
        for key in groups.keys.sorted() where key.variable == "precip_mm" {
            let pairs = groups[key]!
            for t in PrecipitationContingency.tables(pairs.map { (forecastMm: $0.forecast, observedMm: $0.observed) },
                                                     thresholdsMm: options.precipThresholdsMm) {
                let c = t.table
                try thresholds.run(key.identity + [.real(t.thresholdMm), .integer(Int64(c.n)), .integer(Int64(c.hits)),
                                                   .integer(Int64(c.misses)), .integer(Int64(c.falseAlarms)),
                                                   .integer(Int64(c.correctNegatives)), r(c.pod), r(c.far), r(c.pofd), r(c.csi),
                                                   r(c.frequencyBias), r(c.ets), r(c.hss), r(c.pss)])
            }
            let withProbability = pairs.filter { $0.probability != nil }
            guard let brier = BrierDecomposition(probabilities: withProbability.map { $0.probability! },
                                                 outcomes: withProbability.map { $0.observed >= options.precipThresholdMm }) else { continue }
            for bin in brier.bins {
                try reliability.run(key.identity + [.real(bin.lower), .real(bin.upper), .integer(Int64(bin.count)),
                                                    r(bin.meanForecast), r(bin.observedFrequency)])
            }
        }
    }
}

/// `scores_by_month`: bias, MAE and RMSE per source, variable, lead and month of the target date
/// (`YYYY-MM`), pooled over locations — a provider that is good in summer and poor in winter shows.
struct MonthlyScores {
    let insert: Statement

    init(_ database: Database) throws { insert = try database.prepare("INSERT INTO scores_by_month VALUES (\(marks(12)))") }

    func write(_ groups: [ScoreKey: [ScoredPair]]) throws {
        func r(_ v: Double) -> SQLValue { .real(Convert.round(v, 4)) }
        for key in groups.keys.sorted() where key.locationID == ScoreKey.pooled {
            for (month, pairs) in Dictionary(grouping: groups[key]!, by: { String($0.date.prefix(7)) }).sorted(by: { $0.key < $1.key }) {
                let n = Double(pairs.count)
                let bias = pairs.reduce(0) { $0 + $1.error } / n
                let mae = pairs.reduce(0) { $0 + abs($1.error) } / n
                let rmse = (pairs.reduce(0) { $0 + $1.error * $1.error } / n).squareRoot()
                try insert.run([.text(key.provider), .text(key.product), key.model.isEmpty ? .null : .text(key.model),
                                .text(key.variable), .text(key.leadKind), .optional(key.leadDays),
                                .optional(key.leadBin), .text(month), .integer(Int64(pairs.count)),
                                r(bias), r(mae), r(rmse)])
            }
        }
    }
}

/// `?, ?, …` for an INSERT of `count` values.
func marks(_ count: Int) -> String { Array(repeating: "?", count: count).joined(separator: ", ") }
