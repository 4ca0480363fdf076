import WeatherCore

/// The records of one WeatherAPI.com reply: what every row shares (place, zone, issue time) and
/// one method per kind of row. Every reply carries both unit systems as paired keys
/// (`temp_c`/`temp_f`, `wind_kph`/`wind_mph`, …): the metric keys are read, so nothing about
/// units is assumed.
struct WeatherAPIReader {
    var latitude, longitude: Double
    var zone: String?
    var offset: Int?
    var locationHint: String?
    var issued: Int64 = 0
    var issuedSource: IssueTimeSource = .ingestTime

    static let provider = "weatherapi"
    static let product = "forecast"

    /// The fields `current` and the `hour` rows share.
    func point(_ obj: Field) throws(DecodeFailure) -> PointValues {
        var p = PointValues()
        p.tempC = try obj.quantity("temp_c", { $0 }, Plausibility.tempC)
        p.feelsLikeC = try obj.quantity("feelslike_c", { $0 }, Plausibility.feelsLikeC)
        p.dewPointC = try obj.quantity("dewpoint_c", { $0 }, Plausibility.dewPointC)
        p.humidityPct = try obj.quantity("humidity", { $0 }, Plausibility.humidityPct)
        p.pressureHpa = try obj.quantity("pressure_mb", { $0 }, Plausibility.pressureHpa)
        p.windSpeedMs = try obj.quantity("wind_kph", Convert.kmhToMs, Plausibility.windSpeedMs)
        p.windGustMs = try obj.quantity("gust_kph", Convert.kmhToMs, Plausibility.windGustMs)
        p.windDirDeg = try obj.quantity("wind_degree", { $0 }, Plausibility.windDirDeg)
        p.cloudCoverPct = try obj.quantity("cloud", { $0 }, Plausibility.cloudCoverPct)
        p.visibilityM = try obj.quantity("vis_km", Convert.kmToMetres, Plausibility.visibilityM)
        p.uvIndex = try obj.quantity("uv", { $0 }, Plausibility.uvIndex)
        try condition(obj, into: &p)
        return p
    }

    /// `condition.code` mapped, the code kept, and `condition.text` without the trailing spaces
    /// some replies have ("Overcast ").
    func condition(_ obj: Field, into p: inout PointValues) throws(DecodeFailure) {
        guard let c = try obj.optional("condition")?.object() else { return }
        if let code = try c.optional("code")?.integer() {
            p.condition = Condition.fromWeatherAPI(code: Int(code))
            p.conditionCode = String(code)
        }
        p.conditionText = try c.optionalString("text").map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
    }

    /// `current`: the latest analysis at `last_updated_epoch` (a 15-minute grid). Its `precip_mm`
    /// has no documented window, so it is not stored as an amount.
    func observation(_ current: Field) throws(DecodeFailure) -> Observation {
        let t = try current.requiredInstant("last_updated_epoch")
        var o = Observation(provider: Self.provider, product: Self.product, observedAt: t, latitude: latitude, longitude: longitude)
        try point(current).apply(to: &o)
        o.declaredLocationID = locationHint
        o.timeZone = zone
        o.utcOffsetSeconds = offset
        return o
    }

    func forecast(_ period: ForecastPeriod, _ from: Int64, _ to: Int64, at: Int64) -> Forecast {
        var f = Forecast(provider: Self.provider, product: Self.product, latitude: latitude, longitude: longitude, issuedAt: issued,
                         issuedAtSource: issuedSource, period: period, validFrom: from, validTo: to, validAt: at)
        f.declaredLocationID = locationHint
        return f
    }

    /// An `hour` row: values at `time_epoch` (the start of the hour), `precip_mm` the amount in
    /// that hour, `chance_of_rain` 0–100, `snow_cm` the snowfall in that hour (newer replies).
    func hour(_ item: Field) throws(DecodeFailure) -> Forecast {
        let obj = try item.object()
        let t = try obj.requiredInstant("time_epoch")
        var f = forecast(.hour, t, t + 3600, at: t)
        try point(obj).apply(to: &f)
        f.precipMm = try obj.quantity("precip_mm", { $0 }, Plausibility.precipMm)
        f.precipProbPct = try obj.quantity("chance_of_rain", { $0 }, Plausibility.precipProbPct)
        f.snowfallCm = try obj.quantity("snow_cm", { $0 }, Plausibility.snowfallCm)
        return f
    }

    /// A `forecastday`'s `day`: the local calendar day `date` in the reply's zone. `date_epoch`
    /// is 00:00 UTC of that date, not local midnight (Sola, UTC+11: 11:00 local), so it is not used.
    func day(date: String, _ dayField: Field) throws(DecodeFailure) -> Forecast {
        let obj = try dayField.object()
        let window = try DayWindow.bounds(of: date, zone: zone, offset: offset, fieldPath: dayField.path.hasSuffix(".day") ? String(dayField.path.dropLast(4)) + ".date" : dayField.path)
        var f = forecast(.day, window.from, window.to, at: window.from)
        f.targetDate = date
        f.tempMaxC = try obj.quantity("maxtemp_c", { $0 }, Plausibility.tempC)
        f.tempMinC = try obj.quantity("mintemp_c", { $0 }, Plausibility.tempC)
        f.humidityPct = try obj.quantity("avghumidity", { $0 }, Plausibility.humidityPct)
        f.visibilityM = try obj.quantity("avgvis_km", Convert.kmToMetres, Plausibility.visibilityM)
        f.uvIndex = try obj.quantity("uv", { $0 }, Plausibility.uvIndex)
        f.precipMm = try obj.quantity("totalprecip_mm", { $0 }, Plausibility.precipMm)
        f.precipProbPct = try obj.quantity("daily_chance_of_rain", { $0 }, Plausibility.precipProbPct)
        f.snowfallCm = try obj.quantity("totalsnow_cm", { $0 }, Plausibility.snowfallCm)
        var p = PointValues()
        try condition(obj, into: &p)
        (f.condition, f.conditionCode, f.conditionText) = (p.condition, p.conditionCode, p.conditionText)
        return f
    }
}
