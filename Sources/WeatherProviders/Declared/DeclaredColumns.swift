import WeatherCore

/// What a format file may name as a value: a column of the store's `observations` or
/// `forecasts`, with the record property it fills and its plausible range.
///
/// Which names are columns is the store's declaration, handed in by the pipeline
/// (`DeclaredFormat.Columns`: WeatherProviders does not import the store); this table only says
/// how a column is filled. A test checks that every measured column of both declarations is
/// here or is filled by the format's structure (a window's length), so a new column cannot be
/// silently unreachable from format files.
enum DeclaredColumns {
    /// A key path into a record, shared by every decoding thread: key paths into value types
    /// are immutable, Swift only does not mark them `Sendable`.
    struct Property<Record, Value>: @unchecked Sendable {
        let keyPath: WritableKeyPath<Record, Value>
        init(_ keyPath: WritableKeyPath<Record, Value>) { self.keyPath = keyPath }
    }

    struct Measure<Record>: @unchecked Sendable {
        let property: WritableKeyPath<Record, Double?>
        let range: Plausibility.Range
    }

    static let observation: [String: Measure<Observation>] = [
        "temp_c": .init(property: \.tempC, range: Plausibility.tempC),
        "feels_like_c": .init(property: \.feelsLikeC, range: Plausibility.feelsLikeC),
        "dew_point_c": .init(property: \.dewPointC, range: Plausibility.dewPointC),
        "pressure_hpa": .init(property: \.pressureHpa, range: Plausibility.pressureHpa),
        "humidity_pct": .init(property: \.humidityPct, range: Plausibility.humidityPct),
        "wind_speed_ms": .init(property: \.windSpeedMs, range: Plausibility.windSpeedMs),
        "wind_gust_ms": .init(property: \.windGustMs, range: Plausibility.windGustMs),
        "wind_dir_deg": .init(property: \.windDirDeg, range: Plausibility.windDirDeg),
        "cloud_cover_pct": .init(property: \.cloudCoverPct, range: Plausibility.cloudCoverPct),
        "visibility_m": .init(property: \.visibilityM, range: Plausibility.visibilityM),
        "uv_index": .init(property: \.uvIndex, range: Plausibility.uvIndex),
        "rain_mm": .init(property: \.rainMm, range: Plausibility.precipMm),
        "snow_mm": .init(property: \.snowMm, range: Plausibility.precipMm),
        "precip_mm": .init(property: \.precipMm, range: Plausibility.precipMm),
        "precip_rate_mmh": .init(property: \.precipRateMmh, range: Plausibility.precipRateMmh),
        "temp_max_6h_c": .init(property: \.tempMax6hC, range: Plausibility.tempC),
        "temp_min_6h_c": .init(property: \.tempMin6hC, range: Plausibility.tempC),
        "temp_max_24h_c": .init(property: \.tempMax24hC, range: Plausibility.tempC),
        "temp_min_24h_c": .init(property: \.tempMin24hC, range: Plausibility.tempC),
        "temp_max_c": .init(property: \.tempMaxC, range: Plausibility.tempC),
        "temp_min_c": .init(property: \.tempMinC, range: Plausibility.tempC),
    ]

    static let forecast: [String: Measure<Forecast>] = [
        "temp_c": .init(property: \.tempC, range: Plausibility.tempC),
        "temp_max_c": .init(property: \.tempMaxC, range: Plausibility.tempC),
        "temp_min_c": .init(property: \.tempMinC, range: Plausibility.tempC),
        "feels_like_c": .init(property: \.feelsLikeC, range: Plausibility.feelsLikeC),
        "dew_point_c": .init(property: \.dewPointC, range: Plausibility.dewPointC),
        "humidity_pct": .init(property: \.humidityPct, range: Plausibility.humidityPct),
        "pressure_hpa": .init(property: \.pressureHpa, range: Plausibility.pressureHpa),
        "wind_speed_ms": .init(property: \.windSpeedMs, range: Plausibility.windSpeedMs),
        "wind_gust_ms": .init(property: \.windGustMs, range: Plausibility.windGustMs),
        "wind_dir_deg": .init(property: \.windDirDeg, range: Plausibility.windDirDeg),
        "cloud_cover_pct": .init(property: \.cloudCoverPct, range: Plausibility.cloudCoverPct),
        "visibility_m": .init(property: \.visibilityM, range: Plausibility.visibilityM),
        "precip_mm": .init(property: \.precipMm, range: Plausibility.precipMm),
        "precip_rate_mmh": .init(property: \.precipRateMmh, range: Plausibility.precipRateMmh),
        "precip_prob_pct": .init(property: \.precipProbPct, range: Plausibility.precipProbPct),
        "snowfall_cm": .init(property: \.snowfallCm, range: Plausibility.snowfallCm),
        "uv_index": .init(property: \.uvIndex, range: Plausibility.uvIndex),
        "wind_speed_max_ms": .init(property: \.windSpeedMaxMs, range: Plausibility.windSpeedMs),
    ]

    /// Text columns a format may fill as they are written (numbers become their text).
    static let observationText: [String: Property<Observation, String?>] = [
        "condition_code": .init(\.conditionCode), "condition_text": .init(\.conditionText),
    ]
    static let forecastText: [String: Property<Forecast, String?>] = [
        "condition_code": .init(\.conditionCode), "condition_text": .init(\.conditionText),
    ]

    /// Observed columns whose value covers a window ending at the record's time: the format
    /// says how long (`period_hours`), and the window's column is filled from it.
    static let observationWindows: [String: (column: String, property: Property<Observation, Double?>)] = [
        "precip_mm": ("precip_window_h", .init(\.precipWindowH)), "rain_mm": ("precip_window_h", .init(\.precipWindowH)),
        "snow_mm": ("precip_window_h", .init(\.precipWindowH)),
        "temp_max_c": ("extremes_window_h", .init(\.extremesWindowH)), "temp_min_c": ("extremes_window_h", .init(\.extremesWindowH)),
    ]

    /// Columns filled by the format's structure rather than by a value, with what fills them.
    static let structural: [String: String] = [
        "precip_window_h": "period_hours of precip_mm, rain_mm or snow_mm",
        "extremes_window_h": "period_hours of temp_max_c or temp_min_c",
        "observed_at_utc": "time", "issued_at_utc": "issued", "valid_from_utc": "time and period", "valid_to_utc": "time and period",
        "valid_at_utc": "time and period", "lat": "location.lat", "lon": "location.lon", "place_name": "location.name",
        "country": "location.country", "timezone": "location.timezone or time.zone", "utc_offset_s": "time.offset_path",
        "location_id": "location.id", "provider": "format", "product": "format", "period": "period", "period_hours": "period",
        "target_date": "period",
    ]

    /// The names a format may set for `role`, sorted (for messages).
    static func settable(_ role: ProductRole) -> [String] {
        let names = role == .forecast ? Array(forecast.keys) + Array(forecastText.keys) : Array(observation.keys) + Array(observationText.keys)
        return names.sorted()
    }

    static func isText(_ column: String, role: ProductRole) -> Bool {
        role == .forecast ? forecastText[column] != nil : observationText[column] != nil
    }

    static func range(_ column: String, role: ProductRole) -> Plausibility.Range? {
        role == .forecast ? forecast[column]?.range : observation[column]?.range
    }
}

/// The unit names a format file may write, by what a column measures (told by the column's unit
/// suffix, the store's convention: `temp_c`, `wind_speed_ms`), each converted to the column's
/// unit with WeatherCore's `Convert` — the factors every decoder and export uses.
enum DeclaredUnit {
    enum Quantity: String, Sendable {
        case temperature, speed, pressure, precipitation, rate = "precipitation rate", snowDepth = "snow depth", distance, percent, angle, index
    }

    /// What `column` measures, from its suffix (longest first: `_mmh` before `_mm`).
    static func quantity(of column: String) -> Quantity {
        if column.hasSuffix("_mmh") { return .rate }
        if column.hasSuffix("_mm") { return .precipitation }
        if column.hasSuffix("_cm") { return .snowDepth }
        if column.hasSuffix("_ms") { return .speed }
        if column.hasSuffix("_hpa") { return .pressure }
        if column.hasSuffix("_pct") { return .percent }
        if column.hasSuffix("_deg") { return .angle }
        if column.hasSuffix("_c") { return .temperature }
        if column.hasSuffix("_m") { return .distance }
        return .index
    }

    typealias Conversion = @Sendable (Double) -> Double

    /// Every unit name of each quantity and its conversion; the first name is the canonical one.
    static let names: [Quantity: [(String, Conversion)]] = [
        .temperature: [("°C", { $0 }), ("C", { $0 }), ("degC", { $0 }), ("celsius", { $0 }),
                       ("°F", Convert.fahrenheitToCelsius), ("F", Convert.fahrenheitToCelsius), ("degF", Convert.fahrenheitToCelsius),
                       ("fahrenheit", Convert.fahrenheitToCelsius), ("K", { $0 - UnitFactor.kelvinOffset }), ("kelvin", { $0 - UnitFactor.kelvinOffset })],
        .speed: [("m/s", { $0 }), ("km/h", Convert.kmhToMs), ("kmh", Convert.kmhToMs), ("mph", Convert.mphToMs), ("mp/h", Convert.mphToMs),
                 ("mi/h", Convert.mphToMs), ("kn", Convert.knotsToMs), ("kt", Convert.knotsToMs), ("knots", Convert.knotsToMs)],
        .pressure: [("hPa", { $0 }), ("mb", { $0 }), ("mbar", { $0 }), ("Pa", Convert.paToHPa), ("inHg", Convert.inHgToHPa)],
        .precipitation: [("mm", { $0 }), ("cm", Convert.cmToMm), ("in", Convert.inchesToMm), ("inch", Convert.inchesToMm)],
        .rate: [("mm/h", { $0 }), ("in/h", Convert.inchesToMm)],
        .snowDepth: [("cm", { $0 }), ("mm", Convert.mmToCm), ("in", Convert.inchesToCm), ("inch", Convert.inchesToCm)],
        .distance: [("m", { $0 }), ("km", Convert.kmToMetres), ("mi", Convert.milesToMetres), ("ft", Convert.feetToMetres)],
        .percent: [("%", { $0 }), ("fraction", Convert.fractionToPercent)],
        .angle: [("°", { $0 }), ("deg", { $0 })],
        .index: [("index", { $0 })],
    ]

    /// The conversion of `unit` for `column`; nil: the column's quantity is never in that unit.
    static func conversion(_ unit: String, for column: String) -> Conversion? {
        names[quantity(of: column)]?.first { $0.0 == unit }?.1
    }

    static func known(for column: String) -> [String] {
        names[quantity(of: column)]?.map(\.0) ?? []
    }
}
