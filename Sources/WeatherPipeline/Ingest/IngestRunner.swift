#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WeatherCore
import WeatherIngest
import WeatherProviders
import WeatherStore

/// One input to ingest, with the settings its documents are read with.
public struct IngestInput: Sendable {
    public var path: String
    public var settings: IngestSettings
    /// Only the files of this shard are read (`--shard K/N`); nil: all.
    public var shard: Shard?

    public init(path: String, settings: IngestSettings = IngestSettings(), shard: Shard? = nil) {
        self.path = path
        self.settings = settings
        self.shard = shard
    }

    public init(path: String, units: UnitSystem?, role: DocumentRole = .auto) {
        self.init(path: path, settings: IngestSettings(units: units, role: role))
    }

    /// Units of OpenWeatherMap bodies that do not state them.
    public var units: UnitSystem? { settings.units }
}

/// The files the inputs name, found before anything is opened for writing: when none can be
/// read, the stage fails without creating a store or a lock file.
public struct IngestPlan: Sendable {
    public var inputs: [(input: IngestInput, files: [InputFile])]
    /// Paths that could not be read, as "path: reason".
    public var problems: [String]

    public init(_ inputs: [IngestInput]) {
        var problems: [String] = []
        self.inputs = inputs.map { input in
            let (files, found) = InputWalker.expand([input.path])
            for p in found { problems.append("\(Sanitize.printable(p.path)): \(p.message)") }
            return (input, input.shard.map { InputWalker.files(files, under: input.path, in: $0) } ?? files)
        }
        self.problems = problems
    }

    public var fileCount: Int { inputs.reduce(0) { $0 + $1.files.count } }

    /// Extensions passed over inside folders (a file named explicitly is always read), sorted:
    /// for `--help` and docs/INPUTS.md, from the list the walker uses.
    public static var skippedExtensions: [String] { InputWalker.skippedExtensions.sorted() }
    /// The size of every input file as stored (compressed), for the share done and the ETA.
    public var totalBytes: Int { inputs.reduce(0) { $0 + $1.files.reduce(0) { $0 + $1.size } } }
}

/// Runs ingest → decode → validate → store for a list of inputs.
///
/// Each input file is skipped when its content hash, read with the same settings
/// (`IngestSettings.fingerprint`), is already in `sources` (idempotent re-ingest). Otherwise
/// what an earlier run left of that path (and earlier readings of the same bytes with other
/// settings) is removed first, and the file is written in batched transactions; its `sources`
/// rows are marked `complete` only at the end. When a signal or an error stops a file, the
/// batch in progress rolls back and the batches it already committed are deleted, so no record
/// of a file that did not complete stays in the store.
public final class IngestRunner {
    public let store: Store
    /// The run's writer: the store's side of ingest (see `RecordWriter`).
    let writer: RecordWriter
    /// Every known location, including those the runs so far created.
    public var registry: LocationRegistry { writer.registry }
    public var ingestor = Ingestor()
    /// Documents per transaction (`RecordWriter.batchSize`).
    public var batchSize: Int {
        get { writer.batchSize }
        set { writer.batchSize = newValue }
    }
    /// JSON bytes per transaction, whichever of the two limits comes first (`RecordWriter.batchBytes`).
    public var batchBytes: Int {
        get { writer.batchBytes }
        set { writer.batchBytes = newValue }
    }
    /// Decoding workers (`--jobs`); the default is the number of cores.
    public var jobs = DecodePool.defaultJobs
    /// Bytes of batches in flight between the file's reader, the decoders and the writer.
    /// 12 MiB: at 24 MiB the peak RSS of a run rose with its length (73 → 86 MB from 100 MB to
    /// 1 GB of OWM current replies: a longer run meets more momentary highs of the queue); at 12
    /// it stays within 6 % (57 → 61 MB), at the same speed within the noise of `make bench`.
    public var memoryBudget = 12 << 20
    /// Returns freed heap to the system as the run goes (see `MemoryTrim`), across its files.
    var memoryTrim: MemoryTrim {
        get { writer.memoryTrim }
        set { writer.memoryTrim = newValue }
    }
    /// Ingest every input again, even one read before with the same settings (`--force`).
    public var force = false
    /// Called for every reject (for `--verbose` style reporting); already counted and stored.
    public var onReject: ((Reject) -> Void)? {
        get { writer.onReject }
        set { writer.onReject = newValue }
    }
    /// Called when a source (a file or tar member) is complete, with its counts.
    public var onSource: ((String, String?, Store.SourceCounts) -> Void)? {
        get { writer.onSource }
        set { writer.onSource = newValue }
    }
    /// Called after every document with the progress so far.
    public var onProgress: ((IngestProgress) -> Void)?

    private var progress = IngestProgress(totalBytes: 0)
    private var plan = IngestPlan([])
    /// The decoding workers of the run in progress.
    private var pool: DecodePool?
    /// The run's start: the ingest time of every file of the run (sources, and the issue time
    /// of replies that carry no other), the same whether a file was read ahead or not.
    private var runStart: Int64 = 0

    /// The declared locations that name a station, handed to every input's decoders.
    private let stations: StationDirectory

    public init(store: Store, declaredLocations: [Location] = []) throws {
        self.store = store
        self.stations = StationDirectory(declaredLocations)
        var registry = LocationRegistry()
        for location in try store.loadLocations() { registry.add(location) }
        for location in declaredLocations {
            registry.add(location)
            try store.saveLocation(location)
        }
        self.writer = RecordWriter(store: store, registry: registry)
    }

    public func run(_ inputs: [IngestInput]) throws -> IngestSummary {
        try run(IngestPlan(inputs))
    }

    /// Ingests the plan's files in order. The caller holds the store's lock, so any source left
    /// `in_progress` is what a killed run left behind: it is removed first.
    public func run(_ plan: IngestPlan) throws -> IngestSummary {
        var plan = plan
        if !stations.isEmpty {
            for k in plan.inputs.indices where plan.inputs[k].input.settings.stations == nil { plan.inputs[k].input.settings.stations = stations }
        }
        let clock = Stopwatch()
        var summary = IngestSummary()
        summary.problems = plan.problems
        try recordShardRoots(plan.inputs.map(\.input))
        summary.leftoversRemoved = try store.database.inTransaction { try store.discardIncomplete() }
        progress = IngestProgress(totalBytes: plan.totalBytes)
        let counter = ByteCounter()
        ingestor.counter = counter
        let pool = DecodePool(jobs: jobs)
        defer { pool.shutdown() }
        self.pool = pool
        defer { self.pool = nil }
        runStart = Int64(time(nil))
        let rule = try ReadRule(store: store, force: force)
        self.plan = plan
        // Each file is written in a savepoint, whose sub-journal holds the original of every
        // page the file changes: on disk that was ~700,000 small writes for 2,191 Open-Meteo
        // replies, half the run's system time. In memory it holds at most the pages of one
        // batch (`RecordWriter.batchBytes`), and the ingest sorts nothing large; the other
        // stages (an aggregate's sorts of every pair) keep SQLite's temporary files on disk.
        try store.database.setTemporaryFilesInMemory(true)
        defer { try? store.database.setTemporaryFilesInMemory(false) }
        // Every record the writer inserts belongs to the source it has just created, so SQLite's
        // look-up of that source for each row (a foreign key check, a twentieth of the writer's
        // work on Open-Meteo replies) is left out; sources are deleted with their rows by
        // `Store.deleteSources`, which needs no cascade.
        try store.database.setForeignKeys(false)
        defer { try? store.database.setForeignKeys(true) }
        do {
            // The writer's thread sets the pace of a run: the WAL's copy into the store runs beside it.
            try store.database.withBackgroundCheckpoints {
                try ingest(plan, rule: rule, pool: pool, counter: counter, into: &summary)
                try writer.commit()
            }
        } catch {
            // Stopped between files (a file's own failure was already undone): the files
            // completed so far are kept, as they would have been had each committed alone.
            try? writer.commit()
            throw error
        }
        summary.seconds = clock.seconds
        return summary
    }

    /// The plan's files in order, in the run's transaction (`RecordWriter.beginFile`).
    private func ingest(_ plan: IngestPlan, rule: ReadRule, pool: DecodePool, counter: ByteCounter,
                        into summary: inout IngestSummary) throws {
        inputs: for (i, (input, files)) in plan.inputs.enumerated() {
            var hashes: [String?] = []
            let prefetcher = makePrefetcher(files: files, input: input, pool: pool, rule: rule,
                                            hashes: { hashes[$0 % Self.hashWindow] })
            defer { prefetcher.stopAll() }
            for (k, file) in files.enumerated() {
                if k % Self.hashWindow == 0 { hashes = Self.hashes(of: files, from: k, jobs: jobs) }
                counter.reset()
                progress.currentPath = file.path
                defer { progress.doneBytes += file.size; prefetcher.finished(k) }
                let windowEnd = (k / Self.hashWindow + 1) * Self.hashWindow
                let reader = { () -> BackgroundReader in
                    let r = prefetcher.reader(for: k)
                    prefetcher.startAhead(of: k, limit: windowEnd)
                    return r
                }
                do {
                    try ingest(file, of: input, at: ReadThisRun.FileRef(input: Int32(i), file: Int32(k)),
                               hash: hashes[k % Self.hashWindow], rule: rule, reader: reader, into: &summary)
                    summary.inputs += 1
                } catch let stop as IngestInterrupted {
                    summary.interrupted = stop
                    summary.inputInProgress = file.path
                    break inputs
                }
            }
        }
    }

    /// Ingests one file in its own transactions. On any error (or an interruption) the
    /// transaction in progress rolls back, what earlier batches of the file committed is
    /// deleted, and the summary is left as it was before this file.
    private func ingest(_ file: InputFile, of input: IngestInput, at ref: ReadThisRun.FileRef, hash: String?, rule: ReadRule,
                        reader: () -> BackgroundReader, into total: inout IngestSummary) throws {
        let settings = input.settings.fingerprint
        let inputHash = file.isStandardInput ? nil : hash
        let verdict = try rule.verdict(hash: inputHash, settings: settings)
        if case .identical(let other) = verdict {
            total.identical.append((file.path, plan.inputs[Int(other.input)].files[Int(other.file)].path))
            return
        }
        var replaceCopies = false
        if let inputHash {
            replaceCopies = rule.note(hash: inputHash, settings: settings, file: ref)
            if verdict == .unchanged {
                total.inputsUnchanged += 1
                return
            }
            if try store.wasIngested(inputHash: inputHash, otherThan: settings) { total.inputsResettled += 1 }
        }
        rule.storeWillBeWritten()
        let state = FileIngest(writer: writer, input: input, inputHash: inputHash, summary: total, now: runStart)
        do {
            try writer.beginFile()
            if !file.isStandardInput { try store.discardSources(path: file.path) }
            if let inputHash, replaceCopies { try store.discardSources(inputHash: inputHash, otherThan: force ? nil : settings) }
            try consume(reader(), into: state)
            try writer.finishFile()
        } catch {
            // Earlier batches of this file may have been committed: they are removed, so that no
            // record of a file that did not complete is left (a SIGKILL skips this; the next
            // writer does it).
            writer.abandonFile(path: file.path)
            throw error
        }
        total = state.summary
    }

    /// Reads `files` ahead on the run's pool, each reader with its share of `memoryBudget`; a
    /// file started ahead counts no progress bytes (its size is added when it is done). Which
    /// files it starts is the run's `ReadRule` as it stands when it looks.
    private func makePrefetcher(files: [InputFile], input: IngestInput, pool: DecodePool, rule: ReadRule,
                                hashes: @escaping (Int) -> String?) -> Prefetcher {
        let ahead = files.count > 1 ? max(1, jobs) : 0
        let budget = memoryBudget / (ahead + 1)
        let now = runStart
        var quiet = ingestor
        quiet.counter = nil
        let counted = ingestor
        let settings = input.settings
        let fingerprint = settings.fingerprint
        var first = true
        return Prefetcher(files: files, ahead: ahead, start: { file in
            // The first file is read at once (progress counted); files started ahead are not.
            defer { first = false }
            return BackgroundReader(ingestor: first ? counted : quiet, file: file, settings: settings, now: now,
                                    pool: pool, budget: budget)
        }, willRead: { index, file in
            rule.willRead(hash: file.isStandardInput ? nil : hashes(index), settings: fingerprint)
        })
    }

    /// Writes what the reading thread prepares, batch by batch, reporting progress after each;
    /// stops between documents when a signal arrived.
    private func consume(_ reader: BackgroundReader, into state: FileIngest) throws {
        defer { reader.stop() }
        while var batch = reader.next() {
            for k in batch.indices {
                if Interruption.requested { throw IngestInterrupted(signal: Interruption.signalNumber) }
                try state.handle(batch[k])
            }
            try state.flush()
            // The batch's rows are freed on a decoding worker: their release is the writer's
            // time otherwise, and the writer is the slower side.
            if let pool {
                let spent = batch
                batch = []
                pool.submit { withExtendedLifetime(spent) {} }
            }
            if let onProgress {
                progress.documents = state.documentsSoFar
                progress.currentBytes = ingestor.counter?.bytes ?? 0
                progress.decompressedBytes = state.decompressedSoFar
                onProgress(progress)
            }
        }
    }
}

/// Wall-clock seconds since creation (monotonic).
struct Stopwatch {
    private let start: timespec
    init() {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        start = t
    }
    var seconds: Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec - start.tv_sec) + Double(t.tv_nsec - start.tv_nsec) / 1e9
    }
}
