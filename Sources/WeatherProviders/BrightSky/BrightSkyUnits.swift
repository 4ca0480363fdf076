import WeatherCore

/// Bright Sky's unit systems (the `units` request parameter), which replies never echo
/// (https://brightsky.dev/docs, `units`): `dwd` (the default: °C, hPa, km/h, mm, visibility m)
/// or `si` (K, Pa, m/s, mm, visibility m). Humidity, cloud cover and probabilities are 0–100 in
/// both.
enum BrightSkyUnits: String, RequestedUnits {
    case dwd, si

    static let providerName = "Bright Sky"
    static let parameter = "units"
    static let choices = "dwd, si"
    static let apiDefault = BrightSkyUnits.dwd
    static let defaultHint = "the API default; set --units standard (or the pipeline input's \"units\") if the archive used units=si"

    init?(requested: String) { self.init(rawValue: requested.lowercased()) }

    static func forSetting(_ units: UnitSystem) throws(DecodeFailure) -> BrightSkyUnits {
        switch units {
        case .metric: return .dwd
        case .standard: return .si
        case .imperial:
            throw DecodeFailure(.unknownFormat, "Bright Sky has no imperial units (units=dwd or si): the input's units setting 'imperial' cannot apply")
        }
    }

    func celsius(_ v: Double) -> Double { self == .si ? v - UnitFactor.kelvinOffset : v }
    func metresPerSecond(_ v: Double) -> Double { self == .si ? v : Convert.kmhToMs(v) }
    func hectopascals(_ v: Double) -> Double { self == .si ? Convert.paToHPa(v) : v }
}
