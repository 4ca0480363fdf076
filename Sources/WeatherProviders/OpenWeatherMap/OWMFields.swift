import WeatherCore

/// Field readers shared by the OpenWeatherMap formats (current, forecast5, One Call, history).
enum OWMFields {
    /// The units assumption as the messages state it: made once per units and source, not per
    /// reply (formatting it was a tenth of decoding an OWM current reply).
    /// In a table indexed by the two cases' positions: hashing both keys of a dictionary per
    /// reply cost a thousand instructions.
    static func assumption(_ units: UnitSystem, _ source: UnitsSource) -> String {
        guard let u = UnitSystem.allCases.firstIndex(of: units), let s = UnitsSource.allCases.firstIndex(of: source) else {
            return text(units, source)
        }
        return assumptions[u * UnitsSource.allCases.count + s]
    }

    private static let assumptions: [String] = UnitSystem.allCases.flatMap { units in UnitsSource.allCases.map { text(units, $0) } }

    private static func text(_ units: UnitSystem, _ source: UnitsSource) -> String {
        "units assumed: \(units.rawValue) (\(units.temperatureName)), from \(OWMUnits.describe(source))"
    }

    /// `weather: [{id, description}, …]`: the first entry is the primary condition; all ids kept.
    static func condition(_ item: Field) throws(DecodeFailure) -> (Condition?, String?, String?) {
        guard let weather = item.optional("weather") else { return (nil, nil, nil) }
        // Read straight from the JSON: this runs for every hour of every reply, and the `Field`s
        // (with their paths) are made only when an entry is not as expected, to throw.
        guard weather.value.kind == .array else { return try conditionWithPaths(weather) }
        // Visited in place (no array of cursors) with the codes joined as they come: one reply
        // has 48 hours and 8 days, each with its weather array.
        var codes: String?
        var condition: Condition?
        var text: String?
        var unexpected = false
        weather.value.forEachElement { k, entry in
            guard !unexpected else { return }
            guard entry.kind == .object, let n = entry["id"]?.number, n == n.rounded(), abs(n) < 9e15 else {
                unexpected = true
                return
            }
            let code = DecimalText.string(Int64(n))
            codes = codes.map { $0 + "," + code } ?? code
            if k == 0 {
                condition = Condition.fromOpenWeatherMap(id: Int(n))
                if let d = entry["description"], !d.isNull {
                    guard let s = d.string else { unexpected = true; return }
                    text = s
                }
            }
        }
        if unexpected { return try conditionWithPaths(weather) }
        return (condition, codes, text)
    }

    /// `condition` through `Field`s, which throw with the path of what is wrong.
    private static func conditionWithPaths(_ weather: Field) throws(DecodeFailure) -> (Condition?, String?, String?) {
        var codes: [String] = []
        var condition: Condition?
        var text: String?
        for (k, entry) in try weather.array().enumerated() {
            let obj = try entry.object()
            let id = try obj.required("id").integer()
            codes.append(String(id))
            if k == 0 {
                condition = Condition.fromOpenWeatherMap(id: Int(id))
                text = try obj.optionalString("description")
            }
        }
        return (condition, codes.isEmpty ? nil : codes.joined(separator: ","), text)
    }

    /// `rain`/`snow` as an object keyed by window (`{"1h": x}`, `{"3h": x}`) or, in One Call
    /// daily, a bare number. Returns mm (OWM precipitation is always mm, whatever `units`); nil
    /// when absent (none fell), NaN when present but set aside (`ValueQuarantine`): unknown, not 0.
    static func amount(_ item: Field, _ key: String, window: String) throws(DecodeFailure) -> Double? {
        guard let f = item.optional(key) else { return nil }
        if f.value.kind == .number { return try f.quantityValue({ $0 }, Plausibility.precipMm) ?? .nan }
        let obj = try f.object()
        guard let v = obj.optional(window) else { return nil }
        return try v.quantityValue({ $0 }, Plausibility.precipMm) ?? .nan
    }

    /// Rain + snow over a window; a missing object means none fell (0), per the API; a set-aside
    /// amount leaves the total missing.
    static func precipitation(_ item: Field, window: String) throws(DecodeFailure) -> Double? {
        let rain = try amount(item, "rain", window: window) ?? 0
        let snow = try amount(item, "snow", window: window) ?? 0
        return known(rain + snow)
    }

    /// NaN (a set-aside amount) as missing.
    static func known(_ v: Double?) -> Double? { v.flatMap { $0.isNaN ? nil : $0 } }

    /// The flat point fields of One Call `current`, `hourly[]` and history `data[]`.
    static func fillPoint(_ item: Field, units: UnitSystem, assumption: String) throws(DecodeFailure) -> PointValues {
        var p = PointValues()
        p.tempC = try item.quantity("temp", units.celsius, Plausibility.tempC, assumption: assumption)
        p.feelsLikeC = try item.quantity("feels_like", units.celsius, Plausibility.feelsLikeC, assumption: assumption)
        try fillShared(item, into: &p, units: units, assumption: assumption)
        return p
    }

    /// The fields One Call points and days share (days have `temp`/`feels_like` as objects).
    static func fillShared(_ item: Field, units: UnitSystem, assumption: String) throws(DecodeFailure) -> PointValues {
        var p = PointValues()
        try fillShared(item, into: &p, units: units, assumption: assumption)
        return p
    }

    /// Read in the order the API writes them (`temp`, `feels_like`, `pressure`, `humidity`,
    /// `dew_point`, `uvi`, `clouds`, `visibility`, `wind_*`, `weather`), so that each member
    /// lookup starts at the member it is looking for (`JSONValue`'s lookup hint).
    private static func fillShared(_ item: Field, into p: inout PointValues, units: UnitSystem, assumption: String) throws(DecodeFailure) {
        p.pressureHpa = try item.quantity("pressure", { $0 }, Plausibility.pressureHpa)
        p.humidityPct = try item.quantity("humidity", { $0 }, Plausibility.humidityPct)
        p.dewPointC = try item.quantity("dew_point", units.celsius, Plausibility.dewPointC, assumption: assumption)
        p.uvIndex = try item.quantity("uvi", { $0 }, Plausibility.uvIndex)
        p.cloudCoverPct = try item.quantity("clouds", { $0 }, Plausibility.cloudCoverPct)
        p.visibilityM = try item.quantity("visibility", { $0 }, Plausibility.visibilityM)
        p.windSpeedMs = try item.quantity("wind_speed", units.metresPerSecond, Plausibility.windSpeedMs, assumption: assumption)
        p.windDirDeg = try item.quantity("wind_deg", { $0 }, Plausibility.windDirDeg)
        p.windGustMs = try item.quantity("wind_gust", units.metresPerSecond, Plausibility.windGustMs, assumption: assumption)
        (p.condition, p.conditionCode, p.conditionText) = try condition(item)
    }
}
