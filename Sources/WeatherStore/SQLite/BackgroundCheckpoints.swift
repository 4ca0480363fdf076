import Foundation
import CSQLite

extension Database {
    /// Runs `body` with the WAL's checkpoints moved off this connection's thread.
    ///
    /// SQLite checkpoints in the thread that commits: once the WAL holds 1,000 pages, a COMMIT
    /// copies them into the database file and syncs it before it returns. For an ingest, whose
    /// writer thread sets the pace, that copy and the wait for the disk were a fifth of a run
    /// (31 MB of One Call replies: 0.13 of 0.65 s after the last document was decoded). Here a
    /// second connection copies the committed pages on a thread of its own (a PASSIVE checkpoint,
    /// which never blocks the writer), while the writer goes on with the next batch.
    ///
    /// A WAL starts again from its beginning only when every frame in it was copied before a
    /// write begins, which a checkpoint running beside a writer never quite achieves: so once the
    /// WAL holds `restartPages`, the commit waits for the background checkpoint and copies what is
    /// left itself, and the WAL stays bounded. A store that is not a WAL file (`:memory:`) runs
    /// `body` unchanged. On return SQLite's own checkpoints are back (`wal_autocheckpoint`).
    ///
    /// A copy is asked for once the WAL grew by `requestPages` since the last ask, not at every
    /// commit: an ingest commits each file, and a copy per small file was two syncs apiece
    /// (2,191 Open-Meteo replies: 3,835 fdatasyncs, a third of the run's system time).
    /// `requested` (for tests) is called on the writer's thread with the WAL's frames at each ask.
    public func withBackgroundCheckpoints<T>(restartPages: Int32 = 16_384, requestPages: Int32 = 256,
                                             requested: ((Int32) -> Void)? = nil,
                                             _ body: () throws -> T) throws -> T {
        guard (try? scalar("PRAGMA journal_mode"))??.string == "wal",
              let checkpointer = try? BackgroundCheckpointer(path: path) else {
            return try body()
        }
        let hook = WALHook(checkpointer: checkpointer, restartPages: restartPages, requestPages: requestPages,
                           requested: requested)
        let context = Unmanaged.passRetained(hook)
        // The WAL hook replaces SQLite's automatic checkpoints (which are the default WAL hook).
        sqlite3_wal_hook(handle, { context, db, _, pages in
            guard let context, let db else { return SQLITE_OK }
            Unmanaged<WALHook>.fromOpaque(context).takeUnretainedValue().committed(db, pages: pages)
            return SQLITE_OK
        }, context.toOpaque())
        defer {
            checkpointer.stop()
            sqlite3_wal_hook(handle, nil, nil)
            context.release()
            // Reinstalls SQLite's default hook, which checkpoints at 1,000 pages.
            try? execute("PRAGMA wal_autocheckpoint=1000")
        }
        return try body()
    }
}

/// What a commit does with the WAL under `withBackgroundCheckpoints`.
private final class WALHook {
    let checkpointer: BackgroundCheckpointer
    let restartPages: Int32
    let requestPages: Int32
    let requested: ((Int32) -> Void)?
    /// The WAL's frames when a copy was last asked for.
    private var requestedAt: Int32 = 0

    init(checkpointer: BackgroundCheckpointer, restartPages: Int32, requestPages: Int32, requested: ((Int32) -> Void)?) {
        self.checkpointer = checkpointer
        self.restartPages = restartPages
        self.requestPages = requestPages
        self.requested = requested
    }

    /// `pages`: the frames in the WAL since it last started again. Below the bound the copy is
    /// left to the background; at it, the background's copy is awaited and the rest copied here,
    /// so the next write starts the WAL again.
    func committed(_ db: OpaquePointer, pages: Int32) {
        guard pages >= restartPages else {
            // A WAL that started again was copied whole: it is counted from its new start.
            if pages < requestedAt { requestedAt = 0 }
            if pages - requestedAt >= requestPages {
                requestedAt = pages
                requested?(pages)
                checkpointer.request()
            }
            return
        }
        checkpointer.waitIdle()
        requestedAt = 0
        _ = sqlite3_wal_checkpoint_v2(db, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
    }
}

/// A second connection that runs PASSIVE checkpoints on a thread of its own when asked;
/// requests made while one runs are merged into the next.
private final class BackgroundCheckpointer: @unchecked Sendable {
    private let connection: Database
    private let condition = NSCondition()
    private var requested = false
    private var running = false
    private var stopping = false
    private var stopped = false

    init(path: String) throws {
        connection = try Database(path: path)
        let thread = Thread { [self] in loop() }
        thread.name = "wxpipe-checkpoint"
        thread.start()
    }

    func request() {
        condition.lock()
        requested = true
        condition.signal()
        condition.unlock()
    }

    /// Returns when no checkpoint runs and none is asked for.
    func waitIdle() {
        condition.lock()
        while requested || running { condition.wait() }
        condition.unlock()
    }

    /// Finishes the checkpoint asked for, if any, and ends the thread.
    func stop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        while !stopped { condition.wait() }
        condition.unlock()
    }

    private func loop() {
        condition.lock()
        while true {
            while !requested && !stopping { condition.wait() }
            guard requested else { break }
            requested = false
            running = true
            condition.unlock()
            // Errors are left to the next checkpoint: the writer's own at the bound, or the one
            // SQLite runs when the last connection closes.
            _ = sqlite3_wal_checkpoint_v2(connection.handle, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
            condition.lock()
            running = false
            condition.broadcast()
        }
        stopped = true
        condition.broadcast()
        condition.unlock()
    }
}
