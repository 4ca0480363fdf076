/// OpenWeatherMap's unit systems (the `units=` query parameter).
///
/// OWM bodies never say which units they are in, so every record keeps which system was
/// assumed and where that assumption came from (`UnitsSource`).
/// Spec: https://openweathermap.org/current#data
public enum UnitSystem: String, Sendable, CaseIterable {
    /// Kelvin, m/s (the API's default when `units` is absent).
    case standard
    /// °C, m/s.
    case metric
    /// °F, mph.
    case imperial

    public func celsius(_ value: Double) -> Double {
        switch self {
        case .standard: return value - 273.15
        case .metric: return value
        case .imperial: return Convert.fahrenheitToCelsius(value)
        }
    }

    public func metresPerSecond(_ value: Double) -> Double {
        switch self {
        case .standard, .metric: return value
        case .imperial: return Convert.mphToMs(value)
        }
    }

    public var temperatureName: String {
        switch self {
        case .standard: return "Kelvin"
        case .metric: return "°C"
        case .imperial: return "°F"
        }
    }
}

/// Where the units of a record came from: stored with it (`units_source`) beside the units
/// assumed, so a wrong assumption can be found and the records re-ingested.
public enum UnitsSource: String, Sendable, CaseIterable {
    /// The body declares them: Dark Sky / Pirate Weather `flags.units`.
    case flags = "flags"
    /// The body declares them: WeatherKit `metadata.units` of each data set.
    case metadata = "metadata"
    /// The body declares them per variable: Open-Meteo's `*_units` blocks.
    case unitsBlock = "units_block"
    /// The collector's envelope URL (`units=`, or a recorded URL without it: the API default was
    /// in force). OpenWeatherMap bodies never say their units.
    case envelopeURL = "envelope_url"
    /// The command line (`--units`) or the pipeline input's `units` (OpenWeatherMap).
    case input = "input"
    /// Nothing said: the API's documented default (OWM `standard`, Dark Sky `us`, WeatherKit `m`,
    /// Open-Meteo °C and km/h for the legacy `current_weather` without an hourly units block).
    case `default` = "default"
}

/// Unit conversions to the canonical units (°C, m/s, hPa, mm, %, m).
///
/// Results are never rounded: 0.055 mm stays 0.055 and 285.514 K is 12.364 °C (to
/// floating-point accuracy). Rounding to 2 decimals biased drizzle totals upward by up to 9 %
/// (issue 11); formatting for people belongs to the CSV writer and the report.
public enum Convert {
    /// Rounds to `places` decimals: for people-facing output and derived figures, never for
    /// stored measurements.
    @inline(__always)
    public static func round(_ value: Double, _ places: Int) -> Double {
        let scale = places == 2 ? 100.0 : places == 3 ? 1000.0 : places == 1 ? 10.0 : pow10(places)
        return (value * scale).rounded() / scale
    }

    private static func pow10(_ n: Int) -> Double {
        var v = 1.0
        for _ in 0..<n { v *= 10 }
        return v
    }

    public static func fahrenheitToCelsius(_ f: Double) -> Double { (f - 32) * 5 / 9 }
    public static func mphToMs(_ mph: Double) -> Double { mph * 0.44704 }
    public static func kmhToMs(_ kmh: Double) -> Double { kmh / 3.6 }
    public static func knotsToMs(_ kn: Double) -> Double { kn * (1852.0 / 3600.0) }
    public static func inchesToMm(_ inches: Double) -> Double { inches * 25.4 }
    public static func milesToMetres(_ miles: Double) -> Double { miles * 1609.344 }
    public static func fractionToPercent(_ f: Double) -> Double { f * 100 }
}
