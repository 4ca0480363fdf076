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

extension Field {
    /// An optional number converted to canonical units and checked for plausibility.
    func quantity(_ key: String, _ convert: (Double) -> Double = { $0 }, _ range: Plausibility.Range,
                  assumption: String? = nil) throws(DecodeFailure) -> Double? {
        guard let f = optional(key) else { return nil }
        let raw = try f.number()
        let v = convert(raw)
        try f.check(v, range, raw: raw, assumption: assumption)
        return v
    }

    /// An optional 0–1 fraction as a percentage (Dark Sky, WeatherKit).
    func fractionPercent(_ key: String, _ range: Plausibility.Range = Plausibility.humidityPct) throws(DecodeFailure) -> Double? {
        try quantity(key, Convert.fractionToPercent, range)
    }

    /// An optional Unix-seconds instant.
    func instant(_ key: String) throws(DecodeFailure) -> Int64? {
        guard let f = optional(key) else { return nil }
        let t = try f.integer()
        try OWMCurrentDecoder.checkInstant(t, f)
        return t
    }

    func requiredInstant(_ key: String) throws(DecodeFailure) -> Int64 {
        let f = try required(key)
        let t = try f.integer()
        try OWMCurrentDecoder.checkInstant(t, f)
        return t
    }

    /// An ISO 8601 instant with `Z` or an offset (WeatherKit).
    func isoInstant(_ key: String) throws(DecodeFailure) -> Int64? {
        guard let f = optional(key) else { return nil }
        let text = try f.string()
        guard let t = UTCTime.parseISO8601(text) else {
            throw DecodeFailure(.wrongType, "field '\(f.path)' is not an ISO 8601 instant: \(Sanitize.printable(String(text.prefix(40))))", fieldPath: f.path)
        }
        return t
    }

    /// Latitude and longitude under the given keys, checked.
    func coordinates(lat: String, lon: String) throws(DecodeFailure) -> (Double, Double) {
        let latField = try required(lat)
        let lonField = try required(lon)
        let la = try latField.number()
        let lo = try lonField.number()
        try latField.check(la, Plausibility.latitude, raw: la)
        try lonField.check(lo, Plausibility.longitude, raw: lo)
        return (la, lo)
    }

    /// An optional UTC offset (seconds, or hours for Dark Sky's `offset`), checked to be within
    /// ±14 h: the widest offsets in use (Kiribati +14, Baker Island −12).
    func utcOffset(_ key: String, inHours: Bool = false) throws(DecodeFailure) -> Int? {
        guard let f = optional(key) else { return nil }
        let raw = try f.number()
        let seconds = inHours ? raw * 3600 : raw
        guard seconds.isFinite, abs(seconds) <= 14 * 3600 else {
            throw DecodeFailure(.implausibleValue, "field '\(f.path)' = \(raw) is not a UTC offset (±14 h)", fieldPath: f.path)
        }
        return Int(seconds.rounded())
    }

    /// The items of an optional array member (absent → empty).
    func items(_ key: String) throws(DecodeFailure) -> [Field] {
        guard let f = optional(key) else { return [] }
        return try f.array()
    }
}
