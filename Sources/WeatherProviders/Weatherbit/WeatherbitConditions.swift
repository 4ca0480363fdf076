import WeatherCore

extension Condition {
    /// Maps a Weatherbit `weather.code` (https://www.weatherbit.io/api/codes): 2xx thunder,
    /// 3xx drizzle, 5xx rain (511 freezing rain), 6xx snow (610 snow and rain, 611–612 sleet),
    /// 7xx fog, mist, haze, smoke and dust, 800 clear, 801–802 partly cloudy, 803–804 cloudy,
    /// 900 unknown precipitation.
    static func fromWeatherbit(code: Int) -> Condition {
        switch code {
        case 200..<300: return .thunderstorm
        case 300..<400: return .drizzle
        case 511: return .sleet
        case 500..<600: return .rain
        case 610, 611, 612: return .sleet
        case 600..<700: return .snow
        case 700, 741, 751: return .fog
        case 711, 721, 731: return .haze
        case 800: return .clear
        case 801, 802: return .partlyCloudy
        case 803, 804: return .cloudy
        default: return .other
        }
    }
}
