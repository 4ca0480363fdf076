import WeatherCore

/// One body to decode, with its envelope and context: what every format decoder receives.
struct DecodeInput {
    var body: Field
    var envelope: Envelope?
    var context: DecodeContext

    /// Issue time by precedence: envelope `fetched_at` → the body's own clock → a timestamp in
    /// the file or member name → modification time → ingest time.
    func issueTime(bodyClock: Int64?) -> (Int64, IssueTimeSource) {
        if let t = envelope?.fetchedAt { return (t, .envelope) }
        if let t = bodyClock { return (t, .body) }
        if let name = context.sourceName, let t = IssueTime.fromName(name) { return (t, .fileName) }
        if let t = context.modifiedAt { return (t, .modificationTime) }
        return (context.ingestTime, .ingestTime)
    }

    var locationHint: String? { envelope?.locationID }

    /// The envelope URL's path, lower-cased ("" without one): tells apart endpoints whose bodies
    /// look alike (`/onecall/timemachine`, Open-Meteo's archive API).
    var urlPath: String {
        guard let url = envelope?.url?.lowercased() else { return "" }
        return String(url.split(separator: "?", maxSplits: 1).first ?? "")
    }
}
