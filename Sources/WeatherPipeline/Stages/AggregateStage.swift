import WeatherAnalytics
import WeatherStore

/// The aggregate stage: rebuilds the derived tables under the store's lock.
public enum AggregateStage {
    public static func run(store path: String, options: AggregateOptions, log: StageLog) -> StageOutcome {
        do {
            let lock = try StoreLock(store: path) { log.info("waiting for another wxpipe run on \(path) to finish…") }
            defer { withExtendedLifetime(lock) {} }
            let summary = try Aggregator(database: try Database(path: path), options: options).run()
            log.info(summary.render())
            return .completed
        } catch {
            log.error("\(error)")
            return .failed
        }
    }
}
