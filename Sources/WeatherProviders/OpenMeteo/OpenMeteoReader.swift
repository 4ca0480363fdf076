import WeatherJSON
import WeatherCore

/// The records of one Open-Meteo reply: what every row shares (place, product, issue time)
/// and one method per kind of record. Rows whose mapped values are all null make no record;
/// each model of a multi-model reply makes its own rows, in model-name order.
struct OpenMeteoReader {
    typealias Block = OpenMeteoDecoder.Block
    typealias Columns = OpenMeteoDecoder.VariableColumns
    var latitude, longitude: Double
    var zone: String?
    var offset: Int
    var product: String
    var locationHint: String?
    var issued: Int64
    var issuedSource: IssueTimeSource

    static func models(_ block: Block) -> [String?] {
        block.columns.keys.sorted(by: { ($0 ?? "") < ($1 ?? "") })
    }

    /// Row `i` of a block (`columns`: its model's) as an observation; hourly rows carry the
    /// preceding hour's amounts.
    func observation(_ block: Block, _ columns: Columns, _ i: Int, hourlyAccumulation: Bool) -> Observation {
        var o = Observation(provider: "open-meteo", product: product, observedAt: block.times[i], latitude: latitude, longitude: longitude)
        o.declaredLocationID = locationHint
        o.timeZone = zone
        o.utcOffsetSeconds = offset
        Self.fill(&o, columns, i)
        if hourlyAccumulation, let p = columns.value(.precipitation, i) {
            o.precipMm = p
            o.precipWindowH = 1
            o.rainMm = columns.value(.rain, i)
        }
        o.unitsSource = .unitsBlock
        return o
    }

    /// Archive replies: every hourly row is an observation (their daily rows summarise the same
    /// hours and are not stored twice).
    func archiveObservations(_ hourly: Block) -> [Observation] {
        var out: [Observation] = []
        out.reserveCapacity(hourly.times.count * hourly.columns.keys.count)
        for model in Self.models(hourly) {
            let columns = hourly.columns(of: model)
            for i in hourly.times.indices where columns.hasValue(at: i) {
                var o = observation(hourly, columns, i, hourlyAccumulation: true)
                if let model { o.product = "archive:" + model }
                out.append(o)
            }
        }
        return out
    }

    /// `current`: its first row, for the reply's own (unsuffixed) variables only.
    func currentObservations(_ current: Block) -> [Observation] {
        Self.models(current).filter { $0 == nil }.map { observation(current, current.columns(of: $0), 0, hourlyAccumulation: false) }
    }

    /// Legacy `current_weather` has no units block: it follows the hourly units when present
    /// (°C and km/h are the API defaults).
    func legacyObservation(_ legacy: Field, at t: Int64, hourlyUnits: JSONValue?) throws(DecodeFailure) -> Observation {
        var o = Observation(provider: "open-meteo", product: product, observedAt: t, latitude: latitude, longitude: longitude)
        let declaredTemp = hourlyUnits?["temperature_2m"]?.string
        let declaredWind = hourlyUnits?["windspeed_10m"]?.string ?? hourlyUnits?["wind_speed_10m"]?.string
        let tempUnit = declaredTemp ?? "°C"
        let windUnit = declaredWind ?? "km/h"
        o.tempC = try legacy.quantity("temperature", OpenMeteoVariable.temp.converter(unit: tempUnit) ?? { $0 }, Plausibility.tempC)
        o.windSpeedMs = try legacy.quantity("windspeed", OpenMeteoVariable.windSpeed.converter(unit: windUnit) ?? Convert.kmhToMs, Plausibility.windSpeedMs)
        o.windDirDeg = try legacy.quantity("winddirection", { $0 }, Plausibility.windDirDeg)
        (o.condition, o.conditionCode) = Self.wmo(try legacy.quantity("weathercode", { $0 }, OpenMeteoVariable.weatherCode.range))
        o.declaredLocationID = locationHint
        o.timeZone = zone
        o.utcOffsetSeconds = offset
        // The hourly units block only counts when it gave both units; else a default was assumed.
        o.unitsSource = declaredTemp != nil && declaredWind != nil ? .unitsBlock : .default
        return o
    }

    func forecast(_ period: ForecastPeriod, _ from: Int64, _ to: Int64, at: Int64, model: String?) -> Forecast {
        var f = Forecast(provider: "open-meteo", product: product, latitude: latitude, longitude: longitude, issuedAt: issued,
                         issuedAtSource: issuedSource, period: period, validFrom: from, validTo: to, validAt: at)
        f.model = model
        f.declaredLocationID = locationHint
        f.unitsSource = .unitsBlock
        return f
    }

    /// Hourly rows: `precipitation` is the sum of the preceding hour, so the period is
    /// `[t − 1 h, t]` with point values at `t`.
    func hourlyForecasts(_ hourly: Block) -> [Forecast] {
        var out: [Forecast] = []
        out.reserveCapacity(hourly.times.count * hourly.columns.keys.count)
        for model in Self.models(hourly) {
            let columns = hourly.columns(of: model)
            for i in hourly.times.indices where columns.hasValue(at: i) {
                let t = hourly.times[i]
                var f = forecast(.hour, t - 3600, t, at: t, model: model)
                Self.fill(&f, columns, i)
                out.append(f)
            }
        }
        return out
    }

    /// Daily rows: the reply gives the local date; the period is that date's 24 hours at the
    /// reply's offset (`[date 00:00, +24 h)`, as Open-Meteo aggregates them), which the
    /// verification's day-window check compares with the place's true local day.
    func dailyForecasts(_ daily: Block) throws(DecodeFailure) -> [Forecast] {
        var out: [Forecast] = []
        for model in Self.models(daily) {
            let columns = daily.columns(of: model)
            for i in daily.times.indices where columns.hasValue(at: i) {
                let date = daily.dates[i]
                let window = try DayWindow.bounds(of: date, zone: nil, offset: offset, fieldPath: "daily.time[\(i)]")
                var f = forecast(.day, window.from, window.to, at: window.from + (window.to - window.from) / 2, model: model)
                f.targetDate = date
                f.tempMaxC = columns.value(.tempMax, i)
                f.tempMinC = columns.value(.tempMin, i)
                f.precipMm = columns.value(.precipSum, i)
                f.snowfallCm = columns.value(.snowfallSum, i)
                f.precipProbPct = columns.value(.precipProbMax, i)
                f.windSpeedMs = columns.value(.windSpeedMax, i)
                f.windGustMs = columns.value(.windGustMax, i)
                f.windDirDeg = columns.value(.windDirDominant, i)
                f.uvIndex = columns.value(.uvIndexMax, i)
                (f.condition, f.conditionCode) = Self.wmo(columns.value(.weatherCode, i))
                out.append(f)
            }
        }
        return out
    }

    /// A WMO weather code (already range-checked) as the shared condition and its raw code.
    static func wmo(_ code: Double?) -> (Condition?, String?) {
        guard let code else { return (nil, nil) }
        return (Condition.fromWMO(code: Int(code)), DecimalText.string(Int64(code)))
    }

    /// Point values of row `i` of one model's columns (shared by observations and hourly forecasts).
    static func values(_ columns: Columns, _ i: Int) -> PointValues {
        var p = PointValues()
        p.tempC = columns.value(.temp, i)
        p.feelsLikeC = columns.value(.feelsLike, i)
        p.dewPointC = columns.value(.dewPoint, i)
        p.humidityPct = columns.value(.humidity, i)
        p.pressureHpa = columns.value(.pressureMSL, i) ?? columns.value(.pressureSurface, i)
        p.windSpeedMs = columns.value(.windSpeed, i)
        p.windGustMs = columns.value(.windGust, i)
        p.windDirDeg = columns.value(.windDir, i)
        p.cloudCoverPct = columns.value(.cloudCover, i)
        p.visibilityM = columns.value(.visibility, i)
        p.uvIndex = columns.value(.uvIndex, i)
        (p.condition, p.conditionCode) = wmo(columns.value(.weatherCode, i))
        return p
    }

    static func fill(_ o: inout Observation, _ columns: Columns, _ i: Int) {
        values(columns, i).apply(to: &o)
    }

    static func fill(_ f: inout Forecast, _ columns: Columns, _ i: Int) {
        values(columns, i).apply(to: &f)
        f.precipMm = columns.value(.precipitation, i)
        f.precipProbPct = columns.value(.precipProb, i)
        f.snowfallCm = columns.value(.snowfall, i)
    }
}
