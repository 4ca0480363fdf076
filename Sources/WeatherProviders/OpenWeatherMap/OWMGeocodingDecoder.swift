import WeatherJSON
import WeatherCore

/// Decodes geocoding replies (`/geo/1.0/direct`, `/reverse`: an array; `/zip`: one object).
///
/// They name places (name, country, state) and create no weather records. `local_names` is
/// optional with a varying set of languages (docs/PROVIDERS.md): the English name is preferred
/// for the label when present, else `name`.
/// API: https://openweathermap.org/api/geocoding-api
struct OWMGeocodingDecoder: FormatDecoder {
    static let format = "openweathermap/geocoding"
    var format: String { Self.format }
    /// Places only: no records.
    var products: [ProductDeclaration] { [] }

    /// An empty array is a geocoding reply with no match (no other format is a bare array).
    var detectionKeys: DetectionKeys? { .arrayOrObject(["name", "lat", "lon", "country"]) }

    func detect(_ body: JSONValue) -> Detection {
        Self.matches(body) || (body.kind == .array && body.count == 0) ? .yes : .no
    }

    func recognition(of document: DecodedDocument, body: JSONValue) -> String {
        guard body.kind == .array else { return "an object with name, lat, lon, country" }
        return body.count == 0 ? "an empty array (a geocoding reply with no match)" : "an array of places with name, lat, lon, country"
    }

    static func isPlace(_ v: JSONValue) -> Bool {
        // The names a weather reply has first: a current-weather reply (which has `name` and
        // `main` too) is told apart at its first member.
        v.kind == .object && v["coord"] == nil && v["main"] == nil
            && v["name"] != nil && v["lat"] != nil && v["lon"] != nil && v["country"] != nil
    }

    static func matches(_ body: JSONValue) -> Bool {
        if body.kind == .array { return !body.elements.isEmpty && body.elements.allSatisfy(isPlace) }
        return isPlace(body)
    }

    func decode(_ input: DecodeInput) throws(DecodeFailure) -> DecodedDocument {
        let items = input.body.value.kind == .array ? try input.body.array() : [input.body]
        var doc = DecodedDocument(format: format)
        if items.isEmpty { doc.warnings.append("no places in this geocoding reply") }
        for item in items {
            let obj = try item.object()
            let (lat, lon) = try obj.coordinates(lat: "lat", lon: "lon")
            var name = try obj.optionalString("name")
            if let english = try obj.optional("local_names")?.object().optionalString("en") { name = english }
            let country = try obj.optionalString("country")
            doc.places.append(PlaceInfo(latitude: lat, longitude: lon, name: name, country: country,
                                        state: try obj.optionalString("state"),
                                        declaredLocationID: items.count == 1 ? input.locationHint : nil, isGeocoding: true))
        }
        return doc
    }
}
