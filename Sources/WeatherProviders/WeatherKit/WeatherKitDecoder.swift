import WeatherJSON
import WeatherCore

/// Decodes Apple WeatherKit REST `/api/v1/weather/…` replies, with any subset of data sets.
///
/// - `currentWeather` → an observation; `forecastHourly.hours` → 1-hour forecasts;
///   `forecastDaily.days` → day forecasts (`forecastStart` is local midnight in UTC);
///   `forecastNextHour.minutes` → minute forecasts.
/// - Units from `metadata.units`: `m` = °C, km/h, mm, mb (= hPa), m; humidity, cloud cover and
///   precipitation chance are 0–1 fractions; every instant is ISO 8601 with `Z`
///   (docs/PROVIDERS.md, Apple WeatherKit).
/// - Each block has its own metadata; `readTime` (the issue clock) may be missing in one block
///   and present in another.
/// - `precipitationIntensity` is a rate (mm/h) and never becomes an amount on observations;
///   `snowfallAmount` is snow depth in mm (stored in cm).
/// - Bodies carry no time zone: day targets are the date of the day's middle, which is the
///   local date for any offset within ±12 h; a zone learned elsewhere refines it later.
/// API: https://developer.apple.com/documentation/weatherkitrestapi/weather
struct WeatherKitDecoder: FormatDecoder {
    static let format = "weatherkit/weather"
    var format: String { Self.format }
    /// `currentWeather` is the forecast's own "now".
    var products: [ProductDeclaration] { [.nowcast("weatherkit", "weather"), .forecast("weatherkit", "weather")] }

    var detectionKeys: DetectionKeys? { .object(["currentWeather"], ["forecastDaily"], ["forecastHourly"], ["forecastNextHour"]) }

    func detect(_ body: JSONValue) -> Detection { Self.matches(body) ? .yes : .no }

    func recognition(of document: DecodedDocument, body: JSONValue) -> String {
        "WeatherKit data sets (currentWeather, forecastDaily, forecastHourly, forecastNextHour)"
    }

    static func matches(_ body: JSONValue) -> Bool {
        body["currentWeather"] != nil || body["forecastDaily"] != nil || body["forecastHourly"] != nil
            || body["forecastNextHour"] != nil
    }

    func decode(_ input: DecodeInput) throws(DecodeFailure) -> DecodedDocument {
        let body = input.body
        var doc = DecodedDocument(format: format)
        let header = try Self.readMetadata(body)
        var coordinate = header.coordinate
        if coordinate == nil, let q = input.envelope?.query, let la = q["lat"].flatMap(Double.init), let lo = q["lon"].flatMap(Double.init) {
            coordinate = (la, lo)
        }
        guard let (lat, lon) = coordinate else {
            throw DecodeFailure(.missingField, "no block has 'metadata.latitude'/'longitude': the place is unknown", fieldPath: "currentWeather.metadata.latitude")
        }
        doc.places = [PlaceInfo(latitude: lat, longitude: lon, declaredLocationID: input.locationHint)]
        let (issued, issuedSource) = input.issueTime(bodyClock: header.readTime)
        // No block declaring units leaves the API's only system, metric, as an assumption.
        let reader = WeatherKitReader(latitude: lat, longitude: lon, units: header.units ?? .metric,
                                      unitsSource: header.units == nil ? .default : .metadata,
                                      locationHint: input.locationHint, issued: issued, issuedSource: issuedSource)
        if let current = try body.optional("currentWeather")?.object() {
            doc.observations.append(try reader.observation(current))
        }
        if let hourly = try body.optional("forecastHourly")?.object() {
            for item in try hourly.items("hours") { doc.forecasts.append(try reader.hour(item)) }
        }
        if let daily = try body.optional("forecastDaily")?.object() {
            for item in try daily.items("days") { doc.forecasts.append(try reader.day(item)) }
        }
        if let nextHour = try body.optional("forecastNextHour")?.object() {
            for item in try nextHour.items("minutes") { doc.forecasts.append(try reader.minute(item)) }
        }
        return doc
    }

    /// What the data sets' `metadata` say: the first coordinates and `readTime` (the issue
    /// clock; may be missing in one block and present in another) and the declared units.
    static func readMetadata(_ body: Field) throws(DecodeFailure) -> (coordinate: (Double, Double)?, readTime: Int64?, units: WeatherKitUnits?) {
        let blocks = ["currentWeather", "forecastHourly", "forecastDaily", "forecastNextHour"].compactMap { body.optional($0) }
        var coordinate: (Double, Double)?
        var readTime: Int64?
        var declaredUnits: WeatherKitUnits?
        for block in blocks {
            guard let meta = try block.object().optional("metadata") else { continue }
            let m = try meta.object()
            if coordinate == nil, m.optional("latitude") != nil { coordinate = try m.coordinates(lat: "latitude", lon: "longitude") }
            if readTime == nil { readTime = try m.isoInstant("readTime") }
            if let units = try WeatherKitUnits.declared(in: m) { declaredUnits = units }
        }
        return (coordinate, readTime, declaredUnits)
    }
}
