import WeatherCore

/// The records of one Meteosource reply: local wall-clock `date`/`day` strings read in the
/// reply's zone, and one method per block (current, an hour, a day, a time-machine hour).
struct MeteosourceReader {
    static let provider = "meteosource"

    var latitude, longitude: Double
    /// The zone the reply's times are written in (`timezone`, `UTC` included).
    var zone: String
    var units: MeteosourceUnits
    var unitsSource: UnitsSource
    var locationHint: String?
    var issued: Int64 = 0
    var issuedSource: IssueTimeSource = .ingestTime
    /// The previous hour read, so that the hour repeated when DST ends (01:00 twice) is the second one.
    private var lastHour: Int64?

    init(latitude: Double, longitude: Double, zone: String, units: MeteosourceUnits, unitsSource: UnitsSource, locationHint: String?) {
        self.latitude = latitude; self.longitude = longitude; self.zone = zone
        self.units = units; self.unitsSource = unitsSource; self.locationHint = locationHint
    }

    var assumption: String { units.assumption(unitsSource) }

    /// A naive local "YYYY-MM-DDTHH:MM:SS" in the reply's zone as a UTC instant.
    func instant(_ f: Field) throws(DecodeFailure) -> Int64 {
        let text = try f.string()
        guard text.utf8.count == 19, let wall = UTCTime.parseISO8601(text, assumingOffset: 0),
              let t = LocalTime.utc(fromWallClock: wall, zone: zone) else {
            throw DecodeFailure(.wrongType, "field '\(f.path)' is not a local time \"YYYY-MM-DDTHH:MM:SS\": \(Sanitize.printable(String(text.prefix(40))))",
                                fieldPath: f.path)
        }
        return t
    }

    /// Hourly steps in order: a wall time that does not move forward is the repeated hour of
    /// the end of DST, one hour after the step before it.
    mutating func hourInstant(_ f: Field) throws(DecodeFailure) -> Int64 {
        var t = try instant(f)
        if let last = lastHour, t <= last { t = last + 3600 }
        lastHour = t
        return t
    }

    /// What a block holds at its instant (`current`, an hour, a day's `all_day`).
    func point(_ v: Field, temperature: Bool = true) throws(DecodeFailure) -> PointValues {
        var p = PointValues()
        if temperature {
            p.tempC = try v.quantity("temperature", units.celsius, Plausibility.tempC, assumption: assumption)
            p.feelsLikeC = try v.quantity("feels_like", units.celsius, Plausibility.feelsLikeC, assumption: assumption)
        }
        p.dewPointC = try v.quantity("dew_point", units.celsius, Plausibility.dewPointC, assumption: assumption)
        p.humidityPct = try v.quantity("humidity", { $0 }, Plausibility.humidityPct)
        p.pressureHpa = try v.quantity("pressure", { $0 }, Plausibility.pressureHpa)
        p.uvIndex = try v.quantity("uv_index", { $0 }, Plausibility.uvIndex)
        p.visibilityM = try v.quantity("visibility", units.metres, Plausibility.visibilityM, assumption: assumption)
        // `cloud_cover` is a number in `current` and `{total, low, middle, high}` elsewhere.
        if let c = v.optional("cloud_cover") {
            p.cloudCoverPct = c.value.kind == .object ? try c.object().quantity("total", { $0 }, Plausibility.cloudCoverPct)
                : try c.quantityValue({ $0 }, Plausibility.cloudCoverPct)
        }
        if let wind = try v.optional("wind")?.object() {
            p.windSpeedMs = try wind.quantity("speed", units.metresPerSecond, Plausibility.windSpeedMs, assumption: assumption)
            p.windGustMs = try wind.quantity("gusts", units.metresPerSecond, Plausibility.windGustMs, assumption: assumption)
            p.windDirDeg = try wind.quantity("angle", { $0 }, Plausibility.windDirDeg)
        }
        // The icon number: `icon` in hours and days, `icon_num` in `current` (whose `icon` is its name).
        let iconField = v.value["icon"]?.kind == .number ? v.optional("icon") : v.optional("icon_num")
        if let icon = try iconField?.integer() {
            p.condition = Condition.fromMeteosource(icon: Int(icon))
            p.conditionCode = String(icon)
        }
        p.conditionText = v.value["weather"]?.string ?? v.value["summary"]?.string
        return p
    }

    /// `precipitation.total` (the step's amount) and `probability.precipitation` (0–100).
    func precipitation(_ v: Field) throws(DecodeFailure) -> (mm: Double?, pop: Double?) {
        let mm = try v.optional("precipitation")?.object().quantity("total", units.millimetres, Plausibility.precipMm, assumption: assumption)
        let pop = try v.optional("probability")?.object().quantity("precipitation", { $0 }, Plausibility.precipProbPct)
        return (mm, pop)
    }

    func observation(_ product: String, at t: Int64) -> Observation {
        var o = Observation(provider: Self.provider, product: product, observedAt: t, latitude: latitude, longitude: longitude)
        o.declaredLocationID = locationHint
        o.unitsAssumed = units.rawValue
        o.unitsSource = unitsSource
        return o
    }

    /// `current`, the model's state now: a nowcast at the reply's clock.
    func current(_ v: Field, at t: Int64) throws(DecodeFailure) -> Observation {
        var o = observation("point", at: t)
        try point(v).apply(to: &o)
        return o
    }

    /// A time-machine hour: its point values at `date`. Its `precipitation.total` is over the
    /// step that starts at `date`, and an observation's amount is over the window that ends at
    /// its instant, so it is not stored (it would put every wet hour an hour early).
    mutating func pastHour(_ step: Field) throws(DecodeFailure) -> Observation {
        let obj = try step.object()
        var o = observation("timemachine", at: try hourInstant(try obj.required("date")))
        try point(obj).apply(to: &o)
        return o
    }

    func forecast(_ period: ForecastPeriod, _ from: Int64, _ to: Int64, at: Int64) -> Forecast {
        var f = Forecast(provider: Self.provider, product: "point", latitude: latitude, longitude: longitude, issuedAt: issued,
                         issuedAtSource: issuedSource, period: period, validFrom: from, validTo: to, validAt: at)
        f.declaredLocationID = locationHint
        f.unitsAssumed = units.rawValue
        f.unitsSource = unitsSource
        return f
    }

    /// An `hourly.data` step: the hour that starts at `date` (the first step is the hour the
    /// reply was made in: 09:00 beside a 09:45 `current`).
    mutating func hour(_ step: Field) throws(DecodeFailure) -> Forecast {
        let obj = try step.object()
        let t = try hourInstant(try obj.required("date"))
        var f = forecast(.hour, t, t + 3600, at: t)
        try point(obj).apply(to: &f)
        (f.precipMm, f.precipProbPct) = try precipitation(obj)
        return f
    }

    /// A `daily.data` day: the local date `day` in the reply's zone, from its `all_day` block
    /// (`temperature_max`/`_min`, the day's amount and PoP); the morning, afternoon and evening
    /// parts are not read.
    func day(_ step: Field) throws(DecodeFailure) -> Forecast {
        let obj = try step.object()
        let dayField = try obj.required("day")
        let date = try dayField.string()
        guard date.utf8.count == 10 else {
            throw DecodeFailure(.wrongType, "field '\(dayField.path)' is not a date YYYY-MM-DD", fieldPath: dayField.path)
        }
        let window = try DayWindow.bounds(of: date, zone: zone, offset: nil, fieldPath: dayField.path)
        var f = forecast(.day, window.from, window.to, at: window.from + (window.to - window.from) / 2)
        f.targetDate = date
        guard let all = try obj.optional("all_day")?.object() else { return f }
        try point(all, temperature: false).apply(to: &f)
        f.tempMaxC = try all.quantity("temperature_max", units.celsius, Plausibility.tempC, assumption: assumption)
        f.tempMinC = try all.quantity("temperature_min", units.celsius, Plausibility.tempC, assumption: assumption)
        (f.precipMm, f.precipProbPct) = try precipitation(all)
        return f
    }
}
