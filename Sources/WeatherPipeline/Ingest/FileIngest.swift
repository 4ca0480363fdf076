import WeatherCore
import WeatherIngest
import WeatherProviders
import WeatherStore

/// One file being ingested: hands each prepared event, in order, to the run's `RecordWriter`
/// and keeps the run's summary including this file so far. It knows the writer, not the
/// runner: everything it stores goes through the writer.
final class FileIngest {
    private let writer: RecordWriter
    private let inputHash: String?
    private let settings: String
    /// The input's documents and rejects in this source, and the rejects that decode under
    /// other units (merged into the summary when the source completes).
    private var unitsCounts: UnitsAdvice
    private let input: String
    /// The role the input declares for its observations (nil: by format).
    private let declaredRole: ObservationRole?
    private let assumedUnits: UnitSystem?
    let now: Int64
    private(set) var summary: IngestSummary

    init(writer: RecordWriter, input: IngestInput, inputHash: String?, summary: IngestSummary, now: Int64) {
        self.writer = writer
        self.inputHash = inputHash
        self.settings = input.settings.fingerprint
        self.input = input.path
        self.declaredRole = input.settings.observationRole
        self.assumedUnits = input.settings.units
        self.unitsCounts = UnitsAdvice(input: input.path, assumed: assumedUnits)
        self.summary = summary
        self.now = now
    }

    /// Documents read so far, for the progress line.
    var documentsSoFar: Int { summary.documents + writer.counts.documents }
    /// Decompressed bytes read so far, for the progress line (the summary's measure).
    var decompressedSoFar: Int { summary.bytesRead + writer.lastOffset }

    /// Writes what the writer holds back for grouped inserts: at the end of each batch of
    /// documents, before the batch is released.
    func flush() throws { try writer.flushObservations() }

    func handle(_ event: PreparedEvent) throws {
        switch event {
        case .sourceStarted(let path, let member, let modifiedAt):
            try writer.beginSource(path: path, member: member, inputHash: inputHash, settings: settings,
                                   modifiedAt: modifiedAt, now: now)
        case .decoded(let decoded, let origin):
            let written = try writer.write(decoded, origin: origin, declaredRole: declaredRole)
            summary.forecasts += written.forecasts
            if written.forecasts > 0, let source = decoded.forecasts.first?.issuedAtSource { summary.issueTimeSources[source, default: 0] += 1 }
            summary.locationsCreated += written.locationsCreated
            summary.warnings += decoded.warnings.count + decoded.quarantined.count
            for q in decoded.quarantined { summary.quarantinedByRule[q.rule, default: 0] += 1 }
        case .undecodable(let r, let decodesUnder):
            if let decodesUnder {
                unitsCounts.decodesUnder[decodesUnder.units, default: 0] += 1
                unitsCounts.formats[decodesUnder.format, default: 0] += 1
            }
            try writer.writeUndecodable(r)
            summary.rejectsByReason[r.reason, default: 0] += 1
        case .rejected(let r):
            try writer.reject(r)
            summary.rejectsByReason[r.reason, default: 0] += 1
        case .sourceFinished(let bytes, let contentHash):
            let counts = try writer.finishSource(bytes: bytes, contentHash: contentHash)
            summary.sources += 1
            summary.observations += writer.sourceObservations
            summary.bytesRead += bytes
            summary.documents += counts.documents
            summary.accepted += counts.accepted
            summary.rejected += counts.rejected
            summary.duplicates += counts.duplicates
            unitsCounts.documents = counts.documents
            unitsCounts.rejected = counts.rejected
            summary.addUnitsCounts(unitsCounts)
            unitsCounts = UnitsAdvice(input: input, assumed: assumedUnits)
        }
    }
}
