import WeatherAnalytics
import WeatherStore

/// The compare stage: paired comparisons of sources from the store's `forecast_pairs` (after
/// `aggregate`), one quotable verdict per line on `out`. Reads only; takes no lock.
public enum CompareStage {
    public static func run(store: String, filter: ComparisonFilter, log: StageLog, out: (String) -> Void) -> StageOutcome {
        do {
            let database = try Database(path: store, readOnly: true)
            guard try database.scalar("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'forecast_pairs'")?.int == 1 else {
                log.error("\(store) has no forecast_pairs: run 'wxpipe aggregate --db \(store)' first")
                return .failed
            }
            let comparisons = try ProviderComparisons.compute(database, filter: filter)
            if comparisons.isEmpty {
                log.warning("no two sources share a matched case (same location, variable, target date and lead)"
                            + (filter.sources.isEmpty ? "" : " for \(filter.sources.joined(separator: " and "))"))
            }
            for c in comparisons { out(c.verdict) }
            return .completed
        } catch {
            log.error("\(error)")
            return .failed
        }
    }
}
