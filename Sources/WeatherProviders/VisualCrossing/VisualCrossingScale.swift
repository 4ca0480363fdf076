import Foundation
import WeatherCore

/// What a Visual Crossing reply says of its own temperature scale. The unit group is not echoed,
/// but every hour carries `temp`, `dew` and `humidity`, and Visual Crossing derives the humidity
/// from the other two: read in the right scale they give the stated humidity to a few hundredths
/// of a percent, read in the wrong one they miss it by several percent (a metric reply read as
/// °F: 10.9 % over the Wrocław hours, 0.03 % as °C). So a wrong assumption shows, though every
/// metric temperature is also a plausible Fahrenheit one.
enum VisualCrossingScale: String, CaseIterable {
    case fahrenheit = "°F", celsius = "°C", kelvin = "K"

    init(_ units: VisualCrossingUnits) {
        switch units {
        case .us: self = .fahrenheit
        case .metric, .uk: self = .celsius
        case .base: self = .kelvin
        }
    }

    func celsius(_ v: Double) -> Double {
        switch self {
        case .fahrenheit: return Convert.fahrenheitToCelsius(v)
        case .celsius: return v
        case .kelvin: return v - UnitFactor.kelvinOffset
        }
    }

    /// The unit group to name in advice for a reply found in this scale.
    var unitGroup: String {
        switch self {
        case .fahrenheit: return "us"
        case .celsius: return "metric"
        case .kelvin: return "base"
        }
    }

    /// One row's raw `temp`, `dew` and `humidity`, when all three are numbers and the air is not
    /// near saturation (within 3 units humidity hardly depends on the scale).
    static func sample(_ row: Field) -> (temp: Double, dew: Double, humidity: Double)? {
        guard let t = row.value["temp"]?.number, let d = row.value["dew"]?.number, let h = row.value["humidity"]?.number,
              abs(t - d) >= 3, h > 0, h <= 100 else { return nil }
        return (t, d, h)
    }

    /// Median distance (percentage points) between the stated humidity and the one the rows'
    /// temperature and dew point give in this scale (Magnus formula over water, Alduchov and
    /// Eskridge 1996 coefficients); nil without rows.
    func misfit(_ rows: [(temp: Double, dew: Double, humidity: Double)]) -> Double? {
        guard !rows.isEmpty else { return nil }
        func vapour(_ c: Double) -> Double { 6.112 * exp(17.62 * c / (243.12 + c)) }
        let errors = rows.map { r -> Double in
            let t = celsius(r.temp), d = celsius(r.dew)
            guard t > -90, t < 70, d > -100, d < 50 else { return 100 }
            return abs(100 * vapour(d) / vapour(t) - r.humidity)
        }.sorted()
        return errors[errors.count / 2]
    }

    /// The scale the rows are in when it is not `assumed`: the assumed scale misses the humidity
    /// by more than 4 points and another fits it within 1.5. nil when the assumption stands or the
    /// rows cannot tell.
    static func contradiction(of assumed: VisualCrossingScale, _ rows: [(temp: Double, dew: Double, humidity: Double)])
        -> (found: VisualCrossingScale, assumedMisfit: Double, foundMisfit: Double)? {
        guard let miss = assumed.misfit(rows), miss > 4 else { return nil }
        let best = allCases.filter { $0 != assumed }.compactMap { s in s.misfit(rows).map { (s, $0) } }.min { $0.1 < $1.1 }
        guard let (scale, fit) = best, fit < 1.5 else { return nil }
        return (scale, miss, fit)
    }
}
