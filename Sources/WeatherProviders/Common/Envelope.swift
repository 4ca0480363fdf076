import WeatherJSON
import WeatherCore

/// The optional wrapper a collector puts around each reply (docs/PROVIDERS.md, Envelope):
/// `{"fetched_at": …, "url": …, "provider": …, "location": {"id": …}, "response": {…}}`.
///
/// `fetched_at` and `response` make an envelope; the URL's query string gives what the body
/// does not say (`units`, `lang`, `lat`, `lon`). Other collectors' wrappers are recognised by
/// structure or declared by the pipeline (`EnvelopeWrappers.swift`).
public struct Envelope: Sendable {
    public var fetchedAt: Int64?
    public var url: String?
    public var provider: String?
    public var locationID: String?
    public var query: [String: String] = [:]
    public var response: Field
    /// The keys that made a collector's wrapper (`data, fetchedAt`); nil for the classic
    /// `fetched_at` + `response` envelope. Shown by `inspect`.
    public var shape: String?
    /// Remarks kept with the document (a wrapper time that could not be read).
    public var remarks: [String] = []

    /// The two names of the classic envelope, hashed once (`JSONNames`).
    static let classicNames = JSONNames(["fetched_at", "response"])

    /// Unwraps `root` when it is an envelope; nil for a bare body.
    public static func unwrap(_ root: Field) throws(DecodeFailure) -> Envelope? {
        guard root.value.mayHaveAll(classicNames), root.value["fetched_at"] != nil, root.value["response"] != nil else { return nil }
        let fetchedField = try root.required("fetched_at")
        let fetchedAt: Int64
        switch fetchedField.value.kind {
        case .number: fetchedAt = try fetchedField.integer()
        case .string:
            guard let t = UTCTime.parseISO8601(try fetchedField.string()) else {
                throw DecodeFailure(.wrongType, "field 'fetched_at' is not an ISO 8601 instant with offset: \(fetchedField.value.rawText.prefix(40))", fieldPath: "fetched_at")
            }
            fetchedAt = t
        default: throw fetchedField.typeError("an ISO 8601 string or Unix seconds")
        }
        var envelope = Envelope(fetchedAt: fetchedAt, response: try root.required("response"))
        envelope.url = try root.optionalString("url")
        envelope.provider = try root.optionalString("provider")
        if let loc = root.optional("location") {
            envelope.locationID = try loc.object().optionalString("id")
        }
        if let url = envelope.url { envelope.query = Envelope.queryItems(url) }
        return envelope
    }

    /// `a=1&b=2` of a URL, percent-decoded; later keys win.
    static func queryItems(_ url: String) -> [String: String] {
        guard let q = url.firstIndex(of: "?") else { return [:] }
        var out: [String: String] = [:]
        let query = url[url.index(after: q)...].split(separator: "#", maxSplits: 1).first ?? ""
        for pair in query.split(separator: "&") {
            let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = percentDecode(String(kv[0]))
            out[key] = kv.count > 1 ? percentDecode(String(kv[1])) : ""
        }
        return out
    }

    static func percentDecode(_ s: String) -> String {
        var bytes: [UInt8] = []
        var it = Array(s.utf8)[...]
        while let b = it.popFirst() {
            if b == UInt8(ascii: "%"), it.count >= 2,
               let v = UInt8(String(decoding: it.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(v)
                it = it.dropFirst(2)
            } else if b == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else {
                bytes.append(b)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
