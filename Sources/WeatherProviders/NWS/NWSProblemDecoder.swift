import WeatherJSON
import WeatherCore

/// api.weather.gov error replies (RFC 7807 `application/problem+json`):
/// `{"correlationId": …, "title": "Not Found", "type": "https://api.weather.gov/problems/NotFound",
/// "status": 404, "detail": …, "instance": …}`. Saved by collectors as data, they are rejected as
/// `provider_error` with the status, title and detail, never decoded into records.
struct NWSProblemDecoder: FormatDecoder {
    static let format = "nws/problem"
    var format: String { Self.format }
    /// Error bodies: rejects only.
    var products: [ProductDeclaration] { [] }

    var detectionKeys: DetectionKeys? { .object(["status", "title"]) }

    func detect(_ body: JSONValue) -> Detection {
        guard body.kind == .object, body["properties"] == nil, body["status"]?.number != nil,
              body["title"]?.string != nil, body["detail"] != nil || body["type"] != nil else { return .no }
        return .yes
    }

    func recognition(of document: DecodedDocument, body: JSONValue) -> String { "keys status, title and detail/type" }

    func decode(_ input: DecodeInput) throws(DecodeFailure) -> DecodedDocument {
        let v = input.body.value
        let status = v["status"]?.int.map(String.init) ?? "?"
        var message = "NWS error \(status): \(Sanitize.printable(String((v["title"]?.string ?? "").prefix(120))))"
        if let detail = v["detail"]?.string, !detail.isEmpty { message += " — " + Sanitize.printable(String(detail.prefix(200))) }
        throw DecodeFailure(.providerError, message, fieldPath: "status")
    }
}
