import WeatherJSON
import WeatherCore

/// The values wxpipe reads from an Ecowitt reply, where they sit (`outdoor.temperature`) and how
/// each is checked; and the reading of one value: a string (`"40.1"`) in the unit beside it.
enum EcowittReader {
    struct Value: Sendable {
        var group: String
        var key: String
        var quantity: EcowittUnit.Quantity
        var range: Plausibility.Range
        var target: WritableKeyPath<Observation, Double?> & Sendable
    }

    /// Outdoor values only: `indoor` is the console's room, never the weather.
    static let values: [Value] = [
        Value(group: "outdoor", key: "temperature", quantity: .temperature, range: Plausibility.tempC, target: \.tempC),
        Value(group: "outdoor", key: "feels_like", quantity: .temperature, range: Plausibility.feelsLikeC, target: \.feelsLikeC),
        Value(group: "outdoor", key: "dew_point", quantity: .temperature, range: Plausibility.dewPointC, target: \.dewPointC),
        Value(group: "outdoor", key: "humidity", quantity: .percent, range: Plausibility.humidityPct, target: \.humidityPct),
        Value(group: "wind", key: "wind_speed", quantity: .speed, range: Plausibility.windSpeedMs, target: \.windSpeedMs),
        Value(group: "wind", key: "wind_gust", quantity: .speed, range: Plausibility.windGustMs, target: \.windGustMs),
        Value(group: "wind", key: "wind_direction", quantity: .degrees, range: Plausibility.windDirDeg, target: \.windDirDeg),
        // Relative (sea-level) pressure; `absolute` is the station's own.
        Value(group: "pressure", key: "relative", quantity: .pressure, range: Plausibility.pressureHpa, target: \.pressureHpa),
        Value(group: "solar_and_uvi", key: "uvi", quantity: .index, range: Plausibility.uvIndex, target: \.uvIndex),
    ]

    /// The rain gauge's group: the tipping bucket (`rainfall`), else the piezo (`rainfall_piezo`, WS90/WS85).
    static func rainGroup(_ data: Field) -> Field? {
        data.optional("rainfall").flatMap { $0.value.kind == .object ? $0 : nil }
            ?? data.optional("rainfall_piezo").flatMap { $0.value.kind == .object ? $0 : nil }
    }

    /// One value written as a string (or a number) in `unit`: converted and checked; a value that
    /// is not a number or is implausible is set aside (`ValueQuarantine`) and missing. `""` and
    /// `"-"` (no sensor reading) are missing, and so is a value in a unit wxpipe does not convert
    /// (never a guess: `unitRemark` says so once per leaf, as for Open-Meteo's unit strings).
    static func read(_ f: Field, unit: String, quantity: EcowittUnit.Quantity, range: Plausibility.Range) throws(DecodeFailure) -> Double? {
        if let s = f.value.string, s.isEmpty || s == "-" || s == "--" { return nil }
        guard let convert = EcowittUnit.conversion(unit, for: quantity) else { return nil }
        do throws(DecodeFailure) {
            let raw: Double
            if let n = f.value.number { raw = n } else if let s = f.value.string, let n = Double(s), n.isFinite { raw = n } else { throw f.typeError("a number (or a numeric string)") }
            let v = convert(raw)
            try f.check(v, range, raw: raw, assumption: unit.isEmpty ? nil : "unit \(Sanitize.printable(String(unit.prefix(20))))")
            ValueQuarantine.notePassed(range, in: f.value.document)
            return v
        } catch {
            try ValueQuarantine.absorb(error, at: f, range: range)
            return nil
        }
    }

    /// The warning for a leaf whose unit wxpipe does not convert (Beaufort, feet per minute); nil otherwise.
    static func unitRemark(_ leaf: Field, unit: String, _ range: Plausibility.Range, quantity: EcowittUnit.Quantity) -> String? {
        guard EcowittUnit.conversion(unit, for: quantity) == nil else { return nil }
        return "\(leaf.path) left missing: its unit '\(Sanitize.printable(String(unit.prefix(20))))' is not a \(range.field) unit wxpipe converts"
    }

    /// A realtime leaf's own time (`"1643877861"`, Unix seconds as a string), checked.
    static func leafTime(_ leaf: Field) throws(DecodeFailure) -> Int64? {
        guard let t = leaf.optional("time") else { return nil }
        let seconds: Int64
        if let s = t.value.string {
            guard let n = Int64(s) else { throw t.typeError("Unix seconds (as a string)") }
            seconds = n
        } else {
            seconds = try t.integer()
        }
        try t.checkInstant(seconds)
        return seconds
    }
}
