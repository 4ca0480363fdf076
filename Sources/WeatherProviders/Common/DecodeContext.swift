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

/// What the caller knows about a document beyond its bytes: the input's settings, whole, and
/// the file's own name and times.
///
/// The settings are embedded, not copied field by field, so a new setting reaches the decoders
/// without a line here; `context.role` reads `context.settings.role` (dynamic member lookup).
@dynamicMemberLookup
public struct DecodeContext: Sendable {
    /// The settings of the input the document belongs to (units, role, file zone, envelope …).
    public var settings: IngestSettings
    /// The file path or tar member name the document came from (for timestamps in names).
    public var sourceName: String?
    /// Modification time of the file or tar member (the last resort for issue times).
    public var modifiedAt: Int64?
    /// Now, for inputs that carry no time at all (standard input without an envelope).
    public var ingestTime: Int64

    public init(settings: IngestSettings, sourceName: String? = nil, modifiedAt: Int64? = nil, ingestTime: Int64 = 0) {
        self.settings = settings
        self.sourceName = sourceName
        self.modifiedAt = modifiedAt
        self.ingestTime = ingestTime
    }

    /// A context whose settings are all defaults but `units` and `strictValues` (`inspect`, tests).
    public init(owmUnits: UnitSystem? = nil, sourceName: String? = nil, modifiedAt: Int64? = nil, ingestTime: Int64 = 0,
                strictValues: Bool = false) {
        self.init(settings: IngestSettings(units: owmUnits, strictValues: strictValues), sourceName: sourceName,
                  modifiedAt: modifiedAt, ingestTime: ingestTime)
    }

    /// One setting of the embedded `settings` (`context.fileTimeZone`).
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<IngestSettings, Value>) -> Value {
        get { settings[keyPath: keyPath] }
        set { settings[keyPath: keyPath] = newValue }
    }
}
