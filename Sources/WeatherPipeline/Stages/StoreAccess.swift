import WeatherStore

/// How the stages that read a store (aggregate, report, export, forget) open it: never
/// creating it, refusing a file that is not a wxpipe store with a plain sentence, and making
/// sure that records of a source that did not complete never reach what they derive.
///
/// The rule: a source is read only when `sources.status = 'complete'`. A killed ingest can
/// leave `in_progress` sources behind (SIGKILL, power loss: SIGINT and SIGTERM clean up
/// themselves). Aggregate and report hold the store's lock while they run, so no ingest runs
/// beside them and every `in_progress` source is such a leftover: they delete it first. Export
/// takes no lock (it may run beside an ingest, whose committed batches are `in_progress` until
/// its file completes), so it filters instead (`Exporter`).
enum StoreAccess {
    /// Takes the lock of an existing store, upgrades an older schema in place and removes what
    /// killed runs left, then returns the lock (held until released) and a writable connection.
    static func lockedForReading(_ path: String, log: StageLog) throws -> (StoreLock, Database) {
        try StoreFile.check(path)
        let lock = try StoreLock(store: path) { log.info("waiting for another wxpipe run on \(path) to finish…") }
        let database = try StoreFile.open(path, readOnly: false)
        if let notice = Migration.notice(path: path, before: try Migration.upgrade(database)) { log.info(notice) }
        let removed = try database.inTransaction { try Store.discardIncomplete(in: database) }
        if removed > 0 {
            log.info("removed \(removed) source(s) an interrupted ingest had left incomplete (their records are not counted)")
        }
        return (lock, database)
    }
}
