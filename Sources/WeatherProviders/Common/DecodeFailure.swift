import WeatherCore

/// Why a document did not decode, before its origin is attached (that makes it a `Reject`).
public struct DecodeFailure: Error, Sendable, CustomStringConvertible {
    public var reason: RejectReason
    public var message: String
    public var fieldPath: String?
    /// Byte offset inside the document of the problem, when known (syntax errors).
    public var offset: Int?

    public init(_ reason: RejectReason, _ message: String, fieldPath: String? = nil, offset: Int? = nil) {
        self.reason = reason
        self.message = message
        self.fieldPath = fieldPath
        self.offset = offset
    }

    public var description: String { "\(reason.rawValue): \(message)" }
}

/// The records decoded from one document.
public struct DecodedDocument: Sendable {
    /// The format (docs/PROVIDERS.md), e.g. `openweathermap/current`.
    public var format: String
    public var observations: [Observation] = []
    public var forecasts: [Forecast] = []
    /// Place metadata (geocoding results, or the header of a reply without data blocks).
    public var places: [PlaceInfo] = []
    /// Why the format was recognised, for `wxpipe inspect`.
    public var detectedBy: String = ""
    /// Non-fatal remarks (an assumption made, a field ignored), kept for `inspect`.
    public var warnings: [String] = []
    /// Values set aside (missing in their records) while the document was accepted.
    public var quarantined: [QuarantinedValue] = []

    public init(format: String) { self.format = format }

    public var recordCount: Int { observations.count + forecasts.count }
}
