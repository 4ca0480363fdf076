import WeatherCore

extension Condition {
    /// Maps an Apple WeatherKit `conditionCode`
    /// (https://developer.apple.com/documentation/weatherkitrestapi/conditioncode).
    static func fromWeatherKit(code: String) -> Condition {
        switch code {
        case "Clear", "MostlyClear", "Hot", "Frigid": return .clear
        case "PartlyCloudy": return .partlyCloudy
        case "MostlyCloudy", "Cloudy": return .cloudy
        case "Foggy": return .fog
        case "Haze", "Smoky", "BlowingDust": return .haze
        case "Breezy", "Windy", "Hurricane", "TropicalStorm": return .wind
        case "Drizzle", "FreezingDrizzle": return .drizzle
        case "Rain", "HeavyRain", "Showers", "SunShowers", "ScatteredShowers": return .rain
        case "Flurries", "SunFlurries", "Snow", "HeavySnow", "BlowingSnow", "Blizzard", "ScatteredSnowShowers": return .snow
        case "Sleet", "FreezingRain", "WintryMix", "Hail": return .sleet
        case "Thunderstorms", "IsolatedThunderstorms", "ScatteredThunderstorms", "StrongStorms": return .thunderstorm
        default: return .other
        }
    }
}
