import WeatherCore

/// Weatherbit v2.0's unit systems (the `units` request parameter), which replies never echo:
/// `M` (the default: °C, m/s, mm, km), `S` (scientific: K, m/s, mm, km) or `I` (°F, mph, in, mi).
/// Pressure is mb (= hPa), humidity, clouds and `pop` 0–100 in all of them.
/// https://www.weatherbit.io/api/requests (units)
enum WeatherbitUnits: String, RequestedUnits {
    case metric = "M", scientific = "S", imperial = "I"

    static let providerName = "Weatherbit"
    static let parameter = "units"
    static let choices = "M, S, I"
    static let apiDefault = WeatherbitUnits.metric
    static let defaultHint = "the API default; set --units imperial (or the pipeline input's \"units\") if the archive used units=I"

    init?(requested: String) { self.init(rawValue: requested.uppercased()) }

    static func forSetting(_ units: UnitSystem) -> WeatherbitUnits {
        switch units {
        case .metric: return .metric
        case .standard: return .scientific
        case .imperial: return .imperial
        }
    }

    func celsius(_ v: Double) -> Double {
        switch self {
        case .metric: return v
        case .scientific: return v - UnitFactor.kelvinOffset
        case .imperial: return Convert.fahrenheitToCelsius(v)
        }
    }

    func metresPerSecond(_ v: Double) -> Double { self == .imperial ? Convert.mphToMs(v) : v }
    /// `precip` (amounts, and the current rate per hour): in → mm.
    func millimetres(_ v: Double) -> Double { self == .imperial ? Convert.inchesToMm(v) : v }
    /// Daily `snow` (snowfall): mm or in → cm.
    func snowCentimetres(_ v: Double) -> Double { self == .imperial ? Convert.inchesToCm(v) : Convert.mmToCm(v) }
    func metres(_ v: Double) -> Double { self == .imperial ? Convert.milesToMetres(v) : Convert.kmToMetres(v) }
}
