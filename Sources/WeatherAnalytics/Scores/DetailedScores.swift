import WeatherStore

/// The detailed statistics (intervals, skill, contingency, reliability, consistency, comparisons),
/// written after `ScoreTables` from the same final pairs: the `forecast_scores` columns of `ScoreDetails`, `precip_thresholds`, `pop_reliability`,
/// `scores_by_month`, `forecast_consistency`, `forecast_revisions_by_lead`, `provider_comparison` and `provider_ranking`.
/// Everything is seeded or exact, so running the aggregate twice gives the same tables.
struct DetailedScores {
    let database: Database
    let options: AggregateOptions
    let rules: [String: ZoneRule]

    func write() throws {
        let details = try ScoreDetailsWriter(database, ScoreDetails(options: options, baselines: try BaselineRecord.load(database), rules: rules))
        let precipitation = try PrecipitationTables(database, options: options)
        let months = try MonthlyScores(database)
        try ScoredPairs.forEachSlice(database, observed: try ObservedCounts.read(database), { slice in
            try details.write(slice)
            try precipitation.write(slice)
            try months.write(slice)
        }, pooled: { key, stream in
            try details.write(key, stream)
            try months.write(key, stream)
        })
        try ConsistencyTables(options: options).write(database)
        try ProviderComparisons.write(database, options: options)
        try ProviderRankings.write(database, options: options)
    }
}
