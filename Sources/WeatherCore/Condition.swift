/// The shared weather-condition vocabulary across providers (PROVIDERS.md, Conditions).
///
/// The raw provider code is always kept beside it, so a mapping can be revised later.
public enum Condition: String, Sendable, CaseIterable {
    case clear, partlyCloudy = "partly-cloudy", cloudy, fog, drizzle, rain, snow, sleet
    case thunderstorm, wind, haze, other

    /// Maps an OpenWeatherMap condition id (https://openweathermap.org/weather-conditions).
    public static func fromOpenWeatherMap(id: Int) -> Condition {
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

extension Condition {
    /// Maps a Dark Sky / Pirate Weather `icon` (https://pirateweather.net/en/latest/API/#icon).
    public static func fromDarkSky(icon: String) -> Condition {
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

    /// Maps an Apple WeatherKit `conditionCode`
    /// (https://developer.apple.com/documentation/weatherkitrestapi/conditioncode).
    public static func fromWeatherKit(code: String) -> Condition {
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

    /// Maps a WMO weather interpretation code (WW, as Open-Meteo sends it).
    public static func fromWMO(code: Int) -> Condition {
        switch code {
        case 0, 1: return .clear
        case 2: return .partlyCloudy
        case 3: return .cloudy
        case 45, 48: return .fog
        case 51, 53, 55: return .drizzle
        case 56, 57, 66, 67: return .sleet
        case 61, 63, 65, 80, 81, 82: return .rain
        case 71, 73, 75, 77, 85, 86: return .snow
        case 95, 96, 99: return .thunderstorm
        default: return .other
        }
    }
}
