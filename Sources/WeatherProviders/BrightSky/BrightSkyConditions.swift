import WeatherCore

extension Condition {
    /// Maps Bright Sky's `condition` (dry, fog, rain, sleet, snow, hail, thunderstorm) and, when
    /// it is `dry` or null, its derived `icon` (clear-day/-night, partly-cloudy-day/-night,
    /// cloudy, fog, wind, …) — https://brightsky.dev/docs. Hail, frozen pellets, counts as sleet.
    static func fromBrightSky(condition: String?, icon: String?) -> Condition? {
        switch condition {
        case "fog"?: return .fog
        case "rain"?: return .rain
        case "sleet"?, "hail"?: return .sleet
        case "snow"?: return .snow
        case "thunderstorm"?: return .thunderstorm
        default: break
        }
        switch icon {
        case "clear-day"?, "clear-night"?: return .clear
        case "partly-cloudy-day"?, "partly-cloudy-night"?: return .partlyCloudy
        case "cloudy"?: return .cloudy
        case "fog"?: return .fog
        case "wind"?: return .wind
        case "rain"?: return .rain
        case "sleet"?, "hail"?: return .sleet
        case "snow"?: return .snow
        case "thunderstorm"?: return .thunderstorm
        case nil: return nil
        default: return .other
        }
    }
}
