import WeatherJSON
import WeatherCore

/// Decodes Weatherbit v2.0 `/current` and `/forecast/daily` replies (`{"count"?, "data": [...]}`).
///
/// - `/current` (`weatherbit/current`): one observation per `data[]` row at `ts` (UTC seconds;
///   `ob_time` is "YYYY-MM-DD HH:MM" in UTC without a marker, used only without `ts`). Role
///   **observed**: Weatherbit builds it from the nearest reporting station (`station`,
///   `sources`), filled in with radar and satellite — a station-backed analysis like
///   OpenWeatherMap's current weather, so it ranks just after it (35). It is not stored as a
///   station observation (`station_id` stays empty): the value is a blend at the point, not
///   the station's own reading. `precip` is a rate (mm/h), `sunrise`/`sunset` are "HH:MM" UTC.
/// - `/forecast/daily` (`weatherbit/daily`): `valid_date` is the local date; the window is that
///   local day in the reply's IANA `timezone` (`ts` is not: day 1 carries the issue time, later
///   days 00:01 local). `max_temp`/`min_temp` are the day's extremes (`high_temp`/`low_temp`
///   are 07–19 and 19–07 local: not read); `precip` is the day's liquid equivalent, `snow` its
///   snowfall, in mm (M, S) or in (I); `pop` is 0–100.
/// - Units are not echoed: envelope URL `units=` (M, S, I), else the input's `units`, else M.
/// - Error replies `{"error": "…"}` (an endpoint the key's plan lacks, an invalid key) and
///   `{"status_code": 429, "status_message": "…"}` are `provider_error` rejects.
/// API: https://www.weatherbit.io/api/weather-current, https://www.weatherbit.io/api/weather-forecast-16-day
struct WeatherbitDecoder: FormatDecoder {
    static let format = "weatherbit/current"
    static let dailyFormat = "weatherbit/daily"
    static let provider = "weatherbit"
    var format: String { Self.format }
    var products: [ProductDeclaration] {
        [.observed(Self.provider, "current", truthPriority: 35, settings: ["units"]), .forecast(Self.provider, "daily", settings: ["units"])]
    }

    enum Shape { case current, daily, error }

    static func shape(_ body: JSONValue) -> Shape? {
        guard body.kind == .object else { return nil }
        let keys = Set(body.keys)
        if !keys.isEmpty, keys.isSubset(of: ["error", "status_code", "status_message"]),
           body["error"]?.string != nil || body["status_message"]?.string != nil { return .error }
        guard let data = body["data"], data.kind == .array else { return nil }
        if let row = data.elements.first {
            if row["valid_date"] != nil, body["timezone"] != nil { return .daily }
            if row["ob_time"] != nil, row["station"] != nil || row["sources"] != nil { return .current }
            return nil
        }
        return body["count"] != nil ? .current : nil
    }

    var detectionKeys: DetectionKeys? { .object(["error"], ["status_message"], ["data"]) }

    func detect(_ body: JSONValue) -> Detection { Self.shape(body) == nil ? .no : .yes }

    func recognition(of document: DecodedDocument, body: JSONValue) -> String {
        document.format == Self.dailyFormat ? "data[] with valid_date, and timezone (Weatherbit /forecast/daily)"
            : "data[] with ob_time and station/sources (Weatherbit /current)"
    }

    func decode(_ input: DecodeInput) throws(DecodeFailure) -> DecodedDocument {
        let body = input.body
        guard let shape = Self.shape(body.value) else { throw DocumentDecoder.unknownFormat(body) }
        let (units, unitsSource) = try WeatherbitUnits.resolve(envelope: input.envelope, context: input.context)
        switch shape {
        case .error:
            let status = body.value["status_code"]?.number.flatMap { Int64(exactly: $0.rounded()) }.map { " \($0)" } ?? ""
            let message = body.value["error"]?.string ?? body.value["status_message"]?.string ?? ""
            throw DecodeFailure(.providerError, "Weatherbit error\(status): \(Sanitize.printable(message))",
                                fieldPath: body.value["error"] != nil ? "error" : "status_message")
        case .current:
            var doc = DecodedDocument(format: Self.format)
            for row in try body.required("data").array() {
                let o = try Self.observation(try row.object(), units: units, unitsSource: unitsSource, locationHint: input.locationHint)
                doc.observations.append(o)
                doc.places.append(PlaceInfo(latitude: o.latitude, longitude: o.longitude, name: o.placeName, country: o.country,
                                            timeZone: o.timeZone, declaredLocationID: input.locationHint))
            }
            return doc
        case .daily:
            var doc = DecodedDocument(format: Self.dailyFormat)
            let (lat, lon) = try body.coordinates(lat: "lat", lon: "lon")
            let zone = DayWindow.usableZone(try body.optionalString("timezone"))
            doc.places = [PlaceInfo(latitude: lat, longitude: lon, name: try body.optionalString("city_name"),
                                    country: try body.optionalString("country_code"), state: try body.optionalString("state_code"),
                                    timeZone: zone, declaredLocationID: input.locationHint)]
            let (issued, issuedSource) = input.issueTime(bodyClock: nil)
            for row in try body.required("data").array() {
                var f = try Self.day(try row.object(), zone: zone, units: units, unitsSource: unitsSource)
                f.latitude = lat; f.longitude = lon
                f.issuedAt = issued; f.issuedAtSource = issuedSource
                f.declaredLocationID = input.locationHint
                doc.forecasts.append(f)
            }
            return doc
        }
    }

    /// The fields `/current` rows and daily rows share.
    static func point(_ row: Field, units: WeatherbitUnits, assumption: String) throws(DecodeFailure) -> PointValues {
        var p = PointValues()
        p.dewPointC = try row.quantity("dewpt", units.celsius, Plausibility.dewPointC, assumption: assumption)
        p.humidityPct = try row.quantity("rh", { $0 }, Plausibility.humidityPct)
        // Sea-level pressure: `pres` is the station's own, not comparable with other providers.
        p.pressureHpa = try row.quantity("slp", { $0 }, Plausibility.pressureHpa)
        p.windSpeedMs = try row.quantity("wind_spd", units.metresPerSecond, Plausibility.windSpeedMs, assumption: assumption)
        p.windDirDeg = try row.quantity("wind_dir", { $0 }, Plausibility.windDirDeg)
        p.cloudCoverPct = try row.quantity("clouds", { $0 }, Plausibility.cloudCoverPct)
        p.visibilityM = try row.quantity("vis", units.metres, Plausibility.visibilityM, assumption: assumption)
        p.uvIndex = try row.quantity("uv", { $0 }, Plausibility.uvIndex)
        if let weather = try row.optional("weather")?.object() {
            // `code` is a string ("801", 2018) or a number (804, 2026).
            if let c = weather.optional("code") {
                let code = c.value.kind == .string ? Int64(try c.string()) : try c.integer()
                guard let code else { throw c.typeError("a condition code") }
                p.condition = Condition.fromWeatherbit(code: Int(code))
                p.conditionCode = String(code)
            }
            p.conditionText = try weather.optionalString("description")
        }
        return p
    }

    static func observation(_ row: Field, units: WeatherbitUnits, unitsSource: UnitsSource, locationHint: String?) throws(DecodeFailure) -> Observation {
        let assumption = units.assumption(unitsSource)
        let (lat, lon) = try row.coordinates(lat: "lat", lon: "lon")
        let t: Int64
        if let ts = try row.instant("ts") {
            t = ts
        } else {
            let f = try row.required("ob_time")
            guard let parsed = UTCTime.parseISO8601(try f.string(), assumingOffset: 0) else {
                throw DecodeFailure(.wrongType, "field '\(f.path)' is not a UTC time \"YYYY-MM-DD HH:MM\"", fieldPath: f.path)
            }
            t = parsed
        }
        var o = Observation(provider: provider, product: "current", observedAt: t, latitude: lat, longitude: lon)
        try point(row, units: units, assumption: assumption).apply(to: &o)
        o.tempC = try row.quantity("temp", units.celsius, Plausibility.tempC, assumption: assumption)
        o.feelsLikeC = try row.quantity("app_temp", units.celsius, Plausibility.feelsLikeC, assumption: assumption)
        o.windGustMs = try row.quantity("gust", units.metresPerSecond, Plausibility.windGustMs, assumption: assumption)
        o.precipRateMmh = try row.quantity("precip", units.millimetres, Plausibility.precipRateMmh, assumption: assumption)
        o.sunriseAt = try clock(row, "sunrise", near: t)
        o.sunsetAt = try clock(row, "sunset", near: t)
        o.placeName = try row.optionalString("city_name")
        o.country = try row.optionalString("country_code")
        o.timeZone = DayWindow.usableZone(try row.optionalString("timezone"))
        o.declaredLocationID = locationHint
        o.unitsAssumed = units.rawValue
        o.unitsSource = unitsSource
        return o
    }

    /// An "HH:MM" UTC time of day (`sunrise`, `sunset`) as the instant nearest the observation:
    /// a sunset after midnight UTC (the Americas) belongs to the next UTC date.
    static func clock(_ row: Field, _ key: String, near t: Int64) throws(DecodeFailure) -> Int64? {
        guard let f = row.optional(key) else { return nil }
        let text = try f.string()
        let parts = text.split(separator: ":")
        guard parts.count == 2, let h = Int64(parts[0]), let m = Int64(parts[1]), (0..<24).contains(h), (0..<60).contains(m) else {
            throw DecodeFailure(.wrongType, "field '\(f.path)' is not a time of day \"HH:MM\": \(Sanitize.printable(String(text.prefix(20))))", fieldPath: f.path)
        }
        let midnight = t - ((t % 86400) + 86400) % 86400
        let candidates = [-86400, 0, 86400].map { midnight + Int64($0) + h * 3600 + m * 60 }
        return candidates.min { abs($0 - t) < abs($1 - t) }
    }

    /// A daily row: the local day `valid_date` in `zone`.
    static func day(_ row: Field, zone: String?, units: WeatherbitUnits, unitsSource: UnitsSource) throws(DecodeFailure) -> Forecast {
        let assumption = units.assumption(unitsSource)
        let dateField = try row.required("valid_date")
        let date = try dateField.string()
        guard UTCTime.parseISO8601(date + "T00:00:00Z") != nil, date.utf8.count == 10 else {
            throw DecodeFailure(.wrongType, "field '\(dateField.path)' is not a date YYYY-MM-DD", fieldPath: dateField.path)
        }
        let window = try DayWindow.bounds(of: date, zone: zone, offset: nil, fieldPath: dateField.path)
        var f = Forecast(provider: provider, product: "daily", latitude: 0, longitude: 0, issuedAt: 0, issuedAtSource: .ingestTime,
                         period: .day, validFrom: window.from, validTo: window.to, validAt: window.from + (window.to - window.from) / 2)
        f.targetDate = date
        try point(row, units: units, assumption: assumption).apply(to: &f)
        f.windGustMs = try row.quantity("wind_gust_spd", units.metresPerSecond, Plausibility.windGustMs, assumption: assumption)
        f.tempMaxC = try row.quantity("max_temp", units.celsius, Plausibility.tempC, assumption: assumption)
        f.tempMinC = try row.quantity("min_temp", units.celsius, Plausibility.tempC, assumption: assumption)
        f.precipMm = try row.quantity("precip", units.millimetres, Plausibility.precipMm, assumption: assumption)
        f.snowfallCm = try row.quantity("snow", units.snowCentimetres, Plausibility.snowfallCm, assumption: assumption)
        f.precipProbPct = try row.quantity("pop", { $0 }, Plausibility.precipProbPct)
        f.unitsAssumed = units.rawValue
        f.unitsSource = unitsSource
        return f
    }
}
