#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WeatherCore
import WeatherIngest
import WeatherProviders
import WeatherStore

/// One input to ingest, with the units to assume for bodies that do not state them and the role
/// of its observations when declared (nil: decided by format, `ObservationRole.decide`).
public struct IngestInput: Sendable {
    public var path: String
    public var units: UnitSystem?
    public var role: ObservationRole?
    /// Only the files of this shard are read (`--shard K/N`); nil: all.
    public var shard: Shard?
    public init(path: String, units: UnitSystem? = nil, role: ObservationRole? = nil, shard: Shard? = nil) {
        self.path = path
        self.units = units
        self.role = role
        self.shard = shard
    }
}

/// Runs ingest → decode → validate → store for a list of inputs.
///
/// Each input file is skipped when its content hash is already in `sources` (idempotent
/// re-ingest). Otherwise what an earlier, interrupted or older run left of that path is removed
/// first, and the file is written in batched transactions; its `sources` rows are marked
/// `complete` only at the end, so an interrupted run is redone cleanly next time.
public final class IngestRunner {
    public let store: Store
    public private(set) var registry: LocationRegistry
    public var ingestor = Ingestor()
    /// Documents per transaction: large enough for SQLite's speed, small enough to bound the WAL.
    public var batchSize = 5000
    /// Called for every reject (for `--verbose` style reporting); already counted and stored.
    public var onReject: ((Reject) -> Void)?
    /// Called when a source (a file or tar member) is complete, with its counts.
    public var onSource: ((String, String?, Store.SourceCounts) -> Void)?
    /// Called after every document with the progress so far.
    public var onProgress: ((IngestProgress) -> Void)?

    private var progress = IngestProgress(totalBytes: 0)
    /// The declared observation role of the input being ingested.
    private var inputRole: ObservationRole?

    public init(store: Store, declaredLocations: [Location] = []) throws {
        self.store = store
        var registry = LocationRegistry()
        for location in try store.loadLocations() { registry.add(location) }
        for location in declaredLocations {
            registry.add(location)
            try store.saveLocation(location)
        }
        self.registry = registry
    }

    public func run(_ inputs: [IngestInput]) throws -> IngestSummary {
        let clock = Stopwatch()
        var summary = IngestSummary()
        try recordShardRoots(inputs)
        let expanded = inputs.map { input -> (IngestInput, [InputFile]) in
            let (files, problems) = InputWalker.expand([input.path])
            for p in problems { summary.problems.append("\(Sanitize.printable(p.path)): \(p.message)") }
            return (input, input.shard.map { InputWalker.files(files, under: input.path, in: $0) } ?? files)
        }
        progress = IngestProgress(totalBytes: expanded.reduce(0) { $0 + $1.1.reduce(0) { $0 + $1.size } })
        let counter = ByteCounter()
        ingestor.counter = counter
        inputs: for (input, files) in expanded {
            for file in files {
                counter.reset()
                progress.currentPath = file.path
                defer { progress.doneBytes += file.size }
                do {
                    inputRole = input.role
                    try ingest(file, units: input.units, into: &summary)
                    summary.inputs += 1
                } catch let stop as IngestInterrupted {
                    summary.interrupted = stop
                    summary.inputInProgress = file.path
                    break inputs
                }
            }
        }
        summary.seconds = clock.seconds
        return summary
    }

    /// Ingests one file in its own transactions. On any error (or an interruption) the
    /// transaction in progress rolls back and the summary is left as it was before this file.
    private func ingest(_ file: InputFile, units: UnitSystem?, into total: inout IngestSummary) throws {
        let inputHash = file.isStandardInput ? nil : try? InputWalker.hashFile(file.path)
        if let inputHash, try store.isIngested(inputHash: inputHash) {
            total.inputsUnchanged += 1
            return
        }
        let state = FileIngest(runner: self, path: file.path, inputHash: inputHash, summary: total, now: Int64(time(nil)))
        try store.database.inTransaction {
            if !file.isStandardInput { try store.discardSources(path: file.path) }
            try consume(BackgroundReader(ingestor: ingestor, file: file, units: units, now: state.now), into: state)
        }
        total = state.summary
    }

    /// Writes what the reading thread prepares, batch by batch, reporting progress after each;
    /// stops between documents when a signal arrived.
    private func consume(_ reader: BackgroundReader, into state: FileIngest) throws {
        defer { reader.stop() }
        while let batch = reader.next() {
            for prepared in batch {
                if Interruption.requested { throw IngestInterrupted(signal: Interruption.signalNumber) }
                try state.handle(prepared)
            }
            if let onProgress {
                progress.documents = state.documentsSoFar
                progress.currentBytes = ingestor.counter?.bytes ?? 0
                onProgress(progress)
            }
        }
    }

    enum Outcome {
        case rejected(Reject)
        /// New records written of `total` decoded (the rest were duplicates).
        case stored(observations: Int, forecasts: Int, total: Int, locationsCreated: Int)
    }

    /// Writes a decoded document's records, warnings and places, or turns a failure into a reject.
    func write(_ result: Result<DecodedDocument, DecodeFailure>, document doc: RawDocument, sourceID: Int64) throws -> Outcome {
        switch result {
        case .failure(let f):
            return .rejected(IngestRunner.reject(for: f, document: doc))
        case .success(let decoded):
            var newObservations = 0
            var newForecasts = 0
            var created = 0
            for w in decoded.warnings {
                try store.insertWarning(Sanitize.printable(w), format: decoded.format, origin: doc.origin, sourceID: sourceID)
            }
            for q in decoded.quarantined {
                try store.insertWarning(Sanitize.printable(q.message), format: decoded.format, origin: doc.origin, sourceID: sourceID,
                                        fieldPath: q.fieldPath, value: q.value, rule: q.rule)
            }
            for place in decoded.places { try learn(place, created: &created) }
            for var o in decoded.observations {
                o.role = ObservationRole.decide(provider: o.provider, product: o.product, declared: inputRole)
                let locationID = try resolveLocation(latitude: o.latitude, longitude: o.longitude, hint: o.declaredLocationID,
                                                     name: o.placeName, country: o.country, zone: o.timeZone,
                                                     offset: o.utcOffsetSeconds, created: &created)
                if try store.insert(o, locationID: locationID, sourceID: sourceID, line: doc.origin.line) { newObservations += 1 }
            }
            for f in decoded.forecasts {
                let locationID = try resolveLocation(latitude: f.latitude, longitude: f.longitude, hint: f.declaredLocationID,
                                                     name: nil, country: nil, zone: nil, offset: nil, created: &created)
                if try store.insert(f, locationID: locationID, sourceID: sourceID, line: doc.origin.line) { newForecasts += 1 }
            }
            return .stored(observations: newObservations, forecasts: newForecasts, total: decoded.recordCount, locationsCreated: created)
        }
    }

    /// A place from a geocoding reply or a reply's header: joins (or creates) a location and
    /// gives it the name, country, state and time zone it lacks. A zone learned from one provider
    /// then serves every provider at that location (WeatherKit bodies carry none).
    private func learn(_ place: PlaceInfo, created: inout Int) throws {
        let id = try resolveLocation(latitude: place.latitude, longitude: place.longitude, hint: place.declaredLocationID,
                                     name: place.name, country: place.country, zone: place.timeZone,
                                     offset: place.utcOffsetSeconds, created: &created)
        guard var location = registry.location(id: id) else { return }
        let before = location
        if location.acceptsName(place.name) { location.name = place.name }
        if location.country == nil { location.country = place.country }
        if location.state == nil { location.state = place.state }
        if location != before {
            registry.add(location)
            try store.saveLocation(location)
        }
    }

    private func resolveLocation(latitude: Double, longitude: Double, hint: String?, name: String?, country: String?,
                                 zone: String?, offset: Int?, created: inout Int) throws -> String {
        let resolution = registry.resolve(latitude: latitude, longitude: longitude, hint: hint,
                                          name: name, country: country, utcOffsetSeconds: offset, timeZone: zone)
        switch resolution {
        case .created(let location):
            try store.saveLocation(location)
            created += 1
            return location.id
        case .existing(let id):
            if var location = registry.location(id: id) {
                var changed = false
                if location.timeZone == nil, let zone { location.timeZone = zone; changed = true }
                if location.timeZone == nil, location.utcOffsetSeconds == nil, let offset { location.utcOffsetSeconds = offset; changed = true }
                if changed {
                    registry.add(location)
                    try store.saveLocation(location)
                }
            }
            return id
        }
    }

    static func reject(for f: DecodeFailure, document: RawDocument) -> Reject {
        Reject(origin: document.origin, reason: f.reason, message: f.message, fieldPath: f.fieldPath,
               excerpt: Reject.excerpt(of: document.bytes, around: f.offset ?? 0))
    }

    static func reject(for error: IngestError, origin: Origin, partial: [UInt8]) -> Reject {
        let reason: RejectReason
        switch error.kind {
        case .truncated: reason = .truncatedInput
        case .corrupt: reason = .corruptInput
        case .tooLarge: reason = .tooLarge
        case .unreadable: reason = .unreadable
        }
        var message = error.message
        if !partial.isEmpty { message += "; the document in progress (\(partial.count) bytes read) is lost" }
        return Reject(origin: origin, reason: reason, message: message,
                      excerpt: partial.isEmpty ? "" : Reject.excerpt(of: partial))
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
