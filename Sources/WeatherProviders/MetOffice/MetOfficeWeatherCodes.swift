import WeatherCore

extension Condition {
    /// Maps a Met Office significant weather code (`significantWeatherCode`,
    /// `day`/`nightSignificantWeatherCode`): -1 trace rain, 0–1 clear, 2–3 partly cloudy,
    /// 5 mist, 6 fog, 7 cloudy, 8 overcast, 9–15 rain (11 drizzle), 16–21 sleet and hail,
    /// 22–27 snow, 28–30 thunder; night and day variants share a class.
    /// https://www.metoffice.gov.uk/services/data/datapoint/code-definitions
    static func fromMetOffice(code: Int) -> Condition {
        switch code {
        case -1, 11: return .drizzle
        case 0, 1: return .clear
        case 2, 3: return .partlyCloudy
        case 5, 6: return .fog
        case 7, 8: return .cloudy
        case 9, 10, 12, 13, 14, 15: return .rain
        case 16...21: return .sleet
        case 22...27: return .snow
        case 28, 29, 30: return .thunderstorm
        default: return .other
        }
    }
}
