import WeatherCore

/// Meteostat's two unit systems, converted to canonical units.
struct MeteostatUnits {
    var imperial: Bool

    func celsius(_ v: Double) -> Double { imperial ? Convert.fahrenheitToCelsius(v) : v }
    func millimetres(_ v: Double) -> Double { imperial ? Convert.inchesToMm(v) : v }
    func metresPerSecond(_ v: Double) -> Double { imperial ? Convert.mphToMs(v) : Convert.kmhToMs(v) }
}
