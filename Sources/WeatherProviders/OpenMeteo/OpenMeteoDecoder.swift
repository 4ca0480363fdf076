import WeatherJSON
import WeatherCore

/// Decodes Open-Meteo forecast and archive (historical) replies.
///
/// - Column-oriented: `hourly`/`daily`/`current` hold parallel arrays keyed by variable, units
///   in `*_units`. A `null` is missing, never zero. Multi-model replies suffix each key with the
///   model (`temperature_2m_icon_d2`): each model becomes its own forecast rows (`model`).
/// - Times are local wall-clock text in the reply's `timezone` (or `unixtime` integers): converted
///   with the IANA zone when known (DST-correct), else with the single `utc_offset_seconds`.
/// - Hourly `precipitation` is the sum of the *preceding* hour: the period is `[t − 1 h, t]`
///   with point values at `t`. Daily rows carry their date.
/// - Forecast replies: `current`/legacy `current_weather` → an observation; hourly and daily →
///   forecasts. Archive replies: hourly rows → observations (their daily rows summarise the same
///   hours and are not stored twice).
/// API: https://open-meteo.com/en/docs, https://open-meteo.com/en/docs/historical-weather-api
struct OpenMeteoDecoder: FormatDecoder {
    static let format = "open-meteo/forecast"
    static let archiveFormat = "open-meteo/archive"
    var format: String { Self.format }

    func detect(_ body: JSONValue) -> Detection { Self.matches(body) ? .yes : .no }

    func recognition(of document: DecodedDocument, body: JSONValue) -> String {
        "latitude, longitude, utc_offset_seconds and column blocks with *_units"
            + (document.format == Self.archiveFormat ? "; archive by URL, name or times long before the issue time" : "")
    }

    static func matches(_ body: JSONValue) -> Bool {
        body["latitude"] != nil && body["longitude"] != nil && body["utc_offset_seconds"] != nil
            && (body["hourly"] != nil || body["daily"] != nil || body["current"] != nil || body["current_weather"] != nil
                || body["minutely_15"] != nil)
    }

    /// Archive when the envelope URL is the archive API, or the file/member name says
    /// `archive`/`historical`, or every hour lies two days or more before a known issue time.
    static func isArchive(_ input: DecodeInput, times: [Int64], issued: (Int64, IssueTimeSource)) -> Bool {
        let path = input.urlPath
        if path.contains("archive") || path.contains("historical") { return true }
        if !path.isEmpty { return false }
        if let name = input.context.sourceName?.split(separator: "/").last?.lowercased(),
           name.contains("archive") || name.contains("historical") { return true }
        guard input.body.value["current"] == nil, input.body.value["current_weather"] == nil,
              issued.1 != .modificationTime, issued.1 != .ingestTime, let last = times.max() else { return false }
        return last < issued.0 - 2 * 86400
    }

    struct Context {
        var zone: String?
        var offset: Int
        var warnings: [String] = []

        /// Local wall-clock text (`2025-05-10T12:45`, `2025-05-10`) or Unix seconds → UTC.
        func instant(_ f: Field, unixtime: Bool) throws(DecodeFailure) -> Int64 {
            if unixtime {
                let t = try f.integer()
                try f.checkInstant(t)
                return t
            }
            let text = try f.string()
            guard let wall = UTCTime.parseISO8601(text.count == 10 ? text + "T00:00" : text, assumingOffset: 0) else {
                throw DecodeFailure(.wrongType, "field '\(f.path)' is not a local ISO 8601 time: \(Sanitize.printable(String(text.prefix(30))))", fieldPath: f.path)
            }
            if let zone, let t = LocalTime.utc(fromWallClock: wall, zone: zone) { return t }
            return wall - Int64(offset)
        }
    }

    /// One block's columns, grouped by model: variable → values, with the path for errors.
    struct Block {
        var times: [Int64] = []
        var dates: [String] = []
        var columns: [String?: [OpenMeteoVariable: [Double?]]] = [:]

        func value(_ v: OpenMeteoVariable, model: String?, _ i: Int) -> Double? {
            guard let col = columns[model]?[v], i < col.count else { return nil }
            return col[i]
        }
    }

    static func readBlock(_ body: Field, _ name: String, _ ctx: inout Context) throws(DecodeFailure) -> Block? {
        guard let block = try body.optional(name)?.object() else { return nil }
        let units = try body.optional(name + "_units")?.object()
        let timeUnit = try units?.optional("time").map { f throws(DecodeFailure) in try f.string() } ?? "iso8601"
        let unixtime = timeUnit == "unixtime"
        var out = Block()
        let timeField = try block.required("time")
        let times = timeField.value.kind == .array ? try timeField.array() : [timeField]
        for t in times {
            out.times.append(try ctx.instant(t, unixtime: unixtime))
            if !unixtime, let s = t.value.string { out.dates.append(String(s.prefix(10))) } else {
                out.dates.append(LocalTime.date(of: out.times.last!, zone: ctx.zone, fixedOffset: ctx.offset))
            }
        }
        for (key, value) in block.value.members where key != "time" && key != "interval" {
            guard let (variable, model) = OpenMeteoVariable.parse(key) else { continue }
            let field = Field(value, path: "\(name).\(key)")
            let unitValue = units?.value[key]
            guard let unit = unitValue?.string, let convert = variable.converter(unit: unit) else {
                let shown = unitValue.map { $0.rawText } ?? "(none)"
                ctx.warnings.append("\(name).\(key): unit \(Sanitize.printable(String(shown.prefix(20)))) not understood; values left missing")
                continue
            }
            let cells = value.kind == .array ? try field.array() : [field]
            var column: [Double?] = []
            column.reserveCapacity(cells.count)
            for cell in cells {
                if cell.value.isNull { column.append(nil); continue }
                let raw = try cell.number()
                let v = convert(raw)
                try cell.check(v, variable.range, raw: raw)
                column.append(v)
            }
            out.columns[model, default: [:]][variable] = column
        }
        return out
    }

    func decode(_ input: DecodeInput) throws(DecodeFailure) -> DecodedDocument { try Self.decode(input) }

    static func decode(_ input: DecodeInput) throws(DecodeFailure) -> DecodedDocument {
        let body = input.body
        let (lat, lon) = try body.coordinates(lat: "latitude", lon: "longitude")
        _ = try body.required("utc_offset_seconds")
        let offset = try body.utcOffset("utc_offset_seconds") ?? 0
        let zone = DayWindow.usableZone(try body.optionalString("timezone"))
        var ctx = Context(zone: zone, offset: offset)
        let hourly = try readBlock(body, "hourly", &ctx)
        let daily = try readBlock(body, "daily", &ctx)
        let current = try readBlock(body, "current", &ctx)
        let legacy = try body.optional("current_weather")?.object()
        let legacyTime = try legacy.map { f throws(DecodeFailure) -> Int64 in try ctx.instant(try f.required("time"), unixtime: f.value["time"]?.kind == .number) }
        let bodyClock = current?.times.first ?? legacyTime
        let issued = input.issueTime(bodyClock: bodyClock)
        let archive = isArchive(input, times: hourly?.times ?? [], issued: issued)
        var doc = DecodedDocument(format: archive ? archiveFormat : format)
        doc.places = [PlaceInfo(latitude: lat, longitude: lon, timeZone: zone, utcOffsetSeconds: zone == nil ? offset : nil,
                                declaredLocationID: input.locationHint)]
        let product = archive ? "archive" : "forecast"

        func observation(_ block: Block, _ i: Int, model: String?, hourlyAccumulation: Bool) -> Observation {
            var o = Observation(provider: "open-meteo", product: product, observedAt: block.times[i], latitude: lat, longitude: lon)
            o.declaredLocationID = input.locationHint
            o.timeZone = zone
            o.utcOffsetSeconds = offset
            fill(&o, block, i, model)
            if hourlyAccumulation, let p = block.value(.precipitation, model: model, i) {
                o.precipMm = p
                o.precipWindowH = 1
                o.rainMm = block.value(.rain, model: model, i)
            }
            o.unitsSource = UnitsSource.unitsBlock.rawValue
            return o
        }

        if archive, let hourly {
            for model in hourly.columns.keys.sorted(by: { ($0 ?? "") < ($1 ?? "") }) {
                for i in hourly.times.indices where hasValues(hourly, i, model) {
                    var o = observation(hourly, i, model: model, hourlyAccumulation: true)
                    if let model { o.product = "archive:" + model }
                    doc.observations.append(o)
                }
            }
            doc.warnings += ctx.warnings
            return doc
        }

        if let current, !current.times.isEmpty {
            for model in current.columns.keys.sorted(by: { ($0 ?? "") < ($1 ?? "") }) where model == nil {
                doc.observations.append(observation(current, 0, model: model, hourlyAccumulation: false))
            }
        } else if let legacy, let t = legacyTime {
            // Legacy `current_weather` has no units block: it follows the hourly units when
            // present (°C and km/h are the API defaults).
            var o = Observation(provider: "open-meteo", product: product, observedAt: t, latitude: lat, longitude: lon)
            let hourlyUnits = body.value["hourly_units"]
            let declaredTemp = hourlyUnits?["temperature_2m"]?.string
            let declaredWind = hourlyUnits?["windspeed_10m"]?.string ?? hourlyUnits?["wind_speed_10m"]?.string
            let tempUnit = declaredTemp ?? "°C"
            let windUnit = declaredWind ?? "km/h"
            o.tempC = try legacy.quantity("temperature", OpenMeteoVariable.temp.converter(unit: tempUnit) ?? { $0 }, Plausibility.tempC)
            o.windSpeedMs = try legacy.quantity("windspeed", OpenMeteoVariable.windSpeed.converter(unit: windUnit) ?? Convert.kmhToMs, Plausibility.windSpeedMs)
            o.windDirDeg = try legacy.quantity("winddirection", { $0 }, Plausibility.windDirDeg)
            (o.condition, o.conditionCode) = wmo(try legacy.quantity("weathercode", { $0 }, OpenMeteoVariable.weatherCode.range))
            o.declaredLocationID = input.locationHint
            o.timeZone = zone
            o.utcOffsetSeconds = offset
            // The hourly units block only counts when it gave both units; else a default was assumed.
            o.unitsSource = (declaredTemp != nil && declaredWind != nil ? UnitsSource.unitsBlock : .default).rawValue
            doc.observations.append(o)
        }

        func forecast(_ period: ForecastPeriod, _ from: Int64, _ to: Int64, at: Int64, model: String?) -> Forecast {
            var f = Forecast(provider: "open-meteo", product: product, latitude: lat, longitude: lon, issuedAt: issued.0,
                             issuedAtSource: issued.1, period: period, validFrom: from, validTo: to, validAt: at)
            f.model = model
            f.declaredLocationID = input.locationHint
            f.unitsSource = UnitsSource.unitsBlock.rawValue
            return f
        }
        if let hourly {
            for model in hourly.columns.keys.sorted(by: { ($0 ?? "") < ($1 ?? "") }) {
                for i in hourly.times.indices where hasValues(hourly, i, model) {
                    let t = hourly.times[i]
                    var f = forecast(.hour, t - 3600, t, at: t, model: model)
                    fill(&f, hourly, i, model)
                    doc.forecasts.append(f)
                }
            }
        }
        if let daily {
            for model in daily.columns.keys.sorted(by: { ($0 ?? "") < ($1 ?? "") }) {
                for i in daily.times.indices where hasValues(daily, i, model) {
                    let date = daily.dates[i]
                    let window = DayWindow.bounds(of: date, zone: zone, offset: offset)
                    var f = forecast(.day, window.from, window.to, at: window.from + (window.to - window.from) / 2, model: model)
                    f.targetDate = date
                    f.tempMaxC = daily.value(.tempMax, model: model, i)
                    f.tempMinC = daily.value(.tempMin, model: model, i)
                    f.precipMm = daily.value(.precipSum, model: model, i)
                    f.snowfallCm = daily.value(.snowfallSum, model: model, i)
                    f.precipProbPct = daily.value(.precipProbMax, model: model, i)
                    f.windSpeedMs = daily.value(.windSpeedMax, model: model, i)
                    f.windGustMs = daily.value(.windGustMax, model: model, i)
                    f.windDirDeg = daily.value(.windDirDominant, model: model, i)
                    f.uvIndex = daily.value(.uvIndexMax, model: model, i)
                    (f.condition, f.conditionCode) = wmo(daily.value(.weatherCode, model: model, i))
                    doc.forecasts.append(f)
                }
            }
        }
        doc.warnings += ctx.warnings
        return doc
    }

    /// A WMO weather code (already range-checked) as the shared condition and its raw code.
    static func wmo(_ code: Double?) -> (Condition?, String?) {
        guard let code else { return (nil, nil) }
        return (Condition.fromWMO(code: Int(code)), String(Int(code)))
    }

    static func hasValues(_ block: Block, _ i: Int, _ model: String?) -> Bool {
        block.columns[model]?.values.contains { i < $0.count && $0[i] != nil } ?? false
    }

    /// Point values of row `i` (shared by observations and hourly forecasts).
    static func values(_ block: Block, _ i: Int, _ model: String?) -> PointValues {
        var p = PointValues()
        p.tempC = block.value(.temp, model: model, i)
        p.feelsLikeC = block.value(.feelsLike, model: model, i)
        p.dewPointC = block.value(.dewPoint, model: model, i)
        p.humidityPct = block.value(.humidity, model: model, i)
        p.pressureHpa = block.value(.pressureMSL, model: model, i) ?? block.value(.pressureSurface, model: model, i)
        p.windSpeedMs = block.value(.windSpeed, model: model, i)
        p.windGustMs = block.value(.windGust, model: model, i)
        p.windDirDeg = block.value(.windDir, model: model, i)
        p.cloudCoverPct = block.value(.cloudCover, model: model, i)
        p.visibilityM = block.value(.visibility, model: model, i)
        p.uvIndex = block.value(.uvIndex, model: model, i)
        (p.condition, p.conditionCode) = wmo(block.value(.weatherCode, model: model, i))
        return p
    }

    static func fill(_ o: inout Observation, _ block: Block, _ i: Int, _ model: String?) {
        values(block, i, model).apply(to: &o)
    }

    static func fill(_ f: inout Forecast, _ block: Block, _ i: Int, _ model: String?) {
        values(block, i, model).apply(to: &f)
        f.precipMm = block.value(.precipitation, model: model, i)
        f.precipProbPct = block.value(.precipProb, model: model, i)
        f.snowfallCm = block.value(.snowfall, model: model, i)
    }
}
