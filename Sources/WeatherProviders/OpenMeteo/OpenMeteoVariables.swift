import WeatherCore

/// The Open-Meteo variables wxpipe maps, with their legacy names, and unit conversions read
/// from the `*_units` strings. An unknown unit string makes that variable missing (with a
/// warning), never a silent guess (docs/PROVIDERS.md, Open-Meteo).
/// https://open-meteo.com/en/docs
enum OpenMeteoVariable: String, CaseIterable {
    case temp, feelsLike, dewPoint, humidity, pressureMSL, pressureSurface, windSpeed, windGust, windDir
    case cloudCover, visibility, precipitation, rain, showers, snowfall, precipProb, weatherCode, uvIndex
    case tempMax, tempMin, precipSum, rainSum, snowfallSum, precipProbMax, windSpeedMax, windGustMax, windDirDominant, uvIndexMax

    /// The case's position in `allCases`, for array-indexed columns (a switch, no hashing).
    var position: Int {
        switch self {
        case .temp: return 0
        case .feelsLike: return 1
        case .dewPoint: return 2
        case .humidity: return 3
        case .pressureMSL: return 4
        case .pressureSurface: return 5
        case .windSpeed: return 6
        case .windGust: return 7
        case .windDir: return 8
        case .cloudCover: return 9
        case .visibility: return 10
        case .precipitation: return 11
        case .rain: return 12
        case .showers: return 13
        case .snowfall: return 14
        case .precipProb: return 15
        case .weatherCode: return 16
        case .uvIndex: return 17
        case .tempMax: return 18
        case .tempMin: return 19
        case .precipSum: return 20
        case .rainSum: return 21
        case .snowfallSum: return 22
        case .precipProbMax: return 23
        case .windSpeedMax: return 24
        case .windGustMax: return 25
        case .windDirDominant: return 26
        case .uvIndexMax: return 27
        }
    }

    /// Names as they appear in replies (current first, then legacy).
    var names: [String] {
        switch self {
        case .temp: return ["temperature_2m", "temperature"]
        case .feelsLike: return ["apparent_temperature"]
        case .dewPoint: return ["dew_point_2m", "dewpoint_2m"]
        case .humidity: return ["relative_humidity_2m", "relativehumidity_2m"]
        case .pressureMSL: return ["pressure_msl"]
        case .pressureSurface: return ["surface_pressure"]
        case .windSpeed: return ["wind_speed_10m", "windspeed_10m", "windspeed"]
        case .windGust: return ["wind_gusts_10m", "windgusts_10m"]
        case .windDir: return ["wind_direction_10m", "winddirection_10m", "winddirection"]
        case .cloudCover: return ["cloud_cover", "cloudcover"]
        case .visibility: return ["visibility"]
        case .precipitation: return ["precipitation"]
        case .rain: return ["rain"]
        case .showers: return ["showers"]
        case .snowfall: return ["snowfall"]
        case .precipProb: return ["precipitation_probability"]
        case .weatherCode: return ["weather_code", "weathercode"]
        case .uvIndex: return ["uv_index"]
        case .tempMax: return ["temperature_2m_max"]
        case .tempMin: return ["temperature_2m_min"]
        case .precipSum: return ["precipitation_sum"]
        case .rainSum: return ["rain_sum"]
        case .snowfallSum: return ["snowfall_sum"]
        case .precipProbMax: return ["precipitation_probability_max"]
        case .windSpeedMax: return ["wind_speed_10m_max", "windspeed_10m_max"]
        case .windGustMax: return ["wind_gusts_10m_max", "windgusts_10m_max"]
        case .windDirDominant: return ["wind_direction_10m_dominant", "winddirection_10m_dominant"]
        case .uvIndexMax: return ["uv_index_max"]
        }
    }

    /// Longest names first, so `temperature_2m_max` is not read as `temperature_2m` + model `max`.
    static let byName: [(String, OpenMeteoVariable)] = allCases
        .flatMap { v in v.names.map { ($0, v) } }
        .sorted { $0.0.count > $1.0.count }

    /// Legacy `current_weather` names: only ever exact, never with a model suffix
    /// (`temperature_80m` is another variable, not `temperature` of a model "80m").
    static let exactOnly: Set<String> = ["temperature", "windspeed", "winddirection"]

    /// First parts of suffixes that make another variable, not a model (`cloud_cover_low`,
    /// `temperature_2m_mean`, `precipitation_hours`, `snowfall_water_equivalent`).
    static let notModels: Set<Substring> = ["low", "mid", "high", "max", "min", "mean", "sum", "dominant", "hours",
                                            "probability", "water", "instant", "spread", "height"]

    /// Splits `temperature_2m_icon_d2` into (temp, "icon_d2"); nil for variables not mapped.
    static func parse(_ key: String) -> (OpenMeteoVariable, model: String?)? {
        for (name, v) in byName {
            if key == name { return (v, nil) }
            guard !exactOnly.contains(name), key.hasPrefix(name + "_") else { continue }
            let model = key.dropFirst(name.count + 1)
            guard let first = model.split(separator: "_").first, !notModels.contains(first),
                  let c = model.first, !c.isNumber else { continue }
            return (v, String(model))
        }
        return nil
    }

    var range: Plausibility.Range {
        switch self {
        case .temp, .tempMax, .tempMin: return Plausibility.tempC
        case .feelsLike: return Plausibility.feelsLikeC
        case .dewPoint: return Plausibility.dewPointC
        case .humidity: return Plausibility.humidityPct
        case .pressureMSL, .pressureSurface: return Plausibility.pressureHpa
        case .windSpeed, .windSpeedMax: return Plausibility.windSpeedMs
        case .windGust, .windGustMax: return Plausibility.windGustMs
        case .windDir, .windDirDominant: return Plausibility.windDirDeg
        case .cloudCover: return Plausibility.cloudCoverPct
        case .visibility: return Plausibility.visibilityM
        case .precipitation, .rain, .showers, .precipSum, .rainSum: return Plausibility.precipMm
        case .snowfall, .snowfallSum: return Plausibility.snowfallCm
        case .precipProb, .precipProbMax: return Plausibility.precipProbPct
        case .weatherCode: return Plausibility.Range(field: "WMO weather code", low: 0, high: 99, unit: "", bit: 63)
        case .uvIndex, .uvIndexMax: return Plausibility.uvIndex
        }
    }

    /// The conversion to canonical units for a unit string, or nil when the string is not one
    /// this variable can be in.
    func converter(unit: String) -> ((Double) -> Double)? {
        let u = unit.trimmingCharacters(in: " ")
        switch self {
        case .temp, .tempMax, .tempMin, .feelsLike, .dewPoint:
            if u == "°C" { return { $0 } }
            if u == "°F" { return Convert.fahrenheitToCelsius }
        case .windSpeed, .windGust, .windSpeedMax, .windGustMax:
            switch u {
            case "km/h": return Convert.kmhToMs
            case "m/s": return { $0 }
            case "mph", "mp/h": return Convert.mphToMs
            case "kn", "kt", "knots": return Convert.knotsToMs
            default: return nil
            }
        case .precipitation, .rain, .showers, .precipSum, .rainSum:
            if u == "mm" { return { $0 } }
            if u == "inch" || u == "in" { return Convert.inchesToMm }
        case .snowfall, .snowfallSum:
            if u == "cm" { return { $0 } }
            if u == "inch" || u == "in" { return { $0 * 2.54 } }
            if u == "mm" { return { $0 / 10 } }
        case .visibility:
            if u == "m" { return { $0 } }
            if u == "ft" { return { $0 * 0.3048 } }
        case .humidity, .cloudCover, .precipProb, .precipProbMax:
            if u == "%" { return { $0 } }
        case .pressureMSL, .pressureSurface:
            if u == "hPa" { return { $0 } }
        case .windDir, .windDirDominant:
            if u == "°" { return { $0 } }
        case .weatherCode:
            if u == "wmo code" || u == "" { return { $0 } }
        case .uvIndex, .uvIndexMax:
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
