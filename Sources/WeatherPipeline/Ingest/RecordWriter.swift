import WeatherCore
import WeatherIngest
import WeatherProviders
import WeatherStore

/// The one writer of a run: it owns the store's side of ingest — sources and their counts,
/// records, rejects and warnings, the places records resolve to, the commit cadence and the
/// return of freed heap — and is the only code on the caller's thread that touches SQLite.
///
/// One exists per `IngestRunner`, created with it (the location registry and the memory trim
/// last across files); `FileIngest` drives it for one file and nothing calls back into the
/// runner. Writing is the slower side of ingest, so the hot path (`write`) allocates nothing
/// beyond what the store's inserts need.
final class RecordWriter {
    let store: Store
    /// Every known location, including those this run created.
    var registry: LocationRegistry
    /// Documents per transaction: large enough for SQLite's speed, small enough to bound the WAL.
    var batchSize = 5000
    /// JSON bytes per transaction, whichever of the two limits comes first: 5,000 One Call
    /// replies are 90 MB, 5,000 current-weather replies 3.5 MB. Each commit lets the background
    /// checkpoint (`Database.withBackgroundCheckpoints`) copy what it wrote while the writer goes
    /// on, so only the last batch's copy is left when the run ends: at 32 MiB a 31 MB file of One
    /// Call replies was one batch and waited 0.13 s for its whole copy (0.66 → 0.60 s at 4 MiB).
    var batchBytes = 4 << 20
    /// Returns freed heap to the system as the run goes (see `MemoryTrim`).
    var memoryTrim = MemoryTrim()
    /// Called for every reject once it is stored and counted.
    var onReject: ((Reject) -> Void)?
    /// Called when a source (a file or tar member) is complete, with its counts.
    var onSource: ((String, String?, Store.SourceCounts) -> Void)?

    /// The source being written, its id and its counts so far.
    private var source: (path: String, member: String?) = ("", nil)
    private(set) var sourceID: Int64 = 0
    private(set) var counts = Store.SourceCounts()
    /// Where the last document of the current source started in its decompressed stream.
    private(set) var lastOffset = 0
    /// Places and points that resolved lately without changing any location (see `PlaceMemo`).
    var learnedPlaces = PlaceMemo()
    var resolvedPoints = PlaceMemo()
    /// The provider and product of the last observation whose role the catalog gave, and that
    /// role: a source's observations are almost always all of one product, and finding the
    /// product in the catalog (hashing its feed) cost a thousand instructions per observation.
    var lastRole: (provider: String, product: String, role: ObservationRole)?
    /// Documents and JSON bytes since the last commit.
    private var inBatch = 0
    private var bytesInBatch = 0

    /// New records of one stored document (the rest of its records were duplicates), but for
    /// its observations: those are queued, and counted in `sourceObservations` once written.
    struct Written {
        var forecasts = 0
        var locationsCreated = 0
    }

    /// A document whose observations are queued in the store (`Store.queue(observation:…)`):
    /// whether it is accepted or a duplicate is decided when they are written.
    struct Waiting {
        var newObservations = 0
        var newForecasts = 0
        /// Its records are all handed over (its last rows may still be queued).
        var complete = false
    }
    /// The documents whose observations are queued, in order; the last may be the one being written.
    var waiting: [Waiting] = []
    /// New observation rows of the current source, written so far.
    private(set) var sourceObservations = 0

    init(store: Store, registry: LocationRegistry) {
        self.store = store
        self.registry = registry
    }

    /// The savepoint of the file being written (see `beginFile`).
    static let fileSavepoint = "ingest_file"
    /// Whether the run's transaction is open.
    private var transactionOpen = false

    /// A file begins: in a transaction of its own (committed when the file completes, and every
    /// `batchSize` documents or `batchBytes` of JSON inside it), and inside that in a savepoint,
    /// which a mid-file commit opens again. A killed run thus leaves the store as before the
    /// file in progress. Sharing one transaction across small files (committing by batch across
    /// files, each file a savepoint) was measured on 2,191 Open-Meteo replies: no CPU or wall
    /// difference beyond the noise of a shared 2-core machine, so the stronger guarantee stays.
    func beginFile() throws {
        if !transactionOpen || store.database.isAutocommit {
            try store.database.execute("BEGIN IMMEDIATE")
            transactionOpen = true
        }
        inBatch = 0
        bytesInBatch = 0
        try store.database.savepoint(Self.fileSavepoint)
    }

    /// The file completed: its rows are committed.
    func finishFile() throws {
        try store.database.release(Self.fileSavepoint)
        try commit()
    }

    /// The file in progress failed or was interrupted: what it wrote since the last commit is
    /// rolled back, what earlier commits hold of it is deleted, and that is committed. A failure
    /// here leaves the store as of its last commit (never part of a file marked complete); the
    /// error that stopped the file is the one reported.
    func abandonFile(path: String) {
        let database = store.database
        store.discardQueuedObservations()
        waiting.removeAll()
        if transactionOpen && !database.isAutocommit {
            try? database.rollback(to: Self.fileSavepoint)
            try? store.discardIncomplete(path: path)
            try? commit()
        } else {
            // SQLite rolled the whole transaction back itself (a full disk, an I/O error).
            transactionOpen = false
            _ = try? database.inTransaction { try store.discardIncomplete(path: path) }
        }
    }

    /// Commits what is written since the last commit: at the end of a file, and before the run
    /// stops on an error.
    func commit() throws {
        guard transactionOpen else { return }
        transactionOpen = false
        guard !store.database.isAutocommit else { return }
        do {
            try store.database.execute("COMMIT")
        } catch {
            try? store.database.execute("ROLLBACK")
            throw error
        }
    }

    /// Starts a source (`in_progress` until `finishSource`) and its counts.
    func beginSource(path: String, member: String?, inputHash: String?, settings: String, modifiedAt: Int64?, now: Int64) throws {
        source = (path, member)
        sourceID = try store.beginSource(path: path, member: member, inputHash: inputHash, settings: settings,
                                         modifiedAt: modifiedAt, now: now)
        counts = Store.SourceCounts()
        sourceObservations = 0
        lastOffset = 0
    }

    /// Stores a decoded document's records, warnings and places, counts it (accepted, or a
    /// duplicate when every record was stored before; for a document with observations, once
    /// they are written) and commits when the batch is full.
    func write(_ decoded: DecodedDocument, origin: Origin, declaredRole: ObservationRole?) throws -> Written {
        countDocumentBytes(startingAt: origin.byteOffset)
        let written = try writeRecords(decoded, origin: origin, declaredRole: declaredRole)
        counts.documents += 1
        counts.records += written.forecasts
        if decoded.observations.isEmpty {
            if written.forecasts > 0 || decoded.recordCount == 0 { counts.accepted += 1 } else { counts.duplicates += 1 }
        } else {
            waiting[waiting.count - 1].newForecasts = written.forecasts
            waiting[waiting.count - 1].complete = true
            // Its last row was written by a flush inside `writeRecords`: nothing of it is queued.
            if store.observationsQueued == 0 { settle() }
        }
        try commitIfDue()
        return written
    }

    /// Writes the queued observations and counts the documents they complete: when the queue is
    /// full, before a commit or a source's counts, and at the end of each batch of documents
    /// (whose release, on a decoding worker, must drop the last reference to their rows).
    func flushObservations() throws {
        guard store.observationsQueued > 0 else { return }
        try store.flushObservations { tag in waiting[tag].newObservations += 1 }
        settle()
    }

    /// Counts every waiting document that is complete (all but one still being written).
    private func settle() {
        var open: Waiting?
        for w in waiting {
            guard w.complete else { open = w; continue }
            let new = w.newForecasts + w.newObservations
            if new > 0 { counts.accepted += 1 } else { counts.duplicates += 1 }
            counts.records += w.newObservations
            sourceObservations += w.newObservations
        }
        waiting.removeAll(keepingCapacity: true)
        if let open { waiting.append(open) }
    }

    /// Stores the reject of a document that did not decode; it counts towards the batch as a
    /// decoded document does.
    func writeUndecodable(_ r: Reject) throws {
        countDocumentBytes(startingAt: r.origin.byteOffset)
        try reject(r)
        try commitIfDue()
    }

    /// Stores and counts a reject.
    func reject(_ r: Reject) throws {
        try store.insert(r, sourceID: sourceID)
        counts.documents += 1
        counts.rejected += 1
        onReject?(r)
    }

    /// Marks the source complete with its counts, which it returns.
    func finishSource(bytes: Int, contentHash: String) throws -> Store.SourceCounts {
        try flushObservations()
        let last = max(0, bytes - lastOffset)  // the last document's bytes
        memoryTrim.add(last)
        bytesInBatch += last
        try store.finishSource(id: sourceID, bytes: bytes, contentHash: contentHash, counts: counts)
        onSource?(source.path, source.member, counts)
        lastOffset = 0
        return counts
    }

    /// The distance between document starts is the previous document's bytes: counted for
    /// the commit cadence and the memory trim.
    private func countDocumentBytes(startingAt offset: Int) {
        let bytes = max(0, offset - lastOffset)
        bytesInBatch += bytes
        memoryTrim.add(bytes)
        lastOffset = offset
    }

    /// Commits every `batchSize` documents or `batchBytes` of JSON, whichever comes first.
    private func commitIfDue() throws {
        inBatch += 1
        if inBatch >= batchSize || bytesInBatch >= batchBytes {
            try flushObservations()
            // COMMIT ends the file's savepoint too: it is opened again in the new transaction.
            try store.database.commitAndContinue()
            try store.database.savepoint(Self.fileSavepoint)
            inBatch = 0
            bytesInBatch = 0
        }
    }
}
