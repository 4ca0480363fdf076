import WeatherJSON
import WeatherCore

/// Decodes the 5-day / 3-hour forecast (`/data/2.5/forecast`) into 3-hour forecasts.
///
/// - `list[].dt` is the forecast instant; `rain.3h`/`snow.3h` are the volume of the *last*
///   3 hours (API docs), so the period is `[dt − 3 h, dt]` with point values at `dt`.
/// - `main.temp_min`/`temp_max` are spreads at that instant, not extremes: not stored.
/// - `cod` is a string here, `cnt` is not always 40, `city.country` may be `"none"`, old
///   bodies carry `city.sys.population` and empty `rain: {}` objects (SOURCES.md 1, 4, 8, 9).
/// API: https://openweathermap.org/forecast5
struct OWMForecast5Decoder: FormatDecoder {
    static let format = "openweathermap/forecast5"
    var format: String { Self.format }

    func detect(_ body: JSONValue) -> Detection { Self.matches(body) ? .yes : .no }

    func recognition(of document: DecodedDocument, body: JSONValue) -> String {
        "a list of items with dt and main, and city"
    }

    static func matches(_ body: JSONValue) -> Bool {
        guard let list = body["list"], list.kind == .array else { return false }
        return body["city"] != nil || list.elements.first.map { $0["dt"] != nil && $0["main"] != nil } == true
    }

    func decode(_ input: DecodeInput) throws(DecodeFailure) -> DecodedDocument {
        let (units, source) = OWMUnits.resolve(envelope: input.envelope, context: input.context)
        return try Self.decode(input, units: units, unitsSource: source)
    }

    static func decode(_ input: DecodeInput, units: UnitSystem, unitsSource: UnitsSource) throws(DecodeFailure) -> DecodedDocument {
        let body = input.body
        let assumption = OWMFields.assumption(units, unitsSource)
        let city = try body.optional("city")?.object()
        var lat = 0.0, lon = 0.0
        var haveCoord = false
        var place = PlaceInfo(latitude: 0, longitude: 0, declaredLocationID: input.locationHint)
        if let city {
            if let coord = try city.optional("coord")?.object() {
                (lat, lon) = try coord.coordinates(lat: "lat", lon: "lon")
                haveCoord = true
            }
            place.name = try city.optionalString("name").flatMap { $0.isEmpty ? nil : $0 }
            place.country = try city.optionalString("country").flatMap { $0.isEmpty || $0 == "none" ? nil : $0 }
            place.utcOffsetSeconds = try city.utcOffset("timezone")
        }
        if !haveCoord, let q = input.envelope?.query, let la = q["lat"].flatMap(Double.init), let lo = q["lon"].flatMap(Double.init) {
            (lat, lon) = (la, lo)
            haveCoord = true
        }
        guard haveCoord else {
            throw DecodeFailure(.missingField, "required field 'city.coord' is missing (no coordinates for the forecast)", fieldPath: "city.coord")
        }
        place.latitude = lat
        place.longitude = lon
        let (issued, issuedSource) = input.issueTime(bodyClock: nil)
        var doc = DecodedDocument(format: format)
        doc.places = [place]
        for item in try body.required("list").array() {
            let obj = try item.object()
            let dt = try obj.requiredInstant("dt")
            var f = Forecast(provider: "openweathermap", product: "forecast5", latitude: lat, longitude: lon,
                             issuedAt: issued, issuedAtSource: issuedSource, period: .threeHours,
                             validFrom: dt - 3 * 3600, validTo: dt, validAt: dt)
            f.declaredLocationID = input.locationHint
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
            f.unitsAssumed = units.rawValue
            f.unitsSource = unitsSource.rawValue
            doc.forecasts.append(f)
        }
        return doc
    }
}
