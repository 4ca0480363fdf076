import WeatherCore

extension Condition {
    /// Maps a WeatherAPI.com `condition.code` (https://www.weatherapi.com/docs/weather_conditions.json):
    /// day and night share one code; freezing drizzle is drizzle, freezing rain is rain, ice pellets
    /// and sleet are sleet. Unknown codes (the list may grow) are `other`.
    static func fromWeatherAPI(code: Int) -> Condition {
        switch code {
        case 1000: return .clear
        case 1003: return .partlyCloudy
        case 1006, 1009: return .cloudy
        case 1030, 1135, 1147: return .fog
        case 1072, 1150, 1153, 1168, 1171: return .drizzle
        case 1063, 1180...1201, 1240...1246: return .rain
        case 1069, 1204...1209, 1237, 1249, 1252, 1261, 1264: return .sleet
        case 1066, 1114, 1117, 1210...1225, 1255, 1258: return .snow
        case 1087, 1273...1282: return .thunderstorm
        default: return .other
        }
    }
}
