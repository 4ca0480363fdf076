import WeatherCore

extension Condition {
    /// Maps a MET Norway `symbol_code` (https://api.met.no/weatherapi/weathericon/2.0/documentation):
    /// `_day`, `_night` and `_polartwilight` variants are one condition; "fair" (a few clouds) is
    /// partly cloudy; showers are their precipitation; anything with thunder is a thunderstorm.
    /// Unknown codes are `other`.
    static func fromMETNorway(symbol: String) -> Condition {
        let base = symbol.split(separator: "_").first.map(String.init) ?? symbol
        switch base {
        case "clearsky": return .clear
        case "fair", "partlycloudy": return .partlyCloudy
        case "cloudy": return .cloudy
        case "fog": return .fog
        default: break
        }
        if base.contains("thunder") { return .thunderstorm }
        if base.contains("sleet") { return .sleet }
        if base.contains("snow") { return .snow }
        if base.contains("rain") { return .rain }
        return .other
    }
}
