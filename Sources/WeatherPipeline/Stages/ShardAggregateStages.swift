import WeatherAnalytics
import WeatherCore
import WeatherStore

/// The distributed aggregate (docs/SCALING.md): `aggregate --shard K/N --out PART` writes one
/// shard of the locations into its own store; `merge-scores` combines the parts.
public enum ShardAggregateStage {
    public static func run(records: String, out: String, options: AggregateOptions, log: StageLog) -> StageOutcome {
        do {
            try StoreFile.createFolder(for: out)
            let lock = try StoreLock(store: out) { log.info("waiting for another wxpipe run on \(out) to finish…") }
            defer { withExtendedLifetime(lock) {} }
            try upgradeIfOlder(records, log: log)
            let summary = try ShardAggregation.run(records: records, out: out, options: options.withDeclaredProducts)
            log.info("shard \(options.locationShard.map(\.description) ?? "?") of the locations of \(records) → \(out)")
            log.info(summary.render())
            return .completed
        } catch {
            log.error("\(error)")
            return .failed
        }
    }

    /// The records are read attached read-only; a store of an older schema (which has no row
    /// tables) is upgraded first, once, under its own lock — the array's other tasks wait for
    /// it and then find it current. A current store is not written.
    private static func upgradeIfOlder(_ records: String, log: StageLog) throws {
        try StoreFile.check(records)
        guard try Migration.version(of: Database(path: records, readOnly: true)) < Schema.version else { return }
        let lock = try StoreLock(store: records) { log.info("waiting for another wxpipe run on \(records) to finish…") }
        defer { withExtendedLifetime(lock) {} }
        if let notice = Migration.notice(path: records, before: try Migration.upgrade(Database(path: records))) { log.info(notice) }
    }
}

public enum MergeScoresStage {
    public static func run(out: String, parts: [String], statistics: [String] = [], rowsInParts: Bool = false, log: StageLog) -> StageOutcome {
        do {
            try StoreFile.createFolder(for: out)
            let lock = try StoreLock(store: out) { log.info("waiting for another wxpipe run on \(out) to finish…") }
            defer { withExtendedLifetime(lock) {} }
            let result = try ScoreMerge.run(out: out, parts: parts, statistics: statistics, rowsInParts: rowsInParts)
            let rows = result.rows.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            log.info("merged \(result.parts) aggregate parts into \(out)"
                     + (statistics.isEmpty ? "" : " with the pooled statistics of \(statistics.count) files") + ": \(rows)"
                     + (rowsInParts ? "; \(PartTables.tables.joined(separator: ", ")) left in the parts and "
                                      + "\(PartTables.statisticsTables.joined(separator: ", ")) in the statistics files (\(PartTables.table))" : ""))
            if !result.notMerged.isEmpty {
                log.warning("not merged (no location_id; run 'wxpipe aggregate' on the whole store for them): "
                            + result.notMerged.joined(separator: ", "))
            }
            return .completed
        } catch {
            log.error("\(error)")
            return .failed
        }
    }
}

extension MergeScoresStage {
    /// `merge-scores --shard J/S --out STATS`: one share of the pooled statistics (`ScoreStatistics`),
    /// under the output's lock; the file appears only when complete.
    public static func runShare(out: String, shard: Shard, parts: [String], log: StageLog) -> StageOutcome {
        do {
            try StoreFile.createFolder(for: out)
            let lock = try StoreLock(store: out) { log.info("waiting for another wxpipe run on \(out) to finish…") }
            defer { withExtendedLifetime(lock) {} }
            let r = try ScoreStatistics.run(out: out, shard: shard, parts: parts)
            log.info("share \(shard) of the pooled statistics of \(parts.count) aggregate parts → \(out): \(r.leadGroups) variable × lead groups "
                     + "(\(r.leadPairs) pairs), \(r.sourceGroups) source × variable groups (\(r.sourcePairs) pairs)")
            return .completed
        } catch {
            log.error("\(error)")
            return .failed
        }
    }
}

/// `merge --shard K/M`: one location part of the merge (`LocationShardMerger`), under the part's lock.
public enum LocationMergeStage {
    public static func run(out: String, shard: Shard, stores: [String], log: StageLog) -> StageOutcome {
        do {
            try StoreFile.createFolder(for: out)
            let lock = try StoreLock(store: out) { log.info("waiting for another wxpipe run on \(out) to finish…") }
            defer { withExtendedLifetime(lock) {} }
            switch try LocationShardMerger(out: out, shard: shard).merge(stores) {
            case .alreadyMerged:
                log.info("\(out) is location shard \(shard) of these \(stores.count) stores already: nothing to do")
            case .merged(let c):
                log.info("location shard \(shard) of \(stores.count) stores → \(out): \(c.locations) locations, \(c.sources) sources"
                         + " (\(c.sourcesSkipped) already present), \(c.observations) observations, \(c.forecasts) forecasts, "
                         + "\(c.rejects) rejects, \(c.warnings) warnings")
            }
            return .completed
        } catch {
            log.error("\(error)")
            return .failed
        }
    }
}

/// `merge --prepare STORE…`: each store's first record per location (`LocationFirstRecords`),
/// written into the store under its lock.
public enum MergePrepareStage {
    public static func run(stores: [String], log: StageLog) -> StageOutcome {
        do {
            for store in stores {
                try StoreFile.check(store)
                let lock = try StoreLock(store: store) { log.info("waiting for another wxpipe run on \(store) to finish…") }
                let n = try withExtendedLifetime(lock) { try LocationFirstRecords.prepare(store) }
                log.info("\(store): the first record of \(n) locations recorded for the merge")
            }
            return .completed
        } catch {
            log.error("\(error)")
            return .failed
        }
    }
}
