import WeatherCore

/// The records of one site-specific reply: hourly and three-hourly steps as windows ending at
/// `time`, daily steps as a local day and its two 12-hour halves.
struct MetOfficeReader {
    /// The daily steps' "local" day, midday and midnight are UK time: the reply has no zone.
    static let dailyZone = "Europe/London"

    var latitude, longitude: Double
    var issued: Int64
    var issuedSource: IssueTimeSource
    /// `.unitsBlock` when the reply carries its `parameters` (units per field), else `.default`.
    var unitsSource: UnitsSource
    var locationHint: String?
    var warnings: [String] = []

    func forecast(_ period: ForecastPeriod, from: Int64, to: Int64, at: Int64? = nil) -> Forecast {
        var f = Forecast(provider: MetOfficeDecoder.provider, product: MetOfficeDecoder.product, latitude: latitude, longitude: longitude,
                         issuedAt: issued, issuedAtSource: issuedSource, period: period, validFrom: from, validTo: to, validAt: at)
        f.declaredLocationID = locationHint
        f.unitsAssumed = "si"
        f.unitsSource = unitsSource
        return f
    }

    /// A "YYYY-MM-DDTHH:MMZ" instant.
    static func time(_ step: Field) throws(DecodeFailure) -> (Int64, String) {
        let field = try step.required("time")
        return (try field.isoInstantValue(), try field.string())
    }

    /// An hourly or three-hourly step: instant values at `time`; the amounts and the max/min
    /// temperatures and gust are over the `hours` before it, so the window is `[time − hours, time]`.
    /// `totalSnowAmount` is not read: the reply does not say whether its mm are snow depth or
    /// water equivalent.
    func step(_ s: Field, hours: Int64) throws(DecodeFailure) -> Forecast {
        let (t, _) = try Self.time(s)
        var f = forecast(hours == 1 ? .hour : .threeHours, from: t - hours * 3600, to: t, at: t)
        f.tempC = try s.quantity("screenTemperature", { $0 }, Plausibility.tempC)
        f.tempMaxC = try s.quantity("maxScreenAirTemp", { $0 }, Plausibility.tempC)
        f.tempMinC = try s.quantity("minScreenAirTemp", { $0 }, Plausibility.tempC)
        f.feelsLikeC = try s.quantity(hours == 1 ? "feelsLikeTemperature" : "feelsLikeTemp", { $0 }, Plausibility.feelsLikeC)
        f.dewPointC = try s.quantity("screenDewPointTemperature", { $0 }, Plausibility.dewPointC)
        f.humidityPct = try s.quantity("screenRelativeHumidity", { $0 }, Plausibility.humidityPct)
        f.pressureHpa = try s.quantity("mslp", Convert.paToHPa, Plausibility.pressureHpa, assumption: "mslp in Pa")
        f.windSpeedMs = try s.quantity("windSpeed10m", { $0 }, Plausibility.windSpeedMs)
        f.windDirDeg = try s.quantity("windDirectionFrom10m", { $0 }, Plausibility.windDirDeg)
        // The strongest gust of the window, else the gust at `time`.
        f.windGustMs = try s.quantity("max10mWindGust", { $0 }, Plausibility.windGustMs)
        if f.windGustMs == nil { f.windGustMs = try s.quantity("windGustSpeed10m", { $0 }, Plausibility.windGustMs) }
        f.visibilityM = try s.quantity("visibility", { $0 }, Plausibility.visibilityM)
        f.uvIndex = try s.quantity("uvIndex", { $0 }, Plausibility.uvIndex)
        f.precipMm = try s.quantity("totalPrecipAmount", { $0 }, Plausibility.precipMm)
        f.precipRateMmh = try s.quantity("precipitationRate", { $0 }, Plausibility.precipRateMmh)
        f.precipProbPct = try s.quantity("probOfPrecipitation", { $0 }, Plausibility.precipProbPct)
        try Self.condition(s, "significantWeatherCode", into: &f)
        return f
    }

    /// A daily step, `time` "YYYY-MM-DDT00:00Z" naming the UK date D:
    /// - a `day` forecast over D (local midnight to midnight) with `dayMaxScreenTemperature` as
    ///   its high and `maxUvIndex`; no low: the night's minimum falls after D's end;
    /// - a 12-hour `day` half, 06:00–18:00, with the high, the day's PoP, weather code, feels-like
    ///   maximum and the `midday*` values (wind, gust, humidity, pressure, visibility);
    /// - a 12-hour `night` half, 18:00–06:00 of D+1, with `nightMinScreenTemperature` as its low
    ///   and the `midnight*` values.
    /// A half without its temperature (yesterday's day half, absent in the first step) is left out.
    mutating func day(_ s: Field) throws(DecodeFailure) -> [Forecast] {
        let dateField = try s.required("time")
        let (_, text) = try Self.time(s)
        let date = String(text.prefix(10))
        let window = try DayWindow.bounds(of: date, zone: Self.dailyZone, offset: nil, fieldPath: dateField.path)
        var out: [Forecast] = []
        if let high = try s.quantity("dayMaxScreenTemperature", { $0 }, Plausibility.tempC) {
            var d = forecast(.day, from: window.from, to: window.to, at: window.from + (window.to - window.from) / 2)
            d.targetDate = date
            d.tempMaxC = high
            d.uvIndex = try s.quantity("maxUvIndex", { $0 }, Plausibility.uvIndex)
            out.append(d)
            var h = try half(s, date: date, startHour: 6, prefix: "day", instant: "midday")
            h.tempMaxC = high
            h.feelsLikeC = try s.quantity("dayMaxFeelsLikeTemp", { $0 }, Plausibility.feelsLikeC)
            h.uvIndex = d.uvIndex
            out.append(h)
        }
        if let low = try s.quantity("nightMinScreenTemperature", { $0 }, Plausibility.tempC) {
            var h = try half(s, date: date, startHour: 18, prefix: "night", instant: "midnight")
            h.tempMinC = low
            h.feelsLikeC = try s.quantity("nightMinFeelsLikeTemp", { $0 }, Plausibility.feelsLikeC)
            out.append(h)
        }
        return out
    }

    /// A 12-hour half from `startHour` local (UK) on `date`, with that half's PoP and weather code
    /// and the values at its middle (`midday*` or `midnight*`).
    func half(_ s: Field, date: String, startHour: Int64, prefix: String, instant: String) throws(DecodeFailure) -> Forecast {
        guard let midnightWall = UTCTime.parseISO8601(date + "T00:00:00Z"),
              let from = LocalTime.utc(fromWallClock: midnightWall + startHour * 3600, zone: Self.dailyZone),
              let to = LocalTime.utc(fromWallClock: midnightWall + (startHour + 12) * 3600, zone: Self.dailyZone) else {
            throw DecodeFailure(.wrongType, "\(Sanitize.printable(date)) is not a date (YYYY-MM-DD)", fieldPath: s.childPath("time"))
        }
        var f = forecast(.halfDay, from: from, to: to)
        f.targetDate = date
        f.periodHours = Double(to - from) / 3600
        f.precipProbPct = try s.quantity(prefix + "ProbabilityOfPrecipitation", { $0 }, Plausibility.precipProbPct)
        f.windSpeedMs = try s.quantity(instant + "10MWindSpeed", { $0 }, Plausibility.windSpeedMs)
        f.windDirDeg = try s.quantity(instant + "10MWindDirection", { $0 }, Plausibility.windDirDeg)
        f.windGustMs = try s.quantity(instant + "10MWindGust", { $0 }, Plausibility.windGustMs)
        f.humidityPct = try s.quantity(instant + "RelativeHumidity", { $0 }, Plausibility.humidityPct)
        f.pressureHpa = try s.quantity(instant + "Mslp", Convert.paToHPa, Plausibility.pressureHpa, assumption: "mslp in Pa")
        f.visibilityM = try s.quantity(instant + "Visibility", { $0 }, Plausibility.visibilityM)
        try Self.condition(s, prefix + "SignificantWeatherCode", into: &f)
        return f
    }

    static func condition(_ s: Field, _ key: String, into f: inout Forecast) throws(DecodeFailure) {
        guard let code = try s.optional(key)?.integer() else { return }
        f.condition = Condition.fromMetOffice(code: Int(code))
        f.conditionCode = String(code)
    }
}
