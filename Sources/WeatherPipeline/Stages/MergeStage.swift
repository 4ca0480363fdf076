import WeatherStore

/// `wxpipe merge`: combines shard stores into one under the output's lock, one store per
/// transaction (docs/SCALING.md). A store merged before is reported and skipped.
public enum MergeStage {
    public static func run(out path: String, stores: [String], log: StageLog) -> StageOutcome {
        do {
            try StoreFile.createFolder(for: path)
            let lock = try StoreLock(store: path) { log.info("waiting for another wxpipe run on \(path) to finish…") }
            defer { withExtendedLifetime(lock) {} }
            let merger = try StoreMerger(out: path)
            var total = StoreMerger.Counts()
            for store in stores {
                switch try merger.merge(store) {
                case .alreadyMerged:
                    log.info("\(store): merged before, nothing to do")
                case .merged(let c):
                    log.info("\(store): \(c.sources) sources (\(c.sourcesSkipped) already present), \(c.observations) observations, "
                             + "\(c.forecasts) forecasts, \(c.rejects) rejects, \(c.warnings) warnings, \(c.locations) new locations")
                    total.sources += c.sources
                    total.observations += c.observations
                    total.forecasts += c.forecasts
                }
            }
            log.info("merged into \(path): \(total.sources) sources, \(total.observations) observations, \(total.forecasts) forecasts")
            return .completed
        } catch {
            log.error("\(error)")
            return .failed
        }
    }
}
