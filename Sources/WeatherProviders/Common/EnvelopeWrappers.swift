import WeatherJSON
import WeatherCore

/// Collectors' own wrappers (docs/PROVIDERS.md, Envelope): `{"data": <reply>, "fetchedAt": …}`,
/// `{"timestamp": …, "response": …}`, `{"retrieved_at": …, "body": …}`, `{"ts": 1700000000,
/// "payload": …}`, or whatever a pipeline declares with an `EnvelopeMapping`.
extension Envelope {
    /// Keys under which collectors keep the reply, in the order they are tried.
    static let bodyKeys = ["data", "response", "body", "payload", "result", "json"]
    /// Each of `bodyKeys` hashed once: most documents are bare replies holding none of them,
    /// which the root's name filter tells without six lookups.
    static let bodyNames = bodyKeys.map { JSONNames([$0]) }
    /// Keys under which collectors keep the fetch time; the first present wins.
    static let timeKeys = ["fetchedAt", "fetched_at", "timestamp", "retrieved_at", "ts", "time", "date"]

    /// The envelope of `root`, if any: the declared mapping when there is one; else the classic
    /// envelope; else, only when `root` is not itself a reply that `isReply` recognises, an
    /// object holding exactly one reply under one of `bodyKeys`. A bare reply is never taken for
    /// a wrapper: Open-Meteo's `time` is inside `hourly`, and One Call history's `data` array
    /// sits beside `lat`/`lon`, which make the root a reply.
    static func find(_ root: Field, mapping: EnvelopeMapping?, isReply: (JSONValue) -> Bool) throws(DecodeFailure) -> Envelope? {
        if let mapping { return try declared(root, mapping) }
        if let classic = try unwrap(root) { return classic }
        guard root.value.kind == .object, bodyNames.contains(where: { root.value.mayHaveAll($0) }),
              bodyKeys.contains(where: { root.value[$0] != nil }), !isReply(root.value) else { return nil }
        return try wrapper(root, isReply: isReply)
    }

    /// A wrapper recognised by structure: exactly one body key holds a reply.
    static func wrapper(_ root: Field, isReply: (JSONValue) -> Bool) throws(DecodeFailure) -> Envelope? {
        let holding = bodyKeys.filter { key in
            guard let v = root.value[key] else { return false }
            return (v.kind == .object || (v.kind == .array && !v.elements.isEmpty)) && isReply(v)
        }
        guard holding.count == 1, let key = holding.first else { return nil }
        var envelope = Envelope(fetchedAt: nil, response: try root.required(key))
        var shape = [key]
        if let timeKey = timeKeys.first(where: { root.optional($0) != nil }), let f = root.optional(timeKey) {
            if let t = instant(f) {
                envelope.fetchedAt = t
                shape.append(timeKey)
            } else {
                envelope.remarks.append("wrapper time '\(timeKey)' = \(Sanitize.printable(String(f.value.rawText.prefix(40)))) is not an ISO 8601 instant or Unix time; the issue time comes from elsewhere")
            }
        }
        if let url = root.value["url"]?.string {
            envelope.url = url
            envelope.query = queryItems(url)
            shape.append("url")
        }
        envelope.provider = root.value["provider"]?.string
        envelope.locationID = root.value["location"]?["id"]?.string
        envelope.shape = shape.joined(separator: ", ")
        return envelope
    }

    /// The wrapper a pipeline declared. A document without the declared body is a bare reply;
    /// a declared time that cannot be read is a reject (the user said it is the issue time).
    static func declared(_ root: Field, _ mapping: EnvelopeMapping) throws(DecodeFailure) -> Envelope? {
        guard root.value.kind == .object, let body = root.at(path: mapping.body) else { return nil }
        var envelope = Envelope(fetchedAt: nil, response: body)
        var shape = [mapping.body]
        if let path = mapping.fetchedAt, let f = root.at(path: path) {
            guard let t = instant(f) else {
                throw DecodeFailure(.wrongType, "field '\(path)' (the declared fetch time) is not an ISO 8601 instant or Unix time: \(Sanitize.printable(String(f.value.rawText.prefix(40))))", fieldPath: path)
            }
            envelope.fetchedAt = t
            shape.append(path)
        }
        if let path = mapping.url, let f = root.at(path: path) {
            let url = try f.string()
            envelope.url = url
            envelope.query = queryItems(url)
            shape.append(path)
        }
        envelope.shape = shape.joined(separator: ", ")
        return envelope
    }

    /// ISO 8601 with `Z` or an offset, or Unix time in seconds or milliseconds (a number or a
    /// string of digits). Milliseconds are told by magnitude: 10^11 seconds is the year 5138,
    /// 10^11 milliseconds is 1973. Instants outside 1850–2100 are not times.
    static func instant(_ f: Field) -> Int64? {
        var number = f.value.number
        if let text = f.value.string {
            if let t = UTCTime.parseISO8601(text) { return t }
            guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
            number = Double(text)
        }
        guard var n = number, n.isFinite else { return nil }
        if abs(n) >= 1e11 { n /= 1000 }
        guard n >= -3_786_825_600 && n < 4_102_444_800 else { return nil }
        return Int64(n.rounded(.down))
    }
}

extension Field {
    /// The member at a dotted path (`request.url`); nil when any step is absent or null.
    func at(path: String) -> Field? {
        var f: Field? = self
        for key in path.split(separator: ".") {
            f = f?.optional(String(key))
        }
        return f
    }
}
