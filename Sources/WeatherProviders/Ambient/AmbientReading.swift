import WeatherJSON
import WeatherCore

/// One Ambient Weather reading (a device's `lastData`, or a record of `/v1/devices/{mac}`): flat
/// keys whose names carry their units, always imperial (°F, mph, inHg, in).
/// https://github.com/ambient-weather/api-docs/wiki/Device-Data-Specs
struct AmbientReading {
    var observation: Observation
    /// The rain counters of the reading, in mm (`dailyrainin`, `eventrainin`, `totalrainin`).
    var countersMm: [String: Double]

    /// The counters a history is differenced by, in order of preference: `dailyrainin` is what
    /// every outdoor console sends; the others stand in when it is missing.
    static let counterKeys = ["dailyrainin", "eventrainin", "totalrainin"]

    /// `dateutc` in Unix milliseconds (checked: a value in seconds would read as January 1970).
    static func instant(_ f: Field) throws(DecodeFailure) -> Int64 {
        let field = try f.required("dateutc")
        let ms = try field.integer()
        guard ms >= 100_000_000_000 else {
            throw DecodeFailure(.wrongType, "field '\(field.path)' = \(ms) is not Unix milliseconds (Ambient's dateutc); seconds would be \(UTCTime.iso8601(ms))",
                                fieldPath: field.path)
        }
        let t = ms / 1000
        try field.checkInstant(t)
        return t
    }

    static func read(_ f: Field, latitude: Double, longitude: Double) throws(DecodeFailure) -> AmbientReading {
        let t = try instant(f)
        var o = Observation(provider: AmbientDecoder.provider, product: AmbientDecoder.product, observedAt: t,
                            latitude: latitude, longitude: longitude)
        let imperial = "Ambient's fixed imperial units"
        o.tempC = try f.quantity("tempf", Convert.fahrenheitToCelsius, Plausibility.tempC, assumption: imperial)
        o.dewPointC = try f.quantity("dewPoint", Convert.fahrenheitToCelsius, Plausibility.dewPointC, assumption: imperial)
        o.feelsLikeC = try f.quantity("feelsLike", Convert.fahrenheitToCelsius, Plausibility.feelsLikeC, assumption: imperial)
        o.humidityPct = try f.quantity("humidity", { $0 }, Plausibility.humidityPct)
        o.windSpeedMs = try f.quantity("windspeedmph", Convert.mphToMs, Plausibility.windSpeedMs, assumption: imperial)
        o.windGustMs = try f.quantity("windgustmph", Convert.mphToMs, Plausibility.windGustMs, assumption: imperial)
        o.windDirDeg = try f.quantity("winddir", { $0 }, Plausibility.windDirDeg)
        // Relative (sea-level) pressure, comparable with other providers; `baromabsin` is the station's own.
        o.pressureHpa = try f.quantity("baromrelin", Convert.inHgToHPa, Plausibility.pressureHpa, assumption: imperial)
        o.uvIndex = try f.quantity("uv", { $0 }, Plausibility.uvIndex)
        o.precipRateMmh = try f.quantity("hourlyrainin", Convert.inchesToMm, Plausibility.precipRateMmh, assumption: imperial)
        o.timeZone = AmbientReading.zone(try f.optionalString("tz"))
        o.unitsAssumed = "imperial"
        o.unitsSource = .default
        var counters: [String: Double] = [:]
        for key in counterKeys {
            if let mm = try f.quantity(key, Convert.inchesToMm, Plausibility.precipMm, assumption: imperial) { counters[key] = mm }
        }
        return AmbientReading(observation: o, countersMm: counters)
    }

    /// `tz` as an IANA zone: Ambient's realtime payloads write `America/New York` with a space.
    static func zone(_ text: String?) -> String? {
        DayWindow.usableZone(text?.replacingOccurrences(of: " ", with: "_"))
    }
}
