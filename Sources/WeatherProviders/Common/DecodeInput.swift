import WeatherCore

/// One body to decode, with its envelope and context: what every format decoder receives.
struct DecodeInput {
    var body: Field
    var envelope: Envelope?
    var context: DecodeContext

    /// Issue time by precedence: envelope `fetched_at` → the body's own clock → a timestamp in
    /// the file or member name (read in `fileTimeZone`) → modification time → ingest time. A
    /// source the user forced (`issuedAtSource`) comes first; when the document lacks it the
    /// precedence answers and `DocumentDecoder` rejects the document (`forcedIssueTimeMissing`).
    func issueTime(bodyClock: Int64?) -> (Int64, IssueTimeSource) {
        let envelopeTime = envelope?.fetchedAt
        let nameTime = context.sourceName.flatMap { IssueTime.fromName($0, zone: context.fileTimeZone) }
        switch context.issuedAtSource {
        case .envelope?: if let t = envelopeTime { return (t, .envelope) }
        case .body?: if let t = bodyClock { return (t, .body) }
        case .fileName?: if let t = nameTime { return (t, .fileName) }
        case .modificationTime?: if let t = context.modifiedAt { return (t, .modificationTime) }
        case .ingestTime?: return (context.ingestTime, .ingestTime)
        case nil: break
        }
        if let t = envelopeTime { return (t, .envelope) }
        if let t = bodyClock { return (t, .body) }
        if let t = nameTime { return (t, .fileName) }
        if let t = context.modifiedAt { return (t, .modificationTime) }
        return (context.ingestTime, .ingestTime)
    }

    /// Whether the time steps are observations: the input's `role` when it says, else what
    /// the decoder `detected` from URL, name, shape or times.
    func isObserved(detected: Bool) -> Bool {
        switch context.role {
        case .auto: return detected
        case .observed: return true
        case .forecast: return false
        }
    }

    var locationHint: String? { envelope?.locationID }

    /// The envelope URL's path, lower-cased ("" without one): tells apart endpoints whose bodies
    /// look alike (`/onecall/timemachine`, Open-Meteo's archive API).
    var urlPath: String {
        guard let url = envelope?.url?.lowercased() else { return "" }
        return String(url.split(separator: "?", maxSplits: 1).first ?? "")
    }
}
