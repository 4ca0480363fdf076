import WeatherCore
import WeatherStore

/// The forget stage (`wxpipe forget`): removes the sources under some paths, with their records,
/// rejects and warnings, so the next ingest reads them afresh (or never again). It holds the
/// store's lock; the derived tables are rebuilt by the next `aggregate`.
public enum ForgetStage {
    public static func run(store path: String, paths: [String], log: StageLog) -> StageOutcome {
        do {
            try StoreFile.check(path)
            let lock = try StoreLock(store: path) { log.info("waiting for another wxpipe run on \(path) to finish…") }
            defer { withExtendedLifetime(lock) {} }
            let store = try Store(path: path)
            if let notice = store.upgradeNotice { log.info(notice) }
            var unmatched: [String] = []
            var total = Store.Forgotten()
            try store.database.inTransaction {
                for p in paths {
                    let f = try store.forget(path: p)
                    if f.sources == 0 { unmatched.append(p) }
                    total.sources += f.sources
                    total.documents += f.documents
                    total.records += f.records
                }
            }
            log.info("forgot \(total.sources) source(s): \(total.documents) document(s), \(total.records) record(s); "
                     + "run 'wxpipe aggregate --db \(path)' to update the derived tables")
            guard unmatched.isEmpty else {
                for p in unmatched { log.error("nothing in the store under \(Sanitize.printable(p)) (paths are matched as they were given to ingest)\(example(store))") }
                return .failed
            }
            return .completed
        } catch {
            log.error("\(error)")
            return .failed
        }
    }

    /// ", e.g. 'archive/x.json'": one stored path, to show how paths look in this store.
    private static func example(_ store: Store) -> String {
        guard let p = try? store.database.scalar("SELECT path FROM sources ORDER BY id LIMIT 1")?.string else { return "" }
        return "; e.g. '\(Sanitize.printable(p))'"
    }
}
