import WeatherCore
import WeatherIngest
import WeatherProviders

/// What the writer is handed for one `IngestEvent`, made ready on a decoding worker: a document
/// arrives decoded (its records, or its reject), and an event that is already a failure arrives
/// as its reject. There is no case for a document not yet decoded: the writer cannot be given one.
enum PreparedEvent: Sendable {
    /// A stream of documents begins: the file itself, or one member of a tar archive.
    case sourceStarted(path: String, member: String?, modifiedAt: Int64?)
    /// A document that decoded, and where it starts.
    case decoded(DecodedDocument, origin: Origin)
    /// A document that did not decode: its reject, and — for one rejected as implausible under
    /// the assumed units — the unit system under which it decodes and the format it then is
    /// (`UnitsAdvice`).
    case undecodable(Reject, decodesUnder: (units: UnitSystem, format: String)?)
    /// Not a document to decode: one over the size cap, a container that failed, an empty stream.
    case rejected(Reject)
    /// The stream ended; `bytes` is its decompressed length, `contentHash` of its raw bytes.
    case sourceFinished(bytes: Int, contentHash: String)

    /// Memory the event holds, estimated: the records' inline size plus their text on the heap,
    /// or the reject's text. What `OrderedBatches` counts against its budget.
    var estimatedBytes: Int {
        switch self {
        case .decoded(let d, _):
            var bytes = 256
            bytes += d.observations.count * (MemoryLayout<Observation>.stride + 192)
            bytes += d.forecasts.count * (MemoryLayout<Forecast>.stride + 192)
            bytes += (d.warnings.count + d.quarantined.count + d.places.count) * 256
            return bytes
        case .undecodable(let r, _), .rejected(let r):
            return 256 + r.message.utf8.count + r.excerpt.utf8.count
        case .sourceStarted, .sourceFinished:
            return 256
        }
    }

    /// Decodes a document (with its context from `settings`) or turns a failure into its reject.
    static func prepare(_ event: IngestEvent, settings: IngestSettings, now: Int64) -> PreparedEvent {
        var contexts = DecodeContexts(settings: settings, now: now)
        return prepare(event, contexts: &contexts)
    }

    /// `prepare` with the contexts of a batch's documents, made once per source.
    static func prepare(_ event: IngestEvent, contexts: inout DecodeContexts) -> PreparedEvent {
        let settings = contexts.settings, now = contexts.now
        switch event {
        case .sourceStarted(let path, let member, let modifiedAt):
            return .sourceStarted(path: path, member: member, modifiedAt: modifiedAt)
        case .document(let doc):
            switch DocumentDecoder.decode(doc.bytes, context: contexts.context(for: doc.origin)) {
            case .success(let decoded):
                return .decoded(decoded, origin: doc.origin)
            case .failure(let failure):
                let alternative = failure.reason == .implausibleValue ? otherUnits(for: doc, settings: settings, now: now) : nil
                return .undecodable(Reject(failure, document: doc), decodesUnder: alternative)
            }
        case .oversized(let origin, let size, let limit):
            return .rejected(Reject(oversized: origin, size: size, limit: limit))
        case .failed(let origin, let error, let partial):
            return .rejected(Reject(error, origin: origin, partial: partial))
        case .empty(let origin):
            return .rejected(Reject(emptyAt: origin))
        case .sourceFinished(let bytes, let contentHash):
            return .sourceFinished(bytes: bytes, contentHash: contentHash)
        }
    }

    /// The first other unit system under which the document decodes. Units only change how
    /// OpenWeatherMap bodies without a stated unit are read, so for any other document (or one
    /// whose envelope URL names its units) no alternative decodes and the answer is nil; the
    /// extra decodes happen only for implausible-value rejects.
    static func otherUnits(for doc: RawDocument, settings: IngestSettings, now: Int64) -> (units: UnitSystem, format: String)? {
        let assumed = settings.units ?? .standard
        for units in UnitSystem.allCases where units != assumed {
            var other = settings
            other.units = units
            let context = DecodeContext(settings: other, sourceName: doc.origin.member ?? doc.origin.path,
                                        modifiedAt: doc.origin.modifiedAt, ingestTime: now)
            if case .success(let decoded) = DocumentDecoder.decode(doc.bytes, context: context) { return (units, decoded.format) }
        }
        return nil
    }
}

/// The decode context of a source's documents, made once for the source: every document of a
/// source has its name and time, and making a context for each (copying the input's settings
/// into it) cost 600 instructions a document.
struct DecodeContexts {
    let settings: IngestSettings
    let now: Int64
    private var last: (name: String, modifiedAt: Int64?, context: DecodeContext)?

    init(settings: IngestSettings, now: Int64) {
        self.settings = settings
        self.now = now
    }

    mutating func context(for origin: Origin) -> DecodeContext {
        let name = origin.member ?? origin.path
        if let last, last.name == name, last.modifiedAt == origin.modifiedAt { return last.context }
        let context = DecodeContext(settings: settings, sourceName: name, modifiedAt: origin.modifiedAt, ingestTime: now)
        last = (name, origin.modifiedAt, context)
        return context
    }
}
