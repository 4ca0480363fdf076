import WeatherCore

extension Condition {
    /// Maps a WMO weather interpretation code (WW, as Open-Meteo sends it in `weather_code`;
    /// the table is in https://open-meteo.com/en/docs, "WMO Weather interpretation codes").
    static func fromWMO(code: Int) -> Condition {
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
