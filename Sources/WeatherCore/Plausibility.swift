/// Ranges outside which a canonical value cannot be a real weather reading.
///
/// A value outside them is a reject (`implausible_value`), never clamped or re-guessed:
/// 290 "°C" is almost always Kelvin read as metric, and the message says which units were assumed.
public enum Plausibility {
    /// Its names are static text, so that a range is plain bits: every value read passes one,
    /// and with `String` names each pass retained and released both (a twentieth of decoding
    /// a One Call reply).
    public struct Range: Sendable {
        private let fieldName: StaticString
        public let low: Double
        public let high: Double
        private let unitName: StaticString
        /// A small number of its own (0..<64) for each quantity, so that a decode can note
        /// "this quantity had a plausible value" as one bit (`ValueQuarantine`) instead of
        /// comparing or hashing `field` for every value read.
        public let bit: Int

        public init(field: StaticString, low: Double, high: Double, unit: StaticString, bit: Int) {
            precondition(bit >= 0 && bit < 64, "a plausibility range's bit is 0..<64")
            self.fieldName = field
            self.low = low
            self.high = high
            self.unitName = unit
            self.bit = bit
        }

        /// The quantity's name in messages: `temperature`, `cloud cover`.
        public var field: String { fieldName.description }
        /// The canonical unit: `°C`, `%`, or "" for a pure number.
        public var unit: String { unitName.description }
    }

    public static let tempC = Range(field: "temperature", low: -90, high: 60, unit: "°C", bit: 0)
    public static let feelsLikeC = Range(field: "feels-like temperature", low: -110, high: 80, unit: "°C", bit: 1)
    public static let dewPointC = Range(field: "dew point", low: -100, high: 40, unit: "°C", bit: 2)
    public static let humidityPct = Range(field: "humidity", low: 0, high: 100, unit: "%", bit: 3)
    public static let cloudCoverPct = Range(field: "cloud cover", low: 0, high: 100, unit: "%", bit: 4)
    public static let pressureHpa = Range(field: "pressure", low: 300, high: 1100, unit: "hPa", bit: 5)
    public static let windSpeedMs = Range(field: "wind speed", low: 0, high: 120, unit: "m/s", bit: 6)
    public static let windGustMs = Range(field: "wind gust", low: 0, high: 150, unit: "m/s", bit: 7)
    public static let windDirDeg = Range(field: "wind direction", low: 0, high: 360, unit: "°", bit: 8)
    public static let visibilityM = Range(field: "visibility", low: 0, high: 1_000_000, unit: "m", bit: 9)
    public static let precipMm = Range(field: "precipitation", low: 0, high: 2000, unit: "mm", bit: 10)
    public static let uvIndex = Range(field: "UV index", low: 0, high: 30, unit: "", bit: 11)
    public static let precipRateMmh = Range(field: "precipitation rate", low: 0, high: 500, unit: "mm/h", bit: 12)
    public static let precipProbPct = Range(field: "precipitation probability", low: 0, high: 100, unit: "%", bit: 13)
    public static let snowfallCm = Range(field: "snowfall", low: 0, high: 1000, unit: "cm", bit: 14)
    public static let latitude = Range(field: "latitude", low: -90, high: 90, unit: "°", bit: 15)
    public static let longitude = Range(field: "longitude", low: -180, high: 180, unit: "°", bit: 16)
    /// From the Dead Sea shore (−430 m) to above the highest summits.
    public static let elevationM = Range(field: "elevation", low: -500, high: 9000, unit: "m", bit: 17)

    /// Every range above (a test checks that their bits differ, 63 being Open-Meteo's weather code).
    public static let all = [tempC, feelsLikeC, dewPointC, humidityPct, cloudCoverPct, pressureHpa, windSpeedMs, windGustMs,
                             windDirDeg, visibilityM, precipMm, uvIndex, precipRateMmh, precipProbPct, snowfallCm, latitude, longitude,
                             elevationM]

    public static func contains(_ range: Range, _ value: Double) -> Bool {
        value >= range.low && value <= range.high
    }
}
