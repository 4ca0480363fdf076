import WeatherCore

/// Whether a document's records are what the weather was or what it would be, when the
/// document's shape cannot say (a pipeline input's `role`).
public enum DocumentRole: String, Sendable, CaseIterable {
    /// Decide by shape, URL and times (docs/PROVIDERS.md).
    case auto
    /// Every time step is an observation: a folder of `past_days` replies cut to yesterday is the
    /// collector's truth, though shaped like a forecast.
    case observed
    /// Time steps are forecasts even when they lie long before the issue time.
    case forecast
}

/// Where a pipeline says its collector keeps the reply and the fetch time, as dotted paths
/// (`EnvelopeMapping(body: "data", fetchedAt: "fetchedAt", url: "request.url")`).
public struct EnvelopeMapping: Sendable, Hashable {
    public var body: String
    public var fetchedAt: String?
    public var url: String?

    public init(body: String, fetchedAt: String? = nil, url: String? = nil) {
        self.body = body
        self.fetchedAt = fetchedAt
        self.url = url
    }
}

/// What the caller knows about a document beyond its bytes.
public struct DecodeContext: Sendable {
    /// Units for OpenWeatherMap bodies from the command line or pipeline input, if given.
    public var owmUnits: UnitSystem?
    /// The file path or tar member name the document came from (for timestamps in names).
    public var sourceName: String?
    /// Modification time of the file or tar member (the last resort for issue times).
    public var modifiedAt: Int64?
    /// Now, for inputs that carry no time at all (standard input without an envelope).
    public var ingestTime: Int64
    /// Reject a document for any implausible or wrongly typed value (the behaviour before value
    /// quarantine) instead of setting the value aside.
    public var strictValues = false
    /// Observed, forecast, or decided by shape.
    public var role: DocumentRole = .auto
    /// IANA zone of wall-clock times in file and member names (`2023-10-09_2100.json` written
    /// by a collector in New York); nil reads them as UTC. Names ending in `Z` and Unix times
    /// are UTC whatever this says.
    public var fileTimeZone: String?
    /// The one source of a forecast's issue time, when the user forces it; nil follows the
    /// precedence (envelope → body → file name → mtime → ingest time).
    public var issuedAtSource: IssueTimeSource?
    /// The collector's own wrapper, declared by a pipeline input; nil recognises the common
    /// shapes by structure (docs/PROVIDERS.md, Envelope).
    public var envelope: EnvelopeMapping?
    /// The NWS quality-control letters whose values are kept (`nws_qc_accept`); nil: V, C, S, Z
    /// and G (docs/PROVIDERS.md, NWS). Values with other flags are left missing with a warning.
    public var nwsQCAccept: Set<String>?

    /// The settings that change the records decoded from the same bytes, as one canonical text
    /// (empty when all are defaults): with the content hash, what decides whether a file must be
    /// ingested again (issue 11). Source name, mtime and ingest time are the file's own.
    public var recordSettingsKey: String {
        var parts: [String] = []
        if let owmUnits { parts.append("units=\(owmUnits.rawValue)") }
        if strictValues { parts.append("strict_values") }
        if role != .auto { parts.append("role=\(role.rawValue)") }
        if let fileTimeZone { parts.append("file_time_zone=\(fileTimeZone)") }
        if let issuedAtSource { parts.append("issued_at=\(issuedAtSource.rawValue)") }
        if let nwsQCAccept { parts.append("nws_qc_accept=\(nwsQCAccept.sorted().joined(separator: ","))") }
        if let envelope {
            parts.append("envelope=\(envelope.body)|\(envelope.fetchedAt ?? "")|\(envelope.url ?? "")")
        }
        return parts.joined(separator: ";")
    }

    public init(owmUnits: UnitSystem? = nil, sourceName: String? = nil, modifiedAt: Int64? = nil, ingestTime: Int64 = 0,
                strictValues: Bool = false) {
        self.owmUnits = owmUnits
        self.sourceName = sourceName
        self.modifiedAt = modifiedAt
        self.ingestTime = ingestTime
        self.strictValues = strictValues
    }
}
