import WeatherJSON
import WeatherCore

/// Decodes One Call (2.5 and 3.0) and its history ("timemachine") replies.
///
/// - Forecast: `current` → an observation; `minutely` → minute forecasts (a rate);
///   `hourly` → 1-hour forecasts over `[dt, dt + 1 h]`; `daily` → day forecasts whose `dt` is
///   local midday; `temp.max`/`temp.min` are the day's extremes; daily `rain`/`snow` are bare
///   numbers in mm, summed into `precip_mm` (mm even under `units=imperial`).
/// - History: 2.5 sends `current` + past `hourly` (no `daily`/`minutely`), 3.0 sends `data: […]`;
///   both become observations (SOURCES.md 12).
/// - May-2020 bodies lack `timezone_offset`; daily `pop` appears from Aug 2020 (SOURCES.md 11).
/// API: https://openweathermap.org/api/one-call-3
struct OWMOneCallDecoder: FormatDecoder {
    static let format = "openweathermap/onecall"
    static let historyFormat = "openweathermap/timemachine"
    var format: String { Self.format }

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

    /// History when the URL says so, when it has the 3.0 `data` array, or when it is the 2.5 shape
    /// (current + hourly, no daily/minutely) with hours before the current time.
    static func isHistory(_ input: DecodeInput) -> Bool {
        let body = input.body.value
        if input.urlPath.contains("timemachine") { return true }
        if body["data"]?.kind == .array { return true }
        guard body["daily"] == nil, body["minutely"] == nil, let current = body["current"]?["dt"]?.number,
              let hourly = body["hourly"]?.elements, !hourly.isEmpty else { return false }
        return hourly.contains { ($0["dt"]?.number ?? .infinity) < current - 3600 }
    }

    func decode(_ input: DecodeInput) throws(DecodeFailure) -> DecodedDocument {
        let (units, source) = OWMUnits.resolve(envelope: input.envelope, context: input.context)
        return try Self.decode(input, units: units, unitsSource: source)
    }

    static func decode(_ input: DecodeInput, units: UnitSystem, unitsSource: UnitsSource) throws(DecodeFailure) -> DecodedDocument {
        let body = input.body
        let assumption = OWMFields.assumption(units, unitsSource)
        let (lat, lon) = try body.coordinates(lat: "lat", lon: "lon")
        let zoneName = try body.optionalString("timezone")
        let zone = DayWindow.usableZone(zoneName)
        let offset = try body.utcOffset("timezone_offset")
        let history = isHistory(input)
        var doc = DecodedDocument(format: history ? historyFormat : format)
        doc.places = [PlaceInfo(latitude: lat, longitude: lon, timeZone: zone, utcOffsetSeconds: offset,
                                declaredLocationID: input.locationHint)]
        if zoneName != nil && zone == nil { doc.warnings.append("time zone '\(zoneName!)' is not known here; using the offset") }

        func observation(_ item: Field, product: String) throws(DecodeFailure) -> Observation {
            let obj = try item.object()
            let dt = try obj.requiredInstant("dt")
            var o = Observation(provider: "openweathermap", product: product, observedAt: dt, latitude: lat, longitude: lon)
            let p = try OWMFields.fillPoint(obj, units: units, assumption: assumption)
            if p.tempC == nil { _ = try obj.required("temp") }
            p.apply(to: &o)
            o.declaredLocationID = input.locationHint
            o.timeZone = zone
            o.utcOffsetSeconds = offset
            o.sunriseAt = try obj.instant("sunrise")
            o.sunsetAt = try obj.instant("sunset")
            // `rain.1h` is the last hour's amount; absent means none fell.
            o.rainMm = try OWMFields.amount(obj, "rain", window: "1h") ?? 0
            o.snowMm = try OWMFields.amount(obj, "snow", window: "1h") ?? 0
            o.precipMm = Convert.round(o.rainMm! + o.snowMm!, 2)
            o.precipWindowH = 1
            o.unitsAssumed = units.rawValue
            o.unitsSource = unitsSource.rawValue
            return o
        }

        if history {
            for item in try body.items("data") { doc.observations.append(try observation(item, product: "timemachine")) }
            if let current = body.optional("current") { doc.observations.append(try observation(current, product: "timemachine")) }
            for item in try body.items("hourly") { doc.observations.append(try observation(item, product: "timemachine")) }
            // The requested instant often repeats one hourly point: keep one record per instant.
            var seen = Set<Int64>()
            doc.observations = doc.observations.filter { seen.insert($0.observedAt).inserted }
            return doc
        }

        let current = body.optional("current")
        let bodyClock = try current?.object().instant("dt")
        let (issued, issuedSource) = input.issueTime(bodyClock: bodyClock)
        if let current { doc.observations.append(try observation(current, product: "onecall")) }

        func forecast(_ period: ForecastPeriod, from: Int64, to: Int64, at: Int64) -> Forecast {
            var f = Forecast(provider: "openweathermap", product: "onecall", latitude: lat, longitude: lon, issuedAt: issued,
                             issuedAtSource: issuedSource, period: period, validFrom: from, validTo: to, validAt: at)
            f.declaredLocationID = input.locationHint
            f.unitsAssumed = units.rawValue
            f.unitsSource = unitsSource.rawValue
            return f
        }

        for item in try body.items("minutely") {
            let obj = try item.object()
            let dt = try obj.requiredInstant("dt")
            var f = forecast(.minute, from: dt, to: dt + 60, at: dt)
            f.precipRateMmh = try obj.quantity("precipitation", { $0 }, Plausibility.precipRateMmh)
            f.precipMm = f.precipRateMmh.map { Convert.round($0 / 60, 4) }
            doc.forecasts.append(f)
        }
        for item in try body.items("hourly") {
            let obj = try item.object()
            let dt = try obj.requiredInstant("dt")
            var f = forecast(.hour, from: dt, to: dt + 3600, at: dt)
            try OWMFields.fillPoint(obj, units: units, assumption: assumption).apply(to: &f)
            f.precipMm = try OWMFields.precipitation(obj, window: "1h")
            f.precipProbPct = try obj.quantity("pop", Convert.fractionToPercent, Plausibility.precipProbPct)
            doc.forecasts.append(f)
        }
        for item in try body.items("daily") {
            let obj = try item.object()
            let dt = try obj.requiredInstant("dt")  // local midday
            let date = DayWindow.targetDate(middle: dt, zone: zone, offset: offset)
            let window = DayWindow.bounds(of: date, zone: zone, offset: offset)
            var f = forecast(.day, from: window.from, to: window.to, at: dt)
            try OWMFields.fillShared(obj, units: units, assumption: assumption).apply(to: &f)
            f.targetDate = date
            if let temp = obj.optional("temp") {
                if temp.value.kind == .number {
                    f.tempC = try obj.quantity("temp", units.celsius, Plausibility.tempC, assumption: assumption)
                } else {
                    let t = try temp.object()
                    f.tempMaxC = try t.quantity("max", units.celsius, Plausibility.tempC, assumption: assumption)
                    f.tempMinC = try t.quantity("min", units.celsius, Plausibility.tempC, assumption: assumption)
                    f.tempC = try t.quantity("day", units.celsius, Plausibility.tempC, assumption: assumption)
                }
            }
            f.precipProbPct = try obj.quantity("pop", Convert.fractionToPercent, Plausibility.precipProbPct)
            f.precipMm = try OWMFields.precipitation(obj, window: "1d")
            doc.forecasts.append(f)
        }
        return doc
    }
}
