import WeatherJSON
import WeatherCore

/// Decodes Met Office Weather DataHub site-specific replies (`metoffice/sitespecific`):
/// `/point/hourly`, `/point/three-hourly` and `/point/daily`, a GeoJSON `FeatureCollection`
/// whose `features[0].properties.timeSeries[]` holds the steps.
///
/// - The three endpoints share the envelope but not their keys, so the shape is told by the
///   fields present (`MetOfficeShape`): hourly `screenTemperature`/`feelsLikeTemperature`,
///   three-hourly `feelsLikeTemp`/`probOfRain`, daily `day*`/`night*`/`midday*`.
/// - `time` and `modelRunDate` are "YYYY-MM-DDTHH:MMZ" (UTC, no seconds); `modelRunDate` is the
///   issue time (a forced `issued_at` source still wins).
/// - Units are fixed and self-described in `parameters`: °C, m/s, mm, mm/h, %, m, and `mslp`
///   in Pa (→ hPa through `Convert`). `probOfPrecipitation` is 0–100.
/// - `geometry.coordinates` is `[lon, lat, alt]`; the altitude is the forecasts' `elevation_m`.
/// - Error bodies of the API gateway (`{"httpCode": "401", "httpMessage": …, "moreInformation": …}`)
///   are `provider_error` rejects.
/// API: https://datahub.metoffice.gov.uk/docs/f/category/site-specific/overview
struct MetOfficeDecoder: FormatDecoder {
    static let format = "metoffice/sitespecific"
    static let provider = "metoffice"
    static let product = "sitespecific"
    var format: String { Self.format }
    var products: [ProductDeclaration] { [.forecast(Self.provider, Self.product)] }

    static func isError(_ body: JSONValue) -> Bool {
        guard body.kind == .object, body["httpCode"] != nil, body["httpMessage"]?.string != nil else { return false }
        return Set(body.keys).isSubset(of: ["httpCode", "httpMessage", "moreInformation"])
    }

    static func timeSeries(_ body: JSONValue) -> JSONValue? {
        guard body.kind == .object, let features = body["features"], features.kind == .array,
              let first = features.elements.first, let series = first["properties"]?["timeSeries"], series.kind == .array else { return nil }
        return series
    }

    var detectionKeys: DetectionKeys? { .object(["httpCode", "httpMessage"], ["features"]) }

    func detect(_ body: JSONValue) -> Detection { Self.isError(body) || Self.timeSeries(body) != nil ? .yes : .no }

    func recognition(of document: DecodedDocument, body: JSONValue) -> String {
        let shape = Self.timeSeries(body).flatMap { MetOfficeShape.of($0.elements, urlPath: "") }
        return "features[0].properties.timeSeries (Met Office DataHub site-specific, \(shape?.rawValue ?? "unknown") steps)"
    }

    func decode(_ input: DecodeInput) throws(DecodeFailure) -> DecodedDocument {
        let body = input.body
        if Self.isError(body.value) {
            let code = body.value["httpCode"].map { $0.string ?? $0.number.map { String(Int64($0)) } ?? "?" } ?? "?"
            let more = body.value["moreInformation"]?.string.map { ": " + Sanitize.printable($0) } ?? ""
            throw DecodeFailure(.providerError, "Met Office DataHub error \(code) (\(Sanitize.printable(body.value["httpMessage"]?.string ?? "")))\(more)",
                                fieldPath: "httpCode")
        }
        let feature = try body.required("features").array().first.map { (f) throws(DecodeFailure) in try f.object() }
        guard let feature else { throw DecodeFailure(.missingField, "field 'features' is empty", fieldPath: "features") }
        let properties = try feature.required("properties").object()
        let steps = try properties.required("timeSeries").array()
        guard let shape = MetOfficeShape.of(steps.map(\.value), urlPath: input.urlPath) else {
            throw DecodeFailure(.unknownFormat, "Met Office timeSeries steps have none of the hourly (screenTemperature), three-hourly "
                                + "(feelsLikeTemp) or daily (dayMaxScreenTemperature) fields", fieldPath: properties.childPath("timeSeries"))
        }
        let (lat, lon) = try Self.coordinates(try feature.required("geometry").object())
        let run = try properties.isoInstant("modelRunDate")
        let (issued, issuedSource) = input.context.issuedAtSource == nil && run != nil ? (run!, IssueTimeSource.body) : input.issueTime(bodyClock: run)
        var reader = MetOfficeReader(latitude: lat, longitude: lon, issued: issued, issuedSource: issuedSource,
                                     unitsSource: body.optional("parameters") == nil ? .default : .unitsBlock, locationHint: input.locationHint)
        var doc = DecodedDocument(format: Self.format)
        let name = try properties.optional("location")?.object().optionalString("name")
        doc.places = [PlaceInfo(latitude: lat, longitude: lon, name: name, declaredLocationID: input.locationHint)]
        for step in steps {
            let s = try step.object()
            switch shape {
            case .hourly: doc.forecasts.append(try reader.step(s, hours: 1))
            case .threeHourly: doc.forecasts.append(try reader.step(s, hours: 3))
            case .daily: doc.forecasts += try reader.day(s)
            }
        }
        let altitude = try feature.required("geometry").object().required("coordinates").geoJSONAltitude()
        for k in doc.forecasts.indices { doc.forecasts[k].elevationM = altitude }
        doc.warnings += reader.warnings
        return doc
    }

    /// GeoJSON `[lon, lat, alt]`, checked.
    static func coordinates(_ geometry: Field) throws(DecodeFailure) -> (Double, Double) {
        let c = try geometry.required("coordinates").array()
        guard c.count >= 2 else { throw DecodeFailure(.wrongType, "field '\(geometry.childPath("coordinates"))' is not [lon, lat, alt]", fieldPath: geometry.childPath("coordinates")) }
        let lon = try c[0].number(), lat = try c[1].number()
        try c[1].check(lat, Plausibility.latitude, raw: lat)
        try c[0].check(lon, Plausibility.longitude, raw: lon)
        return (lat, lon)
    }
}

/// Which endpoint a site-specific reply came from, told by the keys of its steps (the daily
/// reply's first step, yesterday, lacks the day fields; so every step is looked at), else by
/// the envelope URL's path.
enum MetOfficeShape: String {
    case hourly, threeHourly = "three-hourly", daily

    static func of(_ steps: [JSONValue], urlPath: String) -> MetOfficeShape? {
        for step in steps {
            if step["dayMaxScreenTemperature"] != nil || step["nightMinScreenTemperature"] != nil || step["midday10MWindSpeed"] != nil { return .daily }
            if step["screenTemperature"] != nil || step["feelsLikeTemperature"] != nil { return .hourly }
            if step["feelsLikeTemp"] != nil || step["probOfRain"] != nil { return .threeHourly }
        }
        if urlPath.hasSuffix("/point/daily") { return .daily }
        if urlPath.hasSuffix("/point/three-hourly") { return .threeHourly }
        if urlPath.hasSuffix("/point/hourly") { return .hourly }
        return nil
    }
}
