import WeatherCore

/// The records of one Bright Sky reply: a `/weather` record as an observation or an hourly
/// forecast, and the `/current_weather` object as an observation.
struct BrightSkyReader {
    var units: BrightSkyUnits
    var unitsSource: UnitsSource
    var locationHint: String?
    var issued: Int64 = 0
    var issuedSource: IssueTimeSource = .ingestTime

    var assumption: String { units.assumption(unitsSource) }

    /// The values at the record's instant; `suffix` picks the 10-minute fields of `/current_weather`.
    func point(_ w: Field, suffix: String = "") throws(DecodeFailure) -> PointValues {
        var p = PointValues()
        p.tempC = try w.quantity("temperature", units.celsius, Plausibility.tempC, assumption: assumption)
        p.dewPointC = try w.quantity("dew_point", units.celsius, Plausibility.dewPointC, assumption: assumption)
        p.humidityPct = try w.quantity("relative_humidity", { $0 }, Plausibility.humidityPct)
        p.pressureHpa = try w.quantity("pressure_msl", units.hectopascals, Plausibility.pressureHpa, assumption: assumption)
        p.cloudCoverPct = try w.quantity("cloud_cover", { $0 }, Plausibility.cloudCoverPct)
        p.visibilityM = try w.quantity("visibility", { $0 }, Plausibility.visibilityM)
        p.windSpeedMs = try w.quantity("wind_speed" + suffix, units.metresPerSecond, Plausibility.windSpeedMs, assumption: assumption)
        p.windDirDeg = try w.quantity("wind_direction" + suffix, { $0 }, Plausibility.windDirDeg)
        p.windGustMs = try w.quantity("wind_gust_speed" + suffix, units.metresPerSecond, Plausibility.windGustMs, assumption: assumption)
        let condition = try w.optionalString("condition")
        let icon = try w.optionalString("icon")
        p.condition = Condition.fromBrightSky(condition: condition, icon: icon)
        p.conditionCode = condition
        p.conditionText = icon
        return p
    }

    func observation(at t: Int64, source: BrightSkyDecoder.Source) -> Observation {
        var o = Observation(provider: BrightSkyDecoder.provider, product: "weather", observedAt: t, latitude: source.latitude, longitude: source.longitude)
        o.stationID = source.stationID
        o.placeName = source.name
        o.declaredLocationID = locationHint
        o.unitsAssumed = units.rawValue
        o.unitsSource = unitsSource
        return o
    }

    /// A `/weather` record of an observation source: `precipitation` over the hour ending at T.
    func observation(_ w: Field, source: BrightSkyDecoder.Source) throws(DecodeFailure) -> Observation {
        let t = try w.requiredISOInstant("timestamp")
        var o = observation(at: t, source: source)
        try point(w).apply(to: &o)
        o.precipMm = try w.quantity("precipitation", { $0 }, Plausibility.precipMm)
        if o.precipMm != nil { o.precipWindowH = 1 }
        return o
    }

    /// `/current_weather`: 10-minute wind, the past hour's precipitation.
    func current(_ w: Field, source: BrightSkyDecoder.Source) throws(DecodeFailure) -> Observation {
        let t = try w.requiredISOInstant("timestamp")
        var o = observation(at: t, source: source)
        o.product = "current"
        try point(w, suffix: "_10").apply(to: &o)
        o.precipMm = try w.quantity("precipitation_60", { $0 }, Plausibility.precipMm)
        if o.precipMm != nil { o.precipWindowH = 1 }
        return o
    }

    /// A MOSMIX record: the hour `[T − 1 h, T)`, its point values at T.
    func hour(_ w: Field, source: BrightSkyDecoder.Source) throws(DecodeFailure) -> Forecast {
        let t = try w.requiredISOInstant("timestamp")
        var f = Forecast(provider: BrightSkyDecoder.provider, product: "weather", latitude: source.latitude, longitude: source.longitude,
                         issuedAt: issued, issuedAtSource: issuedSource, period: .hour, validFrom: t - 3600, validTo: t, validAt: t)
        try point(w).apply(to: &f)
        f.precipMm = try w.quantity("precipitation", { $0 }, Plausibility.precipMm)
        f.precipProbPct = try w.quantity("precipitation_probability", { $0 }, Plausibility.precipProbPct)
        f.declaredLocationID = locationHint
        f.unitsAssumed = units.rawValue
        f.unitsSource = unitsSource
        return f
    }
}
