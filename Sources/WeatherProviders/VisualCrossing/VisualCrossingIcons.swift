import WeatherCore

extension Condition {
    /// Maps a Visual Crossing `icon` (the `icons2` set, with the `icons1` names it extends:
    /// https://www.visualcrossing.com/resources/documentation/weather-api/defining-icon-set-in-the-weather-api/).
    /// `conditions` is text in the request's `lang` and is kept only as text.
    static func fromVisualCrossing(icon: String) -> Condition {
        switch icon {
        case "clear-day", "clear-night": return .clear
        case "partly-cloudy-day", "partly-cloudy-night": return .partlyCloudy
        case "cloudy": return .cloudy
        case "fog": return .fog
        case "wind": return .wind
        case "rain", "showers-day", "showers-night": return .rain
        case "snow", "snow-showers-day", "snow-showers-night": return .snow
        case "sleet", "hail", "rain-snow", "rain-snow-showers-day", "rain-snow-showers-night": return .sleet
        case "thunder", "thunder-rain", "thunder-showers-day", "thunder-showers-night": return .thunderstorm
        default: return .other
        }
    }
}
