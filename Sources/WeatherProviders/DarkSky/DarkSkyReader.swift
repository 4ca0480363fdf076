import WeatherCore

/// The records of one Dark Sky reply: what every data point shares (place, units, product,
/// issue time) and one method per kind of point.
struct DarkSkyReader {
    /// `darksky`, or the service answering in Dark Sky's format (`DarkSkyDialect.provider`).
    var provider: String
    var latitude, longitude: Double
    var zone: String?
    var offset: Int?
    var units: DarkSkyUnits
    var unitsSource: UnitsSource
    var product: String
    var locationHint: String?
    var issued: Int64 = 0
    var issuedSource: IssueTimeSource = .ingestTime

    var assumption: String {
        "units: \(units.rawValue) from " + (unitsSource == .default ? "the API default (no flags.units)" : "flags.units")
    }

    /// The fields every data point may have (currently, minutely, hourly, daily).
    func point(_ obj: Field) throws(DecodeFailure) -> PointValues {
        var p = PointValues()
        p.tempC = try obj.quantity("temperature", units.celsius, Plausibility.tempC, assumption: assumption)
        p.feelsLikeC = try obj.quantity("apparentTemperature", units.celsius, Plausibility.feelsLikeC, assumption: assumption)
        p.dewPointC = try obj.quantity("dewPoint", units.celsius, Plausibility.dewPointC, assumption: assumption)
        p.humidityPct = try obj.fractionPercent("humidity")
        p.pressureHpa = try obj.quantity("pressure", { $0 }, Plausibility.pressureHpa)
        p.windSpeedMs = try obj.quantity("windSpeed", units.metresPerSecond, Plausibility.windSpeedMs, assumption: assumption)
        p.windGustMs = try obj.quantity("windGust", units.metresPerSecond, Plausibility.windGustMs, assumption: assumption)
        p.windDirDeg = try obj.quantity("windBearing", { $0 }, Plausibility.windDirDeg)
        p.cloudCoverPct = try obj.fractionPercent("cloudCover", Plausibility.cloudCoverPct)
        p.visibilityM = try obj.quantity("visibility", units.metres, Plausibility.visibilityM)
        p.uvIndex = try obj.quantity("uvIndex", { $0 }, Plausibility.uvIndex)
        if let icon = try obj.optionalString("icon") {
            p.condition = Condition.fromDarkSky(icon: icon)
            p.conditionCode = icon
        }
        p.conditionText = try obj.optionalString("summary")
        return p
    }

    /// `currently`, or an hourly point of a Time Machine day.
    func observation(_ item: Field) throws(DecodeFailure) -> Observation {
        let obj = try item.object()
        let t = try obj.requiredInstant("time")
        var o = Observation(provider: provider, product: product, observedAt: t, latitude: latitude, longitude: longitude)
        try point(obj).apply(to: &o)
        o.precipRateMmh = try obj.quantity("precipIntensity", units.mmPerHour, Plausibility.precipRateMmh)
        o.declaredLocationID = locationHint
        o.timeZone = zone
        o.utcOffsetSeconds = offset
        o.unitsAssumed = units.rawValue
        o.unitsSource = unitsSource
        return o
    }

    func forecast(_ period: ForecastPeriod, _ from: Int64, _ to: Int64, at: Int64) -> Forecast {
        var f = Forecast(provider: provider, product: product, latitude: latitude, longitude: longitude, issuedAt: issued,
                         issuedAtSource: issuedSource, period: period, validFrom: from, validTo: to, validAt: at)
        f.declaredLocationID = locationHint
        f.unitsAssumed = units.rawValue
        f.unitsSource = unitsSource
        return f
    }

    /// A minute's rate; its amount is the rate over one minute.
    func minute(_ item: Field) throws(DecodeFailure) -> Forecast {
        let obj = try item.object()
        let t = try obj.requiredInstant("time")
        var f = forecast(.minute, t, t + 60, at: t)
        f.precipRateMmh = try obj.quantity("precipIntensity", units.mmPerHour, Plausibility.precipRateMmh)
        f.precipMm = f.precipRateMmh.map { $0 / 60 }
        f.precipProbPct = try obj.fractionPercent("precipProbability", Plausibility.precipProbPct)
        return f
    }

    func hour(_ item: Field) throws(DecodeFailure) -> Forecast {
        let obj = try item.object()
        let t = try obj.requiredInstant("time")
        var f = forecast(.hour, t, t + 3600, at: t)
        try point(obj).apply(to: &f)
        f.precipRateMmh = try obj.quantity("precipIntensity", units.mmPerHour, Plausibility.precipRateMmh)
        f.precipMm = f.precipRateMmh  // a rate over one hour is that hour's amount
        f.precipProbPct = try obj.fractionPercent("precipProbability", Plausibility.precipProbPct)
        f.snowfallCm = try obj.quantity("precipAccumulation", units.snowCm, Plausibility.snowfallCm)
        return f
    }

    /// A local day: `time` is local midnight, so the day's date is that of its middle in the
    /// IANA zone (the single `offset` is wrong across a DST change). The daily rate × 24 h is
    /// only an estimate of the day's amount.
    func day(_ item: Field) throws(DecodeFailure) -> Forecast {
        let obj = try item.object()
        let t = try obj.requiredInstant("time")
        let date = DayWindow.targetDate(middle: t + 12 * 3600, zone: zone, offset: offset)
        let window = try DayWindow.bounds(of: date, zone: zone, offset: offset, fieldPath: item.path + ".time")
        var f = forecast(.day, window.from, window.to, at: t)
        f.targetDate = date
        try point(obj).apply(to: &f)
        f.tempMaxC = try obj.quantity("temperatureMax", units.celsius, Plausibility.tempC, assumption: assumption)
        f.tempMinC = try obj.quantity("temperatureMin", units.celsius, Plausibility.tempC, assumption: assumption)
        f.precipRateMmh = try obj.quantity("precipIntensity", units.mmPerHour, Plausibility.precipRateMmh)
        if let rate = f.precipRateMmh {
            f.precipMm = rate * 24
            f.precipEstimated = true
        }
        f.precipProbPct = try obj.fractionPercent("precipProbability", Plausibility.precipProbPct)
        f.snowfallCm = try obj.quantity("precipAccumulation", units.snowCm, Plausibility.snowfallCm)
        return f
    }
}
