import WeatherJSON
import WeatherCore

/// Decodes OpenWeatherMap current weather (`/data/2.5/weather`) into one observation.
///
/// Notes from the API and recorded replies (docs/PROVIDERS.md):
/// - Units are never in the body: envelope URL `units=`, else the input's `units`, else
///   `standard` (Kelvin). Precipitation is always mm, pressure hPa, visibility m.
/// - `rain`/`snow` are objects keyed by window (`1h`, older bodies `3h`); a missing object
///   means nothing fell, recorded as 0 mm over a 1-hour window.
/// - `main.temp_min`/`temp_max` spread over a large city at this instant; they are *not* daily
///   extremes and are deliberately not stored.
/// - Fields come and go (`feels_like`, `visibility`, `timezone`, `wind.deg`, `sys.country`).
/// API: https://openweathermap.org/current#fields_json
struct OWMCurrentDecoder: FormatDecoder {
    static let format = "openweathermap/current"
    var format: String { Self.format }
    /// Current weather: a station-backed analysis refreshed every 10 minutes, the truth after
    /// station observations. Its units come from the input when the body cannot say.
    var products: [ProductDeclaration] { [.observed("openweathermap", "current", truthPriority: 30, settings: ["units"])] }

    var detectionKeys: DetectionKeys? { .object(["coord", "main", "weather", "dt"]) }

    func detect(_ body: JSONValue) -> Detection {
        body["coord"] != nil && body["main"] != nil && body["weather"] != nil && body["dt"] != nil ? .yes : .no
    }

    func recognition(of document: DecodedDocument, body: JSONValue) -> String {
        "keys coord, main, weather, dt"
    }

    func decode(_ input: DecodeInput) throws(DecodeFailure) -> DecodedDocument {
        let body = input.body
        let (units, unitsSource) = OWMUnits.resolve(envelope: input.envelope, context: input.context)
        let (lat, lon) = try body.required("coord").object().coordinates(lat: "lat", lon: "lon")
        let dtField = try body.required("dt")
        let dt = try dtField.integer()
        try dtField.checkInstant(dt)

        var o = Observation(provider: "openweathermap", product: "current", observedAt: dt, latitude: lat, longitude: lon)
        o.declaredLocationID = input.locationHint
        o.unitsAssumed = units.rawValue
        o.unitsSource = unitsSource
        let assumption = OWMFields.assumption(units, unitsSource)
        try Self.readMain(body, into: &o, units: units, assumption: assumption)
        try Self.readWindAndSky(body, into: &o, units: units, assumption: assumption)
        try Self.readPrecipitation(body, into: &o)
        (o.condition, o.conditionCode, o.conditionText) = try OWMFields.condition(body)
        try Self.readPlace(body, into: &o)
        var doc = DecodedDocument(format: format)
        // `name` and `sys.country` label the location when nothing else names it.
        doc.places = [PlaceInfo(latitude: lat, longitude: lon, name: o.placeName, country: o.country,
                                utcOffsetSeconds: o.utcOffsetSeconds, declaredLocationID: input.locationHint)]
        doc.observations = [o]  // its last use: moved, not copied
        return doc
    }

    /// `main`: temperature (required), feels-like, pressure, humidity.
    static func readMain(_ body: Field, into o: inout Observation, units: UnitSystem, assumption: String) throws(DecodeFailure) {
        let main = try body.required("main").object()
        let tempField = try main.required("temp")
        let tempRaw = try tempField.number()
        o.tempC = units.celsius(tempRaw)
        try tempField.check(o.tempC!, Plausibility.tempC, raw: tempRaw, assumption: assumption)
        o.feelsLikeC = try main.quantity("feels_like", units.celsius, Plausibility.feelsLikeC, assumption: assumption)
        o.pressureHpa = try main.quantity("pressure", { $0 }, Plausibility.pressureHpa)
        o.humidityPct = try main.quantity("humidity", { $0 }, Plausibility.humidityPct)
    }

    /// `wind`, `clouds.all` and `visibility` (always metres, whatever `units`).
    static func readWindAndSky(_ body: Field, into o: inout Observation, units: UnitSystem, assumption: String) throws(DecodeFailure) {
        if let wind = try body.optional("wind")?.object() {
            o.windSpeedMs = try wind.quantity("speed", units.metresPerSecond, Plausibility.windSpeedMs, assumption: assumption)
            o.windGustMs = try wind.quantity("gust", units.metresPerSecond, Plausibility.windGustMs, assumption: assumption)
            o.windDirDeg = try wind.quantity("deg", { $0 }, Plausibility.windDirDeg)
        }
        if let clouds = try body.optional("clouds")?.object() {
            o.cloudCoverPct = try clouds.quantity("all", { $0 }, Plausibility.cloudCoverPct)
        }
        o.visibilityM = try body.quantity("visibility", { $0 }, Plausibility.visibilityM)
    }

    /// Rain and snow with their window; none at all is 0 mm over the last hour.
    static func readPrecipitation(_ body: Field, into o: inout Observation) throws(DecodeFailure) {
        let rain = try precipitation(body, "rain")
        let snow = try precipitation(body, "snow")
        o.rainMm = OWMFields.known(rain?.mm ?? 0)
        o.snowMm = OWMFields.known(snow?.mm ?? 0)
        switch (rain, snow) {
        case (nil, nil):
            o.precipWindowH = 1
            o.precipMm = 0
        case let (r?, s?) where r.windowH != s.windowH:
            // Different windows cannot be added; keep the rain window and its amount only.
            o.precipWindowH = r.windowH
            o.precipMm = OWMFields.known(r.mm)
        default:
            o.precipWindowH = rain?.windowH ?? snow?.windowH
            o.precipMm = OWMFields.known((rain?.mm ?? 0) + (snow?.mm ?? 0))
        }
    }

    /// The windows a `rain`/`snow` object may state, in the order read, with their hours.
    private static let precipitationWindows = [("1h", 1.0), ("3h", 3.0)]

    /// An OWM `rain`/`snow` object: amount in mm over a 1- or 3-hour window.
    static func precipitation(_ body: Field, _ key: String) throws(DecodeFailure) -> (mm: Double, windowH: Double)? {
        guard let f = try body.optional(key)?.object() else { return nil }
        for (window, hours) in precipitationWindows {
            if let v = f.optional(window) {
                return (try v.quantityValue({ $0 }, Plausibility.precipMm) ?? .nan, hours)  // NaN: set aside
            }
        }
        return nil  // `{}`: no window stated, nothing measured
    }

    /// Labels of the place (`name`, `sys.country`), sun times and the UTC offset.
    static func readPlace(_ body: Field, into o: inout Observation) throws(DecodeFailure) {
        o.placeName = try body.optionalString("name").flatMap { $0.isEmpty ? nil : $0 }
        if let sys = try body.optional("sys")?.object() {
            o.country = try sys.optionalString("country")
            // Plausible instants (1850–2100), as One Call reads them: a sunrise in milliseconds
            // is a misread reply, not a date in year 56340.
            o.sunriseAt = try sys.instant("sunrise")
            o.sunsetAt = try sys.instant("sunset")
        }
        o.utcOffsetSeconds = try body.utcOffset("timezone")
    }
}
