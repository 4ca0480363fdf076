import WeatherAnalytics
import WeatherStore

/// The aggregate stage: rebuilds the derived tables under the store's lock, from complete
/// sources only (`StoreAccess`), ranking truth by the products' declared priorities. A missing
/// store is an error, never a new empty file.
public enum AggregateStage {
    public static func run(store path: String, options: AggregateOptions, log: StageLog) -> StageOutcome {
        do {
            let (lock, database) = try StoreAccess.lockedForReading(path, log: log)
            defer { withExtendedLifetime(lock) {} }
            let summary = try Aggregator(database: database, options: options.withDeclaredProducts).run()
            log.info(summary.render())
            return .completed
        } catch {
            log.error("\(error)")
            return .failed
        }
    }
}
