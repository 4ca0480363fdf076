import WeatherJSON
import WeatherCore

/// Decodes the 5-day / 3-hour forecast (`/data/2.5/forecast`) into 3-hour forecasts.
///
/// - `list[].dt` is the forecast instant; `rain.3h`/`snow.3h` are the volume of the *last*
///   3 hours (API docs), so the period is `[dt − 3 h, dt]` with point values at `dt`.
/// - `main.temp_min`/`temp_max` are spreads at that instant, not extremes: not stored.
/// - `cod` is a string here, `cnt` is not always 40, `city.country` may be `"none"`, old
///   bodies carry `city.sys.population` and empty `rain: {}` objects
///   (docs/PROVIDERS.md, OpenWeatherMap).
/// API: https://openweathermap.org/forecast5
struct OWMForecast5Decoder: FormatDecoder {
    static let format = "openweathermap/forecast5"
    var format: String { Self.format }
    var products: [ProductDeclaration] { [.forecast("openweathermap", "forecast5", settings: ["units"])] }

    var detectionKeys: DetectionKeys? { .object(["list"]) }

    func detect(_ body: JSONValue) -> Detection { Self.matches(body) ? .yes : .no }

    func recognition(of document: DecodedDocument, body: JSONValue) -> String {
        "a list of items with dt and main, and city"
    }

    static func matches(_ body: JSONValue) -> Bool {
        guard let list = body["list"], list.kind == .array else { return false }
        return body["city"] != nil || list.elements.first.map { $0["dt"] != nil && $0["main"] != nil } == true
    }

    func decode(_ input: DecodeInput) throws(DecodeFailure) -> DecodedDocument {
        let (units, unitsSource) = OWMUnits.resolve(envelope: input.envelope, context: input.context)
        let place = try Self.place(input)
        let (issued, issuedSource) = input.issueTime(bodyClock: nil)
        var doc = DecodedDocument(format: format)
        doc.places = [place]
        for item in try input.body.required("list").array() {
            var f = try Self.forecast(item, units: units, assumption: OWMFields.assumption(units, unitsSource),
                                      base: Forecast(provider: "openweathermap", product: "forecast5",
                                                         latitude: place.latitude, longitude: place.longitude,
                                                         issuedAt: issued, issuedAtSource: issuedSource, period: .threeHours,
                                                         validFrom: 0, validTo: 0, validAt: 0))
            f.declaredLocationID = input.locationHint
            f.unitsAssumed = units.rawValue
            f.unitsSource = unitsSource
            doc.forecasts.append(f)
        }
        return doc
    }

    /// The place from `city` (coordinates, labels, UTC offset), or the envelope URL's `lat`/`lon`
    /// when `city.coord` is missing.
    static func place(_ input: DecodeInput) throws(DecodeFailure) -> PlaceInfo {
        var place = PlaceInfo(latitude: 0, longitude: 0, declaredLocationID: input.locationHint)
        var coordinate: (Double, Double)?
        if let city = try input.body.optional("city")?.object() {
            if let coord = try city.optional("coord")?.object() { coordinate = try coord.coordinates(lat: "lat", lon: "lon") }
            place.name = try city.optionalString("name").flatMap { $0.isEmpty ? nil : $0 }
            place.country = try city.optionalString("country").flatMap { $0.isEmpty || $0 == "none" ? nil : $0 }
            place.utcOffsetSeconds = try city.utcOffset("timezone")
        }
        if coordinate == nil, let q = input.envelope?.query, let la = q["lat"].flatMap(Double.init), let lo = q["lon"].flatMap(Double.init) {
            coordinate = (la, lo)
        }
        guard let (lat, lon) = coordinate else {
            throw DecodeFailure(.missingField, "required field 'city.coord' is missing (no coordinates for the forecast)", fieldPath: "city.coord")
        }
        place.latitude = lat
        place.longitude = lon
        return place
    }

    /// One `list[]` item: point values at `dt`, precipitation over the 3 hours before it.
    static func forecast(_ item: Field, units: UnitSystem, assumption: String, base: Forecast) throws(DecodeFailure) -> Forecast {
        let obj = try item.object()
        let dt = try obj.requiredInstant("dt")
        var f = base
        (f.validFrom, f.validTo, f.validAt) = (dt - 3 * 3600, dt, dt)
        let main = try obj.required("main").object()
        f.tempC = try main.quantity("temp", units.celsius, Plausibility.tempC, assumption: assumption)
        if f.tempC == nil { _ = try main.required("temp") }
        f.feelsLikeC = try main.quantity("feels_like", units.celsius, Plausibility.feelsLikeC, assumption: assumption)
        f.pressureHpa = try main.quantity("pressure", { $0 }, Plausibility.pressureHpa)
        f.humidityPct = try main.quantity("humidity", { $0 }, Plausibility.humidityPct)
        if let wind = try obj.optional("wind")?.object() {
            f.windSpeedMs = try wind.quantity("speed", units.metresPerSecond, Plausibility.windSpeedMs, assumption: assumption)
            f.windGustMs = try wind.quantity("gust", units.metresPerSecond, Plausibility.windGustMs, assumption: assumption)
            f.windDirDeg = try wind.quantity("deg", { $0 }, Plausibility.windDirDeg)
        }
        if let clouds = try obj.optional("clouds")?.object() {
            f.cloudCoverPct = try clouds.quantity("all", { $0 }, Plausibility.cloudCoverPct)
        }
        f.visibilityM = try obj.quantity("visibility", { $0 }, Plausibility.visibilityM)
        f.precipProbPct = try obj.quantity("pop", Convert.fractionToPercent, Plausibility.precipProbPct)
        f.precipMm = try OWMFields.precipitation(obj, window: "3h")
        (f.condition, f.conditionCode, f.conditionText) = try OWMFields.condition(obj)
        return f
    }
}
