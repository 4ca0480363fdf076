import WeatherCore

/// The records of one WeatherKit reply: what every point shares (place, units, issue time) and
/// one method per data set. Values are metric (`m`): km/h winds become m/s, snowfall mm → cm.
struct WeatherKitReader {
    var latitude, longitude: Double
    var units: WeatherKitUnits
    var unitsSource: UnitsSource
    var locationHint: String?
    var issued: Int64
    var issuedSource: IssueTimeSource

    /// The fields `currentWeather` and hourly points share.
    func point(_ obj: Field) throws(DecodeFailure) -> PointValues {
        var p = PointValues()
        p.tempC = try obj.quantity("temperature", { $0 }, Plausibility.tempC)
        p.feelsLikeC = try obj.quantity("temperatureApparent", { $0 }, Plausibility.feelsLikeC)
        p.dewPointC = try obj.quantity("temperatureDewPoint", { $0 }, Plausibility.dewPointC)
        p.humidityPct = try obj.fractionPercent("humidity")
        p.pressureHpa = try obj.quantity("pressure", { $0 }, Plausibility.pressureHpa)
        p.windSpeedMs = try obj.quantity("windSpeed", Convert.kmhToMs, Plausibility.windSpeedMs)
        p.windGustMs = try obj.quantity("windGust", Convert.kmhToMs, Plausibility.windGustMs)
        p.windDirDeg = try obj.quantity("windDirection", { $0 }, Plausibility.windDirDeg)
        p.cloudCoverPct = try obj.fractionPercent("cloudCover", Plausibility.cloudCoverPct)
        p.visibilityM = try obj.quantity("visibility", { $0 }, Plausibility.visibilityM)
        p.uvIndex = try obj.quantity("uvIndex", { $0 }, Plausibility.uvIndex)
        if let code = try obj.optionalString("conditionCode") {
            p.condition = Condition.fromWeatherKit(code: code)
            p.conditionCode = code
        }
        return p
    }

    /// `currentWeather` at `asOf`; its precipitation intensity is a rate, never an amount.
    func observation(_ current: Field) throws(DecodeFailure) -> Observation {
        guard let asOf = try current.isoInstant("asOf") else {
            throw DecodeFailure(.missingField, "required field 'currentWeather.asOf' is missing", fieldPath: "currentWeather.asOf")
        }
        var o = Observation(provider: "weatherkit", product: "weather", observedAt: asOf, latitude: latitude, longitude: longitude)
        try point(current).apply(to: &o)
        o.precipRateMmh = try current.quantity("precipitationIntensity", { $0 }, Plausibility.precipRateMmh)
        o.declaredLocationID = locationHint
        o.unitsAssumed = units.rawValue
        o.unitsSource = unitsSource
        return o
    }

    func forecast(_ period: ForecastPeriod, _ from: Int64, _ to: Int64) -> Forecast {
        var f = Forecast(provider: "weatherkit", product: "weather", latitude: latitude, longitude: longitude, issuedAt: issued,
                         issuedAtSource: issuedSource, period: period, validFrom: from, validTo: to, validAt: from)
        f.declaredLocationID = locationHint
        f.unitsAssumed = units.rawValue
        f.unitsSource = unitsSource
        return f
    }

    /// `forecastHourly.hours[]`: one hour from `forecastStart`.
    func hour(_ item: Field) throws(DecodeFailure) -> Forecast {
        let obj = try item.object()
        let start = try obj.requiredISOInstant("forecastStart")
        var f = forecast(.hour, start, start + 3600)
        try point(obj).apply(to: &f)
        f.precipMm = try obj.quantity("precipitationAmount", { $0 }, Plausibility.precipMm)
        f.precipRateMmh = try obj.quantity("precipitationIntensity", { $0 }, Plausibility.precipRateMmh)
        f.precipProbPct = try obj.fractionPercent("precipitationChance", Plausibility.precipProbPct)
        f.snowfallCm = try obj.quantity("snowfallAmount", { $0 / 10 }, Plausibility.snowfallCm)
        return f
    }

    /// `forecastDaily.days[]`: `forecastStart` is local midnight in UTC; bodies carry no zone,
    /// so the target date is that of the day's middle (the local date for offsets within ±12 h).
    func day(_ item: Field) throws(DecodeFailure) -> Forecast {
        let obj = try item.object()
        let start = try obj.requiredISOInstant("forecastStart")
        let end = try obj.isoInstant("forecastEnd") ?? start + 86400
        var f = forecast(.day, start, end)
        f.validAt = start + (end - start) / 2
        f.targetDate = DayWindow.targetDate(middle: f.validAt, zone: nil, offset: nil)
        f.tempMaxC = try obj.quantity("temperatureMax", { $0 }, Plausibility.tempC)
        f.tempMinC = try obj.quantity("temperatureMin", { $0 }, Plausibility.tempC)
        f.precipMm = try obj.quantity("precipitationAmount", { $0 }, Plausibility.precipMm)
        f.precipProbPct = try obj.fractionPercent("precipitationChance", Plausibility.precipProbPct)
        f.snowfallCm = try obj.quantity("snowfallAmount", { $0 / 10 }, Plausibility.snowfallCm)
        f.uvIndex = try obj.quantity("maxUvIndex", { $0 }, Plausibility.uvIndex)
        if let code = try obj.optionalString("conditionCode") {
            f.condition = Condition.fromWeatherKit(code: code)
            f.conditionCode = code
        }
        return f
    }

    /// `forecastNextHour.minutes[]`: a rate per minute; the amount is that rate over a minute.
    func minute(_ item: Field) throws(DecodeFailure) -> Forecast {
        let obj = try item.object()
        let start = try obj.requiredISOInstant("startTime")
        var f = forecast(.minute, start, start + 60)
        f.precipRateMmh = try obj.quantity("precipitationIntensity", { $0 }, Plausibility.precipRateMmh)
        f.precipMm = f.precipRateMmh.map { $0 / 60 }
        f.precipProbPct = try obj.fractionPercent("precipitationChance", Plausibility.precipProbPct)
        return f
    }
}
