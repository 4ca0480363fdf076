import WeatherStore

/// The detailed statistics (intervals, skill, contingency, reliability, consistency, comparisons),
/// written after `ScoreTables` from the same final pairs: the `forecast_scores` columns of `ScoreDetails`, `precip_thresholds`, `pop_reliability`,
/// `scores_by_month`, `forecast_consistency`, `forecast_revisions_by_lead`, `provider_comparison` and `provider_ranking`.
/// Everything is seeded or exact, so running the aggregate twice gives the same tables.
struct DetailedScores {
    let database: Database
    let options: AggregateOptions
    let rules: [String: ZoneRule]
    /// Which passes run: all of them in an aggregate. A `merge-scores --shard` task runs the
    /// per-lead passes and the consistency pass over different pairs, because their groups differ
    /// (source × variable × lead and variable × lead, against source × variable across leads).
    var passes: Passes = .all
    /// `ObservedCounts.read` of the pairs, when the caller counted them as it wrote them; nil:
    /// read from the table.
    var observed: [ScoreKey: [Double: Int]]? = nil
    /// The final pairs as the aggregate spooled them while writing (`PairSpool`): each pass sorts
    /// its records instead of the table's rows. nil: every pass reads `forecast_pairs`.
    var spool: PairSpool? = nil

    struct Passes: OptionSet {
        let rawValue: Int
        /// Detail columns, thresholds, reliability, months, comparisons and rankings.
        static let perLead = Passes(rawValue: 1)
        /// `forecast_consistency` and `forecast_revisions_by_lead`.
        static let consistency = Passes(rawValue: 2)
        static let all: Passes = [.perLead, .consistency]
    }

    /// Each pass reads the pairs in an order of its own, and each of those orders ends with the
    /// pairs' `rowid`: no two rows tie, so SQLite may sort them on several threads.
    func write() throws {
        try database.withSortThreads {
            if passes.contains(.perLead) { try writePerLead() }
            if passes.contains(.consistency) { try ConsistencyTables(options: options).write(database, spool: spool) }
        }
    }

    private func writePerLead() throws {
        let details = try ScoreDetailsWriter(database, ScoreDetails(options: options, baselines: try BaselineRecord.load(database), rules: rules))
        let precipitation = try PrecipitationTables(database, options: options)
        let months = try MonthlyScores(database)
        try ScoredPairs.forEachSlice(database, spool: spool, observed: try observed ?? ObservedCounts.read(database), { slice in
            try details.write(slice)
            try precipitation.write(slice)
            try months.write(slice)
        }, pooled: { key, stream in
            try details.write(key, stream)
            try months.write(key, stream)
        })
        try ProviderComparisons.writeWithRankings(database, options: options, spool: spool)
    }
}
