import WeatherAnalytics
import WeatherCore
import WeatherStore

/// The compare stage: paired comparisons of sources from the store's `forecast_pairs` (after
/// `aggregate`), one quotable verdict per line on `out`. Reads only; takes no lock.
public enum CompareStage {
    /// Tested comparisons one per line; those that could not be tested as one summary line
    /// (each of them with `all`), since a list of "no test" lines buries the verdicts.
    public static func run(store: String, filter: ComparisonFilter, all: Bool = false,
                           configure: (inout AggregateOptions) -> Void = { _ in }, log: StageLog, out: (String) -> Void) -> StageOutcome {
        do {
            guard let (database, options) = try ComparisonStore.open(store, configure: configure, log: log) else { return .failed }
            let comparisons = try ProviderComparisons.compute(database, filter: filter, options: options)
            if comparisons.isEmpty {
                log.warning("no two sources share a matched case (same location, variable, target date and lead)"
                            + (filter.sources.isEmpty ? "" : " for \(filter.sources.joined(separator: " and "))"))
            }
            for c in comparisons where all || c.isTested { out(c.verdict) }
            if let line = untestedSummary(comparisons), !all { out(line) }
            return .completed
        } catch {
            log.error("\(error)")
            return .failed
        }
    }

    /// `12 comparisons have too few matched days for a test (compare --all lists them)`, nil when every one was tested.
    public static func untestedSummary(_ comparisons: [ProviderComparison]) -> String? {
        let untested = comparisons.filter { !$0.isTested }.count
        guard untested > 0 else { return nil }
        return untested == 1 ? "1 comparison has too few matched days for a test (compare --all lists it)"
            : "\(untested) comparisons have too few matched days for a test (compare --all lists them)"
    }
}

/// Opening a store for `compare` and `rank`: read-only, with the comparison settings the
/// aggregate recorded, then the command line's.
enum ComparisonStore {
    static func open(_ store: String, configure: (inout AggregateOptions) -> Void = { _ in }, log: StageLog) throws -> (Database, AggregateOptions)? {
        let database = try Database(path: store, readOnly: true)
        guard try database.scalar("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'forecast_pairs'")?.int == 1 else {
            log.error("\(store) has no forecast_pairs: run 'wxpipe aggregate --db \(store)' first")
            return nil
        }
        var options = AggregateOptions()
        let hasMeta = try database.scalar("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'meta'")?.int == 1
        if hasMeta {
            try options.readComparisonSettings { try database.scalar("SELECT value FROM meta WHERE key = ?", [.text("aggregate." + $0)])?.string }
        }
        configure(&options)
        return (database, options)
    }
}
