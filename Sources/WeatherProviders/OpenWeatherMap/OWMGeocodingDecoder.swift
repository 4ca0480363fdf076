import WeatherJSON
import WeatherCore

/// Decodes geocoding replies (`/geo/1.0/direct`, `/reverse`: an array; `/zip`: one object).
///
/// They name places (name, country, state) and create no weather records. `local_names` is
/// optional with a varying set of languages (SOURCES.md 13): the English name is preferred
/// for the label when present, else `name`.
/// API: https://openweathermap.org/api/geocoding-api
enum OWMGeocodingDecoder {
    static let format = "openweathermap/geocoding"

    static func isPlace(_ v: JSONValue) -> Bool {
        v.kind == .object && v["name"] != nil && v["lat"] != nil && v["lon"] != nil && v["country"] != nil
            && v["main"] == nil && v["coord"] == nil
    }

    static func matches(_ body: JSONValue) -> Bool {
        if body.kind == .array { return !body.elements.isEmpty && body.elements.allSatisfy(isPlace) }
        return isPlace(body)
    }

    static func decode(_ input: DecodeInput) throws(DecodeFailure) -> DecodedDocument {
        let items = input.body.value.kind == .array ? try input.body.array() : [input.body]
        var doc = DecodedDocument(format: format)
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
