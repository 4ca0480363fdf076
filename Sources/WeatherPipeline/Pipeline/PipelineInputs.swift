import WeatherJSON
import WeatherCore
import WeatherProviders

/// The `inputs` of a pipeline file: a path, or an object naming the path and the settings its
/// documents are read with — the same settings as `wxpipe ingest`'s options (README, Pipeline
/// files). Every key is checked; a typo is an error naming it.
extension PipelineFile {
    static let inputKeys = ["path", "units", "role", "file_time_zone", "issued_at", "envelope", "strict_values", "nws_qc_accept"]

    static func parseInputs(_ value: JSONValue?, _ r: Reader, folder: String) throws(Problem) -> [Input] {
        guard let value else { throw r.fail("inputs", "missing: list the files or folders to ingest") }
        guard value.kind == .array else { throw r.fail("inputs", "must be an array, not \(value.kind)") }
        var inputs: [Input] = []
        for (k, item) in value.elements.enumerated() {
            let key = "inputs[\(k)]"
            if let s = item.string {
                inputs.append(Input(path: resolve(s, folder)))
                continue
            }
            guard item.kind == .object else { throw r.fail(key, "must be a path or an object {\"path\": …, \"units\": …, \"role\": …}") }
            for sub in item.keys where !inputKeys.contains(sub) {
                throw r.fail("\(key).\(sub)", "unknown key (known: \(inputKeys.joined(separator: ", ")))")
            }
            guard let path = try r.string(item["path"], "\(key).path") else { throw r.fail("\(key).path", "missing") }
            inputs.append(Input(path: resolve(path, folder), settings: try parseSettings(item, key, r)))
        }
        if inputs.isEmpty { throw r.fail("inputs", "is empty: nothing to ingest") }
        return inputs
    }

    /// The settings keys of one input object.
    static func parseSettings(_ item: JSONValue, _ key: String, _ r: Reader) throws(Problem) -> IngestSettings {
        var settings = IngestSettings()
        if let u = try r.string(item["units"], "\(key).units") {
            guard let parsed = UnitSystem(rawValue: u) else { throw r.fail("\(key).units", "must be standard, metric or imperial, not '\(u)'") }
            settings.units = parsed
        }
        if let role = try r.string(item["role"], "\(key).role") {
            guard let parsed = IngestSettings.parseRole(role) else { throw r.fail("\(key).role", "must be observed, forecast or auto, not '\(role)'") }
            settings.role = parsed
        }
        if let zone = try r.string(item["file_time_zone"], "\(key).file_time_zone") {
            guard LocalTime.isKnownZone(zone) else { throw r.fail("\(key).file_time_zone", "'\(zone)' is not an IANA time zone known here") }
            settings.fileTimeZone = zone
        }
        if let source = try r.string(item["issued_at"], "\(key).issued_at") {
            guard let parsed = IngestSettings.parseIssuedAt(source) else {
                throw r.fail("\(key).issued_at", "must be file_name, mtime, envelope or body, not '\(source)'")
            }
            settings.issuedAtSource = parsed
        }
        if let envelope = item["envelope"] { settings.envelope = try parseEnvelope(envelope, "\(key).envelope", r) }
        settings.strictValues = try r.bool(item["strict_values"], "\(key).strict_values") ?? false
        if let letters = try r.string(item["nws_qc_accept"], "\(key).nws_qc_accept") {
            guard let parsed = IngestSettings.parseQCLetters(letters) else {
                throw r.fail("\(key).nws_qc_accept", "must be MADIS QC letters such as \"VCSZ\" (from V, C, S, Z, G, Q, X, B), not '\(letters)'")
            }
            settings.nwsQCAccept = parsed
        }
        return settings
    }

    /// `"envelope": {"body": "data", "fetched_at": "fetchedAt", "url": "request.url"}` (dotted paths).
    static func parseEnvelope(_ value: JSONValue, _ key: String, _ r: Reader) throws(Problem) -> EnvelopeMapping {
        guard value.kind == .object else { throw r.fail(key, "must be an object {\"body\": …, \"fetched_at\": …, \"url\": …}") }
        for sub in value.keys where !["body", "fetched_at", "url"].contains(sub) {
            throw r.fail("\(key).\(sub)", "unknown key (known: body, fetched_at, url)")
        }
        guard let body = try r.string(value["body"], "\(key).body"), !body.isEmpty else {
            throw r.fail("\(key).body", "missing: the key path of the reply inside the wrapper")
        }
        return EnvelopeMapping(body: body, fetchedAt: try r.string(value["fetched_at"], "\(key).fetched_at"),
                               url: try r.string(value["url"], "\(key).url"))
    }
}

extension IngestSettings {
    /// `observed`, `forecast` or `auto` (`nowcast` is read as `forecast`: its observations are
    /// the current blocks of forecasts).
    public static func parseRole(_ text: String) -> DocumentRole? {
        text == "nowcast" ? .forecast : DocumentRole(rawValue: text)
    }

    /// MADIS QC letters (`"VCSZ"`, `"V,C,S"`): the flags whose NWS values are kept.
    public static func parseQCLetters(_ text: String) -> Set<String>? {
        let letters = text.filter { $0 != "," && $0 != " " }.map(String.init)
        guard !letters.isEmpty, letters.allSatisfy({ ["V", "C", "S", "Z", "G", "Q", "X", "B"].contains($0) }) else { return nil }
        return Set(letters)
    }

    /// `file_name`, `mtime`, `envelope` or `body`.
    public static func parseIssuedAt(_ text: String) -> IssueTimeSource? {
        guard let source = IssueTimeSource(rawValue: text), source != .ingestTime else { return nil }
        return source
    }
}
