import WeatherCore

/// The `unit` string Ecowitt writes beside every value, normalised: the glyphs vary by
/// firmware and request (`ºF` with U+00BA, `℃` U+2103, `℉` U+2109, `w/m^2`, `W/m²`), and the
/// unit is chosen per request (`temp_unitid`, `wind_speed_unitid`, …), so each value is
/// converted by its own unit, never by an assumed system.
/// https://doc.ecowitt.net/web/#/apiv3en?page_id=17
enum EcowittUnit {
    /// The unit reduced to lower-case ASCII without degree signs: `ºF` → `f`, `℃` → `c`, `in/hr` → `in/h`.
    static func normalised(_ text: String) -> String {
        var s = text.lowercased()
        for (glyph, plain) in [("℃", "c"), ("℉", "f"), ("º", ""), ("°", ""), ("˚", ""), ("²", "2"), ("^", ""), (" ", ""), ("/hr", "/h")] {
            s = s.replacingOccurrences(of: glyph, with: plain)
        }
        return s
    }

    /// The conversion of a quantity in `unit` to the canonical unit, or nil for a unit this
    /// quantity is never written in (or one wxpipe does not convert: Beaufort, feet per minute).
    static func conversion(_ unit: String, for quantity: Quantity) -> ((Double) -> Double)? {
        let u = normalised(unit)
        switch quantity {
        case .temperature:
            switch u { case "c": return { $0 }; case "f": return Convert.fahrenheitToCelsius; default: return nil }
        case .speed:
            switch u {
            case "m/s": return { $0 }
            case "km/h": return Convert.kmhToMs
            case "mph": return Convert.mphToMs
            case "knots", "knot", "kn", "kt": return Convert.knotsToMs
            default: return nil
            }
        case .pressure:
            switch u { case "hpa", "mb", "mbar": return { $0 }; case "inhg": return Convert.inHgToHPa; case "mmhg": return Convert.mmHgToHPa; default: return nil }
        case .rain:
            switch u { case "mm": return { $0 }; case "in": return Convert.inchesToMm; default: return nil }
        case .rainRate:
            switch u { case "mm/h": return { $0 }; case "in/h": return Convert.inchesToMm; default: return nil }
        case .percent:
            return u == "%" || u.isEmpty ? { $0 } : nil
        case .degrees, .index:
            return u.isEmpty || u == "deg" ? { $0 } : nil
        }
    }

    enum Quantity { case temperature, speed, pressure, rain, rainRate, percent, degrees, index }
}
