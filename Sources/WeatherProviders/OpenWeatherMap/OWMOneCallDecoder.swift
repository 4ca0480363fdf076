import WeatherJSON
import WeatherCore

/// Decodes One Call (2.5 and 3.0) and its history ("timemachine") replies.
///
/// - Forecast: `current` → an observation; `minutely` → minute forecasts (a rate);
///   `hourly` → 1-hour forecasts over `[dt, dt + 1 h]`; `daily` → day forecasts whose `dt` is
///   local midday; `temp.max`/`temp.min` are the day's extremes; daily `rain`/`snow` are bare
///   numbers in mm, summed into `precip_mm` (mm even under `units=imperial`).
/// - History: 2.5 sends `current` + past `hourly` (no `daily`/`minutely`), 3.0 sends `data: […]`;
///   both become observations.
/// - May-2020 bodies lack `timezone_offset`; daily `pop` appears from Aug 2020
///   (docs/PROVIDERS.md, OpenWeatherMap).
/// API: https://openweathermap.org/api/one-call-3
struct OWMOneCallDecoder: FormatDecoder {
    static let format = "openweathermap/onecall"
    static let historyFormat = "openweathermap/timemachine"
    var format: String { Self.format }
    /// One Call's `current` is the forecast run's own "now"; history replies (`timemachine`) report
    /// what happened, after current weather.
    var products: [ProductDeclaration] {
        [.nowcast("openweathermap", "onecall", settings: ["units"]), .forecast("openweathermap", "onecall", settings: ["units"]),
         .observed("openweathermap", "timemachine", truthPriority: 40, settings: ["units"])]
    }

    var detectionKeys: DetectionKeys? { .object(["lat", "lon"]) }

    func detect(_ body: JSONValue) -> Detection { Self.matches(body) ? .yes : .no }

    func recognition(of document: DecodedDocument, body: JSONValue) -> String {
        document.format == Self.historyFormat
            ? "lat, lon and a data array or past hourly points (history)" : "lat, lon and current/minutely/hourly/daily blocks"
    }

    static func matches(_ body: JSONValue) -> Bool {
        guard body["lat"] != nil, body["lon"] != nil else { return false }
        return body["current"] != nil || body["minutely"] != nil || body["hourly"] != nil || body["daily"] != nil
            || body["data"]?.kind == .array
    }

    /// History when it has the 3.0 `data` array; else the input's `role` when it says; else when
    /// the URL says so or it is the 2.5 shape (current + hourly, no daily/minutely) with hours
    /// before the current time.
    static func isHistory(_ input: DecodeInput) -> Bool {
        let body = input.body.value
        if body["data"]?.kind == .array { return true }  // 3.0 history: no other reading
        return input.isObserved(detected: input.urlPath.contains("timemachine") || hoursBeforeCurrent(body))
    }

    /// 2.5 history: `current` and `hourly` without `daily`/`minutely`, hours before `current`.
    static func hoursBeforeCurrent(_ body: JSONValue) -> Bool {
        guard body["daily"] == nil, body["minutely"] == nil, let current = body["current"]?["dt"]?.number,
              let hourly = body["hourly"]?.elements, !hourly.isEmpty else { return false }
        return hourly.contains { ($0["dt"]?.number ?? .infinity) < current - 3600 }
    }

    func decode(_ input: DecodeInput) throws(DecodeFailure) -> DecodedDocument {
        let body = input.body
        let (units, unitsSource) = OWMUnits.resolve(envelope: input.envelope, context: input.context)
        let (lat, lon) = try body.coordinates(lat: "lat", lon: "lon")
        let zoneName = try body.optionalString("timezone")
        let zone = DayWindow.usableZone(zoneName)
        let offset = try body.utcOffset("timezone_offset")
        let history = Self.isHistory(input)
        var doc = DecodedDocument(format: history ? Self.historyFormat : format)
        doc.places = [PlaceInfo(latitude: lat, longitude: lon, name: LocationRegistry.cityName(ofZone: zone), timeZone: zone,
                                utcOffsetSeconds: offset, declaredLocationID: input.locationHint)]
        if let zoneName, zone == nil { doc.warnings.append("time zone '\(zoneName)' is not known here; using the offset") }
        var reader = OneCallReader(latitude: lat, longitude: lon, zone: zone, offset: offset, units: units,
                                   unitsSource: unitsSource, locationHint: input.locationHint)
        if history {
            doc.observations = try reader.history(body)
            return doc
        }
        let current = body.optional("current")
        let bodyClock = try current?.object().instant("dt")
        (reader.issued, reader.issuedSource) = input.issueTime(bodyClock: bodyClock)
        if let current { doc.observations.append(try reader.observation(current, product: "onecall")) }
        doc.forecasts = try reader.forecasts(body)
        return doc
    }
}

/// The records of one One Call reply: what every point shares (place, units, issue time) and
/// one method per block.
struct OneCallReader {
    var latitude, longitude: Double
    var zone: String?
    var offset: Int?
    let units: UnitSystem
    let unitsSource: UnitsSource
    var locationHint: String?
    var issued: Int64 = 0
    var issuedSource: IssueTimeSource = .ingestTime

    /// The units assumption as messages state it: built once per reply, not once per value.
    let assumption: String

    init(latitude: Double, longitude: Double, zone: String?, offset: Int?, units: UnitSystem, unitsSource: UnitsSource,
         locationHint: String?) {
        (self.latitude, self.longitude, self.zone, self.offset) = (latitude, longitude, zone, offset)
        (self.units, self.unitsSource, self.locationHint) = (units, unitsSource, locationHint)
        assumption = OWMFields.assumption(units, unitsSource)
    }

    /// History: 3.0 `data[]`, or 2.5 `current` + `hourly[]`, as observations. The requested
    /// instant often repeats one hourly point: one record per instant is kept.
    func history(_ body: Field) throws(DecodeFailure) -> [Observation] {
        var out: [Observation] = []
        for item in try body.items("data") { out.append(try observation(item, product: "timemachine")) }
        if let current = body.optional("current") { out.append(try observation(current, product: "timemachine")) }
        for item in try body.items("hourly") { out.append(try observation(item, product: "timemachine")) }
        var seen = Set<Int64>()
        return out.filter { seen.insert($0.observedAt).inserted }
    }

    /// `current`, a history point: an observation, `rain.1h`/`snow.1h` the last hour's amounts.
    func observation(_ item: Field, product: String) throws(DecodeFailure) -> Observation {
        let obj = try item.object()
        let dt = try obj.requiredInstant("dt")
        var o = Observation(provider: "openweathermap", product: product, observedAt: dt, latitude: latitude, longitude: longitude)
        // In the reply's order: `dt`, `sunrise`, `sunset`, then the point's values.
        let sunrise = try obj.instant("sunrise")
        let sunset = try obj.instant("sunset")
        let p = try OWMFields.fillPoint(obj, units: units, assumption: assumption)
        if p.tempC == nil { _ = try obj.required("temp") }
        p.apply(to: &o)
        o.declaredLocationID = locationHint
        o.timeZone = zone
        o.utcOffsetSeconds = offset
        o.sunriseAt = sunrise
        o.sunsetAt = sunset
        // Absent means none fell.
        let rain = try OWMFields.amount(obj, "rain", window: "1h") ?? 0
        let snow = try OWMFields.amount(obj, "snow", window: "1h") ?? 0
        o.rainMm = OWMFields.known(rain)
        o.snowMm = OWMFields.known(snow)
        o.precipMm = OWMFields.known(rain + snow)
        o.precipWindowH = 1
        o.unitsAssumed = units.rawValue
        o.unitsSource = unitsSource
        return o
    }

    /// `minutely`, `hourly` and `daily`, in that order.
    func forecasts(_ body: Field) throws(DecodeFailure) -> [Forecast] {
        let minutely = try body.items("minutely"), hourly = try body.items("hourly"), daily = try body.items("daily")
        var out: [Forecast] = []
        out.reserveCapacity(minutely.count + hourly.count + daily.count)
        for item in minutely { out.append(try minute(item)) }
        for item in hourly { out.append(try hour(item)) }
        for item in daily { out.append(try day(item)) }
        return out
    }

    func forecast(_ period: ForecastPeriod, from: Int64, to: Int64, at: Int64) -> Forecast {
        var f = Forecast(provider: "openweathermap", product: "onecall", latitude: latitude, longitude: longitude, issuedAt: issued,
                         issuedAtSource: issuedSource, period: period, validFrom: from, validTo: to, validAt: at)
        f.declaredLocationID = locationHint
        f.unitsAssumed = units.rawValue
        f.unitsSource = unitsSource
        return f
    }

    /// A minute's precipitation rate (mm/h); its amount is the rate over one minute.
    func minute(_ item: Field) throws(DecodeFailure) -> Forecast {
        let obj = try item.object()
        let dt = try obj.requiredInstant("dt")
        var f = forecast(.minute, from: dt, to: dt + 60, at: dt)
        f.precipRateMmh = try obj.quantity("precipitation", { $0 }, Plausibility.precipRateMmh)
        f.precipMm = f.precipRateMmh.map { $0 / 60 }
        return f
    }

    func hour(_ item: Field) throws(DecodeFailure) -> Forecast {
        let obj = try item.object()
        let dt = try obj.requiredInstant("dt")
        var f = forecast(.hour, from: dt, to: dt + 3600, at: dt)
        try OWMFields.fillPoint(obj, units: units, assumption: assumption).apply(to: &f)
        f.precipMm = try OWMFields.precipitation(obj, window: "1h")
        f.precipProbPct = try obj.quantity("pop", Convert.fractionToPercent, Plausibility.precipProbPct)
        return f
    }

    /// A local day: `dt` is local midday; `temp` is an object of day parts (a bare number in
    /// odd bodies); `rain`/`snow` are bare millimetres.
    func day(_ item: Field) throws(DecodeFailure) -> Forecast {
        let obj = try item.object()
        let dt = try obj.requiredInstant("dt")
        let date = DayWindow.targetDate(middle: dt, zone: zone, offset: offset)
        let window = try DayWindow.bounds(of: date, zone: zone, offset: offset, fieldPath: item.path + ".dt")
        var f = forecast(.day, from: window.from, to: window.to, at: dt)
        // `temp` comes before the shared values in the reply, and its parts as `day`, `min`, `max`.
        var temps: (day: Double?, min: Double?, max: Double?) = (nil, nil, nil)
        if let temp = obj.optional("temp") {
            if temp.value.kind == .number {
                temps.day = try obj.quantity("temp", units.celsius, Plausibility.tempC, assumption: assumption)
            } else {
                let t = try temp.object()
                temps.day = try t.quantity("day", units.celsius, Plausibility.tempC, assumption: assumption)
                temps.min = try t.quantity("min", units.celsius, Plausibility.tempC, assumption: assumption)
                temps.max = try t.quantity("max", units.celsius, Plausibility.tempC, assumption: assumption)
            }
        }
        try OWMFields.fillShared(obj, units: units, assumption: assumption).apply(to: &f)
        f.targetDate = date
        (f.tempC, f.tempMinC, f.tempMaxC) = temps
        f.precipProbPct = try obj.quantity("pop", Convert.fractionToPercent, Plausibility.precipProbPct)
        f.precipMm = try OWMFields.precipitation(obj, window: "1d")
        return f
    }
}
