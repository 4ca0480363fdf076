import WeatherCore

/// The Weather Company v3's unit systems (the `units` request parameter, never echoed):
/// `e` (English: °F, mph, in, mi), `m` (metric: °C, km/h, mm, snow cm, km), `h` (UK hybrid: °C,
/// mph, mm, km) and `s` (metric SI: as `m` with m/s wind). `pressureMeanSeaLevel` is mb in all,
/// humidity, cloud cover and `precipChance` are 0–100.
/// https://www.ibm.com/docs/en/environmental-intel-suite?topic=fa-intraday-forecast-3-day-5-day-7-day-10-day (units)
enum TWCUnits: String, RequestedUnits {
    case english = "e", metric = "m", hybrid = "h", si = "s"

    static let providerName = "Weather Company"
    static let parameter = "units"
    static let choices = "e, m, h, s"
    static let apiDefault = TWCUnits.english
    /// `units` is a required parameter: a recorded URL without it says nothing about the reply.
    static let urlWithoutParameterIsDefault = false
    static let defaultHint = "no units= known; set --units metric (m) or standard (s) if the archive used them"

    init?(requested: String) { self.init(rawValue: requested.lowercased()) }

    static func forSetting(_ units: UnitSystem) -> TWCUnits {
        switch units {
        case .imperial: return .english
        case .metric: return .metric
        case .standard: return .si
        }
    }

    func celsius(_ v: Double) -> Double { self == .english ? Convert.fahrenheitToCelsius(v) : v }

    func metresPerSecond(_ v: Double) -> Double {
        switch self {
        case .english, .hybrid: return Convert.mphToMs(v)
        case .metric: return Convert.kmhToMs(v)
        case .si: return v
        }
    }

    /// `qpf`, `precip1Hour`: in or mm.
    func millimetres(_ v: Double) -> Double { self == .english ? Convert.inchesToMm(v) : v }
    /// `qpfSnow`: in or cm.
    func snowCentimetres(_ v: Double) -> Double { self == .english ? Convert.inchesToCm(v) : v }
    /// `visibility`: mi or km.
    func metres(_ v: Double) -> Double { self == .english ? Convert.milesToMetres(v) : Convert.kmToMetres(v) }
}
