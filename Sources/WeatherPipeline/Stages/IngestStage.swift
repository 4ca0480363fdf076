#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WeatherCore
import WeatherStore

/// The ingest stage as `wxpipe ingest` and `wxpipe run` run it: takes the store's lock, reads
/// the inputs with an `IngestRunner`, reports progress and the summary.
public enum IngestStage {
    /// How much the stage says, and whether rejects fail the run.
    public struct Options: Sendable, Equatable {
        /// `completedWithRejects` when any document was rejected (after finishing the run).
        public var strict = false
        /// No progress line and no summary (an interruption is still reported).
        public var quiet = false
        /// Every source with its counts and every reject, as they happen.
        public var verbose = false
        /// Ingest every input again, even one read before with the same bytes and settings.
        public var force = false
        /// Decoding workers (`--jobs`); nil: one per core but the writer's.
        public var jobs: Int?

        public init(strict: Bool = false, quiet: Bool = false, verbose: Bool = false, force: Bool = false, jobs: Int? = nil) {
            self.strict = strict
            self.quiet = quiet
            self.verbose = verbose
            self.force = force
            self.jobs = jobs
        }
    }

    public static func run(store path: String, inputs: [IngestInput], locations: [Location] = [], options: Options,
                           log: StageLog, progress: ProgressDisplay? = nil) -> (outcome: StageOutcome, summary: IngestSummary?) {
        let plan = IngestPlan(inputs)
        // Nothing to read: fail before the store (or its lock file) is created.
        if plan.fileCount == 0 && !plan.problems.isEmpty {
            for p in plan.problems { log.warning(p) }
            log.error("no input could be read; the store was not touched")
            return (.failed, nil)
        }
        do {
            // An existing non-empty file must be a wxpipe store: wxpipe's tables are not added to
            // another program's database, and a text file is refused in a plain sentence.
            // Before the lock (so a foreign file gets no lock file beside it), another ingest may be
            // creating the store: a partial schema passes here and is checked whole under the lock.
            try StoreFile.checkIfPresent(path, beingCreated: true)
            try StoreFile.createFolder(for: path)
            let lock = try StoreLock(store: path) { log.info("waiting for another wxpipe run on \(path) to finish…") }
            defer { withExtendedLifetime(lock) {} }
            try StoreFile.checkIfPresent(path)
            Interruption.install()
            let store = try Store(path: path)
            if let notice = store.upgradeNotice { log.info(notice) }
            let runner = try IngestRunner(store: store, declaredLocations: locations)
            runner.force = options.force
            if let jobs = options.jobs { runner.jobs = jobs }
            let display = options.quiet ? nil : progress
            observe(runner, display: display, verbose: options.verbose, log: log)
            let summary = try runner.run(plan)
            display?.clear()
            return (outcome(of: summary, options: options, log: log), summary)
        } catch {
            log.error("\(error)")
            return (.failed, nil)
        }
    }

    /// Connects the runner's callbacks to the progress display and, with `verbose`, the log.
    private static func observe(_ runner: IngestRunner, display: ProgressDisplay?, verbose: Bool, log: StageLog) {
        if let display { runner.onProgress = { display.update($0) } }
        guard verbose else { return }
        runner.onReject = { r in
            display?.clear()
            log.info("reject: \(Sanitize.printable(r.description))")
        }
        runner.onSource = { path, member, c in
            display?.clear()
            let name = Sanitize.printable(path + (member.map { ":" + $0 } ?? ""))
            log.info("source \(name): \(c.documents) documents = \(c.accepted) accepted + \(c.rejected) rejected + \(c.duplicates) duplicates")
        }
    }

    /// Reports the summary and decides how the run ended.
    private static func outcome(of summary: IngestSummary, options: Options, log: StageLog) -> StageOutcome {
        for p in summary.problems { log.warning(p) }
        if !options.quiet || summary.interrupted != nil { log.info(summary.render()) }
        if let stop = summary.interrupted { return .interrupted(signal: stop.signal) }
        if !summary.problems.isEmpty && summary.inputs == 0 {
            log.error("no input could be read")
            return .failed
        }
        // `summary.rejected` counts this run's rejects only: a re-run that reads nothing new passes.
        if options.strict && summary.rejected > 0 { return .completedWithRejects }
        return .completed
    }
}
