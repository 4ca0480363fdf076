import WeatherCore

/// The unit block a Weather Underground PWS reply holds its values in: its *name* says the
/// system the request asked for (`units=e|m|h|s`), so the units are the reply's own, never assumed.
/// `imperial` °F, mph, inHg, in; `metric` °C, km/h, hPa, mm; `metric_si` as metric with m/s;
/// `uk_hybrid` °C, mph, hPa, mm.
/// https://www.wunderground.com/member/api-keys (PWS Observations – Current Conditions v2)
enum WUPWSUnits: String, CaseIterable {
    case metric, imperial, metricSI = "metric_si", ukHybrid = "uk_hybrid"

    func celsius(_ v: Double) -> Double { self == .imperial ? Convert.fahrenheitToCelsius(v) : v }

    func metresPerSecond(_ v: Double) -> Double {
        switch self {
        case .metric: return Convert.kmhToMs(v)
        case .metricSI: return v
        case .imperial, .ukHybrid: return Convert.mphToMs(v)
        }
    }

    func hectopascals(_ v: Double) -> Double { self == .imperial ? Convert.inHgToHPa(v) : v }
    /// `precipTotal` (and `precipRate` per hour): in → mm.
    func millimetres(_ v: Double) -> Double { self == .imperial ? Convert.inchesToMm(v) : v }
}
