import WeatherCore

/// Meteosource's unit systems (the `units` request parameter, https://www.meteosource.com/documentation):
/// `metric` (°C, m/s, mm, km, hPa), `us` (°F, mph, in, mi), `uk` (metric with mph and miles),
/// `ca` (metric with km/h) and `auto` (the default: one of those by the point's country).
/// Pressure is hPa in all of them as far as the replies show; the recorded replies are all
/// metric, so the other systems follow the documentation only.
enum MeteosourceUnits: String, RequestedUnits {
    case metric, us, uk, ca

    static let providerName = "Meteosource"
    static let parameter = "units"
    static let choices = "auto, metric, us, uk, ca"
    /// `auto` gives metric outside the US, the UK and Canada; marked as the default, so the
    /// assumption is visible.
    static let apiDefault = MeteosourceUnits.metric
    /// A recorded URL without `units=` asked for `auto`, which says nothing about the point's system.
    static let urlWithoutParameterIsDefault = false
    static let defaultHint = "the API default (auto, metric outside the US, UK and Canada); set --units imperial if the archive used units=us"

    static func leavesChoiceToAPI(_ value: String) -> Bool { value.lowercased() == "auto" }

    init?(requested: String) { self.init(rawValue: requested.lowercased()) }

    /// Imperial → us; metric and standard → metric.
    static func forSetting(_ units: UnitSystem) -> MeteosourceUnits { units == .imperial ? .us : .metric }

    /// The reply's own `units` when it echoes one, else the rule of every requested system.
    static func resolve(body: String?, envelope: Envelope?, context: DecodeContext) throws(DecodeFailure) -> (MeteosourceUnits, UnitsSource) {
        if let body, let units = MeteosourceUnits(rawValue: body.lowercased()) { return (units, .metadata) }
        return try resolve(envelope: envelope, context: context)
    }

    func celsius(_ v: Double) -> Double { self == .us ? Convert.fahrenheitToCelsius(v) : v }

    func metresPerSecond(_ v: Double) -> Double {
        switch self {
        case .metric: return v
        case .us, .uk: return Convert.mphToMs(v)
        case .ca: return Convert.kmhToMs(v)
        }
    }

    func millimetres(_ v: Double) -> Double { self == .us ? Convert.inchesToMm(v) : v }
    func metres(_ v: Double) -> Double { self == .us || self == .uk ? Convert.milesToMetres(v) : Convert.kmToMetres(v) }
}
