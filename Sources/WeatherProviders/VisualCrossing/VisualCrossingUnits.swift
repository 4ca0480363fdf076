import WeatherCore

/// Visual Crossing's unit groups (the `unitGroup` request parameter), which replies never echo
/// (https://www.visualcrossing.com/resources/documentation/weather-api/unit-groups-and-measurement-units/):
///
/// us (the default): °F, mph, in (precipitation and snow), miles · metric: °C, km/h, mm, cm of
/// snow, km · uk: °C, mph, mm, cm of snow, miles · base: K, m/s, mm, cm of snow, km. Pressure is
/// mb (= hPa) in all of them; humidity, cloud cover and `precipprob` are 0–100.
enum VisualCrossingUnits: String, RequestedUnits {
    case us, metric, uk, base

    static let providerName = "Visual Crossing"
    static let parameter = "unitGroup"
    static let noun = "unit group"
    static let choices = "us, metric, uk, base"
    static let apiDefault = VisualCrossingUnits.us
    static let defaultHint = "the API default; set --units metric (or the pipeline input's \"units\") if the archive used unitGroup=metric"

    init?(requested: String) { self.init(rawValue: requested.lowercased()) }

    static func forSetting(_ units: UnitSystem) -> VisualCrossingUnits {
        switch units {
        case .metric: return .metric
        case .imperial: return .us
        case .standard: return .base
        }
    }

    func celsius(_ v: Double) -> Double {
        switch self {
        case .us: return Convert.fahrenheitToCelsius(v)
        case .metric, .uk: return v
        case .base: return v - UnitFactor.kelvinOffset
        }
    }

    func metresPerSecond(_ v: Double) -> Double {
        switch self {
        case .us, .uk: return Convert.mphToMs(v)
        case .metric: return Convert.kmhToMs(v)
        case .base: return v
        }
    }

    /// `precip`: inches or mm → mm.
    func millimetres(_ v: Double) -> Double { self == .us ? Convert.inchesToMm(v) : v }

    /// `snow` (snowfall depth): inches or cm → cm.
    func centimetres(_ v: Double) -> Double { self == .us ? Convert.inchesToCm(v) : v }

    /// `visibility`: miles or km → m.
    func metres(_ v: Double) -> Double {
        switch self {
        case .us, .uk: return Convert.milesToMetres(v)
        case .metric, .base: return Convert.kmToMetres(v)
        }
    }
}
