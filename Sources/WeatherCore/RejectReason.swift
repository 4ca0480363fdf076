/// Why a document was rejected; the codes are stable and appear in the `rejects` table.
public enum RejectReason: String, Sendable, CaseIterable, Comparable {
    case invalidJSON = "invalid_json"
    case truncatedInput = "truncated_input"
    case missingField = "missing_field"
    case wrongType = "wrong_type"
    case implausibleValue = "implausible_value"
    case unknownFormat = "unknown_format"
    case providerError = "provider_error"
    case tooLarge = "too_large"
    case empty = "empty"
    /// The container itself is damaged (bad gzip CRC, bad tar header checksum).
    case corruptInput = "corrupt_input"
    /// The file could not be opened or read at all.
    case unreadable = "unreadable"

    public static func < (a: RejectReason, b: RejectReason) -> Bool { a.rawValue < b.rawValue }
}

/// A document that could not become records, with everything needed to find and fix it.
public struct Reject: Sendable, Error, CustomStringConvertible {
    public var origin: Origin
    public var reason: RejectReason
    public var message: String
    /// Path of the offending field inside the document, e.g. `main.temp` or `daily[3].temp.max`.
    public var fieldPath: String?
    /// Format the document was recognised as, when it got that far.
    public var format: String?
    /// A short excerpt of the input (control characters escaped).
    public var excerpt: String

    public init(origin: Origin, reason: RejectReason, message: String, fieldPath: String? = nil,
                format: String? = nil, excerpt: String = "") {
        self.origin = origin
        self.reason = reason
        self.message = message
        self.fieldPath = fieldPath
        self.format = format
        self.excerpt = excerpt
    }

    public var description: String { "\(origin): \(reason.rawValue): \(message)" }

    /// The first `limit` bytes of `bytes` as printable text (see `Sanitize.printable`).
    public static func excerpt(of bytes: [UInt8], around offset: Int = 0, limit: Int = 120) -> String {
        let start = max(0, min(offset - limit / 2, bytes.count - limit))
        let end = min(bytes.count, start + limit)
        return Sanitize.printable(String(decoding: bytes[start..<end], as: UTF8.self))
    }
}
