import WeatherCore

/// The records of one Visual Crossing Timeline reply: what every row shares (place, zone, unit
/// group, issue time) and one method per kind of row. Instants are the rows' `datetimeEpoch`
/// (UTC seconds), never the local `datetime` strings.
struct VisualCrossingReader {
    static let provider = "visualcrossing"
    static let product = "timeline"

    var latitude, longitude: Double
    var zone: String?
    var offset: Int?
    var units: VisualCrossingUnits
    var unitsSource: UnitsSource
    var locationHint: String?
    var issued: Int64
    var issuedSource: IssueTimeSource

    var assumption: String { units.assumption(unitsSource) }

    /// The fields hours and `currentConditions` share; days use them but their `temp` and
    /// `feelslike`, which are day means, not values at an instant.
    func point(_ obj: Field, instant: Bool = true) throws(DecodeFailure) -> PointValues {
        var p = PointValues()
        if instant {
            p.tempC = try obj.quantity("temp", units.celsius, Plausibility.tempC, assumption: assumption)
            p.feelsLikeC = try obj.quantity("feelslike", units.celsius, Plausibility.feelsLikeC, assumption: assumption)
        }
        p.dewPointC = try obj.quantity("dew", units.celsius, Plausibility.dewPointC, assumption: assumption)
        p.humidityPct = try obj.quantity("humidity", { $0 }, Plausibility.humidityPct)
        p.pressureHpa = try obj.quantity("pressure", { $0 }, Plausibility.pressureHpa)
        p.windSpeedMs = try obj.quantity("windspeed", units.metresPerSecond, Plausibility.windSpeedMs, assumption: assumption)
        p.windGustMs = try obj.quantity("windgust", units.metresPerSecond, Plausibility.windGustMs, assumption: assumption)
        p.windDirDeg = try obj.quantity("winddir", { $0 }, Plausibility.windDirDeg)
        p.cloudCoverPct = try obj.quantity("cloudcover", { $0 }, Plausibility.cloudCoverPct)
        p.visibilityM = try obj.quantity("visibility", units.metres, Plausibility.visibilityM, assumption: assumption)
        p.uvIndex = try obj.quantity("uvindex", { $0 }, Plausibility.uvIndex)
        if let icon = try obj.optionalString("icon") {
            p.condition = Condition.fromVisualCrossing(icon: icon)
            p.conditionCode = icon
        }
        p.conditionText = try obj.optionalString("conditions")
        return p
    }

    /// An `obs` hour or `currentConditions`: what was measured at `datetimeEpoch`. `precip` is
    /// the hour's total, kept as the hour up to that instant, as station hours report it.
    func observation(_ obj: Field, hourly: Bool) throws(DecodeFailure) -> Observation {
        let t = try obj.requiredInstant("datetimeEpoch")
        var o = Observation(provider: Self.provider, product: Self.product, observedAt: t, latitude: latitude, longitude: longitude)
        try point(obj).apply(to: &o)
        if hourly, let mm = try obj.quantity("precip", units.millimetres, Plausibility.precipMm, assumption: assumption) {
            o.precipMm = mm
            o.precipWindowH = 1
        }
        o.sunriseAt = try obj.instant("sunriseEpoch")
        o.sunsetAt = try obj.instant("sunsetEpoch")
        o.declaredLocationID = locationHint
        o.timeZone = zone
        o.utcOffsetSeconds = offset
        o.unitsAssumed = units.rawValue
        o.unitsSource = unitsSource
        return o
    }

    func forecast(_ period: ForecastPeriod, _ from: Int64, _ to: Int64, at: Int64) -> Forecast {
        var f = Forecast(provider: Self.provider, product: Self.product, latitude: latitude, longitude: longitude, issuedAt: issued,
                         issuedAtSource: issuedSource, period: period, validFrom: from, validTo: to, validAt: at)
        f.declaredLocationID = locationHint
        f.unitsAssumed = units.rawValue
        f.unitsSource = unitsSource
        return f
    }

    /// The amounts and chance every forecast row has: `precip` over the row's period, `snow`
    /// (snowfall depth) over it, `precipprob` 0–100.
    func amounts(_ obj: Field, into f: inout Forecast) throws(DecodeFailure) {
        f.precipMm = try obj.quantity("precip", units.millimetres, Plausibility.precipMm, assumption: assumption)
        f.snowfallCm = try obj.quantity("snow", units.centimetres, Plausibility.snowfallCm, assumption: assumption)
        f.precipProbPct = try obj.quantity("precipprob", { $0 }, Plausibility.precipProbPct)
    }

    /// A `fcst` hour: `[datetimeEpoch, +1 h]`.
    func hour(_ obj: Field) throws(DecodeFailure) -> Forecast {
        let t = try obj.requiredInstant("datetimeEpoch")
        var f = forecast(.hour, t, t + 3600, at: t)
        try point(obj).apply(to: &f)
        try amounts(obj, into: &f)
        return f
    }

    /// A `fcst` day: its `datetimeEpoch` is local midnight; the day's date is that of its middle
    /// in the IANA `timezone` (`tzoffset` is the offset of the request time only, wrong across a
    /// DST change), its window that local day (23 or 25 hours across DST).
    func day(_ obj: Field) throws(DecodeFailure) -> Forecast {
        let t = try obj.requiredInstant("datetimeEpoch")
        let date = DayWindow.targetDate(middle: t + 12 * 3600, zone: zone, offset: offset)
        let window = try DayWindow.bounds(of: date, zone: zone, offset: offset, fieldPath: obj.path + ".datetimeEpoch")
        var f = forecast(.day, window.from, window.to, at: window.from + (window.to - window.from) / 2)
        f.targetDate = date
        try point(obj, instant: false).apply(to: &f)
        f.tempMaxC = try obj.quantity("tempmax", units.celsius, Plausibility.tempC, assumption: assumption)
        f.tempMinC = try obj.quantity("tempmin", units.celsius, Plausibility.tempC, assumption: assumption)
        try amounts(obj, into: &f)
        return f
    }
}
