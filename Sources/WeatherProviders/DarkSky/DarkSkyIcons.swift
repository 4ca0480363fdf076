import WeatherCore

extension Condition {
    /// Maps a Dark Sky / Pirate Weather `icon` (https://pirateweather.net/en/latest/API/#icon).
    /// Day and night variants are one condition; unknown icons (the API may add some) are `other`.
    static func fromDarkSky(icon: String) -> Condition {
        switch icon {
        case "clear-day", "clear-night": return .clear
        case "partly-cloudy-day", "partly-cloudy-night": return .partlyCloudy
        case "cloudy": return .cloudy
        case "fog": return .fog
        case "rain": return .rain
        case "snow": return .snow
        case "sleet", "hail": return .sleet
        case "wind": return .wind
        case "thunderstorm", "tornado": return .thunderstorm
        default: return .other
        }
    }
}
