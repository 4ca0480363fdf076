import WeatherJSON
import WeatherCore

/// Decodes MET Norway Locationforecast 2.0 replies (`/compact` and `/complete`): GeoJSON with
/// `properties.meta` and `properties.timeseries`.
///
/// - Every step's `data.instant.details` holds values at `time` (ISO 8601 UTC): an hourly row
///   `[time, +1 h]` with `next_1_hours` (symbol, 1-hour amount, probability) folded in. Steps are
///   hourly for about 2.5 days, then 6-hourly (no `next_1_hours`: the row is then a point value).
/// - `next_6_hours` → a 6-hour period from `time` (amount, `air_temperature_max`/`min`);
///   `next_12_hours` → a 12-hour period from `time` (symbol, probability; no amount, and no
///   `details` at all in 2020 replies). They start at every step, so they overlap: unlike NWS's
///   `12h` day/night periods they are not tied to 06/18 local time.
/// - Issue time: `properties.meta.updated_at` (the model update). Coordinates:
///   `geometry.coordinates` `[lon, lat, altitude]`. No time zone in the reply.
/// - Units are SI, stated in `meta.units` (`METNorwayUnits`).
/// Docs: https://developer.yr.no/doc/ForecastJSON/ · https://api.met.no/weatherapi/locationforecast/2.0/documentation
struct METNorwayDecoder: FormatDecoder {
    static let format = "metno/locationforecast"
    var format: String { Self.format }
    var products: [ProductDeclaration] { [.forecast(METNorwayReader.provider, METNorwayReader.product)] }

    var detectionKeys: DetectionKeys? { .object(["properties"]) }

    func detect(_ body: JSONValue) -> Detection {
        guard body.kind == .object, let p = body["properties"], p["timeseries"]?.kind == .array else { return .no }
        return p["meta"]?["updated_at"] != nil || body["type"]?.string == "Feature" ? .yes : .likely(0.5)
    }

    func recognition(of document: DecodedDocument, body: JSONValue) -> String {
        "GeoJSON properties.meta and properties.timeseries (MET Norway Locationforecast)"
    }

    func decode(_ input: DecodeInput) throws(DecodeFailure) -> DecodedDocument {
        let body = input.body
        let (lat, lon) = try Self.coordinates(body)
        let properties = try body.required("properties").object()
        let meta = try properties.optional("meta")?.object()
        var doc = DecodedDocument(format: format)
        var reader = METNorwayReader(latitude: lat, longitude: lon, locationHint: input.locationHint)
        (reader.unusable, doc.warnings) = try METNorwayUnits.unusable(meta?.optional("units"))
        (reader.issued, reader.issuedSource) = input.issueTime(bodyClock: try meta?.isoInstant("updated_at"))
        doc.places = [PlaceInfo(latitude: lat, longitude: lon, declaredLocationID: input.locationHint)]
        for step in try properties.items("timeseries") {
            let s = try step.object()
            let t = try s.requiredISOInstant("time")
            let data = try s.required("data").object()
            doc.forecasts.append(try reader.instant(data, at: t))
            if let six = try data.optional("next_6_hours")?.object() { doc.forecasts.append(try reader.sixHours(six, at: t)) }
            if let twelve = try data.optional("next_12_hours")?.object() { doc.forecasts.append(try reader.twelveHours(twelve, at: t)) }
        }
        // The altitude the forecast was made for (the request's `altitude`, else MET Norway's terrain model).
        let altitude = try body.required("geometry").object().required("coordinates").geoJSONAltitude()
        for k in doc.forecasts.indices { doc.forecasts[k].elevationM = altitude }
        return doc
    }

    /// `geometry.coordinates`: `[lon, lat]` or `[lon, lat, altitude]`, GeoJSON's order.
    static func coordinates(_ body: Field) throws(DecodeFailure) -> (Double, Double) {
        try body.required("geometry").object().required("coordinates").geoJSONPosition()
    }
}
