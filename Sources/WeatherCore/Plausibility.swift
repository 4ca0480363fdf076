/// Ranges outside which a canonical value cannot be a real weather reading.
///
/// A value outside them is a reject (`implausible_value`), never clamped or re-guessed:
/// 290 "°C" is almost always Kelvin read as metric, and the message says which units were assumed.
public enum Plausibility {
    public struct Range: Sendable {
        public let field: String
        public let low: Double
        public let high: Double
        public let unit: String

        public init(field: String, low: Double, high: Double, unit: String) {
            self.field = field
            self.low = low
            self.high = high
            self.unit = unit
        }
    }

    public static let tempC = Range(field: "temperature", low: -90, high: 60, unit: "°C")
    public static let feelsLikeC = Range(field: "feels-like temperature", low: -110, high: 80, unit: "°C")
    public static let dewPointC = Range(field: "dew point", low: -100, high: 40, unit: "°C")
    public static let humidityPct = Range(field: "humidity", low: 0, high: 100, unit: "%")
    public static let cloudCoverPct = Range(field: "cloud cover", low: 0, high: 100, unit: "%")
    public static let pressureHpa = Range(field: "pressure", low: 300, high: 1100, unit: "hPa")
    public static let windSpeedMs = Range(field: "wind speed", low: 0, high: 120, unit: "m/s")
    public static let windGustMs = Range(field: "wind gust", low: 0, high: 150, unit: "m/s")
    public static let windDirDeg = Range(field: "wind direction", low: 0, high: 360, unit: "°")
    public static let visibilityM = Range(field: "visibility", low: 0, high: 1_000_000, unit: "m")
    public static let precipMm = Range(field: "precipitation", low: 0, high: 2000, unit: "mm")
    public static let uvIndex = Range(field: "UV index", low: 0, high: 30, unit: "")
    public static let precipRateMmh = Range(field: "precipitation rate", low: 0, high: 500, unit: "mm/h")
    public static let precipProbPct = Range(field: "precipitation probability", low: 0, high: 100, unit: "%")
    public static let snowfallCm = Range(field: "snowfall", low: 0, high: 1000, unit: "cm")
    public static let latitude = Range(field: "latitude", low: -90, high: 90, unit: "°")
    public static let longitude = Range(field: "longitude", low: -180, high: 180, unit: "°")

    public static func contains(_ range: Range, _ value: Double) -> Bool {
        value >= range.low && value <= range.high
    }
}
