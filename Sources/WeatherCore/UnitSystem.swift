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
        case .standard: return value - UnitFactor.kelvinOffset
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

/// The one table of unit factors: decoders convert into the canonical units with them
/// (`Convert`) and exports convert out of them (`WeatherExport.Units`), so no factor is
/// written twice. Exact by definition unless said: 1 in = 25.4 mm, 1 mph = 0.44704 m/s,
/// 1 mi = 1609.344 m and 1 ft = 0.3048 m (international yard, 1959), 1 kn = 1852 m/h.
public enum UnitFactor {
    public static let mmPerInch = 25.4
    public static let cmPerInch = 2.54
    public static let mmPerCm = 10.0
    public static let mmPerMetre = 1000.0
    public static let metresPerKm = 1000.0
    public static let metresPerFoot = 0.3048
    public static let paPerHPa = 100.0
    public static let msPerMph = 0.44704
    public static let kmhPerMs = 3.6
    public static let msPerKnot = 1852.0 / 3600.0
    public static let metresPerMile = 1609.344
    /// hPa per inch of mercury at 0 °C (33.8639, as METAR altimeter settings are converted).
    public static let hPaPerInHg = 33.8639
    /// inHg per hPa as weather services round it for display (0.02953).
    public static let inHgPerHPa = 0.0295300
    /// hPa per millimetre of mercury (133.322 Pa, the conventional millimetre of mercury).
    public static let hPaPerMmHg = 1.33322
    public static let kelvinOffset = 273.15
}

/// Unit conversions to the canonical units (°C, m/s, hPa, mm, %, m), from `UnitFactor`.
///
/// Results are never rounded: 0.055 mm stays 0.055 and 285.514 K is 12.364 °C (to
/// floating-point accuracy). Rounding to 2 decimals biased drizzle totals upward by up to 9 %,
/// since hourly amounts of a few hundredths of a millimetre were summed after rounding; formatting for people belongs to the CSV writer and the report.
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
    public static func mphToMs(_ mph: Double) -> Double { mph * UnitFactor.msPerMph }
    public static func kmhToMs(_ kmh: Double) -> Double { kmh / UnitFactor.kmhPerMs }
    public static func knotsToMs(_ kn: Double) -> Double { kn * UnitFactor.msPerKnot }
    public static func inchesToMm(_ inches: Double) -> Double { inches * UnitFactor.mmPerInch }
    public static func inchesToCm(_ inches: Double) -> Double { inches * UnitFactor.cmPerInch }
    public static func milesToMetres(_ miles: Double) -> Double { miles * UnitFactor.metresPerMile }
    public static func feetToMetres(_ feet: Double) -> Double { feet * UnitFactor.metresPerFoot }
    public static func kmToMetres(_ km: Double) -> Double { km * UnitFactor.metresPerKm }
    public static func mmToMetres(_ mm: Double) -> Double { mm / UnitFactor.mmPerMetre }
    public static func metresToMm(_ m: Double) -> Double { m * UnitFactor.mmPerMetre }
    public static func mmToCm(_ mm: Double) -> Double { mm / UnitFactor.mmPerCm }
    public static func cmToMm(_ cm: Double) -> Double { cm * UnitFactor.mmPerCm }
    public static func paToHPa(_ pa: Double) -> Double { pa / UnitFactor.paPerHPa }
    public static func inHgToHPa(_ inHg: Double) -> Double { inHg * UnitFactor.hPaPerInHg }
    public static func mmHgToHPa(_ mmHg: Double) -> Double { mmHg * UnitFactor.hPaPerMmHg }
    public static func fractionToPercent(_ f: Double) -> Double { f * 100 }
}
