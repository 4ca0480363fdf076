import WeatherJSON
import WeatherCore

/// Decodes OpenWeatherMap current weather (`/data/2.5/weather`) into one observation.
///
/// Notes from the API and the samples (provider-samples/owm-current, SOURCES.md):
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

    func detect(_ body: JSONValue) -> Detection { Self.matches(body) ? .yes : .no }

    func recognition(of document: DecodedDocument, body: JSONValue) -> String {
        "keys coord, main, weather, dt"
    }

    static func matches(_ body: JSONValue) -> Bool {
        body["coord"] != nil && body["main"] != nil && body["weather"] != nil && body["dt"] != nil
    }

    func decode(_ input: DecodeInput) throws(DecodeFailure) -> DecodedDocument {
        let (units, source) = OWMUnits.resolve(envelope: input.envelope, context: input.context)
        return try Self.decode(input.body, units: units, unitsSource: source, locationHint: input.locationHint)
    }

    static func decode(_ body: Field, units: UnitSystem, unitsSource: UnitsSource, locationHint: String?) throws(DecodeFailure) -> DecodedDocument {
        let assumption = "units assumed: \(units.rawValue) (\(units.temperatureName)), from \(OWMUnits.describe(unitsSource))"
        let coord = try body.required("coord").object()
        let latField = try coord.required("lat")
        let lonField = try coord.required("lon")
        let lat = try latField.number()
        let lon = try lonField.number()
        try latField.check(lat, Plausibility.latitude, raw: lat)
        try lonField.check(lon, Plausibility.longitude, raw: lon)
        let dtField = try body.required("dt")
        let dt = try dtField.integer()
        try dtField.checkInstant(dt)

        var o = Observation(provider: "openweathermap", product: "current", observedAt: dt, latitude: lat, longitude: lon)
        o.declaredLocationID = locationHint
        o.unitsAssumed = units.rawValue
        o.unitsSource = unitsSource.rawValue

        let main = try body.required("main").object()
        let tempField = try main.required("temp")
        let tempRaw = try tempField.number()
        o.tempC = units.celsius(tempRaw)
        try tempField.check(o.tempC!, Plausibility.tempC, raw: tempRaw, assumption: assumption)
        if let f = main.optional("feels_like") {
            let raw = try f.number()
            o.feelsLikeC = units.celsius(raw)
            try f.check(o.feelsLikeC!, Plausibility.feelsLikeC, raw: raw, assumption: assumption)
        }
        o.pressureHpa = try checked(main, "pressure", Plausibility.pressureHpa)
        o.humidityPct = try checked(main, "humidity", Plausibility.humidityPct)

        if let wind = try body.optional("wind")?.object() {
            if let f = wind.optional("speed") {
                let raw = try f.number()
                o.windSpeedMs = units.metresPerSecond(raw)
                try f.check(o.windSpeedMs!, Plausibility.windSpeedMs, raw: raw, assumption: assumption)
            }
            if let f = wind.optional("gust") {
                let raw = try f.number()
                o.windGustMs = units.metresPerSecond(raw)
                try f.check(o.windGustMs!, Plausibility.windGustMs, raw: raw, assumption: assumption)
            }
            o.windDirDeg = try checked(wind, "deg", Plausibility.windDirDeg)
        }
        if let clouds = try body.optional("clouds")?.object() {
            o.cloudCoverPct = try checked(clouds, "all", Plausibility.cloudCoverPct)
        }
        o.visibilityM = try checked(body, "visibility", Plausibility.visibilityM)

        let rain = try precipitation(body, "rain")
        let snow = try precipitation(body, "snow")
        o.rainMm = rain?.mm ?? 0
        o.snowMm = snow?.mm ?? 0
        switch (rain, snow) {
        case (nil, nil):
            o.precipWindowH = 1
            o.precipMm = 0
        case let (r?, s?) where r.windowH != s.windowH:
            // Different windows cannot be added; keep the rain window and its amount only.
            o.precipWindowH = r.windowH
            o.precipMm = r.mm
        default:
            o.precipWindowH = rain?.windowH ?? snow?.windowH
            o.precipMm = Convert.round((rain?.mm ?? 0) + (snow?.mm ?? 0), 2)
        }

        if let weather = body.optional("weather") {
            let items = try weather.array()
            var codes: [String] = []
            for (k, item) in items.enumerated() {
                let obj = try item.object()
                let id = try obj.required("id").integer()
                codes.append(String(id))
                if k == 0 {
                    o.condition = Condition.fromOpenWeatherMap(id: Int(id))
                    o.conditionText = try obj.optionalString("description")
                }
            }
            if !codes.isEmpty { o.conditionCode = codes.joined(separator: ",") }
        }
        o.placeName = try body.optionalString("name").flatMap { $0.isEmpty ? nil : $0 }
        if let sys = try body.optional("sys")?.object() {
            o.country = try sys.optionalString("country")
            o.sunriseAt = try sys.optional("sunrise")?.integer()
            o.sunsetAt = try sys.optional("sunset")?.integer()
        }
        o.utcOffsetSeconds = try body.utcOffset("timezone")
        var doc = DecodedDocument(format: format)
        doc.observations = [o]
        return doc
    }

    /// An OWM `rain`/`snow` object: amount in mm over a 1- or 3-hour window.
    static func precipitation(_ body: Field, _ key: String) throws(DecodeFailure) -> (mm: Double, windowH: Double)? {
        guard let f = try body.optional(key)?.object() else { return nil }
        for (window, hours) in [("1h", 1.0), ("3h", 3.0)] {
            if let v = f.optional(window) {
                let mm = try v.number()
                try v.check(mm, Plausibility.precipMm, raw: mm)
                return (mm, hours)
            }
        }
        return nil  // `{}`: no window stated, nothing measured
    }

    static func checked(_ parent: Field, _ key: String, _ range: Plausibility.Range) throws(DecodeFailure) -> Double? {
        guard let f = parent.optional(key) else { return nil }
        let v = try f.number()
        try f.check(v, range, raw: v)
        return v
    }
}
