import WeatherCore

/// The records of one Tomorrow.io v4 reply: what every step shares (place, units, product,
/// issue time) and one method per kind of step. Each step is `{startTime | time, values}`.
struct TomorrowIOReader {
    static let provider = "tomorrowio"

    var product: String
    var latitude, longitude: Double
    var units: TomorrowIOUnits
    var unitsSource: UnitsSource
    var locationHint: String?
    var issued: Int64 = 0
    var issuedSource: IssueTimeSource = .ingestTime

    var assumption: String { units.assumption(unitsSource) }

    /// A step's instant (`startTime` in `/timelines`, `time` in `/weather/*`) and its values.
    static func step(_ item: Field) throws(DecodeFailure) -> (start: Int64, text: String, values: Field) {
        let obj = try item.object()
        let key = obj.optional("startTime") != nil ? "startTime" : "time"
        let field = try obj.required(key)
        return (try field.isoInstantValue(), try field.string(), try obj.required("values").object())
    }

    /// The values an instant has (current, minutes, hours); `suffix` reads a day's `Avg`.
    func point(_ v: Field, suffix: String = "") throws(DecodeFailure) -> PointValues {
        var p = PointValues()
        p.tempC = try v.quantity("temperature" + suffix, units.celsius, Plausibility.tempC, assumption: assumption)
        p.feelsLikeC = try v.quantity("temperatureApparent" + suffix, units.celsius, Plausibility.feelsLikeC, assumption: assumption)
        p.dewPointC = try v.quantity("dewPoint" + suffix, units.celsius, Plausibility.dewPointC, assumption: assumption)
        p.humidityPct = try v.quantity("humidity" + suffix, { $0 }, Plausibility.humidityPct)
        // Sea-level pressure only: `pressureSurfaceLevel` is at the ground (977 hPa at Lac Mann)
        // and not comparable with other providers' pressure.
        p.pressureHpa = try v.quantity("pressureSeaLevel" + suffix, units.hectopascals, Plausibility.pressureHpa, assumption: assumption)
        p.windSpeedMs = try v.quantity("windSpeed" + suffix, units.metresPerSecond, Plausibility.windSpeedMs, assumption: assumption)
        p.windDirDeg = try v.quantity("windDirection" + suffix, { $0 }, Plausibility.windDirDeg)
        if p.windDirDeg == nil, !suffix.isEmpty { p.windDirDeg = try v.quantity("windDirection", { $0 }, Plausibility.windDirDeg) }
        p.cloudCoverPct = try v.quantity("cloudCover" + suffix, { $0 }, Plausibility.cloudCoverPct)
        p.visibilityM = try v.quantity("visibility" + suffix, units.metres, Plausibility.visibilityM, assumption: assumption)
        let codeKey = suffix.isEmpty ? "weatherCode" : "weatherCodeMax"
        if let code = try v.optional(codeKey)?.integer() {
            p.condition = Condition.fromTomorrowIO(code: Int(code))
            p.conditionCode = String(code)
        }
        if suffix.isEmpty {
            p.windGustMs = try v.quantity("windGust", units.metresPerSecond, Plausibility.windGustMs, assumption: assumption)
            p.uvIndex = try v.quantity("uvIndex", { $0 }, Plausibility.uvIndex)
        } else {
            p.windGustMs = try v.quantity("windGustMax", units.metresPerSecond, Plausibility.windGustMs, assumption: assumption)
            p.uvIndex = try v.quantity("uvIndexMax", { $0 }, Plausibility.uvIndex)
        }
        return p
    }

    /// The liquid-equivalent precipitation rate: `precipitationIntensity` (`/timelines`), else
    /// the sum of the per-type intensities (`/weather/*`), which are liquid-equivalent too (Lac
    /// Mann: `snowIntensity` 8.8 mm/h beside 7.64 mm of `snowAccumulationLwe` in that hour, not
    /// the 95.98 mm of snow depth). `suffix` reads a day's `Avg`.
    func rate(_ v: Field, suffix: String = "") throws(DecodeFailure) -> Double? {
        if let r = try v.quantity("precipitationIntensity" + suffix, units.millimetres, Plausibility.precipRateMmh, assumption: assumption) { return r }
        var total: Double?
        for kind in ["rain", "snow", "sleet", "freezingRain"] {
            if let r = try v.quantity(kind + "Intensity" + suffix, units.millimetres, Plausibility.precipRateMmh, assumption: assumption) {
                total = (total ?? 0) + r
            }
        }
        return total
    }

    /// Liquid-equivalent precipitation over a step: rain plus the `Lwe` (liquid-water equivalent)
    /// of snow, sleet and ice — never `snowAccumulation`, which is snow depth. nil when the reply
    /// has no accumulation, or has snow without its water equivalent. `suffix`: `Sum` for days.
    func liquidAmount(_ v: Field, suffix: String = "") throws(DecodeFailure) -> Double? {
        func read(_ key: String) throws(DecodeFailure) -> Double? {
            try v.quantity(key + suffix, units.millimetres, Plausibility.precipMm, assumption: assumption)
        }
        var total = try read("rainAccumulationLwe")
        if total == nil { total = try read("rainAccumulation") }
        var anyDepthWithoutWater = false
        for kind in ["snow", "sleet", "ice"] {
            if let lwe = try read(kind + "AccumulationLwe") {
                total = (total ?? 0) + lwe
            } else if let depth = try read(kind + "Accumulation"), depth > 0 {
                anyDepthWithoutWater = true
            }
        }
        return anyDepthWithoutWater ? nil : total
    }

    func observation(_ start: Int64, _ v: Field) throws(DecodeFailure) -> Observation {
        var o = Observation(provider: Self.provider, product: product, observedAt: start, latitude: latitude, longitude: longitude)
        try point(v).apply(to: &o)
        o.precipRateMmh = try rate(v)
        o.declaredLocationID = locationHint
        o.unitsAssumed = units.rawValue
        o.unitsSource = unitsSource
        return o
    }

    func forecast(_ period: ForecastPeriod, _ from: Int64, _ to: Int64, at: Int64) -> Forecast {
        var f = Forecast(provider: Self.provider, product: product, latitude: latitude, longitude: longitude, issuedAt: issued,
                         issuedAtSource: issuedSource, period: period, validFrom: from, validTo: to, validAt: at)
        f.declaredLocationID = locationHint
        f.unitsAssumed = units.rawValue
        f.unitsSource = unitsSource
        return f
    }

    /// A minute's rate; its amount is that rate over the minute.
    func minute(_ start: Int64, _ v: Field) throws(DecodeFailure) -> Forecast {
        var f = forecast(.minute, start, start + 60, at: start)
        try point(v).apply(to: &f)
        f.precipRateMmh = try rate(v)
        f.precipMm = f.precipRateMmh.map { $0 / 60 }
        f.precipProbPct = try v.quantity("precipitationProbability", { $0 }, Plausibility.precipProbPct)
        return f
    }

    /// An hour from its start: amounts are that hour's (`*Accumulation`); a reply that sends
    /// only the rate gets rate × 1 h, flagged as an estimate (`precip_estimated`).
    func hour(_ start: Int64, _ v: Field) throws(DecodeFailure) -> Forecast {
        var f = forecast(.hour, start, start + 3600, at: start)
        try point(v).apply(to: &f)
        f.precipRateMmh = try rate(v)
        f.precipMm = try liquidAmount(v)
        if f.precipMm == nil, !Self.hasAccumulation(v, suffix: ""), let r = f.precipRateMmh {
            f.precipMm = r
            f.precipEstimated = true
        }
        f.snowfallCm = try v.quantity("snowAccumulation", units.snowCentimetres, Plausibility.snowfallCm, assumption: assumption)
        f.precipProbPct = try v.quantity("precipitationProbability", { $0 }, Plausibility.precipProbPct)
        return f
    }

    /// A Tomorrow.io day: 06:00 local to the next 06:00 (`dailyStartHour`), `[start, end)` as the
    /// forecast's own window — not a calendar day (the calendar pairing leaves it out as
    /// `day_window_not_local_day`; window pairing verifies it). The target date is the local date
    /// of the window's start: the UTC date of its local noon (`start + 6 h`), right for offsets
    /// within ±12 h (Sola, +11: a day starting 19:00Z on the 25th is the 26th), or the date in the
    /// offset the times are written in (`timezone=`).
    func day(_ start: Int64, end: Int64, text: String, _ v: Field) throws(DecodeFailure) -> Forecast {
        var f = forecast(.day, start, end, at: start + (end - start) / 2)
        f.targetDate = DayWindow.targetDate(middle: start + 6 * 3600, zone: nil, offset: Self.writtenOffset(text, instant: start))
        var p = try point(v, suffix: "Avg")
        p.tempC = nil
        p.feelsLikeC = nil
        p.apply(to: &f)
        f.tempMaxC = try v.quantity("temperatureMax", units.celsius, Plausibility.tempC, assumption: assumption)
        f.tempMinC = try v.quantity("temperatureMin", units.celsius, Plausibility.tempC, assumption: assumption)
        f.precipRateMmh = try rate(v, suffix: "Avg")
        // Only the `*Sum` amounts: a day's mean rate × 24 h is no estimate of its total (Orlando:
        // 0.06 in/h on average, 37 mm, at a 3 % chance).
        f.precipMm = try liquidAmount(v, suffix: "Sum")
        f.snowfallCm = try v.quantity("snowAccumulationSum", units.snowCentimetres, Plausibility.snowfallCm, assumption: assumption)
        f.precipProbPct = try v.quantity("precipitationProbabilityMax", { $0 }, Plausibility.precipProbPct)
        if f.precipProbPct == nil { f.precipProbPct = try v.quantity("precipitationProbabilityAvg", { $0 }, Plausibility.precipProbPct) }
        return f
    }

    static func hasAccumulation(_ v: Field, suffix: String) -> Bool {
        ["rain", "snow", "sleet", "ice"].contains { v.value[$0 + "Accumulation" + suffix] != nil || v.value[$0 + "AccumulationLwe" + suffix] != nil }
    }

    /// The UTC offset a time is written in (`2021-11-08T16:26:00-05:00` → −18000), nil for `Z`.
    static func writtenOffset(_ text: String, instant: Int64) -> Int? {
        guard !text.hasSuffix("Z"), text.count > 19, let wall = UTCTime.parseISO8601(String(text.prefix(19)), assumingOffset: 0) else { return nil }
        return Int(wall - instant)
    }
}
