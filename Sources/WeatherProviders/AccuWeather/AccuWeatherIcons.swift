import WeatherCore

extension Condition {
    /// Maps an AccuWeather `WeatherIcon` / `Icon` number (1–44,
    /// https://developer.accuweather.com/weather-icons): 1 and 33 clear, 2–4 and 34–36 sun or
    /// moon with clouds, 5 and 37 haze, 6–8 and 38 cloudy, 11 fog, 12–14, 18, 39 and 40 showers
    /// and rain, 15–17, 41 and 42 thunderstorms, 19–23, 43 and 44 flurries and snow, 24–26 and 29
    /// ice, sleet, freezing rain and rain with snow, 32 windy; 30 hot and 31 cold say nothing of
    /// the sky.
    static func fromAccuWeather(icon: Int) -> Condition {
        switch icon {
        case 1, 33: return .clear
        case 2, 3, 4, 34, 35, 36: return .partlyCloudy
        case 5, 37: return .haze
        case 6, 7, 8, 38: return .cloudy
        case 11: return .fog
        case 12, 13, 14, 18, 39, 40: return .rain
        case 15, 16, 17, 41, 42: return .thunderstorm
        case 19, 20, 21, 22, 23, 43, 44: return .snow
        case 24, 25, 26, 29: return .sleet
        case 32: return .wind
        default: return .other
        }
    }
}
