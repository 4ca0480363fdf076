import WeatherCore
import WeatherIngest
import WeatherProviders

/// The rejects of ingest, made where the event is prepared (on a decoding worker), so the
/// writer only stores them.
extension Reject {
    /// A document that did not decode, with an excerpt around the place decoding stopped.
    init(_ failure: DecodeFailure, document: RawDocument) {
        self.init(origin: document.origin, reason: failure.reason, message: failure.message, fieldPath: failure.fieldPath,
                  excerpt: Reject.excerpt(of: document.bytes, around: failure.offset ?? 0))
    }

    /// A failed container or stream. The reject's origin stays the event's — `byte_offset` is
    /// where the lost document began, as for every reject, so that exports keep the numbers
    /// they always had; the error's own place (`IngestError.byteOffset`) is in its message.
    init(_ error: IngestError, origin: Origin, partial: [UInt8]) {
        let reason: RejectReason
        switch error.kind {
        case .truncated: reason = .truncatedInput
        case .corrupt: reason = .corruptInput
        case .tooLarge: reason = .tooLarge
        case .unreadable: reason = .unreadable
        }
        var message = error.message
        if !partial.isEmpty { message += "; the document in progress (\(partial.count) bytes read) is lost" }
        self.init(origin: origin, reason: reason, message: message, excerpt: partial.isEmpty ? "" : Reject.excerpt(of: partial))
    }

    /// A document over the size cap, skipped without being held.
    init(oversized origin: Origin, size: Int, limit: Int) {
        self.init(origin: origin, reason: .tooLarge, message: "document of \(size) bytes exceeds the limit of \(limit) bytes; skipped")
    }

    /// A stream that held nothing but whitespace.
    init(emptyAt origin: Origin) {
        self.init(origin: origin, reason: .empty, message: "no JSON document: the input is empty or only whitespace")
    }
}
