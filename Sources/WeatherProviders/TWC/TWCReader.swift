import WeatherCore

/// The records of one Weather Company v3 reply: what they share (place, units, issue time) and
/// the columnar daily reply read by index.
struct TWCReader {
    var latitude, longitude: Double
    var units: TWCUnits
    var unitsSource: UnitsSource
    var locationHint: String?
    var issued: Int64 = 0
    var issuedSource: IssueTimeSource = .ingestTime
    /// The UTC offset of the first day's `validTimeLocal`, for the place.
    var firstOffset: Int?

    var assumption: String { units.assumption(unitsSource) }

    /// Element `k` of the column `key`, nil when the column is absent, too short or null there.
    static func element(_ columns: Field, _ key: String, _ k: Int) throws(DecodeFailure) -> Field? {
        guard let column = columns.optional(key) else { return nil }
        let items = try column.array()
        guard k < items.count, !items[k].value.isNull else { return nil }
        return items[k]
    }

    func number(_ columns: Field, _ key: String, _ k: Int, _ convert: (Double) -> Double = { $0 },
                _ range: Plausibility.Range, converted: Bool = false) throws(DecodeFailure) -> Double? {
        guard let f = try Self.element(columns, key, k) else { return nil }
        return try f.quantityValue(convert, range, assumption: converted ? assumption : nil)
    }

    /// A "…+HHMM" local time's offset in seconds.
    static func offset(_ field: Field) throws(DecodeFailure) -> (date: String, offset: Int) {
        let text = try field.string()
        let tail = Array(text.suffix(5))
        guard text.utf8.count >= 15, tail.count == 5, tail[0] == "+" || tail[0] == "-",
              let h = Int(String(tail[1...2])), let m = Int(String(tail[3...4])) else {
            throw DecodeFailure(.wrongType, "field '\(field.path)' is not a local time \"YYYY-MM-DDTHH:MM:SS+HHMM\": "
                                + Sanitize.printable(String(text.prefix(30))), fieldPath: field.path)
        }
        return (String(text.prefix(10)), (tail[0] == "-" ? -1 : 1) * (h * 3600 + m * 60))
    }

    func forecast(_ period: ForecastPeriod, from: Int64, to: Int64) -> Forecast {
        var f = Forecast(provider: TWCDecoder.provider, product: "daily", latitude: latitude, longitude: longitude,
                         issuedAt: issued, issuedAtSource: issuedSource, period: period, validFrom: from, validTo: to,
                         validAt: from + (to - from) / 2)
        f.declaredLocationID = locationHint
        f.unitsAssumed = units.rawValue
        f.unitsSource = unitsSource
        return f
    }

    /// The daily reply: per day *i* a calendar-day forecast (when `calendarDay*` are there) and
    /// its day and night segments.
    mutating func daily(_ body: Field) throws(DecodeFailure) -> [Forecast] {
        let starts = try body.required("validTimeUtc").array()
        let locals = try body.required("validTimeLocal").array()
        guard locals.count == starts.count else {
            throw DecodeFailure(.wrongType, "field 'validTimeLocal' has \(locals.count) days, validTimeUtc \(starts.count)", fieldPath: "validTimeLocal")
        }
        var days: [(start: Int64, date: String, offset: Int, field: Field)] = []
        for (k, s) in starts.enumerated() {
            let t = try s.integer()
            try s.checkInstant(t)
            let (date, offset) = try Self.offset(locals[k])
            days.append((t, date, offset, locals[k]))
        }
        firstOffset = days.first?.offset
        var out: [Forecast] = []
        for (i, day) in days.enumerated() {
            let high = try number(body, "calendarDayTemperatureMax", i, units.celsius, Plausibility.tempC, converted: true)
            let low = try number(body, "calendarDayTemperatureMin", i, units.celsius, Plausibility.tempC, converted: true)
            guard high != nil || low != nil else { continue }
            // Local midnight at the offset in force then: the previous day's 07:00 offset for the
            // start (clocks change in the small hours), this day's for the end.
            let from = try DayWindow.bounds(of: day.date, zone: nil, offset: i > 0 ? days[i - 1].offset : day.offset, fieldPath: day.field.path).from
            let to = try DayWindow.bounds(of: day.date, zone: nil, offset: day.offset, fieldPath: day.field.path).to
            var f = forecast(.day, from: from, to: to)
            f.targetDate = day.date
            f.tempMaxC = high
            f.tempMinC = low
            out.append(f)
        }
        if let parts = try body.optional("daypart")?.array().first {
            let dp = try parts.object()
            let kinds = try dp.required("dayOrNight").array()
            for (k, kind) in kinds.enumerated() where !kind.value.isNull {
                let i = k / 2
                guard i < days.count else { break }
                let text = try kind.string()
                guard text == (k % 2 == 0 ? "D" : "N") else {
                    throw DecodeFailure(.wrongType, "field '\(kind.path)' is \(Sanitize.printable(String(text.prefix(5)))), but index \(k) is a "
                                        + (k % 2 == 0 ? "day (D)" : "night (N)") + " segment", fieldPath: kind.path)
                }
                out.append(try segment(dp, k, day: days[i], next: i + 1 < days.count ? days[i + 1].start : nil))
            }
        }
        return out
    }

    /// Segment `k`: the day (07:00–19:00 local) or the night (19:00 to the next day's 07:00,
    /// 11 or 13 hours across a clock change) of `day`.
    func segment(_ dp: Field, _ k: Int, day: (start: Int64, date: String, offset: Int, field: Field), next: Int64?) throws(DecodeFailure) -> Forecast {
        let isDay = k % 2 == 0
        let from = isDay ? day.start : day.start + 12 * 3600
        let to = isDay ? from + 12 * 3600 : (next ?? from + 12 * 3600)
        var f = forecast(.halfDay, from: from, to: to)
        f.targetDate = day.date
        f.periodHours = Double(to - from) / 3600
        let temp = try number(dp, "temperature", k, units.celsius, Plausibility.tempC, converted: true)
        if isDay { f.tempMaxC = temp } else { f.tempMinC = temp }
        f.precipProbPct = try number(dp, "precipChance", k, { $0 }, Plausibility.precipProbPct)
        f.precipMm = try number(dp, "qpf", k, units.millimetres, Plausibility.precipMm, converted: true)
        f.snowfallCm = try number(dp, "qpfSnow", k, units.snowCentimetres, Plausibility.snowfallCm, converted: true)
        f.humidityPct = try number(dp, "relativeHumidity", k, { $0 }, Plausibility.humidityPct)
        f.windSpeedMs = try number(dp, "windSpeed", k, units.metresPerSecond, Plausibility.windSpeedMs, converted: true)
        f.windDirDeg = try number(dp, "windDirection", k, { $0 }, Plausibility.windDirDeg)
        f.cloudCoverPct = try number(dp, "cloudCover", k, { $0 }, Plausibility.cloudCoverPct)
        f.uvIndex = try number(dp, "uvIndex", k, { $0 }, Plausibility.uvIndex)
        if let icon = try Self.element(dp, "iconCode", k) {
            let code = try icon.integer()
            f.condition = Condition.fromTWC(iconCode: Int(code))
            f.conditionCode = String(code)
        }
        f.conditionText = try Self.element(dp, "wxPhraseLong", k)?.string()
        return f
    }

    /// `/v3/wx/observations/current`: the blend at `validTimeUtc`. `precip1Hour` is the hour
    /// before it; `temperatureMax24Hour`/`Min24Hour` the 24 hours before it; `visibility` 999 is
    /// "unlimited" (left missing).
    mutating func observation(_ body: Field) throws(DecodeFailure) -> Observation {
        let t = try body.requiredInstant("validTimeUtc")
        (issued, issuedSource) = (t, .body)
        var o = Observation(provider: TWCDecoder.provider, product: "current", observedAt: t, latitude: latitude, longitude: longitude)
        let a = assumption
        o.tempC = try body.quantity("temperature", units.celsius, Plausibility.tempC, assumption: a)
        o.feelsLikeC = try body.quantity("temperatureFeelsLike", units.celsius, Plausibility.feelsLikeC, assumption: a)
        o.dewPointC = try body.quantity("temperatureDewPoint", units.celsius, Plausibility.dewPointC, assumption: a)
        o.humidityPct = try body.quantity("relativeHumidity", { $0 }, Plausibility.humidityPct)
        o.pressureHpa = try body.quantity("pressureMeanSeaLevel", { $0 }, Plausibility.pressureHpa)
        o.windSpeedMs = try body.quantity("windSpeed", units.metresPerSecond, Plausibility.windSpeedMs, assumption: a)
        o.windGustMs = try body.quantity("windGust", units.metresPerSecond, Plausibility.windGustMs, assumption: a)
        o.windDirDeg = try body.quantity("windDirection", { $0 }, Plausibility.windDirDeg)
        o.cloudCoverPct = try body.quantity("cloudCover", { $0 }, Plausibility.cloudCoverPct)
        o.uvIndex = try body.quantity("uvIndex", { $0 }, Plausibility.uvIndex)
        if body.value["visibility"]?.number != 999 {
            o.visibilityM = try body.quantity("visibility", units.metres, Plausibility.visibilityM, assumption: a)
        }
        if let p = try body.quantity("precip1Hour", units.millimetres, Plausibility.precipMm, assumption: a) {
            o.precipMm = p
            o.precipWindowH = 1
        }
        o.tempMax24hC = try body.quantity("temperatureMax24Hour", units.celsius, Plausibility.tempC, assumption: a)
        o.tempMin24hC = try body.quantity("temperatureMin24Hour", units.celsius, Plausibility.tempC, assumption: a)
        if let icon = body.optional("iconCode") {
            let code = try icon.integer()
            o.condition = Condition.fromTWC(iconCode: Int(code))
            o.conditionCode = String(code)
        }
        o.conditionText = try body.optionalString("wxPhraseLong")
        o.sunriseAt = try body.instant("sunriseTimeUtc")
        o.sunsetAt = try body.instant("sunsetTimeUtc")
        if let local = body.optional("validTimeLocal") { o.utcOffsetSeconds = try Self.offset(local).offset }
        o.declaredLocationID = locationHint
        o.unitsAssumed = units.rawValue
        o.unitsSource = unitsSource
        return o
    }
}
