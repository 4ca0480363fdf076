import WeatherJSON
import WeatherCore

/// The keys of one METAR in each JSON shape: the same quantities under different names.
struct METARKeys: Sendable {
    var station, latitude, longitude, temp, dewPoint, windDir, windSpeed, windGust, visibility, pressure: String
    var pressureInHg: Bool
    var precipitation: [(key: String, hours: Double)]
    var max6h, min6h, max24h, min24h, weather: String
    /// The station's elevation in metres.
    var elevation: String

    /// aviationweather.gov Data API (`/api/data/metar`, 2023 on).
    static let dataAPI = METARKeys(
        station: "icaoId", latitude: "lat", longitude: "lon", temp: "temp", dewPoint: "dewp", windDir: "wdir",
        windSpeed: "wspd", windGust: "wgst", visibility: "visib", pressure: "altim", pressureInHg: false,
        precipitation: [("precip", 1), ("pcp3hr", 3), ("pcp6hr", 6), ("pcp24hr", 24)],
        max6h: "maxT", min6h: "minT", max24h: "maxT24", min24h: "minT24", weather: "wxString", elevation: "elev")

    /// ADDS Text Data Server `metar1_2.xsd`, converted from XML (retired 2023).
    static let adds = METARKeys(
        station: "station_id", latitude: "latitude", longitude: "longitude", temp: "temp_c", dewPoint: "dewpoint_c",
        windDir: "wind_dir_degrees", windSpeed: "wind_speed_kt", windGust: "wind_gust_kt",
        visibility: "visibility_statute_mi", pressure: "altim_in_hg", pressureInHg: true,
        precipitation: [("precip_in", 1), ("pcp3hr_in", 3), ("pcp6hr_in", 6), ("pcp24hr_in", 24)],
        max6h: "maxT_c", min6h: "minT_c", max24h: "maxT24hr_c", min24h: "minT24hr_c", weather: "wx_string", elevation: "elevation_m")
}

/// One METAR or SPECI decoded into an observation.
struct METARReport {
    var stationID: String
    var observation: Observation

    /// A trace of precipitation (`P0000`, `60000`) is written as 0.005 in.
    static let traceInches = 0.005

    static func dataAPI(_ f: Field) throws(DecodeFailure) -> METARReport {
        let observedAt = try f.requiredInstant("obsTime")
        var r = try read(f, keys: .dataAPI, observedAt: observedAt)
        r.observation.placeName = try f.optionalString("name").flatMap { $0.isEmpty ? nil : $0 }
        var cover = try f.optionalString("cover")
        if cover == nil { cover = try f.items("clouds").last?.optionalString("cover") }
        r.applyCover(cover)
        return r
    }

    static func adds(_ f: Field) throws(DecodeFailure) -> METARReport {
        let observedAt = try f.requiredISOInstant("observation_time")
        var r = try read(f, keys: .adds, observedAt: observedAt)
        let layers = try f.optional("sky_condition").map { s throws(DecodeFailure) in s.value.kind == .array ? try s.array() : [s] } ?? []
        r.applyCover(layers.last.flatMap { $0.value["_sky_cover"]?.string })
        return r
    }

    static func read(_ f: Field, keys k: METARKeys, observedAt: Int64) throws(DecodeFailure) -> METARReport {
        let station = try f.required(k.station).string()
        let lat = try f.required(k.latitude).metarNumber(), lon = try f.required(k.longitude).metarNumber()
        try f.required(k.latitude).check(lat, Plausibility.latitude, raw: lat)
        try f.required(k.longitude).check(lon, Plausibility.longitude, raw: lon)
        var o = Observation(provider: "metar", product: "observations", observedAt: observedAt, latitude: lat, longitude: lon)
        o.stationID = station
        o.unitsAssumed = k.pressureInHg ? "metar-adds" : "metar"
        o.unitsSource = .default
        var v = PointValues()
        v.tempC = try f.metarQuantity(k.temp, { $0 }, Plausibility.tempC)
        v.dewPointC = try f.metarQuantity(k.dewPoint, { $0 }, Plausibility.dewPointC)
        v.windSpeedMs = try f.metarQuantity(k.windSpeed, Convert.knotsToMs, Plausibility.windSpeedMs)
        v.windGustMs = try f.metarQuantity(k.windGust, Convert.knotsToMs, Plausibility.windGustMs)
        v.windDirDeg = try windDirection(f, k.windDir, speedMs: v.windSpeedMs)
        v.visibilityM = try visibility(f, k.visibility)
        v.pressureHpa = try f.metarQuantity(k.pressure, k.pressureInHg ? Convert.inHgToHPa : { $0 },
                                            Plausibility.pressureHpa)
        if let wx = try f.optionalString(k.weather), !wx.isEmpty {
            (v.condition, v.conditionCode, v.conditionText) = (METARConditions.condition(weather: wx), wx, wx)
        }
        v.apply(to: &o)
        o.tempMax6hC = try f.metarQuantity(k.max6h, { $0 }, Plausibility.tempC)
        o.tempMin6hC = try f.metarQuantity(k.min6h, { $0 }, Plausibility.tempC)
        o.tempMax24hC = try f.metarQuantity(k.max24h, { $0 }, Plausibility.tempC)
        o.tempMin24hC = try f.metarQuantity(k.min24h, { $0 }, Plausibility.tempC)
        o.elevationM = try f.metarQuantity(k.elevation, { $0 }, Plausibility.elevationM)
        try readPrecipitation(f, keys: k, into: &o)
        return METARReport(stationID: station, observation: o)
    }

    /// The shortest window reported (1 h before 3, 6, 24 h), in mm; a trace is 0 mm, flagged.
    static func readPrecipitation(_ f: Field, keys k: METARKeys, into o: inout Observation) throws(DecodeFailure) {
        for (key, hours) in k.precipitation {
            guard let inches = try f.metarQuantity(key, { $0 }, Plausibility.precipMm) else { continue }
            o.precipTrace = inches == traceInches
            o.precipMm = o.precipTrace ? 0 : Convert.inchesToMm(inches)
            try f.required(key).check(o.precipMm!, Plausibility.precipMm, raw: inches, assumption: "inches")
            o.precipWindowH = hours
            return
        }
    }

    /// Degrees, or missing for variable wind: `"VRB"`, or ADDS's `"0"` with a wind blowing
    /// (a real north wind is 360; 0 with no wind is calm).
    static func windDirection(_ f: Field, _ key: String, speedMs: Double?) throws(DecodeFailure) -> Double? {
        guard let d = f.optional(key) else { return nil }
        if d.value.string == "VRB" { return nil }
        let deg = try d.metarNumber()
        try d.check(deg, Plausibility.windDirDeg, raw: deg)
        return deg == 0 && (speedMs ?? 0) > 0 ? nil : deg
    }

    /// Statute miles, as a number or `"10+"`/`"6+"` (at least that much: the bound is stored).
    static func visibility(_ f: Field, _ key: String) throws(DecodeFailure) -> Double? {
        guard let v = f.optional(key) else { return nil }
        var miles: Double
        if let text = v.value.string, text.hasSuffix("+"), let bound = Double(text.dropLast()) {
            miles = bound
        } else {
            miles = try v.metarNumber()
        }
        miles = Convert.milesToMetres(miles)
        try v.check(miles, Plausibility.visibilityM, raw: miles)
        return miles
    }

    /// Sky cover as the condition when no weather was reported.
    mutating func applyCover(_ cover: String?) {
        guard observation.condition == nil, let cover, let c = METARConditions.cover[cover] else { return }
        observation.condition = c
        observation.conditionCode = cover
    }
}

extension Field {
    /// A number, or a number written as a string (ADDS converted from XML: `"7.0"`).
    func metarNumber() throws(DecodeFailure) -> Double {
        if let n = value.number { return n }
        if let s = value.string, let n = Double(s), n.isFinite { return n }
        throw typeError("a number (or a numeric string)")
    }

    /// An optional METAR quantity (absent, `null` and `""` are missing), converted and checked.
    func metarQuantity(_ key: String, _ convert: (Double) -> Double, _ range: Plausibility.Range) throws(DecodeFailure) -> Double? {
        guard let f = optional(key), f.value.string != "" else { return nil }
        let raw = try f.metarNumber()
        let v = convert(raw)
        try f.check(v, range, raw: raw)
        return v
    }
}
