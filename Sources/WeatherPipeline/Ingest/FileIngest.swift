import WeatherCore
import WeatherIngest
import WeatherProviders
import WeatherStore

/// The state of one file being ingested: the source in progress with its counts, and the
/// run's summary including this file so far. Handles each prepared event in order.
final class FileIngest {
    private unowned let runner: IngestRunner
    private let inputHash: String?
    private let settings: String
    /// The input's documents and rejects in this source, and the rejects that decode under
    /// other units (merged into the summary when the source completes).
    private var unitsCounts: UnitsAdvice
    private let input: String
    /// The role the input declares for its observations (nil: by format).
    private let declaredRole: ObservationRole?
    private let assumedUnits: UnitSystem
    /// Where the last document of the current source started in its decompressed stream.
    private var lastOffset = 0
    let now: Int64
    private(set) var summary: IngestSummary
    private var sourceID: Int64 = 0
    private var counts = Store.SourceCounts()
    private var currentSource: (path: String, member: String?)
    /// Documents and JSON bytes since the last commit.
    private var inBatch = 0
    private var bytesInBatch = 0

    init(runner: IngestRunner, input: IngestInput, path: String, inputHash: String?, summary: IngestSummary, now: Int64) {
        self.runner = runner
        self.inputHash = inputHash
        self.settings = input.settings.fingerprint
        self.input = input.path
        self.declaredRole = input.settings.observationRole
        self.assumedUnits = input.settings.units ?? .standard
        self.unitsCounts = UnitsAdvice(input: input.path, assumed: assumedUnits)
        self.summary = summary
        self.now = now
        self.currentSource = (path, nil)
    }

    /// Documents read so far, for the progress line.
    var documentsSoFar: Int { summary.documents + counts.documents }
    /// Decompressed bytes read so far, for the progress line (the summary's measure).
    var decompressedSoFar: Int { summary.bytesRead + lastOffset }

    func handle(_ prepared: PreparedEvent) throws {
        switch prepared {
        case .event(let event): try handle(event)
        case .decoded(let doc, let result, let decodesUnder):
            // The distance between document starts: the previous document's bytes.
            let bytes = max(0, doc.origin.byteOffset - lastOffset)
            bytesInBatch += bytes
            runner.memoryTrim.add(bytes)
            lastOffset = doc.origin.byteOffset
            if let decodesUnder { unitsCounts.decodesUnder[decodesUnder, default: 0] += 1 }
            try handleDecoded(doc, result)
        }
    }

    private func handle(_ event: IngestEvent) throws {
        switch event {
        case .sourceStarted(let path, let member, let modifiedAt):
            currentSource = (path, member)
            sourceID = try runner.store.beginSource(path: path, member: member, inputHash: inputHash, settings: settings,
                                                    modifiedAt: modifiedAt, now: now)
            counts = Store.SourceCounts()
            lastOffset = 0
        case .document:
            preconditionFailure("documents arrive decoded, as PreparedEvent.decoded")
        case .oversized(let origin, let size, let limit):
            try reject(Reject(origin: origin, reason: .tooLarge,
                              message: "document of \(size) bytes exceeds the limit of \(limit) bytes; skipped"))
        case .failed(let origin, let error, let partial):
            try reject(IngestRunner.reject(for: error, origin: origin, partial: partial))
        case .empty(let origin):
            try reject(Reject(origin: origin, reason: .empty, message: "no JSON document: the input is empty or only whitespace"))
        case .sourceFinished(let bytes, let contentHash):
            try finishSource(bytes: bytes, contentHash: contentHash)
        }
    }

    /// Stores a decoded document (or its reject) and commits every `batchSize` documents or
    /// `batchBytes` of JSON, whichever comes first.
    private func handleDecoded(_ doc: RawDocument, _ result: Result<DecodedDocument, DecodeFailure>) throws {
        switch try runner.write(result, document: doc, sourceID: sourceID, declaredRole: declaredRole) {
        case .rejected(let r):
            try reject(r)
        case .stored(let observations, let forecasts, let total, let locationsCreated):
            let new = observations + forecasts
            counts.documents += 1
            if new > 0 || total == 0 { counts.accepted += 1 } else { counts.duplicates += 1 }
            counts.records += new
            summary.observations += observations
            summary.forecasts += forecasts
            summary.locationsCreated += locationsCreated
            if case .success(let d) = result {
                summary.warnings += d.warnings.count + d.quarantined.count
                for q in d.quarantined { summary.quarantinedByRule[q.rule, default: 0] += 1 }
            }
        }
        inBatch += 1
        if inBatch >= runner.batchSize || bytesInBatch >= runner.batchBytes {
            try runner.store.database.commitAndContinue()
            inBatch = 0
            bytesInBatch = 0
        }
    }

    private func reject(_ r: Reject) throws {
        try runner.store.insert(r, sourceID: sourceID)
        counts.documents += 1
        counts.rejected += 1
        summary.rejectsByReason[r.reason, default: 0] += 1
        runner.onReject?(r)
    }

    /// Marks the source complete with its counts and adds them to the summary.
    private func finishSource(bytes: Int, contentHash: String) throws {
        runner.memoryTrim.add(max(0, bytes - lastOffset))  // the last document's bytes
        try runner.store.finishSource(id: sourceID, bytes: bytes, contentHash: contentHash, counts: counts)
        runner.onSource?(currentSource.path, currentSource.member, counts)
        summary.sources += 1
        summary.bytesRead += bytes
        summary.documents += counts.documents
        summary.accepted += counts.accepted
        summary.rejected += counts.rejected
        summary.duplicates += counts.duplicates
        unitsCounts.documents = counts.documents
        unitsCounts.rejected = counts.rejected
        summary.addUnitsCounts(unitsCounts)
        unitsCounts = UnitsAdvice(input: input, assumed: assumedUnits)
        lastOffset = 0
    }
}
