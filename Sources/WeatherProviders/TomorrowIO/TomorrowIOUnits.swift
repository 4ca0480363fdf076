import WeatherCore

/// Tomorrow.io v4's unit systems (the `units` request parameter), which replies never echo
/// (https://docs.tomorrow.io/reference/data-layers-overview): metric (the default: °C, m/s, mm,
/// mm/h, km, hPa) or imperial (°F, mph, in, in/h, mi, inHg). Humidity, cloud cover and
/// precipitation probability are 0–100 in both.
enum TomorrowIOUnits: String, RequestedUnits {
    case metric, imperial

    static let providerName = "Tomorrow.io"
    static let parameter = "units"
    static let choices = "metric, imperial"
    static let apiDefault = TomorrowIOUnits.metric
    static let defaultHint = "the API default; set --units imperial (or the pipeline input's \"units\") if the archive used units=imperial"

    init?(requested: String) { self.init(rawValue: requested.lowercased()) }

    /// Imperial → imperial; metric, and OpenWeatherMap's standard, which Tomorrow.io does not have → metric.
    static func forSetting(_ units: UnitSystem) -> TomorrowIOUnits { units == .imperial ? .imperial : .metric }

    func celsius(_ v: Double) -> Double { self == .imperial ? Convert.fahrenheitToCelsius(v) : v }
    func metresPerSecond(_ v: Double) -> Double { self == .imperial ? Convert.mphToMs(v) : v }
    /// Amounts and rates: in or in/h → mm or mm/h.
    func millimetres(_ v: Double) -> Double { self == .imperial ? Convert.inchesToMm(v) : v }
    /// `snowAccumulation` is snow depth: in or mm → cm.
    func snowCentimetres(_ v: Double) -> Double { self == .imperial ? Convert.inchesToCm(v) : Convert.mmToCm(v) }
    func metres(_ v: Double) -> Double { self == .imperial ? Convert.milesToMetres(v) : Convert.kmToMetres(v) }
    func hectopascals(_ v: Double) -> Double { self == .imperial ? Convert.inHgToHPa(v) : v }
}
