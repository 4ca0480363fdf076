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
    ///
    /// With a spool and `options.writesBeside`, the per-lead pass runs on this thread while the
    /// consistency and comparison passes run on another: each reads the spool (which nothing
    /// changes any more) and computes its rows in its own thread, and every statement touches the
    /// connection through one `WriteQueue`. So the passes prepare their statements and read what
    /// they need of the store before either starts, and no table is written by two passes: each
    /// table's rows come in the order one pass makes them, the order of a run on one thread.
    func write() throws {
        try database.withSortThreads {
            // A `merge-scores --shard` task runs the per-lead passes alone (`.perLead`): its
            // comparisons still go beside the details.
            let sideBySide = options.writesBeside && spool != nil && passes.contains(.perLead)
            let writes = WriteQueue(threaded: sideBySide)
            defer { writes.stop() }
            let perLead = passes.contains(.perLead) ? try PerLeadPass(self, writes: writes) : nil
            let comparisons = passes.contains(.perLead) ? try ProviderComparisons.Writer(database, options: options, writes: writes) : nil
            let consistency = passes.contains(.consistency) ? try ConsistencyTables(database, options: options, writes: writes) : nil
            try withExtendedLifetime((perLead, comparisons, consistency)) {
                if sideBySide, let spool, let perLead, let comparisons {
                    try spool.finishWriting(readers: 2)
                    try SideBySide.run({ try perLead.write(database, spool: spool) }, {
                        try consistency?.write(database, spool: spool)
                        try comparisons.write(database, spool: spool)
                    })
                } else {
                    try perLead?.write(database, spool: spool)
                    try comparisons?.write(database, spool: spool)
                    try consistency?.write(database, spool: spool)
                }
                // The statements are let go of on this thread, once the queue is done with them.
                try writes.drain()
                writes.stop()
            }
        }
    }

    /// Detail columns, thresholds, reliability and months, from one read of the pairs by slice.
    private struct PerLeadPass {
        let details: ScoreDetailsWriter
        let precipitation: PrecipitationTables
        let months: MonthlyScores
        let observed: [ScoreKey: [Double: Int]]

        init(_ scores: DetailedScores, writes: WriteQueue) throws {
            let database = scores.database, options = scores.options
            details = try ScoreDetailsWriter(database, ScoreDetails(options: options, baselines: try BaselineRecord.load(database),
                                                                    rules: scores.rules), writes: writes)
            precipitation = try PrecipitationTables(database, options: options, writes: writes)
            months = try MonthlyScores(database, writes: writes)
            observed = try scores.observed ?? ObservedCounts.read(database)
        }

        /// `database` is read only without a spool.
        func write(_ database: Database, spool: PairSpool?) throws {
            try ScoredPairs.forEachSlice(database, spool: spool, observed: observed, { slice in
                try details.write(slice)
                try precipitation.write(slice)
                try months.write(slice)
            }, pooled: { key, stream in
                try details.write(key, stream)
                try months.write(key, stream)
            })
        }
    }
}
