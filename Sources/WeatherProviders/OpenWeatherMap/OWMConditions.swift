import WeatherCore

extension Condition {
    /// Maps an OpenWeatherMap condition id (https://openweathermap.org/weather-conditions):
    /// the hundreds give the group (2xx thunderstorm … 8xx clouds), 7xx are atmosphere kinds.
    static func fromOpenWeatherMap(id: Int) -> Condition {
        switch id {
        case 200...299: return .thunderstorm
        case 300...399: return .drizzle
        case 511, 611...616: return .sleet
        case 500...599: return .rain
        case 600...699: return .snow
        case 701, 741: return .fog
        case 711, 721, 731, 751, 761, 762: return .haze
        case 771, 781: return .wind
        case 800: return .clear
        case 801, 802: return .partlyCloudy
        case 803, 804: return .cloudy
        default: return .other
        }
    }
}
