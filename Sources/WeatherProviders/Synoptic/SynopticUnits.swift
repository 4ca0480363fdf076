import WeatherCore

/// Synoptic's unit names (`UNITS`), per kind of variable, converted to canonical units.
enum SynopticUnits {
    enum Kind { case temperature, percent, speed, degrees, pressure, distance, precipitation }

    /// The conversion for `unit` (nil when it is not a unit known here). Without `UNITS` the
    /// API's metric defaults are assumed.
    static func converter(_ kind: Kind, unit: String?) -> ((Double) -> Double)? {
        let u = unit?.lowercased()
        switch kind {
        case .temperature:
            switch u { case nil, "celsius"?: return { $0 }; case "fahrenheit"?: return Convert.fahrenheitToCelsius; default: return nil }
        case .percent: return u == nil || u == "%" ? { $0 } : nil
        case .degrees: return u == nil || u == "degrees" ? { $0 } : nil
        case .speed:
            switch u {
            case nil, "m/s"?: return { $0 }
            case "knots"?: return Convert.knotsToMs
            case "mph"?: return Convert.mphToMs
            case "km/h"?: return Convert.kmhToMs
            default: return nil
            }
        case .pressure:
            switch u { case nil, "pascals"?: return Convert.paToHPa; case "millibars"?, "hpa"?: return { $0 }; case "inhg"?, "inches"?: return Convert.inHgToHPa; default: return nil }
        case .distance:
            switch u { case nil, "statute miles"?: return Convert.milesToMetres; case "kilometers"?: return Convert.kmToMetres; case "meters"?: return { $0 }; default: return nil }
        case .precipitation:
            switch u { case nil, "millimeters"?: return { $0 }; case "inches"?: return Convert.inchesToMm; default: return nil }
        }
    }
}
