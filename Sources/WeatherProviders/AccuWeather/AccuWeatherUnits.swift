import WeatherCore

/// AccuWeather quantities are self-describing `{"Value": 9.2, "Unit": "mm", "UnitType": 3}`
/// (https://developer.accuweather.com/documentation/data-display-formats, "Unit types"): each
/// value is converted by its own `Unit`, so a reply asked with `metric=false` (the forecasts'
/// default) and one with `metric=true` decode alike. Current Conditions send every quantity
/// twice, under `Metric` and `Imperial`: the `Metric` one is read.
enum AccuWeatherUnits {
    /// What a quantity measures, which decides the units it may come in.
    enum Kind: String {
        case temperature, speed, distance, liquid, snow, pressure
    }

    /// `value` in `unit` as the canonical unit of `kind`; nil for a unit this kind does not take.
    static func canonical(_ value: Double, unit: String, kind: Kind) -> Double? {
        switch (kind, unit) {
        case (.temperature, "C"): return value
        case (.temperature, "F"): return Convert.fahrenheitToCelsius(value)
        case (.speed, "km/h"): return Convert.kmhToMs(value)
        case (.speed, "mi/h"): return Convert.mphToMs(value)
        case (.speed, "m/s"): return value
        case (.speed, "kt"): return Convert.knotsToMs(value)
        case (.distance, "km"): return Convert.kmToMetres(value)
        case (.distance, "mi"): return Convert.milesToMetres(value)
        case (.distance, "m"): return value
        case (.distance, "ft"): return Convert.feetToMetres(value)
        case (.liquid, "mm"): return value
        case (.liquid, "in"): return Convert.inchesToMm(value)
        case (.liquid, "cm"): return value * UnitFactor.mmPerCm
        case (.snow, "cm"): return value
        case (.snow, "in"): return Convert.inchesToCm(value)
        case (.snow, "mm"): return Convert.mmToCm(value)
        case (.pressure, "mb"), (.pressure, "hPa"): return value
        case (.pressure, "inHg"): return Convert.inHgToHPa(value)
        default: return nil
        }
    }

    /// "metric" or "imperial", by the temperature's unit: what `units_assumed` records (the
    /// values themselves were converted by their own units).
    static func system(temperatureUnit: String?) -> String? {
        switch temperatureUnit {
        case "C"?: return "metric"
        case "F"?: return "imperial"
        default: return nil
        }
    }
}

extension Field {
    /// An AccuWeather `{Value, Unit}` member (under `Metric` in Current Conditions), converted
    /// by its unit and checked; nil when absent. An unknown unit is the reply's fault, named
    /// at its field.
    func accuWeather(_ key: String, _ kind: AccuWeatherUnits.Kind, _ range: Plausibility.Range) throws(DecodeFailure) -> Double? {
        guard var f = try optional(key)?.object() else { return nil }
        if let metric = try f.optional("Metric")?.object() { f = metric }
        guard let valueField = f.optional("Value") else { return nil }
        let unitField = try f.required("Unit")
        let unit = try unitField.string()
        guard AccuWeatherUnits.canonical(0, unit: unit, kind: kind) != nil else {
            throw DecodeFailure(.wrongType, "field '\(unitField.path)' = \"\(Sanitize.printable(String(unit.prefix(20))))\" is not a unit of \(kind.rawValue) AccuWeather uses",
                                fieldPath: unitField.path)
        }
        return try valueField.quantityValue({ AccuWeatherUnits.canonical($0, unit: unit, kind: kind) ?? $0 }, range,
                                            assumption: "converted from \(unit)")
    }

    /// The `Unit` of a `{Value, Unit}` member (under `Metric` when paired).
    func accuWeatherUnit(_ key: String) -> String? {
        guard let v = value[key] else { return nil }
        return (v["Metric"] ?? v)["Unit"]?.string
    }
}
