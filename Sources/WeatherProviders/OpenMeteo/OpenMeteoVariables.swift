import WeatherCore

/// The Open-Meteo variables wxpipe maps, with their legacy names, and unit conversions read
/// from the `*_units` strings. An unknown unit string makes that variable missing (with a
/// warning), never a silent guess (docs/PROVIDERS.md, Open-Meteo).
/// https://open-meteo.com/en/docs
enum OpenMeteoVariable: Int, CaseIterable, Sendable {
    case temp, feelsLike, dewPoint, humidity, pressureMSL, pressureSurface, windSpeed, windGust, windDir
    case cloudCover, visibility, precipitation, rain, showers, snowfall, precipProb, weatherCode, uvIndex
    case tempMax, tempMin, precipSum, rainSum, snowfallSum, precipProbMax, windSpeedMax, windGustMax, windDirDominant, uvIndexMax

    /// One variable of the table: how replies name it, what it measures and its plausible range.
    struct Row: Sendable {
        let variable: OpenMeteoVariable
        /// Names as they appear in replies (current first, then legacy); a multi-model reply
        /// suffixes them with the model (`temperature_2m_icon_d2`).
        let names: [String]
        /// Legacy `current_weather` names: only ever exact, never with a model suffix
        /// (`temperature_80m` is another variable, not `temperature` of a model "80m").
        let exactNames: [String]
        let unit: OpenMeteoUnit
        let range: Plausibility.Range

        init(_ variable: OpenMeteoVariable, _ names: [String], exact exactNames: [String] = [], _ unit: OpenMeteoUnit,
             _ range: Plausibility.Range) {
            (self.variable, self.names, self.exactNames, self.unit, self.range) = (variable, names, exactNames, unit, range)
        }
    }

    /// The one table of the variables wxpipe maps: one row each, in any order.
    static let table: [Row] = [
        Row(.temp, ["temperature_2m"], exact: ["temperature"], .temperature, Plausibility.tempC),
        Row(.feelsLike, ["apparent_temperature"], .temperature, Plausibility.feelsLikeC),
        Row(.dewPoint, ["dew_point_2m", "dewpoint_2m"], .temperature, Plausibility.dewPointC),
        Row(.humidity, ["relative_humidity_2m", "relativehumidity_2m"], .percent, Plausibility.humidityPct),
        Row(.pressureMSL, ["pressure_msl"], .pressure, Plausibility.pressureHpa),
        Row(.pressureSurface, ["surface_pressure"], .pressure, Plausibility.pressureHpa),
        Row(.windSpeed, ["wind_speed_10m", "windspeed_10m"], exact: ["windspeed"], .speed, Plausibility.windSpeedMs),
        Row(.windGust, ["wind_gusts_10m", "windgusts_10m"], .speed, Plausibility.windGustMs),
        Row(.windDir, ["wind_direction_10m", "winddirection_10m"], exact: ["winddirection"], .direction, Plausibility.windDirDeg),
        Row(.cloudCover, ["cloud_cover", "cloudcover"], .percent, Plausibility.cloudCoverPct),
        Row(.visibility, ["visibility"], .distance, Plausibility.visibilityM),
        Row(.precipitation, ["precipitation"], .precipitation, Plausibility.precipMm),
        Row(.rain, ["rain"], .precipitation, Plausibility.precipMm),
        Row(.showers, ["showers"], .precipitation, Plausibility.precipMm),
        Row(.snowfall, ["snowfall"], .snowfall, Plausibility.snowfallCm),
        Row(.precipProb, ["precipitation_probability"], .percent, Plausibility.precipProbPct),
        Row(.weatherCode, ["weather_code", "weathercode"], .weatherCode, OpenMeteoVariable.weatherCodeRange),
        Row(.uvIndex, ["uv_index"], .index, Plausibility.uvIndex),
        Row(.tempMax, ["temperature_2m_max"], .temperature, Plausibility.tempC),
        Row(.tempMin, ["temperature_2m_min"], .temperature, Plausibility.tempC),
        Row(.precipSum, ["precipitation_sum"], .precipitation, Plausibility.precipMm),
        Row(.rainSum, ["rain_sum"], .precipitation, Plausibility.precipMm),
        Row(.snowfallSum, ["snowfall_sum"], .snowfall, Plausibility.snowfallCm),
        Row(.precipProbMax, ["precipitation_probability_max"], .percent, Plausibility.precipProbPct),
        Row(.windSpeedMax, ["wind_speed_10m_max", "windspeed_10m_max"], .speed, Plausibility.windSpeedMs),
        Row(.windGustMax, ["wind_gusts_10m_max", "windgusts_10m_max"], .speed, Plausibility.windGustMs),
        Row(.windDirDominant, ["wind_direction_10m_dominant", "winddirection_10m_dominant"], .direction, Plausibility.windDirDeg),
        Row(.uvIndexMax, ["uv_index_max"], .index, Plausibility.uvIndex),
    ]

    /// WMO codes 0–99 (WMO 4677); the bit is the last of `Plausibility.Range`'s 64.
    static let weatherCodeRange = Plausibility.Range(field: "WMO weather code", low: 0, high: 99, unit: "", bit: 63)

    /// The table's rows by column (`rawValue`, the case's place in the declaration): every
    /// variable has exactly one row, or the first use stops here.
    static let rows: [Row] = {
        var byColumn = [Row?](repeating: nil, count: allCases.count)
        for row in table {
            precondition(byColumn[row.variable.rawValue] == nil, "OpenMeteoVariable.table: \(row.variable) has two rows")
            byColumn[row.variable.rawValue] = row
        }
        return allCases.map { v in
            guard let row = byColumn[v.rawValue] else { preconditionFailure("OpenMeteoVariable.table: \(v) has no row") }
            return row
        }
    }()

    /// The variable's row: an array index, no hashing (read for every column of a reply).
    var row: Row { Self.rows[rawValue] }

    /// The column of array-indexed storage (`VariableColumns`).
    var column: Int { rawValue }

    var range: Plausibility.Range { row.range }

    /// Longest names first, so `temperature_2m_max` is not read as `temperature_2m` + model `max`.
    static let byName: [(name: String, variable: OpenMeteoVariable, exact: Bool)] = table
        .flatMap { row in row.names.map { ($0, row.variable, false) } + row.exactNames.map { ($0, row.variable, true) } }
        .sorted { $0.name.count > $1.name.count }

    /// First parts of suffixes that make another variable, not a model (`cloud_cover_low`,
    /// `temperature_2m_mean`, `precipitation_hours`, `snowfall_water_equivalent`).
    static let notModels: Set<Substring> = ["low", "mid", "high", "max", "min", "mean", "sum", "dominant", "hours",
                                            "probability", "water", "instant", "spread", "height"]

    /// Splits `temperature_2m_icon_d2` into (temp, "icon_d2"); nil for variables not mapped.
    static func parse(_ key: String) -> (OpenMeteoVariable, model: String?)? {
        for (name, v, exact) in byName {
            if key == name { return (v, nil) }
            // The bytes first: `name + "_"` made a String for each of the table's names, per key.
            guard !exact, Self.startsWithNameAndUnderscore(key, name), key.hasPrefix(name + "_") else { continue }
            let model = key.dropFirst(name.count + 1)
            guard let first = model.split(separator: "_").first, !notModels.contains(first),
                  let c = model.first, !c.isNumber else { continue }
            return (v, String(model))
        }
        return nil
    }

    /// Whether `key`'s bytes start with `name`'s and an underscore: true whenever
    /// `key.hasPrefix(name + "_")` is (the names are lower-case ASCII, which no other text is
    /// canonically equivalent to), so it can go first and spare most keys that test.
    static func startsWithNameAndUnderscore(_ key: String, _ name: String) -> Bool {
        let k = key.utf8, n = name.utf8
        guard k.count > n.count, k.starts(with: n) else { return false }
        return k[k.index(k.startIndex, offsetBy: n.count)] == UInt8(ascii: "_")
    }

    /// The conversion to canonical units for a unit string, or nil when the string is not one
    /// this variable can be in.
    func converter(unit: String) -> ((Double) -> Double)? {
        row.unit.converter(unit.trimmingCharacters(in: " "))
    }
}

/// What an Open-Meteo variable measures, which decides the unit strings it may come in; every
/// factor is `Convert`'s (WeatherCore's one table of unit factors).
enum OpenMeteoUnit: Sendable {
    case temperature, speed, precipitation, snowfall, distance, percent, pressure, direction, weatherCode, index

    /// The conversion to canonical units from `unit` (trimmed), or nil when this measure is never in it.
    func converter(_ unit: String) -> ((Double) -> Double)? {
        let u = unit
        switch self {
        case .temperature:
            if u == "°C" { return { $0 } }
            if u == "°F" { return Convert.fahrenheitToCelsius }
        case .speed:
            switch u {
            case "km/h": return Convert.kmhToMs
            case "m/s": return { $0 }
            case "mph", "mp/h": return Convert.mphToMs
            case "kn", "kt", "knots": return Convert.knotsToMs
            default: return nil
            }
        case .precipitation:
            if u == "mm" { return { $0 } }
            if u == "inch" || u == "in" { return Convert.inchesToMm }
        case .snowfall:
            if u == "cm" { return { $0 } }
            if u == "inch" || u == "in" { return Convert.inchesToCm }
            if u == "mm" { return Convert.mmToCm }
        case .distance:
            if u == "m" { return { $0 } }
            if u == "ft" { return Convert.feetToMetres }
        case .percent:
            if u == "%" { return { $0 } }
        case .pressure:
            if u == "hPa" { return { $0 } }
        case .direction:
            if u == "°" { return { $0 } }
        case .weatherCode:
            if u == "wmo code" || u == "" { return { $0 } }
        case .index:
            if u == "" || u == "index" { return { $0 } }
        }
        return nil
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: Character) -> String {
        var s = Substring(self)
        while s.first == set { s.removeFirst() }
        while s.last == set { s.removeLast() }
        return String(s)
    }
}
