#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import WeatherCore
import WeatherIngest
import WeatherProviders
import WeatherStore

/// One input to ingest, with the units to assume for bodies that do not state them.
public struct IngestInput: Sendable {
    public var path: String
    public var units: UnitSystem?
    public init(path: String, units: UnitSystem? = nil) {
        self.path = path
        self.units = units
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
        let expanded = inputs.map { input -> (IngestInput, [InputFile]) in
            let (files, problems) = InputWalker.expand([input.path])
            for p in problems { summary.problems.append("\(Sanitize.printable(p.path)): \(p.message)") }
            return (input, files)
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
        var summary = total
        var inputHash: String?
        if !file.isStandardInput {
            do {
                inputHash = try InputWalker.hashFile(file.path)
            } catch {
                inputHash = nil
            }
            if let inputHash, try store.isIngested(inputHash: inputHash) {
                total.inputsUnchanged += 1
                return
            }
        }
        let db = store.database
        try db.execute("BEGIN IMMEDIATE")
        var committed = false
        defer { if !committed { try? db.execute("ROLLBACK") } }
        if !file.isStandardInput { try store.discardSources(path: file.path) }

        var sourceID: Int64 = 0
        var counts = Store.SourceCounts()
        var inBatch = 0
        var failure: Error?
        var currentSource: (String, String?) = (file.path, nil)
        let now = Int64(time(nil))

        func reject(_ r: Reject) throws {
            try store.insert(r, sourceID: sourceID)
            counts.documents += 1
            counts.rejected += 1
            summary.rejectsByReason[r.reason, default: 0] += 1
            onReject?(r)
        }

        func handleDecoded(_ doc: RawDocument, _ result: Result<DecodedDocument, DecodeFailure>) throws {
            switch try store(result, document: doc, sourceID: sourceID) {
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
                if case .success(let d) = result { summary.warnings += d.warnings.count + d.quarantined.count }
            }
            inBatch += 1
            if inBatch >= batchSize {
                try db.execute("COMMIT")
                try db.execute("BEGIN IMMEDIATE")
                inBatch = 0
            }
        }

        func handle(_ event: IngestEvent) throws {
            switch event {
            case .sourceStarted(let path, let member, let modifiedAt):
                currentSource = (path, member)
                sourceID = try store.beginSource(path: path, member: member, inputHash: inputHash,
                                                 modifiedAt: modifiedAt, now: now)
                counts = Store.SourceCounts()
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
                try store.finishSource(id: sourceID, bytes: bytes, contentHash: contentHash, counts: counts)
                onSource?(currentSource.0, currentSource.1, counts)
                summary.sources += 1
                summary.bytesRead += bytes
                summary.documents += counts.documents
                summary.accepted += counts.accepted
                summary.rejected += counts.rejected
                summary.duplicates += counts.duplicates
            }
        }

        // Reading, decompressing, splitting and decoding run on a second thread; this one writes
        // the store. Batches of decoded events cross a bounded queue, so memory stays flat.
        let queue = BoundedQueue<[PreparedEvent]>(capacity: 8)
        let producerDone = DispatchSemaphore(value: 0)
        let reader = ingestor
        let thread = Thread {
            var batch: [PreparedEvent] = []
            batch.reserveCapacity(256)
            reader.ingest(file) { event in
                batch.append(PreparedEvent.prepare(event, units: units, now: now))
                if batch.count >= 256 {
                    guard queue.push(batch) else { return false }
                    batch.removeAll(keepingCapacity: true)
                }
                return true
            }
            if !batch.isEmpty { _ = queue.push(batch) }
            queue.close()
            producerDone.signal()
        }
        thread.stackSize = 8 << 20
        thread.name = "wxpipe-reader"
        thread.start()
        consume: while let batch = queue.pop() {
            for prepared in batch {
                if Interruption.requested { failure = IngestInterrupted(signal: Interruption.signalNumber); break consume }
                do {
                    switch prepared {
                    case .event(let event): try handle(event)
                    case .decoded(let doc, let result): try handleDecoded(doc, result)
                    }
                } catch {
                    failure = error
                    break consume
                }
            }
            if let onProgress {
                progress.documents = summary.documents + counts.documents
                progress.currentBytes = ingestor.counter?.bytes ?? 0
                onProgress(progress)
            }
        }
        queue.close()
        producerDone.wait()
        if let failure { throw failure }
        try db.execute("COMMIT")
        committed = true
        total = summary
    }

    private enum Outcome {
        case rejected(Reject)
        /// New records written of `total` decoded (the rest were duplicates).
        case stored(observations: Int, forecasts: Int, total: Int, locationsCreated: Int)
    }

    private func store(_ result: Result<DecodedDocument, DecodeFailure>, document doc: RawDocument, sourceID: Int64) throws -> Outcome {
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
            for o in decoded.observations {
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

/// An ingest event with its document already decoded, on the reading thread.
enum PreparedEvent: Sendable {
    case event(IngestEvent)
    /// The document (its bytes kept only when they are needed for a reject's excerpt) and
    /// what decoding it gave.
    case decoded(RawDocument, Result<DecodedDocument, DecodeFailure>)

    static func prepare(_ event: IngestEvent, units: UnitSystem?, now: Int64) -> PreparedEvent {
        guard case .document(let doc) = event else { return .event(event) }
        let context = DecodeContext(owmUnits: units, sourceName: doc.origin.member ?? doc.origin.path,
                                    modifiedAt: doc.origin.modifiedAt, ingestTime: now)
        let result = DocumentDecoder.decode(doc.bytes, context: context)
        if case .success = result { return .decoded(RawDocument(bytes: [], origin: doc.origin), result) }
        return .decoded(doc, result)
    }
}
