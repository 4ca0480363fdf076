import WeatherCore

/// The records of one AccuWeather reply: what every record shares (place, issue time) and one
/// method per block (Current Conditions, an hour, a day with its `Day` and `Night` halves).
struct AccuWeatherReader {
    static let provider = "accuweather"

    var latitude, longitude: Double
    var locationHint: String?
    var issued: Int64 = 0
    var issuedSource: IssueTimeSource = .ingestTime

    /// An instant from its `Epoch*` UTC seconds (the ISO text when the epoch is absent), with
    /// the UTC offset the ISO text is written in (`2023-05-15T13:00:00+02:00` → 7200).
    static func instant(_ obj: Field, epoch: String, text: String) throws(DecodeFailure) -> (at: Int64, offset: Int?, text: String?) {
        let textField = obj.optional(text)
        let written = try textField?.string()
        let t: Int64
        if let e = try obj.instant(epoch) {
            t = e
        } else if let textField {
            t = try textField.isoInstantValue()
        } else {
            throw DecodeFailure(.missingField, "required field '\(obj.childPath(epoch))' is missing", fieldPath: obj.childPath(epoch))
        }
        return (t, written.flatMap { writtenOffset($0, instant: t) }, written)
    }

    /// The offset a local ISO time is written in; nil for `Z` or a text without one.
    static func writtenOffset(_ text: String, instant: Int64) -> Int? {
        guard !text.hasSuffix("Z"), text.utf8.count > 19,
              let wall = UTCTime.parseISO8601(String(text.prefix(19)), assumingOffset: 0) else { return nil }
        let offset = wall - instant
        return abs(offset) <= 14 * 3600 ? Int(offset) : nil
    }

    /// The values Current Conditions and hours share (`Wind.Speed`, `WindGust.Speed`, …).
    static func point(_ obj: Field, iconKey: String, phraseKey: String) throws(DecodeFailure) -> PointValues {
        var p = PointValues()
        p.tempC = try obj.accuWeather("Temperature", .temperature, Plausibility.tempC)
        // RealFeel is AccuWeather's own feels-like (`ApparentTemperature` is a heat-index-like
        // figure that can exceed the air temperature on a cool day: 16.7 beside 13.4 °C).
        p.feelsLikeC = try obj.accuWeather("RealFeelTemperature", .temperature, Plausibility.feelsLikeC)
        p.dewPointC = try obj.accuWeather("DewPoint", .temperature, Plausibility.dewPointC)
        p.humidityPct = try obj.quantity("RelativeHumidity", { $0 }, Plausibility.humidityPct)
        p.cloudCoverPct = try obj.quantity("CloudCover", { $0 }, Plausibility.cloudCoverPct)
        p.uvIndex = try obj.quantity("UVIndex", { $0 }, Plausibility.uvIndex)
        p.visibilityM = try obj.accuWeather("Visibility", .distance, Plausibility.visibilityM)
        p.pressureHpa = try obj.accuWeather("Pressure", .pressure, Plausibility.pressureHpa)
        try wind(obj, into: &p)
        try condition(obj, iconKey: iconKey, phraseKey: phraseKey, into: &p)
        return p
    }

    static func wind(_ obj: Field, into p: inout PointValues) throws(DecodeFailure) {
        if let wind = try obj.optional("Wind")?.object() {
            p.windSpeedMs = try wind.accuWeather("Speed", .speed, Plausibility.windSpeedMs)
            p.windDirDeg = try wind.optional("Direction")?.object().quantity("Degrees", { $0 }, Plausibility.windDirDeg)
        }
        p.windGustMs = try obj.optional("WindGust")?.object().accuWeather("Speed", .speed, Plausibility.windGustMs)
    }

    static func condition(_ obj: Field, iconKey: String, phraseKey: String, into p: inout PointValues) throws(DecodeFailure) {
        if let icon = try obj.optional(iconKey)?.integer() {
            p.condition = Condition.fromAccuWeather(icon: Int(icon))
            p.conditionCode = String(icon)
        }
        p.conditionText = try obj.optionalString(phraseKey)
    }

    /// `/currentconditions/v1/{key}`: an observation at `EpochTime`, `Metric` values, the past
    /// hour's precipitation (`PrecipitationSummary.PastHour`, else `Precip1hr`) over 1 h.
    func current(_ item: Field) throws(DecodeFailure) -> Observation {
        let obj = try item.object()
        let (t, offset, _) = try Self.instant(obj, epoch: "EpochTime", text: "LocalObservationDateTime")
        var o = Observation(provider: Self.provider, product: "current", observedAt: t, latitude: latitude, longitude: longitude)
        try Self.point(obj, iconKey: "WeatherIcon", phraseKey: "WeatherText").apply(to: &o)
        var pastHour = try obj.optional("PrecipitationSummary")?.object().accuWeather("PastHour", .liquid, Plausibility.precipMm)
        if pastHour == nil { pastHour = try obj.accuWeather("Precip1hr", .liquid, Plausibility.precipMm) }
        if let pastHour {
            o.precipMm = pastHour
            o.precipWindowH = 1
        }
        o.utcOffsetSeconds = offset
        o.declaredLocationID = locationHint
        o.unitsAssumed = "metric"
        o.unitsSource = .unitsBlock
        return o
    }

    func forecast(_ product: String, _ period: ForecastPeriod, _ from: Int64, _ to: Int64, at: Int64) -> Forecast {
        var f = Forecast(provider: Self.provider, product: product, latitude: latitude, longitude: longitude, issuedAt: issued,
                         issuedAtSource: issuedSource, period: period, validFrom: from, validTo: to, validAt: at)
        f.declaredLocationID = locationHint
        f.unitsSource = .unitsBlock
        return f
    }

    /// `/forecasts/v1/hourly/{N}hour/{key}`: the hour starting at `EpochDateTime`; `TotalLiquid`
    /// (rain + snow and ice as water) and `Snow` (depth, cm or in) are that hour's amounts.
    func hour(_ item: Field) throws(DecodeFailure) -> (Forecast, offset: Int?) {
        let obj = try item.object()
        let (t, offset, _) = try Self.instant(obj, epoch: "EpochDateTime", text: "DateTime")
        var f = forecast("hourly", .hour, t, t + 3600, at: t)
        try Self.point(obj, iconKey: "WeatherIcon", phraseKey: "IconPhrase").apply(to: &f)
        f.precipMm = try obj.accuWeather("TotalLiquid", .liquid, Plausibility.precipMm)
        f.snowfallCm = try obj.accuWeather("Snow", .snow, Plausibility.snowfallCm)
        f.precipProbPct = try obj.quantity("PrecipitationProbability", { $0 }, Plausibility.precipProbPct)
        f.unitsAssumed = AccuWeatherUnits.system(temperatureUnit: obj.accuWeatherUnit("Temperature"))
        return (f, offset)
    }

    /// One `DailyForecasts[]` entry, `[start, end)` from its 07:00 local `EpochDate` to the next
    /// day's: the day record (the day's `Temperature` extremes, the halves' amounts summed) and
    /// the `Day` (07–19) and `Night` (19–07) halves as 12-hour window forecasts with their own
    /// amounts, probabilities, wind and sky. All three are for the local date of `Date`.
    func day(_ item: Field, end: Int64?) throws(DecodeFailure) -> (records: [Forecast], offset: Int?) {
        let obj = try item.object()
        let (start, offset, text) = try Self.instant(obj, epoch: "EpochDate", text: "Date")
        let stop = end ?? start + 86400
        let date = try Self.localDate(obj, text: text, instant: start, offset: offset)
        var day = forecast("daily", .day, start, stop, at: start + (stop - start) / 2)
        day.targetDate = date
        if stop - start != 86400 { day.periodHours = Double(stop - start) / 3600 }
        if let temperature = try obj.optional("Temperature")?.object() {
            day.tempMaxC = try temperature.accuWeather("Maximum", .temperature, Plausibility.tempC)
            day.tempMinC = try temperature.accuWeather("Minimum", .temperature, Plausibility.tempC)
            day.unitsAssumed = AccuWeatherUnits.system(temperatureUnit: temperature.accuWeatherUnit("Maximum"))
        }
        let dayHalf = try obj.optional("Day")?.object()
        let nightHalf = try obj.optional("Night")?.object()
        var records: [Forecast] = []
        var halves: [Forecast] = []
        for (half, from, to) in [(dayHalf, start, start + 12 * 3600), (nightHalf, start + 12 * 3600, stop)] {
            guard let half, to > from else { continue }
            var f = forecast("daily", .halfDay, from, to, at: from + (to - from) / 2)
            f.targetDate = date
            if to - from != 12 * 3600 { f.periodHours = Double(to - from) / 3600 }
            var p = PointValues()
            try Self.wind(half, into: &p)
            try Self.condition(half, iconKey: "Icon", phraseKey: "IconPhrase", into: &p)
            p.cloudCoverPct = try half.quantity("CloudCover", { $0 }, Plausibility.cloudCoverPct)
            p.apply(to: &f)
            f.precipMm = try half.accuWeather("TotalLiquid", .liquid, Plausibility.precipMm)
            f.snowfallCm = try half.accuWeather("Snow", .snow, Plausibility.snowfallCm)
            f.precipProbPct = try half.quantity("PrecipitationProbability", { $0 }, Plausibility.precipProbPct)
            f.unitsAssumed = day.unitsAssumed
            halves.append(f)
        }
        // The day's amounts are the two halves' (07:00 to 07:00), only when both are known. No
        // probability for the whole day: AccuWeather gives none, and the halves' larger one
        // would understate it.
        if halves.count == 2, let a = halves[0].precipMm, let b = halves[1].precipMm { day.precipMm = a + b }
        if halves.count == 2, let a = halves[0].snowfallCm, let b = halves[1].snowfallCm { day.snowfallCm = a + b }
        if let first = halves.first, first.validFrom == start {
            day.condition = first.condition; day.conditionCode = first.conditionCode; day.conditionText = first.conditionText
        }
        records.append(day)
        records += halves
        return (records, offset)
    }

    /// The local date of a day's `Date` ("2023-05-15T07:00:00+02:00" → "2023-05-15"), checked to
    /// be a calendar date; without the text, the date of the epoch in the offset it is written in.
    static func localDate(_ obj: Field, text: String?, instant: Int64, offset: Int?) throws(DecodeFailure) -> String {
        guard let text else { return UTCTime.date(instant, offset: offset ?? 0) }
        let date = String(text.prefix(10))
        guard date.utf8.count == 10, UTCTime.parseISO8601(date + "T00:00:00Z") != nil else {
            throw DecodeFailure(.wrongType, "field '\(obj.childPath("Date"))' is not a local date and time: \(Sanitize.printable(String(text.prefix(40))))",
                                fieldPath: obj.childPath("Date"))
        }
        return date
    }
}
